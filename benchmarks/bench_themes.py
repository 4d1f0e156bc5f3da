"""Benchmark of themed word finding: a theme restricts the index, against filtering afterwards.

For each theme it times (process CPU time, so other programs on a busy machine disturb it
less) the themed finder's build and its queries on seeded random hands from the real bag, and
compares them in the same process with the simple baseline: search the whole dictionary's
finder, then keep the words that fit the theme. Prints medians and the ratio.

    .venv/bin/python benchmarks/bench_themes.py [--hands 200] [--seed 1] [--wilds 1]
                                                [--themes animals,time]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from buyword.engine.tiles import default_tiles
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.themes import THEMES, ThemeBook, ThemeFinders

MS = 1000.0


def hands(count: int, seed: int) -> list[str]:
    """Eight tiles drawn from a full bag, `count` times."""
    rng = random.Random(seed)
    bag = list(default_tiles().bag())
    return ["".join(rng.sample(bag, 8)) for _ in range(count)]


def median_ms(action, items: list[str]) -> float:  # noqa: ANN001 - any one-argument callable
    """The median CPU milliseconds `action` takes per item."""
    times = []
    for item in items:
        start = time.process_time()
        action(item)
        times.append(time.process_time() - start)
    return statistics.median(times) * MS


def main() -> None:
    """Print one line per theme: words, build time, query medians, and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wilds", type=int, default=1)
    parser.add_argument("--themes", default=",".join(t.name for t in THEMES))
    args = parser.parse_args()
    lexicon = Lexicon.bundled()
    book = ThemeBook(listed=lexicon)
    whole = WordFinder(lexicon)
    finders = ThemeFinders(book, lexicon)
    sample = hands(args.hands, args.seed)
    print(f"{args.hands} hands of 8 tiles + {args.wilds} wild(s); CPU-time medians")
    print(f"{'theme':<10} {'words':>7} {'build s':>8} {'themed ms':>10} {'filter ms':>10} "
          f"{'ratio':>6}")
    for name in args.themes.split(","):
        start = time.process_time()
        finder = finders(name)
        build = time.process_time() - start
        themed = median_ms(lambda hand, f=finder: f.find(hand, args.wilds), sample)

        def filtered(hand: str, theme: str = name) -> list:
            return [c for c in whole.find(hand, args.wilds) if book.fits(c.word, theme)]

        baseline = median_ms(filtered, sample)
        # The two must agree: same words, same order.
        for hand in sample[:20]:
            assert [c.word for c in finder.find(hand, args.wilds)] == [
                c.word for c in filtered(hand)], hand
        ratio = baseline / themed if themed else float("inf")
        print(f"{name:<10} {len(finder):>7,} {build:>8.2f} {themed:>10.3f} {baseline:>10.3f} "
              f"{ratio:>5.1f}×")


if __name__ == "__main__":
    main()
