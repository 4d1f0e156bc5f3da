"""How the title and the results speak of the solo record: "Your solo record with hints",
"over 1 game"."""

from __future__ import annotations

from pathlib import Path

from store_helpers import finished, saved_game

from buyword.engine import Rules
from buyword.store import Store
from buyword.ui import saving


def test_the_records_lines_read_as_sentences(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished(1, 5, names=["You"])
    done = store.finish_game(saved_game(game, hints=(1,)), game)
    assert saving.results_lines(done).endswith(f"Your solo record with hints: best "
                                               f"${game.player(0).money}, average "
                                               f"${game.player(0).money} over 1 game; "
                                               "reached $1,000 × 0, $900 × 0, $800 × 0")
    assert saving.title_scores(store, Rules()) == (
        f"With hints: best ${game.player(0).money} over 1 game")
