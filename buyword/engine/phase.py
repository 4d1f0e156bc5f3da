"""Where a game stands: the phases of a round, in a module of their own so that a player's
view of the game can name them without importing the game itself."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the game stands: whose decision is awaited, and of what kind."""

    ROLL = "roll"  # the leader rolls the die
    CHOOSE = "choose"  # the die showed CHOICE: the leader picks 2-5
    DRAFT = "draft"  # tile draft: players pick face-up tiles in turn
    TRADE = "trade"  # trading step: offers between draw and buy
    BUY = "buy"  # each player in turn buys or discards their draw
    AUCTION = "auction"  # a draw is up for auction: bids, then the seller decides
    SELL = "sell"  # each player in turn sells words, then says done
    DROP = "drop"  # a player over the tile limit drops tiles
    OVER = "over"  # the game has ended


#: The phases only the table variants have (auction, trade, tile draft).
VARIANT_PHASES = frozenset({Phase.DRAFT, Phase.TRADE, Phase.AUCTION})
