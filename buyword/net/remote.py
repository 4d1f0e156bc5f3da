"""A seat at a hosted table as a table link: the table screen plays it as it plays a runner.

`SeatLink` holds the latest `TableView` the host sent for one seat (the very view a local
session gives its screen: another seat's hidden tiles are never in it, only their number) and
the link's state, which it adds to each view as `view.link`. It speaks the runner's stream
(`buyword.table.runner.TableRunner`): a screen subscribes and is told an `Update` after every
change (a view came, the host refused an answer, an answer went out, the link broke or ended),
and the coach's lines for this seat as `Said`. An answer goes to the host (`submit` sends it),
and so do the questions a screen asks while a person types: a sale's preview and the hints are
the host's session's answers, never worked out here, given to the reply that asked for them
when they come. What only a table played here does (computers, the hand-off, undo) does
nothing here: the host's table does it.

Its subscribers are told from the link's task, not the screen's: a screen redraws from a
posted message, as it does for a runner's computers.

Two links feed it: `JoinedTable` (a `TableClient` over the network, which takes the seat back
with its token after a drop) and `HostSeat` (the host's own seat, straight from the server in
the same process).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from buyword.engine import BuyWordError, parse_action
from buyword.net.protocol import (
    CoachSent,
    ErrorSent,
    HintsSent,
    PreviewSent,
    RefusedSent,
    ViewSent,
    WelcomeSent,
    act_message,
    coach_message,
    coach_request,
    hint_message,
    hints_message,
    preview_message,
    preview_request,
    read_hints,
    read_server,
    refused_message,
    view_message,
)
from buyword.table import Pass, Played, Refused, SalePreview, TableView
from buyword.table.session import NO_UNDO_HOSTED
from buyword.table.source import Said, Update
from buyword.table.view_codec import preview_from, view_from
from buyword.table.views import LinkView

if TYPE_CHECKING:
    from buyword.net.client import TableClient
    from buyword.net.server import TableServer
    from buyword.table import Answer, Undone
    from buyword.table.source import HintsReply, OnSaid, OnUpdate, PreviewReply, Spawn

#: Seconds between attempts to take the seat back after a drop (the last repeats).
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)
#: Close codes after which coming back would be wrong: a computer took the seat (1000), or
#: another screen took it back with the token, or a broken message (1008).
FINAL_CLOSES = frozenset({1000, 1008})
#: The close code of a table the host closed (it quit: the game is saved, the tokens are not).
HOST_CLOSED = 1001
#: Refused connections in a row after which the table is taken to have closed: nothing
#: listens on its port any more (the host quit or its process ended). With RETRY_DELAYS that
#: is about 4 seconds of trying.
REFUSED_LIMIT = 4
#: What a joined screen says when its host has gone.
TABLE_CLOSED = ("the table has closed: the host is no longer serving it (a game they resume "
                "with buyword host --continue has new join codes)")


class SeatLink:
    """One seat at a hosted table, played by the table screen (see the module's docstring)."""

    #: The game is held by the host, not on this computer (a runner's is its session).
    session = None

    def __init__(self, send: Callable[[dict[str, Any]], None]) -> None:
        """A seat whose messages to the host go out through `send` (the link's); the host's
        come in via `take`."""
        self._send = send
        self.seat: int = 0
        self.name = ""
        self.token: str | None = None
        #: The latest view the host sent (None until the first arrives).
        self.view: TableView | None = None
        #: An answer is on its way: the screen waits for the host's reply.
        self.in_flight = False
        #: The link broke and is being mended (the screen says "reconnecting").
        self.lost = False
        #: Why the table cannot be played from here any more (None while it can).
        self.ended: str | None = None
        #: The host's reason for refusing the last answer sent (None once another is sent).
        self.refusal: str | None = None
        #: Who is told of each change, and of the coach's lines (see `subscribe`).
        self._subscribers: list[tuple[OnUpdate, OnSaid | None]] = []
        #: The host's previews, by the text typed, for the current view (a view clears them).
        self.previews: dict[str, SalePreview] = {}
        self._asking: str | None = None  # the text whose preview is on its way
        self._wanted: str | None = None  # the latest text typed, to ask next
        #: Where each preview asked for goes when the host's answer comes, by the text typed.
        self._replies: dict[str, list[PreviewReply]] = {}
        #: Where the hints asked for go (None: none asked for).
        self._hints_reply: HintsReply | None = None

    # ------------------------------------------------------------------ subscribing

    def subscribe(self, on_update: OnUpdate, on_said: OnSaid | None = None) -> None:
        """Tell `on_update` after every change (as a runner tells its screens), and
        `on_said` each line the host's coach says to this seat."""
        self._subscribers.append((on_update, on_said))

    def unsubscribe(self, on_update: OnUpdate) -> None:
        """Stop telling `on_update`."""
        self._subscribers = [s for s in self._subscribers if s[0] != on_update]

    def start(self, spawn: Spawn | None = None, may_play: Callable[[], bool] | None = None
              ) -> None:
        """Tell every subscriber how the table stands (the host's table plays on by itself:
        `spawn` and `may_play` are a runner's, for computers played here)."""
        self._publish()

    def wake(self) -> None:
        """No computer plays here: nothing to wake."""

    def take_screen(self, seat: int) -> None:
        """Nobody shares this screen: there is no hand-off to take."""

    def close(self) -> None:
        """The screen has gone: nobody is told any more (the link stays, for the app to
        leave the table)."""
        self._subscribers.clear()

    def _publish(self, refused: Refused | None = None) -> None:
        update = Update(None if self.view is None else self.table_view(), refused=refused)
        for on_update, _ in list(self._subscribers):
            on_update(update)

    def _say(self, said: Said) -> None:
        for _, on_said in list(self._subscribers):
            if on_said is not None:
                on_said(said)

    # ------------------------------------------------------------------ fed by the link

    def take(self, message: dict[str, Any]) -> None:
        """One message from the host for this seat (one this screen cannot read ends the
        table here, saying why)."""
        try:
            self._read(message)
        except BuyWordError as error:  # a host of another version, or a damaged message
            self.ended = f"this screen cannot read the host's table: {error}"
            self._publish()

    def _read(self, message: dict[str, Any]) -> None:
        read = read_server(message)
        if isinstance(read, WelcomeSent):
            self.seat, self.name, self.token = read.seat, read.name, read.token
        elif isinstance(read, ViewSent):
            self.view = view_from(read.view, self.view)
            self.seat, self.in_flight, self.lost = self.view.viewer or 0, False, False
            self.previews.clear()  # the hand or the grid may have changed
            self._publish()
        elif isinstance(read, PreviewSent):
            preview = self.previews[read.text] = preview_from(read.preview)
            self._asking = None
            for answer in self._replies.pop(read.text, []):
                answer(preview)
            self._ask_next()
        elif isinstance(read, HintsSent):
            found = read_hints(read)
            asked, self._hints_reply = self._hints_reply, None
            if asked is not None:
                asked(found)
        elif isinstance(read, CoachSent):
            self._say(Said(self.seat, read.text))
        elif isinstance(read, RefusedSent):
            # (The hints asked for, if any, were refused: this is the host's reason.)
            self.refusal, self.in_flight, self._hints_reply = read.message, False, None
            self._publish(Refused(read.message))
        elif isinstance(read, ErrorSent):
            self.ended = read.message
            self._publish()

    def link_lost(self, final: str | None) -> None:
        """The link broke: `final` says why it cannot come back (None: it is reconnecting)."""
        self.in_flight = False
        self._asking = None
        self._replies.clear()  # their answers will not come (the next text typed is asked)
        self._hints_reply = None
        if final is None:
            self.lost = True
        else:
            self.ended = final
        self._publish()

    # ------------------------------------------------------------------ what the screen reads

    @property
    def ready(self) -> bool:
        """Whether a view has arrived (the screen needs one to draw)."""
        return self.view is not None

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.view is not None and self.view.outcome is not None

    @property
    def coaching(self) -> bool:
        """Whether the host's coach weighs people's decisions at this table."""
        return self.view is not None and self.view.coaching

    def table_view(self, viewer: int | None = None) -> TableView:
        """The host's latest view of this seat (this screen is this seat's only), with the
        link's state."""
        assert self.view is not None, "no view yet"
        link = LinkView(self.seat, sent=self.in_flight, lost=self.lost, ended=self.ended)
        return replace(self.view, link=link)

    # ------------------------------------------------------------------ the way in

    def submit(self, seat: int, answer: Answer | str) -> Played | Refused:
        """Send this seat's answer; its screen is told the link waits for the host's reply.
        `Played` means sent (the reply comes as a view, or an update with the host's
        refusal); malformed notation and another seat's answer are refused here."""
        if seat != self.seat:
            return Refused(f"this screen holds {self.name}'s seat only")
        if self.ended is not None:
            return Refused(f"the table is closed to you: {self.ended}")
        if self.lost or self.view is None:
            return Refused("not connected to the table: wait for it to come back")
        if self.in_flight:
            return Refused("wait for the table to answer your last move")
        text = str(answer).strip()
        try:
            sent: Answer = Pass() if text == "pass" else parse_action(text)
        except BuyWordError as error:
            return Refused(str(error))
        self.in_flight, self.refusal = True, None
        self._send(act_message(text))
        self._publish()
        return Played(seat, sent)

    def act(self, seat: int, answer: Answer | str) -> Played | Refused:
        """Send this seat's answer (as `submit`)."""
        return self.submit(seat, answer)

    def let_stand(self, seats: Sequence[int]) -> None:
        """This seat lets the sale on the table stand, if it is asked (the others asked
        answer on their own screens)."""
        if self.seat in seats:
            self.submit(self.seat, Pass())

    def ask_preview(self, seat: int, typed: str, reply: PreviewReply) -> None:
        """Ask the host what selling `typed` from this seat's hand would do: `reply` is given
        the preview it has, or the host's answer when it comes (a text typed over before it
        was asked never is)."""
        if not typed or self.view is None or seat != self.seat:
            reply(SalePreview())
            return
        known = self.previews.get(typed)
        if known is not None:
            reply(known)
            return
        dropped = self._wanted
        if dropped is not None and dropped not in (typed, self._asking):
            self._replies.pop(dropped, None)  # typed over before it was asked: never asked
        self._replies.setdefault(typed, []).append(reply)
        self._wanted = typed
        self._ask_next()

    def _ask_next(self) -> None:
        """Ask for the latest text typed, one question at a time (fast typing asks less)."""
        wanted = self._wanted
        if self._asking is not None or wanted is None or self.lost or self.ended is not None:
            return
        self._wanted = None
        if wanted in self.previews:
            return
        self._asking = wanted
        self._send(preview_request(wanted))

    def ask_hints(self, seat: int, reply: HintsReply) -> None:
        """Ask the host for the best words (or placements) for this seat's hand: `reply` is
        given them when they come (and the host marks the game as played with hints), or a
        refusal says why not. Raises BuyWordError when hints are off or the host cannot be
        asked."""
        if self.view is None or not self.view.hints:
            raise BuyWordError("the host plays this table without hints")
        if self.ended is not None:
            raise BuyWordError("hints need the link to the host's table")
        if self.lost:
            raise BuyWordError("not connected to the table: wait for it to come back")
        self._hints_reply = reply
        self._send(hint_message())

    def ask_coach(self, seat: int | None) -> None:
        """F6: ask the host's coach for Master's choice for this seat's decision now (`seat`
        None: this seat's all the same). Its line comes to the subscribers as `Said`, or a
        refusal says why not; nothing is said at once. Raises BuyWordError when the host
        cannot be asked."""
        if seat is not None and seat != self.seat:
            raise BuyWordError(f"this screen holds {self.name}'s seat only")
        if self.ended is not None:
            raise BuyWordError("the coach needs the link to the host's table")
        if self.lost:
            raise BuyWordError("not connected to the table: wait for it to come back")
        self._send(coach_request())

    def skip_ahead(self) -> None:
        """The host's table paces its computers; nothing to skip here."""

    def undo(self, seat: int) -> Undone | Refused:
        """Moves at a hosted table stand once sent."""
        return Refused(NO_UNDO_HOSTED)


# ---------------------------------------------------------------------- the links


class JoinedTable:
    """A seat joined over the network: feeds a `SeatLink` from a `TableClient`, and after
    a drop takes the seat back with its token (the server then sends the table as it stands)."""

    def __init__(self, host: str, port: int, client: TableClient) -> None:
        """Wrap a client that has joined its seat (see `join`)."""
        self.host, self.port = host, port
        self.table = SeatLink(self._send)
        self.client = client
        self._leaving = False
        self._tasks: set[asyncio.Task[None]] = set()
        #: Seconds between attempts to take the seat back (the last repeats).
        self.retry_delays = RETRY_DELAYS
        #: Refused connections in a row after which the table has closed.
        self.refused_limit = REFUSED_LIMIT
        self._attach(client)

    @classmethod
    async def join(cls, host: str, port: int, secret: str) -> JoinedTable:
        """Connect and take a seat with its join code (or, a longer secret, its token).
        Raises OSError, TimeoutError or TableRefused with the reason."""
        from buyword.net.client import TableClient

        client = await TableClient.connect(host, port)
        if len(secret) <= 8:
            await client.join(code=secret)
        else:
            await client.join(token=secret)
        return cls(host, port, client)

    def _attach(self, client: TableClient) -> None:
        """Feed the table from `client`, starting with what it already received."""
        for message in client.received:
            self.table.take(message)
        client.on_message = self._message

    def _message(self, message: dict[str, Any] | None) -> None:
        if message is not None:
            self.table.take(message)
            return
        if self._leaving:
            return
        client = self.client
        code = client.close_code
        if self.table.over:
            self.table.link_lost("the game is over")
        elif code == HOST_CLOSED:
            self.table.link_lost(TABLE_CLOSED)
        elif code in FINAL_CLOSES or self.table.ended is not None:
            self.table.link_lost(client.error or self.table.ended
                                 or "a computer plays this seat now")
        else:
            self.table.link_lost(None)
            self._spawn(self._come_back())

    def _send(self, message: dict[str, Any]) -> None:
        self._spawn(self._post(message))

    async def _post(self, message: dict[str, Any]) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            await self.client.send(message)

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _come_back(self) -> None:
        """Take the seat back with the token until it works, or the server says no."""
        from buyword.net.client import TableClient, TableRefused

        token = self.table.token
        refused = 0  # connections refused in a row: nothing listens there any more
        for attempt in range(1000):
            if self._leaving or token is None:
                return
            delays = self.retry_delays
            await asyncio.sleep(delays[min(attempt, len(delays) - 1)])
            try:
                client = await TableClient.connect(self.host, self.port)
            except ConnectionRefusedError:
                refused += 1
                if refused >= self.refused_limit:
                    self.table.link_lost(TABLE_CLOSED)
                    return
                continue
            except (OSError, TimeoutError):  # the network, not the host: keep trying
                refused = 0
                continue
            try:
                await client.join(token=token)
            except (TableRefused, TimeoutError) as error:
                await client.close()
                self.table.link_lost(f"the table refused to take you back: {error}")
                return
            self.client = client
            self._attach(client)
            return

    async def leave(self) -> None:
        """Leave the table (the seat stays this player's, with the token) and stop."""
        self._leaving = True
        for task in list(self._tasks):
            task.cancel()
        await self.client.leave()


class HostSeat:
    """The host's own seat, fed straight from the server in the same process (no socket)."""

    def __init__(self, server: TableServer, seat: int) -> None:
        """The host plays `seat` of `server`'s table (a seat reserved: it has no code)."""
        self.server = server
        self.table = SeatLink(self._send)
        self.table.seat, self.table.name = seat, server.session.game.names[seat]
        self._log_sent = 0
        self._tasks: set[asyncio.Task[None]] = set()
        #: Called after every change on the server (a client came or went, a move was made).
        self.on_update: Callable[[], object] | None = None
        server.on_update = self.refresh
        server.on_coach = self._coached
        self.refresh()

    def seat_lines(self) -> list[str]:
        """One line per seat for the host's seats panel, short enough for the table's side
        column (28 columns, with a name of up to 12 letters): who plays it, whether they are
        here, and an open seat's join code ("2 Bob: code 7KQ2M9")."""
        return [self._seat_line(seat, short=True)
                for seat in range(len(self.server.session.seats))]

    def _seat_line(self, seat: int, *, short: bool) -> str:
        """Who plays `seat` and whether they are connected, in the panel's few words
        (`short`) or the join dialog's."""
        server = self.server
        s = server.session.seats[seat]
        if seat == self.table.seat:
            state = "you" if short else "you, at this screen"
        elif not s.human:
            state = "computer" if short else f"computer ({s.level})"
        elif seat in server.clients:
            state = "connected"
        elif seat in server.claimed:
            state = "gone" if short else "gone — may come back with their token"
        else:
            code = server.codes.get(seat, "?")
            state = f"code {code}" if short else f"not joined yet · code {code}"
        return f"{seat + 1} {s.name}: {state}"

    def codes(self) -> list[str]:
        """Where the table is served and its join codes, then who plays each seat."""
        return self.server.describe() + [self._seat_line(seat, short=False)
                                         for seat in range(len(self.server.session.seats))]

    def handed_over(self) -> list[tuple[int, str]]:
        """The people's seats the host may hand to a computer (every one but the host's)."""
        session = self.server.session
        return [(seat, session.seats[seat].name) for seat in session.people
                if seat != self.table.seat]

    def watch(self, changed: Callable[[], object]) -> None:
        """Call `changed` after every change on the server (a client came or went, a seat
        changed hands, a move was made)."""
        self.on_update = changed

    def hand_to_computer(self, seat: int, level: str) -> str:
        """A computer at `level` plays `seat` from now on (see `TableServer`); what to say.
        Raises BuyWordError when it cannot."""
        self.server.hand_to_computer(seat, level)
        name = self.server.session.seats[seat].name
        return f"A computer ({level}) plays {name}'s seat now."

    def _coached(self, seat: int, text: str) -> None:
        """A line of the server's coach: the host's screen hears its own seat's only."""
        if seat == self.table.seat:
            self.table.take(coach_message(text))

    def refresh(self) -> None:
        """Send the host's screen its seat's view as the table now stands."""
        message = view_message(self.server.session, self.table.seat, self._log_sent)
        self._log_sent = message["view"]["log_size"]
        self.table.take(message)
        if self.on_update is not None:
            self.on_update()

    def _send(self, message: dict[str, Any]) -> None:
        self._spawn(self._answer(message))

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, message: dict[str, Any]) -> None:
        """What the server answers the host's screen, as it answers a joined one."""
        seat, kind = self.table.seat, message["type"]
        if kind == "act":
            result = await self.server.act(seat, message["text"])
            if isinstance(result, Refused):
                self.table.take(refused_message(str(result)))
        elif kind == "preview":
            preview = self.server.session.preview(seat, message["text"])
            self.table.take(preview_message(message["text"], preview))
        elif kind == "coach":
            self.table.take(self.server.ask_coach(seat))
        elif kind == "hint":
            found = await self.server.hints(seat)
            self.table.take(refused_message(str(found)) if isinstance(found, Refused)
                            else hints_message(found))
