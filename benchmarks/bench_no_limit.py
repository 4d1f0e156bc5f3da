"""Expert's solo games without a tile limit, where hands grow past a dozen tiles: the CPU time
of a game, searching big hands' dearest words by joining their halves' sets (today) against
following word prefixes for every hand over 4,096 sets (before), in the same process.

    .venv/bin/python benchmarks/bench_no_limit.py [--games 5] [--seed 101]

The two ways take turns on each seed, each with a fresh word index (nothing remembered), and
must play the very same game: the script stops if any action differs. Prints each way's median
CPU seconds a game and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import statistics
import time

import buyword.bots.index as index_module
from buyword.bots.index import _COMMON
from buyword.engine import Game, Rules
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.table.services import Services


def play(seed: int, finder: object, lexicon: object) -> tuple[list[str], float]:
    """One solo game of Expert without a tile limit: (its actions, CPU seconds)."""
    _COMMON.clear()  # a fresh index: nothing remembered from the last game
    game = Game.new(["Ed"], dictionary=lexicon, seed=seed, rules=Rules(tile_limit=None))
    session = TableSession(game, [Seat("Ed", "expert")], finder)  # type: ignore[arg-type]
    start = time.process_time()
    while session.awaiting().wait is not Wait.OVER:
        session.step()
    return list(game.actions), time.process_time() - start


def main() -> None:
    """Play each seed both ways and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=101)
    args = parser.parse_args()
    finder, lexicon = Services.shared().words()
    halves_up_to = index_module.HALVES_UP_TO
    times: dict[str, list[float]] = {"halves": [], "prefixes": []}
    for seed in range(args.seed, args.seed + args.games):
        played = {}
        for way, limit in (("halves", halves_up_to), ("prefixes", index_module.ENUMERATE_UP_TO)):
            index_module.HALVES_UP_TO = limit
            played[way], seconds = play(seed, finder, lexicon)
            times[way].append(seconds)
        index_module.HALVES_UP_TO = halves_up_to
        if played["halves"] != played["prefixes"]:
            raise SystemExit(f"seed {seed}: the two ways played different games")
        print(f"seed {seed}: {len(played['halves'])} actions, halves "
              f"{times['halves'][-1]:.2f} s, prefixes {times['prefixes'][-1]:.2f} s")
    halves, prefixes = (statistics.median(times[way]) for way in ("halves", "prefixes"))
    print(f"median CPU a game over {args.games} seeds: halves {halves:.2f} s, "
          f"prefixes {prefixes:.2f} s ({prefixes / halves:.1f}x); the same games")


if __name__ == "__main__":
    main()
