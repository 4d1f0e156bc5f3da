"""The command line is read in one place (`buyword.cli.command_of`): each command's function is
given typed options, and no module below the command line sees argparse (no Pilot)."""

from __future__ import annotations

import ast
from dataclasses import is_dataclass, replace
from pathlib import Path

import pytest

import buyword.analysis.puzzles
import buyword.analysis.sim
import buyword.analysis.train
import buyword.net.commands
from buyword.analysis.puzzles import PuzzleOptions
from buyword.analysis.review_report import ReviewOptions
from buyword.analysis.sim import SimOptions
from buyword.analysis.train import Training
from buyword.cli import main
from buyword.net.commands import HostOptions, JoinOptions
from buyword.ui.options import PlayOptions, ReplayOptions
from buyword.web.serve import ServeOptions
from buyword.words.solve import SolveOptions

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


#: Each command, with the arguments it needs (and a few options).
EACH_COMMAND = {"play": ["--seed", "4", "play"], "learn": ["learn"], "solve": ["solve", "QUIZ"],
                "sim": ["sim"], "train": ["train"], "puzzles": ["puzzles", "rate-levels"],
                "host": ["host"], "join": ["join", "h:1", "C"], "history": ["history"],
                "serve": ["serve", "--port", "9"], "review": ["review", "g.json", "--json"],
                "replay": ["replay", "g.json"]}


def test_every_command_is_given_one_frozen_options_value(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each command's function is called with its typed options, never the parsed line."""
    from buyword import cli

    given: list[tuple[str, object]] = []
    for name, command in cli.COMMANDS.items():
        monkeypatch.setitem(cli.COMMANDS, name, cli.Command(
            command.options, lambda options, name=name: given.append((name, options)) or 0,
            command.home))
    assert set(EACH_COMMAND) == set(cli.COMMANDS)
    for argv in EACH_COMMAND.values():
        assert main(argv) == 0
    tiles = tmp_path / "fours.toml"
    tiles.write_text("[letters]\nT = { tiles = 9, pips = 4 }\nE = { tiles = 9, pips = 4 }\n"
                     "A = { tiles = 9, pips = 4 }\n[wild]\ntiles = 8\npips = 1\n")
    assert main(["--tiles", str(tiles), "solve", "TEA", "--wilds", "2"]) == 0
    options = dict(given[:-1])
    assert options.pop("history") is None
    for name, value in options.items():
        assert is_dataclass(value) and type(value).__dataclass_params__.frozen, name
    assert options["play"] == PlayOptions(seed=4) and options["learn"] == PlayOptions(learn=True)
    assert options["puzzles"] == PuzzleOptions(action="rate-levels")
    assert options["serve"] == ServeOptions(port=9)
    assert options["replay"] == ReplayOptions("g.json")
    assert options["review"] == ReviewOptions("g.json", json=True,
                                              cache_dir=options["review"].cache_dir)
    solve = given[-1][1]
    assert isinstance(solve, SolveOptions) and (solve.letters, solve.wilds) == ("TEA", 2)
    assert solve.tiles is not None and solve.tiles.pips["T"] == 4  # the file before `solve`


@pytest.mark.parametrize("command", sorted(EACH_COMMAND))
def test_every_command_has_help_and_refuses_an_unknown_option_in_one_line(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    from buyword import cli

    assert command in cli.COMMANDS
    with pytest.raises(SystemExit) as helped:
        main([command, "--help"])
    assert helped.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: buyword {command}") and "--help" in out
    with pytest.raises(SystemExit) as refused:
        main([*EACH_COMMAND[command], "--frobnicate"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--frobnicate" in err and "Traceback" not in err


def test_puzzles_with_no_action_plays_them(monkeypatch: pytest.MonkeyPatch) -> None:
    import buyword.ui.app

    given = _given(monkeypatch, buyword.ui.app, "run_app")
    assert main(["puzzles"]) == 0
    assert given == [PlayOptions(puzzles=True)]
    built = _given(monkeypatch, buyword.analysis.puzzles, "puzzles_main")
    assert main(["puzzles", "spread", "--keep", "20", "--out", "p.json"]) == 0
    assert built == [PuzzleOptions(action="spread", keep=20, out="p.json")]


def test_the_play_command_takes_the_options_of_playing_before_or_after_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`buyword play` is the default command: its options may follow it, as a newcomer types
    them, and an option before it is not undone by its absence after it."""
    import buyword.ui.app

    given = _given(monkeypatch, buyword.ui.app, "run_app")
    assert main(["play", "--seed", "42", "--solo"]) == 0
    assert main(["--seed", "7", "play", "--players", "Ann,Bob"]) == 0
    assert main(["--variant", "draft", "play"]) == 0
    assert [(o.seed, o.solo, o.players) for o in given[:2]] == \
        [(42, True, ()), (7, False, ("Ann", "Bob"))]
    assert given[2] == main_options(["--variant", "draft"], monkeypatch)


def main_options(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> object:
    """The options `buyword ARGV` (no command) gives the game."""
    import buyword.ui.app

    given = _given(monkeypatch, buyword.ui.app, "run_app")
    assert main(argv) == 0
    return given[0]
