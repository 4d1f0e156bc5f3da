"""A small client for a table's server: connect, join a seat, send answers, receive views.

The tests play through it, and the join screen is driven by it: `view` is always the latest
`TableView` the server sent for this seat, `log` the whole log's lines as this seat reads it.

    client = await TableClient.connect("127.0.0.1", 8765)
    await client.join(code="K7M2QX")
    while not client.over:
        if client.my_turn:
            await client.act("roll")
        await client.next_view()
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from buyword.engine import BuyWordError
from buyword.net.protocol import (
    CoachSent,
    ErrorSent,
    RefusedSent,
    ViewSent,
    WelcomeSent,
    act_message,
    coach_request,
    encode,
    hint_message,
    join_message,
    leave_message,
    preview_request,
    read_server,
)
from buyword.table.view_codec import view_from
from buyword.table.views import TableView

#: Server messages may be larger than a client's: a view carries the log on (re)joining.
CLIENT_MAX_BYTES = 4 * 1024 * 1024


class TableRefused(BuyWordError):
    """The server refused a join, or closed the connection, with its reason."""


class TableClient:
    """One connection to a table's server, holding (after `join`) one seat."""

    def __init__(self, ws: ClientConnection) -> None:
        """Wrap an open connection; use `TableClient.connect`."""
        self.ws = ws
        self.seat: int | None = None
        self.name = ""
        self.token: str | None = None
        self.view: TableView | None = None
        self.log: list[str] = []
        #: Every message received, in order (tests check each one).
        self.received: list[dict[str, Any]] = []
        #: The reasons of the latest refusals, oldest first.
        self.refusals: list[str] = []
        #: The coach's lines for this seat, oldest first.
        self.coach_said: list[str] = []
        self.error: str | None = None
        #: The close code the server gave (None while open, or when the link just broke).
        self.close_code: int | None = None
        #: Called with each message as it arrives, and with None when the connection ends
        #: (a screen redraws from it; see `buyword.net.remote`).
        self.on_message: Callable[[dict[str, Any] | None], None] | None = None
        self._closed = False
        self._views = asyncio.Condition()
        self._reader = asyncio.get_running_loop().create_task(self._read_all())

    @classmethod
    async def connect(cls, host: str, port: int) -> TableClient:
        """Open a connection to the table at `host`:`port`."""
        ws = await connect(f"ws://{host}:{port}", max_size=CLIENT_MAX_BYTES, open_timeout=10)
        return cls(ws)

    async def join(self, *, code: str | None = None, token: str | None = None,
                   timeout: float = 10.0) -> TableView:
        """Take a seat with its join code, or take it back with its token; returns the first
        view. Raises TableRefused with the server's reason."""
        await self.send(join_message(code=code, token=token))
        await self.wait_for(lambda: self.view is not None, timeout)
        assert self.view is not None
        return self.view

    async def act(self, text: str) -> None:
        """Send an answer in the game's notation (the result arrives as a view or refusal)."""
        await self.send(act_message(text))

    async def hint(self) -> None:
        """Ask the table for hints for this seat's hand (they come as `hints`, or a refusal
        says why not)."""
        await self.send(hint_message())

    async def ask_coach(self) -> None:
        """F6: ask the table's coach for Master's choice for this seat's decision now (it
        comes as a line in `coach_said`, or a refusal says why not)."""
        await self.send(coach_request())

    async def preview(self, text: str) -> None:
        """Ask what selling `text` would do (the answer comes as a `preview` message)."""
        await self.send(preview_request(text))

    async def leave(self) -> None:
        """Leave the table (the seat stays this player's, with the token) and close."""
        with contextlib.suppress(ConnectionClosed):
            await self.send(leave_message())
        await self.close()

    async def send(self, message: dict[str, Any]) -> None:
        """Send one protocol message (tests also send broken ones with `send_raw`)."""
        await self.ws.send(encode(message))

    async def send_raw(self, raw: str | bytes) -> None:
        """Send text or bytes as they are."""
        await self.ws.send(raw)

    async def close(self) -> None:
        """Close the connection and stop reading."""
        await self.ws.close()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    # ------------------------------------------------------------------ reading

    @property
    def connected(self) -> bool:
        """Whether the connection is still open (the reader still runs)."""
        return not self._closed

    @property
    def my_turn(self) -> bool:
        """Whether the table waits for this seat now."""
        view = self.view
        return bool(view and view.viewer in view.awaiting.seats and not view.awaiting.computer)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.view and self.view.outcome is not None)

    async def wait_for(self, ready: Callable[[], object], timeout: float = 10.0) -> None:
        """Wait until `ready()` is true. Raises TableRefused if the connection ends first."""
        async with self._views:
            await asyncio.wait_for(self._views.wait_for(
                lambda: ready() or not self.connected), timeout)
        if not ready():
            raise TableRefused(self.error or "the table closed the connection")

    async def next_view(self, timeout: float = 10.0) -> TableView:
        """Wait for the next message from the server; returns the latest view."""
        count = len(self.received)
        await self.wait_for(lambda: len(self.received) > count, timeout)
        assert self.view is not None
        return self.view

    async def _read_all(self) -> None:
        try:
            async for raw in self.ws:
                message = json.loads(raw)
                self._take(message)
                if self.on_message is not None:
                    self.on_message(message)
                async with self._views:
                    self._views.notify_all()
        except ConnectionClosed as closed:
            self.close_code = closed.rcvd.code if closed.rcvd is not None else None
            if self.error is None and closed.rcvd is not None and closed.rcvd.code != 1000:
                self.error = closed.rcvd.reason or f"closed ({closed.rcvd.code})"
        finally:
            if self.close_code is None:  # a normal close (1000, 1001) ends the loop quietly
                self.close_code = self.ws.close_code
            self._closed = True
            if self.on_message is not None:
                self.on_message(None)
            async with self._views:
                self._views.notify_all()

    def _take(self, message: dict[str, Any]) -> None:
        self.received.append(message)
        try:
            read = read_server(message)
            view = view_from(read.view, self.view) if isinstance(read, ViewSent) else None
        except BuyWordError as error:  # a host of another version, or a damaged message
            self.error = f"the table's message cannot be read: {error}"
            return
        if isinstance(read, WelcomeSent):
            self.seat, self.name, self.token = read.seat, read.name, read.token
        elif view is not None:
            self.view = view
            self.log = [line.text for line in view.log]
        elif isinstance(read, RefusedSent):
            self.refusals.append(read.message)
        elif isinstance(read, CoachSent):
            self.coach_said.append(read.text)
        elif isinstance(read, ErrorSent):
            self.error = read.message
