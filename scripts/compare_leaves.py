"""Expert with learned leave values against Expert without, on the same seeds (solo, default
rules): mean and median money, and against weight 0 (a paired comparison, seed by seed) the
mean difference with its standard error and on how many seeds each weight made more or less.

    .venv/bin/python scripts/compare_leaves.py --table data/leaves.json --weights 0,0.5,1 \
        --seeds 101..150 --jobs 2
"""

from __future__ import annotations

import argparse
import statistics

from buyword.analysis.train import play_many
from buyword.bots.leaves import LeaveTable


def main() -> int:
    """Play the seeds at every weight and print one line per weight."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", default="data/leaves.json", help="the leave table")
    parser.add_argument("--weights", default="0,0.5,1", help="leave weights, comma-separated")
    parser.add_argument("--seeds", default="101..150", help="FIRST..LAST")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--ray", nargs="?", const="local", help="play on Ray")
    args = parser.parse_args()
    table = LeaveTable.load(args.table)
    first, last = (int(n) for n in args.seeds.split(".."))
    seeds = range(first, last + 1)
    baseline: list[int] | None = None
    for weight in (float(w) for w in args.weights.split(",")):
        played = play_many(seeds, table if weight else None, weight, 1, args.jobs, args.ray)
        money = [played[seed][0] for seed in seeds]
        if baseline is None and weight == 0:
            baseline = money
        line = (f"weight {weight:g}: seeds {first}..{last}, mean ${statistics.fmean(money):,.1f},"
                f" median ${statistics.median(money):,.0f}")
        if baseline is not None and weight:
            line += "; " + paired(money, baseline)
        print(line, flush=True)
    return 0


def paired(money: list[int], baseline: list[int]) -> str:
    """The paired comparison of `money` against `baseline` (same seeds, in order) in words."""
    differences = [a - b for a, b in zip(money, baseline, strict=True)]
    error = statistics.stdev(differences) / len(differences) ** 0.5 if len(differences) > 1 else 0
    more = sum(d > 0 for d in differences)
    less = sum(d < 0 for d in differences)
    return (f"against weight 0: {statistics.fmean(differences):+,.1f} ± {error:,.1f} (standard "
            f"error), more on {more} seeds ({more / len(differences):.0%}), less on {less}")


if __name__ == "__main__":
    raise SystemExit(main())
