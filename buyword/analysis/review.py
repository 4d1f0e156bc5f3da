"""The game review: every decision a person made in a saved game, weighed by the Master level.

A finished game's record is replayed through the engine. At each decision a *person* made (the
draw count after a CHOICE, buy or discard, the round's whole selling, the tiles dropped at the
tile limit; computer seats are skipped) the seat's `SeatView` is built exactly as the table
session builds it, and Master appraises it with the person's own decision among the candidates:

    review = review_game(record, seat=0, master=master_for(...), decision=Decision,
                         jobs=2, progress=print, cancelled=flag.is_set)
    review.left_on_table, review.costliest(), review.accuracy

Each estimate is the money Master expects a decision to lead to, by rollouts: the game played
on its way for a few rounds, the hand then valued (`buyword.bots.rollout`). Master's budget is
counted in rollouts (`DEFAULT_ROLLOUTS` an option), and each decision's rollouts draw their
luck from the record's seed and the decision's place in the record (`decision_stream`), so a
review gives the same figures on any machine, at any load, in one process or many (`jobs`,
or Ray). A time budget (`budget` seconds) is still offered, but its figures depend on the
machine's speed.

What a decision lost is Master's best estimate minus the person's, on the same rollouts (the
same bags and dice for both), so its standard error is that of their paired difference. The
loss counts only when it is beyond the noise (about two standard errors, more when Master had
few rollouts: `noise_bar`); a different choice within the noise is "about the same". No
Textual.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass

from buyword.analysis.cluster import run_tasks
from buyword.bots.master import Appraisal
from buyword.bots.view import SeatView
from buyword.engine import (
    Action,
    Game,
    GameRecord,
)
from buyword.engine import events as ev
from buyword.table.weighing import (
    DEFAULT_ROLLOUTS,
    Appraiser,
    DecisionMaker,
    Moment,
    Reviewed,
    ReviewError,
    decision_stream,
    moments,
    replay_start,
    unreviewable,
    verdict,
    view_at,
    weighing_key,
)

#: How many of the costliest decisions the summary names.
COSTLIEST = 3
#: The default thinking time per decision, in seconds, for a review timed by the clock.
DEFAULT_BUDGET = 0.3

#: Told after each decision: (decisions reviewed, decisions to review).
Progress = Callable[[int, int], object]


@dataclass(frozen=True)
class RoundMoney:
    """A round of the person's game: their money after it, the dollars left on the table up to
    then, and Master's forecast at the round's first decision (None if none was weighed).

    The forecast is Master's best estimate there: the money at the end of the game, had it
    played on from that decision (its rollouts play a few rounds, then value where they stop as
    Expert goes on from there: `bots.rollout`). It moves with luck as well as with decisions;
    `expected`, your money plus what you had left on the table, moves with decisions only.
    """

    round: int
    money: int
    left: float
    estimate: float | None = None

    @property
    def expected(self) -> float:
        """The money Master expected you could have after this round: yours plus what was
        left on the table so far."""
        return self.money + self.left


@dataclass(frozen=True)
class GameReview:
    """A game's review: every decision weighed, the money round by round, and the summary."""

    seat: int
    name: str
    decisions: tuple[Reviewed, ...]
    rounds: tuple[RoundMoney, ...]
    final_money: int
    #: Decisions the review set out to weigh: more than `decisions` if it was cancelled.
    planned: int
    budget: float | None
    #: Master's rollouts an option at each decision, when the budget is counted in rollouts.
    rollouts: int | None = None

    @property
    def complete(self) -> bool:
        """False when the review was cancelled before its last decision."""
        return len(self.decisions) == self.planned

    @property
    def left_on_table(self) -> float:
        """The dollars lost in the decisions beyond the noise, added up."""
        return sum(d.counted for d in self.decisions)

    @property
    def left_uncertainty(self) -> float:
        """The standard error of `left_on_table` (the counted decisions' errors combined)."""
        return math.sqrt(sum(d.uncertainty ** 2 for d in self.decisions if d.counted))

    @property
    def accuracy(self) -> float | None:
        """The share of decisions, in percent, as good as Master's within the noise (None
        before any decision)."""
        if not self.decisions:
            return None
        return 100.0 * sum(d.within_noise for d in self.decisions) / len(self.decisions)

    @property
    def median_uncertainty(self) -> float | None:
        """The median standard error of a decision's loss where Master chose differently
        (None if it never did): how small a loss the review can tell from none (about twice
        this). Where Master chose as you did there is no loss to be unsure of."""
        errors = [d.uncertainty for d in self.decisions if not d.agreed]
        return statistics.median(errors) if errors else None

    def costliest(self, count: int = COSTLIEST) -> list[Reviewed]:
        """The `count` decisions that lost most beyond the noise, dearest first (the earlier
        of equal losses first)."""
        costly = [d for d in self.decisions if d.counted > 0]
        return sorted(costly, key=lambda d: -d.counted)[:count]


@dataclass(frozen=True)
class Weighing:
    """One decision to weigh, as a process is handed it: its number in the review, the
    seat's view, the person's actions, where its lucks come from, and Master's budget."""

    number: int
    view: SeatView
    actions: tuple[Action, ...]
    stream: str
    budget: float | None
    rollouts: int | None

    @property
    def key(self) -> _Key:
        """What the appraisal depends on besides the view: the stream, the budget and the
        person's decision (for keeping appraisals: `review_game`'s `known`)."""
        return weighing_key(self.stream, self.rollouts, self.budget, self.actions)


#: A kept appraisal's key (`buyword.table.weighing.weighing_key`).
_Key = tuple[str, int | None, float | None, tuple[str, ...]]


@dataclass
class _Weigher:
    """The Master a worker process weighs with: the parent's, inherited when the pool forks,
    or (a Ray task) one remade from its recipe, once a process."""

    master: Appraiser | None = None
    decision: DecisionMaker | None = None
    remade: Appraiser | None = None
    made: DecisionMaker | None = None


_MASTER = _Weigher()


def review_game(record: GameRecord, seat: int, master: Appraiser, decision: DecisionMaker,
                *, private_hands: bool = True, budget: float | None = None,
                rollouts: int | None = DEFAULT_ROLLOUTS, jobs: int = 1,
                ray: str | None = None, remake: Callable[[], Appraiser] | None = None,
                known: MutableMapping[_Key, Appraisal] | None = None,
                progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None) -> GameReview:
    """Weigh every decision `seat` (a person) made in `record` with `master`.

    `decision` makes Master's `Decision` from actions. Master's budget is `rollouts` an option
    at each decision (racing drops the options clearly behind), or, given `budget` instead,
    that many seconds a decision (both: whichever ends first). The decisions are weighed in
    `jobs` processes (forked, each with `master`), or as Ray tasks when `ray` names a cluster
    (`buyword.analysis.cluster.run_tasks`: each task builds its Master with `remake`); with a
    budget counted in rollouts the review is the same whichever. `known` keeps appraisals by
    `Weighing.key`: those found there are not weighed again, and the new ones are added.

    `progress(done, total)` is told after each decision, and `cancelled()` is asked before each
    one: once it says True the review stops and returns what it has (`complete` is then False:
    the decisions weighed so far, in order, up to the first missing). Raises ReviewError if
    the seat is not in the game, or the game is one Master cannot weigh (`unreviewable`).
    """
    if not 0 <= seat < len(record.players):
        raise ReviewError(f"the game has no seat {seat + 1}; its players are "
                          f"{', '.join(record.players)}")
    why_not = unreviewable(record)
    if why_not is not None:
        raise ReviewError(why_not)
    if budget is None and rollouts is None:
        raise ReviewError("give Master a budget: rollouts an option, or seconds a decision")
    todo = moments(record, (seat,))
    weighings = _weighings(record, seat, todo, private_hands, budget, rollouts)
    known = {} if known is None else known
    found: dict[int, Appraisal] = {w.number: known[w.key] for w in weighings if w.key in known}
    missing = [w for w in weighings if w.number not in found]
    if progress is not None and found:
        progress(len(found), len(todo))
    for number, appraisal in _appraise_all(master, decision, missing, jobs, ray, remake,
                                           cancelled):
        found[number] = known[weighings[number].key] = appraisal
        if progress is not None:
            progress(len(found), len(todo))
    weighed: list[Reviewed] = []
    for number, moment in enumerate(todo):
        if number not in found:
            break
        weighed.append(verdict(found[number], decision(moment.actions), moment))
    game = replay_start(record)
    _advance(game, record, 0, len(record.actions))
    return GameReview(seat, record.players[seat], tuple(weighed),
                      _rounds(game, seat, weighed), game.player(seat).money, len(todo), budget,
                      rollouts)


def _weighings(record: GameRecord, seat: int, todo: Sequence[Moment], private_hands: bool,
               budget: float | None, rollouts: int | None) -> list[Weighing]:
    """Each decision's view, replayed from the record, ready to hand to a process."""
    game = replay_start(record)
    done = 0  # actions applied so far
    weighings = []
    for number, moment in enumerate(todo):
        done = _advance(game, record, done, moment.index)
        weighings.append(Weighing(number, view_at(game, seat, private_hands), moment.actions,
                                  decision_stream(record.seed, moment.index), budget, rollouts))
    return weighings


def _appraise_all(master: Appraiser, decision: DecisionMaker, weighings: Sequence[Weighing],
                  jobs: int, ray: str | None, remake: Callable[[], Appraiser] | None,
                  cancelled: Callable[[], bool] | None) -> Iterator[tuple[int, Appraisal]]:
    """(number, appraisal) of each weighing, as they are done (in any order), until
    `cancelled()` says True."""
    if ray is not None and remake is None:
        raise ReviewError("this review cannot be sent to Ray: its Master has no recipe")
    _MASTER.master, _MASTER.decision = master, decision
    tasks = [(w, remake if ray is not None else None) for w in weighings]
    if cancelled is not None and cancelled():
        return
    stream = run_tasks(_weigh_task, tasks, jobs if len(tasks) > 1 else 1, ray)
    try:
        for result in stream:
            yield result
            if cancelled is not None and cancelled():
                return
    except ValueError as error:  # a game or a decision Master cannot weigh, in its words
        raise ReviewError(str(error)) from None
    finally:
        stream.close()  # a pool still running stops here


def _weigh_task(task: tuple[Weighing, Callable[[], Appraiser] | None]
                ) -> tuple[int, Appraisal]:
    """One decision appraised, in whichever process: by the Master this process inherited,
    or (a Ray task) by one built with the recipe it was sent."""
    weighing, remake = task
    if remake is not None and _MASTER.remade is None:
        from buyword.bots.master import Decision as MasterDecision

        _MASTER.remade, _MASTER.made = remake(), MasterDecision
    master = _MASTER.remade if remake is not None else _MASTER.master
    decision = _MASTER.made if remake is not None else _MASTER.decision
    assert master is not None and decision is not None, "set by _appraise_all or the recipe"
    mine = decision(weighing.actions)
    try:
        appraisal = master.appraisal(
            weighing.view, also=(mine,), budget=weighing.budget, stream=weighing.stream,
            rollouts=weighing.rollouts)
    except ValueError as error:
        raise ValueError(f"{mine.describe()}: {error}") from None
    return weighing.number, appraisal


def _advance(game: Game, record: GameRecord, done: int, upto: int) -> int:
    """Apply the record's actions from `done` up to `upto`; returns `upto`."""
    for text in record.actions[done:upto]:
        game.apply(text)
    return max(done, upto)


def _rounds(game: Game, seat: int, weighed: Sequence[Reviewed]) -> tuple[RoundMoney, ...]:
    """Each round's money after it, the dollars left on the table by its end, and Master's
    estimate at its first decision."""
    ended = [e for e in game.log if isinstance(e, ev.RoundEnded)]
    rounds = []
    for number, event in enumerate(ended, start=1):
        left = sum(d.counted for d in weighed if d.round <= number)
        first = next((d for d in weighed if d.round == number), None)
        rounds.append(RoundMoney(number, event.money[seat], left,
                                 None if first is None else first.best_mean))
    return tuple(rounds)
