"""The scoreboard: every player's money, wilds and tile count, a spinner while a computer thinks."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from buyword.ui.marks import WILD_MARK
from buyword.ui.text import literal, visible


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
#: leader's die (2), the wilds and the hand's mark (5). (The row's padding keeps a space
#: before the panel's edge: a second one there cost "Computer · Hard" its name.)
_ROW_FIXED = 7


def money_text(money: int) -> str:
    """A player's money as the scoreboard shows it: "$1,505"."""
    return "$" + format(money, ",")


def name_cell(name: str, level: str | None, width: int = NAME_WIDTH) -> tuple[str, str]:
    """(name, level tag) to fill `width` columns, as in "Cy · Expert": the spaces around the
    dot go first where the row lacks room ("Computer·Hard"). Where even that does not fit, the
    tag is '' and the level has a line of its own under the name (`level_below`): a name is
    shortened with … only when it does not fit alone, and a level is never cut."""
    name = visible(name)  # a player's text: control characters shown, not obeyed
    if level is not None:
        level = level.capitalize()
        for gap in (" · ", "·"):
            if len(name) + len(gap) + len(level) <= width:
                return name, gap + level
    return (name if len(name) <= width else name[: width - 1] + "…"), ""


def level_below(name: str, level: str | None, width: int = NAME_WIDTH) -> bool:
    """Whether a computer's level takes a line under its name: "Computer·Hard" does not fit
    `width` columns beside the money (which widens once someone has $1,000)."""
    return level is not None and not name_cell(name, level, width)[1]


def caption_lines(caption: str, width: int) -> list[str]:
    """A caption of " · "-joined parts ("auction · trade with money · tile draft") in lines
    of at most `width` columns, broken only between parts, so that no variant's name is split
    (a line ends with its dot where another follows); a part too long for any line has one to
    itself."""
    parts = caption.split(" · ") if caption else []
    lines: list[str] = []
    for i, part in enumerate(parts):
        dot = 2 if i + 1 < len(parts) else 0  # room for the " ·" that says more follows
        if lines and cell_len(lines[-1]) + 3 + cell_len(part) + dot <= width:
            lines[-1] += " · " + part
        else:
            if lines:
                lines[-1] += " ·"
            lines.append(part)
    return lines


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

    def name_width(self, width: int) -> int:
        """The name column's width in a row `width` columns wide: what the marker, money,
        wilds and hand's count leave (they always show; only in a narrow column does the
        name give way)."""
        fixed = _ROW_FIXED + self.money_width + self.tiles_width
        return max(4, width - fixed) if width else NAME_WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line, or two where a computer's level goes under its name."""
        line = self.line
        return 2 if level_below(line.name, line.level, self.name_width(width)) else 1

    def render(self) -> Text:
        """Marker (a spinner while a computer thinks), name and level, money, wilds and hand
        size, lined up; a computer's level under its name where the row lacks room."""
        line = self.line
        marker = SPINNER[self.frame % len(SPINNER)] if line.thinking else \
            "▶" if line.current else " "
        die = "◆" if line.leader else " "
        width = self.name_width(self.size.width)
        name, tag = name_cell(line.name, line.level, width)
        text = Text(f"{marker}{die}{name}", no_wrap=True)
        text.append(tag, style="dim italic")
        text.append(" " * (width - len(name) - len(tag)))
        text.append(f"{money_text(line.money):>{self.money_width}}", style="bold")
        text.append(f" {WILD_MARK}{line.wilds} ▭{line.tiles:<{self.tiles_width}}")
        if line.level is not None and level_below(line.name, line.level, width):
            text.append("\n  ")
            text.append(line.level.capitalize(), style="dim italic")
        return text


class Scoreboard(Widget):
    """Every player's money, wilds and tile count; the current player highlighted, and a
    spinner on the row of a computer while it thinks. Its caption (the table's variants and
    seed) stands on the panel's foot, and what of it does not fit there (a variant's name, in
    a narrow column) wraps under the rows."""

    lines: reactive[tuple[PlayerLine, ...]] = reactive((), recompose=True)
    #: A line about the table under the players ("auction · tile draft · seed 5").
    caption: reactive[str] = reactive("")

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
        head, _ = self._caption_split()
        below = Static(self._caption_text(head), classes="caption")
        below.display = bool(head)
        yield below

    def _caption_split(self) -> tuple[str, str]:
        """The caption's parts (" · "-joined) that wrap under the rows, and those on the
        panel's foot: as many of its last parts as fit there (the border's corners, a line
        and a space each side of a label take six columns); the foot would cut the rest, and
        with it a variant's name. All on the foot before the panel has a width."""
        width = self.outer_size.width
        parts = self.caption.split(" · ") if self.caption else []
        for i in range(len(parts) + 1) if width else ():
            foot = " · ".join(parts[i:])
            if cell_len(foot) <= width - 6:
                return " · ".join(parts[:i]), foot
        return "", self.caption

    def _caption_text(self, head: str) -> Content:
        """The caption's head as it stands under the rows, broken between its parts."""
        width = self.size.width - 3  # the caption's padding: under the names, off the edge
        return Content("\n").join(literal(line) for line in caption_lines(head, width))

    def watch_caption(self) -> None:
        """Show the new caption where it fits."""
        self._place_caption()

    def on_resize(self) -> None:
        """The panel's width decides where the caption fits."""
        self._place_caption()

    def _place_caption(self) -> None:
        head, foot = self._caption_split()
        self.border_subtitle = literal(foot)
        for caption in self.query_children(".caption").results(Static):
            caption.update(self._caption_text(head))
            caption.display = bool(head)

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
