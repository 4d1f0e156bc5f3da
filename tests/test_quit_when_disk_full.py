"""When the disk fills mid-game, quitting says what the disk still holds: the last good save,
and nothing at all once the data folder was replaced by one that holds none."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from store_helpers import advance, new_game, saved_game

from buyword.store import Store
from buyword.table.autosave import Autosave
from buyword.ui import saving


class Session:  # what Autosave reads of a session: its game
    def __init__(self, game: object) -> None:
        self.game = game


def test_the_quit_question_names_the_round_the_disk_still_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = advance(new_game(1, seed=2), 30, seed=1)
    store = Store(tmp_path)
    autosave = Autosave(store, saved_game(game))
    assert autosave.on_disk is None
    session = Session(game)
    assert autosave.write(session)  # type: ignore[arg-type]
    assert saving.quit_detail(store, autosave.saved).startswith("The game is saved")
    kept = autosave.on_disk
    assert kept is not None
    monkeypatch.setattr(store, "save_game", lambda saved: False)  # the disk is full now
    advance(game, 10, seed=3)
    autosave.saved = autosave.saved.updated(game)  # the moves since, not on the disk
    assert not autosave.write(session)  # type: ignore[arg-type]
    text = saving.quit_detail(store, autosave.saved)
    assert f"as of round {kept.at_round} is saved" in text and "lost" not in text


def test_the_quit_question_never_says_saved_once_the_data_folder_was_replaced(
        tmp_path: Path) -> None:
    home = tmp_path / "data"
    game = advance(new_game(1, seed=2), 30, seed=1)
    store = Store(home)
    autosave = Autosave(store, saved_game(game))
    session = Session(game)
    assert autosave.write(session)  # type: ignore[arg-type]
    os.rename(home, tmp_path / "moved")  # someone swaps the folder for an empty one
    home.mkdir()
    text = saving.quit_detail(store, autosave.saved)
    assert text.startswith("The game in progress will be lost: it could not be saved")
    assert "is saved" not in text
