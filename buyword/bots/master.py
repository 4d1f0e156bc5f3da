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
from typing import Protocol

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
class Appraisal:
    """A decision point weighed by rollouts: every option's estimate, best first (the first is
    the decision Master takes), and how sure each comparison with Master's choice is.

    With a `stream` and a budget counted in rollouts it is a pure function of the view, the
    options and the stream: the same on any machine, at any load, in any process, so it can
    be kept (`buyword.table.coach.kept_entry`) and used again instead of being computed twice.
    """

    estimates: tuple[Estimate, ...]
    #: For each estimate, the standard error of its shortfall against the first, paired on the
    #: rollouts both played (the same lucks): much smaller than the two errors combined.
    gap_stderrs: tuple[float, ...]
    #: For each estimate, its mean shortfall against the first on those paired rollouts.
    gaps: tuple[float, ...]


class Spread(Protocol):
    """Plays a block of rollouts, perhaps in other processes (`buyword.analysis.spread`)."""

    #: Rounds of rollouts worth handing out at once (1: no gain from blocks).
    block: int

    def __call__(self, task: RolloutTask) -> dict[int, list[float]]:
        """`rollout_values(master, task)` for a Master like this one, wherever it runs."""
        ...


@dataclass(frozen=True)
class RolloutTask:
    """Rounds of rollouts for some options of one decision point: what `rollout_values`
    plays. Picklable, so that another process can play it."""

    view: SeatView
    decisions: tuple[Decision, ...]
    #: The options (positions in `decisions`) to play out.
    options: tuple[int, ...]
    #: Where the lucks come from: round k's luck is drawn from (stream, k) alone.
    stream: str
    #: The rounds (from 1) to play.
    rounds: tuple[int, ...]
    search: Search
    #: Keep the values, so that the same rollouts asked for again (another appraisal of the
    #: same decision point, from the same stream) cost a look-up: a stream named by the caller.
    remember: bool = False


@dataclass(frozen=True)
class Search:
    """How Master searches: the options, the rollouts and the racing between them."""

    #: Seconds a decision may take (the default budget; `MasterBot(budget=...)` overrides it).
    budget: float = 1.0
    #: Which seconds the budget counts: "wall" (the time a person waits) or "cpu" (this
    #: process's processor time: the same search on a busy machine, for measuring).
    clock: str = "wall"
    #: Seconds of a decision's budget its rollouts leave to the rest of it (choosing the
    #: candidates, the last round's bookkeeping, the table's own work), so that a decision
    #: that spends its whole budget still ends within it.
    reserve: float = 0.05
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
    #: With a figure, a decision also stops once every contender's paired shortfall against
    #: the leader is known to that many dollars (its standard error): enough to say how much a
    #: decision lost, as a review needs (None: play on to the budget, as a player does).
    precision: float | None = None
    #: How the rollouts' quick Expert plays: fewer sampled futures than Expert, for speed. Six,
    #: not three: a rollout is only as good as its player, and with 6 it makes $30 a game more
    #: as a player for a fifth fewer rollouts a second (Master rarely spends its whole budget).
    #: Expert's leave weight with it: the learned values made it $20 a game better as a player.
    policy: Style = replace(LEVEL_STYLES["expert"], futures=6, breadth=6)


#: How Master searches at a table, thinking for a time (a second) rather than a count of
#: rollouts: every option gets 16 rollouts before any is dropped, and an option is dropped only
#: 2.5 standard errors behind the leader. With the compiled word search a second buys hundreds
#: of rollouts, and the quicker race of `Search` (6 rollouts, 2 errors) sometimes settles a
#: buy or a sale on too few: on 180 decisions of seeds 40091..40092, valued by 300 rollouts an
#: option, its choices cost $0.34 and $0.05 a decision against the best (two runs on other
#: lucks; a few costly decisions make most of it), these $0.10 and $0.03, for 0.18 s of processor
#: time a decision on average instead of 0.10-0.13 (benchmarks/bench_search_regret.py). A
#: review, the coach and a budget counted in rollouts keep `Search`'s race (the same answers
#: as before).
PLAYING = Search(min_rollouts=16, z=2.5)


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
        searching as `search` (`PLAYING` by default), with `budget` seconds a decision
        (`search.budget` if None), or, given `rollouts`, that many rollouts a decision (all
        its options' together) instead of a time budget: the same play on any machine,
        however busy."""
        super().__init__(index, seed, style or LEVEL_STYLES["expert"], level, leaves)
        self.search = search or PLAYING
        #: Seconds a decision may take.
        self.budget = self.search.budget if budget is None else budget
        if rollouts is not None and rollouts < 1:
            raise ValueError(f"{rollouts!r} rollouts a decision: give Master at least one")
        #: Rollouts a decision may take (all its options' together), or None: `budget` rules.
        self.rollouts = rollouts
        #: Where blocks of rollouts are played (None: here, one round at a time).
        self.spread: Spread | None = None
        self._policy: QuickBot | None = None
        #: The values of rollouts played from streams the callers named: stream -> (the view
        #: they start from, (decision, round, horizon, the policy's style, shortest word) ->
        #: value). A rollout's value depends on nothing else, so the coach's appraisals of one
        #: decision (Master's, then each option or the person's decision beside them) play
        #: each rollout once.
        self._played: dict[str, tuple[SeatView, dict[tuple[Decision, int, int, Style, int],
                                                       float]]] = {}

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
        return list(self.appraisal(view, also, budget).estimates)

    def appraisal(self, view: SeatView, also: Sequence[Decision] = (),
                  budget: float | None = None, stream: str | None = None,
                  rollouts: int | None = None) -> Appraisal:
        """`appraise` as an `Appraisal`, with the paired errors. Given `rollouts`, each option
        gets at most that many (racing still drops those clearly behind) and no clock counts
        unless `budget` is given too. Given a `stream` (e.g. the game's seed and the
        decision's place in its record: `buyword.table.weighing.decision_stream`), the
        candidates' futures and every rollout's luck come from it alone: with a budget
        counted in rollouts the answer is then the same on any machine, in any process."""
        search = self.search
        if rollouts is not None:
            search = replace(search, max_rollouts=rollouts)
            budget = math.inf if budget is None else budget
        self._check(view)
        self.index = self.index.at_least(view.rules.min_word_length)
        if stream is not None:  # Expert's futures, which pick the candidates, from it too
            self.rng.seed(f"{stream}/candidates")
        decisions = self.candidates(view)
        protected: set[int] = set()
        for decision in also:
            self._check_decision(view, decision)
            if decision not in decisions:
                decisions.append(decision)
            protected.add(decisions.index(decision))
        budget = self.budget if budget is None else budget
        return self.weigh(view, decisions, protected, budget, self.rollouts, stream, search)

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
        return list(self.weigh(view, decisions, protected, budget, rollouts).estimates)

    def weigh(self, view: SeatView, decisions: Sequence[Decision], protected: set[int],
              budget: float, rollouts: int | None = None, stream: str | None = None,
              search: Search | None = None) -> Appraisal:
        """`race`, as an `Appraisal`. Round k's luck comes from (`stream`, k) alone (None: a
        stream drawn from this player's own generator), so rounds may be played in any order
        or process: with `spread` set, they are handed out a block at a time, and the race
        is then run over the block's values as if they had come one round at a time. The
        answer is the same whatever the block, unless the budget counts seconds. `search`
        (None: this player's) says how many rollouts and when to drop an option."""
        search = self.search if search is None else search
        clock = CLOCKS[search.clock]
        deadline = clock() + budget
        remember = stream is not None
        stream = str(self.rng.getrandbits(64)) if stream is None else stream
        options = tuple(decisions)
        values: list[list[float]] = [[] for _ in options]
        alive = list(range(len(options)))
        ahead: dict[int, list[float]] = {}  # the block's values not yet raced
        first_ahead = 1
        started = clock()
        total = 0
        for played in range(1, search.max_rollouts + 1):
            if played - first_ahead >= len(ahead.get(alive[0], ())):
                first_ahead = played
                ahead = self._block(RolloutTask(view, options, tuple(alive), stream, (played,),
                                                search, remember), total, rollouts)
            for c in alive:
                values[c].append(ahead[c][played - first_ahead])
            total += len(alive)
            if played >= search.min_rollouts:
                alive = self._contenders(values, alive, protected, search.z)
                if len(alive) == 1 or _settled(values, alive, search.precision):
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
        return self._appraisal(options, values, alive, search)

    def _block(self, task: RolloutTask, total: int, rollouts: int | None
               ) -> dict[int, list[float]]:
        """The values of the next rounds of rollouts (from `task`'s round) for its options: one
        round, or with `spread` as many as it asks for at once (never past the search's
        `max_rollouts`, nor much past a `rollouts` budget); every option gets two at least."""
        played, search = task.rounds[0], task.search
        size = 1 if self.spread is None else self.spread.block
        size = min(size, search.max_rollouts - played + 1)
        if rollouts is not None:
            size = min(size, max(1, (rollouts - total) // len(task.options)))
        if played <= 2:
            size = max(size, 3 - played)
        task = replace(task, rounds=tuple(range(played, played + size)))
        if self.spread is None or size * len(task.options) < 2:
            return rollout_values(self, task)
        return self.spread(task)

    def _appraisal(self, decisions: tuple[Decision, ...], values: list[list[float]],
                   alive: list[int], search: Search) -> Appraisal:
        """The raced values as an appraisal: Master's choice first, then the contenders by
        mean, then the dropped by mean; each with its paired shortfall against the choice."""
        estimates = [_estimate(decisions[c], values[c]) for c in range(len(decisions))]
        choice = self._choice(values, alive, search)
        order = sorted(range(len(decisions)),
                       key=lambda c: (c != choice, c not in alive, -estimates[c].mean, c))
        gaps, errors = [], []
        for c in order:
            paired = [a - b for a, b in zip(values[choice], values[c], strict=False)]
            gaps.append(statistics.fmean(paired) if paired else 0.0)
            errors.append(statistics.stdev(paired) / math.sqrt(len(paired))
                          if len(paired) > 1 else 0.0)
        return Appraisal(tuple(estimates[c] for c in order), tuple(errors), tuple(gaps))

    def _choice(self, values: list[list[float]], alive: list[int], search: Search) -> int:
        """The decision Master takes: the contender with the best mean, unless the first
        decision (Expert's favourite) is still in contention and not clearly worse than it
        (by `Search.switch` standard errors of their paired difference): with few rollouts
        the means are noisy, and Expert's judgement is the better guess then."""
        leader = max(alive, key=lambda c: (statistics.fmean(values[c]), -c))
        if leader == 0 or 0 not in alive:
            return leader
        if len(values[0]) < search.min_rollouts:
            return 0  # too few rollouts to overrule Expert
        gaps = [a - b for a, b in zip(values[leader], values[0], strict=True)]
        error = statistics.stdev(gaps) / math.sqrt(len(gaps))
        return leader if statistics.fmean(gaps) > search.switch * error else 0

    def _contenders(self, values: list[list[float]], alive: list[int],
                    protected: set[int], z: float) -> list[int]:
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
            if gap <= z * error or gap <= 0:
                kept.append(c)
        return kept

    def _play(self, view: SeatView, decision: Decision, luck: Luck, policy: QuickBot,
              horizon: int) -> float:
        """The value one rollout of `horizon` rounds gives `decision` against `luck`."""
        rollout = Rollout(view, luck, policy, horizon)
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

    def _remembered(self, task: RolloutTask
                    ) -> dict[tuple[Decision, int, int, Style, int], float]:
        """The values already played from `task`'s stream and view (none if the stream was
        last played from another view)."""
        entry = self._played.get(task.stream)
        if entry is None or (entry[0] is not task.view and entry[0] != task.view):
            if len(self._played) >= REMEMBERED_STREAMS:
                self._played.clear()
            entry = self._played[task.stream] = (task.view, {})
        return entry[1]

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
            raise ValueError(f"it is not seat {view.own_seat + 1}'s turn: there is no decision "
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
        clock = CLOCKS[self.search.clock]
        started = clock()
        self.index = self.index.at_least(view.rules.min_word_length)
        decisions = self.candidates(view)
        if len(decisions) == 1:
            return decisions[0]
        # The budget counts from the start of the decision: the candidates' time and the
        # reserve come out of the rollouts' share.
        budget = self.budget - self.search.reserve - (clock() - started)
        return self.race(view, decisions, set(), budget, self.rollouts)[0].decision

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


def luck_at(view: SeatView, stream: str, round_number: int, rounds: int) -> Luck:
    """Round `round_number`'s luck of the decision at `view` whose lucks come from `stream`:
    drawn from (stream, round) alone (a string seed hashes the same on every machine), so any
    process playing that round plays the same bag and die."""
    return sample_luck(view, random.Random(f"{stream}/{round_number}"), rounds)


def rollout_values(master: MasterBot, task: RolloutTask) -> dict[int, list[float]]:
    """Each option of `task` played out on each of its rounds' lucks by `master`'s rollouts
    (searching as `task.search` says): option -> values, round by round."""
    master.index = master.index.at_least(task.view.rules.min_word_length)
    policy = master._rollout_policy()
    horizon = task.search.horizon
    played = master._remembered(task) if task.remember else None
    shortest = master.index.min_length
    values: dict[int, list[float]] = {c: [] for c in task.options}
    for number in task.rounds:
        luck: Luck | None = None
        for c in task.options:
            decision = task.decisions[c]
            key = (decision, number, horizon, policy.style, shortest)
            value = None if played is None else played.get(key)
            if value is None:
                if luck is None:
                    luck = luck_at(task.view, task.stream, number, horizon + 1)
                value = master._play(task.view, decision, luck, policy, horizon)
                if played is not None:
                    played[key] = value
            values[c].append(value)
    return values


#: Streams whose rollout values a Master keeps (`MasterBot._played`) before it starts afresh:
#: more than a game's decisions, so a review after the coach finds every one.
REMEMBERED_STREAMS = 256

#: The clocks a budget may count (`Search.clock`).
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def _settled(values: list[list[float]], alive: list[int], precision: float | None) -> bool:
    """Whether every contender's paired shortfall against the leader has a standard error of
    at most `precision` dollars (never, without a precision)."""
    if precision is None:
        return False
    leader = max(alive, key=lambda c: (statistics.fmean(values[c]), -c))
    for c in alive:
        if c != leader:
            gaps = [a - b for a, b in zip(values[leader], values[c], strict=True)]
            if statistics.stdev(gaps) / math.sqrt(len(gaps)) > precision:
                return False
    return True


def _estimate(decision: Decision, values: list[float]) -> Estimate:
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    stderr = statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return Estimate(decision, mean, stderr, n)


def _holds(hand: str, letters: str) -> bool:
    """Whether `hand` holds all of `letters` (with repeats)."""
    return all(hand.count(c) >= letters.count(c) for c in set(letters))
