"""`buyword train` and the ways games are run: a turn's result is the money made over the next
rounds (with a horizon of one round they add up to the game's whole gain), bad options and a
missing Ray are refused in a player's words, and training writes a table that reads back."""

from __future__ import annotations

import sys

import pytest

from buyword.bots.leaves import LeaveTable
from buyword.cli import main
from buyword.table.cluster import ClusterError, run_tasks
from buyword.table.sim import _load_words
from buyword.table.train import Settings, play_and_record, train


def _square(n: int) -> int:
    return n * n


def test_tasks_run_in_this_process_or_a_pool_give_the_same_results():
    assert list(run_tasks(_square, [1, 2, 3])) == [1, 4, 9]
    assert sorted(run_tasks(_square, [1, 2, 3], jobs=2)) == [1, 4, 9]


def test_asking_for_ray_when_it_is_not_installed_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(ClusterError, match=r"pip install 'buyword\[cluster\]'"):
        list(run_tasks(_square, [1], ray="local"))


def test_sim_on_ray_without_ray_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["sim", "--games", "1", "--ray", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0
    assert "Ray is not installed" in err and "Traceback" not in err


@pytest.mark.parametrize(("options", "complaint"), [
    (["--games", "0"], "--games 0: use at least 1"),
    (["--max-leave", "7"], "--max-leave 7: at most 4 letters"),
    (["--weight", "-1"], "cannot be negative"),
    (["--out", "/no/such/folder/leaves.json"], "there is no folder"),
])
def test_bad_training_options_are_refused_in_words(options, complaint, capsys):
    assert main(["train", *options]) == 2
    err = capsys.readouterr().err
    assert complaint in err and "Traceback" not in err


@pytest.mark.slow
def test_turn_results_over_one_round_add_up_to_the_game_s_gain():
    finder, lexicon = _load_words()
    money, turns = play_and_record(3, None, 0.0, 1, finder, lexicon)
    assert turns and turns[0][0] == "" and turns[0][2] == 0  # nothing kept, a full bag
    assert sum(result for *_, result in turns) == money - 200
    assert {stage for _, _, stage, _ in turns} == {0, 1, 2}


@pytest.mark.slow
def test_training_writes_a_table_and_compares_on_unseen_seeds(tmp_path):
    report = train(Settings(games=1, iterations=2, evaluate=1, seed=5))
    assert report.seeds == (7, 7)  # after the two training games, seeds 5 and 6
    assert len(report.table) > 0 and report.table.about["games"] == 2
    path = tmp_path / "leaves.json"
    report.table.save(path)
    assert LeaveTable.load(path).about["command"].startswith("buyword train --games 1")
