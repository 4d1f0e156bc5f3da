"""Computer players' seeds, and whole games played by computers only.

One formula gives every computer seat its seed, from the game's seed and the seat, wherever a
computer plays: at the app's table, in the results screen's "Expert on the same bag", and in
`buyword sim`. So the same seed gives the same game in all three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from buyword.engine import Game, Rules
from buyword.engine.themes import Themes

if TYPE_CHECKING:
    from buyword.words.finder import WordFinder


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the computer player in `seat` (from 0) of the game played with `seed`."""
    return seed * 16 + seat


def play_computers(levels: Sequence[str], seed: int, lexicon: object, finder: WordFinder,
                   rules: Rules | None = None, names: Sequence[str] | None = None,
                   private_hands: bool = True, bag: str | None = None,
                   themes: Themes | None = None,
                   theme_finders: Callable[[str], WordFinder] | None = None) -> Game:
    """A whole game of computer players, one per seat (`levels`), on `seed`, to the end.

    `bag` stacks the front of the bag (a finished game's `start_bag` replays its bag exactly).
    A themed game (`rules.themes`) needs `themes` (the theme lists) and `theme_finders` (the
    finder of each theme's words, a `buyword.words.themes.ThemeFinders`).
    """
    from buyword.table.session import TableSession, Wait
    from buyword.table.setup import Seat

    names = list(names or (f"{i + 1} {level}" for i, level in enumerate(levels)))
    game = Game.new(names, dictionary=lexicon, seed=seed, rules=rules, bag=bag, themes=themes)
    seats = [Seat(name, level) for name, level in zip(names, levels, strict=True)]
    session = TableSession(game, seats, finder, private_hands=private_hands,
                           theme_finders=theme_finders)
    while session.awaiting().wait is not Wait.OVER:
        session.step()
    return game
