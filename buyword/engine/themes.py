"""The themes variant (docs/rules.md, "Themes"): which theme a round plays, and refusals.

The engine knows no word lists: a themed game is given an object with `fits(word, theme)`
and `kind(theme)` (the words package's `ThemeBook`), the way it is given its dictionary.
"""

from __future__ import annotations

import random
from typing import Protocol

from buyword.engine.errors import BuyWordError
from buyword.engine.rules import Rules


class Themes(Protocol):
    """What the engine needs of the theme lists."""

    def fits(self, word: str, theme: str) -> bool:
        """True if `word` (lower-case a-z), or its base form, is on the theme's list."""
        ...

    def kind(self, theme: str) -> str:
        """What a word of the theme is, to finish "TABLE is a word but not ...": "an animal".

        Raises a BuyWordError for a theme it does not know.
        """
        ...


class ThemeDraw:
    """The theme of each round: fixed for the game, or drawn each round from the game's seed.

    The draw has its own generator, advanced once per round, so the same seed gives the same
    themes round by round whatever the players decide, and a replay agrees.
    """

    def __init__(self, rules: Rules, seed: int, themes: Themes | None) -> None:
        """Check that every theme the rules name is known to `themes`; raise BuyWordError if
        the rules name a theme and no theme lists were given."""
        self.names = rules.themes
        self.each_round = rules.theme_each_round
        if self.names:
            if themes is None:
                raise BuyWordError(
                    "this game is played with a theme, but no theme lists were given")
            for name in self.names:
                themes.kind(name)  # raises for an unknown theme
        self._rng = random.Random(f"buyword-theme-{seed}")

    def next(self, previous: str | None) -> str | None:
        """The theme of the next round (None in an unthemed game).

        Drawn each round, the new theme differs from the last one when there is a choice.
        """
        if not self.names:
            return None
        if not self.each_round:
            return self.names[0]
        choices = [name for name in self.names if name != previous] or list(self.names)
        return self._rng.choice(choices)

    def state(self) -> object:
        """The draw's generator state (equal states draw the same themes from here on)."""
        return self._rng.getstate()


def off_theme(word: str, theme: str, themes: Themes) -> str:
    """The refusal for a dictionary word that does not fit: 'TABLE' is a word but not ..."""
    return f"{word.upper()!r} is a word but not {themes.kind(theme)} (the theme is {theme})"
