"""`buyword history` and `buyword review` show a record's player names as the table screens
do: control characters as symbols (an ESC[2J in a name cannot clear the terminal) and
markup-looking brackets as text."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from engine_helpers import WORDS, play
from rich.console import Console

from buyword.cli import main
from buyword.engine import Game
from buyword.store import SavedGame
from buyword.store.history import games_table
from buyword.store.outcomes import PastGame
from buyword.store.saves import save_from
from buyword.store.setup import table_name

HOSTILE = ["\x1b[2JEve", "[red]Bob"]


def _saved() -> SavedGame:
    """A record whose first name holds an ESC (a file written by hand or by another program:
    the game itself never seats such a name)."""
    game = play(Game.new(["Eve", HOSTILE[1]], dictionary=WORDS, seed=1), "roll 4", "buy", "buy")
    text = SavedGame.of(game).to_json().replace('"Eve"', '"\\u001b[2JEve"')
    return save_from(json.loads(text))


def test_history_shows_control_characters_as_symbols_and_markup_as_text() -> None:
    out = io.StringIO()
    Console(file=out, width=300, force_terminal=True).print(
        games_table([PastGame("game.json", None, _saved())]))
    text = out.getvalue()
    assert "\x1b[2J" not in text
    assert "␛[2JEve" in text and "[red]Bob" in text


def test_review_names_the_seats_with_control_characters_as_symbols(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path / "home"))
    path = tmp_path / "game.json"
    path.write_text(_saved().to_json())
    assert "\\u001b[2JEve" in path.read_text()
    assert main(["review", str(path), "--seat", "9"]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and f"({table_name(HOSTILE[0])}, [red]Bob)" in err
