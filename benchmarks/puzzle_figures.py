"""The puzzle set's figures for benchmarks/RESULTS.md: how it was built (decisions weighed,
clear, confirmed, rollouts, CPU seconds), the spread of kinds, themes and ratings, and how often
each computer level solves the puzzles of each rating band.

    python benchmarks/puzzle_figures.py [data/puzzles.json]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from buyword.analysis.puzzles import SOLVERS
from buyword.store.puzzles import THEMES, puzzle_set_from

#: The rating bands of the solve table (their lower ends).
BANDS = (0, 900, 1100, 1300, 1500, 1700, 1900)


def band(rating: float) -> str:
    """The band a rating falls in: "1400–1599", "1800+", "–1199"."""
    low = max(b for b in BANDS if rating >= b)
    high = next((b for b in BANDS if b > low), None)
    if low == 0:
        return f"–{BANDS[1] - 1}"
    return f"{low}+" if high is None else f"{low}–{high - 1}"


def main(path: str = "data/puzzles.json") -> None:
    """Print the figures as Markdown."""
    puzzles = puzzle_set_from(Path(path).read_bytes(), path)
    for run in puzzles.built.get("runs", []):
        print(f"- `{run['command']}`: {run['games']} games, {run['candidates']} decisions "
              f"weighed, {run['clear']} clear, {run['confirmed']} confirmed; "
              f"{run['rollouts']:,} rollouts, {run['cpu_seconds']:,.0f} s CPU in the workers "
              f"({run['wall_seconds']:,.0f} s wall, {run['jobs']} processes"
              f"{', Ray' if run['ray'] else ''})")
    kept = puzzles.puzzles
    print(f"\n{len(kept)} puzzles.")
    kinds = Counter(p.kind for p in kept)
    print("\n| kind | puzzles |\n|---|---|")
    for kind, count in kinds.most_common():
        print(f"| {kind} | {count} |")
    themes = Counter(t for p in kept for t in p.themes)
    print("\n| theme | puzzles |\n|---|---|")
    for theme in THEMES:
        print(f"| {theme} | {themes[theme]} |")
    bands = Counter(band(p.rating) for p in kept)
    names = [band(b) for b in BANDS]
    print("\n| rating band | puzzles | " + " | ".join(SOLVERS) + " |")
    print("|---|---|" + "---|" * len(SOLVERS))
    for name in names:
        inside = [p for p in kept if band(p.rating) == name]
        if not inside:
            continue
        shares = [f"{sum(level in p.solved_by for p in inside) / len(inside):.0%}"
                  for level in SOLVERS]
        print(f"| {name} | {bands[name]} | " + " | ".join(shares) + " |")


if __name__ == "__main__":
    main(*sys.argv[1:])
