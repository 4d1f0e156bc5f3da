"""Every command-line refusal is one line on stderr naming the file or value, and exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input
from ui_helpers import make_app, settle

from buyword.cli import main
from buyword.engine import Game, GameRecord
from buyword.store.records import record_data
from buyword.ui.app import run_replay
from buyword.ui.options import ReplayOptions
from buyword.words.lexicon import Lexicon

FEW_WILDS = "[letters]\nA = { tiles = 20, pips = 1 }\nE = { tiles = 20, pips = 1 }\n" \
            "[wild]\ntiles = 4\npips = 1\n"


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run the command line, expecting a refusal; its one line on stderr."""
    with pytest.raises(SystemExit) as exited:
        code = main(argv)
        raise SystemExit(code)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    "argv,words",
    [(["--seed", "x"], "--seed: invalid int value: 'x'"),
     (["solve", "QUIZ", "--wilds", "many"], "--wilds: invalid int value"),
     (["--frobnicate"], "unrecognized arguments: --frobnicate"),
     (["--players", "Ann"], "a table needs 2 to 4 names"),
     (["--players", "Ann,Bob,Cy,Di,Ed"], "a table needs 2 to 4 names"),
     (["--players", "Ann,ann"], "'ann' is named twice"),
     (["--players", "Ann,Bob,Ann "], "'Ann' is named twice")],
)
def test_bad_values_are_one_line_and_exit_2(capsys, argv: list[str], words: str) -> None:
    assert words in refused(capsys, argv)


def test_a_tile_set_without_wilds_for_the_table_is_refused_at_the_command_line(
    tmp_path: Path, capsys
) -> None:
    tiles = tmp_path / "few.toml"
    tiles.write_text(FEW_WILDS)
    err = refused(capsys, ["--players", "Ann,Bob,Cy", "--tiles", str(tiles)])
    assert f"--tiles {str(tiles)!r}: the tile set 'custom' has 4 wild tiles; 3 players need 9 " \
           "(3 each)" in err
    err = refused(capsys, ["--solo", "--tiles", str(tiles)])
    assert "a solo game needs 8" in err


def test_a_billion_tile_set_is_refused_at_the_command_line(tmp_path: Path, capsys) -> None:
    tiles = tmp_path / "huge.toml"
    tiles.write_text("[letters]\nE = { tiles = 1000000000, pips = 1 }\n")
    err = refused(capsys, ["--solo", "--tiles", str(tiles)])
    assert str(tiles) in err and "at most 1,000" in err


def test_buyword_home_naming_a_file_is_refused_in_words(tmp_path: Path, capsys,
                                                        monkeypatch) -> None:
    home = tmp_path / "not-a-folder"
    home.write_text("x")
    monkeypatch.setenv("BUYWORD_HOME", str(home))
    err = refused(capsys, ["history"])
    assert str(home) in err and "not a folder" in err and "File exists" not in err


def test_replay_refusals_name_the_file_and_exit_2(tmp_path: Path, capsys,
                                                  monkeypatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path / "home"))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    for path in (tmp_path / "missing.json", bad, tmp_path):
        assert run_replay(ReplayOptions(str(path))) == 2
        err = capsys.readouterr().err
        assert err.startswith("buyword replay: ") and err.count("\n") == 1
        assert f"{str(path)[:40]}" in err  # named (a long path may be shortened in the middle)


def test_replay_of_a_challenge_of_thousands_of_digits_exits_2(tmp_path: Path, capsys,
                                                              monkeypatch) -> None:
    """The parser raised a bare ValueError (Python's limit on long numbers) here."""
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path / "home"))
    game = Game.new(["Ann"], dictionary=Lexicon(["tea"]), seed=1)
    data = record_data(GameRecord.of(game))
    data["actions"] = ["challenge " + "9" * 5000]
    path = tmp_path / "digits.json"
    path.write_text(json.dumps(data))
    assert run_replay(ReplayOptions(str(path))) == 2
    err = capsys.readouterr().err
    assert "action 1" in err and "numbered from 1" in err and len(err) < 400


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_replay_of_a_named_pipe_exits_2_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    result = subprocess.run(
        [sys.executable, "-m", "buyword", "replay", str(pipe)], capture_output=True, text=True,
        timeout=60, env={**os.environ, "BUYWORD_HOME": str(tmp_path / "home")},
    )
    assert result.returncode == 2
    assert "named pipe" in result.stderr and str(pipe) in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.slow
async def test_the_form_refuses_twice_named_seats_and_a_tile_set_too_small(
    tmp_path: Path,
) -> None:
    tiles = tmp_path / "few.toml"
    tiles.write_text(FEW_WILDS)
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        await pilot.press("t")  # a new table game
        await settle(pilot)
        form = app.screen
        form.query_one("#name-1", Input).value = "ANN"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        error = str(form.query_one("#form-error").render())
        assert "is named twice; give each seat its own name" in error
        form.query_one("#name-1", Input).value = "Bob"
        form.query_one("#tiles", Input).value = str(tiles)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        error = str(form.query_one("#form-error").render())
        assert f"tile set {str(tiles)!r}: the tile set 'custom' has 4 wild tiles; " \
               "2 players need 8 (4 each)" in error


@pytest.mark.slow
async def test_an_unknown_theme_in_the_settings_is_reported_on_the_title() -> None:
    from buyword.store.settings import Settings

    app = make_app(settings=Settings(animations=False, bot_speed="instant", theme="[no-such]"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        notice = str(app.screen.query_one("#notice").render())
        assert "there are no colours '[no-such]'; using 'textual-dark'" in notice


def test_sim_refuses_a_tile_set_without_wilds_as_solo_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`sim --tiles` and `--solo --tiles` share one check and one sentence."""
    from buyword.cli import main as run

    text = (Path(__file__).parent.parent / "data" / "tiles.toml").read_text()
    bare = tmp_path / "bare.toml"
    bare.write_text(text.replace("tiles = 9", "tiles = 0", 1))
    assert run(["--solo", "--tiles", str(bare)]) == 2
    solo = capsys.readouterr().err
    assert run(["sim", "--games", "1", "--tiles", str(bare)]) == 2
    sim = capsys.readouterr().err
    assert sim == solo and sim.count("\n") == 1 and "Traceback" not in sim
