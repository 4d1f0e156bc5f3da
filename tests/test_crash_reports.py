"""An error nobody foresaw: the game is saved, a crash report is written to the data folder,
and the person is told in one calm screen (or message) where it is and how to resume, in the
app, a served game, and on the command line; never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from ui_helpers import make_app, settle

from buyword import __version__
from buyword.store import Store, read_save
from buyword.store.setup import GameSetup
from buyword.table.autosave import Autosave
from buyword.ui.dialogs.crash import CrashScreen

SOLO = GameSetup(seed=12, bag="STARE" + "QUIZ")


class Deliberate(RuntimeError):
    """The failure the tests plant."""


def reports(home: Path) -> list[Path]:
    """The crash reports written in `home`."""
    return sorted((home / "crashes").glob("crash-*.txt"))


@pytest.mark.slow
async def test_an_unforeseen_error_saves_reports_and_says_so_calmly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(SOLO, store=Store(tmp_path))
    seen: dict[str, object] = {}
    # Pilot hands the error to the test when the app closes (so no test passes over one):
    # what the person saw is noted inside, and checked after.
    with pytest.raises(Deliberate):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for key in ("r", "5"):
                await pilot.press(key)
                await pilot.pause()
            seen["game"] = app.playing.game_id

            def failing_hook(self: Autosave, session: object, played: object = None) -> None:
                raise Deliberate("a hook that fails on purpose")

            monkeypatch.setattr(Autosave, "update", failing_hook)
            await pilot.press("b")  # buy: the move's autosave hook fails
            await settle(pilot)
            seen["screen"] = app.screen
            await pilot.press("enter")
            await pilot.pause()
    screen = seen["screen"]
    assert isinstance(screen, CrashScreen)
    [report] = reports(tmp_path)
    assert screen.message.startswith("Something went wrong that BuyWord did not expect")
    assert "choose Continue to resume it" in screen.message and str(report) in screen.message
    text = report.read_text()
    assert f"version: {__version__}" in text and "platform: " in text
    assert "Traceback" in text and "a hook that fails on purpose" in text
    assert str(seen["game"]) in text.split("the game's record")[1]  # the save, as JSON
    # Saved: Continue resumes it.
    assert read_save((tmp_path / "current.json").read_bytes()).game_id == seen["game"]
    assert app.return_code == 1



@pytest.mark.slow
@pytest.mark.parametrize("seat", ["host", "join"])
async def test_a_hosted_or_joined_table_that_fails_says_how_to_go_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seat: str) -> None:
    """The one app at a hosted table: the report keeps the game its server saved; at a joined
    seat it keeps nothing of this computer's, and says how to take the seat back."""
    from net_helpers import HOST, table
    from ui_helpers import on_top

    from buyword.net.remote import HostSeat, JoinedTable
    from buyword.net.server import TableServer
    from buyword.store.setup import Seat
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import HOST_CONTINUES, Opening
    from buyword.ui.screens.table import TableScreen

    (tmp_path / "current.json").write_text('{"a": "the game saved in this data folder"}')
    session = table(Seat("Ann"), Seat("Bob"), seed=28)
    seen: dict[str, object] = {}

    def failing_help(self: BuyWordApp, tab: str = "rules") -> None:
        raise Deliberate("a hook that fails on purpose")

    async with TableServer(session, reserved=frozenset({0})) as server:
        if seat == "host":
            opening = Opening.hosting(HostSeat(server, 0))
        else:
            opening = Opening.joining(await JoinedTable.join(HOST, server.port,
                                                             server.codes[1]))
        app = BuyWordApp(opening=opening, store=Store(tmp_path))
        with pytest.raises(Deliberate):
            async with app.run_test(size=(80, 24)) as pilot:
                await on_top(pilot, TableScreen)
                monkeypatch.setattr(BuyWordApp, "action_help", failing_help)
                await pilot.press("question_mark")  # the key map: its action fails
                seen["screen"] = await on_top(pilot, CrashScreen)
                await pilot.press("enter")
                await pilot.pause()
    screen = seen["screen"]
    assert isinstance(screen, CrashScreen)
    [report] = reports(tmp_path)
    text = report.read_text()
    assert f"where: buyword {seat}" in text and str(report) in screen.message
    if seat == "host":  # its server saved the game in the data folder after every move
        assert HOST_CONTINUES in screen.message and "saved in this data folder" in text
    else:  # the game is the host's: nothing of this computer's
        rejoin = f"buyword join {HOST}:{server.port} {opening.link.token}"
        assert f"Your seat stays yours: {rejoin} takes it back." in screen.message
        assert "saved in this data folder" not in text and "Continue" not in screen.message
    assert app.return_code == 1

def test_the_command_line_reports_an_unforeseen_error_without_a_traceback(
        tmp_path: Path) -> None:
    """A real process: `buyword solve`, its solver replaced by one that fails."""
    code = ("import sys, buyword.words.solve as solve\n"
            "def failing(*args, **kwargs):\n"
            "    raise RuntimeError('a hook that fails on purpose')\n"
            "solve.solve_main = failing\n"
            "from buyword.cli import main\n"
            "sys.exit(main(['solve', 'QUIZ']))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "BUYWORD_HOME": str(tmp_path)}, timeout=120)
    assert result.returncode == 70
    assert "Traceback" not in result.stderr + result.stdout
    [report] = reports(tmp_path)
    assert result.stderr.startswith("Something went wrong that BuyWord did not expect")
    assert str(report) in result.stderr
    assert "a hook that fails on purpose" in report.read_text()
    assert "where: buyword solve" in report.read_text()


def test_a_joined_seat_that_fails_keeps_no_local_game_and_says_how_to_rejoin(
        tmp_path: Path) -> None:
    """A real process: `buyword join`, its connection replaced by one that fails; this
    computer's own saved game is no part of the report."""
    (tmp_path / "current.json").write_text('{"a": "game of this computer\'s own"}')
    code = ("import sys\n"
            "from buyword.net.client import TableClient\n"
            "async def failing(*args, **kwargs):\n"
            "    raise RuntimeError('a hook that fails on purpose')\n"
            "TableClient.connect = failing\n"
            "from buyword.cli import main\n"
            "sys.exit(main(['join', '127.0.0.1:9', 'ABCDEF']))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "BUYWORD_HOME": str(tmp_path)}, timeout=120)
    assert result.returncode == 70 and "Traceback" not in result.stderr
    assert "Your seat stays yours at the table" in result.stderr
    assert "Continue" not in result.stderr
    [report] = reports(tmp_path)
    text = report.read_text()
    assert "where: buyword join" in text and "of this computer's own" not in text


#: Planted in a served game (and only there: the server has no web driver) through
#: `sitecustomize`: Stats on the title fails.
FAILING_STATS = """
import os
if os.environ.get("TEXTUAL_DRIVER"):
    from buyword.ui.screens import title

    chosen = title.TitleScreen.action_choose

    def failing(self, choice):
        if choice == "stats":
            raise RuntimeError("a hook that fails on purpose")
        return chosen(self, choice)

    title.TitleScreen.action_choose = failing
"""


def _plain(drawn: bytes) -> str:
    """A tab's screen as text, without the terminal's escape sequences."""
    import re

    return re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", drawn).decode("utf-8", "replace")


@pytest.mark.slow
async def test_a_served_game_that_fails_says_so_calmly_in_its_tab(tmp_path: Path) -> None:
    aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed")
    import asyncio

    from web_helpers import Served

    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(FAILING_STATS)
    path = os.pathsep.join([str(hooks), *filter(None, [os.environ.get("PYTHONPATH")])])
    served = Served(tmp_path / "home", env={"PYTHONPATH": path})
    try:
        served.wait_until_serving()
        async with aiohttp.ClientSession() as session, session.ws_connect(
                served.url.replace("http", "ws") + "ws?width=100&height=30") as tab:
            drawn = b""

            async def until_shown(words: str) -> None:
                nonlocal drawn
                async with asyncio.timeout(60):
                    while words not in _plain(drawn):
                        message = await tab.receive()
                        assert message.type == aiohttp.WSMsgType.BINARY, served.output()
                        drawn += message.data

            await until_shown("New solo game")
            await tab.send_json(["stdin", "r"])  # Stats: the planted failure
            await until_shown("BuyWord has to stop")
            await until_shown("report for the developers")
            await tab.send_json(["stdin", "\r"])  # Quit: the game ends, and so does the tab
            async with asyncio.timeout(60):
                while (message := await tab.receive()).type == aiohttp.WSMsgType.BINARY:
                    drawn += message.data
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        [report] = reports(tmp_path / "home")
        assert "a hook that fails on purpose" in report.read_text()
        assert "Traceback" not in _plain(drawn)
    finally:
        served.stop()


def test_a_host_that_fails_keeps_its_game_and_says_continue_serves_it(tmp_path: Path) -> None:
    """A real process: `buyword host --text`, failing just after its game's first save."""
    from web_helpers import free_port

    code = ("import sys\n"
            "import buyword.net.commands as commands\n"
            "def failing(*args, **kwargs):\n"
            "    raise RuntimeError('a hook that fails on purpose')\n"
            "commands.save_as_played = failing\n"
            "from buyword.cli import main\n"
            f"sys.exit(main(['host', '--text', '--port', '{free_port()}', '--people', "
            "'Ann,Bob']))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "BUYWORD_HOME": str(tmp_path)}, timeout=120)
    assert result.returncode == 70 and "Traceback" not in result.stderr
    assert "The game is saved: buyword host --continue serves it again." in result.stderr
    [report] = reports(tmp_path)
    saved = read_save((tmp_path / "current.json").read_bytes())
    text = report.read_text()
    assert "where: buyword host" in text and saved.game_id in text
