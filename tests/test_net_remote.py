"""A seat at a hosted table as the table screen reads it (`SeatLink`), without Textual: the
game as that seat may see it, the variants' table state, and answers checked before sending."""

from __future__ import annotations

from net_helpers import FINDER, HOST, LEXICON, settle

from buyword.net.remote import HostSeat, JoinedTable, SeatLink
from buyword.net.server import TableServer
from buyword.store.setup import GameSetup, Seat
from buyword.table import HIDDEN, Played, Refused, TableSession, Wait

ANN, BOB = Seat("Ann"), Seat("Bob")


def variant_table(**variants: bool) -> TableSession:
    """Ann and Bob at a private table with `variants` on."""
    setup = GameSetup(seats=(ANN, BOB), seed=31, private_hands=True,
                      variants=tuple(name for name, on in variants.items() if on))
    return TableSession.new(setup, LEXICON, FINDER)


async def seated(session: TableSession) -> tuple[TableServer, SeatLink, SeatLink]:
    """The host plays Ann in this process; Bob joins over loopback."""
    server = TableServer(session, reserved=frozenset({0}))
    await server.start()
    ann = HostSeat(server, 0).table
    bob = (await JoinedTable.join(HOST, server.port, server.codes[1])).table
    return server, ann, bob


async def test_an_auction_is_drawn_from_the_views_and_answered_through_the_server() -> None:
    session = variant_table(auction=True)
    server, ann, bob = await seated(session)
    try:
        assert isinstance(ann.act(0, "roll 3"), Played)
        await settle(ann, bob, until=lambda: bob.view.seat.draw_count == 3)
        assert ann.view.awaiting.wait is Wait.BUY and ann.view.refusal("auction") is None
        assert bob.view.players[0].drawn is None  # Ann's draw, face down for Bob
        assert bob.view.players[0].drawn_tiles == 3
        assert bob.view.refusal("auction").startswith("it is not your turn")
        ann.act(0, "auction")
        await settle(ann, bob, until=lambda: bob.view.awaiting.wait is Wait.AUCTION)
        auction = bob.view.seat.auction
        assert auction is not None and auction.tiles == session.game.auction.tiles
        assert HIDDEN not in auction.tiles  # a draw up for auction is shown to the bidders
        assert bob.view.refusal("pass") is None and ann.view.why_not == {}
        bob.act(1, "bid 5")
        await settle(ann, bob, until=lambda: ann.view.awaiting.seats == (0,))
        assert ann.view.seat.auction.high_bid == 5 and ann.view.refusal("match") is None
    finally:
        await server.close()


async def test_trade_shows_every_draw_but_never_a_hand() -> None:
    session = variant_table(trade=True)
    server, ann, bob = await seated(session)
    try:
        ann.act(0, "roll 4")
        await settle(ann, bob, until=lambda: bob.view.seat.draw_count == 4)
        assert bob.view.players[0].drawn == session.game.player(0).drawn  # face up to trade
        assert bob.view.awaiting.wait is Wait.TRADE
        assert bob.view.players[0].hand is None
    finally:
        await server.close()


async def test_answers_are_checked_before_they_go_and_one_at_a_time() -> None:
    session = variant_table()
    server, ann, bob = await seated(session)
    try:
        assert isinstance(bob.act(0, "roll"), Refused)  # Ann's seat, not this screen's
        assert isinstance(ann.act(0, "roll 9"), Refused)  # malformed: never sent
        assert session.game.die is None
        assert isinstance(ann.act(0, "roll 2"), Played) and ann.in_flight
        assert isinstance(ann.act(0, "roll 2"), Refused)  # the first is still on its way
        await settle(ann, bob, until=lambda: bob.view.seat.draw_count == 2)
        assert session.game.draw_count == 2 and len(bob.view.seat.drawn) == 2
        bob.act(1, "buy")  # not Bob's turn: the server refuses it, nothing changes
        await settle(bob, until=lambda: bob.refusal is not None)
        assert "not Bob's turn" in bob.refusal and session.game.current == 0
    finally:
        await server.close()


async def test_a_drafts_face_up_tiles_are_on_every_screen_and_picked_by_letter() -> None:
    session = variant_table(draft=True)
    server, ann, bob = await seated(session)
    try:
        ann.act(0, "roll 2")
        await settle(ann, bob, until=lambda: bob.view.seat.draft_tiles != "")
        tiles = session.game.draft_tiles
        assert len(tiles) == 4 and bob.view.seat.draft_tiles == ann.view.seat.draft_tiles == tiles
        assert ann.view.awaiting.wait is Wait.DRAFT and ann.view.awaiting.seats == (0,)
        ann.act(0, f"pick {tiles[0]}")
        await settle(ann, bob, until=lambda: len(bob.view.seat.draft_tiles) == 3)
        assert bob.view.awaiting.seats == (1,) and bob.view.why_not != {}
    finally:
        await server.close()
