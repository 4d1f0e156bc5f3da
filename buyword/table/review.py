"""The game review: every decision a person made in a saved game, weighed by the Master level.

A finished game's record is replayed through the engine. At each decision a *person* made (the
draw count after a CHOICE, buy or discard, the round's whole selling, the tiles dropped at the
tile limit; computer seats are skipped) the seat's `SeatView` is built exactly as the table
session builds it, and Master appraises it with the person's own decision among the candidates:

    review = review_game(record, seat=0, master=make_bot("master", finder, seed),
                         budget=0.3, progress=print, cancelled=flag.is_set)
    review.left_on_table, review.costliest(), review.accuracy

Each estimate is the money Master expects a decision to lead to, by rollouts: the game played
on its way for a few rounds, the hand then valued (`buyword.bots.rollout`). What a decision
lost is Master's best
estimate minus the person's; it counts only when it is beyond the noise (about two combined
standard errors, more when Master had time for few rollouts: `noise_bar`), else it is shown as
$0. No Textual.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from buyword.bots.master import Decision, Estimate
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
#: The default thinking time per decision, in seconds (play's Master thinks 1 s).
DEFAULT_BUDGET = 0.3


class Appraiser(Protocol):
    """The Master level as the review uses it (`buyword.bots.master.MasterBot`)."""

    def appraise(self, view: SeatView, also: Sequence[Decision] = (),
                 budget: float | None = None) -> list[Estimate]:
        """The leading candidate decisions at `view`, plus every decision in `also`, best
        first."""
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

    @property
    def lost(self) -> float:
        """Master's best estimate minus yours (never below 0: yours is among the candidates)."""
        return max(0.0, self.best_mean - self.your_mean)

    @property
    def uncertainty(self) -> float:
        """The standard error of `lost`: both estimates' errors combined."""
        return math.hypot(self.best_stderr, self.your_stderr)

    @property
    def within_noise(self) -> bool:
        """True when the loss is no more than `noise_bar` standard errors, as good as Master's
        as far as its rollouts can tell (always, with fewer than two rollouts)."""
        if self.rollouts < 2:
            return True
        return self.lost <= noise_bar(self.rollouts) * self.uncertainty

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
            "within_noise": self.within_noise, "rollouts": self.rollouts,
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

    def costliest(self, count: int = COSTLIEST) -> list[Reviewed]:
        """The `count` decisions that lost most beyond the noise, dearest first (the earlier
        of equal losses first)."""
        costly = [d for d in self.decisions if d.counted > 0]
        return sorted(costly, key=lambda d: -d.counted)[:count]

    def to_dict(self) -> dict:
        """A JSON-ready form (what `buyword review --json` prints)."""
        accuracy = self.accuracy
        return {
            "seat": self.seat + 1, "name": self.name, "final_money": self.final_money,
            "budget": self.budget, "complete": self.complete, "planned": self.planned,
            "left_on_table": round(self.left_on_table, 2),
            "left_uncertainty": round(self.left_uncertainty, 2),
            "accuracy": None if accuracy is None else round(accuracy, 1),
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


def review_game(record: GameRecord, seat: int, master: Appraiser, decision: DecisionMaker,
                *, private_hands: bool = True, budget: float | None = DEFAULT_BUDGET,
                progress: Progress | None = None,
                cancelled: Callable[[], bool] | None = None) -> GameReview:
    """Weigh every decision `seat` (a person) made in `record` with `master`.

    `decision` makes Master's `Decision` from actions; `budget` is Master's thinking time per
    decision (seconds). `progress(done, total)` is told after each decision, and `cancelled()`
    is asked before each one: once it says True the review stops and returns what it has
    (`complete` is then False). Raises ReviewError if the seat is not in the game, or the game
    is one Master cannot weigh (`unreviewable`).
    """
    if not 0 <= seat < len(record.players):
        raise ReviewError(f"the game has no seat {seat + 1}; its players are "
                          f"{', '.join(record.players)}")
    why_not = unreviewable(record)
    if why_not is not None:
        raise ReviewError(why_not)
    todo = moments(record, (seat,))
    game = replay_start(record)
    weighed: list[Reviewed] = []
    done = 0  # actions applied so far
    for moment in todo:
        if cancelled is not None and cancelled():
            break
        done = _advance(game, record, done, moment.index)
        view = view_at(game, seat, private_hands)
        mine = decision(moment.actions)
        reviewed = weigh(master, view, mine, moment, budget)
        weighed.append(reviewed)
        if progress is not None:
            progress(len(weighed), len(todo))
    _advance(game, record, done, len(record.actions))
    return GameReview(seat, record.players[seat], tuple(weighed),
                      _rounds(game, seat, weighed), game.player(seat).money, len(todo), budget)


def _advance(game: Game, record: GameRecord, done: int, upto: int) -> int:
    """Apply the record's actions from `done` up to `upto`; returns `upto`."""
    for text in record.actions[done:upto]:
        game.apply(text)
    return max(done, upto)


def weigh(master: Appraiser, view: SeatView, mine: Decision, moment: Moment,
          budget: float | None) -> Reviewed:
    """Master's appraisal of `view` with the person's decision `mine` among the candidates."""
    try:
        estimates = master.appraise(view, also=(mine,), budget=budget)
    except ValueError as error:  # a game or a decision Master cannot weigh, in its words
        raise ReviewError(f"round {moment.round}, {mine.describe()}: {error}") from None
    best = estimates[0]  # Master's choice
    own = next((e for e in estimates if e.decision == mine), None) or next(
        (e for e in estimates if same(e.decision.actions, mine.actions)), None)
    if own is None:
        raise ReviewError(f"Master did not weigh the decision {mine.describe()!r}")
    master_choice = mine if same(best.decision.actions, mine.actions) else best.decision
    return Reviewed(moment.round, moment.kind, mine.describe(), master_choice.describe(),
                    own.mean, own.stderr, max(best.mean, own.mean), best.stderr,
                    min(own.rollouts, best.rollouts))


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
