"""Tables of computer players only: `buyword sim`, training, the results screen's "Expert on
the same bag", and `play_computers`. A game set up by a person starts with
`TableSession.new`; these start with `computer_table`, so every new game is built in one of
those two places."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from buyword.engine import Game, Rules
from buyword.store.setup import Seat
from buyword.table.session import TableSession

if TYPE_CHECKING:
    from buyword.engine.dictionary import Dictionary
    from buyword.engine.themes import Themes
    from buyword.words.finder import WordFinder


def computer_table(levels: Sequence[str], seed: int, lexicon: Dictionary, finder: WordFinder, *,
                   rules: Rules | None = None, names: Sequence[str] | None = None,
                   private_hands: bool = True, bag: str | None = None,
                   themes: Themes | None = None,
                   theme_finders: Callable[[str], WordFinder] | None = None) -> TableSession:
    """A new game of computer players, one per seat (`levels`, named "1 expert", ... unless
    `names` are given), on `seed`, at a table session (each sees what a person in its seat
    would, with `private_hands`).

    `bag` stacks the front of the bag (a finished game's `start_bag` replays its bag exactly).
    A themed game (`rules.themes`) needs `themes` (the theme lists) and `theme_finders` (the
    finder of each theme's words, a `buyword.words.themes.ThemeFinders`).
    """
    names = list(names or (f"{i + 1} {level}" for i, level in enumerate(levels)))
    game = Game.new(names, dictionary=lexicon, seed=seed, rules=rules, bag=bag, themes=themes)
    seats = [Seat(name, level) for name, level in zip(names, levels, strict=True)]
    return TableSession(game, seats, finder, private_hands=private_hands,
                        theme_finders=theme_finders)


def play_computers(levels: Sequence[str], seed: int, lexicon: Dictionary, finder: WordFinder,
                   rules: Rules | None = None, names: Sequence[str] | None = None,
                   private_hands: bool = True, bag: str | None = None,
                   themes: Themes | None = None,
                   theme_finders: Callable[[str], WordFinder] | None = None) -> Game:
    """A whole game of computer players (see `computer_table`), played to the end."""
    session = computer_table(levels, seed, lexicon, finder, rules=rules, names=names,
                             private_hands=private_hands, bag=bag, themes=themes,
                             theme_finders=theme_finders)
    from buyword.table.runner import TableRunner

    TableRunner(session, shared_screen=False, pace=False).play_out()
    return session.game
