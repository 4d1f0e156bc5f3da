"""The rules engine: pure, deterministic, standard library only (rules: docs/rules.md)."""

from buyword.engine.actions import (
    Action,
    Buy,
    Challenge,
    Choose,
    Discard,
    Done,
    Drop,
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
from buyword.engine.rules import CHOICE, TILE_LIMITS, Rules
from buyword.engine.themes import Themes
from buyword.engine.tiles import Spelling, TileSet, default_tiles, price, spell

__all__ = [
    "CHOICE", "RECORD_FORMAT", "TILE_LIMITS", "Action", "Buy", "BuyWordError", "Challenge",
    "Choose", "Dictionary", "Discard", "Done", "Drop", "Game", "GameRecord", "IllegalAction",
    "MalformedAction", "Outcome", "Phase", "PlayerState", "RecordError", "Roll", "Rules", "Sell",
    "Spelling", "Standing", "Themes", "TileSet", "TileSetError", "default_tiles", "parse_action",
    "price", "spell",
]
