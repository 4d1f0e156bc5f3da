"""What the app is started with (`PlayOptions`) and the plain data its screens share.

No Textual here. A game's setup lives in the table session's package and the settings model in
the store; they are re-exported so that the screens have one place to import them from.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from buyword.store.settings import BOT_SPEEDS, DictionaryChoice, Settings
    from buyword.table.setup import (
        EACH_ROUND,
        NAME_LENGTH,
        GameSetup,
        Seat,
        custom_tiles,
        load_tiles,
        table_name,
    )


@dataclass(frozen=True)
class PlayOptions:
    """How `buyword` (play) was asked to start: the title screen, or straight into a game."""

    seed: int | None = None
    solo: bool = False
    players: tuple[str, ...] = ()
    resume: bool = False  # --continue: resume the autosaved game
    tiles: str | None = None  # --tiles: a tile-set file instead of the bundled set
    #: --variant (and --crossword): the variants' `Rules` fields ("auction", "trade_money").
    variants: tuple[str, ...] = ()

    @property
    def starts_game(self) -> bool:
        """True when the command line asks for a game rather than the title screen."""
        return self.solo or bool(self.players) or self.seed is not None or bool(self.variants)


#: Where each re-exported name lives. They are imported on first use: the command line needs
#: only `PlayOptions`, and the title no game's setup.
_HOMES = {
    **dict.fromkeys(("BOT_SPEEDS", "DictionaryChoice", "Settings"), "buyword.store.settings"),
    **dict.fromkeys(("EACH_ROUND", "NAME_LENGTH", "GameSetup", "Seat", "custom_tiles",
                     "load_tiles", "table_name"), "buyword.table.setup"),
}


def __getattr__(name: str) -> object:
    """A re-exported name, imported from its home the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(home), name)
    return value


__all__ = ["BOT_SPEEDS", "EACH_ROUND", "NAME_LENGTH", "DictionaryChoice", "GameSetup",
           "PlayOptions", "Seat", "Settings", "custom_tiles", "load_tiles", "table_name"]
