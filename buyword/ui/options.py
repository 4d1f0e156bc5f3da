"""What the apps are started with: `PlayOptions` and `ReplayOptions`, read from the command line
(no Textual here; a game's setup is `buyword.store.setup.GameSetup`)."""

from __future__ import annotations

from dataclasses import dataclass


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
    learn: bool = False  # `buyword learn`: the guided first game
    puzzles: bool = False  # `buyword puzzles`: today's puzzle, then those near your rating

    @property
    def starts_game(self) -> bool:
        """True when the command line asks for a game rather than the title screen."""
        return (self.solo or bool(self.players) or self.seed is not None
                or bool(self.variants) or self.learn)


@dataclass(frozen=True)
class ReplayOptions:
    """`buyword replay`'s options (the command line builds them: `buyword.cli`)."""

    file: str  # a game record, or a file name `buyword history` lists
