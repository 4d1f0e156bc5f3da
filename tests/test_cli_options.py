"""The command line is read in one place (`buyword.cli.command_of`): each command's function is
given typed options, and no module below the command line sees argparse (no Pilot)."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

import buyword.analysis.sim
import buyword.analysis.train
import buyword.net.commands
from buyword.analysis.sim import SimOptions
from buyword.analysis.train import Training
from buyword.cli import main
from buyword.net.commands import HostOptions, JoinOptions

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path / "home"))


def _given(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[object]:
    """What `module.name` (a command's function) is called with, instead of running it."""
    calls: list[object] = []
    monkeypatch.setattr(module, name, lambda options, *_: calls.append(options) or 0)
    return calls


def test_sim_is_given_its_options_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    given = _given(monkeypatch, buyword.analysis.sim, "sim_main")
    assert main(["sim", "--players", "expert,hard", "--players", "master", "--games", "3",
                 "--rollouts", "8", "--variant", "draft", "--jobs", "2", "--json"]) == 0
    [options] = given
    assert isinstance(options, SimOptions)
    assert options == replace(SimOptions(players=("expert,hard", "master"), games=3,
                                         rollouts=8, variant="draft", jobs=2, json=True),
                              cache_dir=options.cache_dir)


def test_a_tile_set_named_before_sim_is_its_tile_set(monkeypatch: pytest.MonkeyPatch) -> None:
    given = _given(monkeypatch, buyword.analysis.sim, "sim_main")
    tiles = str(ROOT / "data" / "tiles.toml")
    assert main(["--tiles", tiles, "sim", "--games", "1"]) == 0
    assert [options.tiles for options in given] == [tiles]  # type: ignore[attr-defined]


def test_train_is_given_its_training(monkeypatch: pytest.MonkeyPatch) -> None:
    given = _given(monkeypatch, buyword.analysis.train, "train_main")
    assert main(["train", "--games", "5", "--targets", "rollouts", "--out", "t.json"]) == 0
    [training] = given
    assert isinstance(training, Training)
    assert (training.games, training.targets, training.out, training.iterations) == \
        (5, "rollouts", "t.json", 3)


def test_host_and_join_are_given_their_options(monkeypatch: pytest.MonkeyPatch) -> None:
    hosted = _given(monkeypatch, buyword.net.commands, "host_main")
    joined = _given(monkeypatch, buyword.net.commands, "join_main")
    assert main(["host", "--people", "Ann", "--computers", "easy", "--continue", "--port",
                 "9000", "--hand-over-after", "30", "--text"]) == 0
    assert main(["join", "127.0.0.1:9000", "ABCD", "--text"]) == 0
    assert hosted == [HostOptions(people="Ann", computers="easy", resume=True, port=9000,
                                  hand_over_after=30.0, text=True)]
    assert joined == [JoinOptions(address="127.0.0.1:9000", code="ABCD", text=True)]


def test_options_that_cannot_be_used_are_refused_before_the_command_runs(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    given = _given(monkeypatch, buyword.analysis.sim, "sim_main")
    assert main(["sim", "--tiles", "/nonexistent/tiles.toml"]) == 2
    assert given == []
    assert capsys.readouterr().err.count("\n") == 1


def test_no_module_below_the_command_line_reads_argparse() -> None:
    readers = []
    for path in (ROOT / "buyword").rglob("*.py"):
        if path.name == "cli.py" and path.parent.name == "buyword":
            continue
        text = path.read_text(encoding="utf-8")
        if "argparse" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if "argparse" in names:
                readers.append(str(path.relative_to(ROOT)))
    assert readers == []
