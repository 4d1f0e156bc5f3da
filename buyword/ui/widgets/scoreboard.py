"""The scoreboard: every player's money, wilds and tile count, a spinner while a computer thinks."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from buyword.ui.marks import WILD_MARK
from buyword.ui.text import visible


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
    dot go first where the row lacks room, then the name is shortened with … (as little as
    can be: "Compute…·Hard"), and the level is cut only when nothing else is left to cut."""
    name = visible(name)  # a player's text: control characters shown, not obeyed
    if level is None:
        return (name if len(name) <= width else name[: width - 1] + "…"), ""
    level = level.capitalize()
    for gap in (" · ", "·"):
        if len(name) + len(gap) + len(level) <= width:
            return name, gap + level
    # Shortened, the name keeps at least a letter before its …; in the narrowest column the
    # level gives way too ("Co…·Med").
    room = max(2, width - 1 - len(level))
    return name[: room - 1] + "…", ("·" + level)[: width - room]


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
        text.append(f" {WILD_MARK}{line.wilds} ▭{line.tiles:<{self.tiles_width}}")
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
