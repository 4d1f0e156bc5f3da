"""The Master level: Expert's leading options, each played out many times, the best kept.

At each decision (the draw count on CHOICE, buy or discard, a round's selling, the tiles to drop
at the tile limit) Master takes the few options Expert rates highest and plays each one out
against the same sampled futures (`buyword.bots.rollout`: a bag order drawn from the tiles the
seat cannot see, and the die's next faces), with a quick Expert playing the rounds after. The
same futures for every option (common random numbers) make the comparison a paired one, so a
few dozen rollouts tell options apart that differ by a few dollars.

The time budget (1 s a decision by default, or a count of rollouts: `MasterBot(rollouts=...)`)
goes to the options still in contention: after a few rollouts each, an option whose paired
shortfall against the leader is more than `Search.z` standard errors is dropped (racing), and
the rest share what is left of the budget.

`appraise` is the same search as an answer rather than a move: every option weighed, and any
other decision (what a person did) played out on the same rollouts, with its expected money
and that estimate's standard error. The game review builds on it.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from buyword.bots.index import Word, WordIndex, hand_key, take
from buyword.bots.leaves import LeaveTable
from buyword.bots.levels import LEVEL_STYLES, LevelBot, Style
from buyword.bots.rollout import Luck, QuickBot, Rollout, modelled, sample_luck
from buyword.bots.view import SeatView
from buyword.engine.actions import Action, Buy, Choose, Discard, Done, Drop, Sell
from buyword.engine.phase import Phase
from buyword.engine.tiles import parse_spelling


@dataclass(frozen=True)
class Decision:
    """One decision as a person makes it: the actions it takes, in order."""

    #: (Buy(),) / (Discard(),) / (Choose(3),) / (Drop("QX"),); a round's selling is its sales
    #: and then Done: (Sell("CAT"), Sell("DOG"), Done()); selling nothing is (Done(),).
    actions: tuple[Action, ...]

    def describe(self) -> str:
        """The decision in a player's words: "buy", "discard", "choose 3", "sell CAT, DOG",
        "sell nothing", "drop Q X"."""
        first = self.actions[0] if self.actions else Done()
        match first:
            case Buy():
                return "buy"
            case Discard():
                return "discard"
            case Choose(count=count):
                return f"choose {count}"
            case Drop(letters=letters):
                return "drop " + " ".join(letters)
        words = [action.word for action in self.actions if isinstance(action, Sell)]
        return "sell " + ", ".join(words) if words else "sell nothing"


@dataclass(frozen=True)
class Estimate:
    """What a decision is worth by rollouts: the money expected at the end of the game."""

    decision: Decision
    #: Expected money at the end of the game (dollars), the mean over the rollouts.
    mean: float
    #: The standard error of `mean` (dollars); 0 with fewer than two rollouts.
    stderr: float
    #: How many rollouts played the decision out.
    rollouts: int


@dataclass(frozen=True)
class Search:
    """How Master searches: the options, the rollouts and the racing between them."""

    #: Seconds a decision may take (the default budget; `MasterBot(budget=...)` overrides it).
    budget: float = 1.0
    #: Which seconds the budget counts: "wall" (the time a person waits) or "cpu" (this
    #: process's processor time: the same search on a busy machine, for measuring).
    clock: str = "wall"
    #: Expert's best options weighed at a sale or a drop (every count on CHOICE, and buy or
    #: discard, are always weighed).
    breadth: int = 4
    #: Rounds a rollout plays (the decision's own included) before valuing where it stands.
    horizon: int = 4
    #: Rollouts every option gets before any is dropped.
    min_rollouts: int = 6
    #: The most rollouts an option gets (a decision stops there even with budget left).
    max_rollouts: int = 1000
    #: An option is dropped when its paired shortfall against the leader exceeds this many
    #: standard errors.
    z: float = 2.0
    #: Master leaves Expert's favourite only for a decision whose paired advantage over it
    #: is more than this many standard errors.
    switch: float = 1.0
    #: How the rollouts' quick Expert plays: fewer sampled futures than Expert, for speed. Six,
    #: not three: a rollout is only as good as its player, and with 6 it makes $30 a game more
    #: as a player for a fifth fewer rollouts a second (Master rarely spends its whole budget).
    #: Expert's leave weight with it: the learned values made it $20 a game better as a player.
    policy: Style = replace(LEVEL_STYLES["expert"], futures=6, breadth=6)


class MasterBot(LevelBot):
    """The Master level: Expert's leading options compared by rollouts within a time budget.

    Games with a table variant, themes or the crossword grid are not modelled by the
    rollouts: there Master plays as Expert.
    """

    def __init__(self, index: WordIndex, seed: int, style: Style | None = None,
                 level: str = "master", leaves: LeaveTable | None = None,
                 search: Search | None = None, budget: float | None = None,
                 rollouts: int | None = None) -> None:
        """A Master knowing the words of `index`, valuing as `style` (Expert's by default),
        searching as `search`, with `budget` seconds a decision (`search.budget` if None), or,
        given `rollouts`, that many rollouts a decision (all its options' together) instead
        of a time budget: the same play on any machine, however busy."""
        super().__init__(index, seed, style or LEVEL_STYLES["expert"], level, leaves)
        self.search = search or Search()
        #: Seconds a decision may take.
        self.budget = self.search.budget if budget is None else budget
        if rollouts is not None and rollouts < 1:
            raise ValueError(f"{rollouts!r} rollouts a decision: give Master at least one")
        #: Rollouts a decision may take (all its options' together), or None: `budget` rules.
        self.rollouts = rollouts
        self._policy: QuickBot | None = None

    # ----------------------------------------------------------------- the interface

    def appraise(self, view: SeatView, also: Sequence[Decision] = (),
                 budget: float | None = None) -> list[Estimate]:
        """The leading candidate decisions at `view` (whose turn it is: CHOOSE, BUY, SELL at
        the start of the seat's selling, or DROP), plus every decision in `also` (e.g. what a
        person did, appraised on the same rollouts even if Master would not consider it),
        best first: the first is the decision Master takes (the best mean, unless it is not
        clearly better than Expert's favourite), then those still in contention by mean, then
        those dropped from the race by mean. `budget` is in seconds (None: this player's).

        Raises ValueError, in a player's words, when there is no decision to appraise, the game
        is one the rollouts do not model, or a decision of `also` is not one the seat can take.
        """
        self._check(view)
        self.index = self.index.at_least(view.rules.min_word_length)
        decisions = self.candidates(view)
        protected: set[int] = set()
        for decision in also:
            self._check_decision(view, decision)
            if decision not in decisions:
                decisions.append(decision)
            protected.add(decisions.index(decision))
        budget = self.budget if budget is None else budget
        return self.race(view, decisions, protected, budget, self.rollouts)

    def candidates(self, view: SeatView) -> list[Decision]:
        """The decisions Master weighs at `view`, Expert's favourite first."""
        match view.phase:
            case Phase.CHOOSE:
                first = super().choose(view)
                counts = [first, *(n for n in view.rules.draw_choices if n != first)]
                return [Decision((Choose(n),)) for n in counts]
            case Phase.BUY:
                if not view.can_buy:
                    return [Decision((Discard(),))]
                buy, discard = Decision((Buy(),)), Decision((Discard(),))
                return [buy, discard] if super().buy(view) else [discard, buy]
            case Phase.SELL:
                return self._sale_candidates(view)
            case Phase.DROP:
                size = len(view.hand) - view.over_limit
                kept = [tiles for _, tiles in self.keep_scores(view, size)]
                return [Decision((Drop(take(view.hand, tiles)),))
                        for tiles in kept[: self.search.breadth]]
        raise ValueError(f"there is no decision to appraise while the game is {view.phase}")

    def _sale_candidates(self, view: SeatView) -> list[Decision]:
        return [decision for *_, decision in self.leading_sales(view)] or [Decision((Done(),))]

    def leading_sales(self, view: SeatView) -> list[tuple[float, tuple[Word, ...], Decision]]:
        """Expert's best-scored sales at `view` (see `sale_scores`), at most `Search.breadth`
        of them, each once: its score, its words and the decision that sells them."""
        leading: list[tuple[float, tuple[Word, ...], Decision]] = []
        for score, words in self.sale_scores(view):
            decision = Decision((*(Sell(self.index.notation(w.letters, w.wild)) for w in words),
                                 Done()))
            if all(decision != taken for *_, taken in leading):
                leading.append((score, words, decision))
            if len(leading) == self.search.breadth:
                break
        return leading

    # ----------------------------------------------------------------- the search

    def race(self, view: SeatView, decisions: Sequence[Decision], protected: set[int],
             budget: float, rollouts: int | None = None) -> list[Estimate]:
        """Play every decision out on the same lucks, dropping those clearly behind (never
        the `protected` ones), until `budget` seconds are spent (or, given `rollouts`, until
        another round of rollouts would take the decision's total past it), one decision is
        left, or each has `Search.max_rollouts`; their estimates, contenders first, best
        first. Every decision gets two rollouts at least, so that each has a standard error."""
        search = self.search
        clock = CLOCKS[search.clock]
        deadline = clock() + budget
        rng = random.Random(self.rng.getrandbits(64))
        values: list[list[float]] = [[] for _ in decisions]
        alive = list(range(len(decisions)))
        policy = self._rollout_policy()
        started = clock()
        total = 0
        for played in range(1, search.max_rollouts + 1):
            luck = sample_luck(view, rng, search.horizon + 1)
            for c in alive:
                values[c].append(self._play(view, decisions[c], luck, policy))
            total += len(alive)
            if played >= search.min_rollouts:
                alive = self._contenders(values, alive, protected)
                if len(alive) == 1:
                    break
            if played < 2:
                continue
            if rollouts is not None:
                if total + len(alive) > rollouts:
                    break
                continue
            # Stop when another round of rollouts would likely end past the deadline.
            now = clock()
            if now + (now - started) / played > deadline:
                break
        estimates = [_estimate(decisions[c], values[c]) for c in range(len(decisions))]
        choice = self._choice(values, alive)
        order = sorted(range(len(decisions)),
                       key=lambda c: (c != choice, c not in alive, -estimates[c].mean, c))
        return [estimates[c] for c in order]

    def _choice(self, values: list[list[float]], alive: list[int]) -> int:
        """The decision Master takes: the contender with the best mean, unless the first
        decision (Expert's favourite) is still in contention and not clearly worse than it
        (by `Search.switch` standard errors of their paired difference): with few rollouts
        the means are noisy, and Expert's judgement is the better guess then."""
        leader = max(alive, key=lambda c: (statistics.fmean(values[c]), -c))
        if leader == 0 or 0 not in alive:
            return leader
        if len(values[0]) < self.search.min_rollouts:
            return 0  # too few rollouts to overrule Expert
        gaps = [a - b for a, b in zip(values[leader], values[0], strict=True)]
        error = statistics.stdev(gaps) / math.sqrt(len(gaps))
        return leader if statistics.fmean(gaps) > self.search.switch * error else 0

    def _contenders(self, values: list[list[float]], alive: list[int],
                    protected: set[int]) -> list[int]:
        """The decisions still in contention: the leader, the protected, and those whose paired
        shortfall against the leader is within `Search.z` standard errors."""
        leader = max(alive, key=lambda c: (statistics.fmean(values[c]), -c))
        kept = []
        for c in alive:
            if c == leader or c in protected:
                kept.append(c)
                continue
            gaps = [a - b for a, b in zip(values[leader], values[c], strict=True)]
            gap = statistics.fmean(gaps)
            error = statistics.stdev(gaps) / math.sqrt(len(gaps))
            if gap <= self.search.z * error or gap <= 0:
                kept.append(c)
        return kept

    def _play(self, view: SeatView, decision: Decision, luck: Luck,
              policy: QuickBot) -> float:
        """The value one rollout gives `decision` against `luck`."""
        rollout = Rollout(view, luck, policy, self.search.horizon)
        match decision.actions[0]:
            case Choose(count=count):
                return rollout.choose(count)
            case Buy():
                return rollout.buy(True)
            case Discard():
                return rollout.buy(False)
            case Drop(letters=letters):
                return rollout.drop(letters)
        return rollout.sell(self._words(decision))

    def _rollout_policy(self) -> QuickBot:
        """The quick Expert that plays the rollouts, on this player's words."""
        if self._policy is None:
            self._policy = QuickBot(self.index, 0, self.search.policy, "quick expert",
                                    self.leaves)
        self._policy.index = self.index
        return self._policy

    def _words(self, decision: Decision) -> list[Word]:
        """The words a selling decision sells, as the index knows them."""
        words = []
        for action in decision.actions:
            if isinstance(action, Sell):
                spelling = parse_spelling(action.word)
                letters = hand_key(spelling.letters)
                wild = spelling.wild is not None
                pips = self.index.pips_of(letters) + (self.index.wild_pips if wild else 0)
                words.append(Word(letters, wild, pips))
        return words

    # ----------------------------------------------------------------- checks

    def _check(self, view: SeatView) -> None:
        if view.current != view.seat:
            raise ValueError(f"it is not seat {view.seat + 1}'s turn: there is no decision "
                             "of theirs to appraise")
        if view.phase not in (Phase.CHOOSE, Phase.BUY, Phase.SELL, Phase.DROP):
            raise ValueError(f"there is no decision to appraise while the game is {view.phase}")
        missing = modelled(view)
        if missing is not None:
            raise ValueError(f"Master cannot appraise a game with {missing}: its rollouts "
                             "play the printed rules only")

    def _check_decision(self, view: SeatView, decision: Decision) -> None:
        """ValueError unless `decision` is one the seat could take now."""
        kinds = {Phase.CHOOSE: (Choose,), Phase.BUY: (Buy, Discard), Phase.DROP: (Drop,),
                 Phase.SELL: (Sell, Done)}[view.phase]
        if not decision.actions or not all(isinstance(a, kinds) for a in decision.actions):
            raise ValueError(f"{decision.describe()!r} is not a decision of the "
                             f"{view.phase} step")
        first = decision.actions[0]
        if isinstance(first, Choose) and first.count not in view.rules.draw_choices:
            raise ValueError(f"{decision.describe()!r}: the draw count is one of "
                             f"{', '.join(map(str, view.rules.draw_choices))}")
        if isinstance(first, Buy) and not view.can_buy:
            raise ValueError(f"you have ${view.money:,}; the draw costs ${view.offer_price:,}")
        if isinstance(first, Drop) and (
                len(first.letters) != view.over_limit or not _holds(view.hand, first.letters)):
            raise ValueError(f"{decision.describe()!r}: drop {view.over_limit} of the tiles "
                             f"in the hand {view.hand}")
        if view.phase is Phase.SELL:
            self._check_sale(view, decision)

    def _check_sale(self, view: SeatView, decision: Decision) -> None:
        hand, wilds = view.hand, view.wilds
        for word in self._words(decision):
            if not _holds(hand, word.letters) or wilds < word.wild:
                raise ValueError(f"{decision.describe()!r}: the hand {hand} (with {wilds} "
                                 f"wilds) cannot make all of it")
            hand, wilds = take(hand, word.letters), wilds - word.wild

    # ----------------------------------------------------------------- deciding

    def _best(self, view: SeatView) -> Decision | None:
        """The decision Master takes at `view`, or None to decide as Expert (a game the
        rollouts do not model)."""
        if modelled(view) is not None:
            return None
        self.index = self.index.at_least(view.rules.min_word_length)
        decisions = self.candidates(view)
        if len(decisions) == 1:
            return decisions[0]
        return self.race(view, decisions, set(), self.budget, self.rollouts)[0].decision

    def choose(self, view: SeatView) -> int:
        """The draw count after a CHOICE roll: the best by rollouts."""
        best = self._best(view)
        if best is None:
            return super().choose(view)
        first = best.actions[0]
        assert isinstance(first, Choose)
        return first.count

    def buy(self, view: SeatView) -> bool:
        """Whether to buy the draw: the better by rollouts."""
        best = self._best(view)
        return super().buy(view) if best is None else isinstance(best.actions[0], Buy)

    def sell(self, view: SeatView) -> list[Word]:
        """The round's sale: the best by rollouts of Expert's leading sales."""
        best = self._best(view)
        return super().sell(view) if best is None else self._words(best)

    def drop(self, view: SeatView) -> str:
        """The tiles to drop at the tile limit: the best by rollouts of Expert's leading
        choices."""
        best = self._best(view)
        if best is None:
            return super().drop(view)
        first = best.actions[0]
        assert isinstance(first, Drop)
        return first.letters


#: The clocks a budget may count (`Search.clock`).
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def _estimate(decision: Decision, values: list[float]) -> Estimate:
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    stderr = statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return Estimate(decision, mean, stderr, n)


def _holds(hand: str, letters: str) -> bool:
    """Whether `hand` holds all of `letters` (with repeats)."""
    return all(hand.count(c) >= letters.count(c) for c in set(letters))
