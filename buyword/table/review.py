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
from dataclasses import dataclass, replace
from typing import Protocol

from buyword.bots.master import Appraisal, Decision, Search
from buyword.bots.view import SeatView
from buyword.engine import (
    Action,
    Buy,
    BuyWordError,
    Choose,
    Discard,
    Done,
    Drop,
    Game,
    GameRecord,
    Phase,
    Sell,
)
from buyword.engine import events as ev
from buyword.engine.actions import Challenge, parse_action
from buyword.store.stats import RecordedWords
from buyword.table.cluster import run_tasks
from buyword.table.views import draws_face_up, redact, seat_view

#: A loss counts when it is more than this many (combined) standard errors: about 97.5% sure
#: with many rollouts. With few, the standard errors are themselves rough, so the bar is
#: Student's t for the rollouts' degrees of freedom (`noise_bar`), never lower than this.
NOISE = 2.0
#: Student's t, 97.5th percentile, for 1 to 30 degrees of freedom.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
#: How many of the costliest decisions the summary names.
COSTLIEST = 3
#: The default thinking time per decision, in seconds, for a review timed by the clock.
DEFAULT_BUDGET = 0.3
#: The review's default budget: at most this many rollouts an option at each decision.
DEFAULT_ROLLOUTS = 48
#: Rounds a review's rollout plays before valuing where it stands (Master at play: 4). Two
#: rounds cost about a third of four and halve the noise of a decision's loss (the luck of
#: the later rounds is most of it); one round would be cheaper still, but judges much as
#: Expert's own valuation does.
REVIEW_HORIZON = 2
#: A decision's rollouts stop once each comparison with Master's choice is known to this many
#: dollars (a standard error): a loss of twice that, $10, stands out from the noise.
REVIEW_PRECISION = 5.0


#: The seed Master starts from in a review and at the coach (each decision's futures and lucks
#: then come from the game's seed and the decision's place: `decision_stream`).
MASTER_SEED = 1


def review_master(finder: object, theme_finders: object = None) -> Appraiser:
    """Master as a review (and the coach, which the review takes after) weighs with: on the
    game's words (`finder`, and a themed game's `theme_finders`), searching as
    `review_search` says. Raises ImportError when the Master level is not installed."""
    from buyword.bots import make_bot

    master = make_bot("master", finder, MASTER_SEED, theme_finders)  # type: ignore[arg-type]
    master.search = review_search()  # type: ignore[attr-defined]
    return master  # type: ignore[return-value]


def review_search() -> Search:
    """How Master searches in a review: its own search, with `REVIEW_HORIZON` rounds a
    rollout and stopping at `REVIEW_PRECISION` (the budget is set for each review)."""
    return replace(Search(), horizon=REVIEW_HORIZON, precision=REVIEW_PRECISION)


class Appraiser(Protocol):
    """The Master level as the review uses it (`buyword.bots.master.MasterBot`)."""

    def appraisal(self, view: SeatView, also: Sequence[Decision] = (),
                  budget: float | None = None, stream: str | None = None) -> Appraisal:
        """The leading candidate decisions at `view`, plus every decision in `also`, best
        first, their lucks drawn from `stream`."""
        ...


#: Makes a `Decision` from its actions (`Decision` itself, or a stand-in in tests).
DecisionMaker = Callable[[tuple[Action, ...]], Decision]
#: Told after each decision: (decisions reviewed, decisions to review).
Progress = Callable[[int, int], None]


class ReviewError(BuyWordError):
    """A game that cannot be reviewed, in a player's words."""


@dataclass(frozen=True)
class Moment:
    """A decision a person made: where in the record it starts, whose, of what kind, and the
    actions it took."""

    index: int  # actions before it in the record
    seat: int
    round: int
    kind: str  # "choose", "buy", "sell" or "drop"
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Reviewed:
    """One decision weighed: what the person did, Master's choice, and the dollars lost."""

    round: int
    kind: str
    yours: str
    master: str
    your_mean: float
    your_stderr: float
    best_mean: float
    best_stderr: float
    #: The fewer of the two estimates' rollouts.
    rollouts: int = 1_000
    #: The standard error of the paired difference between the two estimates (on the
    #: rollouts both played), or None to combine their own errors.
    gap_stderr: float | None = None

    @property
    def lost(self) -> float:
        """Master's best estimate minus yours (never below 0: yours is among the candidates)."""
        return max(0.0, self.best_mean - self.your_mean)

    @property
    def uncertainty(self) -> float:
        """The standard error of `lost`: the paired difference's, else both estimates'
        errors combined."""
        if self.gap_stderr is not None:
            return self.gap_stderr
        return math.hypot(self.best_stderr, self.your_stderr)

    @property
    def noise(self) -> float:
        """The dollars within which a loss is not told from none: `noise_bar` standard
        errors."""
        return noise_bar(self.rollouts) * self.uncertainty

    @property
    def within_noise(self) -> bool:
        """True when the loss is no more than `noise_bar` standard errors, as good as Master's
        as far as its rollouts can tell (always, with fewer than two rollouts)."""
        if self.rollouts < 2:
            return True
        return self.lost <= self.noise

    @property
    def counted(self) -> float:
        """The loss the summary counts: 0 within the noise."""
        return 0.0 if self.within_noise else self.lost

    @property
    def agreed(self) -> bool:
        """True when you did what Master would have done."""
        return self.yours == self.master

    def to_dict(self) -> dict:
        """A JSON-ready form."""
        return {
            "round": self.round, "kind": self.kind, "yours": self.yours,
            "master": self.master, "your_mean": round(self.your_mean, 2),
            "your_stderr": round(self.your_stderr, 2), "best_mean": round(self.best_mean, 2),
            "best_stderr": round(self.best_stderr, 2), "lost": round(self.counted, 2),
            "estimated_lost": round(self.lost, 2), "uncertainty": round(self.uncertainty, 2),
            "within_noise": self.within_noise, "noise": round(self.noise, 2),
            "rollouts": self.rollouts,
        }


def noise_bar(rollouts: int) -> float:
    """How many standard errors a loss must exceed to count, for estimates of `rollouts`
    rollouts: Student's t (97.5%) for rollouts - 1 degrees of freedom, at least NOISE."""
    return max(NOISE, _T975[rollouts - 2]) if 2 <= rollouts <= len(_T975) + 1 else NOISE


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

    def to_dict(self) -> dict:
        """A JSON-ready form (what `buyword review --json` prints)."""
        accuracy = self.accuracy
        median = self.median_uncertainty
        return {
            "seat": self.seat + 1, "name": self.name, "final_money": self.final_money,
            "budget": self.budget, "rollouts": self.rollouts, "complete": self.complete,
            "planned": self.planned,
            "left_on_table": round(self.left_on_table, 2),
            "left_uncertainty": round(self.left_uncertainty, 2),
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "median_uncertainty": None if median is None else round(median, 2),
            "noise": NOISE,
            "costliest": [self.decisions.index(d) + 1 for d in self.costliest()],
            "decisions": [d.to_dict() for d in self.decisions],
            "rounds": [{"round": r.round, "money": r.money, "left": round(r.left, 2),
                        "expected": round(r.expected, 2),
                        "master_estimate": None if r.estimate is None else round(r.estimate, 2)}
                       for r in self.rounds],
        }


# ----------------------------------------------------------------- finding the decisions


def actor(game: Game, action: Action) -> int | None:
    """The seat taking `action` now: a challenge names its seat, every other action is the
    current seat's."""
    if isinstance(action, Challenge):
        return action.seat - 1
    return game.current


def replay_start(record: GameRecord) -> Game:
    """The record's game before its first action (sales replay as the game ruled them)."""
    accept = RecordedWords()
    return record.replay(accept, upto=0, themes=accept)


def moments(record: GameRecord, people: Sequence[int]) -> list[Moment]:
    """Every decision the seats in `people` made in the record, in order of play.

    A round's selling is one decision: the seat's sales up to its `done` (others' challenges in
    between are not part of it, and a sale a challenge reversed is left out). A buy that was
    forced (the draw could not be afforded) is no decision, nor are rolls and the table
    variants' moves.
    """
    game = replay_start(record)
    found: list[Moment] = []
    selling: Moment | None = None
    for index, text in enumerate(record.actions):
        action = parse_action(text)
        seat = actor(game, action)
        if selling is not None and seat == selling.seat and isinstance(action, Sell | Done):
            selling = Moment(selling.index, seat, selling.round, "sell",
                             (*selling.actions, action))
        elif seat in people:
            kind = _kind(game, action)
            if kind == "sell":
                selling = Moment(index, seat, game.round, kind, (action,))
            elif kind:
                found.append(Moment(index, seat, game.round, kind, (action,)))
        if isinstance(action, Done) and selling is not None and seat == selling.seat:
            found.append(selling)
            selling = None
        events = game.apply(action)
        if selling is not None and isinstance(action, Challenge):
            selling = _unsold(selling, events)
    return found


def _unsold(selling: Moment, events: Sequence[ev.Event]) -> Moment:
    """The selling decision without a sale a challenge reversed (its tiles went back to the
    hand, so the decision is the sales that stood)."""
    for event in events:
        if isinstance(event, ev.Challenged) and not event.valid \
                and event.seller_seat == selling.seat:
            actions = list(selling.actions)
            for index in range(len(actions) - 1, -1, -1):
                sale = actions[index]
                if isinstance(sale, Sell) and sale.word.casefold() == event.word.casefold():
                    del actions[index]
                    return replace(selling, actions=tuple(actions))
    return selling


def _kind(game: Game, action: Action) -> str:
    """What kind of decision `action` is in the game now ('' for none to review)."""
    phase = game.phase
    if phase is Phase.CHOOSE and isinstance(action, Choose):
        return "choose"
    if phase is Phase.BUY and isinstance(action, Buy | Discard):
        return "buy" if game.is_legal(Buy()) else ""  # unaffordable: discarding is forced
    if phase is Phase.SELL and isinstance(action, Sell | Done):
        return "sell"
    if phase is Phase.DROP and isinstance(action, Drop):
        return "drop"
    return ""


def view_at(game: Game, seat: int, private_hands: bool = True) -> SeatView:
    """`seat`'s view of `game` as the table session builds it (`TableSession.view`): with
    private hands the seat sees its own hand and draw only, and reads the log redacted."""
    visible = frozenset((seat,)) if private_hands else frozenset(range(game.seats))
    face_up = draws_face_up(game.rules)
    log = tuple(redact(event, visible, face_up) for event in game.log)
    return seat_view(game, seat, visible, log)


# ----------------------------------------------------------------- weighing them


def decision_stream(seed: int, index: int) -> str:
    """Where Master's rollouts draw their luck for the decision made after `index` actions of
    the game of `seed`: the same wherever and whenever it is weighed (in a review, or by a
    coach at the table), so the same decision is always given the same appraisal."""
    return f"{seed}/{index}"


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
    def key(self) -> tuple[str, int | None, float | None, tuple[str, ...]]:
        """What the appraisal depends on besides the view: the stream, the budget and the
        person's decision (for keeping appraisals: `review_game`'s `known`)."""
        return weighing_key(self.stream, self.rollouts, self.budget, self.actions)


def weighing_key(stream: str, rollouts: int | None, budget: float | None,
                 actions: Sequence[Action]) -> tuple[str, int | None, float | None,
                                                    tuple[str, ...]]:
    """How a kept appraisal is found again (`Weighing.key`, `review_game`'s `known`): its
    stream, its budget and the person's decision (no actions: Master's own appraisal, with
    no decision of the person's among the options)."""
    return (stream, rollouts, budget, tuple(map(str, actions)))


#: The Master a worker process weighs with: the parent's, inherited when the pool forks.
_MASTER: dict[str, object] = {}


def review_game(record: GameRecord, seat: int, master: Appraiser, decision: DecisionMaker,
                *, private_hands: bool = True, budget: float | None = None,
                rollouts: int | None = DEFAULT_ROLLOUTS, jobs: int = 1,
                ray: str | None = None, remake: Callable[[], Appraiser] | None = None,
                known: MutableMapping[tuple, Appraisal] | None = None,
                progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None) -> GameReview:
    """Weigh every decision `seat` (a person) made in `record` with `master`.

    `decision` makes Master's `Decision` from actions. Master's budget is `rollouts` an option
    at each decision (racing drops the options clearly behind), or, given `budget` instead,
    that many seconds a decision (both: whichever ends first). The decisions are weighed in
    `jobs` processes (forked, each with `master`), or as Ray tasks when `ray` names a cluster
    (`buyword.table.cluster.run_tasks`: each task builds its Master with `remake`); with a
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
    _MASTER.update(master=master, decision=decision, remake=remake)
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
    if remake is not None and _MASTER.get("remade") is None:
        from buyword.bots.master import Decision as MasterDecision

        _MASTER.update(remade=remake(), made=MasterDecision)
    master = _MASTER["remade"] if remake is not None else _MASTER["master"]
    decision = _MASTER["made"] if remake is not None else _MASTER["decision"]
    mine = decision(weighing.actions)  # type: ignore[operator]
    try:
        appraisal = master.appraisal(  # type: ignore[attr-defined]
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


def verdict(appraisal: Appraisal, mine: Decision, moment: Moment) -> Reviewed:
    """The decision `mine` made at `moment`, as Master's `appraisal` of it (with `mine` among
    the options) judges it."""
    estimates = appraisal.estimates
    best = estimates[0]  # Master's choice
    position = next((n for n, e in enumerate(estimates) if e.decision == mine), None)
    if position is None:
        position = next((n for n, e in enumerate(estimates)
                         if same(e.decision.actions, mine.actions)), None)
    if position is None:
        raise ReviewError(f"Master did not weigh the decision {mine.describe()!r}")
    own = estimates[position]
    master_choice = mine if same(best.decision.actions, mine.actions) else best.decision
    return Reviewed(moment.round, moment.kind, mine.describe(), master_choice.describe(),
                    own.mean, own.stderr, max(best.mean, own.mean), best.stderr,
                    min(own.rollouts, best.rollouts), appraisal.gap_stderrs[position])


def unreviewable(record: GameRecord) -> str | None:
    """Why Master cannot review this game (a variant its rollouts do not play), or None."""
    from buyword.bots.rollout import modelled

    missing = modelled(view_at(replay_start(record), 0))
    if missing is None:
        return None
    return f"Master cannot review a game with {missing}: its rollouts play the printed rules only"


def same(first: Sequence[Action], second: Sequence[Action]) -> bool:
    """Whether two decisions come to the same thing: the same words sold in any order (each
    with its wild where it was), the same tiles dropped in any order."""
    return _key(first) == _key(second)


def _key(actions: Sequence[Action]) -> tuple[str, ...]:
    texts = []
    for action in actions:
        if isinstance(action, Drop):
            texts.append(f"drop {''.join(sorted(action.letters))}")
        else:
            texts.append(str(action))
    return tuple(sorted(texts))


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
