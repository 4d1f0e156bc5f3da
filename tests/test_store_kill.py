"""SIGKILL a process while it autosaves: the save still loads, losing at most the last action."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from engine_helpers import WORDS
from store_helpers import advance, new_game, saved_game

from buyword.store import Store

#: A child that plays a seeded game, autosaving after every action, and says how far it got.
CHILD = textwrap.dedent("""
    import random, sys
    from buyword.engine import Game
    from buyword.store import SavedGame, Store

    class Words:
        def is_word(self, word):
            return word in {"tea", "eat", "at", "it", "is"}

    store = Store(sys.argv[1])
    game = Game.new(["Ann", "Bob"], dictionary=Words(), seed=int(sys.argv[2]))
    saved = SavedGame.of(game, bots=(None, "easy"), hints=(0, 0))
    rng = random.Random(0)
    while game.outcome() is None:
        options = [str(a) for a in game.legal_actions()]
        if game.phase == "sell":
            options += [f"sell {w}" for w in ("TEA", "AT", "IT") if game.is_legal(f"sell {w}")]
        game.apply(rng.choice(options))
        store.save_game(saved.updated(game))
        print(len(game.actions), flush=True)
    print("over", flush=True)
    import time
    time.sleep(60)
""")


def expected_actions(seed: int) -> list[str]:
    """The child's whole game, played here to the end the same way."""
    game = new_game(2, seed=seed)
    rng = random.Random(0)
    while game.outcome() is None:
        options = [str(a) for a in game.legal_actions()]
        if game.phase == "sell":
            options += [f"sell {w}" for w in ("TEA", "AT", "IT") if game.is_legal(f"sell {w}")]
        game.apply(rng.choice(options))
    return list(game.actions)


@pytest.mark.parametrize("attempt", range(8))
def test_a_kill_at_any_moment_loses_at_most_the_action_in_flight(
        tmp_path: Path, attempt: int) -> None:
    seed = 40 + attempt
    full = expected_actions(seed)
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path), str(seed)],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    target = random.Random(attempt).randrange(1, len(full))
    confirmed = 0
    for line in child.stdout:
        if line.strip() == "over":
            confirmed = len(full)
            break
        confirmed = int(line)
        if confirmed >= target:
            # Kill while the next save may be half-written.
            time.sleep(random.Random(attempt).random() * 0.002)
            break
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    loaded = Store(tmp_path).load_game(WORDS)
    assert loaded.message is None and loaded.game is not None
    kept = list(loaded.game.actions)
    assert kept == full[: len(kept)]  # a prefix of the real game: nothing invented
    assert len(kept) >= confirmed  # every confirmed save survived
    assert loaded.saved is not None and loaded.saved.bots == (None, "easy")


def test_a_save_takes_little_time(tmp_path: Path) -> None:
    # Saving after every action must not slow play: a long game's save stays well under 50 ms.
    store = Store(tmp_path)
    game = advance(new_game(4, seed=2), 400)
    saved = saved_game(game)
    start = time.perf_counter()
    for _ in range(10):
        store.save_game(saved)
    assert (time.perf_counter() - start) / 10 < 0.05
