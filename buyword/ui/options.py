"""What the app is started with: `PlayOptions` and `ReplayOptions`, read from the command line,
and the `Opening`, what the one app opens (no Textual here; a game's setup is
`buyword.store.setup.GameSetup`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from buyword.net.remote import HostSeat, JoinedTable, SeatLink
    from buyword.table.replay import Replay


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


#: How the host's table goes on after it closes (Quit's question, a crash).
HOST_CONTINUES = "The game is saved: buyword host --continue serves it again."


@dataclass(frozen=True)
class Opening:
    """What the app opens, and everything that differs with it: BuyWord played here from the
    title (`Opening()`, the default), the host's own seat at the table this process serves
    (`hosting`), a seat joined at another's table (`joining`), or a finished game stepped
    through (`replaying`). The keys, the help, the game's palette commands and the colours are
    the same whatever it opens (`buyword.ui.app.BuyWordApp`)."""

    #: The host's own seat (`buyword host`): its palette adds the join codes and the hand-over.
    host: HostSeat | None = None
    #: A seat joined at another's table (`buyword join`): F7 shows `rejoin` again.
    joined: JoinedTable | None = None
    #: A finished game to step through (`buyword replay FILE`).
    replay: Replay | None = None
    #: Under the app's title: where the table is.
    sub_title: str = ""
    #: What the palette's Quit says it does.
    quit_says: str = "Leave BuyWord (during a game, asks first; the game is saved)"
    #: What Quit asks at a hosted table still in play: the question and its detail (a game
    #: played here asks its own, from its save).
    leaving: tuple[str, str] = ("", "")
    #: What was running, for a crash report.
    where: str = "the app"
    #: How the person goes on after a crash ("": from the game saved here, if there was one).
    resume: str = ""
    #: The command that takes a joined seat back after a drop ("": not a joined seat).
    rejoin: str = ""

    @classmethod
    def hosting(cls, host: HostSeat) -> Opening:
        """The host's own seat at the table `host`'s server serves."""
        server = host.server
        return cls(host=host, sub_title=f"hosting on {server.host}:{server.port}",
                   quit_says="Close the table for everyone (asks first)",
                   leaving=("Close this table for everyone?", HOST_CONTINUES),
                   where="buyword host", resume=HOST_CONTINUES)

    @classmethod
    def joining(cls, joined: JoinedTable) -> Opening:
        """The seat `joined` holds at another's table (it has joined: its token is known)."""
        rejoin = f"buyword join {joined.host}:{joined.port} {joined.table.token}"
        stays = f"Your seat stays yours: {rejoin} takes it back."
        return cls(joined=joined, sub_title=f"{joined.table.name} at {joined.host}:{joined.port}",
                   quit_says="Leave the table (asks first; your seat stays yours)",
                   leaving=("Leave this table?", stays), where="buyword join", resume=stays,
                   rejoin=rejoin)

    @classmethod
    def replaying(cls, replay: Replay) -> Opening:
        """`replay`'s frames, from the start."""
        return cls(replay=replay, sub_title=f"replay of seed {replay.seed}",
                   quit_says="Leave the replay", where="buyword replay")

    @property
    def plays_here(self) -> bool:
        """Whether BuyWord is played here, from the title: the game's life cycle (start,
        resume, autosave, the daily game, Master's game ahead) runs only then."""
        return self.link is None and self.replay is None

    @property
    def link(self) -> SeatLink | None:
        """The seat's link at a hosted table (the host's own or a joined one); None else."""
        if self.host is not None:
            return self.host.table
        return None if self.joined is None else self.joined.table
