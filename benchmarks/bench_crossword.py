"""Benchmark of the crossword move generator: 8 letters + a wild on a grid of 30 words.

The grid is grown from a seeded bag by playing the best placement of a fresh 8-letter hand
and a wild, 30 times (the first word included). Then many seeded hands of 8 letters + a wild
are drawn from the whole tile set and every legal placement is generated for each, timing the
whole call (the grid's analysis for cross-checks included, as a computer player meets a new
grid every turn). The generator as it was before its speed work (`crossword_before.py`) runs
on the same hands, interleaved, and must find the same moves: the ratio of the two medians is
the speed-up, measured under the same load. A simple baseline runs in the same process on
fewer hands: every word of the list at every position that puts one of its letters on a tile
of the grid, each such position with letters the hand can lay checked by the engine. Target
(issue 13): median <= 50 ms.

    .venv/bin/python benchmarks/bench_crossword.py [--hands 200] [--seed 1] [--words 30]
                                                  [--old-hands 50] [--baseline-hands 1]

The baseline takes minutes a hand on a grid of 30 words; `--baseline-hands 0` leaves it out.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections import Counter

from buyword.engine.crossword import Grid, Placement, check_placement
from buyword.engine.errors import IllegalAction
from buyword.engine.tiles import TileSet, default_tiles
from buyword.words.crossword import Board

try:  # run as a script: the folder is on the path
    import crossword_before
except ImportError:  # pragma: no cover - imported as benchmarks.bench_crossword
    from benchmarks import crossword_before
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

MS = 1000.0


def grow_grid(finder: WordFinder, lexicon: Lexicon, tiles: TileSet, words: int,
              seed: int) -> Grid:
    """A grid of `words` placements: each the best move of a fresh hand from a seeded bag."""
    rng = random.Random(seed)
    bag: list[str] = []
    grid = Grid()
    placed = 0
    while placed < words:
        if len(bag) < 8:
            bag = list(tiles.bag())
            rng.shuffle(bag)
        hand = "".join(bag[:8])
        del bag[:8]
        moves = Board(grid, finder, lexicon).moves(hand, 1)
        if not moves:
            continue
        grid = grid.place(check_placement(moves[0].placement, grid, hand, 1, tiles, lexicon))
        placed += 1
    return grid


def hands(tiles: TileSet, count: int, seed: int) -> list[str]:
    """`count` seeded hands of 8 letter tiles, each drawn from a full bag."""
    rng = random.Random(seed)
    bag = list(tiles.bag())
    return ["".join(rng.sample(bag, 8)) for _ in range(count)]


def baseline(grid: Grid, hand: str, words: list[str], lexicon: Lexicon,
             tiles: TileSet) -> set[str]:
    """Every legal placement by brute force: each word on each tile it can reuse."""
    found = set()
    held = Counter(hand)
    for word in words:
        for (row, col), tile in grid.tiles.items():
            for i, letter in enumerate(word):
                if letter != tile.letter:
                    continue
                for direction, start in (("across", (row, col - i)), ("down", (row - i, col))):
                    text = _writing(grid, word, start, direction, held)
                    if text is None:
                        continue
                    placement = Placement(text, start[0], start[1], direction)
                    try:
                        check_placement(placement, grid, hand, 1, tiles, lexicon)
                    except IllegalAction:
                        continue
                    found.add(str(placement))
    return found


def _writing(grid: Grid, word: str, start: tuple[int, int], direction: str,
             held: Counter[str]) -> str | None:
    """The word with the wild marked where the hand lacks a letter, or None if it cannot."""
    dr, dc = (0, 1) if direction == "across" else (1, 0)
    empties = [i for i in range(len(word))
               if (start[0] + i * dr, start[1] + i * dc) not in grid.tiles]
    missing = Counter(word[i] for i in empties) - held
    if sum(missing.values()) > 1:
        return None
    if not missing:
        return word
    letter = next(iter(missing))
    i = max(i for i in empties if word[i] == letter)
    return word[:i] + letter.lower() + word[i + 1:]


def compare_old(grid: Grid, finder: WordFinder, lexicon: Lexicon, sample: list[str]) -> None:
    """Time the generator before its speed work against today's on the same hands,
    interleaved (so both meet the same load), checking that they find the same moves."""
    if not sample:
        return
    new_times, old_times = [], []
    for hand in sample:
        start = time.perf_counter()
        new = Board(grid, finder, lexicon).moves(hand, 1)
        new_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        old = crossword_before.Board(grid, finder, lexicon).moves(hand, 1)
        old_times.append(time.perf_counter() - start)
        if sorted(map(str, new)) != sorted(map(str, old)):
            raise SystemExit(f"the generators disagree on the hand {hand}")
    new_median = statistics.median(new_times) * MS
    old_median = statistics.median(old_times) * MS
    print(f"before the speed work, same {len(sample)} hands interleaved: median "
          f"{old_median:.1f} ms against {new_median:.1f} ms now: {old_median / new_median:.2f}× "
          f"(same moves found)")


def main() -> None:
    """Grow the grid, time the generator and the baseline, print medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--words", type=int, default=30)
    parser.add_argument("--old-hands", type=int, default=50)
    parser.add_argument("--baseline-hands", type=int, default=1)
    args = parser.parse_args()
    tiles = default_tiles()
    lexicon = Lexicon.bundled()
    finder = WordFinder(lexicon, tiles)
    grid = grow_grid(finder, lexicon, tiles, args.words, args.seed)
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"grid: {args.words} words, {len(grid)} tiles")
    print(grid.picture())
    times, counts = [], []
    for hand in hands(tiles, args.hands, args.seed + 1):
        start = time.perf_counter()
        moves = Board(grid, finder, lexicon).moves(hand, 1)
        times.append(time.perf_counter() - start)
        counts.append(len(moves))
    ordered = sorted(times)
    median = statistics.median(ordered) * MS
    p95 = ordered[int(0.95 * (len(ordered) - 1))] * MS
    moves = statistics.median(counts)
    print(f"generator: {args.hands} hands of 8 letters + a wild: median {median:.1f} ms, "
          f"95th percentile {p95:.1f} ms, median {moves:.0f} legal moves a hand "
          f"({median / moves * 1000:.1f} µs a move); target 50 ms")
    compare_old(grid, finder, lexicon, hands(tiles, args.old_hands, args.seed + 1))
    if args.baseline_hands < 1:
        return
    words = sorted(w.upper() for w in lexicon if len(w) >= 2)
    base_times = []
    for hand in hands(tiles, args.baseline_hands, args.seed + 1):
        start = time.perf_counter()
        found = baseline(grid, hand, words, lexicon, tiles)
        base_times.append(time.perf_counter() - start)
        generated = {str(m) for m in Board(grid, finder, lexicon).moves(hand, 1)}
        agree = "agrees" if found == generated else "DISAGREES"
        print(f"  baseline hand {hand}: {len(found)} moves in {base_times[-1]:.0f} s, "
              f"generator {agree}")
    base = statistics.median(base_times) * MS
    print(f"baseline: {args.baseline_hands} hands: median {base:,.0f} ms; "
          f"generator is {base / median:.0f} times faster")


if __name__ == "__main__":
    main()
