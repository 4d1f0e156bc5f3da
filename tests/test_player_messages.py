"""No player's message names a Python type: an unexpected failure is told in a player's words
("Cannot start the game — ValueError: …" was shown before)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from buyword.engine.wording import trouble

ROOT = Path(__file__).parent.parent / "buyword"


@pytest.mark.parametrize("error", [
    ValueError("unknown level 'godlike'"), KeyError("seat"), TypeError(""), MemoryError(),
    RecursionError("maximum recursion depth exceeded"), ModuleNotFoundError(name="ray"),
    OSError(28, "No space left on device"), RuntimeError("\x1b[2Jboom"),
])
def test_an_unexpected_failure_is_told_without_its_type_name(error: Exception) -> None:
    text = trouble(error)
    assert text and type(error).__name__ not in text and "Error" not in text
    assert "\x1b" not in text


@pytest.mark.slow  # reads every module's source
def test_no_message_is_built_from_a_type_name() -> None:
    """No f-string in the game puts `type(x).__name__` into text (a repr is no message)."""
    found = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for part in ast.walk(node):
                if isinstance(part, ast.Attribute) and part.attr == "__name__" and \
                        isinstance(part.value, ast.Call) and \
                        getattr(part.value.func, "id", "") == "type":
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    # A computer player's repr (for developers, in no player's message) is the one allowed.
    assert sorted(found) == ["bots/base.py:50"]
