"""Helpers for the store tests: seeded games played part-way or to the end, and disk faults."""

from __future__ import annotations

import errno
import os
import random
from collections.abc import Callable

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
    return SavedGame.of(game, **metadata)


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
