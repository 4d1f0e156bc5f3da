"""A seat at a hosted table as a table source: the table screen draws it like a local session.

`RemoteTable` holds the latest view the server sent for one seat and answers the questions the
table screen asks of a `TableSession` (`buyword.table.source.TableSource`) from that view alone:
whose turn it is, the game as this seat may see it (`RemoteGame`: another seat's hidden tiles
are never in it, only their number), the log, and a sale's preview. An answer goes to the
server (`act` sends it) and the server's reply arrives as a new view or a refusal; `on_change`
is called after each, so the screen redraws.

Two links feed it: `JoinedTable` (a `TableClient` over the network, which takes the seat back
with its token after a drop) and `HostSeat` (the host's own seat, straight from the server in
the same process).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from buyword.engine import BuyWordError, Phase, Rules, parse_action, price, spell
from buyword.engine import events as ev
from buyword.engine.crossword import Grid, Placement, check_placement
from buyword.engine.variants import AuctionState, TradeOffer
from buyword.net.protocol import refused_message, seat_message
from buyword.store.setup import Seat
from buyword.table import (
    HIDDEN,
    Awaiting,
    Pass,
    Played,
    Refused,
    SalePreview,
    Services,
    Undone,
    Wait,
)
from buyword.table.session import tile_indices

if TYPE_CHECKING:
    from buyword.engine import Action, TileSet
    from buyword.engine.dictionary import Dictionary
    from buyword.net.client import TableClient
    from buyword.net.server import TableServer
    from buyword.table import Answer, Decision
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate, WordFinder

#: The word list a seat's hints search, and its finder pricing with a tile set.
LocalWords = Callable[["TileSet"], "tuple[Dictionary, WordFinder]"]


def bundled_words(tiles: TileSet) -> tuple[Dictionary, WordFinder]:
    """This machine's bundled word list and its finder for `tiles` (built once, cached)."""
    lexicon = _SERVICES.bundled()
    return lexicon, _SERVICES.finder(lexicon, tiles)


#: What changed, for `RemoteTable.on_change`: a view, a refusal, the link.
Change = str
OnChange = Callable[[Change], None]

#: The word lists of this process (the bundled one loads once, on the first hint).
_SERVICES = Services()

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


class LogLine(str):
    """A log line from the server, with the kind of event it tells (`kind`, e.g. "Sold"):
    the screen styles it as it styles that event at a local table."""

    kind: str

    def __new__(cls, text: str, kind: str = "") -> LogLine:
        """The line `text`, telling an event of `kind`."""
        line = super().__new__(cls, text)
        line.kind = kind
        return line


@dataclass(frozen=True)
class RemotePlayer:
    """One player as this seat sees them: a hidden hand or draw is HIDDEN tiles, its count."""

    seat: int
    name: str
    money: int
    wilds: int
    hand: str
    drawn: str


class RemoteGame:
    """The game as one seat's view shows it, with the `Game` reads the table screen makes."""

    def __init__(self, view: dict[str, Any], rules: Rules) -> None:
        """Read `view` (a `seat_message`) played under `rules`."""
        self.view = view
        self.rules = rules
        self.names: tuple[str, ...] = tuple(view["names"])
        me = RemotePlayer(view["seat"], self.names[view["seat"]], view["money"], view["wilds"],
                          view["hand"], view["drawn"])
        others = [RemotePlayer(o["seat"], o["name"], o["money"], o["wilds"],
                               o["hand"] if o["hand"] is not None else HIDDEN * o["tiles"],
                               o["drawn"] if o["drawn"] is not None
                               else HIDDEN * o["drawn_tiles"])
                  for o in view["others"]]
        self.players: tuple[RemotePlayer, ...] = tuple(sorted([me, *others],
                                                              key=lambda p: p.seat))
        self.seed: int | None = view["seed"]
        self.phase = Phase(view["phase"])
        #: The game's events stay on the server: a joined screen has the log as text lines
        #: (`RemoteTable.log`), so what the screen reads from events comes in the view.
        self.log: tuple[ev.Event, ...] = ()
        self.current: int | None = view["current"]
        self.leader: int = view["leader"]
        self.die: int | str | None = view["die"]
        self.round: int = view["round"]
        self.bag_size: int = view["bag"]
        self.draw_count: int | None = view["draw_count"]
        self.final_round: bool = view["final_round"]
        #: The final round in which the bag could not serve the draw (nobody draws, all sell).
        self.nobody_draws: bool = view.get("nobody_draws", False)
        self.theme: str | None = view["theme"]
        self.draft_tiles: str = view["draft_tiles"]
        auction = view["auction"]
        self.auction = None if auction is None else AuctionState(
            **{**auction, "bidders": tuple(auction["bidders"])})
        offer = view["trade_offer"]
        self.trade_offer = None if offer is None else TradeOffer(**offer)
        crossword = view.get("crossword") or {}
        #: The crossword variant's grid (empty otherwise): public, so in every seat's view.
        self.grid = Grid.from_dict(crossword.get("grid", {"tiles": []}))
        #: The squares of the last word placed, and how many words have been placed.
        self.last_placed = frozenset(tuple(square) for square in crossword.get("last", ()))
        self.words_placed: int = crossword.get("words", 0)

    def player(self, seat: int) -> RemotePlayer:
        """One seat's player."""
        return self.players[seat]

    def offer_price(self, seat: int | None = None) -> int:
        """The price of a seat's draw, when this seat may see it (else 0)."""
        seat = self.current if seat is None else seat
        if seat is None:
            return 0
        if seat == self.view["seat"]:
            return self.view["price"]
        drawn = self.players[seat].drawn
        return 0 if HIDDEN in drawn else self.rules.tiles.price_of(drawn)

    def over_limit(self, seat: int) -> int:
        """How many letter tiles a seat holds beyond the tile limit (counts are public)."""
        limit = self.rules.tile_limit
        return 0 if limit is None else max(0, len(self.players[seat].hand) - limit)

    def why_not(self, action: Action | str) -> str | None:
        """The server's reason for refusing one of this seat's keys now (None: allowed). Any
        other answer is for the server to judge when it arrives."""
        if not self.view["awaiting"]["you"]:
            return f"it is not your turn: {self.view['awaiting']['words']}"
        return self.view["why_not"].get(str(action))

    def outcome(self) -> dict[str, Any] | None:
        """The results as the server sent them, once the game is over."""
        return self.view["outcome"]


#: Why a joined screen takes nothing back: the server has applied the move, and the other
#: screens have shown it.
_NO_UNDO = "At a hosted table a move stands once it is sent: there is no undo"


class RemoteTable:
    """One seat at a hosted table, drawn by the table screen (see the module's docstring)."""

    def __init__(self, send: Callable[[str], None], words: LocalWords | None = None, *,
                 tell_hint: Callable[[], None] | None = None) -> None:
        """A seat whose answers go out through `send` (the link's); views come in via `take`.
        `words`: the dictionary and word finder its hints search, for a tile set (default:
        this machine's bundled word list, loaded on the first hint). `tell_hint`: tells the
        host that this seat's person is shown hints (without it, this screen shows none)."""
        self._send = send
        self._tell_hint = tell_hint
        #: The host has been told this seat uses hints (once is enough: the mark stays).
        self._hint_told = False
        self.seat: int = 0
        self.name = ""
        self.token: str | None = None
        self.view: dict[str, Any] | None = None
        self.log: list[str] = []
        #: Each log line's event kind, as the server named it ("" when it did not).
        self.log_kinds: list[str] = []
        self._game: RemoteGame | None = None
        self._rules: Rules | None = None
        #: An answer is on its way: the screen waits for the server's reply.
        self.in_flight = False
        #: The link broke and is being mended (the screen says "reconnecting").
        self.lost = False
        #: Why the table cannot be played from here any more (None while it can).
        self.ended: str | None = None
        self.refusal: str | None = None
        self.on_change: OnChange | None = None
        self.hand_off = False  # every player has their own screen
        self._words = words

    # ------------------------------------------------------------------ fed by the link

    def take(self, message: dict[str, Any]) -> None:
        """One message from the server for this seat."""
        kind = message.get("type")
        if kind == "welcome":
            self.seat, self.name, self.token = message["seat"], message["name"], message["token"]
        elif kind == "view":
            if message["log_from"] == 0:
                self.log, self.log_kinds = [], []
            self.log[message["log_from"]:] = message["log"]
            kinds = message.get("log_kinds") or [""] * len(message["log"])
            self.log_kinds[message["log_from"]:] = kinds
            if message["rule_set"] is not None:
                self._rules = Rules.from_dict(message["rule_set"])
            self.view, self._game = message, None
            self.seat, self.in_flight, self.lost = message["seat"], False, False
        elif kind == "refused":
            self.refusal, self.in_flight = message["message"], False
        elif kind == "error":
            self.ended = message["message"]
        self._changed(str(kind))

    def link_lost(self, final: str | None) -> None:
        """The link broke: `final` says why it cannot come back (None: it is reconnecting)."""
        self.in_flight = False
        self._hint_told = False  # the news may not have arrived: tell the host again
        if final is None:
            self.lost = True
        else:
            self.ended = final
        self._changed("link")

    def _changed(self, kind: Change) -> None:
        if self.on_change is not None:
            self.on_change(kind)

    # ------------------------------------------------------------------ what the screen reads

    @property
    def ready(self) -> bool:
        """Whether a view has arrived (the screen needs one to draw)."""
        return self.view is not None

    @property
    def game(self) -> RemoteGame:
        """The game as this seat sees it now."""
        if self._game is None:
            assert self.view is not None and self._rules is not None, "no view yet"
            self._game = RemoteGame(self.view, self._rules)
        return self._game

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats, people and computers (a seat handed to a computer shows its level)."""
        assert self.view is not None
        return tuple(Seat(name, level) for name, level in
                     zip(self.view["names"], self.view["computers"], strict=True))

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, s in enumerate(self.seats) if s.human)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.view is not None and self.view["outcome"] is not None

    def waiting_for(self) -> str:
        """What the table waits for, in the server's words."""
        return "" if self.view is None else self.view["awaiting"]["words"]

    def awaiting(self) -> Awaiting:
        """Who must act now, as the server said in its latest view."""
        assert self.view is not None
        asked = self.view["awaiting"]
        seats = tuple(asked["seats"])
        computer = bool(seats) and self.view["computers"][seats[0]] is not None
        sale = None if asked["sale"] is None else ev.Sold(**asked["sale"])
        return Awaiting(Wait(asked["wait"]), seats, computer, sale)

    def visible_to(self, viewer: int | None) -> frozenset[int]:
        """This seat, and any seat whose hand the server shows it (a table of open hands)."""
        if self.view is None or viewer != self.seat:
            return frozenset()
        shown = {o["seat"] for o in self.view["others"] if o["hand"] is not None}
        return frozenset({self.seat, *shown})

    def may_see(self, viewer: int | None, seat: int) -> bool:
        """Whether `viewer` (this seat) may see `seat`'s hand and draw."""
        return seat in self.visible_to(viewer)

    def log_for(self, viewer: int | None) -> list[LogLine]:
        """The log's lines as the server wrote them for this seat, each with its kind."""
        kinds = self.log_kinds
        return [LogLine(line, kinds[i] if i < len(kinds) else "")
                for i, line in enumerate(self.log)]

    # ------------------------------------------------------------------ the way in

    def act(self, seat: int, answer: Answer | str) -> Played | Refused:
        """Send this seat's answer. `Played` means sent (the server's reply comes as a view or
        a refusal); malformed notation and another seat's answer are refused here."""
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
        self._send(text)
        return Played(seat, sent)

    def preview(self, seat: int, typed: str) -> SalePreview:
        """The tiles and price of selling `typed` from this seat's hand. The dictionary's say
        is left to the server (it refuses a word it does not know, in strict mode)."""
        if not typed or self.view is None or seat != self.seat:
            return SalePreview()
        if self.game.rules.crossword:
            return self._preview_placement(typed)
        hand, wilds = self.view["hand"], self.view["wilds"]
        try:
            spelling = spell(typed.upper(), hand, wilds)
        except BuyWordError as error:
            return SalePreview(reason=str(error))
        rules = self.game.rules
        if len(spelling.word) < rules.min_word_length:
            return SalePreview(reason=f"a word needs at least {rules.min_word_length} letters")
        pips = rules.tiles.sale_pips(spelling)
        return SalePreview(tile_indices(hand, spelling.letters), spelling.wild, spelling.notation,
                           price(pips), pips)

    def _preview_placement(self, typed: str) -> SalePreview:
        """A crossword placement's preview, worked out here from the public grid, this seat's
        hand and the tile set: the tiles it lays, the words it forms and their prices, or why
        it cannot be placed. No dictionary verdict: the server judges the sale in strict mode
        (and a challenge does in challenge mode), as it does a plain word's."""
        game = self.game
        hand, wilds = self.view["hand"], self.view["wilds"]  # type: ignore[index]
        try:
            placement = Placement.parse(typed)
            play = check_placement(placement, game.grid, hand, wilds, game.rules.tiles, None,
                                   game.rules.min_word_length)
        except BuyWordError as error:
            return SalePreview(reason=str(error))
        wild = next((tile.letter for _, tile in play.laid if tile.wild), None)
        return SalePreview(tile_indices(hand, play.letters), wild, placement.word, play.price,
                           play.words[0].pips, None, placement, play.laid, play.words)

    @property
    def hints_allowed(self) -> bool:
        """Whether the host lets the players ask for hints (`buyword host --hints`)."""
        return self.view is not None and bool(self.view.get("hints"))

    def prepare_hints(self) -> None:
        """Load the word list the hints search (a second or more): a screen calls this in a
        worker thread as it opens, so the first F2 does not wait."""
        if self._rules is not None:
            (self._words or bundled_words)(self._rules.tiles)

    def hints(self, seat: int, limit: int = 8) -> list[Candidate] | list[Move]:
        """The best words (or, in the crossword variant, placements) this seat's hand can sell
        now, searched here, as a local game with hints does: in this seat's own hand (the
        only one it knows) and this machine's word list, the same bundled list the host's
        table judges with. The host is told, so the game is saved as played with hints by this
        seat. Raises BuyWordError when hints are off, it is not this seat's selling turn, or
        the host cannot be told."""
        if not self.hints_allowed:
            raise BuyWordError("the host plays this table without hints")
        game = self.game
        if seat != self.seat or not self.view["awaiting"]["you"] \
                or game.phase is not Phase.SELL:  # type: ignore[index]
            raise BuyWordError(f"hints are for the seller on their turn: {self.waiting_for()}")
        if game.theme is not None:
            raise BuyWordError("hints are not offered in a themed round at a hosted table")
        self._tell_host_of_hint()
        lexicon, finder = (self._words or bundled_words)(game.rules.tiles)
        hand, wilds = self.view["hand"], self.view["wilds"]  # type: ignore[index]
        min_length = game.rules.min_word_length
        if game.rules.crossword:
            from buyword.words.crossword import Board

            return Board(game.grid, finder, lexicon, min_length).moves(hand, wilds)[:limit]
        return finder.find(hand, wilds, min_length=min_length)[:limit]

    def _tell_host_of_hint(self) -> None:
        """Tell the host this seat uses hints, before showing any: a hint the host cannot
        hear of (no link, or the link is down) is not shown. Raises BuyWordError then."""
        if self._tell_hint is None or self.ended is not None:
            raise BuyWordError("hints need the link to the host's table")
        if self.lost:
            raise BuyWordError("not connected to the table: wait for it to come back")
        if not self._hint_told:
            self._tell_hint()
            self._hint_told = True

    def think(self) -> Decision:
        """The host's table plays the computers; a joined screen never does."""
        raise BuyWordError("the host's table plays the computers")

    def play(self, decision: Decision) -> Played | Refused:
        """The host's table plays the computers; a joined screen never does."""
        return Refused("the host's table plays the computers")

    def pause(self, decision: Decision) -> float:
        """No computer plays here: nothing to pace."""
        return 0.0

    def skip_ahead(self) -> None:
        """The host's table paces its computers; nothing to skip here."""

    def unseen(self, seat: int) -> str:
        """The tiles this seat cannot see yet, as the server counted them for it."""
        if self.view is None or seat != self.seat:
            return ""
        counts = self.view.get("unseen") or {}
        return "".join(letter * count for letter, count in sorted(counts.items()))

    def addressed(self, seat: int | None) -> bool:
        """Each player has their own screen: it speaks to its own seat as "you"."""
        return seat is not None and seat == self.seat

    def last_mover(self) -> int | None:
        """Undo belongs to a table at one screen: nothing to take back here."""
        return None

    def can_undo(self, seat: int) -> bool:
        """Moves at a hosted table stand once sent (the others may have seen them)."""
        return False

    def why_not_undo(self, seat: int) -> str | None:
        """Why nothing can be taken back at a hosted table."""
        return _NO_UNDO

    def undo(self, seat: int) -> Undone | Refused:
        """Moves at a hosted table stand once sent."""
        return Refused(_NO_UNDO)


# ---------------------------------------------------------------------- the links


class JoinedTable:
    """A seat joined over the network: feeds a `RemoteTable` from a `TableClient`, and after
    a drop takes the seat back with its token (the server then sends the table as it stands)."""

    def __init__(self, host: str, port: int, client: TableClient) -> None:
        """Wrap a client that has joined its seat (see `join`)."""
        self.host, self.port = host, port
        self.table = RemoteTable(self._send, tell_hint=self._hint)
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

    def _send(self, text: str) -> None:
        self._spawn(self._act(text))

    async def _act(self, text: str) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            await self.client.act(text)

    def _hint(self) -> None:
        self._spawn(self._tell_hint())

    async def _tell_hint(self) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            await self.client.hint()

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
        session = server.session
        self.table = RemoteTable(self._send, lambda _tiles: (session.game.dictionary,
                                                            session.finder),
                                 tell_hint=self._hint)
        self.table.seat, self.table.name = seat, server.session.game.names[seat]
        self._log_sent = 0
        self._tasks: set[asyncio.Task[None]] = set()
        #: Called after every change on the server (a client came or went, a move was made).
        self.on_update: Callable[[], None] | None = None
        server.on_update = self.refresh
        self.refresh()

    def refresh(self) -> None:
        """Send the host's screen its seat's view as the table now stands."""
        message = seat_message(self.server.session, self.table.seat, self._log_sent)
        self._log_sent = message["log_size"]
        self.table.take(message)
        if self.on_update is not None:
            self.on_update()

    def _send(self, text: str) -> None:
        self._spawn(self._act(text))

    def _hint(self) -> None:
        self._spawn(self._tell_hint())

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _act(self, text: str) -> None:
        result = await self.server.act(self.table.seat, text)
        if isinstance(result, Refused):
            self.table.take(refused_message(str(result)))

    async def _tell_hint(self) -> None:
        refused = await self.server.hint(self.table.seat)
        if refused is not None:
            self.table.take(refused_message(str(refused)))
