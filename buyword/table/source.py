"""What a table screen plays (a `TableLink`: a table's runner, or a seat at a hosted table),
and what a runner plays (a `TableSource`: a `TableSession`, or a lesson over one).

The screen subscribes to its link and draws the `TableView`s it is told (`Update`s, which
hold what its holder may see), and sends every answer through `submit`. The same screen so
plays a game held here (`buyword.table.runner.TableRunner`) and a seat at a table someone
else hosts (`buyword.net.remote.SeatLink`, whose views come from the host), the way
boardgame.io's client plays a local or a socket transport. A sale's preview, the hints and
the coach are asked of the link and come back as replies: a runner answers at once from its
session, a hosted seat when its host answers. What only a table played here does (the
computers, the hand-off, undo) a hosted seat's link does as nothing, or refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from buyword.table.coach import CoachLine
    from buyword.table.session import (
        Answer,
        Played,
        Refused,
        SalePreview,
        TableSession,
        Thought,
        Undone,
    )
    from buyword.table.views import TableView


@dataclass(frozen=True)
class Said:
    """A line for the coach's place on a screen that is not the coach's judgement: that the
    coach has stopped (`seat` None: for everyone)."""

    seat: int | None
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Update:
    """What a subscriber is told after a change: the shared screen's view (None for a
    subscriber without one), and the answer or undo that caused it (None for neither: the
    screen changed hands, a seat was handed to a computer, the table was looked at again).
    A hosted seat's link (`buyword.net.remote.SeatLink`) tells the same: its views, and
    `refused`, the host's reason for refusing the answer its screen sent (a runner's
    refusals are `submit`'s own answer, so it never sets it)."""

    view: TableView | None
    played: Played | None = None
    undone: Undone | None = None
    refused: Refused | None = None


#: A subscriber's ways in: the updates, and the coach's lines.
OnUpdate = Callable[[Update], None]
OnSaid = Callable[["CoachLine | Said"], None]
#: How a screen runs the computers' turns (a coroutine) in its event loop: a worker of its
#: own, say. The default is a task of the running loop.
Spawn = Callable[[Coroutine[Any, Any, None]], object]


#: Where the answer to a preview asked for goes.
PreviewReply = Callable[["SalePreview"], object]
#: Where the hints asked for go.
HintsReply = Callable[[Sequence[Any]], object]


class TableSource(Protocol):
    """A table as the screen plays it: the view to draw, and the ways in."""

    def table_view(self, viewer: int | None) -> TableView:
        """What a screen held by `viewer` may draw now."""

    def act(self, seat: int, answer: Answer | str) -> Played | Refused:
        """A seat's answer."""

    def preview(self, seat: int, typed: str) -> SalePreview:
        """What selling `typed` from `seat`'s hand now would do."""

    def hints(self, seat: int, limit: int = 8) -> Sequence[Any]:
        """The best words (or placements) `seat`'s hand can sell now."""

    def think(self) -> Thought:
        """The computer to act decides (a local table only)."""

    def play(self, thought: Thought) -> Played | Refused:
        """Apply a computer's decision (a local table only)."""

    def pause(self, thought: Thought) -> float:
        """How long a computer's decision stays unshown."""

    def skip_ahead(self) -> None:
        """Play the computers' moves at once."""

    def undo(self, seat: int) -> Undone | Refused:
        """Take back `seat`'s last move."""


class TableLink(Protocol):
    """A table as a screen plays it: a runner here (`buyword.table.runner.TableRunner`), or a
    seat at a hosted table (`buyword.net.remote.SeatLink`)."""

    @property
    def session(self) -> TableSession | None:
        """The game, when it is held on this computer (None: the host holds it)."""

    @property
    def coaching(self) -> bool:
        """Whether the coach weighs people's decisions at this table now."""

    def table_view(self) -> TableView:
        """What the screen may draw now."""

    def subscribe(self, on_update: OnUpdate, on_said: OnSaid | None = None) -> None:
        """Tell `on_update` after every change, and `on_said` each line of the coach's that
        this table's screen may hear."""

    def start(self, spawn: Spawn | None = None, may_play: Callable[[], bool] | None = None
              ) -> None:
        """Tell the subscribers how the table stands, and play on: `spawn` runs the
        computers' turns, `may_play()` says whether a move may be shown now."""

    def wake(self) -> None:
        """The screen can show a move now (it said it could not): play on."""

    def close(self) -> None:
        """The screen has gone: tell nobody any more."""

    def submit(self, seat: int, answer: Answer | str) -> Played | Refused:
        """A seat's answer."""

    def take_screen(self, seat: int) -> None:
        """`seat`'s person has taken the shared screen they were handed."""

    def ask_preview(self, seat: int, typed: str, reply: PreviewReply) -> None:
        """Ask what selling `typed` from `seat`'s hand now would do: `reply` is given the
        answer (at once at a table played here, when the host's comes at a hosted one)."""

    def ask_hints(self, seat: int, reply: HintsReply) -> None:
        """Ask for the best words (or placements) `seat`'s hand can sell now: `reply` is
        given them (at once here, when the host's come; not at all if the host refuses).
        Raises BuyWordError when they cannot be asked for."""

    def ask_coach(self, seat: int | None) -> CoachLine | Said | None:
        """F6: Master's choice for `seat`'s decision now (None: no decision of a person's
        now). A runner says it at once; a hosted seat's comes later, to `on_said` (None
        here). Raises BuyWordError, saying why, when it cannot be asked."""

    def let_stand(self, seats: Sequence[int]) -> None:
        """Each of `seats` this link answers for lets the sale on the table stand."""

    def skip_ahead(self) -> None:
        """Show the computers' moves at once."""

    def undo(self, seat: int) -> Undone | Refused:
        """Take back `seat`'s last move."""


class HostPowers(Protocol):
    """What the host may do at a table it serves, beyond playing its own seat (the host's
    screen only: `buyword.net.remote.HostSeat`)."""

    def seat_lines(self) -> list[str]:
        """One short line per seat (the host's seats panel): who plays it, whether they are
        connected, and an open seat's join code."""

    def codes(self) -> list[str]:
        """Where the table is served and its join codes, then who plays each seat (in more
        words than `seat_lines`)."""

    def handed_over(self) -> list[tuple[int, str]]:
        """The people's seats the host may hand to a computer (every one but its own), with
        their names."""

    def watch(self, changed: Callable[[], object]) -> None:
        """Call `changed` whenever a player comes or goes or a seat changes hands."""

    def hand_to_computer(self, seat: int, level: str) -> str:
        """A computer at `level` plays `seat` from now on; what to say about it. Raises
        BuyWordError when it cannot."""

