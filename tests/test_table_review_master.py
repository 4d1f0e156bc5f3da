"""The game review with the real Master: a bad buy is flagged as costly, a sound discard is not,
and `buyword review` prints the review of a saved game. Master searches a fixed number of
rollouts under a budget it never reaches, so the figures do not depend on the machine's speed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from words_helpers import index_cache

from buyword.bots import MasterBot
from buyword.bots.index import WordIndex
from buyword.bots.master import Decision, Search
from buyword.cli import main
from buyword.engine import Game, GameRecord, Rules
from buyword.store import SavedGame
from buyword.table.review import review_game
from buyword.table.services import Services

#: A budget no test reaches: the rollout counts decide when a search stops.
UNHURRIED = 1e9
#: A small, deterministic search.
TINY = Search(breadth=3, horizon=2, min_rollouts=4, max_rollouts=8)


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return Services.shared(index_cache()).words()


def _master(words) -> MasterBot:
    return MasterBot(WordIndex.common(words[0], None), 1, search=TINY, budget=UNHURRIED)


def _junk(words, choice: str) -> GameRecord:
    """Round 1 draws Q, X and Z ($144: only ZaX, $81, can be sold from them); the person
    `choice`s ("buy" or "discard") and sells nothing."""
    game = Game.new(["You"], dictionary=words[1], seed=5, rules=Rules(), bag="QXZ")
    for action in ("roll 3", choice, "done"):
        game.apply(action)
    return GameRecord.of(game)


def test_buying_junk_is_flagged_as_costly(words) -> None:
    review = review_game(_junk(words, "buy"), 0, _master(words), Decision, budget=UNHURRIED)
    bought = review.decisions[0]
    assert (bought.kind, bought.yours, bought.master) == ("buy", "buy", "discard")
    assert bought.counted > 40 and not bought.within_noise
    assert review.costliest()[0] is bought and review.left_on_table >= bought.counted
    assert bought.uncertainty > 0


def test_discarding_junk_is_as_good_as_master(words) -> None:
    review = review_game(_junk(words, "discard"), 0, _master(words), Decision,
                         budget=UNHURRIED)
    discarded = review.decisions[0]
    assert discarded.agreed and discarded.counted == 0 and discarded.within_noise


@pytest.mark.slow
def test_the_command_reviews_a_saved_game(words, tmp_path: Path, capsys, monkeypatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    if index_cache() is not None:  # the run's word index, so the command need not build it
        (home / "cache").symlink_to(index_cache())
    monkeypatch.setenv("BUYWORD_HOME", str(home))
    path = tmp_path / "junk.json"
    game = _junk(words, "buy").replay(words[1])
    path.write_text(SavedGame.of(game, bots=(None,)).to_json())
    assert main(["review", str(path), "--budget", "0.05", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["yours"] for d in data["decisions"]] == ["buy", "sell nothing"]
    assert data["decisions"][0]["master"] == "discard" and data["complete"]
    assert data["budget"] == 0.05 and data["name"] == "You"
