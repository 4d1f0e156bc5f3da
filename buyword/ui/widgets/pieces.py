"""The table's pieces: tiles and racks, the die, the players, the price list and the log.

Attributes down, messages up: screens set these widgets' reactive attributes from the Game,
and the widgets post intent messages (`Rack.TileToggled`, `DieFace.Settled`). No game state
lives here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Checkbox, Input, RichLog, Static

from buyword.engine import CHOICE, TileSet, price
from buyword.engine import events as ev
from buyword.ui.marks import HIDDEN, PIP, WILD_MARK, pip_marks
from buyword.ui.text import visible


class TileView(Static):
    """One tile: its letter over its pips. Clicking it asks the rack to toggle it."""

    @dataclass
    class Clicked(Message):
        """The player clicked this tile."""

        tile: TileView

    def __init__(self, letter: str, pips: int, index: int, *, classes: str = "") -> None:
        """A tile showing `letter` (or the wild mark, or a face-down back) with `pips` dots."""
        super().__init__(classes=classes)
        self.letter = letter
        self.pips = pips
        self.index = index

    def render(self) -> Text:
        """Letter on the first line, pips on the second."""
        if self.has_class("-back"):
            return Text("\n")
        return Text(f"{self.letter}\n{pip_marks(self.pips)}")

    def on_click(self, event: events.Click) -> None:
        """Tell the rack; it decides what a click means."""
        event.stop()
        self.post_message(self.Clicked(self))


class Rack(Widget):
    """A row of tiles (a hand or a draw), wrapping onto more rows when it is long.

    `marked` highlights tiles (the tiles a word would use, or tiles chosen to drop) by index
    into `tiles`; `wild_letter` shows the letter a wild tile would play.
    """

    tiles: reactive[str] = reactive("", recompose=True)
    wilds: reactive[int] = reactive(0, recompose=True)
    marked: reactive[frozenset[int]] = reactive(frozenset(), recompose=True)
    wild_letter: reactive[str | None] = reactive(None, recompose=True)
    face_down: reactive[bool] = reactive(False, recompose=True)
    empty_text: reactive[str] = reactive("", recompose=True)

    @dataclass
    class TileToggled(Message):
        """The player clicked the tile at `index` in `tiles`."""

        rack: Rack
        index: int

        @property
        def control(self) -> Rack:
            """The rack that was clicked (for `@on(Rack.TileToggled, "#id")`)."""
            return self.rack

    def __init__(self, tileset: TileSet, *, id: str | None = None, classes: str = "") -> None:
        """A rack drawing tiles with this tile set's pips."""
        super().__init__(id=id, classes=classes)
        self.tileset = tileset

    def compose(self) -> ComposeResult:
        """One TileView per letter tile, then the wild tiles."""
        if not self.tiles and not self.wilds:
            yield Static(self.empty_text, classes="rack-empty")
            return
        back = " -back" if self.face_down else ""
        for i, letter in enumerate(self.tiles):
            mark = " -marked" if i in self.marked else ""
            yield TileView(letter, self.tileset.pips[letter], i, classes=f"tile{mark}{back}")
        if self.wilds:
            # One wild tile stands for them all (the count is in the rack's subtitle); it
            # shows the letter it would play while a word is being typed.
            playing = self.wild_letter is not None
            letter = self.wild_letter.lower() if playing else WILD_MARK
            classes = "tile -wild" + (" -marked" if playing else "") + back
            yield TileView(letter, self.tileset.wild_pips, len(self.tiles), classes=classes)

    def on_resize(self, event: events.Resize) -> None:
        """Fit as many tiles on a row as the width allows."""
        self._fit_columns(event.size.width)

    def on_mount(self) -> None:
        """Size the grid once the rack knows its width."""
        self._fit_columns(self.size.width)

    def _fit_columns(self, width: int) -> None:
        # A tile is 5 cells wide with a 1-cell gutter.
        self.styles.grid_size_columns = max(1, (width + 1) // 6)

    def on_tile_view_clicked(self, message: TileView.Clicked) -> None:
        """Turn a tile click into the rack's own message, up to the screen."""
        message.stop()
        if message.tile.index < len(self.tiles):
            self.post_message(self.TileToggled(self, message.tile.index))


#: Where a die face's pips sit on a 3x3 grid (row, column).
_DIE_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
}


def die_lines(face: int | str | None) -> list[str]:
    """The die's face as three lines of seven cells: pips, 'CHOICE', or blank."""
    if face is None:
        return ["       ", "  ---  ", "       "]
    if face == CHOICE:
        return ["       ", "CHOICE ", "       "]
    grid = [[" "] * 3 for _ in range(3)]
    for row, col in _DIE_PIPS[int(face)]:
        grid[row][col] = "●"
    return [" " + " ".join(row) + " " for row in grid]


class DieFace(Static):
    """The die, drawn as a die. `roll_to` shows a short tumble, then settles on the face."""

    face: reactive[int | str | None] = reactive(None)

    @dataclass
    class Settled(Message):
        """The die has stopped tumbling and shows its face."""

        die: DieFace

    def __init__(self, *, id: str | None = None) -> None:
        """A die showing no face yet."""
        super().__init__(id=id)
        self._shown: int | str | None = None
        self._tumble: Timer | None = None
        self._frames = 0
        # Only for the look of the tumble; the engine's die decides the face.
        self._jitter = random.Random()

    def render(self) -> str:
        """The face inside a rounded box."""
        return "\n".join(die_lines(self._shown))

    def watch_face(self, face: int | str | None) -> None:
        """Show a face set directly (no tumble)."""
        if self._tumble is None:
            self._shown = face
            self.refresh()

    @property
    def tumbling(self) -> bool:
        """True while the roll animation runs."""
        return self._tumble is not None

    def roll_to(self, face: int | str, animate: bool) -> None:
        """Tumble for a moment (when `animate`), then settle on `face` and post Settled."""
        self.set_reactive(DieFace.face, face)
        if not animate:
            self.settle()
            return
        self._frames = 8
        self._tumble = self.set_interval(0.07, self._next_frame)

    def _next_frame(self) -> None:
        self._frames -= 1
        if self._frames <= 0:
            self.settle()
            return
        self._shown = self._jitter.choice((2, 3, 4, 5, 1, 6))
        self.refresh()

    def settle(self) -> None:
        """Stop tumbling now and show the real face (also how a key press skips the tumble)."""
        if self._tumble is not None:
            self._tumble.stop()
            self._tumble = None
        self._shown = self.face
        self.refresh()
        self.post_message(self.Settled(self))


@dataclass(frozen=True)
class PlayerLine:
    """What the scoreboard shows of one player."""

    name: str
    money: int
    wilds: int
    tiles: int
    current: bool
    leader: bool
    level: str | None = None  # a computer player's level ("expert"); None for a person
    thinking: bool = False  # a computer deciding now: its row shows a spinner


#: The spinner's frames, one character each (it takes the place of the turn marker).
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

#: The name column's width: a name, or a computer's name and level ("Cy · Expert").
NAME_WIDTH = 11
#: The rest of a scoreboard row beside the name, the money and the hand's count: marker and
#: leader's die (2), the wilds and the hand's mark (5), and a space before the panel's edge.
_ROW_FIXED = 8


def money_text(money: int) -> str:
    """A player's money as the scoreboard shows it: "$1,505"."""
    return "$" + format(money, ",")


def name_cell(name: str, level: str | None, width: int = NAME_WIDTH) -> tuple[str, str]:
    """(name, level tag) to fill `width` columns, as in "Cy · Expert": the name is shortened
    with … only where the row lacks room for it, the spaces around the dot go only in a side
    column too narrow for both, and the level is cut only when nothing else is left to cut."""
    name = visible(name)  # a player's text: control characters shown, not obeyed
    if level is None:
        return (name if len(name) <= width else name[: width - 1] + "…"), ""
    level = level.capitalize()
    for gap in (" · ", "·"):
        if len(name) + len(gap) + len(level) <= width:
            return name, gap + level
    # Shortened, the name keeps at least a letter before its …, and the spaces if it can; in
    # the narrowest column the level gives way too ("Co…·Med").
    gap = " · " if width - 3 - len(level) >= 3 else "·"
    room = max(2, width - len(gap) - len(level))
    return name[: room - 1] + "…", (gap + level)[: width - room]


class PlayerRow(Static):
    """One line of the scoreboard."""

    #: The spinner frame shown while this row's computer thinks.
    frame: reactive[int] = reactive(0)

    def __init__(self, line: PlayerLine, money_width: int = 7, tiles_width: int = 1) -> None:
        """A row for this player; the current player's row is highlighted by CSS.
        `money_width` is the room for the richest player's money and a space before it, and
        `tiles_width` for the largest hand's count: the same on every row, so columns line up."""
        super().__init__(classes="-current" if line.current else "")
        self.line = line
        self.money_width = money_width
        self.tiles_width = tiles_width

    def render(self) -> Text:
        """Marker (a spinner while a computer thinks), name and level, money, wilds and hand
        size, lined up."""
        line = self.line
        marker = SPINNER[self.frame % len(SPINNER)] if line.thinking else \
            "▶" if line.current else " "
        die = "◆" if line.leader else " "
        # The name takes the room the row has beside the money, wilds and tile count, which
        # always show; only in a narrow side column does it give way (with …).
        fixed = _ROW_FIXED + self.money_width + self.tiles_width
        width = max(4, self.size.width - fixed) if self.size.width else NAME_WIDTH
        name, tag = name_cell(line.name, line.level, width)
        text = Text(f"{marker}{die}{name}", no_wrap=True)
        text.append(tag, style="dim italic")
        text.append(" " * (width - len(name) - len(tag)))
        text.append(f"{money_text(line.money):>{self.money_width}}", style="bold")
        text.append(f" {WILD_MARK}{line.wilds} ▭{line.tiles:<{self.tiles_width}} ")
        return text


class Scoreboard(Widget):
    """Every player's money, wilds and tile count; the current player highlighted, and a
    spinner on the row of a computer while it thinks."""

    lines: reactive[tuple[PlayerLine, ...]] = reactive((), recompose=True)

    #: Seconds between the spinner's frames.
    SPIN = 0.1

    def __init__(self, *, id: str | None = None) -> None:
        """An empty scoreboard; `lines` fills it."""
        super().__init__(id=id)
        self.spinner: Timer | None = None

    def compose(self) -> ComposeResult:
        """One row per player, in seat order."""
        # The money column is as wide as the richest player's money needs (and a space), so
        # the names have every other column of the row.
        money = 1 + max((len(money_text(line.money)) for line in self.lines), default=6)
        tiles = max((len(str(line.tiles)) for line in self.lines), default=1)
        for line in self.lines:
            yield PlayerRow(line, money, tiles)

    def watch_lines(self, lines: tuple[PlayerLine, ...]) -> None:
        """Spin while a computer thinks; stop the timer as soon as none does."""
        thinking = any(line.thinking for line in lines)
        if thinking and self.spinner is None:
            self.spinner = self.set_interval(self.SPIN, self._spin)
        elif not thinking and self.spinner is not None:
            self.spinner.stop()
            self.spinner = None

    def _spin(self) -> None:
        for row in self.query(PlayerRow):
            if row.line.thinking:
                row.frame += 1


class PriceList(Static):
    """Pips to dollars: what a draw costs and a word pays."""

    def __init__(self, rows: int = 8, *, id: str | None = None) -> None:
        """A two-column list of 2 x `rows` prices."""
        super().__init__(id=id)
        self.rows = rows

    def render(self) -> Text:
        """'1 → $1    9 → $81' and so on, two columns."""
        text = Text(no_wrap=True)
        for row in range(1, self.rows + 1):
            if row > 1:
                text.append("\n")
            for pips in (row, row + self.rows):
                text.append(f"{pips:>2}", style="bold")
                text.append(f" {PIP} ${price(pips):<4} ")
        return text


#: How the log marks the events a player most wants to see.
_LOG_STYLES: dict[type, str] = {
    ev.Sold: "bold",
    ev.Challenged: "bold italic",
    ev.FinalRound: "bold reverse",
    ev.GameOver: "bold reverse",
    ev.Rolled: "underline",
}

#: The same, by the event's kind as a hosted table's server names it.
_LOG_STYLES_BY_KIND = {kind.__name__: style for kind, style in _LOG_STYLES.items()}


def log_line(event: ev.Event | str, private: bool = False) -> Text | None:
    """The log's line for an event, or None for events that would only clutter it.

    With private hands the letters going into a hand are shown as dots: the log must not undo
    what the hand-off screen hides. Tiles leaving the game (discards, drops, sales) stay public.
    """
    kind = getattr(event, "kind", None)  # a hosted table's line names its event's kind
    if kind is not None:
        if kind == ev.RoundEnded.__name__:
            return None
        return Text(visible(event), style=_LOG_STYLES_BY_KIND.get(kind, ""))
    if isinstance(event, ev.RoundEnded):
        return None
    if private and isinstance(event, ev.Drew | ev.Bought):
        event = replace(event, tiles=HIDDEN * len(event.tiles))
    return Text(visible(event), style=_LOG_STYLES.get(type(event), ""))


class GameLog(RichLog, can_focus=False):
    """The game's story in the engine's own sentences, newest at the bottom."""

    def __init__(self, *, id: str | None = None, private: bool = False) -> None:
        """An empty log that wraps long sentences; `private` hides the letters of draws."""
        # min_width=1: RichLog would otherwise render every line 78 cells wide and cut what
        # does not fit a narrower log ("($16 back t") instead of wrapping it.
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True,
                         min_width=1)
        self.shown = 0
        self.private = private
        self._written: list[Text] = []  # kept to wrap again when the width changes
        self._wrapped_at = 0
        self._rows: dict[tuple[object, ...], list[Strip]] = {}  # see `write`

    def show(self, log: list[ev.Event]) -> None:
        """Write the events not yet shown (the engine's log only grows), newest in view."""
        for event in log[self.shown :]:
            line = log_line(event, self.private)
            if line is not None:
                self._written.append(line)
                self.write(line, scroll_end=False)  # once, below
        self.shown = len(log)
        self.scroll_end(animate=False, immediate=False)

    def write(self, content: object, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None,
              animate: bool = False) -> GameLog:
        """`RichLog.write`, reusing the rows a line was wrapped into when the same line was
        written at the same width before: at each hand-off the log is written again for the
        next reader, and nearly all of its lines are the ones just written."""
        if not (isinstance(content, Text) and width is None and self._size_known
                and self.max_lines is None):
            return super().write(content, width, expand, shrink, scroll_end, animate)
        key = (content.plain, tuple(content.spans), str(content.style),
               self.scrollable_content_region.width, expand, shrink)
        rows = self._rows.get(key)
        if rows is None:
            before = len(self.lines)
            super().write(content, width, expand, shrink, scroll_end, animate)
            self._rows[key] = self.lines[before:]
            return self
        self.lines.extend(rows)  # a Strip is never changed in place: rows can be shared
        widest = max((row.cell_length for row in rows), default=0)
        self._widest_line_width = max(self._widest_line_width, widest)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if self.auto_scroll if scroll_end is None else scroll_end:
            self.scroll_end(animate=animate, immediate=False, x_axis=False)
        return self

    def clear(self) -> GameLog:
        """Empty the log (to write it again for another viewer)."""
        self._written = []
        super().clear()
        return self

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at the new width, and keep the newest lines in view (the
        log changes size as racks come and go, as after a hand-off)."""
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at and self._written:
            self._wrapped_at = width
            self._rows.clear()  # rows of the old width will not be written again
            written = self._written
            super().clear()
            for line in written:
                self.write(line, scroll_end=False)
        self._wrapped_at = width or self._wrapped_at
        self.scroll_end(animate=False, immediate=False)


class AmountInput(Input):
    """The box a bid or a trade offer is typed in: it takes digits, signs and spaces only, and
    leaves every other key (P to pass, M to match ...) to the table's bindings."""

    ALLOWED = "0123456789+- "

    def __init__(self, *, id: str | None = None) -> None:
        """A compact box that accepts only what an amount or an offer is written with."""
        super().__init__(id=id, restrict=r"[0-9+\- ]*", compact=True)

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Only the characters of an amount are this box's; other keys reach the bindings."""
        return character is not None and character in self.ALLOWED


class WordInput(Input):
    """The box a word to sell is typed in: it takes letters only, so every other key (? for
    help, F2 for hints, Esc) reaches the app's and the table's bindings even while it has
    focus."""

    def __init__(self, *, id: str | None = None, placeholder: str = "") -> None:
        """A compact box that accepts only letters."""
        super().__init__(id=id, placeholder=placeholder, restrict=r"[A-Za-z]*", compact=True)

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Only letters are this box's; Textual would otherwise keep `?` from the help key."""
        return character is not None and character.isascii() and character.isalpha()


class Tick(Checkbox):
    """A checkbox whose mark says on or off without colour: ✓ when ticked, blank when not."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        """The mark inside the box, by value."""
        return "✓" if self.value else " "
