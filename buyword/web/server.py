"""The web server: textual-serve, running the full game (`python -m buyword`) for each tab.

Each browser tab opens a websocket; the server starts one game process for it and relays the
terminal both ways. On Ctrl+C (SIGINT) or SIGTERM the server stops taking connections, asks
every game to quit (a game is saved after every move, so nothing is lost), kills any game that
has not gone within a few seconds, and exits with status 0 leaving no process behind. A hang-up
(the terminal closing) stops it the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import shlex
import signal
import sys
import time
from asyncio.subprocess import PIPE, Process
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from buyword.store import locate
from buyword.web.address import EVERYWHERE, exposure_warning
from buyword.web.guard import TOKEN_COOKIE, Guard, clamp_size
from buyword.web.tether import SERVER_VARIABLE

log = logging.getLogger("buyword.web")

#: What each tab runs: this Python's installed game, no shell in between. `-P` keeps the
#: folder the server was started in off the game's import path: started from a clone of the
#: project, its `buyword/` source folder would otherwise hide the installed package.
GAME_COMMAND: tuple[str, ...] = (sys.executable, "-P", "-m", "buyword")

#: Our page: textual-serve's, with a title and the terminal font served from here.
TEMPLATES = Path(__file__).resolve().with_name("templates")

#: Seconds a game gets to quit when asked, before it is killed.
QUIT_GRACE = 2.5

#: The largest message a tab may send (bytes). A key press or a paste is far smaller; a bigger
#: one closes the tab's connection (websocket close 1009), which ends its game.
MAX_MESSAGE = 64 * 1024
#: What a tab may send in a burst (bytes; each message counts at least `MESSAGE_COST`), and
#: how much more each second: far more than anyone types, pastes or moves a mouse. Beyond
#: it the tab's messages are dropped, with one line in the server's terminal.
TAB_BURST = MAX_MESSAGE
TAB_PER_SECOND = 4 * 1024
MESSAGE_COST = 64
#: Bytes of keys waiting for a game to read them, beyond which a tab's keys are dropped: the
#: server never waits for a game to read its input.
BACKLOG = 64 * 1024
#: Seconds the whole stop may take, whatever the tabs and games do; then what is left is killed.
STOP_WITHIN = 4.5

#: Written on a tab whose game stopped without being asked to (it failed to start, or died).
STOPPED_LINE = (b"\r\n\r\n  BuyWord stopped unexpectedly; the server's terminal says why. "
                b"Reload the page to play again.\r\n")

#: Games played at once unless `--max-games` says otherwise (each is a ~50 MB process).
DEFAULT_MAX_GAMES = 8

#: The pages shown instead of the game: no app, just what to do.
_PAGE = ("<!doctype html><html><head><meta charset='utf-8'><title>BuyWord</title></head>"
         "<body style='font-family:sans-serif;max-width:40em;margin:3em auto'>"
         "<h1>BuyWord</h1><p>{}</p></body></html>")
REFUSED_PAGE = _PAGE.format(
    "This page is not allowed to open BuyWord. Open the address the BuyWord server printed "
    "when it started, in the browser's address bar.")
TOKEN_PAGE = _PAGE.format(
    "This BuyWord server needs its token. Open the address it printed when it started (it "
    "ends in <code>?token=…</code>), or ask whoever started it for that address. The browser "
    "remembers the token after the first visit.")
FULL_PAGE = _PAGE.format(
    "The table is full: {} being played on this server. Close another tab, or try "
    "again when a game ends.")

#: Seconds aiohttp waits for open connections after the games are closed, and a tab gets
#: to answer its websocket's close.
SHUTDOWN_TIMEOUT = 1.0


@dataclass
class _Budget:
    """A token bucket of bytes: what a tab may still send now, refilled each second."""

    burst: float
    per_second: float
    left: float = 0.0
    last: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.left = self.burst

    def take(self, cost: float) -> bool:
        """Spend `cost` if there is that much left; False (and nothing spent) if not."""
        now = time.monotonic()
        self.left = min(self.burst, self.left + (now - self.last) * self.per_second)
        self.last = now
        if cost > self.left:
            return False
        self.left -= cost
        return True


class TabGame(AppService):
    """One browser tab's game: its own `python -m buyword` process.

    The server never waits for a game: keys are written to its input without waiting for it
    to read them (and dropped once too many wait), and a game that does not quit when asked
    is killed. The game is tied to the server (`buyword.web.tether`): it dies with it.
    """

    #: Set once the game has been asked to quit (or was killed): its end is no surprise.
    finishing = False
    #: Set once the game said it is exiting (the tab is then closed by textual-serve).
    exited = False
    #: Set while a tab's keys are being dropped: the log says so once, not for every key.
    dropping = False

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """Start the game directly (textual-serve would go through a shell).

        The game gets a session of its own, so a Ctrl+C or hang-up in the server's terminal
        reaches only the server, which then closes every game in order: a game still starting
        up would otherwise die of the signal half-way through its imports. It is told the
        server's process id, and ends when the server does.
        """
        environment = self._build_environment(width=width, height=height)
        environment[SERVER_VARIABLE] = str(os.getpid())
        self._process = process = await asyncio.create_subprocess_exec(
            *GAME_COMMAND,
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
            env=environment,
            start_new_session=True,
        )
        self._stdin = process.stdin
        return process

    async def send_bytes(self, data: bytes) -> bool:
        """Pass a tab's keys on, without waiting for the game; False when they were dropped
        because the game has too many keys still to read."""
        if self._backlog() + len(data) > BACKLOG:
            self.dropped("its game is busy")
            return False
        self.dropping = False
        return self._write(b"D", data)

    async def send_meta(self, data: dict[str, str | None | int | bool]) -> bool:
        """Pass a message (a resize, quit) on, without waiting for the game to read it."""
        return self._write(b"M", json.dumps(data).encode("utf-8"))

    def _write(self, kind: Literal[b"D", b"M"], payload: bytes) -> bool:
        stdin = self._stdin
        if stdin is None or stdin.is_closing():
            return False
        try:
            stdin.write(self.encode_packet(kind, payload))
        except (RuntimeError, ConnectionError):
            return False
        return True

    def _backlog(self) -> int:
        """Bytes written to the game's input that it has not read yet (beyond the pipe's)."""
        stdin = self._stdin
        return 0 if stdin is None else stdin.transport.get_write_buffer_size()

    def dropped(self, why: str) -> None:
        """A tab's message was dropped: say so in the log, once for a run of them."""
        if not self.dropping:
            pid = self._process.pid if self._process is not None else "?"
            log.warning("A tab sent more than its game can take (process %s: %s); "
                        "some of its keys were dropped.", pid, why)
        self.dropping = True

    async def on_meta(self, data: bytes) -> None:
        """The game's messages; its exit is noted (it quit as asked, or by a person's Quit)."""
        with contextlib.suppress(ValueError, AttributeError):
            if json.loads(data).get("type") == "exit":
                self.exited = True
        await super().on_meta(data)

    async def run(self) -> None:
        """Relay the game's screen to the tab until the game ends. A game that ended by
        itself, unasked (it failed to start, or died), closes its tab with a line saying so:
        a tab must never sit on a screen that no longer answers."""
        await super().run()
        if not (self.finishing or self.exited):
            with contextlib.suppress(Exception):
                await self.remote_write_bytes(STOPPED_LINE)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.remote_close(), SHUTDOWN_TIMEOUT)

    async def finish(self, grace: float = QUIT_GRACE) -> None:
        """Ask the game to quit, kill it if it is still there after `grace` seconds, and reap
        it; then close the tab. Never takes much longer than `grace`, whatever the game does."""
        self.finishing = True
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        process = self._process
        if process is not None and process.returncode is None:
            await self.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(process.wait(), grace)
            except TimeoutError:
                log.warning("A game (process %d) did not quit within %g s of being asked; "
                            "stopped it.", process.pid, grace)
                await self.kill()
        if self._task is not None:
            task, self._task = self._task, None
            # The screen's last bytes reach the tab, unless the tab stopped reading them.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(task, SHUTDOWN_TIMEOUT)
        # A game that quits tells the tab itself; one that was killed cannot.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.remote_close(), SHUTDOWN_TIMEOUT)

    async def kill(self) -> None:
        """The last resort: end the game's process now, if it is still running."""
        self.finishing = True
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


class GameServer(Server):
    """textual-serve's server, serving BuyWord: one game per tab, and a clean stop."""

    def __init__(self, host: str, port: int, *, token: str | None = None,
                 max_games: int = DEFAULT_MAX_GAMES, public_url: str | None = None) -> None:
        super().__init__(
            shlex.join(GAME_COMMAND), host=host, port=port, title="BuyWord",
            templates_path=TEMPLATES,
        )
        #: The games being played now, one per open tab.
        self.games: set[TabGame] = set()
        #: Which Host names and Origins are answered, and the token (needed beyond loopback).
        self.guard = Guard(host, public_url=public_url, token=token)
        #: How many games may be played at once; one more tab is told the table is full.
        self.max_games = max_games

    def url(self) -> str:
        """The address to open in a browser on this computer."""
        host = self.host
        if host in {"", "0.0.0.0"}:  # every address: this computer's own is loopback
            host = "127.0.0.1"
        elif host == "::":
            host = "[::1]"
        elif ":" in host and not host.startswith("["):
            host = f"[{host}]"  # an IPv6 address goes in brackets in a URL
        address = f"http://{host}:{self.port}/"
        if self.guard.token is not None:
            address += f"?token={self.guard.token}"
        return address

    def run(self) -> int:
        """Serve until Ctrl+C or SIGTERM: 0 after a clean stop, 2 if the address can't be used."""
        logging.basicConfig(level=logging.WARNING, format="%(message)s")
        try:
            return asyncio.run(self._serve())
        except KeyboardInterrupt:  # Ctrl+C before the handlers were set (or on Windows)
            return 0

    async def _serve(self) -> int:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        # Ctrl+C, a service manager's stop, or the terminal closing: all stop cleanly.
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)  # Windows has no SIGHUP
            # Windows has no signal handlers in asyncio either: there Ctrl+C cancels `_serve`,
            # whose `finally` still closes the games.
            with contextlib.suppress(NotImplementedError, ValueError):
                if signum is not None:
                    loop.add_signal_handler(signum, stop.set)
        runner = web.AppRunner(
            await self._make_app(), access_log=None, shutdown_timeout=SHUTDOWN_TIMEOUT
        )
        await runner.setup()
        try:
            try:
                await web.TCPSite(runner, self.host, self.port).start()
            except OSError as error:
                print(f"buyword: can't serve on {self.host}:{self.port}: {_why(error, self.port)}",
                      file=sys.stderr)
                return 2
            self._announce()
            await stop.wait()
            if self.games:
                print(f"Stopping: closing {_games(len(self.games))} (saved after every move).",
                      flush=True)
        finally:
            try:
                await asyncio.wait_for(runner.cleanup(), STOP_WITHIN)
            except TimeoutError:
                log.warning("Stopping took too long; the games left were stopped at once.")
            # A tab opened just as the server stopped may have started its game after the
            # others were closed, or had its closing cut short: nothing may outlive the server.
            for game in list(self.games):
                await game.kill()
        print("BuyWord server stopped.", flush=True)
        return 0

    def _announce(self) -> None:
        places = locate()
        lines = [f"BuyWord is served at {self.url()} — open it in a web browser."]
        if self.host in EVERYWHERE:
            token = f"?token={self.guard.token}" if self.guard.token else ""
            lines.append(f"Others on your network open http://<this computer's address>:"
                         f"{self.port}/{token} (see the warning above).")
        elif exposure_warning(self.host, self.port):
            lines.append("Others on your network open the same address (see the warning above).")
        where = f", saved in {places.data}" if places.data is not None else ""
        lines.append(f"Each tab is its own game{where}.")
        lines.append("Press Ctrl+C to stop.")
        print("\n".join(lines), flush=True)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._check)
        return app

    @web.middleware
    async def _check(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse, with 403 and one log line, any request not for this server or not allowed.

        A foreign Host name or Origin never gets the app; past loopback, neither does a
        visitor without the token (a page says how to get in). A right `?token=` is kept in a
        cookie, so the game's own requests need no token in their address.
        """
        guard = self.guard
        host = request.headers.get("Host", "")
        origin = request.headers.get("Origin")
        where = request.remote or "?"
        if not guard.host_allowed(host):
            log.warning("Refused %s %s from %s: Host %r is not this server.",
                        request.method, request.path, where, host[:80])
            return _page(REFUSED_PAGE, 403)
        if not guard.origin_allowed(origin, host, request.scheme):
            log.warning("Refused %s %s from %s: Origin %r is not this server's page.",
                        request.method, request.path, where, (origin or "")[:80])
            return _page(REFUSED_PAGE, 403)
        if request.path.startswith("/static/"):
            return await handler(request)
        query_token = request.query.get("token")
        authorization = request.headers.get("Authorization", "")
        header_token = authorization[6:] if authorization.lower().startswith("token ") else None
        if not guard.token_ok(query_token, request.cookies.get(TOKEN_COOKIE), header_token):
            log.warning("Refused %s %s from %s: no token, or the wrong one.",
                        request.method, request.path, where)
            return _page(TOKEN_PAGE, 403)
        response = await handler(request)
        if guard.token is not None and query_token is not None and not response.prepared:
            response.set_cookie(TOKEN_COOKIE, guard.token, httponly=True, samesite="Strict",
                                secure=request.scheme == "https", path="/")
        return response

    def _full(self) -> bool:
        return len(self.games) >= self.max_games

    async def on_startup(self, app: web.Application) -> None:
        """Say nothing yet: the address is announced once it is really being listened on."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every open tab's game before the connections are dropped."""
        await asyncio.gather(*(game.finish() for game in list(self.games)))

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, with its links built from the address the browser used to reach us.

        textual-serve builds them from the address it listens on, which a browser on another
        computer cannot use when that is 0.0.0.0.
        """
        if self._full():
            log.warning("A new tab was told the table is full (%s).", _games(len(self.games)))
            return _page(FULL_PAGE.format(_games(len(self.games))), 503)
        websocket_scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{websocket_scheme}://{request.host}/ws",
            "config": {"static": {"url": f"{request.scheme}://{request.host}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: start its game, relay until the tab or the game closes, then end the game."""
        if self._full():
            log.warning("A tab's game was refused: the table is full (%s).",
                        _games(len(self.games)))
            # A page instead of the websocket: aiohttp serves any response a handler returns.
            return _page(  # type: ignore[return-value]
                FULL_PAGE.format(_games(len(self.games))), 503)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE,
                                          timeout=SHUTDOWN_TIMEOUT)
        width, height = clamp_size(to_int(request.query.get("width", "80"), 80),
                                   to_int(request.query.get("height", "24"), 24))
        await websocket.prepare(request)

        async def close() -> None:
            await websocket.close()

        game = TabGame(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.games.add(game)  # counted before the first await: no two tabs take one place
        try:
            await game.start(width, height)
            await self._process_messages(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # a broken tab must not take the server down
            log.exception("A browser tab's game failed")
        finally:
            await game.finish()
            # Not reached if the stop cut `finish` short: the server then kills the game itself.
            self.games.discard(game)
        return websocket


    async def _process_messages(
            self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """Relay a tab's keys, sizes and pings; a malformed frame is dropped with one log line,
        and so is what a tab sends beyond its budget (see `TAB_BURST`)."""
        budget = _Budget(TAB_BURST, TAB_PER_SECOND)
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            if not budget.take(max(len(message.data), MESSAGE_COST)):
                if isinstance(app_service, TabGame):
                    app_service.dropped("too fast")
                continue
            envelope = _envelope(message.data)
            if envelope is None:
                log.warning("Dropped a malformed message from a browser tab: %r",
                            str(message.data)[:60])
                continue
            kind, data = envelope
            # `_envelope` checked each kind's data; the isinstance tests tell the checker.
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(*clamp_size(data["width"], data["height"]))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


def _envelope(text: str) -> tuple[str, object] | None:
    """A tab's message as (kind, data), or None when it is not one textual-serve sends."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and not isinstance(data, str):
        return None
    if kind == "resize" and not (
            isinstance(data, dict)
            and all(type(data.get(key)) is int for key in ("width", "height"))):
        return None
    if kind == "ping" and not isinstance(data, (str, int, float, type(None))):
        return None
    if kind not in {"stdin", "resize", "ping", "blur", "focus"}:
        return None
    return kind, data


def _page(body: str, status: int) -> web.Response:
    return web.Response(text=body, status=status, content_type="text/html")


def _games(count: int) -> str:
    return "1 game" if count == 1 else f"{count} games"


def _why(error: OSError, port: int) -> str:
    """An address problem in a player's words."""
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is already in use (is BuyWord already served? try another --port)"
    if error.errno == errno.EACCES:
        return f"not allowed to use port {port} (ports below 1024 need special rights)"
    return str(error.strerror or error)
