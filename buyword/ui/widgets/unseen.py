"""The unseen tiles: letter by letter, the tiles a seat cannot see yet, with their pips.

These are the bag plus every hand and draw the seat may not see (`SeatView.unseen`, the very
multiset the computer players reason with), so a person can count what may still come as a
computer does. The panel follows the person holding the screen: at a hand-off, with private
hands, it shows nobody's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from buyword.engine import TileSet
from buyword.table import TableView
from buyword.ui.marks import PIP
from buyword.ui.text import literal

#: What the panel says at a hand-off with private hands (whose tiles are unseen depends on who
#: takes the screen).
HIDDEN_NOTE = "Shown to the player who takes the screen."


@dataclass(frozen=True)
class Unseen:
    """The tiles one seat cannot see: (letter, tiles, pips) for every letter of the tile set,
    in alphabetical order, zero counts included (a letter all gone is worth knowing)."""

    seat: int
    name: str
    letters: tuple[tuple[str, int, int], ...]

    @property
    def total(self) -> int:
        """How many tiles the seat cannot see."""
        return sum(count for _, count, _ in self.letters)


def unseen_for(view: TableView) -> Unseen | None:
    """The unseen tiles of the seat the panel follows (`TableView.unseen_of`): the person
    holding the screen (solo, the player), else the seat to act when every hand is open; None
    at a hand-off with private hands, so the panel never shows another seat's tiles."""
    seat = view.unseen_of
    if seat is None:
        return None
    return Unseen(seat, view.names[seat], letter_counts(view.seat.unseen, view.rules.tiles))


def letter_counts(unseen: str, tiles: TileSet) -> tuple[tuple[str, int, int], ...]:
    """(letter, how many of `unseen`, pips) for every letter of `tiles`, alphabetically."""
    counts = Counter(unseen)
    return tuple((letter, counts[letter], tiles.pips[letter]) for letter in sorted(tiles.pips))


def pip_groups(unseen: Unseen) -> list[tuple[int, list[tuple[str, int]]]]:
    """The letters grouped by their pips, fewest pips first: [(1, [("A", 8), ...]), ...]."""
    groups: dict[int, list[tuple[str, int]]] = {}
    for letter, count, pips in unseen.letters:
        groups.setdefault(pips, []).append((letter, count))
    return sorted(groups.items())


def unseen_table(unseen: Unseen) -> Table:
    """The compact panel: one row per pip value, `1• A8 E10 I8 …` (8 A's, 10 E's, 8 I's not
    seen yet, 1 pip each); a letter none of which is left is dimmed. Five rows for the bundled
    tile set at the side column's width, so it fits at 60x18."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True, style="dim")
    table.add_column(ratio=1)
    for pips, letters in pip_groups(unseen):
        row = Text()
        for i, (letter, count) in enumerate(letters):
            if i:
                row.append(" ")
            gone = "dim" if count == 0 else ""
            row.append(letter, style=f"bold {gone}".strip())
            row.append(str(count), style=gone)
        table.add_row(f"{pips}{PIP}", row)
    return table


class UnseenPanel(Static):
    """The unseen-tiles panel of the table screen (shown in the price list's place)."""

    #: What the panel shows now (None: nobody's tiles, at a hand-off).
    unseen: Unseen | None = None

    def show(self, unseen: Unseen | None) -> None:
        """Show `unseen`, or, at a hand-off, only that the tiles are hidden."""
        self.unseen = unseen
        if unseen is None:
            self.border_title = "Unseen tiles"
            self.border_subtitle = ""
            self.update(HIDDEN_NOTE)
            return
        self.border_title = f"Unseen · {unseen.total} tiles"
        self.border_subtitle = literal(f"for {unseen.name}")
        self.update(unseen_table(unseen))
