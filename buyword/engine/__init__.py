"""The rules engine: pure, deterministic, standard library only (rules: docs/rules.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from buyword.engine.lazy import lazy_attributes

if TYPE_CHECKING:
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
    from buyword.engine.dictionary import Dictionary
    from buyword.engine.errors import (
        BuyWordError,
        IllegalAction,
        MalformedAction,
        RecordError,
        TileSetError,
    )
    from buyword.engine.game import Game, Outcome, PlayerState, Standing
    from buyword.engine.phase import Phase
    from buyword.engine.record import RECORD_FORMAT, GameRecord
    from buyword.engine.rules import CHOICE, TILE_LIMITS, VARIANTS, Rules, Variant, variant
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
    "VARIANTS", "Accept", "Auction", "AuctionState", "Bid", "Decline", "Match", "Offer", "Pass",
    "Pick", "TradeOffer", "Variant", "variant",
]

#: The module each public name lives in. They are imported on first use, so that what needs only
#: the rules, the tiles or a record (the title screen, the store) loads without the game, its
#: actions and the variants: the app's start-up does not pay for them.
_HOMES = {
    "Accept": "actions",
    "Action": "actions",
    "Auction": "actions",
    "Bid": "actions",
    "Buy": "actions",
    "Challenge": "actions",
    "Choose": "actions",
    "Decline": "actions",
    "Discard": "actions",
    "Done": "actions",
    "Drop": "actions",
    "Match": "actions",
    "Offer": "actions",
    "Pass": "actions",
    "Pick": "actions",
    "Roll": "actions",
    "Sell": "actions",
    "parse_action": "actions",
    "BuyWordError": "errors",
    "IllegalAction": "errors",
    "MalformedAction": "errors",
    "RecordError": "errors",
    "TileSetError": "errors",
    "Dictionary": "dictionary",
    "Game": "game",
    "Outcome": "game",
    "Phase": "phase",
    "PlayerState": "game",
    "Standing": "game",
    "RECORD_FORMAT": "record",
    "GameRecord": "record",
    "CHOICE": "rules",
    "TILE_LIMITS": "rules",
    "VARIANTS": "rules",
    "Rules": "rules",
    "Variant": "rules",
    "variant": "rules",
    "Themes": "themes",
    "Spelling": "tiles",
    "TileSet": "tiles",
    "default_tiles": "tiles",
    "price": "tiles",
    "spell": "tiles",
    "AuctionState": "variants",
    "TradeOffer": "variants",
}


#: A public name, imported from its module the first time it is asked for.
__getattr__ = lazy_attributes(__name__, _HOMES, globals())
