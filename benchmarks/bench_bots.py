"""Benchmark: the computer players' strength and speed, as the README's table of levels.

    .venv/bin/python benchmarks/bench_bots.py --games 500 --jobs 2

plays every level (and the greedy baseline) solo on seeds 1..N, then a 4-player table of the
four levels in both seat orders, and prints Markdown: mean final money with its 95% confidence
interval, the shares of games reaching the rulebook's $800 / $900 / $1000, decision times, and
4-player win rates. The same numbers come from `buyword sim`, one table at a time.
"""

from __future__ import annotations

import argparse
import time

from buyword.bots import LEVELS
from buyword.table.sim import run_games, summarise

SOLO = ("greedy", *LEVELS)
TABLES = (tuple(reversed(LEVELS)), LEVELS)  # expert first, then expert last


def main() -> None:
    """Run the benchmark and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    solo = [(level,) for level in SOLO]
    report = summarise(solo, list(run_games(solo, args.games, args.seed, args.jobs)),
                       args.games, args.seed)
    print(f"Solo, {args.games} games, seeds {args.seed}..{args.seed + args.games - 1}\n")
    print("| level | mean | 95% CI | ≥ $800 | ≥ $900 | ≥ $1000 | decision median | p95 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for entry in report["tables"]:
        seat = entry["seats"][0]
        t = report["decision_time"][seat["level"]]
        low, high = seat["ci95"]
        print(f"| {seat['level']} | ${seat['mean']:,.0f} | ${low:,.0f}–${high:,.0f} | "
              f"{seat['share_800']:.0%} | {seat['share_900']:.0%} | {seat['share_1000']:.0%} | "
              f"{t['median_ms']:.1f} ms | {t['p95_ms']:.0f} ms |")
    tables = [tuple(table) for table in TABLES]
    report = summarise(tables, list(run_games(tables, args.games, args.seed, args.jobs)),
                       args.games, args.seed)
    print("\n4 players: win rate (mean final money)\n")
    for entry in report["tables"]:
        cells = [f"{s['level']} {s['win_rate']:.0%} (${s['mean']:,.0f})" for s in entry["seats"]]
        print("- seats 1-4: " + ", ".join(cells))
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
