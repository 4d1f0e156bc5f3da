"""The table's server: one `TableSession`, the people's seats taken by websocket clients.

The server is the authority. A client joins a seat with that seat's join code and is given a
secret token; from then on its connection holds that seat only. Its answers are applied for
that seat alone, and only when the table waits for it; a refusal is a message and changes
nothing. After every change each client is sent what its seat may see (its `TableView`, see
`view_message`), never another seat's hidden tiles, the bag's order or a word's verdict before
a challenge. The table's runner (`buyword.table.runner.TableRunner`, the same one a local table
has) decides who acts next and plays the computers here, thinking in a worker thread so the
table stays responsive, and starts the coach; the server is its transport. A screen's
preview of a typed word and its hints are the session's too, asked for (`preview`, `hint`)
and answered here: hints only if the table allows them and it is that seat's sale, and the
seat is then marked as having used them.

Faults: a broken, oversized or flooding message closes that connection and leaves the table as
it was; each client has its own bounded send queue, so a slow screen never holds up the others
(one that falls too far behind is dropped, and may come back with its token); a dropped player
takes the seat back with the token and sees the table as it stands. Saving is the session's
`on_change` hook, called after every change, as in a local game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import math
import secrets
import string
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from buyword.engine import BuyWordError
from buyword.net.protocol import (
    MAX_BYTES,
    Act,
    CoachAsk,
    Hint,
    Join,
    Leave,
    Preview,
    ProtocolError,
    coach_message,
    encode,
    error_message,
    hints_message,
    parse_client,
    preview_message,
    refused_message,
    view_message,
    welcome_message,
)
from buyword.table import Played, Refused, TableSession
from buyword.table.runner import TableRunner
from buyword.table.source import Said, Update

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from buyword.table.coach import CoachLine
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate

#: Join codes avoid letters and digits that are easy to misread (0/O, 1/I/L).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: A seat's token: 32 letters and digits (190 bits), far beyond guessing, so it is never
#: slowed down the way join codes are.
TOKEN_ALPHABET = string.ascii_letters + string.digits
TOKEN_LENGTH = 32
#: Websocket close codes: the protocol was broken (RFC 6455 1008), and a slow client (1013).
POLICY = 1008
TRY_AGAIN = 1013
#: Seconds a dropped client has to answer the close; a flooding or stuck one never does.
CLOSE_WAIT = 1.0
#: How many of the coach's lines a seat whose screen is away keeps for when it is back.
UNHEARD_KEPT = 3


@dataclass
class Limits:
    """What one connection is allowed before it is closed."""

    #: Messages a client may send in a burst, and how many more each second after it. An
    #: answer the table accepts is given back: a game has only so many turns, so only
    #: refused, out-of-turn or idle messages can flood.
    burst: int = 30
    per_second: float = 5.0
    #: Previews of a typed word (one a key press) have a bucket of their own.
    preview_burst: int = 60
    previews_per_second: float = 20.0
    #: Messages waiting to be sent to one client; one more and the client is dropped.
    queue: int = 64
    #: Seconds a new connection has to send its join.
    join_timeout: float = 10.0
    #: Wrong join codes one address may send before it must wait, and the first wait
    #: (seconds); each further wrong code doubles the wait, up to `longest_wait`.
    free_guesses: int = 5
    first_wait: float = 1.0
    longest_wait: float = 300.0
    #: Wrong join codes the whole table takes at once, from every address together (an
    #: attacker has many addresses), and the seconds after which it takes one more.
    table_guesses: int = 20
    table_refill: float = 180.0


@dataclass
class _Bucket:
    """A token bucket: each message takes one, they come back at `per_second`."""

    limits: Limits
    tokens: float = 0.0
    last: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.limits.burst)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.limits.burst,
                          self.tokens + (now - self.last) * self.limits.per_second)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def give_back(self) -> None:
        self.tokens = min(self.limits.burst, self.tokens + 1)


class _Client:
    """One connection holding one seat, with its own queue of messages to send."""

    def __init__(self, ws: ServerConnection, seat: int, limits: Limits, welcome: str) -> None:
        self.ws = ws
        self.welcome = welcome
        self.seat = seat
        self.queue: asyncio.Queue[str] = asyncio.Queue(limits.queue)
        self.log_sent = 0  # log lines this client already has
        self.dropped = False
        self.closing: asyncio.Task[None] | None = None
        self.sender = asyncio.get_running_loop().create_task(self._send_all())

    def post(self, text: str) -> bool:
        """Queue a message; False (and nothing queued) when the client cannot keep up."""
        if self.dropped:
            return False
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True

    async def _send_all(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(self.welcome)  # outside the queue: it holds views only
            while True:
                text = await self.queue.get()
                await self.ws.send(text)

    def drop(self, code: int, reason: str) -> None:
        """Close the connection without waiting for the client (it may be the slow one)."""
        if self.dropped:
            return
        self.dropped = True
        self.sender.cancel()
        self.closing = asyncio.get_running_loop().create_task(self._close(code, reason))

    async def closed(self) -> None:
        """Wait until a drop has closed the connection (the handler must not return first,
        or the library would close it without the reason)."""
        if self.closing is not None:
            await self.closing

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code, reason), CLOSE_WAIT)
        if self.ws.transport is not None:
            self.ws.transport.abort()


class SeatTaken(ProtocolError):
    """A join with the right code for a seat someone already took (its player comes back
    with their token instead): refused, but not counted as a wrong code."""


class TableServer:
    """A websocket server for one table session (loopback unless told otherwise)."""

    def __init__(self, session: TableSession, *, host: str = "127.0.0.1", port: int = 0,
                 limits: Limits | None = None, computer_delay: float = 0.0,
                 reserved: frozenset[int] = frozenset(),
                 hand_over_after: float | None = None) -> None:
        """Serve `session` on `host`:`port` (0: any free port). Every person's seat gets a
        join code, except the `reserved` ones (the host's own seat, played on the host's
        screen through `act`). `computer_delay`: at least how long a computer's move waits to be
        shown (its thinking counts toward it).
        `hand_over_after`: seconds after which a gone player's seat is handed to a computer
        (None: only when the host says so); the player may still take it back."""
        self.session = session
        #: The table's turn flow: whom it asks, the computers, the coach. Each seat has a
        #: screen of its own, so nobody holds a shared one.
        self.runner = TableRunner(session, shared_screen=False, own_screens=True,
                                  pace=computer_delay > 0)
        if computer_delay > 0:
            session.step_delay = computer_delay
        self.runner.subscribe(self._update_came, self._coach_said, screen=False)
        self.host = host
        self.port = port
        self.limits = limits or Limits()
        self.computer_delay = computer_delay
        self.codes: dict[int, str] = {
            seat: "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            for seat in session.people if seat not in reserved
        }
        self.tokens: dict[int, str] = {
            seat: "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(TOKEN_LENGTH))
            for seat in self.codes
        }
        self.clients: dict[int, _Client] = {}
        #: Seats whose code has been used: from then on only the token takes the seat.
        self.claimed: set[int] = set()
        #: Seats handed to a computer when their person left; the token takes them back.
        self.handed: set[int] = set()
        self.hand_over_after = hand_over_after
        #: When each gone player left (by `clock`), while their seat waits for them.
        self.gone_since: dict[int, float] = {}
        self._hand_over: asyncio.Task[None] | None = None
        self._telling = False  # every seat is to be told who has left, in a moment
        #: The seats whose screen has had a view since who has left last changed.
        self._away_told: set[int] = set()
        #: Wrong join codes by address, and when that address may try again (by `clock`).
        #: Never cleared: a player who is seated cannot buy another address free guesses.
        self.guesses: dict[str, tuple[int, float]] = {}
        #: The wrong join codes the table may still take now (see `Limits.table_guesses`),
        #: and when that was last counted.
        self.table_guesses = float(self.limits.table_guesses)
        self._table_counted: float | None = None
        #: The clock the join throttle and the hand-over of a gone seat read (a test winds it
        #: on instead of waiting).
        self.clock: Callable[[], float] = time.monotonic
        #: Called (with no arguments) after every change: the host's screen redraws.
        self.on_update: Callable[[], None] | None = None
        #: Called after a seat is handed to a computer: the host saves the seats as they stand.
        self.on_seated: Callable[[], None] | None = None
        #: Called with (seat, line) for each line the coach says to a seat: the host's own
        #: seat hears its lines so (a joined seat's go to its connection alone).
        self.on_coach: Callable[[int, str], None] | None = None
        #: The coach's lines for a joined seat whose screen was away when they were said,
        #: oldest first: they reach the screen that takes the seat back.
        self._unheard: dict[int, list[str]] = {}
        self._closing = False
        self._server: Server | None = None
        self._computers: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ running

    async def start(self) -> int:
        """Start listening; returns the port. Computers who act first start playing."""
        self._server = await serve(self._connection, self.host, self.port, max_size=MAX_BYTES,
                                   max_queue=4, ping_interval=20, ping_timeout=20)
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets \
            else self.port
        self.runner.start(spawn=self._spawn)
        if self.hand_over_after is not None:
            self._hand_over = asyncio.get_running_loop().create_task(
                self._hand_over_the_gone(self.hand_over_after))
        return self.port

    async def close(self) -> None:
        """Stop the coach and the computers, drop every client and stop listening."""
        self._closing = True
        self.runner.close()
        if self._hand_over is not None:
            self._hand_over.cancel()
        if self._computers is not None:
            self._computers.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._computers
        leaving = list(self.clients.values())
        for client in leaving:
            client.drop(1001, "the table has closed")
        for client in leaving:  # the close reaches them (their screens say the table closed)
            await client.closed()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def __aenter__(self) -> TableServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def finished(self) -> None:
        """Wait until the game is over (and the last views are queued)."""
        while self.session.game.outcome() is None:
            await asyncio.sleep(0.05)

    # ------------------------------------------------------------------ one connection

    async def _connection(self, ws: ServerConnection) -> None:
        client = None
        try:
            seat = await self._join(ws)
            if seat is None:
                return
            client = self._seat(ws, seat)
            await self._listen(client)
        except ConnectionClosed:
            pass
        finally:
            if client is not None:
                if self.clients.get(client.seat) is client:
                    del self.clients[client.seat]
                client.sender.cancel()
                self._tell_host()

    async def _join(self, ws: ServerConnection) -> int | None:
        """The first message must be a join with a valid code or token: the seat it takes."""
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.join_timeout)
            message = parse_client(raw)
            if not isinstance(message, Join):
                raise ProtocolError("join the table first")
            seat = self._guarded_seat(message, _address(ws))
        except TimeoutError:
            await ws.close(POLICY, "no join in time")
            return None
        except ProtocolError as error:
            await ws.send(encode(error_message(str(error))))
            await ws.close(POLICY, str(error)[:100])
            return None
        return seat

    def _guarded_seat(self, join: Join, address: str) -> int:
        """The seat `join` takes. A token (far too long to guess) is never slowed down, so a
        player always gets their seat back. Join codes are: after `free_guesses` wrong ones,
        each wrong code from an address makes it wait twice as long as the one before (at
        most `longest_wait`), and the table as a whole takes only so many wrong codes (see
        `Limits`), so changing addresses does not buy more guesses. While either waits, every
        code is refused unchecked: a right one would tell a guesser it was right."""
        if join.code is None:
            return self._seat_for(join)
        now = self.clock()
        wrong, until = self.guesses.get(address, (0, 0.0))
        if until > now:
            raise ProtocolError(
                f"too many wrong join codes: try again in {math.ceil(until - now)} s")
        limits = self.limits
        if self._table_counted is not None:
            self.table_guesses = min(float(limits.table_guesses), self.table_guesses
                                     + (now - self._table_counted) / limits.table_refill)
        self._table_counted = now
        if self.table_guesses < 1:
            wait = (1 - self.table_guesses) * limits.table_refill
            raise ProtocolError("too many wrong join codes at this table: try again in "
                                f"{math.ceil(wait)} s")
        try:
            return self._seat_for(join)
        except SeatTaken:
            # A right code, for a seat already taken (a friend who tapped Join twice, or
            # whose screen lost the welcome): not a guess, so it waits for nothing.
            raise
        except ProtocolError:
            wrong += 1
            self.table_guesses -= 1
            extra = wrong - limits.free_guesses
            wait = 0.0 if extra <= 0 else min(
                limits.longest_wait, limits.first_wait * 2 ** min(extra - 1, 40))
            self.guesses[address] = (wrong, now + wait if wait else 0.0)
            raise

    def _seat_for(self, join: Join) -> int:
        if join.code is not None:
            for seat, code in self.codes.items():
                if hmac.compare_digest(code.encode(), join.code.strip().upper().encode()):
                    if seat in self.claimed:
                        raise SeatTaken(f"{self.session.game.names[seat]}'s seat is taken; "
                                            "its player comes back with their token")
                    self.claimed.add(seat)
                    return seat
            raise ProtocolError(f"no open seat has the code {join.code!r}")
        for seat, token in self.tokens.items():
            if hmac.compare_digest(token.encode(), (join.token or "").encode()):
                if seat in self.handed:  # back from a computer: the person plays again
                    self.handed.discard(seat)
                    self.session.seat_person(seat)
                    if self.on_seated is not None:
                        self.on_seated()
                return seat
        raise ProtocolError("that token holds no seat at this table")

    def _seat(self, ws: ServerConnection, seat: int) -> _Client:
        """The connection now holds `seat`; one that held it before is closed."""
        old = self.clients.get(seat)
        if old is not None:
            old.drop(POLICY, "the seat was taken back with its token")
        welcome = welcome_message(seat, self.session.game.names[seat], self.tokens[seat])
        client = self.clients[seat] = _Client(ws, seat, self.limits, encode(welcome))
        self._send_view(client)
        for text in self._unheard.pop(seat, []):
            self._post(client, encode(coach_message(text)))
        self._tell_host()
        return client

    def _tell_host(self) -> None:
        """The host's screen shows who is connected: a player came or went. When a player
        has left (or come back), every seat is told."""
        away = frozenset(seat for seat in self.claimed
                         if seat not in self.clients and self.session.seats[seat].human)
        if away != self.session.away:
            now = self.clock()
            self.gone_since = {seat: self.gone_since.get(seat, now) for seat in away}
            self.session.away = away
            self._away_told = set()  # nobody has been told yet
            if not self._telling:  # a moment later, once the views of this change are out
                self._telling = True
                asyncio.get_running_loop().call_later(0.05, self._tell_everyone)
        if self.on_update is not None:
            self.on_update()

    def _tell_everyone(self) -> None:
        """Every seat's view again: who has left the table changed. A client still sending
        earlier views is told a moment later, so telling it never overfills its queue."""
        self._telling = False
        for client in list(self.clients.values()):
            if client.seat in self._away_told:
                continue  # a view since the change told it already
            if client.queue.empty():
                self._send_view(client)
            elif not self._telling:
                self._telling = True
                asyncio.get_running_loop().call_later(0.05, self._tell_everyone)
        if self.on_update is not None:
            self.on_update()

    async def _hand_over_the_gone(self, after: float) -> None:
        """A seat whose player has been gone `after` seconds is played by a computer."""
        while True:
            await asyncio.sleep(min(1.0, after / 4))
            now = self.clock()
            for seat, since in list(self.gone_since.items()):
                if now - since >= after and seat in self.session.away:
                    self.hand_to_computer(seat)

    async def _listen(self, client: _Client) -> None:
        bucket = _Bucket(self.limits)
        previews = _Bucket(replace(self.limits, burst=self.limits.preview_burst,
                                   per_second=self.limits.previews_per_second))
        async for raw in client.ws:
            if client.dropped:
                break
            if not bucket.take():
                self._drop(client, POLICY, "too many messages")
                break
            try:
                message = parse_client(raw)
            except ProtocolError as error:
                with contextlib.suppress(ConnectionClosed):
                    await client.ws.send(encode(error_message(str(error))))
                self._drop(client, POLICY, str(error)[:100])
                break
            if isinstance(message, Preview):  # one a key press: counted in a bucket of its own
                bucket.give_back()
                if not previews.take():
                    self._drop(client, POLICY, "too many messages")
                    break
            if isinstance(message, Leave):
                self._drop(client, 1000, "left the table")
                break
            if isinstance(message, Act) and await self._answer(client, message.text):
                bucket.give_back()
            elif isinstance(message, Preview):
                preview = self.runner.preview(client.seat, message.text)
                self._post(client, encode(preview_message(message.text, preview)))
            elif isinstance(message, Hint):
                found = await self.hints(client.seat)
                self._post(client, encode(refused_message(str(found))
                                          if isinstance(found, Refused)
                                          else hints_message(found)))
            elif isinstance(message, CoachAsk):
                self._post(client, encode(self.ask_coach(client.seat)))
            elif isinstance(message, Join):
                name = self.session.game.names[client.seat]
                self._post(client, encode(refused_message(
                    f"this connection already holds {name}'s seat")))
        await client.closed()

    # ------------------------------------------------------------------ the table

    async def _answer(self, client: _Client, text: str) -> bool:
        """Apply `text` for the client's seat; True if the table accepted it."""
        result = self.runner.submit(client.seat, text)
        if isinstance(result, Refused):
            self._post(client, encode(refused_message(str(result))))
            return False
        return True

    async def act(self, seat: int, text: str) -> Played | Refused:
        """An answer from the host's own screen for a reserved seat (or any local seat)."""
        return self.runner.submit(seat, text)

    async def hints(self, seat: int) -> list[Candidate] | list[Move] | Refused:
        """The best words (or placements) for `seat`'s hand, to show its person now: the game
        is marked as played with hints by that seat (saved so by the session's `on_change`).
        Refused, marking nothing, when the table has hints off or it is not that seat's
        selling turn."""
        try:
            return self.runner.hints(seat)
        except BuyWordError as error:
            return Refused(str(error))

    def _update_came(self, _update: Update) -> None:
        """The table changed (the runner says so): every client's view, and the host's."""
        if self._closing:
            return
        for client in list(self.clients.values()):
            self._send_view(client)
        self._tell_host()

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """The runner's computers play in a task the server stops when it closes."""
        self._computers = asyncio.get_running_loop().create_task(job)

    def _send_view(self, client: _Client) -> None:
        message = view_message(self.session, client.seat, client.log_sent)
        if self._post(client, encode(message)):
            client.log_sent = message["view"]["log_size"]
            self._away_told.add(client.seat)

    def _post(self, client: _Client, text: str) -> bool:
        if client.post(text):
            return True
        # It cannot keep up: drop it, so the table never waits for it; it may rejoin.
        self._drop(client, TRY_AGAIN, "too slow to keep up; join again with your token")
        return False

    def _drop(self, client: _Client, code: int, reason: str) -> None:
        """Close a client's connection; its seat is free to be taken back at once."""
        if self.clients.get(client.seat) is client:
            del self.clients[client.seat]
        client.drop(code, reason)
        self._tell_host()

    # ------------------------------------------------------------------ the coach

    def _coach_said(self, said: CoachLine | Said) -> None:
        """A line of the coach's: to its seat's screen alone; everyone's (the coach has
        stopped) to every person's."""
        seats = self.session.people if said.seat is None else (said.seat,)
        for seat in seats:
            self._tell_coach(seat, said.text)

    def _tell_coach(self, seat: int, text: str) -> None:
        """One line of the coach's, to `seat`'s screen only (never another's)."""
        client = self.clients.get(seat)
        if client is not None:
            self._post(client, encode(coach_message(text)))
        elif seat in self.claimed:
            # Its person's screen is away (a dropped link, a closed laptop): the line waits
            # for them, as a pass-and-play line waits for its person. Only the latest few
            # are kept: they speak of the last decisions made.
            self._unheard[seat] = [*self._unheard.get(seat, []), text][-UNHEARD_KEPT:]
        if self.on_coach is not None:
            self.on_coach(seat, text)

    def ask_coach(self, seat: int) -> dict[str, Any]:
        """F6 from `seat`'s screen: Master's choice for its decision now, as the message for
        that seat (or a refusal saying why not). It turns the coach on for the rest of the
        game and marks the game as coached."""
        try:
            said = self.runner.ask_coach(seat)
        except BuyWordError as error:
            return refused_message(str(error))
        return coach_message(said.text)

    def hand_to_computer(self, seat: int, level: str = "medium") -> None:
        """The player of `seat` is gone: a computer of `level` plays it from now on (its
        code and token no longer take the seat). Raises BuyWordError for a seat no person
        plays or an unknown level."""
        self.session.seat_computer(seat, level)
        self.codes.pop(seat, None)
        self.gone_since.pop(seat, None)
        self.handed.add(seat)  # its token still takes it back from the computer
        client = self.clients.get(seat)
        if client is not None:
            self._drop(client, 1000, "a computer plays this seat now")
        if self.on_seated is not None:
            self.on_seated()
        self.runner.refresh()

    def describe(self) -> list[str]:
        """Lines for the host to print: where the table listens, and each open seat's code."""
        names = self.session.game.names
        lines = [f"Table open on {self.host}:{self.port}"]
        if self.host not in ("127.0.0.1", "localhost", "::1"):
            lines.append(f"Listening on {self.host}, not only this machine: anyone who can "
                         "reach this address and port can connect; a seat needs its code "
                         "(then its secret token) to play, and sees only that seat.")
        lines += [f"  {names[seat]}: buyword join {self.host}:{self.port} {code}"
                  for seat, code in self.codes.items() if seat not in self.claimed]
        return lines


def _address(ws: ServerConnection) -> str:
    """The address a connection comes from (its host, without the port)."""
    remote = ws.remote_address
    return str(remote[0]) if isinstance(remote, tuple) and remote else str(remote)
