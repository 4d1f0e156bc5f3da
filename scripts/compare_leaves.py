"""Expert with learned leave values against Expert without, on the same seeds (solo, default
rules): mean and median money, and on how many seeds each weight made more than weight 0.

    .venv/bin/python scripts/compare_leaves.py --table data/leaves.json --weights 0,0.5,1 \
        --seeds 101..150 --jobs 2
"""

from __future__ import annotations

import argparse
import statistics

from buyword.bots.leaves import LeaveTable
from buyword.table.train import play_many


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
            more = sum(a > b for a, b in zip(money, baseline, strict=True))
            less = sum(a < b for a, b in zip(money, baseline, strict=True))
            line += f"; more than weight 0 on {more} seeds, less on {less}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
