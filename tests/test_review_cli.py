"""`buyword review`: a file or seat it cannot review is one line on stderr and exit status 2,
before any dictionary is loaded; the seat is found by number or name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_helpers import WORDS, play, stacked

from buyword.analysis.review_report import read_for_review
from buyword.cli import main
from buyword.engine import GameRecord
from buyword.store import SavedGame
from buyword.store.records import record_data
from buyword.table.weighing import ReviewError


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path / "home"))


def _save(tmp_path: Path, bots: tuple[str | None, ...], players: int = 1,
          name: str = "game.json") -> Path:
    game = play(stacked("QUIZTEASAT", players=players), "roll 4", *["buy"] * players)
    path = tmp_path / name
    path.write_text(SavedGame.of(game, bots=bots).to_json())
    return path


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["review", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("buyword review: ") and err.count("\n") == 1
    assert "Traceback" not in err
    return err


def test_files_that_are_no_game_are_refused(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "missing.json"
    err = _refused(capsys, str(missing))
    assert str(missing)[:40] in err and "does not exist" in err  # a long path is shortened
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"save_format": 1, "record": {"form')
    assert "damaged or cut off" in _refused(capsys, str(corrupt))
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"name": "not a game"}))
    assert "not a BuyWord save" in _refused(capsys, str(other))
    assert "a folder" in _refused(capsys, str(tmp_path))


def test_a_record_that_no_longer_replays_is_refused(tmp_path: Path, capsys) -> None:
    game = stacked("QUIZ")
    data = record_data(GameRecord.of(game))
    data["actions"] = ["roll 4", "sell QUIZ"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    assert "action 2 ('sell QUIZ') no longer replays" in _refused(capsys, str(path))


def test_a_game_of_computers_only_has_nobody_to_review(tmp_path: Path, capsys) -> None:
    path = _save(tmp_path, ("expert",))
    assert "nobody to review" in _refused(capsys, str(path))


def test_a_bad_seat_or_budget_is_refused(tmp_path: Path, capsys) -> None:
    path = _save(tmp_path, (None, None, "hard"), players=3)
    assert "Cat was a computer; the people were Ann, Bob" in _refused(
        capsys, str(path), "--seat", "3")
    assert "the seats are 1 to 3 (Ann, Bob, Cat)" in _refused(capsys, str(path), "--seat", "Zed")
    assert "0.01 to 60 seconds" in _refused(capsys, str(path), "--budget", "0")
    assert "2 to 1000 rollouts an option" in _refused(capsys, str(path), "--rollouts", "1")
    assert "seconds or rollouts, not both" in _refused(
        capsys, str(path), "--rollouts", "8", "--budget", "0.5")
    assert "--jobs 0: use at least one process" in _refused(capsys, str(path), "--jobs", "0")


def test_the_seat_is_picked_by_number_or_name_and_defaults_to_the_first_person(
    tmp_path: Path
) -> None:
    path = str(_save(tmp_path, ("easy", None, None), players=3))
    assert read_for_review(path).seat == 1
    assert read_for_review(path, "3").seat == 2
    assert read_for_review(path, "bob").seat == 1
    assert read_for_review(path).people == (1, 2)
    with pytest.raises(ReviewError):
        read_for_review(path, "ann")
    assert WORDS  # the games above are played with the engine tests' words
