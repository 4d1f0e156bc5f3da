"""Game review speed: how long Master takes to weigh every decision of a solo game, in one
process and spread over several, and whether both give the same review.

    python benchmarks/bench_review.py [--games 3] [--seed 1] [--level medium]
                                      [--rollouts 48] [--jobs 2] [--budget SECONDS]
                                      [--horizon 2] [--precision 5]

Each seeded solo game is played by a computer `--level` standing in for a person (the same
game on every machine: a bundled record), then reviewed as `buyword review` reviews it, once
in one process and once over `--jobs` processes. Printed per game: its decisions, each run's
wall-clock seconds and processor seconds (this process and its workers), the parallel/single
ratio of both, whether the two reviews' JSON is byte-identical, and the review's figures (left
on the table, accuracy, the median standard error of a decision's loss where Master chose
differently). Then the medians. With `--budget` Master thinks that many seconds a decision
instead (the clock's review: its figures depend on the load, and are not compared).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from buyword.analysis.review import GameReview, review_game
from buyword.analysis.review_report import report_json
from buyword.bots import make_bot
from buyword.bots.master import Decision
from buyword.engine import GameRecord, default_tiles
from buyword.store.places import cache_folder
from buyword.table import Services, play_computers
from buyword.table.weighing import DEFAULT_ROLLOUTS, review_search


def cpu_seconds() -> float:
    """Processor seconds of this process and of its finished children so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def in_fresh_process(work: Callable[[], object]) -> object:
    """`work()` in a process forked from this one before any run, so that every run starts
    with the same memories (the word index remembers what it has looked up, and a run in
    this process would leave the next one a warmer start)."""
    context = multiprocessing.get_context("fork")
    answer = context.Queue()
    process = context.Process(target=lambda: answer.put(work()))
    process.start()
    result = answer.get()
    process.join()
    return result


def timed_review(record: GameRecord, finder: object, args: argparse.Namespace,
                 jobs: int) -> tuple[GameReview, float, float]:
    """The review in `jobs` processes, in a fresh process: (review, wall seconds, processor
    seconds)."""

    def review() -> tuple[GameReview, float, float]:
        master = make_bot("master", finder, 1)
        master.search = replace(review_search(), horizon=args.horizon,  # as `buyword review`
                                precision=args.precision)
        wall, cpu = time.perf_counter(), cpu_seconds()
        done = review_game(record, 0, master, Decision,  # type: ignore[arg-type]
                           budget=args.budget,
                           rollouts=None if args.budget else args.rollouts, jobs=jobs)
        return done, time.perf_counter() - wall, cpu_seconds() - cpu

    return in_fresh_process(review)  # type: ignore[return-value]


def main() -> None:
    """Play, review twice, and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--horizon", type=int, default=review_search().horizon,
                        help="rounds a review's playout plays (default the review's)")
    parser.add_argument("--precision", type=float, default=review_search().precision,
                        help="dollars of standard error at which a decision stops")
    args = parser.parse_args()
    services = Services(cache_dir=cache_folder())
    lexicon = services.bundled()
    finder = services.finder(lexicon, default_tiles())
    label = (f"{args.budget:g} s a decision" if args.budget
             else f"{args.rollouts} rollouts an option")
    print(f"Master at {label}; {args.jobs} processes against 1; load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    rows: dict[str, list[float]] = {k: [] for k in ("wall1", "cpu1", "wallN", "cpuN", "se")}
    same = 0
    for seed in range(args.seed, args.seed + args.games):
        game = play_computers((args.level,), seed, lexicon, finder, names=("You",))
        record = GameRecord.of(game)
        single, wall1, cpu1 = timed_review(record, finder, args, 1)
        spread, wallN, cpuN = timed_review(record, finder, args, args.jobs)
        identical = report_json(single) == report_json(spread)
        same += identical
        for key, value in (("wall1", wall1), ("cpu1", cpu1), ("wallN", wallN), ("cpuN", cpuN)):
            rows[key].append(value)
        median = single.median_uncertainty
        if median is not None:
            rows["se"].append(median)
        print(f"seed {seed}: {len(single.decisions)} decisions; 1 process {wall1:.1f} s "
              f"({cpu1:.1f} s CPU), {args.jobs} processes {wallN:.1f} s ({cpuN:.1f} s CPU): "
              f"wall x{wallN / wall1:.2f}, CPU x{cpuN / cpu1:.2f}; JSON "
              f"{'identical' if identical else 'DIFFERENT'}; left ${single.left_on_table:,.0f}, "
              f"accuracy {single.accuracy:.0f}%, median error of a loss "
              f"${median or 0:,.1f}")
    med = {key: statistics.median(values) if values else 0.0 for key, values in rows.items()}
    print(f"median review: 1 process {med['wall1']:.1f} s wall, {med['cpu1']:.1f} s CPU; "
          f"{args.jobs} processes {med['wallN']:.1f} s wall, {med['cpuN']:.1f} s CPU "
          f"(wall x{med['wallN'] / med['wall1']:.2f}); identical JSON in {same} of "
          f"{args.games} games; median error of a loss ${med['se']:.1f}; load average "
          f"{os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
