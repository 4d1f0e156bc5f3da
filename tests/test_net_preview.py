"""A sale's preview at a hosted table is the host's session's: a joined screen shows what a
local one shows for the same hand, so a word the host's dictionary refuses is never shown as
sellable (in strict mode it says why; in challenge mode neither says whether it is a word)."""

from __future__ import annotations

import pytest
from net_helpers import FINDER, HOST, LEXICON, previewed, settle
from textual.widgets import Static
from ui_helpers import on_top, until

from buyword.net.remote import HostSeat, JoinedTable
from buyword.net.server import TableServer
from buyword.store.setup import GameSetup, Seat
from buyword.table import Played, SalePreview, TableSession, Wait

#: Ann draws TEA and Bob BOV: BOV is priced by the tiles but is not in the test words.
BAG = "TEA" "BOV"


def bov_table(challenge: bool = False) -> TableSession:
    """Ann and Bob at a private table; Bob is dealt B, O and V."""
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=31, private_hands=True,
                      challenge=challenge, bag=BAG)
    return TableSession.new(setup, LEXICON, FINDER)


async def to_bobs_sale(server: TableServer) -> JoinedTable:
    """Ann on the host's screen, Bob joined; both buy, Ann sells nothing: Bob is to sell."""
    ann = HostSeat(server, 0).table
    joined = await JoinedTable.join(HOST, server.port, server.codes[1])
    bob = joined.table
    for text in ("roll 3", "buy"):
        ann.act(0, text)
        await settle(ann, bob, until=lambda: not ann.in_flight)
    await settle(ann, bob, until=lambda: bob.view.awaiting.seats == (1,))
    bob.act(1, "buy")
    await settle(ann, bob, until=lambda: ann.view.awaiting.wait is Wait.SELL)
    ann.act(0, "done")
    await settle(ann, bob, until=lambda: bob.view.awaiting.seats == (1,)
                 and bob.view.awaiting.wait is Wait.SELL)
    return joined


@pytest.mark.parametrize("challenge", [False, True])
async def test_a_joined_seats_preview_of_a_non_word_is_the_hosts(challenge: bool) -> None:
    session = bov_table(challenge)
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await to_bobs_sale(server)
        bob = joined.table
        assert sorted(bob.view.seat.hand) == ["B", "O", "V"]
        shown = await previewed(bob, 1, "BOV")
        assert shown == session.preview(1, "BOV")
        if challenge:  # a challenge finds out: no verdict before it, here or there
            assert shown.reason is None and shown.price > 0
        else:
            assert shown.reason is not None and "dictionary" in shown.reason
        await joined.leave()


async def test_each_preview_asked_of_the_host_comes_back_once_to_what_asked_for_it() -> None:
    session = bov_table()
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await to_bobs_sale(server)
        bob = joined.table
        b: list[SalePreview] = []
        bo: list[SalePreview] = []
        bov: list[SalePreview] = []
        bob.ask_preview(1, "B", b.append)  # asked at once
        bob.ask_preview(1, "BO", bo.append)  # typed over before B's answer came: never asked
        bob.ask_preview(1, "BOV", bov.append)
        await settle(bob, until=lambda: bool(bov))
        assert b == [session.preview(1, "B")] and bo == []
        assert bov == [session.preview(1, "BOV")]
        again: list[SalePreview] = []
        bob.ask_preview(1, "BOV", again.append)  # known: answered at once, not asked again
        assert again == bov
        await joined.leave()


@pytest.mark.slow
async def test_typing_a_non_word_on_a_joined_screen_shows_no_tick() -> None:
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import Opening
    from buyword.ui.screens.table import TableScreen

    session = bov_table()
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await to_bobs_sale(server)
        app = BuyWordApp(opening=Opening.joining(joined))
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await on_top(pilot, TableScreen)
            await pilot.press("b", "o", "v")
            feedback = screen.query_one("#feedback", Static)
            await until(pilot, lambda: "✗" in str(feedback.render()),  # over the link
                        "the host's verdict on BOV")
            text = str(feedback.render())
            assert "✓" not in text and "Enter sells" not in text
            assert "dictionary" in text
            await pilot.press("enter")  # refused on the screen, as at a local table
            message = screen.query_one("#message", Static)
            await until(pilot, lambda: "dictionary" in str(message.render()), "the refusal")
            assert sorted(session.game.player(1).hand) == ["B", "O", "V"]
            app.exit()


def test_a_view_this_screen_cannot_read_ends_the_table_here_in_words() -> None:
    from buyword.net.remote import SeatLink
    from buyword.table.source import Update

    link = SeatLink(lambda _message: None)
    updates: list[Update] = []
    link.subscribe(updates.append)
    link.take({"v": 1, "type": "view", "seat": 1, "log_from": 0})  # an older host's view
    assert link.view is None and updates == [Update(None)]  # told, with nothing to draw
    assert link.ended is not None and "another version of BuyWord" in link.ended
    assert "NoneType" not in link.ended and "Error" not in link.ended


def test_a_joined_seats_view_carries_its_links_state_which_never_goes_over_the_wire() -> None:
    from buyword.net.protocol import view_message
    from buyword.net.remote import SeatLink
    from buyword.table.views import LinkView

    session = bov_table()
    sent: list[object] = []
    link = SeatLink(sent.append)
    message = view_message(session, 0)
    assert "link" not in message["view"]  # the host's view knows of no link
    link.take(message)
    assert link.table_view().link == LinkView(0)
    assert link.act(0, "roll 3")  # sent: Ann's screen waits for the host's reply
    waiting = link.table_view().link
    assert waiting is not None and waiting.sent and not waiting.open
    link.link_lost(None)
    lost = link.table_view().link
    assert lost is not None and lost.lost and not lost.sent and not lost.open
    link.link_lost("the table has closed")
    assert link.table_view().link == LinkView(0, lost=True, ended="the table has closed")


def test_enter_at_the_challenge_prompt_lets_the_sale_stand_for_this_seat_alone() -> None:
    from buyword.net.protocol import act_message, view_message
    from buyword.net.remote import SeatLink

    session = bov_table(challenge=True)
    for seat, text in ((0, "roll 3"), (0, "buy"), (1, "buy"), (0, "sell TEA")):
        assert isinstance(session.act(seat, text), Played), text
    links = []
    for seat in (0, 1):
        sent: list[object] = []
        link = SeatLink(sent.append)
        link.take(view_message(session, seat))
        links.append((link, sent))
    (ann, ann_sent), (bob, bob_sent) = links
    assert bob.table_view().awaiting.wait is Wait.CHALLENGE
    assert bob.table_view().awaiting.seats == (1,)
    ann.let_stand(ann.table_view().awaiting.seats)  # Ann sold it: she is not asked
    bob.let_stand(bob.table_view().awaiting.seats)
    assert ann_sent == [] and bob_sent == [act_message("pass")]


async def test_the_hosts_powers_name_each_seat_and_hand_a_seat_to_a_computer() -> None:
    from buyword.bots import LEVELS

    level = LEVELS[0]
    async with TableServer(bov_table(), reserved=frozenset({0})) as server:
        host = HostSeat(server, 0)
        assert host.seat_lines() == ["1 Ann: you", f"2 Bob: code {server.codes[1]}"]
        assert host.codes()[-2:] == ["1 Ann: you, at this screen",  # the join dialog's words
                                     f"2 Bob: not joined yet · code {server.codes[1]}"]
        assert host.handed_over() == [(1, "Bob")]
        assert host.hand_to_computer(1, level) == f"A computer ({level}) plays Bob's seat now."
        assert host.seat_lines()[1] == "2 Bob: computer"
        assert host.codes()[-1] == f"2 Bob: computer ({level})"
        assert host.handed_over() == []
