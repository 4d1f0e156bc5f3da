"""The coach at the table: while a person decides, Master weighs the options in the background,
and just after the decision one line says how it compared (docs/review.md, "Coach"). No Textual.

    coach = Coach(session, coach_master(session), on_ready=wake)   # wake: from its thread
    lines = coach.update()     # after every move, and when woken: the lines ready now
    line = coach.ask(seat)     # F6, "what would Master do?": marks the game as coached
    coach.close()

Each appraisal is the review's own for that decision: the same luck (`decision_stream`), the
same budget counted in rollouts, the person's decision among the options. So the end-of-game
review takes the ones kept in the session (and in its save) instead of weighing them again
(`review_game(..., known=known_appraisals(session.appraisals))`) and gives the same verdict.

The person's decision is not known while they make it, so the coach weighs Master's options
first (Master's own appraisal: what F6 shows), then each of those options as the person's
decision: whichever of them the person takes, its line is ready at once. A decision Master did
not consider is weighed once it is made, and its line comes when it is ready: the table never
waits. Computers are never coached, and the coach sees only the seat's own `SeatView`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

import msgspec

from buyword.bots.master import Appraisal, Decision, Estimate
from buyword.bots.rollout import modelled
from buyword.engine import Buy, BuyWordError, Choose, Discard, Drop, GameRecord, Sell, price
from buyword.engine.actions import Action, Challenge, parse_action
from buyword.engine.phase import Phase
from buyword.engine.tiles import parse_spelling
from buyword.engine.wording import dollars, possessive
from buyword.store.codec import plain
from buyword.store.stats import RecordedWords
from buyword.table.views import COACHED_WAITS
from buyword.table.weighing import (
    DEFAULT_ROLLOUTS,
    Appraiser,
    DecisionMaker,
    Moment,
    Reviewed,
    decision_stream,
    moments,
    review_master,
    same,
    verdict,
    view_at,
    weighing_key,
)

if TYPE_CHECKING:
    from buyword.bots.view import SeatView
    from buyword.table.session import TableSession
    from buyword.table.views import TableView

#: The coach's budget: the review's, so that the review can reuse what the coach weighed.
COACH_ROLLOUTS = DEFAULT_ROLLOUTS

#: A kept appraisal's key (`buyword.table.weighing.weighing_key`).
Key = tuple[str, int | None, float | None, tuple[str, ...]]


@dataclass(frozen=True)
class CoachLine:
    """One thing the coach says to one seat: how a decision compared, or Master's choice.
    Its text names the decision it judged ("Coach on your buy of QXZ (round 2): ...")."""

    seat: int
    text: str
    #: Where the decision it speaks of starts in the game's record (the number of actions
    #: before it): an undo back past there takes the line back too.
    decision: int | None = None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ShownLine:
    """A coach line on a screen: it stays while its person makes the decision they were
    making when it was shown (if any), and leaves when their next decision starts
    (docs/review.md, "Coach"). Read from the screen's views (`TableView.deciding`), so a
    table played here and a seat at a hosted one keep it alike."""

    seat: int
    #: The decision its person was making when it was shown (None: they were making none).
    through: tuple[int, str] | None

    @classmethod
    def shown(cls, seat: int, view: TableView) -> ShownLine:
        """A line for `seat`, shown now on a screen drawing `view`."""
        return cls(seat, view.deciding(seat))

    def stands(self, view: TableView) -> bool:
        """Whether the line still belongs on a screen drawing `view`: its person has started
        no decision since it was shown."""
        now = view.deciding(self.seat)
        return now is None or now == self.through


@dataclass
class _Watched:
    """A person's decision the coach is weighing: where it starts, its view and its luck."""

    moment: Moment
    view: SeatView
    stream: str
    #: F6 asked for Master's choice, not yet told.
    asked: bool = False
    #: A round's selling once it is over (its actions: it is never taken back).
    sold: tuple[Action, ...] | None = None


@dataclass(frozen=True)
class _Job:
    """One appraisal to make: `also` holds the person's decision (none: Master's own)."""

    key: Key
    view: SeatView
    also: tuple[Decision, ...]
    stream: str
    #: Master's own appraisal: once made, weigh each of its options as the person's decision.
    spreads: bool = False


@dataclass
class _Worker:
    """Makes appraisals one at a time, in a thread of its own (or, without one, when asked:
    `run_all`); the most wanted first."""

    #: Master, or how to make it (made on first use, in the worker's thread).
    master: Appraiser | Callable[[], Appraiser]
    rollouts: int
    on_ready: Callable[[], None] | None = None
    background: bool = True
    results: dict[Key, Appraisal | str] = field(default_factory=dict)
    jobs: list[_Job] = field(default_factory=list)
    #: The streams of decisions still being made: only their options are weighed ahead.
    live: set[str] = field(default_factory=set)
    #: The appraisal being made now, if any.
    making: Key | None = None
    closed: bool = False
    lock: threading.Condition = field(default_factory=threading.Condition)
    thread: threading.Thread | None = None

    def add(self, job: _Job, first: bool = False) -> None:
        """Weigh `job` (unless it is made or queued); `first`: before anything queued."""
        with self.lock:
            if job.key in self.results or job.key == self.making:
                return
            queued = [j for j in self.jobs if j.key == job.key]
            for old in queued:
                self.jobs.remove(old)
            job = queued[0] if queued else job
            self.jobs.insert(0 if first else len(self.jobs), job)
            self.lock.notify_all()
        if self.background and self.thread is None:
            self.thread = threading.Thread(target=self._run, name="coach", daemon=True)
            self.thread.start()

    def result(self, key: Key) -> Appraisal | str | None:
        """The appraisal for `key` (a string: why there is none), or None if not yet made."""
        with self.lock:
            return self.results.get(key)

    def watch(self, stream: str) -> None:
        """A decision of `stream` is being made: weigh its options ahead."""
        with self.lock:
            self.live.add(stream)

    def settle(self, stream: str, made: Key) -> None:
        """The decision of `stream` is made (its key `made`): nothing else of it need be
        weighed now."""
        with self.lock:
            self.live.discard(stream)
            self.jobs = [j for j in self.jobs if j.stream != stream or j.key == made]

    def run_all(self) -> None:
        """Without a thread: make every queued appraisal now."""
        while True:
            with self.lock:
                if not self.jobs:
                    return
                job = self.jobs.pop(0)
            self._make(job)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing is queued or being made (True), or `timeout` seconds pass."""
        if not self.background:
            self.run_all()
            return True
        with self.lock:
            return self.lock.wait_for(lambda: not self.jobs and self.making is None, timeout)

    def close(self) -> None:
        """Stop after the appraisal being made (the thread is a daemon: it never holds the
        app open)."""
        with self.lock:
            self.closed = True
            self.jobs.clear()
            self.lock.notify_all()

    def _run(self) -> None:
        while True:
            with self.lock:
                self.lock.wait_for(lambda: self.jobs or self.closed)
                if self.closed:
                    return
                job = self.jobs.pop(0)
                self.making = job.key
            self._make(job)

    def _make(self, job: _Job) -> None:
        """Appraise `job` and keep the answer; wake the table."""
        try:
            if not hasattr(self.master, "appraisal"):
                self.master = self.master()
            result: Appraisal | str = self.master.appraisal(
                job.view, also=job.also, stream=job.stream, rollouts=self.rollouts)
        except ValueError as error:  # a decision Master cannot weigh, in its words
            result = str(error)
        except Exception as error:  # a broken Master must never stop the table
            from buyword.engine.wording import trouble

            result = trouble(error)
        with self.lock:
            self.results[job.key] = result
            if job.spreads and isinstance(result, Appraisal) and job.stream in self.live:
                for estimate in result.estimates:
                    actions = estimate.decision.actions
                    key = weighing_key(job.stream, self.rollouts, None, actions)
                    if key not in self.results and all(j.key != key for j in self.jobs):
                        self.jobs.append(_Job(key, job.view, (estimate.decision,), job.stream))
            self.making = None
            self.lock.notify_all()
        if self.on_ready is not None and not self.closed:
            self.on_ready()


class Coach:
    """Master weighing each person's decision at a table, told just after it is made."""

    def __init__(self, session: TableSession, master: Appraiser | Callable[[], Appraiser],
                 decision: DecisionMaker = Decision, *, rollouts: int = COACH_ROLLOUTS,
                 background: bool = True, on_ready: Callable[[], None] | None = None,
                 own_screens: bool = False) -> None:
        """Coach the people at `session` with `master` (or what makes it, when first needed:
        `coach_master`, which takes a moment), `rollouts` an option
        at each decision. `background`: weigh in a thread of its own, calling `on_ready()`
        (from that thread) when an appraisal is made; without it, `update` weighs there and
        then (tests). The session's kept appraisals (a resumed game's) are used again.
        `own_screens`: each person reads their lines on a screen of their own (a hosted
        table), so a line need not name its person."""
        self.session = session
        self.own_screens = own_screens
        self.decision = decision
        self.rollouts = rollouts
        self.worker = _Worker(master, rollouts, on_ready, background)
        kept = known_appraisals(session.appraisals)
        self.worker.results.update(kept)
        #: The keys of the appraisals kept in the session (each is kept once).
        self.kept: set[Key] = set(kept)
        self.watched: dict[int, _Watched] = {}

    # ------------------------------------------------------------------ the interface

    def update(self) -> list[CoachLine]:
        """Start on the decision a person is making now (when the coach is on), and return
        the lines ready: how each decision just made compared, Master's choice asked for."""
        self._watch()
        if self.worker.background:
            return self._told()
        self.worker.run_all()
        lines = self._told()  # a decision Master did not consider is weighed now
        self.worker.run_all()
        return lines + self._told()

    def ask(self, seat: int | None) -> CoachLine:
        """F6: Master's choice for `seat`'s decision now, or that it is coming (it is told
        by `update` when ready). Marks the game as coached (the coach goes on from here).
        Raises BuyWordError when `seat` has no decision Master can weigh now."""
        session = self.session
        watched = self._awaited(seat)
        if watched is None:
            raise BuyWordError(self.why_not_ask(seat) or "there is no decision to weigh now")
        assert seat is not None
        session.note_coach(seat)
        self._watch()
        watched = self.watched[watched.moment.index]
        if not self.worker.background:
            self.worker.run_all()
        answer = self.worker.result(self._own_key(watched))
        if answer is None:
            watched.asked = True
            return CoachLine(seat, self._prefix(seat) + "Master is weighing the options; its "
                             "choice comes here in a moment", watched.moment.index)
        return CoachLine(seat, self._choice_line(watched, answer), watched.moment.index)

    def why_not_ask(self, seat: int | None) -> str | None:
        """Why F6 has nothing to weigh for `seat` now, in a player's words (None: it has)."""
        session = self.session
        if seat is None or not 0 <= seat < len(session.seats) or not session.seats[seat].human:
            return "The coach weighs a person's decisions, on their turn"
        awaiting = session.awaiting()
        if awaiting.computer or awaiting.seats != (seat,):
            return "The coach weighs your decisions on your turn"
        view = session.view(seat)
        missing = modelled(view)
        if missing is not None:
            return (f"The coach cannot weigh a game with {missing}: Master's rollouts play "
                    "the printed rules only")
        if awaiting.wait not in COACHED_WAITS or _kind(view) is None:
            return ("There is no decision to weigh now: the coach weighs the draw count, "
                    "buying, selling and the tile limit (not a discard you cannot avoid)")
        return None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every queued appraisal is made (tests, benchmarks); False on timeout."""
        return self.worker.wait(timeout)

    def close(self) -> None:
        """Stop weighing (the table is closing)."""
        self.worker.close()

    # ------------------------------------------------------------------ watching decisions

    def _watch(self) -> None:
        """When the coach is on and a person is to decide, start weighing the decision."""
        session = self.session
        awaiting = session.awaiting()
        if not session.coaching or awaiting.computer or len(awaiting.seats) != 1:
            return
        seat = awaiting.seats[0]
        watched = self._awaited(seat)
        if watched is None or watched.moment.index in self.watched:
            return
        session.note_coach(seat)
        self.watched[watched.moment.index] = watched
        self.worker.watch(watched.stream)
        self.worker.add(_Job(self._own_key(watched), watched.view, (), watched.stream, True))

    def _awaited(self, seat: int | None) -> _Watched | None:
        """The decision `seat` (a person) is making now, if Master can weigh it."""
        if seat is None or self.why_not_ask(seat) is not None:
            return None
        session = self.session
        game = session.game
        index = _decision_start(game.actions, game.phase)
        known = self.watched.get(index)
        if known is not None:
            return known
        view = session.view(seat) if index == len(game.actions) else self._view_then(index, seat)
        kind = _kind(view)
        assert kind is not None
        return _Watched(Moment(index, seat, view.round, kind, ()), view,
                        decision_stream(game.seed, index))

    def _view_then(self, index: int, seat: int) -> SeatView:
        """`seat`'s view when its selling began, `index` actions into the game (a game resumed
        in the middle of a person's selling)."""
        accept = RecordedWords()
        game = GameRecord.of(self.session.game).replay(accept, upto=index, themes=accept)
        return view_at(game, seat, self.session.private_hands)

    def _own_key(self, watched: _Watched) -> Key:
        return weighing_key(watched.stream, self.rollouts, None, ())

    # ------------------------------------------------------------------ telling

    def _told(self) -> list[CoachLine]:
        lines = []
        for index, watched in list(self.watched.items()):
            made = self._decided(watched)
            if made is None:
                if watched.asked:
                    own = self.worker.result(self._own_key(watched))
                    if own is not None:
                        watched.asked = False
                        lines.append(CoachLine(watched.moment.seat,
                                               self._choice_line(watched, own),
                                               watched.moment.index))
                continue
            if made == ():  # no decision after all
                del self.watched[index]
                continue
            line = self._compared(watched, made)
            if line is not None:
                del self.watched[index]
                lines.append(line)
        return lines

    def _decided(self, watched: _Watched) -> tuple[Action, ...] | None:
        """The actions of the watched decision once it is made (None: not yet)."""
        game = self.session.game
        index, kind = watched.moment.index, watched.moment.kind
        actions = game.actions
        if len(actions) <= index:
            if len(actions) < index:  # taken back beyond its start
                del self.watched[index]
            return None
        if kind != "sell":
            return (parse_action(actions[index]),)
        if watched.sold is None and "done" in actions[index:]:
            watched.sold = _sold(GameRecord.of(game), watched.moment)
        return watched.sold

    def _compared(self, watched: _Watched, made: tuple[Action, ...]) -> CoachLine | None:
        """How the decision `made` compared, once its appraisal is ready (None: not yet)."""
        mine = self.decision(made)
        key = weighing_key(watched.stream, self.rollouts, None, made)
        answer = self.worker.result(key)
        self.worker.settle(watched.stream, key)
        if answer is None:
            self.worker.add(_Job(key, watched.view, (mine,), watched.stream), first=True)
            return None
        seat = watched.moment.seat
        prefix = self._prefix(seat, (watched.moment.round, mine, watched.view))
        if isinstance(answer, str):
            return CoachLine(seat, f"{prefix}no word on this one ({answer})",
                             watched.moment.index)
        if key not in self.kept:
            self.kept.add(key)
            self.session.keep_appraisal(seat, kept_entry(key, answer))
        moment = replace(watched.moment, actions=made)
        return CoachLine(seat, prefix + coach_says(
            verdict(answer, mine, moment), answer, mine, watched.view,
            self._told_figure(watched, answer)), watched.moment.index)

    def _told_figure(self, watched: _Watched, answer: Appraisal) -> float | None:
        """The money at the end F6 gives for Master's choice of `watched` (its own
        appraisal's), if that is the choice `answer` found best too: one figure for it."""
        own = self.worker.result(self._own_key(watched))
        if not isinstance(own, Appraisal):
            return None
        best = own.estimates[0]
        return best.mean if same(best.decision.actions,
                                 answer.estimates[0].decision.actions) else None

    def _choice_line(self, watched: _Watched, answer: Appraisal | str) -> str:
        seat = watched.moment.seat
        if isinstance(answer, str):
            return f"{self._prefix(seat)}Master cannot weigh this one ({answer})"
        best = answer.estimates[0]
        return (f"{self._prefix(seat)}Master would {_doing(best.decision, 'would')} "
                f"(about {dollars(round(best.mean))} at the end)")

    def _prefix(self, seat: int, judged: tuple[int, Decision, SeatView] | None = None) -> str:
        """"Coach: " at a table of one person, or where each person has a screen of their
        own (a hosted table); "Coach for Ann: " when several share one. A line on a decision
        made names it, `judged` (its round, the decision, the view it was made from):
        "Coach on your buy of QXZ (round 2): ", "Coach on Ann's buy of QXZ (round 2): "."""
        shared = len(self.session.people) > 1 and not self.own_screens
        name = self.session.game.names[seat]
        if judged is None:
            return f"Coach for {name}: " if shared else "Coach: "
        number, decision, view = judged
        whose = possessive(name, you=not shared, start=False)
        return f"Coach on {whose} {_named(decision, view)} (round {number}): "


# ----------------------------------------------------------------- what the coach says


def coach_says(reviewed: Reviewed, appraisal: Appraisal, mine: Decision, view: SeatView,
               told: float | None = None) -> str:
    """The line after a decision, from the review's verdict on it: as good as Master's, about
    the same within the noise, or what Master's choice was worth more, and why. `told`: the
    money at the end F6 gave for Master's choice (one figure for it in both lines).

    Every figure in a line is rounded once, and the others follow from it, so that a line's
    own sums come out (what the tiles cost less what they add is the gap, to the dollar)."""
    if reviewed.agreed:
        return "as good as Master's choice"
    best = appraisal.estimates[0].decision
    gap = round(reviewed.counted)
    if reviewed.within_noise or gap == 0:
        return f"about the same as Master's choice, {_doing(best)}{_give_or_take(reviewed.noise)}"
    own = next(e for e in appraisal.estimates if e.decision == mine)
    reason = _reason(reviewed.kind, appraisal.estimates[0], own, view, gap, told)
    return (f"{_doing(best)} was worth about {dollars(gap)} more"
            f"{_give_or_take(reviewed.uncertainty)}: {reason}")


def _give_or_take(amount: float) -> str:
    """" (± $4)", or nothing where the figure rounds to no dollars at all."""
    return f" (± {dollars(round(amount))})" if round(amount) else ""


def _doing(decision: Decision, mood: str = "ing") -> str:
    """A decision as the coach names it: "discarding", "drawing 3", "selling CAT, DOG"
    ("discard", "draw 3", "sell CAT, DOG" after "would")."""
    first = decision.actions[0]
    verb = {"buy": "buying", "discard": "discarding", "draw": "drawing", "drop": "dropping",
            "sell": "selling"}
    match first:
        case Buy():
            what = ("buy", "")
        case Discard():
            what = ("discard", "")
        case Choose(count=count):
            what = ("draw", f" {count}")
        case Drop(letters=letters):
            what = ("drop", " " + " ".join(letters))
        case _:
            words = [a.word for a in decision.actions if isinstance(a, Sell)]
            what = ("sell", " " + (", ".join(words) if words else "nothing"))
    name, rest = what
    return (name if mood == "would" else verb[name]) + rest


def _named(decision: Decision, view: SeatView) -> str:
    """A decision made, as a coach line names it: "draw of 3", "buy of QXZ", "discard of QXZ",
    "sale of CAT, DOG", "selling of nothing", "drop of A E"."""
    first = decision.actions[0]
    match first:
        case Buy():
            return f"buy of {view.drawn}"
        case Discard():
            return f"discard of {view.drawn}"
        case Choose(count=count):
            return f"draw of {count}"
        case Drop(letters=letters):
            return "drop of " + " ".join(letters)
    words = [a.word for a in decision.actions if isinstance(a, Sell)]
    return f"sale of {', '.join(words)}" if words else "selling of nothing"


def _reason(kind: str, best: Estimate, own: Estimate, view: SeatView, gap: int,
            told: float | None) -> str:
    """Why Master's choice (`best`) was worth `gap` dollars more than yours, in a player's
    words."""
    if kind == "buy":
        cost = view.offer_price
        buys = isinstance(best.decision.actions[0], Buy)
        words = max(0, cost + gap if buys else cost - gap)
        return f"these tiles cost {dollars(cost)} and add about {dollars(words)} of words"
    if kind == "sell":
        pays, yours = _pays(best.decision, view), _pays(own.decision, view)
        spent = _wild_words(own.decision)
        if len(spent) > len(_wild_words(best.decision)):
            return (f"it pays {dollars(pays)} now against your {dollars(yours)}, and keeps "
                    f"the wild your {', '.join(spent)} spent for a better word later")
        kept = ", keeping tiles for longer words" if pays < yours else ""
        return f"it pays {dollars(pays)} now against your {dollars(yours)}{kept}"
    if kind == "drop":
        return (f"it keeps {_kept(best.decision, view) or 'nothing'} against your "
                f"{_kept(own.decision, view) or 'nothing'}")
    expected = round(best.mean if told is None else told)
    return (f"Master expects about {dollars(expected)} at the end from it, "
            f"{dollars(expected - gap)} from yours")


def _wild_words(decision: Decision) -> list[str]:
    """The words a round's selling spends a wild on (written with the wild in lower case)."""
    return [a.word for a in decision.actions
            if isinstance(a, Sell) and not a.word.isupper()]


def _pays(decision: Decision, view: SeatView) -> int:
    """What a round's selling pays now: each word's pips, squared."""
    tiles = view.rules.tiles
    return sum(price(tiles.sale_pips(parse_spelling(a.word)))
               for a in decision.actions if isinstance(a, Sell))


def _kept(decision: Decision, view: SeatView) -> str:
    """The hand a drop keeps."""
    hand = list(view.hand)
    first = decision.actions[0]
    for letter in first.letters if isinstance(first, Drop) else "":
        hand.remove(letter)
    return "".join(hand)


# ----------------------------------------------------------------- which decision, and master


def _sold(record: GameRecord, selling: Moment) -> tuple[Action, ...]:
    """A round's selling as the review reads it (a sale a challenge reversed is left out);
    () if the review finds no such decision."""
    for moment in moments(record, (selling.seat,)):
        if moment.index == selling.index:
            return moment.actions
    return ()


def _kind(view: SeatView) -> str | None:
    """The kind of decision the seat to act makes now, as the review counts them (None for
    none: a roll, a variant's step, or a discard the seat cannot avoid)."""
    match view.phase:
        case Phase.CHOOSE:
            return "choose"
        case Phase.BUY:
            return "buy" if view.can_buy else None
        case Phase.SELL:
            return "sell"
        case Phase.DROP:
            return "drop"
    return None


def _decision_start(actions: Sequence[str], phase: Phase) -> int:
    """Where the decision to make now starts in the record: here, or, while selling, at the
    seller's first sale this round (their sales and others' challenges since are part of it)."""
    start = len(actions)
    if phase is not Phase.SELL:
        return start
    while start > 0 and isinstance(parse_action(actions[start - 1]), Sell | Challenge):
        start -= 1
    return start


def coach_master(session: TableSession) -> Appraiser:
    """Master as the review weighs with (`buyword.table.weighing.review_master`), on the
    session's own words: the same appraisal the review would make."""
    return review_master(session.finder, session.theme_finders)


# ----------------------------------------------------------------- keeping appraisals


class _EstimateForm(msgspec.Struct, kw_only=True):
    """One option's estimate as kept: its actions in the game's notation, its figures."""

    actions: list[str]
    mean: float
    stderr: float
    rollouts: int


class _AppraisalForm(msgspec.Struct, kw_only=True):
    """An appraisal as kept (every figure as computed: read back exactly)."""

    estimates: list[_EstimateForm]
    gap_stderrs: list[float]
    gaps: list[float]


class KeptForm(msgspec.Struct, kw_only=True):
    """A kept appraisal with its key (a session's `appraisals`, a save's)."""

    stream: str
    rollouts: int | None
    budget: float | None
    actions: list[str]
    appraisal: _AppraisalForm


def kept_entry(key: Key, appraisal: Appraisal) -> dict[str, Any]:
    """A kept appraisal as JSON-ready data (a session's `appraisals`, a save's)."""
    stream, rollouts, budget, actions = key
    form = KeptForm(stream=stream, rollouts=rollouts, budget=budget, actions=list(actions),
                    appraisal=_AppraisalForm(
                        estimates=[_EstimateForm(actions=[str(a) for a in e.decision.actions],
                                                 mean=e.mean, stderr=e.stderr,
                                                 rollouts=e.rollouts)
                                   for e in appraisal.estimates],
                        gap_stderrs=list(appraisal.gap_stderrs), gaps=list(appraisal.gaps)))
    return cast(dict[str, Any], plain(form))


def known_appraisals(entries: Iterable[object]) -> dict[Key, Appraisal]:
    """The kept appraisals by key, for `review_game`'s `known` (an entry that does not fit
    its form, or names an action that is none, is left out: that decision is weighed again)."""
    known: dict[Key, Appraisal] = {}
    for entry in entries:
        try:
            kept = msgspec.convert(entry, KeptForm)
            read = kept.appraisal
            estimates = tuple(Estimate(Decision(tuple(parse_action(a) for a in e.actions)),
                                       e.mean, e.stderr, e.rollouts) for e in read.estimates)
        except (msgspec.ValidationError, BuyWordError, RecursionError):
            continue
        key = (kept.stream, kept.rollouts, kept.budget, tuple(kept.actions))
        known[key] = Appraisal(estimates, tuple(read.gap_stderrs), tuple(read.gaps))
    return known
