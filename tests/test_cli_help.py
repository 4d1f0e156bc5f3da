"""The command line explains itself: every option of every `buyword` command has a help text,
and `buyword history` keeps each file name whole on an 80-column terminal."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from store_helpers import finished, saved_game

from buyword.cli import build_parser, main
from buyword.store import Store
from buyword.store.history import history_main


def _commands() -> dict[str, argparse.ArgumentParser]:
    """Every subcommand's parser, by name."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """A parser's options and arguments, except -h/--help (argparse's own)."""
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]


ROOT = Path(__file__).resolve().parent.parent
#: The README and the manual.
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_manual_describes_every_command() -> None:
    text = "\n".join(path.read_text(encoding="utf-8") for path in DOCUMENTS)
    missing = [name for name in _commands() if name != "play" and f"buyword {name}" not in text]
    assert not missing


@pytest.mark.parametrize("command", sorted(_commands()))
def test_help_names_every_option_of_a_command_with_a_text(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())  # argparse wraps help at the terminal
    for action in _options(_commands()[command]):
        assert action.help and action.help != argparse.SUPPRESS, (command, action.dest)
        shown_as = action.metavar or action.dest  # a positional shows its metavar
        name = action.option_strings[-1] if action.option_strings else shown_as
        text = " ".join(action.help.split()).replace("%%", "%")
        assert re.search(rf"{re.escape(name)}\b.*?{re.escape(text)}", shown), (command, name)


def test_the_main_command_names_every_option_with_a_text(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for action in _options(build_parser()):
        if isinstance(action, argparse._SubParsersAction):
            continue
        assert action.help, action.dest
        assert action.option_strings[-1] in shown


def test_history_keeps_every_file_name_whole_at_80_columns(tmp_path: Path) -> None:
    store = Store(tmp_path)
    long_names = ["Annabelle", "Bartholomew", "Catherine", "Dominique"]
    table = finished(players=4, seed=123456789, names=long_names)
    store.finish_game(saved_game(table, bots=(None, "expert", "medium", None)), table)
    solo = finished(seed=21)
    store.finish_game(saved_game(solo), solo)
    out = io.StringIO()
    assert history_main(store, Console(file=out, width=80)) == 0
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines)
    files = sorted(p.name for p in (tmp_path / "games").glob("*.json"))
    assert len(files) == 2
    for name in files:
        assert sum(name in line for line in lines) == 1, f"{name} is broken across lines"
    # The players and the result fold into the room left, but nothing is cut off.
    text = " ".join(out.getvalue().replace("│", " ").split())
    assert "seed 123456789" in text and "seed 21" in text
    for name in long_names:
        assert name in text
