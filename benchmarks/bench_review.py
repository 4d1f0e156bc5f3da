"""Game review speed: how long Master takes to weigh every decision of a solo game.

    python benchmarks/bench_review.py [--games 3] [--seed 1] [--level medium] [--budget 0.3]

Each seeded solo game is played by a computer `--level` standing in for a person, then
reviewed as `buyword review` reviews it (the seat taken as a person's). Printed per game: its
rounds and decisions, the review's seconds, a decision's median and slowest seconds, the
dollars left on the table and the accuracy; then the medians, and the ratio of the review's
time to its baseline, the decisions times the budget (the time Master is given to think).
"""

from __future__ import annotations

import argparse
import statistics
import time

from buyword.bots import make_bot
from buyword.bots.master import Decision
from buyword.engine import GameRecord, default_tiles
from buyword.store.places import cache_folder
from buyword.table import Services, play_computers
from buyword.table.review import review_game


class Timed:
    """Master, with the seconds of each appraisal kept."""

    def __init__(self, master: object) -> None:
        self.master = master
        self.seconds: list[float] = []

    def appraise(self, view, also=(), budget=None):  # noqa: ANN001, ANN201 - Master's API
        """Master's appraisal, timed."""
        start = time.perf_counter()
        estimates = self.master.appraise(view, also, budget)  # type: ignore[attr-defined]
        self.seconds.append(time.perf_counter() - start)
        return estimates


def main() -> None:
    """Play, review and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--budget", type=float, default=0.3)
    args = parser.parse_args()
    services = Services(cache_dir=cache_folder())
    lexicon = services.bundled()
    finder = services.finder(lexicon, default_tiles())
    totals, ratios, medians = [], [], []
    for seed in range(args.seed, args.seed + args.games):
        game = play_computers((args.level,), seed, lexicon, finder, names=("You",))
        record = GameRecord.of(game)
        master = Timed(make_bot("master", finder, 1))
        start = time.perf_counter()
        review = review_game(record, 0, master, Decision,  # type: ignore[arg-type]
                             budget=args.budget)
        seconds = time.perf_counter() - start
        decisions = len(review.decisions)
        totals.append(seconds)
        ratios.append(seconds / (decisions * args.budget))
        medians.append(statistics.median(master.seconds))
        print(f"seed {seed}: {game.round} rounds, {decisions} decisions, review {seconds:.1f} s, "
              f"decision median {medians[-1]:.2f} s, slowest {max(master.seconds):.2f} s, "
              f"left ${review.left_on_table:,.0f}, accuracy {review.accuracy:.0f}%")
    print(f"median review {statistics.median(totals):.1f} s; decision median "
          f"{statistics.median(medians):.2f} s at a {args.budget:g} s budget; review time / "
          f"(decisions x budget) = {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
