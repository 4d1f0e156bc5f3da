"""`buyword serve`: the address checks, the warning, the missing extra, the page, a clean stop."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed "
                              "(pip install 'buyword[web]')")
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402 - needs aiohttp, above
from web_helpers import Served, alive, free_port  # noqa: E402

from buyword.cli import main  # noqa: E402
from buyword.web import EXTRA_MISSING, exposure_warning, is_loopback, serve_main  # noqa: E402


@pytest.mark.parametrize("host", ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1",
                                  "[::1]"])
def test_loopback_addresses_get_no_warning(host: str) -> None:
    assert is_loopback(host)
    assert exposure_warning(host, 8000) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "my-laptop",
                                  "example.org"])
def test_any_other_address_is_warned_about(host: str) -> None:
    assert not is_loopback(host)
    warning = exposure_warning(host, 8123)
    assert warning is not None
    assert "anyone who can reach port 8123 can play" in warning
    assert "no login" in warning and "127.0.0.1" in warning


def test_everywhere_is_said_in_words() -> None:
    assert "every network address of this computer" in (exposure_warning("0.0.0.0", 80) or "")


def _no_server(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Stand in for the real server: record where it was asked to listen, and return 0."""
    from buyword.web import server

    asked: list[tuple[str, int]] = []

    def run(self: server.GameServer) -> int:
        asked.append((self.host, self.port))
        return 0

    monkeypatch.setattr(server.GameServer, "run", run)
    return asked


def test_serving_everywhere_prints_the_warning_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    asked = _no_server(monkeypatch)
    assert main(["serve", "--host", "0.0.0.0", "--port", "8001"]) == 0
    assert asked == [("0.0.0.0", 8001)]
    assert "Warning: serving BuyWord on every network address" in capsys.readouterr().err


def test_the_default_is_loopback_port_8000_without_a_warning(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    asked = _no_server(monkeypatch)
    assert main(["serve"]) == 0
    assert asked == [("127.0.0.1", 8000)]
    assert "Warning" not in capsys.readouterr().err


@pytest.mark.parametrize("port", [0, -1, 65536])
def test_a_port_out_of_range_is_refused(port: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert serve_main("127.0.0.1", port) == 2
    err = capsys.readouterr().err
    assert f"--port {port} is not a port number" in err and "1 to 65535" in err


def test_without_the_web_extra_serve_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # None in sys.modules makes an import fail as if the package were not installed.
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.delitem(sys.modules, "buyword.web.server", raising=False)
    monkeypatch.delitem(sys.modules, "textual_serve.server", raising=False)
    monkeypatch.delitem(sys.modules, "textual_serve.app_service", raising=False)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == EXTRA_MISSING
    assert "pip install 'buyword[web]'" in err


async def test_the_page_links_back_to_the_address_the_browser_used() -> None:
    # Served on 0.0.0.0, a friend's browser reaches the server by this computer's address:
    # the page must send its websocket and files there, never to 0.0.0.0.
    from buyword.web.server import GameServer

    game_server = GameServer("0.0.0.0", 8000)
    async with TestClient(TestServer(await game_server._make_app())) as client:
        response = await client.get("/", headers={"Host": "192.168.1.20:8000"})
        page = await response.text()
    assert response.status == 200
    assert "<title>BuyWord</title>" in page
    assert 'data-session-websocket-url="ws://192.168.1.20:8000/ws"' in page
    assert "http://192.168.1.20:8000/static/js/textual.js" in page
    assert "0.0.0.0" not in page
    assert "googleapis" not in page  # the font is served from here: nothing fetched elsewhere


@pytest.mark.slow
def test_a_port_in_use_is_a_clear_message(tmp_path: Path) -> None:
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        result = subprocess.run(
            [sys.executable, "-m", "buyword", "serve", "--port", str(port)],
            capture_output=True, text=True, timeout=60,
            env={"BUYWORD_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        )
    assert result.returncode == 2
    assert f"port {port} is already in use" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


async def _open_tab(url: str, ready: bool = True
                    ) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse]:
    """What a browser tab does: open the websocket and (`ready`) wait for the first screen."""
    session = aiohttp.ClientSession()
    websocket = await session.ws_connect(url.replace("http", "ws") + "ws?width=100&height=30")
    if ready:
        message = await websocket.receive(timeout=30)
        assert message.type == aiohttp.WSMsgType.BINARY, message
    return session, websocket


#: How the server is stopped: the signal, sent to its process group (as a terminal does) or to
#: it alone, and whether the tabs' games have drawn their first screen by then.
STOPS = {
    "ctrl-c": (signal.SIGINT, True, True),
    "sigint-to-the-server-alone": (signal.SIGINT, False, True),
    "ctrl-c-as-a-tab-opens": (signal.SIGINT, True, False),
    "sigterm": (signal.SIGTERM, False, True),
    "terminal-closed": (signal.SIGHUP, True, True),
}


@pytest.mark.slow
@pytest.mark.parametrize("stop", STOPS)
async def test_a_stop_signal_ends_the_server_and_every_game(tmp_path: Path, stop: str) -> None:
    signum, group, ready = STOPS[stop]
    served = Served(tmp_path)
    tabs = []
    try:
        served.wait_until_serving()
        tabs = [await _open_tab(served.url, ready) for _ in range(2)]
        games = served.wait_for_games(2)
        served.interrupt(group=group, signum=signum)
        started = time.monotonic()
        # Promptly: a hung stop would fail here rather than hang the suite.
        status = await asyncio.to_thread(served.process.wait, 15)
        took = time.monotonic() - started
        assert status == 0, served.output()
        assert not any(alive(pid) for pid in games), served.output()
        # The tabs are told the session is over (the page then offers to restart).
        for _, websocket in tabs:
            message = await websocket.receive(timeout=5)
            while message.type == aiohttp.WSMsgType.BINARY:
                message = await websocket.receive(timeout=5)
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                    aiohttp.WSMsgType.CLOSING)
        output = served.output()
        assert "Traceback" not in output, output
        assert "BuyWord server stopped." in output
        print(f"stopped in {took:.2f} s")
    finally:
        for session, websocket in tabs:
            await websocket.close()
            await session.close()
        served.stop()


@pytest.mark.parametrize(("host", "url"), [
    ("127.0.0.1", "http://127.0.0.1:8000/"),
    ("0.0.0.0", "http://127.0.0.1:8000/"),
    ("::", "http://[::1]:8000/"),
    ("::1", "http://[::1]:8000/"),
    ("192.168.1.20", "http://192.168.1.20:8000/"),
])
def test_the_address_to_open_is_one_a_browser_can_use(host: str, url: str) -> None:
    from buyword.web.server import GameServer

    assert GameServer(host, 8000).url() == url


def test_the_announcement_says_where_to_play_and_how_to_stop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from buyword.web.server import GameServer

    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    GameServer("127.0.0.1", 8123)._announce()
    alone = capsys.readouterr().out
    assert "served at http://127.0.0.1:8123/" in alone
    assert f"saved in {tmp_path}" in alone and "Ctrl+C to stop" in alone
    assert "Others" not in alone
    GameServer("0.0.0.0", 8123)._announce()
    shared = capsys.readouterr().out
    assert "Others on your network open http://<this computer's address>:8123/" in shared
