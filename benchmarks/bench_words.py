"""Benchmark of the words layer: lexicon load, index build, word finder and sale planner.

Hands are drawn at random (seeded) from the real tile bag. For each number of wilds the
finder and planner are timed per query (median and 95th percentile) and the finder is
compared with a naive scan of the whole word list, in the same process. Targets (issue 3,
on the project's 2-core machine): finder median < 1 ms and planner median < 5 ms for
8 letters + 8 wilds; index built in < 1.5 s.

    .venv/bin/python benchmarks/bench_words.py [--hands 300] [--seed 1] [--naive-hands 20]
                                               [--cpu-time]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable

from buyword.engine.tiles import TileSet, default_tiles
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import plan_sale

MS = 1000.0
#: The clock per query: wall time, or (with --cpu-time) this process's CPU time, which other
#: programs on a busy machine disturb less.
clock = time.perf_counter


def timed(action: Callable[[], object], repeats: int) -> list[float]:
    """Seconds taken by each of `repeats` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def median_p95(times: list[float]) -> tuple[float, float]:
    """Median and 95th percentile, in milliseconds."""
    ordered = sorted(times)
    return statistics.median(ordered) * MS, ordered[int(0.95 * (len(ordered) - 1))] * MS


def per_query(action: Callable[[str], object], hands: list[str]) -> list[float]:
    """Seconds taken by `action` on each hand."""
    times = []
    for hand in hands:
        start = clock()
        action(hand)
        times.append(clock() - start)
    return times


class NaiveScan:
    """The reference: test every word of the list against the hand (letter counts precomputed)."""

    def __init__(self, lexicon: Lexicon, tiles: TileSet) -> None:
        """Count each word's letters once, outside the timed queries."""
        self.tiles = tiles
        self.words = [(word, Counter(word)) for word in (w.upper() for w in lexicon)]

    def find(self, hand: str, wilds: int, min_length: int = 2) -> list[tuple[int, str]]:
        """(pips, word) of every sellable word, best first."""
        held = Counter(hand)
        found = []
        for word, letters in self.words:
            if len(word) < min_length:
                continue
            missing = letters - held
            short = missing.total()
            if short == 0:
                found.append((self.tiles.pips_of(word), word))
            elif short == 1 and wilds:
                (letter,) = missing
                pips = self.tiles.pips_of(word) - self.tiles.pips[letter] + self.tiles.wild_pips
                found.append((pips, word))
        found.sort(key=lambda f: (-f[0], f[1]))
        return found


def build_memory(lexicon: Lexicon, tiles: TileSet) -> tuple[float, float]:
    """MiB held by a built index, and the peak while building it (tracemalloc)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    finder = WordFinder(lexicon, tiles)
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del finder
    return (held - before) / 2**20, (peak - before) / 2**20


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description="Benchmark the words layer.")
    parser.add_argument("--hands", type=int, default=300, help="hands per row (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--naive-hands", type=int, default=20, help="hands for the slow naive scan (default 20)"
    )
    parser.add_argument(
        "--cpu-time", action="store_true", help="time queries by CPU time, not wall time"
    )
    args = parser.parse_args(argv)
    global clock
    clock = time.process_time if args.cpu_time else time.perf_counter
    tiles = default_tiles()
    bag = tiles.bag()

    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.1f}; queries timed by "
        f"{'CPU' if args.cpu_time else 'wall'} time"
    )
    load = timed(Lexicon.bundled, 10)
    lexicon = Lexicon.bundled()
    print(f"lexicon load (bundled, {len(lexicon):,} words): median {median_p95(load)[0]:.1f} ms")
    build = timed(lambda: WordFinder(lexicon, tiles), 3)
    held, peak = build_memory(lexicon, tiles)
    print(
        f"index build: median {median_p95(build)[0]:.0f} ms; "
        f"memory {held:.0f} MiB held, {peak:.0f} MiB peak (tracemalloc)"
    )
    finder = WordFinder(lexicon, tiles)
    naive = NaiveScan(lexicon, tiles)

    for letters in (8, 13):
        rng = random.Random(args.seed * 1000 + letters)
        hands = ["".join(rng.sample(bag, letters)) for _ in range(args.hands)]
        print(f"\n{letters}-letter hands from the bag ({args.hands} hands, seed {args.seed}); ms:")
        print(
            f"{'wilds':>5} {'words':>6} | {'find med':>8} {'p95':>6} | {'plan med':>8} {'p95':>6}"
            f" | {'naive med':>9} {'naive/find':>10}"
        )
        for wilds in (0, 1, 8):
            found = per_query(lambda h, w=wilds: finder.find(h, w), hands)
            planned = per_query(lambda h, w=wilds: plan_sale(finder, h, w), hands)
            sample = hands[: args.naive_hands]
            scanned = per_query(lambda h, w=wilds: naive.find(h, w), sample)
            words = statistics.median(len(finder.find(h, wilds)) for h in hands)
            find_med, find_p95 = median_p95(found)
            plan_med, plan_p95 = median_p95(planned)
            naive_med = median_p95(scanned)[0]
            print(
                f"{wilds:>5} {words:>6.0f} | {find_med:>8.3f} {find_p95:>6.3f} | "
                f"{plan_med:>8.3f} {plan_p95:>6.3f} | {naive_med:>9.1f} "
                f"{naive_med / find_med:>9.0f}x"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
