"""What finishing a game and listing past games return: loaded with the first finished game
or `buyword history`, not with the title (making a dataclass costs start-up about 0.5 ms)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from buyword.store.saves import SavedGame
    from buyword.store.scores import SoloResult


@dataclass(frozen=True)
class Finished:
    """What `Store.finish_game` did: where the record went and what the solo score meant."""

    name: str  # the record's name in the data folder ("games/...json")
    path: Path | None  # where it is on disk (None when kept in memory only)
    solo: SoloResult | None = None  # a scored solo game's result
    note: str | None = None  # e.g. why a solo game was not scored
    #: A table game's ratings after it, a line for each seat ("Ann 27.3 ± 7.2 (+2.3)").
    ratings: tuple[str, ...] = ()


@dataclass(frozen=True)
class PastGame:
    """One finished game as `buyword history` lists it."""

    name: str
    path: Path | None
    saved: SavedGame | None  # None if the file could not be read
    problem: str | None = None
