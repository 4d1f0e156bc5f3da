"""Weighing one decision a person made, as Master appraises it: the machinery the coach at the
table (`buyword.table.coach`) and the end-of-game review (`buyword.analysis.review`) share, so
that the same decision is given the same appraisal wherever it is weighed.

    found = moments(record, people=(0,))           # every decision seat 1 made, in order
    view = view_at(game, seat)                      # the seat's view, as the session builds it
    appraisal = master.appraisal(view, also=(mine,), stream=decision_stream(seed, index))
    reviewed = verdict(appraisal, mine, moment)     # the dollars lost, and within the noise?

Each estimate is the money Master expects a decision to lead to, by rollouts; each decision's
rollouts draw their luck from the record's seed and the decision's place in the record
(`decision_stream`). What a decision lost is Master's best estimate minus the person's, on the
same rollouts, and it counts only beyond the noise (`noise_bar`). No Textual.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from buyword.bots.master import Appraisal, Decision, MasterBot, Search
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

if TYPE_CHECKING:
    from buyword.words.finder import WordFinder

#: A loss counts when it is more than this many (combined) standard errors: about 97.5% sure
#: with many rollouts. With few, the standard errors are themselves rough, so the bar is
#: Student's t for the rollouts' degrees of freedom (`noise_bar`), never lower than this.
NOISE = 2.0
#: Student's t, 97.5th percentile, for 1 to 30 degrees of freedom.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042)

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


def review_master(finder: WordFinder,
                  theme_finders: Callable[[str], WordFinder] | None = None) -> Appraiser:
    """Master as a review (and the coach, which the review takes after) weighs with: on the
    game's words (`finder`, and a themed game's `theme_finders`), searching as
    `review_search` says. Raises ImportError when the Master level is not installed."""
    from buyword.bots import make_bot

    master = make_bot("master", finder, MASTER_SEED, theme_finders)
    assert isinstance(master, MasterBot)
    master.search = review_search()
    return master


def review_search() -> Search:
    """How Master searches in a review: its own search, with `REVIEW_HORIZON` rounds a
    rollout and stopping at `REVIEW_PRECISION` (the budget is set for each review)."""
    return replace(Search(), horizon=REVIEW_HORIZON, precision=REVIEW_PRECISION)


class Appraiser(Protocol):
    """The Master level as the review uses it (`buyword.bots.master.MasterBot`)."""

    def appraisal(self, view: SeatView, also: Sequence[Decision] = (),
                  budget: float | None = None, stream: str | None = None,
                  rollouts: int | None = None) -> Appraisal:
        """The leading candidate decisions at `view`, plus every decision in `also`, best
        first, their lucks drawn from `stream`; at most `rollouts` an option when given."""
        ...


#: Makes a `Decision` from its actions (`Decision` itself, or a stand-in in tests).
DecisionMaker = Callable[[tuple[Action, ...]], Decision]

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
class Weighed:
    """A decision and Master's two estimates of it: when, of what kind, what the person did
    and what Master would have done, and the money each is expected to end with (mean and
    standard error). The review's `Reviewed` adds how it was weighed; the review's JSON
    report (`buyword.analysis.review_report`) adds the loss, rounded to the cent."""

    round: int
    kind: str
    yours: str
    master: str
    your_mean: float
    your_stderr: float
    best_mean: float
    best_stderr: float


@dataclass(frozen=True)
class Reviewed(Weighed):
    """One decision weighed: what the person did, Master's choice, and the dollars lost."""

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


def noise_bar(rollouts: int) -> float:
    """How many standard errors a loss must exceed to count, for estimates of `rollouts`
    rollouts: Student's t (97.5%) for rollouts - 1 degrees of freedom, at least NOISE."""
    return max(NOISE, _T975[rollouts - 2]) if 2 <= rollouts <= len(_T975) + 1 else NOISE


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
        if seat is None:  # nobody acts (the game is over): the action is applied as it is
            pass
        elif selling is not None and seat == selling.seat and isinstance(action, Sell | Done):
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


def weighing_key(stream: str, rollouts: int | None, budget: float | None,
                 actions: Sequence[Action]) -> tuple[str, int | None, float | None,
                                                    tuple[str, ...]]:
    """How a kept appraisal is found again (`Weighing.key`, `review_game`'s `known`): its
    stream, its budget and the person's decision (no actions: Master's own appraisal, with
    no decision of the person's among the options)."""
    return (stream, rollouts, budget, tuple(map(str, actions)))


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
