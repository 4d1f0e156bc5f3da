"""`buyword train`: learn leave values by self-play, the way strong Scrabble engines do.

Expert plays seeded solo games; at each round its leave is noted with what its sampled futures
judge it worth, and a turn's result is how far that judgement fell short of what the leave
proved worth over the next `horizon` rounds. A table is fitted to those shortfalls
(`buyword.bots.leaves.fit`) and the next iteration plays with it; the judgement is always the
futures' alone, so every iteration measures the same thing. `--targets rollouts` fits the
rollouts' verdict on Expert's leading sales instead (`buyword.bots.leaves.fit_contrasts`).
Training and evaluation seeds are kept apart, so the table is judged on bags it never saw. The
whole method: docs/solve-and-sim.md, "`buyword train`: learned leave values".
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from buyword.analysis.cluster import ClusterError, run_tasks
from buyword.bots import LEVEL_STYLES, LevelBot
from buyword.bots.index import Word, WordIndex, take
from buyword.bots.leaves import LeaveTable, LeaveTableError, Turn, fit, fit_contrasts
from buyword.bots.master import MasterBot, Search
from buyword.bots.view import SeatView
from buyword.engine import Game, Phase, Rules
from buyword.table.computers import seat_seed
from buyword.table.launch import computer_table
from buyword.table.runner import TableRunner
from buyword.table.services import Services
from buyword.table.session import TableSession, Thought

if TYPE_CHECKING:

    from buyword.engine.dictionary import Dictionary
    from buyword.words.finder import WordFinder

#: The word index's cache folder, as `Services.shared` takes it (None: build the index).
CacheDir = str | os.PathLike[str] | None

#: The level that learns (and uses) the table.
LEVEL = "expert"

#: What training fits the table to: each round's shortfall, or rollouts' verdicts on sales.
TARGETS = ("rounds", "rollouts")

#: One decision as rollout training records it: each option weighed, as a turn (the tiles it
#: keeps, wilds, tiles in the bag, and the dollars by which the rollouts valued it above the
#: futures' judgement of it).
Contrast = tuple[Turn, ...]


@dataclass(frozen=True)
class Training:
    """What one training run does (the command line's options; not a game's settings: its
    games are solo games of the printed rules)."""

    games: int = 40  # games per iteration
    iterations: int = 3
    seed: int = 1
    horizon: int = 2  # rounds after a turn whose money is its result
    max_leave: int = 3
    smoothing: float = 20.0
    weight: float = 1.0  # leave weight Expert plays with while training and evaluating
    evaluate: int = 40  # games of the comparison, on seeds after the training games
    targets: str = "rounds"  # one of TARGETS
    rollouts: int = 16  # rollouts each weighed sale gets (targets "rollouts")
    jobs: int = 1
    ray: str | None = None
    cache_dir: str | None = None  # where Ray workers read the word index from
    out: str = "leaves.json"  # where the learned table is written

    def checked(self) -> Training:
        """This training, if every option is usable; ValueError (in a player's words) if not."""
        for name in ("games", "iterations", "horizon", "max_leave", "evaluate", "jobs",
                     "rollouts"):
            if getattr(self, name) < 1:
                raise ValueError(f"--{name.replace('_', '-')} {getattr(self, name)}: "
                                 "use at least 1")
        if self.targets not in TARGETS:
            raise ValueError(f"--targets {self.targets}: one of {', '.join(TARGETS)}")
        if self.max_leave > 4:
            raise ValueError(f"--max-leave {self.max_leave}: at most 4 letters (a table of "
                             "longer leaves would be too large to ship)")
        if self.smoothing < 0 or self.weight < 0:
            raise ValueError("--smoothing and --weight cannot be negative")
        return self

    def command(self) -> str:
        """The command line that repeats this run."""
        text = (f"buyword train --games {self.games} --iterations {self.iterations} "
                f"--seed {self.seed} ")
        if self.targets == "rollouts":  # the round targets' options do not apply
            return text + (f"--weight {self.weight:g} --targets rollouts "
                           f"--rollouts {self.rollouts}")
        return text + (f"--horizon {self.horizon} --max-leave {self.max_leave} "
                       f"--smoothing {self.smoothing:g} --weight {self.weight:g}")


# ---------------------------------------------------------------------- one game


@dataclass(frozen=True)
class RoundStart:
    """The player's state as a round starts: what it kept, the bag, its money, and what its
    sampled futures judged the kept tiles worth, in dollars of money now."""

    hand: str
    wilds: int
    bag: int
    money: int
    estimate: float


def _solo(seed: int, bot: LevelBot, finder: WordFinder, lexicon: Dictionary
          ) -> tuple[Game, TableSession]:
    """A solo game on `seed` with `bot` in the seat."""
    session = computer_table([LEVEL], seed, lexicon, finder)
    session.bots[0] = bot
    return session.game, session


def record_game(seed: int, table: LeaveTable | None, weight: float, finder: WordFinder,
                lexicon: Dictionary) -> tuple[int, list[RoundStart]]:
    """One solo game of Expert on `seed` (valuing its leaves with `table` at `weight`, or
    by its futures alone when `table` is None): its final money and each round's start."""
    style = replace(LEVEL_STYLES[LEVEL], leave_weight=weight)
    bot = LevelBot(WordIndex.common(finder, style.zipf), seat_seed(seed, 0), style, LEVEL,
                   table)
    game, session = _solo(seed, bot, finder, lexicon)
    # The estimate's futures come from a generator of their own, so that recording a game
    # never changes how it is played.
    sampler = random.Random(seed)
    starts: list[RoundStart] = []
    seen_round = None

    def round_start(_thought: Thought) -> None:
        """At each round's start (before its roll is played), what the hand is judged."""
        nonlocal seen_round
        if game.phase is Phase.ROLL and game.round != seen_round:
            seen_round = game.round
            player = game.players[0]
            estimate = _estimate(bot, player.hand, player.wilds, game.bag, sampler)
            starts.append(RoundStart(player.hand, player.wilds, len(game.bag), player.money,
                                     estimate))

    TableRunner(session, shared_screen=False, pace=False).play_out(round_start)
    return game.players[0].money, starts


def _estimate(bot: LevelBot, hand: str, wilds: int, bag: str, sampler: random.Random) -> float:
    """What `bot`'s sampled futures judge keeping `hand` is worth, discounted (drawn from
    `bag`, twice its usual number of them, for a steadier figure; never its learned values,
    which are what training measures against this)."""
    style = bot.style
    size = min(style.future_tiles, max(0, len(bag) - 1), len(bag))
    unseen = sorted(bag)
    futures = (["".join(sampler.sample(unseen, size)) for _ in range(2 * style.futures)]
               if size > 0 else [""])
    return style.discount * bot.index.leave_value(hand, wilds, futures)


class AppraisedExpert(LevelBot):
    """Expert that, before each round's selling, has its leading sales weighed by an
    appraiser's rollouts (see `weigh_sales`) and keeps what they said in `contrasts`. It plays
    exactly as Expert: the appraiser draws its futures and lucks from generators of its own."""

    def __init__(self, index: WordIndex, seed: int, table: LeaveTable | None, weight: float,
                 appraiser: MasterBot) -> None:
        """Expert on the words of `index` (with `table` at `weight`), weighed by
        `appraiser`."""
        style = replace(LEVEL_STYLES[LEVEL], leave_weight=weight)
        super().__init__(index, seed, style, LEVEL, table)
        self.appraiser = appraiser
        #: The sales weighed so far, one contrast a round.
        self.contrasts: list[Contrast] = []

    def sell(self, view: SeatView) -> list[Word]:
        """Expert's sale, once the rollouts have weighed the leading ones."""
        contrast = weigh_sales(self.appraiser, view)
        if contrast is not None:
            self.contrasts.append(contrast)
        return super().sell(view)


def weigh_sales(master: MasterBot, view: SeatView) -> Contrast | None:
    """Expert's leading sales at `view` (a round's selling starting), each played out by
    `master`'s rollouts on the same lucks (as many as its `Search.max_rollouts`, none dropped):
    each option as a turn (see `Contrast`), or None when there is nothing to weigh (the final
    round, when everything sellable is sold, or a single sale)."""
    if view.final_round:
        return None
    master.index = master.index.at_least(view.rules.min_word_length)
    leading = master.leading_sales(view)
    if len(leading) < 2:
        return None
    decisions = [decision for *_, decision in leading]
    every = set(range(len(decisions)))
    means = {estimate.decision: estimate.mean
             for estimate in master.race(view, decisions, every, math.inf)}
    turns = []
    for score, words, decision in leading:
        hand, wilds = view.hand, view.wilds
        for word in words:
            hand, wilds = take(hand, word.letters), wilds - word.wild
        kept = master._trimmed(hand, wilds, view)  # the leave as the score valued it
        # The score counts the kept tiles' value discounted, as the table's value will be.
        beyond = (means[decision] - score) / master.style.discount
        turns.append((kept, wilds, view.bag_size, beyond))
    return tuple(turns)


def record_sales(seed: int, table: LeaveTable | None, weight: float, rollouts: int,
                 finder: WordFinder, lexicon: Dictionary) -> tuple[int, list[Contrast]]:
    """One solo game of Expert on `seed` (with `table` at `weight`), its leading sales in
    every round weighed by `rollouts` rollouts each: its final money and the contrasts."""
    index = WordIndex.common(finder, LEVEL_STYLES[LEVEL].zipf)
    # The appraiser values by the futures alone, so that every iteration measures the same.
    appraiser = MasterBot(index, seat_seed(seed, 1), LEVEL_STYLES[LEVEL],
                          search=Search(max_rollouts=rollouts))
    bot = AppraisedExpert(index, seat_seed(seed, 0), table, weight, appraiser)
    game, session = _solo(seed, bot, finder, lexicon)
    TableRunner(session, shared_screen=False, pace=False).play_out()
    return game.players[0].money, bot.contrasts


def turns_of(starts: Sequence[RoundStart], money: int, horizon: int) -> list[Turn]:
    """Each round's turn: what it kept, its wilds, the tiles in the bag, and how far its own
    judgement of the kept tiles fell short of what they proved worth.

    What they proved worth is the money made over the next `horizon` rounds (sales less
    purchases) plus the judgement of the tiles kept then (nothing once the game is over, when
    unsold tiles are worth nothing). Crediting the money alone would favour keeping few tiles
    (whatever is kept at the horizon is not counted) and would learn again what the sampled
    futures already know; what a table adds to them is this shortfall.
    """
    turns = []
    for i, start in enumerate(starts):
        if i + horizon < len(starts):
            later = starts[i + horizon]
            proved = later.money - start.money + later.estimate
        else:
            proved = float(money - start.money)
        turns.append((start.hand, start.wilds, start.bag, proved - start.estimate))
    return turns


#: One game as training records it: the final money, and its turns (see `turns_of`) or, when
#: its sales were weighed by rollouts, its contrasts; the other list is empty.
Played = tuple[int, list[Turn], list[Contrast]]


def play_and_record(seed: int, table: LeaveTable | None, weight: float, horizon: int,
                    finder: WordFinder, lexicon: Dictionary, rollouts: int | None = None
                    ) -> Played:
    """One solo game of Expert on `seed`: its final money and its turns (see `record_game`
    and `turns_of`), or, given `rollouts`, its sales weighed by rollouts (see
    `record_sales`)."""
    if rollouts is not None:
        money, contrasts = record_sales(seed, table, weight, rollouts, finder, lexicon)
        return money, [], contrasts
    money, starts = record_game(seed, table, weight, finder, lexicon)
    return money, turns_of(starts, money, horizon), []


#: A game to play: seed, table (None: none), weight, horizon, the word index's cache folder,
#: and the rollouts a weighed sale gets (None: record turns, not contrasts).
_Task = tuple[int, LeaveTable | None, float, int, CacheDir, int | None]


def _play_task(task: _Task) -> tuple[int, Played]:
    """A worker's game: its seed, and what it recorded."""
    seed, table, weight, horizon, cache_dir, rollouts = task
    finder, lexicon = Services.shared(cache_dir).words()
    return seed, play_and_record(seed, table, weight, horizon, finder, lexicon, rollouts)


def play_many(seeds: Sequence[int], table: LeaveTable | None, weight: float, horizon: int,
              jobs: int = 1, ray: str | None = None, cache_dir: CacheDir = None,
              rollouts: int | None = None) -> dict[int, Played]:
    """Play a game on each seed (in `jobs` processes, or on Ray, whose workers read the word
    index from `cache_dir`): seed -> (money, turns, no contrasts), or (money, no turns,
    contrasts) given `rollouts` (see `play_and_record`)."""
    # In the parent, so forked workers share the index.
    finder, _ = Services.shared(cache_dir).words()
    if ray is not None and cache_dir is not None:
        finder.save_cache(cache_dir)
    tasks = [(seed, table, weight, horizon, cache_dir, rollouts) for seed in seeds]
    return dict(run_tasks(_play_task, tasks, jobs, ray))


# ---------------------------------------------------------------------- training


@dataclass(frozen=True)
class Report:
    """A training run's outcome: the table, and Expert's money with and without it."""

    table: LeaveTable
    seeds: tuple[int, int]  # the comparison's seeds, first and last
    with_table: list[int]
    without: list[int]
    seconds: float

    @property
    def better(self) -> int:
        """On how many comparison seeds the table earned more than playing without it."""
        return sum(a > b for a, b in zip(self.with_table, self.without, strict=True))

    def difference(self) -> str:
        """The mean gain of playing with the table, seed by seed, with its standard error."""
        gains = [a - b for a, b in zip(self.with_table, self.without, strict=True)]
        error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        return f"mean gain {statistics.fmean(gains):+,.1f} ± {error:,.1f} (standard error)"


def train(settings: Training, say: Callable[[str], object] | None = None) -> Report:
    """Fit a leave table by `settings.iterations` rounds of self-play and refitting, then
    compare Expert with and without it. `say(text)` is told how it goes."""
    tell = say if say is not None else (lambda text: None)
    started = time.perf_counter()
    table: LeaveTable | None = None
    turns: list[Turn] = []
    contrasts: list[Contrast] = []  # targets "rollouts"
    rollouts = settings.rollouts if settings.targets == "rollouts" else None
    full = Rules().tiles.letter_total
    for iteration in range(settings.iterations):
        first = settings.seed + iteration * settings.games
        seeds = range(first, first + settings.games)
        played = play_many(seeds, table, settings.weight if table else 0.0, settings.horizon,
                           settings.jobs, settings.ray, settings.cache_dir, rollouts)
        for seed in seeds:  # in seed order, so the fit does not depend on who finished first
            turns.extend(played[seed][1])
            contrasts.extend(played[seed][2])
        money = [played[seed][0] for seed in seeds]
        about: dict[str, object] = {"command": settings.command(), "seed": settings.seed,
                                    "games": (iteration + 1) * settings.games}
        if rollouts is None:
            about.update(turns=len(turns), horizon=settings.horizon,
                         smoothing=settings.smoothing)
            table = fit(turns, full, settings.max_leave, settings.smoothing, about)
            counted = f"{len(turns):,} turns"
        else:
            about.update(targets="rollouts", rollouts=rollouts, sales=len(contrasts),
                         options=sum(len(contrast) for contrast in contrasts))
            table = fit_contrasts(contrasts, full, about)
            counted = f"{len(contrasts):,} sales weighed"
        tell(f"iteration {iteration + 1}: seeds {first}..{first + settings.games - 1}, "
             f"mean ${statistics.fmean(money):,.0f}; {counted}, {len(table):,} values")
    assert table is not None
    first = settings.seed + settings.iterations * settings.games
    seeds = range(first, first + settings.evaluate)
    with_table = play_many(seeds, table, settings.weight, settings.horizon, settings.jobs,
                           settings.ray, settings.cache_dir)
    without = play_many(seeds, None, 0.0, settings.horizon, settings.jobs, settings.ray,
                        settings.cache_dir)
    return Report(table, (first, first + settings.evaluate - 1),
                  [with_table[s][0] for s in seeds], [without[s][0] for s in seeds],
                  time.perf_counter() - started)


# ---------------------------------------------------------------------- the command


def train_main(training: Training) -> int:
    """Run `buyword train` (the command line's options: `buyword.cli`); returns the exit
    code."""
    try:
        settings = training.checked()
    except ValueError as error:
        print(f"buyword train: {error}", file=sys.stderr)
        return 2
    out = Path(settings.out)
    if not out.parent.is_dir():
        print(f"buyword train: --out {str(out)!r}: there is no folder {str(out.parent)!r}",
              file=sys.stderr)
        return 2
    try:
        report = train(settings, say=lambda text: print(text, file=sys.stderr))
    except ClusterError as error:
        print(f"buyword train: {error}", file=sys.stderr)
        return 2
    try:
        report.table.save(out)
    except (OSError, LeaveTableError) as error:
        print(f"buyword train: cannot write {str(out)!r}: {error}", file=sys.stderr)
        return 1
    first, last = report.seeds
    mean_with, mean_without = statistics.fmean(report.with_table), statistics.fmean(report.without)
    print(f"wrote {out} ({len(report.table):,} values) in {report.seconds:.0f} s")
    print(f"Expert on seeds {first}..{last}: ${mean_with:,.1f} with the table (weight "
          f"{settings.weight:g}), ${mean_without:,.1f} without; {report.difference()}; more "
          f"money on {report.better} of {len(report.without)} seeds")
    return 0


__all__ = ["Report", "RoundStart", "Training", "play_and_record", "play_many", "record_game",
           "train", "train_main", "turns_of"]
