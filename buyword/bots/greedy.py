"""The greedy baseline: the simple player the levels are measured against (issue 5).

Choose 2 on CHOICE, buy when the price is at most $81, sell the best sale plan when the hand is
over the tile limit (and everything in the final round), drop the tiles that keep the best word.
"""

from __future__ import annotations

from buyword.bots.base import Bot
from buyword.bots.index import Word
from buyword.bots.view import SeatView

#: The greedy player buys any draw costing this much or less.
GREEDY_MAX_PRICE = 81


class GreedyBot(Bot):
    """The baseline player: no look-ahead, fixed price limit."""

    level = "greedy"

    def buy(self, view: SeatView) -> bool:
        """Buy when the draw costs at most $81."""
        return view.offer_price <= GREEDY_MAX_PRICE

    def sell(self, view: SeatView) -> list[Word]:
        """The dearest sale, but only when the hand is over the limit or the game ends."""
        if view.final_round or view.over_limit:
            return list(self.index.best_sale(view.hand, view.wilds)[1])
        return []
