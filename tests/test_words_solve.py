"""`buyword solve`: tables of the best words and the best sale; clear one-line errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from words_helpers import index_cache, share_index_cache

from buyword.words.solve import SolveOptions, solve_main


def test_solve_prints_the_best_words_and_the_best_sale(capsys):
    assert solve_main(SolveOptions("aeqtuz", wilds=1, cache_dir=index_cache())) == 0
    out = capsys.readouterr().out
    assert "AEQTUZ + 1 wild" in out and "115,435 words" in out
    assert "Best words" in out and "Best sale now" in out
    assert "QUETZAl" in out and "$169" in out
    assert "kept in hand: nothing; wilds used: 1" in out


def test_solve_with_a_word_list_file_and_min_length(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("quiz\ntea\neat\nat\n", encoding="utf-8")
    assert solve_main(SolveOptions("QUIZTEA", dictionary=str(words), min_length=3)) == 0
    out = capsys.readouterr().out
    assert "QUIZ" in out and "EAT" in out and "$109" in out
    assert " AT " not in out  # too short at min-length 3


def test_solve_says_when_nothing_can_be_sold(capsys):
    assert solve_main(SolveOptions("XQ", cache_dir=index_cache())) == 0
    assert "No word of 2+ letters" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("letters", "wilds", "dictionary", "min_length", "message"),
    [
        ("QU1Z", 0, None, 2, "letters A-Z"),
        ("", 0, None, 2, "letters A-Z"),
        ("QUIZ", -1, None, 2, "cannot be negative"),
        ("QUIZ", 0, None, 0, "--min-length 0"),
        ("Q" * 41, 0, None, 2, "too many"),
        ("QUIZ", 0, "/no/such/words.txt", 2, "does not exist"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys, letters, wilds, dictionary, min_length, message
):
    options = SolveOptions(letters, wilds=wilds, dictionary=dictionary, min_length=min_length)
    assert solve_main(options) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("buyword solve: ") and message in captured.err
    assert captured.err.count("\n") == 1


def test_a_binary_dictionary_is_refused_cleanly(tmp_path, capsys):
    blob = tmp_path / "words.bin"
    blob.write_bytes(b"\x00\x01\x02quiz\n")
    assert solve_main(SolveOptions("QUIZ", dictionary=str(blob))) == 2
    assert "binary" in capsys.readouterr().err


@pytest.mark.slow  # a real process
def test_the_command_line_runs_solve(tmp_path):
    env = {**os.environ, "BUYWORD_HOME": str(share_index_cache(tmp_path))}
    result = subprocess.run(
        [sys.executable, "-m", "buyword", "solve", "QUIZTEA", "--wilds", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "QUIZ" in result.stdout and "Best sale now" in result.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "buyword", "solve", "QU1Z"], capture_output=True, text=True,
        env=env,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_solve_keeps_the_word_index_in_the_cache_folder_and_reads_it_back(
        tmp_path, monkeypatch, capsys):
    from buyword.cli import main

    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))  # its own home: the cache starts empty
    words = tmp_path / "words.txt"
    words.write_text("tea\neat\nate\n")
    assert main(["solve", "TEA", "--dictionary", str(words)]) == 0
    [index] = (tmp_path / "cache").glob("words-*.index")
    first = capsys.readouterr().out
    built = index.stat().st_mtime_ns
    assert main(["solve", "TEA", "--dictionary", str(words)]) == 0
    assert capsys.readouterr().out == first and index.stat().st_mtime_ns == built  # read back
