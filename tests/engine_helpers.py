"""Shared helpers for the engine tests: a tiny dictionary and stacked games."""

from __future__ import annotations

from buyword.engine import Game, Rules


class WordSet:
    """A dictionary made of a few words (the engine's `is_word` protocol)."""

    def __init__(self, *words: str) -> None:
        self.words = {w.lower() for w in words}

    def is_word(self, word: str) -> bool:
        """True if the word is in the set."""
        return word in self.words


WORDS = WordSet("quiz", "tea", "eat", "ate", "at", "a", "zoo", "jazz", "cat", "act", "tact",
                "rate", "tear", "rates", "treats", "starter", "is", "it", "its", "sit", "tie")


def stacked(bag: str, players: int = 1, **rules: object) -> Game:
    """A game whose bag starts with `bag` (the rest shuffled by seed 1)."""
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    return Game.new(names, dictionary=WORDS, seed=1, rules=Rules(**rules), bag=bag)


def play(game: Game, *actions: str) -> Game:
    """Apply actions in order; returns the game for chaining."""
    for action in actions:
        game.apply(action)
    return game
