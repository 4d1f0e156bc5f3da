"""Benchmark: the computer players' strength and speed (docs/computer-players.md's table).

    .venv/bin/python benchmarks/bench_bots.py --games 500 --jobs 2

plays every level but Master (and the greedy baseline) solo on seeds 1..N, then a 4-player
table of the four other levels in both seat orders, and prints Markdown: mean final money with
its 95% confidence interval, the shares of games reaching the rulebook's $800 / $900 / $1000,
decision times, and 4-player win rates. The same numbers come from `buyword sim`, one table at
a time.

It also prints the ceiling (`benchmarks/ceiling.py`): for seeds 1..--ceiling-games (default 50),
the most money a clairvoyant beam search finds knowing the whole bag order and every roll (a
lower bound on what was possible), beside each level's mean on the same seeds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ceiling import ceilings

from buyword.analysis.sim import GameResult, run_games, summarise
from buyword.bots import LEVELS

#: Master thinks a second a decision (about a minute and a half a game), too slow for hundreds
#: of games here: `benchmarks/bench_master.py` measures it against Expert on the same seeds.
QUICK_LEVELS = tuple(level for level in LEVELS if level != "master")
SOLO = ("greedy", *QUICK_LEVELS)
TABLES = (tuple(reversed(QUICK_LEVELS)), QUICK_LEVELS)  # expert first, then expert last


def main() -> None:
    """Run the benchmark and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ceiling-games", type=int, default=50,
                        help="seeds 1..N for the clairvoyant ceiling (0: skip it)")
    parser.add_argument("--beam", type=int, default=8, help="the ceiling search's beam width")
    args = parser.parse_args()
    start = time.perf_counter()
    solo = [(level,) for level in SOLO]
    played = list(run_games(solo, args.games, args.seed, args.jobs))
    report = summarise(solo, played, args.games, args.seed)
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
    if args.ceiling_games > 0:
        print_ceiling(solo, played, args)
    tables = [tuple(table) for table in TABLES]
    report = summarise(tables, list(run_games(tables, args.games, args.seed, args.jobs)),
                       args.games, args.seed)
    print("\n4 players: win rate (mean final money)\n")
    for entry in report["tables"]:
        cells = [f"{s['level']} {s['win_rate']:.0%} (${s['mean']:,.0f})" for s in entry["seats"]]
        print("- seats 1-4: " + ", ".join(cells))
    print(f"\n({time.perf_counter() - start:.0f} s)")


def print_ceiling(solo: list[tuple[str, ...]], played: list[GameResult],
                  args: argparse.Namespace) -> None:
    """The clairvoyant ceiling on seeds 1..N beside each level's mean on the same seeds."""
    seeds = range(1, args.ceiling_games + 1)
    found = ceilings(seeds, args.beam, args.jobs)
    ceiling = statistics.fmean(result.money for result in found)
    print(f"\nThe ceiling, seeds 1..{args.ceiling_games}: a beam search (width {args.beam}) that "
          "knows the bag order and every roll; a lower bound on the best possible\n")
    print("| player | mean | median | share of the ceiling |")
    print("|---|---:|---:|---:|")
    for t, (level,) in enumerate(solo):
        money = [r.money[0] for r in played if r.table == t and r.seed in seeds]
        if len(money) == len(seeds):
            print(f"| {level} | ${statistics.fmean(money):,.0f} | "
                  f"${statistics.median(money):,.0f} | {statistics.fmean(money) / ceiling:.0%} |")
    print(f"| ceiling | ${ceiling:,.0f} | "
          f"${statistics.median(r.money for r in found):,.0f} | 100% |")


if __name__ == "__main__":
    main()
