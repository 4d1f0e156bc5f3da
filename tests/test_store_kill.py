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
from store_terminal import HAVE_TMUX, Terminal, wait_until

from buyword.engine import Game, Phase, RecordError
from buyword.store import Store, read_save

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


@pytest.mark.slow  # real processes, killed
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


def test_saving_a_long_game_again_and_again_loses_nothing(tmp_path: Path) -> None:
    # Saving after every action: the last save of a long game holds every action and its seats.
    # (How long a save takes is a figure printed by benchmarks/bench_store.py, not a test.)
    store = Store(tmp_path)
    game = advance(new_game(4, seed=2), 400)
    for _ in range(10):
        assert store.save_game(saved_game(game, bots=(None, "easy", None, "hard")))
    loaded = Store(tmp_path).load_game(WORDS)
    assert loaded.message is None and loaded.game is not None
    assert loaded.game.actions == game.actions and loaded.game.state() == game.state()
    assert loaded.saved is not None and loaded.saved.bots == (None, "easy", None, "hard")


# ----------------------------------------------------------------- the real program, killed


class _Anything:
    """Accepts every word: the solo games below never sell, so any dictionary replays them."""

    def is_word(self, word: str) -> bool:
        """Always True."""
        return True


def saved_record(home: Path) -> list[str] | None:
    """The actions of the game autosaved in `home` (None if no readable save)."""
    raw = (home / "current.json").read_bytes() if (home / "current.json").exists() else b""
    try:
        return list(read_save(raw).record.actions)
    except RecordError:
        return None


def key_for(game: Game) -> str:
    """A key that plays a legal move now: roll, draw 3, buy what fits, stop selling."""
    match game.phase:
        case Phase.ROLL:
            return "r"
        case Phase.CHOOSE:
            return "3"
        case Phase.BUY:
            player = game.player(0)
            fits = len(player.hand) + len(player.drawn) <= 8
            return "b" if fits and game.is_legal("buy") else "d"
    return "Escape"


def step(terminal: Terminal, home: Path, seed: int, wait: bool = True) -> list[str]:
    """Press the key for the next move; wait until its action is saved (unless told not to)."""
    before = saved_record(home) or []
    game = Game.new(["You"], dictionary=_Anything(), seed=seed)
    for action in before:
        game.apply(action)
    key = key_for(game)
    terminal.keys(key)
    if not wait:
        return before
    # A key typed while the screen is still busy is dropped on purpose (typed-ahead keys
    # must not land in the wrong place), so on a slow machine the move may need the key again.
    for _ in range(5):
        try:
            return wait_until(lambda: (a := saved_record(home)) and len(a) > len(before) and a,
                              10)
        except AssertionError:
            terminal.keys(key)
    return wait_until(lambda: (a := saved_record(home)) and len(a) > len(before) and a, 10)


@pytest.mark.slow  # the real program under tmux
@pytest.mark.skipif(not HAVE_TMUX, reason="needs tmux")
@pytest.mark.parametrize("moves, settle", [(7, True), (16, False)])
def test_the_real_game_killed_mid_game_continues_where_it_was(
        tmp_path: Path, moves: int, settle: bool) -> None:
    (tmp_path / "settings.toml").write_text("animations = false\n")
    with Terminal(tmp_path, "--solo", "--seed", "42") as terminal:
        terminal.wait_for("Roll the die")
        for _ in range(moves):
            step(terminal, tmp_path, 42)
        # The last key is pressed and the process killed at once: that action may be lost.
        step(terminal, tmp_path, 42, wait=settle)
        terminal.kill()
    before_kill = saved_record(tmp_path)
    assert before_kill is not None and len(before_kill) >= moves
    expected = Game.new(["You"], dictionary=_Anything(), seed=42)
    for action in before_kill:
        expected.apply(action)
    with Terminal(tmp_path, "--continue") as terminal:
        terminal.wait_for("seed 42")
        # The seed may be painted before the players' panel: wait for the money (a game
        # resumed at another point shows other money, and this wait fails).
        terminal.wait_for(f"${expected.player(0).money}")
        after = step(terminal, tmp_path, 42)
    resumed = Game.new(["You"], dictionary=_Anything(), seed=42)
    for action in after[:-1]:
        resumed.apply(action)
    assert after[:-1] == before_kill and resumed.state() == expected.state()


@pytest.mark.slow  # the real program under tmux
@pytest.mark.skipif(not HAVE_TMUX, reason="needs tmux")
def test_the_real_game_shows_a_bad_save_on_the_title_and_starts(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text('{"save_format": 1, "record": {"pla')
    with Terminal(tmp_path) as terminal:
        terminal.wait_for("could not be resumed")
        assert list(tmp_path.glob("current.json.bad-*"))
        terminal.keys("s")
        terminal.wait_for("Start")
