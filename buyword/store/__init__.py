"""Keeping the player's progress: autosave, finished-game records, scores and settings.

`Store` is the one object the app talks to; see its docstring. Nothing in this package raises
for a bad file or a bad disk: bad files are moved aside with a message, and an unusable folder
makes the store keep things in memory and set `Store.warning`.
"""

from buyword.store.places import HOME_VARIABLE, Places, locate
from buyword.store.saves import MIGRATIONS, SAVE_FORMAT, SavedGame, read_save
from buyword.store.scores import (
    SCORES_FORMAT,
    DailyEntry,
    ScoreBook,
    SoloResult,
    SoloScore,
    SoloStats,
    daily_rules,
    daily_seed,
    rules_key,
)
from buyword.store.settings import BOT_SPEEDS, BUNDLED, DICTIONARIES, Settings
from buyword.store.store import Finished, Loaded, PastGame, Slot, Store, read_game_file

__all__ = [
    "BOT_SPEEDS", "BUNDLED", "DICTIONARIES", "HOME_VARIABLE", "MIGRATIONS", "SAVE_FORMAT",
    "SCORES_FORMAT", "DailyEntry", "Finished", "Loaded", "PastGame", "Places", "SavedGame",
    "ScoreBook", "Settings", "Slot", "SoloResult", "SoloScore", "SoloStats", "Store", "daily_rules",
    "daily_seed", "locate", "read_game_file", "read_save", "rules_key",
]
