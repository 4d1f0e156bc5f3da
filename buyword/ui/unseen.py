"""The unseen tiles: letter by letter, the tiles a seat cannot see yet, with their pips.

These are the bag plus every hand and draw the seat may not see (`SeatView.unseen`, the very
multiset the computer players reason with), so a person can count what may still come as a
computer does. The panel follows the person holding the screen: at a hand-off, with private
hands, it shows nobody's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

from buyword.engine import TileSet
from buyword.table import TableSession
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


def unseen_for(session: TableSession, viewer: int | None) -> Unseen | None:
    """The unseen tiles of the seat the panel follows: the person holding the screen (solo,
    the player), else the seat to act when every hand is open; None at a hand-off with
    private hands, so the panel never shows another seat's tiles."""
    seat = viewer
    if seat is None and not session.hand_off:
        seat = session.awaiting().seat
    if seat is None:
        return None
    return Unseen(seat, session.game.names[seat],
                  letter_counts(session.view(seat).unseen, session.game.rules.tiles))


def letter_counts(unseen: str, tiles: TileSet) -> tuple[tuple[str, int, int], ...]:
    """(letter, how many of `unseen`, pips) for every letter of `tiles`, alphabetically."""
    counts = Counter(unseen)
    return tuple((letter, counts[letter], tiles.pips[letter]) for letter in sorted(tiles.pips))


def unseen_text(unseen: Unseen) -> Text:
    """The compact lines: `A×5·1 B×1·3 …`, a letter none of which is left dimmed."""
    text = Text()
    for i, (letter, count, pips) in enumerate(unseen.letters):
        if i:
            text.append(" ")
        style = "dim" if count == 0 else ""
        text.append(letter, style=f"bold {style}".strip())
        text.append(f"×{count}", style=style)
        text.append(f"·{pips}", style="dim")
    return text


class UnseenPanel(Static):
    """The unseen-tiles panel of the table screen (shown in the price list's place)."""

    def show(self, unseen: Unseen | None) -> None:
        """Show `unseen`, or, at a hand-off, only that the tiles are hidden."""
        if unseen is None:
            self.border_title = "Unseen tiles"
            self.border_subtitle = ""
            self.update(HIDDEN_NOTE)
            return
        self.border_title = f"Unseen · {unseen.total} tiles"
        self.border_subtitle = literal(f"for {unseen.name}")
        self.update(unseen_text(unseen))
