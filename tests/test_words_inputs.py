"""Hostile input to the words layer: word-list files that are not files or are far too big,
`buyword solve` asked for more wilds than exist, and a sale search that must stop."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from buyword.words import lexicon as lexicon_module
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon, LexiconError
from buyword.words.planner import plan_sale
from buyword.words.solve import SolveOptions, solve_main


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_as_word_list_is_refused_without_waiting(tmp_path: Path) -> None:
    pipe = tmp_path / "words.txt"
    os.mkfifo(pipe)
    with pytest.raises(LexiconError, match="named pipe") as error:
        Lexicon.from_file(pipe)
    assert str(pipe) in str(error.value)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_as_word_list_is_refused() -> None:
    with pytest.raises(LexiconError, match="a device, not a regular file"):
        Lexicon.from_file("/dev/zero")


def test_a_word_list_over_the_size_limit_is_refused_with_the_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(lexicon_module, "MAX_FILE_BYTES", 1_000)
    path = tmp_path / "big.txt"
    path.write_text("word\n" * 300)
    with pytest.raises(LexiconError, match="larger than 1 kB, the limit"):
        Lexicon.from_file(path)


def test_a_word_list_over_the_word_limit_is_refused_with_the_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(lexicon_module, "MAX_WORDS", 100)
    path = tmp_path / "many.txt"
    path.write_text("".join(f"w{chr(97 + i // 26)}{chr(97 + i % 26)}\n" for i in range(101)))
    with pytest.raises(LexiconError, match="more than 100 words"):
        Lexicon.from_file(path)
    path.write_text("".join(f"w{chr(97 + i // 26)}{chr(97 + i % 26)}\n" for i in range(100)))
    assert len(Lexicon.from_file(path)) == 100


def test_solve_refuses_more_wilds_than_the_tile_set_holds(capsys) -> None:
    """`--wilds 100` used to run for ever; the box holds 9 wild tiles."""
    assert solve_main(SolveOptions("QUIZ", wilds=100)) == 2
    err = capsys.readouterr().err
    assert err == "buyword solve: --wilds 100: the tile set holds only 9 wild tiles\n"


def test_solve_refuses_a_hand_longer_than_any_game_position(capsys) -> None:
    assert solve_main(SolveOptions("E" * 17)) == 2
    assert "17 letters is too many; at most 16" in capsys.readouterr().err


def test_solve_shows_a_word_list_name_with_markup_as_text(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "500")
    (tmp_path / "[").mkdir()
    path = tmp_path / "[" / "bold]Eve [red]x.txt"  # its name holds "[/bold]Eve [red]x"
    path.write_text("quiz\ntea\n")
    assert solve_main(SolveOptions("QUIZ", dictionary=str(path))) == 0
    assert f"{path} (2 words)" in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
@pytest.mark.slow
def test_solve_with_a_pipe_as_dictionary_exits_2_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "words"
    os.mkfifo(pipe)
    result = subprocess.run(
        [sys.executable, "-m", "buyword", "solve", "QUIZ", "--dictionary", str(pipe)],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and str(pipe) in result.stderr


def test_the_sale_search_stops_at_its_budget_with_a_valid_plan() -> None:
    words = ["quiz", "tea", "eat", "ate", "at", "rate", "tear", "star", "rats", "arts", "sat",
             "rest", "stare", "tears", "treat", "state", "taste", "ear", "era", "are"]
    finder = WordFinder(Lexicon(words))
    hand = "QUIZTEATEARATESTAR"
    exact = plan_sale(finder, hand, 2)
    assert exact.exact
    cut = plan_sale(finder, hand, 2, budget=3)
    assert not cut.exact
    assert cut.total <= exact.total
    sold = "".join(c.letters for c in cut.words) + cut.leftover
    assert sorted(sold) == sorted(hand)  # whatever it chose, it sells only tiles held
    assert cut.wilds_used <= 2
