"""`buyword train`: learn leave values by self-play, the way strong Scrabble engines do.

Expert plays seeded solo games. At the start of every round its kept tiles (the *leave*), its
wilds and the stage of the bag are noted, with the money it makes over the next `horizon`
rounds (sales less purchases; to the end of the game if that comes first). A table is fitted
from those turns (`buyword.bots.leaves.fit`: each leave's mean result less the mean of all
turns at that stage and wild count, smoothed from sub-leaves where rare), and the next
iteration plays with it, so that the leaves the table favours are tried and measured too.

Training and evaluation seeds are kept apart: the games trained on start at `seed`, the
comparison (Expert with the fitted table against Expert without, on the same seeds) is played
on seeds after all the training games, so the table is judged on bags it never saw.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from buyword.bots import LEVEL_STYLES, LevelBot
from buyword.bots.index import WordIndex
from buyword.bots.leaves import LeaveTable, LeaveTableError, fit, stage_of
from buyword.engine import Game, Phase
from buyword.table.cluster import ClusterError, run_tasks
from buyword.table.computers import seat_seed
from buyword.table.session import TableSession, Wait
from buyword.table.setup import Seat
from buyword.table.sim import _load_words

#: The level that learns (and uses) the table.
LEVEL = "expert"

#: A turn as training records it: kept tiles, wilds, stage of the bag, dollars made.
Turn = tuple[str, int, int, float]


@dataclass(frozen=True)
class Settings:
    """What one training run does (the command line's options)."""

    games: int = 40  # games per iteration
    iterations: int = 3
    seed: int = 1
    horizon: int = 2  # rounds after a turn whose money is its result
    max_leave: int = 3
    smoothing: float = 20.0
    weight: float = 1.0  # leave weight Expert plays with while training and evaluating
    evaluate: int = 40  # games of the comparison, on seeds after the training games
    jobs: int = 1
    ray: str | None = None
    cache_dir: str | None = None  # where Ray workers read the word index from

    def command(self) -> str:
        """The command line that repeats this run."""
        text = (f"buyword train --games {self.games} --iterations {self.iterations} "
                f"--seed {self.seed} --horizon {self.horizon} --max-leave {self.max_leave} "
                f"--smoothing {self.smoothing:g} --weight {self.weight:g}")
        return text


# ---------------------------------------------------------------------- one game


def play_and_record(seed: int, table: LeaveTable | None, weight: float, horizon: int,
                    finder: object, lexicon: object) -> tuple[int, list[Turn]]:
    """One solo game of Expert on `seed` (valuing its leaves with `table` at `weight`, or
    as shipped when `table` is None and `weight` 0): its final money and its turns."""
    game = Game.new([f"1 {LEVEL}"], dictionary=lexicon, seed=seed)  # type: ignore[arg-type]
    session = TableSession(game, [Seat(f"1 {LEVEL}", LEVEL)], finder)  # type: ignore[arg-type]
    style = replace(LEVEL_STYLES[LEVEL], leave_weight=weight)
    session.bots[0] = LevelBot(WordIndex.common(finder, style.zipf),  # type: ignore[arg-type]
                               seat_seed(seed, 0), style, LEVEL, table)
    full = game.rules.tiles.letter_total
    starts: list[tuple[str, int, int, int]] = []  # each round: leave, wilds, stage, money
    seen_round = None
    while session.awaiting().wait is not Wait.OVER:
        if game.phase is Phase.ROLL and game.round != seen_round:
            seen_round = game.round
            player = game.players[0]
            starts.append((player.hand, player.wilds, stage_of(len(game.bag), full),
                           player.money))
        session.play(session.think())
    money = game.players[0].money
    turns = []
    for i, (leave, wilds, stage, before) in enumerate(starts):
        after = starts[i + horizon][3] if i + horizon < len(starts) else money
        turns.append((leave, wilds, stage, float(after - before)))
    return money, turns


#: A game to play: seed, table (None: none), weight, horizon, the word index's cache folder.
_Task = tuple[int, LeaveTable | None, float, int, object]


def _play_task(task: _Task) -> tuple[int, int, list[Turn]]:
    """A worker's game: (seed, final money, turns)."""
    seed, table, weight, horizon, cache_dir = task
    finder, lexicon = _load_words(cache_dir=cache_dir)
    money, turns = play_and_record(seed, table, weight, horizon, finder, lexicon)
    return seed, money, turns


def play_many(seeds: Sequence[int], table: LeaveTable | None, weight: float, horizon: int,
              jobs: int = 1, ray: str | None = None,
              cache_dir: object = None) -> dict[int, tuple[int, list[Turn]]]:
    """Play a game on each seed (in `jobs` processes, or on Ray, whose workers read the word
    index from `cache_dir`): seed -> (money, turns)."""
    # In the parent, so forked workers share the index.
    finder, _ = _load_words(cache_dir=cache_dir)
    if ray is not None and cache_dir is not None:
        finder.save_cache(cache_dir)  # type: ignore[attr-defined]
    tasks = [(seed, table, weight, horizon, cache_dir) for seed in seeds]
    return {seed: (money, turns)
            for seed, money, turns in run_tasks(_play_task, tasks, jobs, ray)}


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


def train(settings: Settings, say: object = None) -> Report:
    """Fit a leave table by `settings.iterations` rounds of self-play and refitting, then
    compare Expert with and without it. `say(text)` is told how it goes."""
    tell = say if callable(say) else (lambda text: None)
    started = time.perf_counter()
    table: LeaveTable | None = None
    turns: list[Turn] = []
    for iteration in range(settings.iterations):
        first = settings.seed + iteration * settings.games
        seeds = range(first, first + settings.games)
        played = play_many(seeds, table, settings.weight if table else 0.0, settings.horizon,
                           settings.jobs, settings.ray, settings.cache_dir)
        for seed in seeds:  # in seed order, so the fit does not depend on who finished first
            turns.extend(played[seed][1])
        money = [played[seed][0] for seed in seeds]
        about = {"command": settings.command(), "seed": settings.seed,
                 "games": (iteration + 1) * settings.games, "turns": len(turns),
                 "horizon": settings.horizon, "smoothing": settings.smoothing}
        table = fit(turns, settings.max_leave, settings.smoothing, about)
        tell(f"iteration {iteration + 1}: seeds {first}..{first + settings.games - 1}, "
             f"mean ${statistics.fmean(money):,.0f}; {len(turns):,} turns, "
             f"{len(table):,} leaves")
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


def train_main(args: object) -> int:
    """Run `buyword train` with the parsed command line; returns the exit code."""
    try:
        settings = _settings(args)
    except ValueError as error:
        print(f"buyword train: {error}", file=sys.stderr)
        return 2
    out = Path(str(getattr(args, "out", "leaves.json")))
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
    print(f"wrote {out} ({len(report.table):,} leaves) in {report.seconds:.0f} s")
    print(f"Expert on seeds {first}..{last}: ${mean_with:,.1f} with the table (weight "
          f"{settings.weight:g}), ${mean_without:,.1f} without; more money on {report.better} "
          f"of {len(report.without)} seeds")
    return 0


def _settings(args: object) -> Settings:
    """The command line's options as Settings; ValueError (in a player's words) if unusable."""
    values = {name: getattr(args, name) for name in Settings.__dataclass_fields__
              if getattr(args, name, None) is not None}
    settings = Settings(**values)
    for name in ("games", "iterations", "horizon", "max_leave", "evaluate", "jobs"):
        if getattr(settings, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} {getattr(settings, name)}: "
                             "use at least 1")
    if settings.max_leave > 4:
        raise ValueError(f"--max-leave {settings.max_leave}: at most 4 letters (a table of "
                         "longer leaves would be too large to ship)")
    if settings.smoothing < 0 or settings.weight < 0:
        raise ValueError("--smoothing and --weight cannot be negative")
    return settings


__all__ = ["Report", "Settings", "play_and_record", "play_many", "train", "train_main"]
