"""The results screen's "How would Master have done": how long Master's game on your bag takes.

    python benchmarks/bench_beside.py [--games 3] [--seed 1] [--level medium] [--rollouts 48]

Each seeded solo game is played by a computer `--level` standing in for a person; then Expert
and Master replay its bag as the results screen does (`buyword.table.compare.play_beside`,
Master at `--rollouts` an option). Printed per game: the person's, Expert's and Master's
money and Master's seconds and decisions; then the medians, and Master's time as a ratio of
Expert's game on the same bag (the baseline, timed in the same process).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from buyword.engine import default_tiles
from buyword.store.places import cache_folder
from buyword.table import Services, play_computers
from buyword.table.compare import BESIDE_ROLLOUTS, play_beside


def main() -> None:
    """Play each bag three times (the person, Expert, Master) and print the times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--rollouts", type=int, default=BESIDE_ROLLOUTS)
    args = parser.parse_args()
    services = Services(cache_dir=cache_folder())
    lexicon = services.bundled()
    finder = services.finder(lexicon, default_tiles())
    masters, ratios = [], []
    print(f"load average {os.getloadavg()[0]:.1f} at the start")
    for seed in range(args.seed, args.seed + args.games):
        person = play_computers((args.level,), seed, lexicon, finder, names=("You",))
        start = time.perf_counter()
        expert = play_beside(person, "expert", finder)
        middle = time.perf_counter()
        steps: list[int] = []
        master = play_beside(person, "master", finder, rollouts=args.rollouts,
                             progress=lambda drawn, bag, told=steps: told.append(drawn))
        end = time.perf_counter()
        assert expert is not None and master is not None
        masters.append(end - middle)
        ratios.append((end - middle) / (middle - start))
        print(f"seed {seed}: you ${person.player(0).money:,}, Expert "
              f"${expert.player(0).money:,} in {middle - start:.1f} s, Master "
              f"${master.player(0).money:,} in {end - middle:.1f} s ({len(steps)} steps, "
              f"{master.round} rounds)")
    print(f"median Master game {statistics.median(masters):.1f} s at {args.rollouts} rollouts "
          f"an option; Master / Expert on the same bag = {statistics.median(ratios):.1f}; "
          f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
