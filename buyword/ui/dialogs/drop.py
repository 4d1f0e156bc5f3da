"""The tile limit: a player over the limit picks which letter tiles to drop."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from buyword.engine import TileSet
from buyword.engine.wording import is_you, plural
from buyword.ui.text import literal, markup
from buyword.ui.widgets.rack import Rack

#: What the dialog answers when its person leaves the puzzle it belongs to instead of
#: dropping (a drop names at least one tile).
LEAVE = ""


class DropScreen(ModalScreen[str]):
    """Toggle tiles by letter key or click; Enter drops them. Dismisses with the letters."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("enter", "confirm", "Drop them"),
        Binding("backspace", "clear", "Clear"),
        # At a puzzle, which this dialog covers: leave it unanswered, as at the table.
        Binding("ctrl+l", "leave", "Leave puzzle"),
        Binding("escape", "leave", "Leave puzzle", show=False),
    ]

    def __init__(self, name: str, hand: str, need: int, tiles: TileSet, limit: int, *,
                 addressed: bool = False, puzzle: bool = False) -> None:
        """`name` holds `hand` and must drop `need` tiles to come down to `limit`;
        `addressed`: the table speaks to them as "you" (a private table); `puzzle`: the
        drop is a puzzle's question, which Ctrl+L or Esc leaves (answering `LEAVE`)."""
        super().__init__()
        self.puzzle = puzzle
        self.player = name
        self.addressed = addressed
        self.hand = hand
        self.need = need
        self.tileset = tiles
        self.limit = limit
        self.chosen: set[int] = set()
        #: What to say instead of the instructions, from whoever opens the dialog (a lesson's
        #: text), if anything.
        self.note = ""
        #: A letter just pressed that the hand does not hold (said under the hand).
        self.unheld = ""

    def compose(self) -> ComposeResult:
        """The hand, the instructions and the count still to drop."""
        with Vertical(classes="dialog", id="drop"):
            yield Static("Tile limit", classes="dialog-title")
            if self.note:  # in the instructions' place: the dialog stays as small
                yield Static(literal(self.note), classes="dialog-body", id="drop-note")
            else:
                yield Static(
                    markup(f"{self._holder()} {plural(len(self.hand), 'letter tile')}; the "
                           f"limit is {self.limit}. Choose {plural(self.need, 'tile')} to "
                           "drop: press their letters or click them.", name=self.player),
                    classes="dialog-body",
                )
            yield Rack(self.tileset, id="drop-rack")
            yield Static(id="drop-count", classes="dialog-note")
        yield Footer()

    def _holder(self) -> str:
        """ "You hold", "[b]Ann[/b], you hold" (spoken to) or "[b]Ann[/b] holds"."""
        if is_you(self.player):
            return "You hold"
        if self.addressed:
            return "[b]$name[/b], you hold"
        return "[b]$name[/b] holds"

    def on_mount(self) -> None:
        """Show the hand with nothing chosen yet."""
        self.query_one(Rack).tiles = self.hand
        self._show()

    def _show(self) -> None:
        self.query_one(Rack).marked = frozenset(self.chosen)
        left = self.need - len(self.chosen)
        dropping = "".join(self.hand[i] for i in sorted(self.chosen)) or "nothing yet"
        if self.unheld:
            status = (f"There is no [b]{self.unheld}[/b] in the hand: press the letter of a "
                      f"tile it holds (chosen: {dropping})")
        elif left > 0:
            status = f"Still to drop: [b]{left}[/b]   (chosen: {dropping})"
        elif left == 0:
            status = f"Dropping [b]{dropping}[/b] — press [b]Enter[/b]"
        else:
            status = f"That is {-left} too many: un-choose some (chosen: {dropping})"
        self.query_one("#drop-count", Static).update(status)
        self.refresh_bindings()

    def toggle(self, index: int) -> None:
        """Choose or un-choose the tile at `index`."""
        self.unheld = ""
        self.chosen ^= {index}
        self._show()

    @on(Rack.TileToggled)
    def _clicked(self, message: Rack.TileToggled) -> None:
        self.toggle(message.index)

    def on_key(self, event: Key) -> None:
        """A letter key chooses the next tile of that letter, or un-chooses them all."""
        letter = (event.character or "").upper()
        if len(letter) != 1 or not letter.isalpha():
            return
        event.stop()
        spots = [i for i, held in enumerate(self.hand) if held == letter]
        self.unheld = "" if spots else letter  # said, rather than nothing happening
        free = [i for i in spots if i not in self.chosen]
        if free:
            self.chosen.add(free[0])
        else:
            self.chosen -= set(spots)
        self._show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is greyed out until exactly the right number is chosen."""
        if action == "confirm":
            return len(self.chosen) == self.need or None
        if action == "leave":
            return self.puzzle
        return True

    def action_confirm(self) -> None:
        """Drop the chosen tiles (the engine checks them)."""
        if len(self.chosen) == self.need:
            self.dismiss("".join(self.hand[i] for i in sorted(self.chosen)))

    def action_leave(self) -> None:
        """Leave the puzzle unanswered (the table screen goes back to the puzzles' menu)."""
        self.dismiss(LEAVE)

    def action_clear(self) -> None:
        """Start the choice again."""
        self.chosen.clear()
        self._show()
