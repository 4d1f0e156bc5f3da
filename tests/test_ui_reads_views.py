"""The table screens draw a `TableView` alone: no module of theirs reads the live game (an
attribute `game` of the session or of anything else), so what a seat may see is decided in one
place, the table session."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import buyword.ui

UI = Path(buyword.ui.__file__).parent
#: The table screen (one for local, joined and hosted tables), the app that opens it (and a
#: seat at a hosted table: `options.py`) and the helpers that draw it.
TABLE_SCREENS = ("screens/table.py", "app.py", "options.py", "screens/crossword.py", "status.py",
                 "widgets/unseen.py")


def game_reads(source: str) -> list[int]:
    """The lines of `source` that read an attribute named `game`."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and node.attr == "game"]


@pytest.mark.parametrize("name", TABLE_SCREENS)
def test_a_table_screen_reads_no_live_game(name: str) -> None:
    assert game_reads((UI / name).read_text(encoding="utf-8")) == []


def test_the_check_finds_a_read_of_the_game() -> None:
    assert game_reads("x = self.session.game.player(0)\n") == [1]
