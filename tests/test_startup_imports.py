"""Start-up loads only what the title screen needs: the table, the computer players, the words
and the charts wait until a game or a screen asks for them, and the title paints with the
garbage collector paused (see benchmarks/bench_startup.py)."""

from __future__ import annotations

import ast
import gc
import importlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Modules the title screen does not need; importing any of them at start-up costs time.
NOT_AT_START = ("argparse",  # plain `buyword` has no arguments to parse
                "buyword.engine.game", "buyword.engine.actions", "buyword.engine.variants",
                "buyword.table.session", "buyword.analysis", "buyword.bots", "buyword.words",
                "buyword.words.lexicon",
                "buyword.ui.screens.table", "buyword.ui.screens.results",
                "buyword.ui.screens.stats",
                "textual_plotext", "plotext", "wordfreq",
                # the table's widgets (the title draws its tiles itself) and what they load:
                # the game log's RichLog (with rich.pretty and attrs), the check boxes
                "buyword.ui.widgets.rack", "buyword.ui.widgets.scoreboard",
                "buyword.ui.widgets.game_log", "buyword.ui.widgets.tick",
                "textual.widgets._rich_log", "rich.pretty", "attr",
                "textual.widgets._checkbox",
                # the crossword grid and the game's events (a record loads them to replay)
                "buyword.engine.crossword", "buyword.engine.events",
                # a record, hashing (old saves' ids, score keys, the daily seed): a first
                # start has no save or score to read, and starts no game
                "buyword.engine.record", "hashlib",
                # what a finished game and the history return; the palette; the table's footer
                "buyword.store.outcomes", "buyword.ui.palette", "buyword.ui.widgets.keys_footer",
                # the bundled tile set is read from its folder, not through importlib.resources
                "importlib.resources", "zipfile")

#: Loaded only once the title is on the screen, if at all: a second window's question.
NOT_BEFORE_THE_TITLE = (*NOT_AT_START, "buyword.ui.dialogs.elsewhere")

#: Runs `buyword` (its command line, its data folder) headless until the title has painted,
#: then prints what was loaded and whether the collector ran; again once the title has shown.
#: The data folder is empty (a first start): `NOT_AT_START` holds for it.
FIRST_PAINT = """
import gc, json, os, sys

from buyword import cli
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.title import TitleScreen


def report(app, moment):
    print(json.dumps({"moment": moment, "title": isinstance(app.screen, TitleScreen),
                      "collecting": gc.isenabled(), "modules": sorted(sys.modules)}), flush=True)


def on_ready(app):
    report(app, "painted")
    app.set_timer(0.3, lambda: (report(app, "shown"), os._exit(0)))


def run_headless(app, **options):
    return run(app, headless=True, size=(80, 24))


BuyWordApp.on_ready = on_ready
run, BuyWordApp.run = BuyWordApp.run, run_headless
cli.main([])
"""


def test_the_command_line_and_the_title_load_no_table_computers_words_or_charts() -> None:
    probe = ("import json, sys; import buyword.cli, buyword.ui.app, buyword.ui.screens.title; "
             "print(json.dumps(sorted(sys.modules)))")
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", probe], check=True,
                                           capture_output=True, text=True).stdout))
    assert "buyword.ui.screens.title" in loaded  # the probe ran
    assert loaded.isdisjoint(NOT_AT_START), sorted(loaded & set(NOT_AT_START))


@pytest.mark.slow  # a real `buyword` process, to its first frame and a moment after
def test_the_title_paints_without_them_and_with_the_collector_paused(tmp_path: Path) -> None:
    script = tmp_path / "first_paint.py"
    script.write_text(FIRST_PAINT)
    env = {**os.environ, "BUYWORD_HOME": str(tmp_path / "home")}
    shown = subprocess.run([sys.executable, str(script)], check=True, capture_output=True,
                           text=True, env=env, timeout=60).stdout.splitlines()
    painted, later = (json.loads(line) for line in shown)
    assert painted["moment"] == "painted" and painted["title"]
    loaded = set(painted["modules"])
    assert loaded.isdisjoint(NOT_BEFORE_THE_TITLE), sorted(loaded & set(NOT_BEFORE_THE_TITLE))
    assert not painted["collecting"]  # paused by the command line for start-up...
    assert later["moment"] == "shown" and later["collecting"]  # ...and on once it has shown


def test_the_command_line_turns_the_collector_back_on_when_the_app_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import buyword.ui.app as app_module
    from buyword.cli import main

    during: list[bool] = []
    monkeypatch.setattr(app_module, "run_app", lambda options: during.append(gc.isenabled()) or 3)
    assert gc.isenabled()
    assert main([]) == 3
    assert during == [False]  # paused while the app started...
    assert gc.isenabled()  # ...and on again after it, whatever the app did


def test_plain_buyword_starts_the_title_as_buyword_play_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import buyword.ui.app as app_module
    from buyword.cli import main
    from buyword.ui.options import PlayOptions

    started: list[PlayOptions] = []
    monkeypatch.setattr(app_module, "run_app", lambda options: started.append(options) or 0)
    assert main([]) == 0  # no arguments: no parser
    assert main(["play"]) == 0  # argparse's way
    assert started == [PlayOptions(), PlayOptions()]


def test_plain_buyword_still_refuses_a_home_that_is_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import buyword.ui.app as app_module
    from buyword.cli import USAGE_ERROR, main

    home = tmp_path / "not-a-folder"
    home.write_text("x")
    monkeypatch.setenv("BUYWORD_HOME", str(home))
    monkeypatch.setattr(app_module, "run_app", lambda options: pytest.fail("the app started"))
    assert main([]) == USAGE_ERROR
    assert "not a folder" in capsys.readouterr().err


def declared_homes(package: str) -> dict[str, str]:
    """Each name a lazy package declares (its TYPE_CHECKING imports), and the module it is
    declared to come from."""
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None
    homes: dict[str, str] = {}
    for node in ast.walk(ast.parse(Path(spec.origin).read_text())):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom) and imported.module
                homes |= dict.fromkeys((alias.name for alias in imported.names),
                                       imported.module)
    return homes


@pytest.mark.parametrize("package", ["buyword.engine", "buyword.store", "buyword.table"])
def test_a_lazy_package_offers_each_of_its_names_from_the_module_it_declares(
        package: str) -> None:
    # In a fresh interpreter, so that no module is loaded already by another test.
    probe = (f"import importlib, json, {package} as p; homes = json.loads(input()); "
             "print(json.dumps(sorted(name for name, home in homes.items() if getattr(p, name) "
             "is not getattr(importlib.import_module(home), name))), json.dumps(p.__all__), "
             "sep=chr(10))")
    homes = declared_homes(package)
    out = subprocess.run([sys.executable, "-c", probe], input=json.dumps(homes), check=True,
                         capture_output=True, text=True).stdout.split("\n")
    assert json.loads(out[0]) == []  # every name is the very object of its module
    assert sorted(json.loads(out[1])) == sorted(homes)  # and __all__ lists exactly those
    module = importlib.import_module(package)
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        module.Nothing  # noqa: B018 - a name the package does not have is an AttributeError


def test_opening_the_store_flushes_nothing_to_disk_and_leaves_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from buyword.store import Store

    flushed: list[int] = []
    monkeypatch.setattr(os, "fsync", flushed.append)
    store = Store(tmp_path / "home")
    assert store.warning is None  # the probe found the folder writable...
    assert flushed == []  # ...without a flush to disk (a write still flushes: test_store_files)
    assert list((tmp_path / "home").iterdir()) == []  # and took its file away


def test_the_score_book_works_out_no_key_when_it_is_empty(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import buyword.store.scores as scores
    from buyword.engine import Rules

    monkeypatch.setattr(scores, "rules_key", lambda rules: pytest.fail("a key was worked out"))
    assert scores.ScoreBook().stats(Rules()).games == 0


@pytest.mark.slow  # Pilot drives the app
async def test_the_title_is_the_first_screen_and_shows_continue_from_its_first_frame(
        tmp_path: Path) -> None:
    from store_helpers import new_game, saved_game
    from textual.widgets import OptionList

    from buyword.store import Store
    from buyword.ui.app import BuyWordApp
    from buyword.ui.screens.title import TitleScreen

    earlier = Store(tmp_path)
    earlier.save_game(saved_game(new_game()))
    earlier.release()  # that window has closed: its game is to continue, not to watch
    app = BuyWordApp(store=Store(tmp_path))
    async with app.run_test(size=(80, 24)):
        # No blank screen under the title; the menu was composed with Continue, not filled in
        # after the first frame.
        assert len(app.screen_stack) == 1 and isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.get_option_at_index(0).id == "continue"
        assert menu.highlighted == 0
