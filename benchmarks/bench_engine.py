"""Engine speed: play N seeded random-policy games and print games/s and actions/s.

    python benchmarks/bench_engine.py [--games 500] [--repeats 5]

Each repeat plays the same seeded games; the figures quoted are medians over the repeats.
The random policy buys when it can (70%), sells a random held word from a small word set, and
otherwise picks a random legal action, so every step of a round is exercised.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time

from buyword.engine import BuyWordError, Game, Phase, spell

WORDS = {"tea", "eat", "ate", "at", "rate", "tear", "rates", "is", "it", "its", "sit", "tie",
         "on", "no", "one", "note", "tone", "stone", "notes", "onset", "in", "an", "and"}


class WordSet:
    """The engine's dictionary protocol over a small set of words."""

    def is_word(self, word: str) -> bool:
        """True if the word is in the set."""
        return word in WORDS


def play(seed: int) -> int:
    """Play one random-policy game; return how many actions were applied."""
    rng = random.Random(seed)
    game = Game.new(["Ann", "Bob", "Cat", "Dan"][: 1 + seed % 4], dictionary=WordSet(), seed=seed)
    actions = 0
    while game.outcome() is None:
        action = str(rng.choice(game.legal_actions()))
        if game.phase is Phase.BUY and game.is_legal("buy") and rng.random() < 0.7:
            action = "buy"
        elif game.phase is Phase.SELL and rng.random() < 0.5:
            p = game.players[game.current]
            with contextlib.suppress(BuyWordError):
                action = "sell " + spell(rng.choice(sorted(WORDS)), p.hand, p.wilds).notation
        try:
            game.apply(action)
            actions += 1
        except BuyWordError:
            pass
    return actions


def main() -> None:
    """Run the benchmark and print its medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rates, action_rates = [], []
    for _ in range(args.repeats):
        start = time.perf_counter()
        actions = sum(play(seed) for seed in range(args.games))
        elapsed = time.perf_counter() - start
        rates.append(args.games / elapsed)
        action_rates.append(actions / elapsed)
    print(f"{args.games} games x {args.repeats} repeats (1-4 players, random policy)")
    print(f"games per second   median {statistics.median(rates):,.0f}")
    print(f"actions per second median {statistics.median(action_rates):,.0f}")


if __name__ == "__main__":
    main()
