"""`buyword serve`: the address checks, the warning, the missing extra, the page, a clean stop."""

from __future__ import annotations

import asyncio
import contextlib
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
from buyword.web import (  # noqa: E402
    EXTRA_MISSING,
    ServeOptions,
    exposure_warning,
    is_loopback,
    serve_main,
)


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
    assert "Anyone who can reach port 8123 and has the address with its token can play" in warning
    assert "127.0.0.1" in warning


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
    assert serve_main(ServeOptions(port=port)) == 2
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

    game_server = GameServer("0.0.0.0", 8000, token="sesame")
    async with TestClient(TestServer(await game_server._make_app())) as client:
        response = await client.get("/?token=sesame", headers={"Host": "192.168.1.20:8000"})
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
        message = await websocket.receive(timeout=60)
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
        status = await asyncio.to_thread(served.process.wait, 60)
        took = time.monotonic() - started
        assert status == 0, served.output()
        assert not any(alive(pid) for pid in games), served.output()
        # The tabs are told the session is over (the page then offers to restart).
        for _, websocket in tabs:
            message = await websocket.receive(timeout=60)
            while message.type == aiohttp.WSMsgType.BINARY:
                message = await websocket.receive(timeout=60)
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

    assert GameServer(host, 8000, token="sesame").url() == f"{url}?token=sesame"


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


# --- Who may reach the server: Host, Origin, token; sizes, the game limit, bad frames ---------

class _FakeGame:
    """Stands in for a tab's game process: records the sizes and keys the server passes on."""

    sizes: list[tuple[int, int]]
    keys: list[bytes]


@pytest.fixture
def fake_games(monkeypatch: pytest.MonkeyPatch) -> _FakeGame:
    """Tabs' games that start no process, so the websocket handling is tested on its own."""
    from buyword.web import server

    seen = _FakeGame()
    seen.sizes, seen.keys = [], []

    async def start(self: server.TabGame, width: int, height: int) -> None:
        seen.sizes.append((width, height))

    async def set_terminal_size(self: server.TabGame, width: int, height: int) -> None:
        seen.sizes.append((width, height))

    async def send_bytes(self: server.TabGame, data: bytes) -> bool:
        seen.keys.append(data)
        return True

    async def finish(self: server.TabGame, grace: float = 0.0) -> None:
        return None

    for name, method in [("start", start), ("set_terminal_size", set_terminal_size),
                         ("send_bytes", send_bytes), ("finish", finish)]:
        monkeypatch.setattr(server.TabGame, name, method)
    return seen


async def _client(host: str = "127.0.0.1", **options: object) -> TestClient:
    from buyword.web.server import GameServer

    return TestClient(TestServer(await GameServer(host, 8000, **options)._make_app()))


def _refusals(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == "buyword.web"]


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io", ""])
async def test_a_foreign_host_header_gets_403_and_one_log_line(
        host: str, caplog: pytest.LogCaptureFixture) -> None:
    # DNS rebinding: a name pointed at 127.0.0.1 by someone else must not reach the game.
    async with await _client() as client:
        for path in ("/", "/ws"):
            response = await client.get(path, headers={"Host": host})
            assert response.status == 403
            page = await response.text()
            assert "not allowed to open BuyWord" in page and "xterm" not in page
    assert len(_refusals(caplog)) == 2
    assert all("is not this server" in line for line in _refusals(caplog))


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST"])
async def test_loopback_host_names_get_the_page(host: str) -> None:
    async with await _client() as client:
        response = await client.get("/", headers={"Host": host})
        page = await response.text()
    assert response.status == 200
    assert "<title>BuyWord</title>" in page


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "http://127.0.0.1:9999",
                                    "http://localhost:8000", "file://", "http://[::1]:8000"])
async def test_another_origin_cannot_open_a_game(
        origin: str, fake_games: _FakeGame, caplog: pytest.LogCaptureFixture) -> None:
    async with await _client() as client:
        headers = {"Host": "127.0.0.1:8000", "Origin": origin}
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws", headers=headers)
        page = await client.get("/", headers=headers)
    assert refused.value.status == 403 and page.status == 403
    assert fake_games.sizes == []  # no game was started
    assert len(_refusals(caplog)) == 2 and "Origin" in _refusals(caplog)[0]


async def test_the_pages_own_origin_opens_a_game(fake_games: _FakeGame) -> None:
    async with await _client() as client:
        headers = {"Host": "127.0.0.1:8000", "Origin": "http://127.0.0.1:8000"}
        async with client.ws_connect("/ws", headers=headers) as websocket:
            await websocket.send_json(["ping", "hello"])
            assert await websocket.receive_json() == ["pong", "hello"]
    assert fake_games.sizes == [(80, 24)]


@pytest.mark.parametrize(("host", "origin", "allowed"), [
    ("games.example", "https://games.example", True),          # proxy keeps the Host
    ("127.0.0.1:8000", "https://games.example", True),          # proxy rewrites the Host
    ("games.example", "https://games.example:8443", False),     # another port there
    ("games.example", "https://evil.example", False),
    ("evil.example", "https://evil.example", False),            # not the name served
])
async def test_behind_an_https_proxy_the_public_origin_is_the_pages_own(
        host: str, origin: str, allowed: bool) -> None:
    async with await _client(public_url="https://games.example/") as client:
        response = await client.get("/", headers={"Host": host, "Origin": origin})
    assert (response.status == 200) is allowed


async def test_beyond_loopback_the_token_is_needed_then_kept_in_a_cookie(
        fake_games: _FakeGame) -> None:
    async with await _client("0.0.0.0", token="sesame") as client:
        refused = await client.get("/")
        assert refused.status == 403
        page = await refused.text()
        assert "needs its token" in page and "?token=" in page and "xterm" not in page
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await client.ws_connect("/ws")
        assert fake_games.sizes == []

        welcome = await client.get("/?token=sesame")
        assert welcome.status == 200
        cookie = welcome.headers["Set-Cookie"]
        assert "buyword-token=sesame" in cookie
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        # From now on the browser's cookie is enough, for the page and the game.
        assert (await client.get("/")).status == 200
        async with client.ws_connect("/ws") as websocket:
            await websocket.send_json(["ping", 1])
            assert await websocket.receive_json() == ["pong", 1]
    assert fake_games.sizes == [(80, 24)]


@pytest.mark.parametrize("given", ["wrong", "sesamé", "\udcff", "sesame" * 100, ""])
async def test_a_wrong_token_of_any_kind_is_refused_without_a_crash(given: str) -> None:
    async with await _client("192.168.1.20", token="sesame") as client:
        response = await client.get("/", params={"token": given},
                                    headers={"Host": "192.168.1.20:8000"})
        assert response.status == 403
        assert "needs its token" in await response.text()
        cookie = await client.get("/", headers={"Host": "192.168.1.20:8000",
                                                "Cookie": "buyword-token=s%C3%A9same"})
    assert cookie.status == 403


def test_a_token_is_made_and_printed_once_in_the_address_only_beyond_loopback(
        capsys: pytest.CaptureFixture[str]) -> None:
    from buyword.web.server import GameServer

    assert GameServer("127.0.0.1", 8000).guard.token is None
    assert "token" not in GameServer("127.0.0.1", 8000).url()
    exposed = GameServer("0.0.0.0", 8123)
    token = exposed.guard.token
    assert token and len(token) >= 24
    assert GameServer("0.0.0.0", 8123).guard.token != token  # a new one each start
    exposed._announce()
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:8123/?token={token}" in out
    assert GameServer("0.0.0.0", 8123, token="mine").url().endswith("/?token=mine")


@pytest.mark.parametrize(("query", "size"), [
    ("width=20000&height=20000", (400, 200)), ("width=-5&height=0", (1, 1)),
    ("width=120&height=40", (120, 40)), ("width=abc&height=1e9", (80, 24)),
])
async def test_the_terminal_size_is_clamped_at_connect(
        query: str, size: tuple[int, int], fake_games: _FakeGame) -> None:
    async with await _client() as client, client.ws_connect(f"/ws?{query}") as websocket:
        await websocket.send_json(["ping", 0])
        await websocket.receive_json()
    assert fake_games.sizes == [size]


async def test_a_resize_is_clamped(fake_games: _FakeGame) -> None:
    async with await _client() as client, client.ws_connect("/ws") as websocket:
        await websocket.send_json(["resize", {"width": 100000, "height": 100000}])
        await websocket.send_json(["resize", {"width": 100, "height": 30}])
        await websocket.send_json(["ping", 0])
        await websocket.receive_json()
    assert fake_games.sizes == [(80, 24), (400, 200), (100, 30)]


@pytest.mark.parametrize("frame", ["not json", "[1, 2]", '{"a": 1}', "[]", '["stdin", 5]',
                                   '["resize", {"width": "x", "height": 3}]', '["resize", 7]',
                                   '["launch", "rockets"]', "[" * 60000, '"\\ud800"'])
async def test_a_malformed_frame_is_dropped_and_the_game_goes_on(
        frame: str, fake_games: _FakeGame, caplog: pytest.LogCaptureFixture) -> None:
    async with await _client() as client, client.ws_connect("/ws") as websocket:
        await websocket.send_str(frame)
        await websocket.send_json(["stdin", "q"])
        await websocket.send_json(["ping", "still there?"])
        assert await websocket.receive_json() == ["pong", "still there?"]
    assert fake_games.keys == [b"q"]
    lines = _refusals(caplog)
    assert len(lines) == 1 and lines[0].startswith("Dropped a malformed message")
    assert "Traceback" not in caplog.text and not any(r.exc_info for r in caplog.records)


async def test_one_tab_more_than_max_games_is_told_the_table_is_full(
        fake_games: _FakeGame) -> None:
    async with await _client(max_games=2) as client:
        async with client.ws_connect("/ws") as first, client.ws_connect("/ws") as second:
            for websocket in (first, second):
                await websocket.send_json(["ping", 0])
                await websocket.receive_json()
            full = await client.get("/")
            assert full.status == 503
            assert "The table is full: 2 games" in await full.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect("/ws")
            assert refused.value.status == 503
        # A game ended: a place is free again.
        assert (await client.get("/")).status == 200
    assert len(fake_games.sizes) == 2


@pytest.mark.parametrize(("options", "said"), [
    (["--max-games", "0"], "--max-games 0 allows no game"),
    (["--token", ""], "--token must be printable text"),
])
def test_bad_serve_options_are_one_line(
        options: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *options]) == 2
    assert said in capsys.readouterr().err


def test_the_options_reach_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    from buyword.web import server

    made: list[server.GameServer] = []
    monkeypatch.setattr(server.GameServer, "run", lambda self: made.append(self) or 0)
    assert main(["serve", "--host", "0.0.0.0", "--token", "sesame", "--max-games", "3",
                 "--public-url", "https://games.example"]) == 0
    assert made[0].guard.token == "sesame" and made[0].max_games == 3
    assert made[0].guard.host_allowed("games.example")
    assert main(["serve"]) == 0
    assert made[1].max_games == 8 and made[1].guard.token is None


# --- A tab that floods its game: bounded, never holding the server or outliving it ---------

async def _until(holds, what: str, served: Served, timeout: float = 60.0) -> None:
    """Wait (without blocking the loop) until `holds()`; fail saying `what` did not happen."""
    deadline = time.monotonic() + timeout
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen:\n{served.output()}")
        await asyncio.sleep(0.05)


async def _closed(websocket: aiohttp.ClientWebSocketResponse) -> aiohttp.WSMessage:
    """Read the tab's screen until its connection closes; the closing message."""
    async with asyncio.timeout(60):
        message = await websocket.receive()
        while message.type == aiohttp.WSMsgType.BINARY:
            message = await websocket.receive()
    return message


@pytest.mark.slow
async def test_an_oversized_message_closes_its_tab_and_frees_its_place_at_once(
        tmp_path: Path) -> None:
    served = Served(tmp_path, args=("--max-games", "1"))
    tabs = []
    try:
        served.wait_until_serving()
        tabs.append(await _open_tab(served.url))
        (game,) = served.wait_for_games(1)
        _, flooding = tabs[0]
        for _ in range(8):  # 8 MB of keys: the first megabyte closes the tab
            with contextlib.suppress(ConnectionError):
                await flooding.send_json(["stdin", "x" * 2**20])
        closing = await _closed(flooding)
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), closing
        await _until(lambda: not alive(game), "the flooded game's end", served)
        # The only place is free again: the next tab gets a game.
        tabs.append(await _open_tab(served.url))
        served.wait_for_games(1)
        served.interrupt(group=True)
        assert await asyncio.to_thread(served.process.wait, 60) == 0
        assert "Traceback" not in served.output()
    finally:
        for session, websocket in tabs:
            await websocket.close()
            await session.close()
        served.stop()


@pytest.mark.slow
async def test_keys_beyond_a_tabs_budget_are_dropped_and_the_stop_stays_prompt(
        tmp_path: Path) -> None:
    served = Served(tmp_path)
    tabs = []
    try:
        served.wait_until_serving()
        tabs.append(await _open_tab(served.url))
        (game,) = served.wait_for_games(1)
        _, flooding = tabs[0]
        for _ in range(64):  # 64 messages of 60,000 keys each, every one under the size cap
            await flooding.send_json(["stdin", "x" * 60_000])
        async with asyncio.timeout(60):  # the server still answers the tab (once its budget
            answer = None                 # has room for a ping again)
            while answer is None:
                await flooding.send_json(["ping", "still there?"])
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(1):
                        while (message := await flooding.receive()).type != aiohttp.WSMsgType.TEXT:
                            assert message.type == aiohttp.WSMsgType.BINARY, message
                        answer = message.json()
        assert answer == ["pong", "still there?"]
        assert served.output().count("some of its keys were dropped") == 1
        served.interrupt(group=True)
        assert await asyncio.to_thread(served.process.wait, 60) == 0, served.output()
        assert not alive(game)
    finally:
        for session, websocket in tabs:
            await websocket.close()
            await session.close()
        served.stop()


@pytest.mark.slow
async def test_no_game_outlives_a_killed_server(tmp_path: Path) -> None:
    served = Served(tmp_path)
    tabs = []
    try:
        served.wait_until_serving()
        tabs.append(await _open_tab(served.url))
        (game,) = served.wait_for_games(1)
        served.process.kill()  # SIGKILL: the server cannot close anything itself
        served.process.wait()
        await _until(lambda: not alive(game), "the game's end with its server", served)
    finally:
        for session, websocket in tabs:
            await websocket.close()
            await session.close()
        served.stop()
