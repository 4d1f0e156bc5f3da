"""The rules engine: pure, deterministic, standard library only (rules: docs/rules.md)."""

from buyword.engine.actions import (
    Accept,
    Action,
    Auction,
    Bid,
    Buy,
    Challenge,
    Choose,
    Decline,
    Discard,
    Done,
    Drop,
    Match,
    Offer,
    Pass,
    Pick,
    Roll,
    Sell,
    parse_action,
)
from buyword.engine.errors import (
    BuyWordError,
    IllegalAction,
    MalformedAction,
    RecordError,
    TileSetError,
)
from buyword.engine.game import Dictionary, Game, Outcome, Phase, PlayerState, Standing
from buyword.engine.record import RECORD_FORMAT, GameRecord
from buyword.engine.rules import CHOICE, TABLE_VARIANTS, TILE_LIMITS, VARIANTS, Rules
from buyword.engine.themes import Themes
from buyword.engine.tiles import Spelling, TileSet, default_tiles, price, spell
from buyword.engine.variants import AuctionState, TradeOffer

__all__ = [
    "CHOICE", "RECORD_FORMAT", "TILE_LIMITS", "Action", "Buy", "BuyWordError", "Challenge",
    "Choose", "Dictionary", "Discard", "Done", "Drop", "Game", "GameRecord", "IllegalAction",
    "MalformedAction", "Outcome", "Phase", "PlayerState", "RecordError", "Roll", "Rules", "Sell",
    "Spelling", "Standing", "Themes", "TileSet", "TileSetError", "default_tiles", "parse_action",
    "price", "spell",
    # the table variants
    "TABLE_VARIANTS", "VARIANTS", "Accept", "Auction", "AuctionState", "Bid", "Decline", "Match",
    "Offer", "Pass", "Pick", "TradeOffer",
]
