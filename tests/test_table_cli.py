"""`buyword solve` and `buyword sim` take --tiles FILE: words are priced with that tile set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buyword.cli import main

#: Every letter 4 pips: TEA is 12 pips, $144 (the bundled set says 3 pips, $9).
FOURS = "\n".join(
    ['name = "All fours"', "", "[wild]", "tiles = 9", "pips = 1", "", "[letters]"]
    + [f"{letter} = {{ tiles = 4, pips = 4 }}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
) + "\n"


@pytest.fixture
def fours(tmp_path: Path) -> Path:
    """A tile-set file where every letter shows 4 pips."""
    path = tmp_path / "fours.toml"
    path.write_text(FOURS)
    return path


@pytest.mark.slow
def test_solve_prices_words_with_the_tile_set(fours: Path, capsys, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("tea\nat\n")
    assert main(["solve", "TEA", "--dictionary", str(words), "--tiles", str(fours)]) == 0
    out = capsys.readouterr().out
    assert "$144" in out and "$9 " not in out
    assert main(["solve", "TEA", "--dictionary", str(words)]) == 0
    assert "$9" in capsys.readouterr().out


def test_a_bad_tile_set_is_refused_with_exit_status_2(tmp_path: Path, capsys) -> None:
    missing = str(tmp_path / "nope.toml")
    assert main(["solve", "TEA", "--tiles", missing]) == 2
    assert missing in capsys.readouterr().err
    assert main(["sim", "--games", "1", "--tiles", missing]) == 2
    assert missing in capsys.readouterr().err  # the same one line as `buyword --tiles`


@pytest.mark.slow
def test_sim_plays_with_the_tile_set(fours: Path, capsys) -> None:
    args = ["sim", "--players", "greedy", "--games", "1", "--seed", "3", "--json"]
    assert main([*args, "--tiles", str(fours)]) == 0
    fours_money = json.loads(capsys.readouterr().out)["tables"][0]["seats"][0]["mean"]
    assert main(args) == 0
    box_money = json.loads(capsys.readouterr().out)["tables"][0]["seats"][0]["mean"]
    assert fours_money != box_money
