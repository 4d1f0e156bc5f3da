"""A table played through the server by real clients on loopback: to the end, each seat sees
only its own tiles in every message, and answers count only for the seat and turn they hold."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import HOST, join_all, play_seat, private_breaches, table

from buyword.net import protocol as wire
from buyword.net.client import TableClient, TableRefused
from buyword.net.server import TableServer
from buyword.store.setup import Seat
from buyword.table.session import NO_UNDO_HOSTED

ANN, BOB, CY = Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")


async def test_two_people_and_a_computer_play_to_the_end_and_see_the_same_result() -> None:
    session = table(ANN, BOB, CY, seed=11)
    async with TableServer(session) as server:
        assert set(server.codes) == {0, 1}  # the computer's seat has no code
        ann, bob = await join_all(server)
        await asyncio.wait_for(asyncio.gather(play_seat(ann), play_seat(bob)), 60)
        outcome = session.game.outcome()
        assert outcome is not None
        for client in (ann, bob):
            assert client.view.outcome.winners == outcome.winners
            assert [s.money for s in client.view.outcome.standings] == \
                [s.money for s in outcome.standings]
            # The client's log, built from the pieces sent, is the seat's whole log.
            assert client.log == [str(e) for e in session.log_for(client.seat)]
            await client.close()
    assert any(" sold " in line for line in ann.log), "words were sold"
    assert any(line.startswith("Cy ") for line in ann.log), "the computer played"


async def test_no_message_shows_another_seats_hidden_tiles(monkeypatch) -> None:
    session = table(ANN, BOB, CY, seed=12)
    checked = []
    made = wire.view_message

    def recording(session_, seat, log_from=0):
        message = made(session_, seat, log_from)
        hidden = {p.seat: (p.hand, p.drawn) for p in session_.game.players if p.seat != seat}
        checked.append(private_breaches(message, hidden, session_.game.names))
        # The bag travels as a count, the unseen tiles sorted: never an order.
        seen = message["view"]["seat"]
        assert isinstance(seen["bag_size"], int)
        assert seen["unseen"] == "".join(sorted(seen["unseen"]))
        return message

    monkeypatch.setattr("buyword.net.server.view_message", recording)
    async with TableServer(session) as server:
        clients = await join_all(server)
        await asyncio.wait_for(asyncio.gather(*(play_seat(c) for c in clients)), 60)
        for client in clients:
            views = [m for m in client.received if m["type"] == "view"]
            assert views and all(m["view"]["seat"]["seat"] == client.seat for m in views)
            await client.close()
    assert len(checked) > 50 and all(found == [] for found in checked), \
        [f for f in checked if f][:3]


def test_the_privacy_check_finds_a_leak() -> None:
    """The check above can fail: a view that shows another hand is caught."""
    session = table(ANN, BOB, CY, seed=12)
    session.act(0, "roll 4")
    message = wire.view_message(session, 1)
    ann = session.game.player(0)
    hidden = {0: (ann.hand, ann.drawn)}
    assert private_breaches(message, hidden, session.game.names) == []
    message["view"]["seat"]["opponents"][0]["drawn"] = ann.drawn
    message["view"]["log"].append({"text": f"Ann drew {ann.drawn}", "kind": "Drew"})
    assert len(private_breaches(message, hidden, session.game.names)) == 3


async def test_a_client_cannot_act_for_another_seat_or_out_of_turn() -> None:
    session = table(ANN, BOB, CY, seed=13)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        assert ann.seat == 0 and bob.seat == 1
        before = session.game.state()
        await bob.act("roll")  # Ann is the leader: Bob may not roll
        await bob.next_view()
        assert "not Bob's turn" in bob.refusals[-1]
        await bob.act("roll 4")
        await bob.next_view()
        assert session.game.state() == before and len(bob.refusals) == 2
        # A seat number in the message is not part of the protocol: the connection is closed.
        await bob.send({"v": 3, "type": "act", "text": "roll", "seat": 0})
        with pytest.raises(TableRefused):
            await bob.wait_for(lambda: False, 60)
        assert session.game.state() == before
        await ann.act("roll 4")
        await ann.next_view()
        assert session.game.actions == ["roll 4"]
        await ann.close()


async def test_a_dropped_player_rejoins_with_the_token_and_sees_the_table_as_it_stands() -> None:
    session = table(ANN, BOB, CY, seed=14)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        token = bob.token
        await bob.close()
        await ann.act("roll 4")
        await ann.next_view()
        await ann.act("buy")
        await ann.next_view()
        # The code is spent once the seat is taken: only the token takes it back.
        thief = await TableClient.connect(HOST, server.port)
        with pytest.raises(TableRefused, match="taken"):
            await thief.join(code=server.codes[1])
        stranger = await TableClient.connect(HOST, server.port)
        with pytest.raises(TableRefused, match="token"):
            await stranger.join(token="not-a-token")
        back = await TableClient.connect(HOST, server.port)
        view = await back.join(token=token)
        assert back.seat == 1 and 1 in view.awaiting.seats and view.awaiting.wait == "buy"
        assert view.seat.drawn == session.game.player(1).drawn
        assert back.log == [str(e) for e in session.log_for(1)]
        await back.act("discard")
        await back.next_view()
        assert session.game.actions[-1] == "discard"
        await ann.close()
        await back.close()


async def test_no_one_learns_the_dictionarys_verdict_before_a_challenge_settles_it() -> None:
    # Roll 4: Ann draws TEAS, Bob AEON, Cy QZXJ. SATE is not in the test words.
    session = table(ANN, BOB, CY, seed=15, challenge=True, bag="TEAS" "AEON" "QZXJ")
    verdicts = ("not a word", "stands", "invalid", "unknown")
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        for text in ("roll 4", "buy"):
            await ann.act(text)
            await ann.next_view()
        await bob.act("buy")
        await bob.wait_for(lambda: ann.my_turn and ann.view.seat.phase == "sell")
        await ann.act("sell SATE")
        await bob.wait_for(lambda: bob.my_turn)
        assert bob.view.awaiting.wait == "challenge" and "SATE" in str(bob.view.seat.last_sale)
        for client in (ann, bob):
            # (Every view says why a move there is never taken back: "a move stands once it
            # is sent", a fixed sentence about the table, not about any word.)
            text = repr(client.received).lower().replace(
                NO_UNDO_HOSTED.lower(), "(no undo)")
            assert not any(word in text for word in verdicts), text[-400:]
        await bob.act("challenge 2")
        await bob.wait_for(lambda: any("not a word" in line for line in bob.log))
        await ann.wait_for(lambda: any("not a word" in line for line in ann.log))
        await ann.close()
        await bob.close()
