"""What many-window safety costs: merge-safe score updates and autosaves against bare writes.

Prints medians over N runs in a temporary folder, and the ratio to the baseline measured in
the same process: the atomic write (temporary file, fsync, rename) every save already did.

    python benchmarks/bench_store_windows.py [--runs 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from buyword.engine import Game
from buyword.store import SavedGame, ScoreBook, SoloScore, Store
from buyword.store.files import write_atomic
from buyword.store.store import SCORES


class Anything:
    """Every word is a word (the games here never sell)."""

    def is_word(self, word: str) -> bool:
        """Always True."""
        return True


def median_ms(action: Callable[[], object], runs: int) -> float:
    """The median time of `action`, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def long_game() -> SavedGame:
    """A 4-player game played for up to 12 rounds (draws bought while money lasts, no sales)."""
    game = Game.new(["Ann", "Bob", "Cat", "Dan"], dictionary=Anything(), seed=3)
    while game.outcome() is None and game.round <= 12:
        legal = [str(a) for a in game.legal_actions()]
        wanted = ("roll", "choose 2", "buy", "discard", "done")
        game.apply(next((a for a in wanted if a in legal), legal[0]))
    return SavedGame.of(game, bots=(None,) * 4, hints=(0,) * 4)


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args(argv).runs
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        store = Store(home)
        book = ScoreBook([SoloScore(f"g{n}", 800 + n, "k", "rules", n, "2026-11-30T11:00:00")
                          for n in range(300)])
        write_atomic(home / SCORES, book.to_json())
        text = book.to_json()
        bare = median_ms(lambda: write_atomic(home / "bare.json", text), runs)
        merged = median_ms(lambda: store._update_scores(lambda b: (None, True)), runs)
        print(f"score update, 300 scores: merge-safe (lock, re-read, write) {merged:.2f} ms, "
              f"bare atomic write {bare:.2f} ms, ratio {merged / bare:.2f}")

        saved = long_game()
        first = median_ms(lambda: (store.release(), store.save_game(saved)), runs)
        again = median_ms(lambda: store.save_game(saved), runs)
        save_text = saved.to_json()
        bare_save = median_ms(lambda: write_atomic(home / "bare-save.json", save_text), runs)
        print(f"autosave, {len(saved.record.actions)} actions: in this window's slot "
              f"{again:.2f} ms, first save (taking the slot's lock) {first:.2f} ms, bare "
              f"atomic write {bare_save:.2f} ms, ratio {again / bare_save:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
