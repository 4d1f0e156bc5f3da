"""Helpers for the store tests: seeded games played part-way or to the end, and disk faults."""

from __future__ import annotations

import contextlib
import errno
import os
import queue
import random
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from engine_helpers import WORDS

from buyword.engine import Game, Rules
from buyword.store import SavedGame, Store


def new_game(players: int = 1, seed: int = 5, rules: Rules | None = None,
             names: list[str] | None = None) -> Game:
    """A fresh game at a table of `players`, on the engine tests' small dictionary."""
    names = names or ["Ann", "Bob", "Cat", "Dan"][:players]
    return Game.new(names, dictionary=WORDS, seed=seed, rules=rules)


def advance(game: Game, steps: int, seed: int = 0) -> Game:
    """Apply up to `steps` random legal actions (sales included when the dictionary allows)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.outcome() is not None:
            break
        options = [str(a) for a in game.legal_actions()]
        if game.phase == "sell":
            options += [f"sell {w}" for w in ("TEA", "EAT", "AT", "IT", "IS", "TeA")
                        if game.is_legal(f"sell {w}")]
        game.apply(rng.choice(options))
    return game


def finished(players: int = 1, seed: int = 5, rules: Rules | None = None,
             names: list[str] | None = None) -> Game:
    """A game played to its end with random legal actions."""
    game = new_game(players, seed, rules, names)
    while game.outcome() is None:
        advance(game, 50, seed)
    return game


def saved_game(game: Game, **metadata: object) -> SavedGame:
    """A save of `game` with people in every seat unless told otherwise."""
    metadata.setdefault("bots", tuple(None for _ in game.names))
    metadata.setdefault("hints", tuple(0 for _ in game.names))
    return replace(SavedGame.of(game), **metadata)


def failing(code: int, real: Callable) -> Callable:
    """A stand-in for `os.replace`/`open` that fails as a read-only or full disk would."""

    def fail(*args: object, **kwargs: object) -> object:
        raise OSError(code, os.strerror(code))

    fail.__wrapped__ = real  # type: ignore[attr-defined]
    return fail


READ_ONLY = errno.EROFS
FULL = errno.ENOSPC


def store_at(path: os.PathLike[str] | str) -> Store:
    """A store whose every file lives under `path`."""
    return Store(path)


# ----------------------------------------------------------------- other windows

WINDOW = Path(__file__).with_name("store_window.py")
#: No command here takes more than a few seconds; a stuck child fails the test, not the run.
ANSWER_WITHIN = 60.0


class Window:
    """One window's process: send a command, read its answer."""

    def __init__(self, home: Path) -> None:
        """Start the process on the data folder `home`."""
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        self.process = subprocess.Popen(
            [sys.executable, str(WINDOW), str(home)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, bufsize=1, env=env)
        # A thread reads the answers, so waiting for one can time out (select would miss
        # lines already in the pipe's buffer).
        self.answers: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for text in self.process.stdout:
            self.answers.put(text.strip())
        self.answers.put("")  # the end of the process

    def send(self, command: str) -> None:
        """Send a command without waiting for its answer."""
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def line(self) -> str:
        """The next answer line (fails the test after ANSWER_WITHIN seconds)."""
        try:
            text = self.answers.get(timeout=ANSWER_WITHIN)
        except queue.Empty:
            raise AssertionError("the window did not answer in time") from None
        assert text, "the window ended unexpectedly"
        return text

    def ask(self, command: str) -> list[str]:
        """Send a command and return its answer's words."""
        self.send(command)
        return self.line().split()

    def close(self) -> None:
        """Quit (or kill, if already gone wrong) and reap the process."""
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        if self.process.stdin is not None and not self.process.stdin.closed:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        self._reader.join(5)  # it ends at the end of the output
        if self.process.stdout is not None:
            self.process.stdout.close()

    def kill(self) -> None:
        """SIGKILL, as a crash or `kill -9` would."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
