"""Benchmark of the words layer: lexicon load, index build and cache, word finder, sale planner,
and the queries computer players make by the million — each beside today's method (the index as
it was before it was made faster, kept in `benchmarks/baseline/`), in the same process.

Sections:
- load: lexicon; index built from the word list (old and new); index ready from the on-disk
  cache (target ≤ 0.3 s), wall and CPU time, medians.
- finder and planner on hands drawn at random (seeded) from the real tile bag, with a naive
  scan of the whole word list as a reference (target: all words for 8 letters + 8 wilds stays
  ≤ 1.4 ms median); the old and the new index take turns on each hand.
- rollout queries on hands from real games: seeded solo Expert games are played and every
  question the player asked is recorded, then replayed through the old and the new index:
  the dearest word a set of tiles makes (without and with a wild), the best sale, and the
  value of a leave as the levels compute it. Calls per second (median of the repeats, each
  starting with nothing remembered: a new index, and the finder's memory of the sets it
  described cleared), the median time per call, and the ratio (target ≥ 5×), the median of
  the repeats' ratios (old and new take turns within each repeat).

    .venv/bin/python benchmarks/bench_words.py [--hands 300] [--seed 1] [--naive-hands 20]
                                               [--games 3] [--repeats 3] [--cpu-time]
                                               [--rollouts-only]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence

from baseline.finder import WordFinder as OldFinder
from baseline.index import WordIndex as OldIndex
from baseline.planner import plan_sale as old_plan_sale

from buyword.analysis.sim import play_game
from buyword.bots.index import WordIndex
from buyword.engine import price
from buyword.engine.tiles import TileSet, default_tiles
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import plan_sale

MS = 1000.0
US = 1_000_000.0
#: The clock per query: wall time, or (with --cpu-time) this process's CPU time, which other
#: programs on a busy machine disturb less.
clock = time.perf_counter


def timed(action: Callable[[], object], repeats: int,
          timer: Callable[[], float] = time.perf_counter) -> list[float]:
    """Seconds taken by each of `repeats` calls."""
    times = []
    for _ in range(repeats):
        start = timer()
        action()
        times.append(timer() - start)
    return times


def median_p95(times: list[float]) -> tuple[float, float]:
    """Median and 95th percentile, in milliseconds."""
    ordered = sorted(times)
    return statistics.median(ordered) * MS, ordered[int(0.95 * (len(ordered) - 1))] * MS


def per_query(action: Callable[[str], object], hands: list[str]) -> list[float]:
    """Seconds taken by `action` on each hand."""
    return per_query_turns([action], hands)[0]


def per_query_turns(actions: Sequence[Callable[[str], object]], hands: list[str]
                    ) -> list[list[float]]:
    """Seconds taken by each action on each hand, the actions taking turns on every hand (so
    that a change of load on a shared machine falls on all of them alike)."""
    times: list[list[float]] = [[] for _ in actions]
    for hand in hands:
        for action, taken in zip(actions, times, strict=True):
            start = clock()
            action(hand)
            taken.append(clock() - start)
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


# ---------------------------------------------------------------------- load and index


def print_load(lexicon_load: list[float], lexicon: Lexicon, tiles: TileSet) -> None:
    """Lexicon load, index builds old and new, and the index ready from the cache."""
    print(f"lexicon load (bundled, {len(lexicon):,} words): median "
          f"{median_p95(lexicon_load)[0]:.0f} ms")
    old = median_p95(timed(lambda: OldFinder(lexicon, tiles), 3))[0]
    new = median_p95(timed(lambda: WordFinder(lexicon, tiles), 3))[0]
    print(f"index built from the word list: today {new:.0f} ms, before {old:.0f} ms")
    with tempfile.TemporaryDirectory() as folder:
        WordFinder(lexicon, tiles, cache_dir=folder)  # writes the cache file
        ready = lambda: WordFinder(lexicon, tiles, cache_dir=folder)  # noqa: E731
        wall = median_p95(timed(ready, 7))[0]
        cpu = median_p95(timed(ready, 7, time.process_time))[0]
        start = lambda: WordFinder(Lexicon.bundled(), tiles, cache_dir=folder)  # noqa: E731
        whole = median_p95(timed(start, 7, time.process_time))[0]
    print(f"index ready from the cache file (target ≤ 300 ms): median {wall:.0f} ms wall, "
          f"{cpu:.0f} ms CPU; with the lexicon load, {whole:.0f} ms CPU; before: a build, "
          f"{old:.0f} ms")


# ---------------------------------------------------------------------- finder and planner


def print_finder(finder: WordFinder, old: OldFinder, naive: NaiveScan, bag: str,
                 args: argparse.Namespace) -> None:
    """Finder and planner per query on random hands from the bag, old and new and naive."""
    for letters in (8, 13):
        rng = random.Random(args.seed * 1000 + letters)
        hands = ["".join(rng.sample(bag, letters)) for _ in range(args.hands)]
        print(f"\n{letters}-letter hands from the bag ({args.hands} hands, seed {args.seed}); "
              "medians in ms (before: the old index in this process):")
        print(f"{'wilds':>5} {'words':>6} | {'find':>6} {'before':>6} {'p95':>6} | "
              f"{'plan':>6} {'before':>6} {'p95':>6} | {'naive':>6} {'naive/find':>10}")
        for wilds in (0, 1, 8):
            found, found_old = per_query_turns(
                [lambda h, w=wilds: finder.find(h, w), lambda h, w=wilds: old.find(h, w)], hands)
            planned, planned_old = per_query_turns(
                [lambda h, w=wilds: plan_sale(finder, h, w),
                 lambda h, w=wilds: old_plan_sale(old, h, w)], hands)
            scanned = per_query(lambda h, w=wilds: naive.find(h, w), hands[: args.naive_hands])
            words = statistics.median(len(finder.find(h, wilds)) for h in hands)
            find_med, find_p95 = median_p95(found)
            plan_med, plan_p95 = median_p95(planned)
            naive_med = median_p95(scanned)[0]
            print(f"{wilds:>5} {words:>6.0f} | {find_med:>6.3f} {median_p95(found_old)[0]:>6.3f} "
                  f"{find_p95:>6.3f} | {plan_med:>6.3f} {median_p95(planned_old)[0]:>6.3f} "
                  f"{plan_p95:>6.3f} | {naive_med:>6.1f} {naive_med / find_med:>9.0f}x")


# ---------------------------------------------------------------------- rollout queries


def record_queries(finder: WordFinder, lexicon: Lexicon, games: int) -> dict[str, list]:
    """Every question Expert asks its index in solo games on seeds 1..games."""
    calls: dict[str, list] = {"best_pips": [], "leave_value": [], "best_sale": []}
    originals = {name: getattr(WordIndex, name) for name in calls}

    def recorder(name: str) -> Callable:
        def asked(self: WordIndex, *args: object) -> object:
            if self.finder is finder:  # Expert's index: the whole dictionary
                calls[name].append(args)
            return originals[name](self, *args)
        return asked

    for name in calls:
        setattr(WordIndex, name, recorder(name))
    try:
        for seed in range(1, games + 1):
            play_game(("expert",), seed, finder, lexicon)
    finally:
        for name, method in originals.items():
            setattr(WordIndex, name, method)
    return calls


def old_leave_value(index: OldIndex, tiles: str, wilds: int, futures: Sequence[str]) -> float:
    """The value of a leave as the levels computed it before (`LevelBot._value`)."""
    total = 0
    for future in futures:
        total += price(index.best_pips(tiles + future, wilds))
    return total / len(futures)


def throughput(makers: Sequence[Callable[[], Callable[..., object]]], queries: list[tuple],
               repeats: int) -> list[tuple[float, float, float]]:
    """For each way of asking: (calls per second, median of the repeats; median seconds per
    call, from the first run; its speed over the first way's, the median of the repeats).

    Each `makers` entry gives the method to ask afresh for each run, with nothing remembered.
    The ways take turns within each repeat, so that a change of load on a shared machine
    falls on all of them alike and the ratios of each repeat compare like with like.
    """
    rates: list[list[float]] = [[] for _ in makers]
    firsts: list[list[float]] = [[] for _ in makers]
    for repeat in range(repeats):
        for way, make in enumerate(makers):
            ask = make()
            start = clock()
            if repeat == 0:
                for query in queries:
                    began = clock()
                    ask(*query)
                    firsts[way].append(clock() - began)
            else:
                for query in queries:
                    ask(*query)
            rates[way].append(len(queries) / (clock() - start))
    return [(statistics.median(rates[way]), statistics.median(firsts[way]),
             statistics.median(rate / first for rate, first in zip(rates[way], rates[0],
                                                                    strict=True)))
            for way in range(len(makers))]


def same_answers(old: Callable[..., object], new: Callable[..., object],
                 queries: list[tuple]) -> None:
    """Check that the two methods agree on every query (a benchmark of wrong answers is moot)."""
    for query in queries:
        a, b = old(*query), new(*query)
        if repr(a) != repr(b):
            raise SystemExit(f"the indexes disagree on {query!r}: before {a!r}, now {b!r}")


def fresh(finder: WordFinder, method: str) -> Callable[..., object]:
    """`method` of a new index on `finder`, with nothing remembered by either."""
    finder.forget()
    return getattr(WordIndex(finder), method)


def print_rollouts(finder: WordFinder, old: OldFinder, lexicon: Lexicon,
                   args: argparse.Namespace) -> None:
    """The rollout queries, recorded from Expert games, before and now."""
    calls = record_queries(finder, lexicon, args.games)
    dearest = list(calls["best_pips"]) + [(tiles + future, wilds)
                                         for tiles, wilds, futures in calls["leave_value"]
                                         for future in futures]
    old_index = OldIndex(old)
    rows = [
        ("dearest word, no wild", old_index.best_pips, "best_pips",
         [q for q in dearest if q[1] == 0]),
        ("dearest word, with a wild", old_index.best_pips, "best_pips",
         [q for q in dearest if q[1] > 0]),
        ("best sale plan", old_index.best_sale, "best_sale", calls["best_sale"]),
        ("value of a leave", lambda t, w, f: old_leave_value(old_index, t, w, f), "leave_value",
         calls["leave_value"]),
    ]
    print(f"\nRollout queries: every question Expert asked in {args.games} solo games (seeds "
          f"1..{args.games}), replayed; calls/s is the median of {args.repeats} runs, each "
          "starting with nothing remembered, before and now taking turns; the ratio is the "
          "median of the runs' ratios:")
    print(f"{'query':<26} {'calls':>7} | {'calls/s':>9} {'before':>9} {'ratio':>6} | "
          f"{'µs/call':>8} {'before':>8}")
    for name, before, method, queries in rows:
        if not queries:
            continue
        same_answers(before, getattr(WordIndex(finder), method), queries[:2000])
        (old_rate, old_each, _), (rate, each, ratio) = throughput(
            [lambda b=before: b, lambda m=method: fresh(finder, m)], queries, args.repeats)
        print(f"{name:<26} {len(queries):>7,} | {rate:>9,.0f} {old_rate:>9,.0f} "
              f"{ratio:>5.1f}x | {each * US:>8.1f} {old_each * US:>8.1f}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description="Benchmark the words layer.")
    parser.add_argument("--hands", type=int, default=300, help="hands per row (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--naive-hands", type=int, default=20, help="hands for the slow naive scan (default 20)"
    )
    parser.add_argument("--games", type=int, default=3,
                        help="Expert games whose queries are replayed (default 3)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="runs of each recorded stream (default 3)")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time queries by CPU time, not wall time"
    )
    parser.add_argument("--rollouts-only", action="store_true",
                        help="only the rollout queries (skip load, finder and planner)")
    args = parser.parse_args(argv)
    global clock
    clock = time.process_time if args.cpu_time else time.perf_counter
    tiles = default_tiles()

    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.1f}; queries timed by "
        f"{'CPU' if args.cpu_time else 'wall'} time\n"
    )
    lexicon_load = timed(Lexicon.bundled, 10)
    lexicon = Lexicon.bundled()
    if not args.rollouts_only:
        print_load(lexicon_load, lexicon, tiles)
    finder = WordFinder(lexicon, tiles)
    old = OldFinder(lexicon, tiles)
    if not args.rollouts_only:
        print_finder(finder, old, NaiveScan(lexicon, tiles), tiles.bag(), args)
    print_rollouts(finder, old, lexicon, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
