"""The table runner: the one turn loop of a table, without a screen (no Textual).

A `TableRunner` owns a `TableSession` and decides what happens next: which seat is asked,
who holds a screen the people share (the hand-off), when a computer thinks and when its move
is shown, the challenge window, the coach, and a sale skipped when the seat can sell nothing
at all. Everything that shows a table subscribes to it and is told after every change
(`subscribe`); every answer goes in through `submit(seat, answer)`.

Its core is a plain synchronous step, which simulations drive at full speed:

    runner = TableRunner(session)
    runner.play_out()              # the computers play until a person is asked (or the end)
    runner.submit(seat, "roll")    # a person's answer: Played, or Refused with the reason

A screen drives it asynchronously (`start`): computers think in a worker thread and their
moves are paced for people (`TableSession.pause`), the coach weighs in a thread of its own,
and a screen that cannot show a move yet (the die still tumbling, a window too small) says
so through `may_play` and calls `wake` when it can.

Autosaving is the session's `on_change` hook, called by the session after every change.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from buyword.engine import BuyWordError, Done
from buyword.engine.phase import Phase
from buyword.table.session import (
    Answer,
    Pass,
    Played,
    Refused,
    SalePreview,
    TableSession,
    Thought,
    Undone,
)
from buyword.table.source import (
    HintsReply,
    OnSaid,
    OnUpdate,
    PreviewReply,
    Said,
    Spawn,
    TableSource,
    Update,
)
from buyword.table.views import LessonView, TableView, Wait

if TYPE_CHECKING:
    from buyword.table.coach import Coach, CoachLine
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate


@dataclass
class _Subscriber:
    on_update: OnUpdate
    on_said: OnSaid | None
    screen: bool


class TableRunner:
    """The turn flow of one table (see the module's docstring)."""

    def __init__(self, session: TableSession, *, source: TableSource | None = None,
                 shared_screen: bool = True, pace: bool = True,
                 own_screens: bool = False,
                 lesson: Callable[[], LessonView] | None = None) -> None:
        """Run `session`'s game. `source`: what people's answers, undos, previews and hints
        go through (a `buyword.table.lessons.Tutorial` lets through only what its lesson
        waits for); the session itself by default.

        `shared_screen`: the people share one screen (a local table), handed between them
        when their hands are private; else each has their own (a hosted table) and nobody
        holds a shared one. `pace`: computers' moves are shown at the session's pace (else
        at once). `own_screens`: the coach's lines need not name their person. `lesson`:
        what a guided game's lesson panel says now (the shared screen's views carry it)."""
        self.session = session
        self.source: TableSource = source if source is not None else session
        self.shared_screen = shared_screen
        self.pace = pace
        self.own_screens = own_screens
        self.lesson = lesson
        #: The seat holding the shared screen (None: nobody's hand is shown).
        self.holder: int | None = None
        #: The person who last held it, through computers' turns (which hand it to nobody):
        #: no hand-off back to them. None once others may have had it (a challenge).
        self.held_by: int | None = None
        #: The seat the shared screen is being handed to (its person is asked to take it).
        self.handing_to: int | None = None
        people = session.people
        if shared_screen and len(people) == 1:  # one person holds it all game
            self.holder = self.held_by = people[0]
        #: The coach, once it is on (the table's setting, or a person's F6).
        self.coach: Coach | None = None
        #: Why the coach stopped (it failed: the table plays on without it).
        self.coach_stopped: str | None = None
        self._subscribers: list[_Subscriber] = []
        self._spawn: Spawn | None = None
        self._may_play: Callable[[], bool] = lambda: True
        self._loop: asyncio.AbstractEventLoop | None = None
        self._driving = False
        self._pending: tuple[int, Thought] | None = None  # a decision not shown yet
        self._skipping: asyncio.Event | None = None
        self._closed = False

    # ------------------------------------------------------------------ subscribing

    def subscribe(self, on_update: OnUpdate, on_said: OnSaid | None = None, *,
                  screen: bool = True) -> None:
        """Tell `on_update` after every change (with the shared screen's view if `screen`),
        and `on_said` each line of the coach's."""
        self._subscribers.append(_Subscriber(on_update, on_said, screen))

    def unsubscribe(self, on_update: OnUpdate) -> None:
        """Stop telling `on_update`."""
        self._subscribers = [s for s in self._subscribers if s.on_update != on_update]

    def table_view(self) -> TableView:
        """The shared screen's view now: what its holder may see, and whom it is being
        handed to."""
        view = self.session.table_view(self.holder)
        if self.handing_to is not None or self.lesson is not None:
            view = replace(view, handing_to=self.handing_to,
                           lesson=None if self.lesson is None else self.lesson())
        return view

    def _publish(self, played: Played | None = None, undone: Undone | None = None) -> None:
        if not self._subscribers:
            return
        shared = self.table_view() if any(s.screen for s in self._subscribers) else None
        for subscriber in list(self._subscribers):
            subscriber.on_update(Update(shared if subscriber.screen else None, played, undone))

    def _say(self, said: CoachLine | Said) -> None:
        for subscriber in list(self._subscribers):
            if subscriber.on_said is not None:
                subscriber.on_said(said)

    # ------------------------------------------------------------------ the one way in

    def submit(self, seat: int, answer: Answer | str) -> Played | Refused:
        """`seat`'s answer (an action, its text, or a pass in the challenge window): the
        table moves on and every subscriber is told, or the reason it was refused."""
        result = self.source.act(seat, answer)
        if isinstance(result, Played):
            self._moved(result)
        return result

    def let_stand(self, seats: Sequence[int]) -> None:
        """Each of `seats` lets the sale on the table stand (one update for them all)."""
        played = None
        for seat in seats:
            result = self.source.act(seat, Pass())
            if isinstance(result, Played):
                played = result
        self._moved(played)

    def take_screen(self, seat: int) -> None:
        """`seat`'s person has taken the shared screen they were handed."""
        if self.handing_to != seat:
            return
        self.handing_to = None
        self.holder = self.held_by = seat
        self._publish()

    def undo(self, seat: int) -> Undone | Refused:
        """Take back `seat`'s last move (docs/rules.md, "Undo"); every subscriber is told."""
        result = self.source.undo(seat)
        if isinstance(result, Undone):
            self._pending = None
            self._turn()
            self._publish(undone=result)
            self._coach_update()
        return result

    def skip_ahead(self) -> None:
        """Show the computers' moves at once, up to the next person's turn."""
        self.session.skip_ahead()
        if self.session.skipping and self._skipping is not None:
            self._skipping.set()

    def preview(self, seat: int, typed: str) -> SalePreview:
        """What selling `typed` from `seat`'s hand now would do."""
        return self.source.preview(seat, typed)

    def hints(self, seat: int) -> list[Candidate] | list[Move]:
        """The best words (or placements) `seat`'s hand can sell now; the game is marked as
        played with hints. Raises BuyWordError when there are none to be had."""
        return self.session.hints(seat)

    def ask_preview(self, seat: int, typed: str, reply: PreviewReply) -> None:
        """A screen's question: `reply` is given the preview at once (see `preview`)."""
        reply(self.preview(seat, typed))

    def ask_hints(self, seat: int, reply: HintsReply) -> None:
        """A screen's F2: `reply` is given the hints at once (see `hints`). Raises
        BuyWordError when there are none to be had."""
        reply(self.hints(seat))

    def refresh(self) -> None:
        """The session changed outside the runner (a seat handed to a computer, a person
        back at their seat): look again, tell everyone, and go on."""
        self._pending = None
        self._turn()
        self._publish()
        self._coach_update()
        self.wake()

    def _moved(self, played: Played | None) -> None:
        """After an accepted answer: who acts next, everyone told, the coach, computers."""
        skipped = self._turn()
        self._publish(played or skipped)
        self._coach_update()
        self.wake()

    # ------------------------------------------------------------------ who acts next

    def _turn(self) -> Played | None:
        """Decide who acts next and who holds the shared screen; a person's sale that
        cannot sell anything is finished for them (what that hides is public: the count
        of their letter tiles). Returns the last sale so finished, if any."""
        session = self.session
        skipped = None
        while (seat := self.hopeless_sale()) is not None:
            result = session.act(seat, Done())
            if not isinstance(result, Played):
                break
            skipped = result
        if not self.shared_screen:
            return skipped
        awaiting = session.awaiting()
        hand_off = session.hand_off
        if awaiting.wait is Wait.OVER:
            self.handing_to = None
        elif awaiting.computer:
            self.handing_to = None
            if hand_off and self.holder is not None:
                self.held_by, self.holder = self.holder, None  # still sitting there
        elif awaiting.wait is Wait.CHALLENGE:
            self.handing_to = None
            if hand_off:  # everyone asked may take the screen; the prompt never sits over
                self.held_by = self.holder = None  # the seller's tiles
        else:
            seat = awaiting.seat
            assert seat is not None
            if hand_off and self.holder != seat and self.held_by != seat:
                self.holder, self.handing_to = None, seat
            else:
                self.handing_to = None
                self.holder = self.held_by = seat
        return skipped

    def hopeless_sale(self) -> int | None:
        """The person asked to sell now, when they cannot sell any word at all and finishing
        their sale for them changes nothing they could do: at a table of several people,
        never while a move of theirs may still be taken back. None otherwise."""
        session = self.session
        game = session.game
        if game.phase is not Phase.SELL or len(session.people) < 2:
            return None
        awaiting = session.awaiting()
        seat = awaiting.seat
        if (awaiting.wait is not Wait.SELL or awaiting.computer or seat is None
                or session.can_sell(seat)):
            return None
        # A move of theirs that stands is no reason to ask: a sale in challenge mode, or any
        # move at a hosted table (each person's own screen, where a move stands once sent).
        if self.shared_screen and session.why_not_undo(seat, awaiting) is None:
            return None
        return seat

    # ------------------------------------------------------------------ full speed

    def step(self) -> Thought | None:
        """One computer's move, thought out and played here and now (no pacing): the
        decision, or None when no computer is to act."""
        session = self.session
        if not session.awaiting().computer:
            return None
        thought = self.source.think()
        self._play(thought)
        return thought

    def play_out(self, on_thought: Callable[[Thought], None] | None = None,
                 cancelled: Callable[[], bool] | None = None) -> bool:
        """The computers play at full speed until a person is asked or the game is over:
        `on_thought` is told each decision before it is played, and `cancelled()` is asked
        before each (True stops them). Returns False if cancelled."""
        session = self.session
        self._turn()
        while session.awaiting().computer:
            if cancelled is not None and cancelled():
                return False
            thought = self.source.think()
            if on_thought is not None:
                on_thought(thought)
            self._play(thought)
        return True

    def _play(self, thought: Thought) -> None:
        result = self.source.play(thought)
        if isinstance(result, Played):
            self._moved_quietly(result)

    def _moved_quietly(self, played: Played) -> None:
        skipped = self._turn()
        self._publish(skipped or played)
        self._coach_update()

    def begin(self) -> None:
        """Decide who acts first and tell every subscriber how the table stands."""
        self._turn()
        self._publish()
        self._coach_update()

    # ------------------------------------------------------------------ paced, for screens

    def start(self, spawn: Spawn | None = None, may_play: Callable[[], bool] | None = None
              ) -> None:
        """Drive the table in the running event loop: tell every subscriber how it stands,
        then play the computers as they are asked. `spawn` runs their turns (a coroutine);
        `may_play()` is asked before each move is shown (False: `wake` when it may)."""
        self._loop = asyncio.get_running_loop()
        self._spawn = spawn
        if may_play is not None:
            self._may_play = may_play
        self._skipping = asyncio.Event()
        self.begin()
        self.wake()

    def wake(self) -> None:
        """Play the computers if one is to act (a screen that could not show a move can now)."""
        if self._loop is None or self._driving or self._closed:
            return
        if not self.session.awaiting().computer:
            return
        self._driving = True
        job = self._computers()
        if self._spawn is None:
            self._loop.create_task(job)
        else:
            self._spawn(job)

    async def _computers(self) -> None:
        """The computers take their turns, thinking in a worker thread, each move shown at
        the table's pace, until a person is asked (or a screen cannot show a move yet)."""
        try:
            while not self._closed:
                session = self.session
                awaiting = session.awaiting()
                if not awaiting.computer:
                    return
                moves = len(session.game.actions)
                pending = self._pending
                if pending is None or pending[0] != moves or \
                        pending[1].seat not in awaiting.seats:
                    try:
                        thought = await asyncio.to_thread(self.source.think)
                    except BuyWordError:  # no computer to act after all (a seat changed
                        continue  # hands as it began): look again
                    if self._closed or len(session.game.actions) != moves \
                            or not session.awaiting().computer:
                        continue  # the table moved on while it thought (an undo, a seat)
                    self._pending = pending = (moves, thought)
                thought = pending[1]
                pause = self.source.pause(thought) if self.pace else 0.0
                if pause > 0:
                    assert self._skipping is not None
                    self._skipping.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._skipping.wait(), pause)
                if self._closed or self._pending is not pending:
                    continue
                if not self._may_play():
                    return  # the screen wakes the table when it can show the move
                self._pending = None
                result = self.source.play(thought)
                if isinstance(result, Played):
                    self._moved_quietly(result)
                await asyncio.sleep(0)  # let the screens draw it
        finally:
            self._driving = False

    def close(self) -> None:
        """The table closes: the coach and the computers stop; nobody is told any more."""
        self._closed = True
        self._subscribers.clear()
        if self.coach is not None:
            self.coach.close()

    # ------------------------------------------------------------------ the coach

    @property
    def coaching(self) -> bool:
        """Whether the coach is on (the table's setting, or a person's F6)."""
        return self.session.coaching and self.coach_stopped is None

    def _start_coach(self) -> Coach:
        """The coach, started now if it is not yet: Master weighs each person's decisions
        from their own view, in a thread of its own, and wakes the table when ready."""
        if self.coach is None:
            from buyword.table.coach import Coach, coach_master

            session = self.session
            loop = self._loop

            def woken() -> None:  # from the coach's thread
                if loop is not None:
                    with contextlib.suppress(RuntimeError):  # the loop has closed
                        loop.call_soon_threadsafe(self._coach_update)

            self.coach = Coach(session, lambda: coach_master(session), on_ready=woken,
                               own_screens=self.own_screens)
        return self.coach

    def _coach_update(self) -> None:
        """After every move, and whenever the coach has weighed something: start it on the
        decision a person makes now, and tell what it has to say."""
        if self._closed or self.coach_stopped is not None or (
                self.coach is None and not self.session.coaching):
            return
        coach = self._start_coach()
        try:
            lines: list[CoachLine] = coach.update()
        except Exception as error:  # the coach must never stop the table
            from buyword.engine.wording import trouble

            coach.close()
            self.coach_stopped = f"The coach has stopped in this game ({trouble(error)})"
            self._say(Said(None, self.coach_stopped))
            return
        for line in lines:
            self._say(line)

    def ask_coach(self, seat: int | None) -> CoachLine:
        """F6, "what would Master do?": Master's choice for `seat`'s decision now, or that it
        is coming (told as a line of the coach's when ready). It turns the coach on for the
        rest of the game. Raises BuyWordError, saying why, when it cannot be asked."""
        if self.coach_stopped is not None:
            raise BuyWordError(self.coach_stopped)
        coach = self._start_coach()
        said = coach.ask(seat)
        self._coach_update()
        return said
