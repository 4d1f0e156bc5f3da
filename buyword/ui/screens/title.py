"""The title screen: continue, start a solo, daily or table game, learn to play, how to play,
settings, quit."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from buyword.engine import BuyWordError, TileSet, default_tiles
from buyword.store import Slot
from buyword.store.store import CURRENT
from buyword.ui import saving
from buyword.ui.marks import pip_marks
from buyword.ui.tabletop import tabletop_of
from buyword.ui.text import literal
from buyword.ui.widgets.footer import Footer

if TYPE_CHECKING:
    from buyword.ui.tabletop import Tabletop

#: The menu: option id, label.
MENU: tuple[tuple[str, str], ...] = (
    ("solo", "New solo game"),
    ("table", "New table game (2–4 players)"),
    ("learn", "Learn to play"),
    ("puzzles", "Puzzles"),
    ("stats", "Solo stats"),
    ("help", "How to play"),
    ("settings", "Settings"),
    ("quit", "Quit"),
)


#: The key of each menu entry that has one (as the screen's bindings), shown beside it.
MENU_KEYS = {"continue": "c", "solo": "s", "daily": "d", "table": "t", "stats": "r",
             "learn": "l", "puzzles": "p", "help": "h", "settings": "o", "quit": "q"}
#: Where a menu entry's key shows: the cell after the longest label that fits beside it.
KEY_COLUMN = 31
#: The cells a menu entry's line has (the menu's width in title.tcss, less its padding).
MENU_WIDTH = 34

#: The game's name, spelled in tiles on the title.
NAME = "BUYWORD"
#: A tile's width in cells (as the table's tiles are drawn).
TILE_WIDTH = 5


class TitleTiles(Widget):
    """A word drawn as a row of tiles, letters over pips, as a rack draws them (the title's
    name). One widget drawing lines rather than a rack of tile widgets: the title paints
    sooner."""

    COMPONENT_CLASSES = {"title-tiles--tile"}

    def __init__(self, word: str, tiles: TileSet, *, id: str | None = None) -> None:
        """`word` in tiles, each with its pips from the tile set `tiles`."""
        super().__init__(id=id)
        self.word = word
        self.pips = [tiles.pips[letter] for letter in word]

    def render_line(self, y: int) -> Strip:
        """The letters (line 0) or their pips (line 1), each centred on a tile 5 cells wide,
        a cell between tiles, as `TileView` centres them (the same cells, the same styles);
        the row of tiles centred on the widget's width (as a `Center` would place it)."""
        # Blank cells carry only their background, as Textual draws a widget's padding.
        blank = Style.from_color(bgcolor=self.rich_style.bgcolor)
        width = self.size.width
        if y > 1:
            return Strip.blank(width, blank)
        face = self.get_component_rich_style("title-tiles--tile")
        tile = Style.from_color(bgcolor=face.bgcolor)
        row = len(self.word) * (TILE_WIDTH + 1) - 1
        margin = max(0, width - row) // 2
        segments = [Segment(" " * margin, blank)]
        for number, (letter, pips) in enumerate(zip(self.word, self.pips, strict=True)):
            mark = letter if y == 0 else pip_marks(pips)
            left = (TILE_WIDTH - len(mark)) // 2
            if number:
                segments.append(Segment(" ", blank))
            segments += [Segment(" " * left, tile), Segment(mark, face),
                         Segment(" " * (TILE_WIDTH - left - len(mark)), tile)]
        segments.append(Segment(" " * max(0, width - margin - row), blank))
        return Strip(segments).crop(0, width)


class TitleScreen(Screen[None]):
    """The game's name spelled in tiles, a line on what it is, the menu and the solo record."""

    # Also read with the app's own stylesheet, so that showing the title first does not
    # parse the whole stylesheet again (as each screen's first showing of its file does).
    CSS_PATH = "title.tcss"
    # The app's size classes (-narrow, -short) serve screens with a compact layout; the title
    # has none, and setting them would restyle it all once more as it first shows.
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = []
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = []
    # Every entry of the menu shows its key; the footer, which must fit in 60 columns, shows
    # Continue, the new games and Quit.
    BINDINGS = [
        Binding("c", "choose('continue')", "Continue"),
        Binding("s", "choose('solo')", "Solo"),
        Binding("d", "choose('daily')", "Daily", show=False),
        Binding("t", "choose('table')", "Table"),
        Binding("r", "choose('stats')", "Stats", show=False),
        Binding("l", "choose('learn')", "Learn to play", show=False),
        Binding("p", "choose('puzzles')", "Puzzles", show=False),
        Binding("h", "choose('help')", "How to play", show=False),
        Binding("o", "choose('settings')", "Settings", show=False),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self) -> None:
        """The title; what Continue and Watch offer is read from the store when shown."""
        super().__init__()
        #: Menu id -> the save slot that entry continues ("continue" is the first one).
        self.continuable: dict[str, Slot] = {}
        #: Menu id -> the slot that entry watches (games open in other windows).
        self.watchable: dict[str, Slot] = {}
        #: Whether the title has shown once: it composes with the store's contents then, so
        #: only a later showing (back from a game) reads the store again.
        self._shown_once = False

    @property
    def buyword(self) -> Tabletop:
        """The app, as the screens see it (see `Tabletop`)."""
        return tabletop_of(self.app)

    def compose(self) -> ComposeResult:
        """Name, tagline, menu, and what the store has to say, each made with what it shows
        (filling them once mounted would lay the title out and style it again)."""
        lines = self.store_lines()
        with Vertical(id="title-box"):
            yield TitleTiles(NAME, default_tiles(), id="title-tiles")
            yield Static("Sid Sackson's word game with an economy", id="tagline")
            yield Static(
                "Buy letter tiles at [b](pips)²[/b]. Sell words at [b](pips)²[/b].",
                id="pitch",
            )
            # What the store has to say: a save moved aside, a disk that cannot be written.
            yield self._line("notice", lines)
            yield self._line("warning", lines)
            with Center():
                yield OptionList(*self.menu_options(), id="menu")
            yield self._line("scores", lines)
        yield Footer()

    @staticmethod
    def _line(name: str, lines: dict[str, str]) -> Static:
        """One of the store's lines (`name`), shown only when it has something to say."""
        line = Static(_lines(lines[name]), id=name)  # notices and warnings name files: text
        line.display = bool(lines[name])
        return line

    def on_resize(self, event: events.Resize) -> None:
        """Below 24 lines the title closes up (no blank lines, no tagline), so that the menu,
        a saved game and the record still fit down to 18. Set only when short: the usual
        size styles nothing twice (see the breakpoints above)."""
        if self.has_class("-short") != (event.size.height < 24):
            self.set_class(event.size.height < 24, "-short")

    def on_mount(self) -> None:
        """Put the cursor on the menu; ask what to do if the game is open in another window."""
        self.query_one("#menu").focus()
        self.offer_elsewhere()

    def offer_elsewhere(self) -> None:
        """In a second window, say that the game is open in the other one and ask what to do
        here (not when the command line starts a game: that one is kept apart anyway)."""
        app = self.buyword
        if app.first_setup is not None or (app.options is not None and app.options.starts_game):
            return
        elsewhere = app.store.open_elsewhere()
        if elsewhere is not None:
            from buyword.ui.dialogs.elsewhere import ElsewhereScreen  # loaded only when needed

            self.app.push_screen(ElsewhereScreen(elsewhere),
                            lambda choice: self._elsewhere_chosen(choice, elsewhere))

    def _elsewhere_chosen(self, choice: str | None, slot: Slot) -> None:
        if choice == "watch":
            self.open_watch(slot)
        elif choice is not None:
            self.action_choose(choice)

    def open_watch(self, slot: Slot) -> None:
        """Watch a game open in another window, read-only (or say why it cannot be read)."""
        from buyword.ui.screens.watch import WatchScreen, load_watched

        app = self.buyword
        try:
            replay = load_watched(app.store, slot.name)
        except BuyWordError as error:
            self.app.notify(str(error), title="Cannot watch that game", severity="warning",
                            markup=False, timeout=8)
            return
        self.app.push_screen(WatchScreen(app.store, slot.name, replay))

    def on_screen_resume(self) -> None:
        """Back from a game: the saved game, the daily and the scores may have changed."""
        if self._shown_once:
            self.show_store()
        self._shown_once = True

    def entries(self) -> list[tuple[str, str]]:
        """The menu now: a Continue for each saved game no other window is playing, then new
        games (the daily after the solo game), a Watch for each game open in another window,
        then the rest."""
        app = self.buyword
        self.read_slots()
        entries = list(MENU)
        entries.insert(1, ("daily", saving.daily_label(app.store, date.today())))
        for key, slot in self.watchable.items():
            entries.insert(3, (key, f"Watch {_game_of(slot)}\n  open in another window"))
        for key, slot in reversed(self.continuable.items()):
            entries.insert(0, (key, _continue_label(slot)))
        return entries

    def read_slots(self) -> None:
        """What Continue and Watch offer now, from the store's save slots.

        The app's `resumable` is the game in current.json when this window may continue it:
        the one a new game would replace (so the app asks first). With current.json open in
        another window, a new game here gets a save of its own and nothing is replaced.
        """
        app = self.buyword
        # The game this window is playing (its slot held by this store) is not offered.
        slots = [slot for slot in app.store.saved_games() if slot.name != app.store.slot]
        free = [slot for slot in slots if not slot.open_elsewhere and slot.saved is not None]
        self.continuable = {("continue" if number == 0 else f"continue:{slot.name}"): slot
                            for number, slot in enumerate(free)}
        self.watchable = {f"watch:{slot.name}": slot for slot in slots if slot.open_elsewhere}
        app.resumable = next((slot.saved for slot in free if slot.name == CURRENT), None)
        app.notices.extend(app.store.take_messages())

    def menu_options(self) -> list[Option]:
        """The menu's entries now (see `entries`)."""
        # A saved game's names are the player's text: shown as text, never markup.
        return [Option(_with_key(label, MENU_KEYS.get(key)), id=key)
                for key, label in self.entries()]

    def store_lines(self) -> dict[str, str]:
        """What the store has to say now, by line: notices, the warning, the solo record."""
        app = self.buyword
        return {"notice": "\n".join(app.notices), "warning": app.store.warning or "",
                "scores": saving.title_scores(app.store, app.settings.new_game.rules())}

    def show_store(self) -> None:
        """Set the menu, the notices and the solo record from the app's store."""
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.add_options(self.menu_options())
        menu.highlighted = 0
        for name, text in self.store_lines().items():
            widget = self.query_one(f"#{name}", Static)
            widget.update(_lines(text))  # notices and warnings name files: text
            widget.display = bool(text)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Continue only when there is a saved game."""
        if action == "choose" and parameters and parameters[0] == "continue":
            return "continue" in self.continuable
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A menu choice."""
        self.action_choose(event.option.id or "")

    def action_choose(self, choice: str) -> None:
        """Do what the menu entry says."""
        app = self.buyword
        if choice in self.continuable:  # "continue" (key C) or one of several saved games
            app.resumable = self.continuable[choice].saved
            app.continue_game()
            return
        if choice in self.watchable:
            self.open_watch(self.watchable[choice])
            return
        match choice:
            case "daily":
                app.start_daily()
            case "solo":
                app.action_new_game(solo=True)
            case "table":
                app.action_new_game(solo=False)
            case "stats":
                app.action_stats()
            case "learn":
                app.start_learning()
            case "puzzles":
                app.start_puzzles()
            case "help":
                app.action_help("rules")
            case "settings":
                app.action_settings()
            case "quit":
                self.app.exit(0)


def _lines(text: str) -> Content:
    """The store's lines, each shown as text (a file's name is never markup), one a line."""
    return Content("\n").join(literal(line) for line in text.split("\n"))


def _with_key(label: str, key: str | None) -> Content:
    """A menu entry with its key at the right of its first line ("Solo stats        R"), the
    line that names it, or, when that line is full, of its last (a saved game's when)."""
    if key is None:
        return _lines(label)
    lines = label.split("\n")
    at = 0 if len(lines[0]) < KEY_COLUMN else len(lines) - 1
    keyed = Content.assemble(literal(lines[at].ljust(KEY_COLUMN - 1)), " ",
                             (key.upper(), "bold $accent"))
    return Content("\n").join([*map(literal, lines[:at]), keyed, *map(literal, lines[at + 1:])])


def _continue_label(slot: Slot) -> str:
    """A Continue entry: the saved game on its first line, or, when that line would wrap (and
    push the key a line further down), the kind of game on it, with the key, and who plays
    and the round under it; then when it was saved."""
    described = _game_of(slot)
    first = f"Continue {described}"
    kind, _, rest = described.partition(": ")
    if len(first) > MENU_WIDTH and rest:
        first = f"Continue {kind}:\n  {rest}"
    return first + _saved_when(slot)


def _game_of(slot: Slot) -> str:
    """Who plays a saved game and which round ("solo: You · round 3")."""
    return slot.saved.describe() if slot.saved is not None else slot.describe()


def _saved_when(slot: Slot) -> str:
    """A second menu line saying when a game was last saved: "today at 11:20" or the date."""
    when = slot.when
    if not when:
        return ""
    day, _, time = when.partition(" ")
    return f"\n  saved today at {time}" if day == date.today().isoformat() else f"\n  saved {when}"
