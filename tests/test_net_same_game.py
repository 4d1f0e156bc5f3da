"""One game, two ways of sitting at it: the same seeded three-seat game with private hands,
played by the same answers at one shared screen (pass and play) and at a hosted table (the host
on its screen, a second player joined over the network), ends with the same record and the same
log. The table runner is one turn loop behind both."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
from net_helpers import FINDER, HOST, LEXICON, WORDS
from textual.pilot import Pilot
from ui_helpers import frames, make_app, settle, table, until

from buyword.bots.view import SeatView
from buyword.net.client import TableClient
from buyword.net.remote import HostSeat
from buyword.net.server import TableServer
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, TableView, Wait

pytestmark = pytest.mark.slow  # two whole games through Pilot and a websocket

SETUP = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")), seed=31,
                  private_hands=True)

#: Seconds after which a whole game that has not ended is taken to have hung.
WHOLE_GAME = 600.0


def decide(wait: Wait, seat: SeatView) -> str:
    """What a person answers, from their own seat's view: roll, draw 4, buy a draw costing
    at most half their money, sell the longest test word their hand makes, drop the last
    tiles over the limit."""
    if wait is Wait.ROLL:
        return "roll"
    if wait is Wait.CHOOSE:
        return "choose 4"
    if wait is Wait.BUY:
        return "buy" if seat.can_buy and seat.offer_price <= seat.money // 2 else "discard"
    if wait is Wait.DROP:
        return "drop " + seat.hand[-seat.over_limit:]
    hand = Counter(seat.hand)
    for word in sorted(WORDS, key=lambda w: (-len(w), w)):
        if not Counter(word.upper()) - hand:
            return f"sell {word.upper()}"
    return "done"


def keys_for(answer: str) -> list[str]:
    """The keys a person presses for `answer` at the table screen (a drop is typed into its
    dialog, which opens by itself)."""
    if answer.startswith("sell "):
        return [*answer.removeprefix("sell ").lower(), "enter"]
    if answer.startswith("drop "):
        return [*answer.removeprefix("drop ").lower(), "enter"]
    return {"roll": ["r"], "choose 4": ["4"], "buy": ["b"], "discard": ["d"],
            "done": ["escape"]}[answer]


async def answer_at_screen(pilot: Pilot, view: TableView, moves: int,
                           made: object) -> None:
    """Press the keys of the person's answer, then wait until the table has taken it."""
    assert view.awaiting.wait is not None
    await pilot.press(*keys_for(decide(view.awaiting.wait, view.seat)))
    await until(pilot, lambda: made() != moves,  # type: ignore[operator]
                f"the answer taken: {view.awaiting}")


async def play_here() -> TableSession:
    """The game at one screen: Ann and Bob pass it between them; Cy is a computer."""
    from buyword.ui.dialogs.drop import DropScreen
    from buyword.ui.dialogs.handoff import HandOffScreen

    app = make_app(SETUP, lexicon=LEXICON)
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        session = table(app).session
        # A whole game: the limit is only where a hung game gives up (about 10 s of CPU,
        # which with both cores busy can take minutes of wall clock).
        async for _ in frames(pilot, "the end of the game at one screen", within=WHOLE_GAME):
            if session.over:
                return session
            screen = app.screen
            if isinstance(screen, HandOffScreen):
                await pilot.press("enter")
                continue
            view = table(app).view
            awaiting = view.awaiting
            if awaiting.computer or view.handing_to is not None or table(app).state.busy:
                continue
            if awaiting.wait is Wait.DROP and not isinstance(screen, DropScreen):
                continue  # its dialog is opening
            await answer_at_screen(pilot, view, len(session.game.actions),
                                   lambda: len(session.game.actions))
    raise AssertionError("unreachable: frames gives up by raising")


async def play_seat(client: TableClient) -> None:
    """Bob, joined over the network, answers as `decide` says whenever he is asked."""
    while not client.over:
        view = client.view
        if view is not None and client.my_turn:
            await client.act(decide(Wait(view.awaiting.wait), view.seat))
        await client.next_view(timeout=60)


async def play_hosted() -> TableSession:
    """The game at a hosted table: Ann on the host's screen, Bob joined, Cy a computer."""
    from buyword.ui.app import BuyWordApp
    from buyword.ui.dialogs.drop import DropScreen
    from buyword.ui.options import Opening

    session = TableSession.new(SETUP, LEXICON, FINDER)
    async with TableServer(session, reserved=frozenset({0})) as server:
        bob = await TableClient.connect(HOST, server.port)
        await bob.join(code=server.codes[1])
        bob_plays = asyncio.create_task(play_seat(bob))
        host = HostSeat(server, 0)
        app = BuyWordApp(opening=Opening.hosting(host))
        async with app.run_test(size=(100, 34)) as pilot:
            async for _ in frames(pilot, "the end of the hosted game", within=WHOLE_GAME):
                if session.over:
                    break
                link = host.table
                view = link.view
                if view is None or link.in_flight or not view.awaiting.seats:
                    continue
                awaiting = view.awaiting
                if awaiting.computer or awaiting.seat != 0 or awaiting.wait is Wait.OVER:
                    continue
                if awaiting.wait is Wait.DROP and not isinstance(app.screen, DropScreen):
                    continue
                await answer_at_screen(pilot, view, len(session.game.actions),
                                       lambda: len(session.game.actions))
            app.exit()
        await asyncio.wait_for(bob_plays, 60)
        await bob.close()
    assert session.over, "the hosted game did not end"
    return session


async def test_the_same_game_at_one_screen_and_at_a_hosted_table_has_the_same_log() -> None:
    here = await play_here()
    hosted = await play_hosted()
    assert here.game.actions == hosted.game.actions
    assert [str(event) for event in here.game.log] == [str(event) for event in hosted.game.log]
    assert any(action.startswith("sell ") for action in here.game.actions)  # people sold
    assert len({action.split()[0] for action in here.game.actions}) >= 5  # roll, buy, sell...
