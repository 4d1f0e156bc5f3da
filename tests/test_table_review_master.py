"""The game review with the real Master: a bad buy is flagged as costly, a sound discard is not,
and `buyword review` prints the review of a saved game. Master searches a fixed number of
rollouts under a budget it never reaches, so the figures do not depend on the machine's speed.
"""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import replace
from pathlib import Path

import pytest
from words_helpers import index_cache

from buyword.analysis.review import review_game
from buyword.analysis.review_report import report_json
from buyword.analysis.spread import RolloutSpread
from buyword.bots import MasterBot
from buyword.bots.index import WordIndex
from buyword.bots.master import Decision, Search
from buyword.cli import main
from buyword.engine import Discard, Game, GameRecord, Rules
from buyword.store import SavedGame
from buyword.store.records import decode_record
from buyword.table.coach import kept_entry, known_appraisals
from buyword.table.services import Services
from buyword.table.weighing import review_search, view_at

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


#: A bundled record: the first seven rounds of a solo game (seed 36) that Medium played for a
#: person, 16 decisions of every kind.
RECORD = Path(__file__).parent / "data" / "review_record.json"
#: A small budget counted in rollouts, so that the review takes seconds.
FEW = 8


def _spin(stop) -> None:  # noqa: ANN001 - a multiprocessing event
    """Keep a processor busy until told to stop."""
    while not stop.is_set():
        sum(range(10_000))


def _review_json(words, jobs: int) -> str:
    master = MasterBot(WordIndex.common(words[0], None), 1, search=review_search())
    record = decode_record(RECORD.read_text())
    review = review_game(record, 0, master, Decision, rollouts=FEW, jobs=jobs)
    assert review.complete and len(review.decisions) == 16
    return report_json(review)


@pytest.mark.slow  # two reviews of 16 decisions, a few seconds
def test_a_review_is_the_same_on_a_busy_machine_and_over_several_processes(words) -> None:
    quiet = _review_json(words, jobs=1)
    context = multiprocessing.get_context("fork")
    stop = context.Event()
    busy = [context.Process(target=_spin, args=(stop,)) for _ in range(2)]
    for process in busy:
        process.start()
    try:
        loaded = _review_json(words, jobs=2)
    finally:
        stop.set()
        for process in busy:
            process.join()
    assert loaded == quiet  # byte for byte
    data = json.loads(quiet)
    assert data["rollouts"] == FEW and data["budget"] is None
    assert data["median_uncertainty"] is not None


def test_an_appraisal_depends_on_its_stream_not_on_the_players_past(words) -> None:
    record = decode_record(RECORD.read_text())
    game = record.replay(words[1], upto=15)  # round 5: the person discarded
    view = view_at(game, 0)
    mine = Decision((Discard(),))
    fresh = _master(words).appraisal(view, also=(mine,), stream="36/15", rollouts=FEW)
    used = MasterBot(WordIndex.common(words[0], None), 99, search=TINY)
    used.appraisal(view, stream="another", rollouts=FEW)  # its own generator moves on
    assert used.appraisal(view, also=(mine,), stream="36/15", rollouts=FEW) == fresh
    other = _master(words).appraisal(view, also=(mine,), stream="36/16", rollouts=FEW)
    assert other != fresh  # another decision's luck
    key = ("36/15", FEW, None, ("discard",))
    kept = json.loads(json.dumps(kept_entry(key, fresh)))  # as a save keeps it
    assert known_appraisals([kept]) == {key: fresh}
    assert fresh.gap_stderrs[0] == 0 and all(e >= 0 for e in fresh.gap_stderrs)


@pytest.mark.slow  # a pool of processes for one decision
def test_rollouts_spread_over_processes_give_the_same_appraisal(words) -> None:
    record = decode_record(RECORD.read_text())
    view = view_at(record.replay(words[1], upto=15), 0)
    search = replace(TINY, max_rollouts=20)
    alone = MasterBot(WordIndex.common(words[0], None), 1, search=search)
    spread = MasterBot(WordIndex.common(words[0], None), 1, search=search)
    with RolloutSpread(spread, jobs=2, rounds_each=3):
        assert spread.spread is not None
        together = spread.appraisal(view, stream="36/15")
    assert spread.spread is None
    assert together == alone.appraisal(view, stream="36/15")
    assert sum(e.rollouts for e in together.estimates) > 2 * len(together.estimates)
