"""A stand-in for one BuyWord window in its own process: the store API driven by commands.

Run as `python store_window.py HOME`; it reads one command a line on stdin and answers one
line on stdout once the command's files are written (so the test knows what was confirmed):

    new SEED PLAYERS   start a game, autosave it          -> "slot NAME ID"
    play N             N moves, autosaving after each      -> "moves COUNT"
    finish             play to the end and record it       -> "finished RECORD SCORED"
    solo K SEED        K solo games, each played to the end and scored; a line per game
                       ("scored ID"), then "done"
    ready              nothing (the process is up)         -> "ready"
    quit               exit                                -> (nothing)

The games use a tiny dictionary and random legal moves from a fixed seed, so a test can
predict every action.
"""

from __future__ import annotations

import random
import sys

from buyword.engine import Game
from buyword.store import SavedGame, Store


class Words:
    """The few words the random players try to sell."""

    def is_word(self, word: str) -> bool:
        """True for the handful of words below."""
        return word in {"tea", "eat", "at", "it", "is"}


NAMES = ["Ann", "Bob", "Cat", "Dan"]


def move(game: Game, rng: random.Random) -> None:
    """One random legal move (a sale when one is possible, sometimes)."""
    options = [str(action) for action in game.legal_actions()]
    if game.phase == "sell":
        options += [f"sell {w}" for w in ("TEA", "AT", "IT") if game.is_legal(f"sell {w}")]
    game.apply(rng.choice(options))


def main(home: str) -> None:
    """Answer commands until `quit` or the end of input."""
    store = Store(home)
    game: Game | None = None
    saved: SavedGame | None = None
    rng = random.Random(0)
    for line in sys.stdin:
        command, *args = line.split()
        if command == "new":
            game = Game.new(NAMES[: int(args[1])], dictionary=Words(), seed=int(args[0]))
            saved = SavedGame.of(game, bots=(None,) * int(args[1]), hints=(0,) * int(args[1]))
            store.save_game(saved)
            print("slot", store.slot, saved.game_id, flush=True)
        elif command == "play" and game is not None and saved is not None:
            for _ in range(int(args[0])):
                if game.outcome() is None:
                    move(game, rng)
                    store.save_game(saved.updated(game))
            print("moves", len(game.actions), flush=True)
        elif command == "finish" and game is not None and saved is not None:
            while game.outcome() is None:
                move(game, rng)
            finished = store.finish_game(saved, game)
            print("finished", finished.name, finished.solo is not None, flush=True)
        elif command == "solo":
            for number in range(int(args[0])):
                one = Game.new(["You"], dictionary=Words(), seed=int(args[1]) + number)
                first = SavedGame.of(one, bots=(None,), hints=(0,))
                store.save_game(first)
                while one.outcome() is None:
                    move(one, rng)
                result = store.finish_game(first, one)
                assert result.solo is not None and result.solo.counted
                print("scored", first.game_id, flush=True)
            print("done", flush=True)
        elif command == "ready":
            print("ready", flush=True)
        elif command == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1])
