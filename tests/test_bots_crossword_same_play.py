"""The computers' crossword placements come from `Board.best_moves`, which finds only the top
placements: every level must play exactly as it did when it was shown every placement (the
whole list, filtered and cut to its breadth), on the same seeds."""

from __future__ import annotations

import pytest
from bots_replay import play
from words_helpers import bundled_lexicon

from buyword.engine import default_tiles
from buyword.words.crossword import Board, Move
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon


def _every_move_then_the_top(self: Board, hand: str, wilds: int, limit: int,
                             keep: object = None) -> list[Move]:
    """The computers' old way: every placement, filtered, then the first `limit`."""
    found = self.moves(hand, wilds)
    if keep is not None:
        found = [move for move in found if keep(move)]  # type: ignore[operator]
    return found[:limit]


def _words() -> tuple[WordFinder, Lexicon]:
    """Every 25th word of the bundled list up to 6 letters: enough for busy grids, quick to
    search the old way."""
    words = [w for w in sorted(bundled_lexicon()) if len(w) <= 6][::25]
    lexicon = Lexicon(words, "every 25th short word")
    return WordFinder(lexicon, default_tiles()), lexicon


@pytest.mark.slow  # eight whole crossword games, each played twice
@pytest.mark.parametrize("seed", [1, 2])
def test_every_level_places_as_when_shown_every_placement(seed: int, monkeypatch) -> None:
    finder, lexicon = _words()
    settings = {"crossword": True}
    for levels in (("expert",), ("easy", "medium", "hard", "greedy")):
        now = play(levels, seed, settings, finder, lexicon)
        with monkeypatch.context() as patch:
            patch.setattr(Board, "best_moves", _every_move_then_the_top)
            before = play(levels, seed, settings, finder, lexicon)
        assert now == before, levels
        assert sum(" at " in action for action in now) > 5  # words were placed
