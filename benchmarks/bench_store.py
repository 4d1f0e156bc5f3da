"""Autosave speed: the median time of one `Store.save_game` of a long game, against plain JSON.

    python benchmarks/bench_store.py [--saves 30] [--repeats 5] [--actions 400]

The game is a seeded four-player game played with random legal actions to its end (or for
ACTIONS actions): the biggest save a game of this size makes.
Each repeat times SAVES saves in a fresh temporary folder; the figures are medians over every
save. The baseline is what any program would do at the least: `json.dump` of the same data to
a temporary file and `os.replace` onto the save, in the same process and folder. The store also
flushes the file and its folder to the disk (fsync), so a crash or `kill -9` cannot lose a save
it has reported done; a third line shows the baseline with the same fsync, to tell that cost
apart from the store's own work.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from buyword.engine import Game
from buyword.store import SavedGame, Store
from buyword.store.saves import save_data

WORDS = {"tea", "eat", "at", "it", "is"}


class WordSet:
    """The engine's dictionary protocol over a small set of words."""

    def is_word(self, word: str) -> bool:
        """True if the word is in the set."""
        return word in WORDS


def long_game(actions: int, seed: int = 2) -> Game:
    """A four-player game after up to `actions` random legal actions, sales included."""
    game = Game.new(["Ann", "Bob", "Cat", "Dan"], dictionary=WordSet(), seed=seed)
    rng = random.Random(0)
    for _ in range(actions):
        if game.outcome() is not None:
            break
        options = [str(a) for a in game.legal_actions()]
        if game.phase == "sell":
            options += [f"sell {w}" for w in ("TEA", "EAT", "AT", "IT", "IS", "TeA")
                        if game.is_legal(f"sell {w}")]
        game.apply(rng.choice(options))
    return game


def plain_save(folder: Path, data: dict, fsync: bool = False) -> None:
    """The baseline: dump the save's data to a temporary file and rename it over the save."""
    temp = folder / "plain.json.tmp"
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
        if fsync:
            handle.flush()
            os.fsync(handle.fileno())
    os.replace(temp, folder / "plain.json")


def timed(save: Callable[[], object], saves: int) -> list[float]:
    """Seconds taken by each of `saves` calls of `save`."""
    times = []
    for _ in range(saves):
        start = time.perf_counter()
        save()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    """Run the benchmark and print its medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--actions", type=int, default=400)
    args = parser.parse_args()
    game = long_game(args.actions)
    saved = SavedGame.of(game, bots=(None,) * 4, hints=(0,) * 4)
    store_times: list[float] = []
    plain_times: list[float] = []
    synced_times: list[float] = []
    for _ in range(args.repeats):
        with tempfile.TemporaryDirectory(prefix="bench-store-") as name:
            folder = Path(name)
            store = Store(folder)
            data = save_data(saved)
            store_times += timed(partial(store.save_game, saved), args.saves)
            plain_times += timed(partial(plain_save, folder, data), args.saves)
            synced_times += timed(partial(plain_save, folder, data, True), args.saves)
    size = len(saved.to_json().encode())
    store_ms = statistics.median(store_times) * 1000
    plain_ms = statistics.median(plain_times) * 1000
    synced_ms = statistics.median(synced_times) * 1000
    print(f"save of a {len(game.actions)}-action, 4-player game ({size:,} bytes), "
          f"medians of {len(store_times)} saves:")
    print(f"  Store.save_game           {store_ms:7.2f} ms")
    print(f"  json.dump + os.replace    {plain_ms:7.2f} ms   (store / plain: "
          f"{store_ms / plain_ms:.1f}x)")
    print(f"  the same, with fsync      {synced_ms:7.2f} ms   (store / plain+fsync: "
          f"{store_ms / synced_ms:.1f}x)")


if __name__ == "__main__":
    main()
