"""Benchmark of the crossword move generator: 8 letters + a wild on a grid of 30 words.

The grid is grown from a seeded bag by playing the best placement of a fresh 8-letter hand
and a wild, 30 times (the first word included). Then many seeded hands of 8 letters + a wild
are drawn from the whole tile set and the `--limit` best placements are found for each
(`Board.best_moves`, what the computers and hints ask: 30 is Expert's breadth), timing the
whole call (the grid's analysis included, as a computer player meets a new grid every turn),
in wall-clock time and in this process's CPU time (which a machine shared with other work
inflates less). The cross-checks of a word list are remembered from grid to grid (a new grid
is its parent and one more word, and shares most of them), so after the first hand they are;
`--cold-hands` hands are also timed with a dictionary whose cross-checks are never remembered,
as on a grid no board of the word list has seen. On fewer hands, interleaved so that all meet
the same load, every legal
placement is listed too, by today's `Board.moves` and by the generator as it was before its
speed work (`crossword_before.py`): the best moves must be exactly the top of today's list,
and today's list the same moves as the old one; the ratios of the medians are the speed-ups.
A simple baseline runs in the same process on
fewer hands: every word of the list at every position that puts one of its letters on a tile
of the grid, each such position with letters the hand can lay checked by the engine. Target
(issue 13): median <= 50 ms.

    .venv/bin/python benchmarks/bench_crossword.py [--hands 200] [--seed 1] [--words 30]
                                                  [--old-hands 50] [--baseline-hands 1]
                                                  [--limit 30] [--cold-hands 20]

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


class Unremembered:
    """A dictionary whose cross-checks no board remembers (any dictionary but a word list's):
    each board asks it afresh, as for a grid never seen before."""

    def __init__(self, lexicon: Lexicon) -> None:
        """The words of `lexicon`."""
        self.lexicon = lexicon

    def is_word(self, word: str) -> bool:
        """True if `lexicon` holds `word`."""
        return self.lexicon.is_word(word)


def time_best(grid: Grid, finder: WordFinder, dictionary: object, sample: list[str],
              limit: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of `best_moves` on a new board for each hand of `sample`."""
    wall, cpu = [], []
    for hand in sample:
        start, start_cpu = time.perf_counter(), time.process_time()
        Board(grid, finder, dictionary).best_moves(hand, 1, limit)  # type: ignore[arg-type]
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def summary(seconds: list[float]) -> str:
    """Median and 95th percentile, in milliseconds."""
    ordered = sorted(seconds)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered) * MS:.1f} ms, 95th percentile {p95 * MS:.1f} ms"


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


def compare_old(grid: Grid, finder: WordFinder, lexicon: Lexicon, sample: list[str],
                limit: int) -> None:
    """Time the best moves against every move (today's generator and the one before its
    speed work) on the same hands, interleaved (so all meet the same load), checking that
    the best moves are the top of every move and that both lists hold the same moves."""
    if not sample:
        return
    best_times, all_times, old_times = [], [], []
    for hand in sample:
        start = time.perf_counter()
        best = Board(grid, finder, lexicon).best_moves(hand, 1, limit)
        best_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        every = Board(grid, finder, lexicon).moves(hand, 1)
        all_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        old = crossword_before.Board(grid, finder, lexicon).moves(hand, 1)
        old_times.append(time.perf_counter() - start)
        if best != every[:limit]:
            raise SystemExit(f"the best moves are not the top of every move for {hand}")
        if sorted(map(str, every)) != sorted(map(str, old)):
            raise SystemExit(f"the generators disagree on the hand {hand}")
    best_median = statistics.median(best_times) * MS
    all_median = statistics.median(all_times) * MS
    old_median = statistics.median(old_times) * MS
    print(f"same {len(sample)} hands interleaved: best {limit} median {best_median:.1f} ms; "
          f"every move {all_median:.1f} ms ({all_median / best_median:.1f}×); before the speed "
          f"work {old_median:.1f} ms ({old_median / best_median:.1f}×) (same moves found)")


def main() -> None:
    """Grow the grid, time the generator and the baseline, print medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--words", type=int, default=30)
    parser.add_argument("--old-hands", type=int, default=50)
    parser.add_argument("--baseline-hands", type=int, default=1)
    parser.add_argument("--limit", type=int, default=30)
    parser.add_argument("--cold-hands", type=int, default=20)
    args = parser.parse_args()
    tiles = default_tiles()
    lexicon = Lexicon.bundled()
    finder = WordFinder(lexicon, tiles)
    grid = grow_grid(finder, lexicon, tiles, args.words, args.seed)
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"grid: {args.words} words, {len(grid)} tiles")
    print(grid.picture())
    sample = hands(tiles, args.hands, args.seed + 1)
    times, cpu = time_best(grid, finder, lexicon, sample, args.limit)
    median = statistics.median(times) * MS
    print(f"best {args.limit} placements: {args.hands} hands of 8 letters + a wild: "
          f"{summary(times)}; CPU time {summary(cpu)}; target 50 ms")
    if args.cold_hands > 0:
        cold, cold_cpu = time_best(grid, finder, Unremembered(lexicon),
                                   sample[:args.cold_hands], args.limit)
        print(f"  with no cross-check remembered, {len(cold)} hands: {summary(cold)}; "
              f"CPU time {summary(cold_cpu)}")
    compare_old(grid, finder, lexicon, hands(tiles, args.old_hands, args.seed + 1), args.limit)
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
