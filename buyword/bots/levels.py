"""The graded computer players: one decision procedure, tuned per level by a `Style`."""

from __future__ import annotations

from dataclasses import dataclass

from buyword.bots.greedy import GreedyBot
from buyword.bots.index import WordIndex
from buyword.bots.view import SeatView


@dataclass(frozen=True)
class Style:
    """How a level plays: the words it knows and how far it looks ahead."""

    #: Only words with at least this wordfreq Zipf frequency are known (None: all of them).
    zipf: float | None
    #: The most a draw may cost for this level to consider buying it.
    max_price: int = 81


LEVEL_STYLES: dict[str, Style] = {
    "easy": Style(zipf=4.0, max_price=49),
    "medium": Style(zipf=3.5, max_price=64),
    "hard": Style(zipf=2.5),
    "expert": Style(zipf=None),
}


class LevelBot(GreedyBot):
    """A computer player of one level."""

    def __init__(self, index: WordIndex, seed: int, style: Style, level: str) -> None:
        """A player of `level` playing in `style`, knowing the words of `index`."""
        super().__init__(index, seed)
        self.style = style
        self.level = level

    def buy(self, view: SeatView) -> bool:
        """Buy a draw that costs no more than this level's limit."""
        return view.offer_price <= self.style.max_price
