"""Who used hints at a hosted table: each screen asks the host for its person's hints (F2), so
the saved game and its record mark the seats that used them, and a table where nobody
did is saved without hints, as a local game is. A screen the table does not allow hints, or
not on its selling turn, marks nothing."""

from __future__ import annotations

import pytest
from net_helpers import FINDER, HOST, LEXICON, settle, to_selling

from buyword.net import protocol as wire
from buyword.net.commands import save_as_played
from buyword.net.remote import HostSeat, JoinedTable, SeatLink
from buyword.net.server import TableServer
from buyword.store import SavedGame, Store
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.table.autosave import Autosave


async def seated(session: TableSession) -> tuple[TableServer, SeatLink, JoinedTable]:
    """The host plays Ann on its own screen; Bob joins over loopback (his link is kept: a
    test sends on it what his screen would not)."""
    server = TableServer(session, reserved=frozenset({0}))
    await server.start()
    ann = HostSeat(server, 0).table
    return server, ann, await JoinedTable.join(HOST, server.port, server.codes[1])


def hosted_setup(hints: bool) -> GameSetup:
    """Ann and Bob; Ann draws TEA and Bob ONS in round one (as `hinted_table`)."""
    return GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=31, private_hands=True,
                     hints=hints, bag="TEAONS")


def hinted_table(hints: bool) -> TableSession:
    """A new table of `hosted_setup(hints)` on the test words."""
    return TableSession.new(hosted_setup(hints), LEXICON, FINDER)


def saving(server: TableServer) -> tuple[Store, Autosave]:
    """The host's saves, made and wired as `buyword host` makes them, in a store in memory."""
    store = Store(memory=True)
    session = server.session
    hosted = Autosave.start(store, session, hosted_setup(session.hints_allowed), hosted=True)
    save_as_played(server, hosted)
    return store, hosted


def saved_hints(store: Store) -> tuple[int, ...]:
    """The per-seat hint marks of the game in progress, as saved."""
    peeked = store.peek_game().saved
    assert peeked is not None
    return peeked.hints


async def bob_sells(ann: SeatLink, bob: SeatLink) -> None:
    """Ann ends her sales; Bob is to sell."""
    ann.act(0, "done")
    await settle(ann, bob, until=lambda: bob.view.awaiting.seats == (1,)
                 and bob.view.awaiting.wait is Wait.SELL)


async def test_a_table_with_hints_allowed_where_nobody_uses_them_is_saved_without() -> None:
    server, ann, joined = await seated(hinted_table(hints=True))
    bob = joined.table
    store, hosted = saving(server)
    try:
        await to_selling(ann, bob)
        await bob_sells(ann, bob)
        bob.act(1, "done")
        await settle(ann, bob, until=lambda: ann.view.awaiting.wait is Wait.ROLL)
        assert saved_hints(store) == (0, 0) and not hosted.saved.hinted
    finally:
        await server.close()


@pytest.mark.parametrize(("seat", "marks"), [(1, (0, 1)), (0, (1, 0))])
async def test_f2_on_a_screen_marks_that_seat_in_the_save(seat: int,
                                                          marks: tuple[int, int]) -> None:
    session = hinted_table(hints=True)
    server, ann, joined = await seated(session)  # seat 0 on the host's screen, 1 joined
    bob = joined.table
    store, hosted = saving(server)
    try:
        await to_selling(ann, bob)
        if seat == 1:
            await bob_sells(ann, bob)
        screen = (ann, bob)[seat]
        found: list[object] = []
        screen.ask_hints(seat, found.append)  # what F2 on that screen asks for
        await settle(ann, bob, until=lambda: bool(session.hinted) and bool(found))
        assert session.hinted == {seat}
        assert saved_hints(store) == marks and hosted.saved.hinted
        # The mark stays as play goes on (the finished game is recorded from this save).
        moves = len(session.game.actions)
        screen.act(seat, "done")
        await settle(ann, bob, until=lambda: len(session.game.actions) > moves)
        assert saved_hints(store) == marks
    finally:
        await server.close()


async def test_a_screen_not_allowed_hints_cannot_mark_the_game() -> None:
    session = hinted_table(hints=False)
    server, ann, joined = await seated(session)
    bob = joined.table
    store, hosted = saving(server)
    link = server.clients[1]
    try:
        await to_selling(ann, bob)
        await bob_sells(ann, bob)
        await joined.client.hint()  # sent by hand: the screen offers no hints at this table
        await settle(bob, until=lambda: bob.refusal is not None)
        assert "hints are off" in bob.refusal
        assert session.hinted == set() and not session.hints_used
        assert saved_hints(store) == (0, 0) and not hosted.saved.hinted
        assert server.clients[1] is link  # refused, not dropped: nothing else changed
    finally:
        await server.close()


async def test_a_hint_out_of_turn_marks_nothing() -> None:
    session = hinted_table(hints=True)
    server, ann, joined = await seated(session)
    bob = joined.table
    store, _ = saving(server)
    try:
        await to_selling(ann, bob)  # Ann sells: it is not Bob's turn
        await joined.client.hint()
        await settle(bob, until=lambda: bob.refusal is not None)
        assert "hints are for the seller" in bob.refusal
        assert session.hinted == set() and saved_hints(store) == (0, 0)
    finally:
        await server.close()


def test_the_hint_message_is_read_strictly() -> None:
    assert wire.parse_client(wire.encode(wire.hint_message())) == wire.Hint()
    with pytest.raises(wire.ProtocolError, match="a field this version does not know"):
        wire.parse_client('{"v":3,"type":"hint","seat":0}')  # a seat is the connection's


def test_a_screen_with_no_link_to_the_host_shows_no_hints() -> None:
    from buyword.engine import BuyWordError
    from buyword.net.protocol import view_message

    session = hinted_table(hints=True)
    for seat, answer in ((0, "roll 3"), (0, "buy"), (1, "buy")):  # Ann is to sell
        session.act(seat, answer)
    sent: list[object] = []
    unlinked = SeatLink(sent.append)
    unlinked.take(view_message(session, 0))
    unlinked.link_lost("the table has closed")
    with pytest.raises(BuyWordError, match="link to the host"):
        unlinked.ask_hints(0, sent.append)
    assert sent == [] and not session.hints_used


def test_a_save_keeps_the_marks_of_earlier_sittings() -> None:
    game = hinted_table(hints=True).game
    saved = SavedGame.of(game, hints=(0, 1))
    assert saved.hinted_by(set()).hints == (0, 1)
    assert saved.hinted_by({0}).hints == (1, 1)
    assert SavedGame.of(game).hinted_by({1}).hints == (0, 1)  # a save with no marks yet
