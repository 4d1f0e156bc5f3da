"""Benchmark: Master against Expert on the same seeds, solo, game by game.

    nice -n 10 .venv/bin/python benchmarks/bench_master.py --games 20 --budget 1 --jobs 1
    nice -n 10 .venv/bin/python benchmarks/bench_master.py --seed 30001 --games 200 \
        --rollouts 48 --jobs 2

plays Master (thinking `--budget` seconds a decision) and Expert solo on seeds S..S+N-1 (the
same bag and rolls for both, whatever they decide), and prints Markdown: each seed's money for
both and the difference, then the means with their 95% confidence intervals, the mean paired
difference with its interval, the share of seeds where Master made more (a tie counts half),
and both levels' decision times. Master's budget is wall-clock time, so on a busy machine it
runs fewer rollouts a decision (the load average is printed beside the figures), unless
`--clock cpu` counts this process's CPU seconds instead, or `--rollouts N` gives Master at
most N rollouts an option at each decision and no clock at all (as `buyword sim --rollouts`
and the results screen's comparison): then every figure but the times is the same on any
machine. Seeds 30001 and up were used by no tuning.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import replace

from buyword.analysis.sim import (
    GameResult,
    interval_text,
    rollout_search,
    run_games,
    time_stats,
)
from buyword.bots.master import CLOCKS, PLAYING, Search

LEVELS = ("master", "expert")


def main() -> None:
    """Run the benchmark and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=1.0,
                        help="Master's seconds a decision (default 1)")
    parser.add_argument("--rollouts", type=int, default=None,
                        help="instead of --budget: at most N rollouts an option, no clock")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="count the budget in wall-clock seconds (what a player waits) or "
                             "in this process's CPU seconds (the same search on a busy machine)")
    parser.add_argument("--horizon", type=int, default=Search().horizon)
    parser.add_argument("--breadth", type=int, default=Search().breadth)
    args = parser.parse_args()
    start = time.perf_counter()
    tables = [(level,) for level in LEVELS]
    played: dict[str, dict[int, GameResult]] = {level: {} for level in LEVELS}
    search = replace(PLAYING, budget=args.budget, clock=args.clock, horizon=args.horizon,
                     breadth=args.breadth)
    label = f"{args.budget:g} s a decision ({args.clock} clock"
    if args.rollouts is not None:
        search = replace(rollout_search(args.rollouts), horizon=args.horizon,
                         breadth=args.breadth)
        label = f"{args.rollouts} rollouts an option (no clock"
    for result in run_games(tables, args.games, args.seed, args.jobs, master=search):
        played[LEVELS[result.table]][result.seed] = result
        print(f"  seed {result.seed}: {LEVELS[result.table]} ${result.money[0]:,}", flush=True)
    seeds = sorted(played["master"])
    master = [played["master"][s].money[0] for s in seeds]
    expert = [played["expert"][s].money[0] for s in seeds]
    last = args.seed + args.games - 1
    print(f"\nSolo, seeds {args.seed}..{last}, Master {label}, horizon {args.horizon}, "
          f"breadth {args.breadth})\n")
    print("| seed | Master | Expert | difference |")
    print("|---:|---:|---:|---:|")
    for seed, m, e in zip(seeds, master, expert, strict=True):
        print(f"| {seed} | ${m:,} | ${e:,} | {m - e:+,} |")
    wins = sum(1.0 if m > e else 0.5 if m == e else 0.0 for m, e in zip(master, expert,
                                                                          strict=True))
    print()
    print(f"- Master: mean ${statistics.fmean(master):,.0f} {interval_text(master)}")
    print(f"- Expert: mean ${statistics.fmean(expert):,.0f} {interval_text(expert)}")
    gaps = [m - e for m, e in zip(master, expert, strict=True)]
    print(f"- Master - Expert: mean {statistics.fmean(gaps):+,.0f} "
          f"{interval_text(gaps, signed=True)}")
    print(f"- Master made more on {wins:g} of {len(seeds)} seeds ({wins / len(seeds):.0%}; "
          "a tie counts half)")
    for level in LEVELS:
        spent = [t for r in played[level].values() for t in r.times[level]]
        stats = time_stats(spent)
        print(f"- {level} decision time: median {stats['median_ms']:.1f} ms, "
              f"p95 {stats['p95_ms']:.0f} ms, max {stats['max_ms']:.0f} ms "
              f"({stats['decisions']} decisions)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n({time.perf_counter() - start:.0f} s; load average {load:.1f} on "
          f"{os.cpu_count()} cores at the end)")


if __name__ == "__main__":
    main()
