"""Helpers for the table server's tests: small tables on a test word list, and a client that
plays its seat to the end with simple, legal-minded answers (loopback only)."""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from buyword.engine import default_tiles
from buyword.net.client import TableClient
from buyword.net.remote import SeatLink
from buyword.net.server import TableServer
from buyword.store.setup import GameSetup, Seat
from buyword.table import SalePreview, TableSession, Wait
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "aeon", "one", "eon", "tidies",
         "tides", "diet", "edit", "quiz", "zoo", "no", "on", "in", "it", "is", "so", "to")
LEXICON = Lexicon(WORDS, "the net test words")
FINDER = WordFinder(LEXICON, default_tiles())
#: Loopback only: the tests never listen on another address.
HOST = "127.0.0.1"
#: "Ann drew QZX", "Ann bought QZX for $..": the letters going into a hand.
INTO_HAND = re.compile(r"^(?P<name>.+?) (?:drew|bought) (?P<tiles>\S+)")


def table(*seats: Seat, seed: int = 3, challenge: bool = False, bag: str | None = None,
          **options: Any) -> TableSession:
    """A private table of `seats` on the test words (`bag`: the front of the bag, stacked)."""
    setup = GameSetup(seats=seats, seed=seed, challenge=challenge, private_hands=True, bag=bag)
    return TableSession.new(setup, LEXICON, FINDER, **options)


def answer(client: TableClient, tried: set[str]) -> str:
    """A sensible answer for the client's seat from its view alone (`tried`: sales refused
    this turn, so a word is not offered twice)."""
    assert client.view is not None
    view = client.view.seat
    wait = client.view.awaiting.wait
    if wait == "roll":
        return "roll"
    if wait == "choose":
        return "choose 4"
    if wait == "buy":
        return "buy" if view.can_buy and view.offer_price <= view.money // 2 else "discard"
    if wait == "drop":
        return "drop " + view.hand[-view.over_limit:]
    if wait == "challenge":
        return "pass"
    hand = Counter(view.hand)
    for word in sorted(WORDS, key=len, reverse=True):
        if word not in tried and not Counter(word.upper()) - hand:
            tried.add(word)
            return f"sell {word.upper()}"
    return "done"


async def play_seat(client: TableClient, limit: int = 2000) -> None:
    """Answer for the client's seat whenever the table waits for it, until the game ends."""
    tried: set[str] = set()
    for _ in range(limit):
        if client.over:
            return
        if client.my_turn:
            text = answer(client, tried)
            if text == "done" or not text.startswith("sell"):
                tried = set()
            await client.act(text)
        await client.next_view(timeout=60)
    raise AssertionError("the game did not end")


async def join_all(server: TableServer) -> list[TableClient]:
    """A client for every open seat, joined with its code."""
    clients = []
    for code in server.codes.values():
        client = await TableClient.connect(HOST, server.port)
        await client.join(code=code)
        clients.append(client)
    return clients


def private_breaches(message: dict[str, Any], hidden: dict[int, tuple[str, str]],
                     names: tuple[str, ...]) -> list[str]:
    """What in one view message shows a seat's hidden hand or draw (`hidden`: seat -> (hand,
    draw) as they were when the message was made)."""
    found = []
    view = message["view"]
    own = view["seat"]
    seat = own["seat"]
    for other in own["opponents"]:
        if other["hand"] is not None or other["drawn"] is not None:
            found.append(f"seat {other['seat']}'s tiles are in 'opponents'")
    for line in (entry["text"] for entry in view["log"]):
        match = INTO_HAND.match(line)
        if match and match["name"] != names[seat] and set(match["tiles"]) != {"▪"}:
            found.append(f"log line {line!r}")
    # The seat's own tiles, the log (checked above) and the unseen tiles (the bag and every
    # hidden tile mixed and sorted: no owner) aside, nothing may hold a hidden hand or draw.
    public = {**view, "log": [], "seat": {k: v for k, v in own.items()
                                          if k not in ("hand", "drawn", "unseen")}}
    text = repr(public)
    for other, (hand, drawn) in hidden.items():
        for tiles in (hand, drawn):
            if len(tiles) >= 3 and tiles in text:
                found.append(f"seat {other}'s tiles {tiles!r} appear in the message")
    return found


async def settle(*tables: SeatLink, until: Callable[[], bool] | None = None,
                 within: float = 60.0) -> None:
    """Let the messages on their way arrive (loopback: a millisecond or two when idle, far
    longer with both cores busy), and then until `until` holds. `within` seconds is only where
    a table that never answers gives up, never how long an answer is expected to take."""
    deadline = time.monotonic() + within
    while True:
        await asyncio.sleep(0.002)
        if all(not t.in_flight for t in tables) and (until is None or until()):
            return
        if time.monotonic() > deadline:
            raise AssertionError("the table did not answer")


async def to_selling(ann: SeatLink, bob: SeatLink) -> None:
    """A two-seat table's first round: roll 3; both buy their draws; Ann is to sell."""
    ann.act(0, "roll 3")
    await settle(ann, bob, until=lambda: ann.table_view().awaiting.seats == (0,)
                 and ann.table_view().awaiting.wait is Wait.BUY)
    ann.act(0, "buy")
    await settle(ann, bob, until=lambda: bob.table_view().awaiting.seats == (1,))
    bob.act(1, "buy")
    await settle(ann, bob, until=lambda: ann.table_view().awaiting.wait is Wait.SELL)


async def previewed(link: SeatLink, seat: int, typed: str) -> SalePreview:
    """The host's preview of selling `typed` at `seat`, as the seat's screen is given it: asked
    for, then answered."""
    came: list[SalePreview] = []
    link.ask_preview(seat, typed, came.append)
    await settle(link, until=lambda: bool(came))
    return came[0]
