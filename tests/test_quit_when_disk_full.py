"""When the disk fills mid-game, quitting says what the disk still holds: the last good save."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import advance, new_game, saved_game

from buyword.store import Store
from buyword.table.autosave import Autosave
from buyword.ui import saving


def test_the_quit_question_names_the_round_the_disk_still_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = advance(new_game(1, seed=2), 30, seed=1)
    store = Store(tmp_path)
    autosave = Autosave(store, saved_game(game))
    assert autosave.on_disk is None

    class Session:  # what Autosave reads of a session: its game
        pass

    session = Session()
    session.game = game  # type: ignore[attr-defined]
    assert autosave.write(session)  # type: ignore[arg-type]
    kept = autosave.on_disk
    assert kept is not None
    monkeypatch.setattr(store, "save_game", lambda saved: False)  # the disk is full now
    assert not autosave.write(session)  # type: ignore[arg-type]
    text = saving.quit_detail(autosave.on_disk)
    assert f"as of round {kept.at_round} is saved" in text and "lost" not in text
    assert "lost" in saving.quit_detail(None)
