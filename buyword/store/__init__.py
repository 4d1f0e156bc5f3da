"""Keeping the player's progress: autosave, finished-game records, scores and settings.

`Store` is the one object the app talks to; see its docstring. Nothing in this package raises
for a bad file or a bad disk: bad files are moved aside with a message, and an unusable folder
makes the store keep things in memory and set `Store.warning`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from buyword.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from buyword.store.outcomes import Finished, PastGame
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
    from buyword.store.settings import BOT_SPEEDS, Settings
    from buyword.store.setup import (
        DICTIONARIES,
        EACH_ROUND,
        DictionaryChoice,
        GameSetup,
        Seat,
        custom_tiles,
        load_tiles,
        table_name,
    )
    from buyword.store.store import Loaded, Slot, Store, read_game_file

__all__ = [
    "BOT_SPEEDS", "DICTIONARIES", "EACH_ROUND", "DictionaryChoice", "GameSetup", "Seat",
    "custom_tiles", "load_tiles", "table_name", "HOME_VARIABLE", "MIGRATIONS", "SAVE_FORMAT",
    "SCORES_FORMAT", "DailyEntry", "Finished", "Loaded", "PastGame", "Places", "SavedGame",
    "ScoreBook", "Settings", "Slot", "SoloResult", "SoloScore", "SoloStats", "Store", "daily_rules",
    "daily_seed", "locate", "read_game_file", "read_save", "rules_key",
]

#: The module each public name lives in. They are imported on first use, so that what needs
#: one part of the store (the command line needs only the settings' model) loads without the
#: rest: the app's start-up pays only for what the title reads.
_HOMES = {
    **dict.fromkeys(("HOME_VARIABLE", "Places", "locate"), "places"),
    **dict.fromkeys(("MIGRATIONS", "SAVE_FORMAT", "SavedGame", "read_save"), "saves"),
    **dict.fromkeys(("SCORES_FORMAT", "DailyEntry", "ScoreBook", "SoloResult", "SoloScore",
                     "SoloStats",
                     "daily_rules", "daily_seed", "rules_key"), "scores"),
    **dict.fromkeys(("BOT_SPEEDS", "Settings"), "settings"),
    **dict.fromkeys(("DICTIONARIES", "EACH_ROUND", "DictionaryChoice", "GameSetup", "Seat",
                     "custom_tiles", "load_tiles", "table_name"), "setup"),
    **dict.fromkeys(("Loaded", "Slot", "Store", "read_game_file"), "store"),
    **dict.fromkeys(("Finished", "PastGame"), "outcomes"),
}


#: A public name, imported from its module the first time it is asked for.
__getattr__ = lazy_attributes(__name__, _HOMES, globals())
