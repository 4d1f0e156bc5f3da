"""Faults at a served table, on loopback with real clients: broken, oversized and flooding
messages close that connection and leave the table as it was; a client that cannot keep up is
dropped without holding up the others and comes back with its token; the autosave hook runs
after every change."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import HOST, answer, join_all, play_seat, settle, table

from buyword.engine import BuyWordError
from buyword.net import protocol as wire
from buyword.net.client import TableClient, TableRefused
from buyword.net.protocol import MAX_BYTES
from buyword.net.server import Limits, TableServer
from buyword.store.setup import Seat

ANN, BOB, CY = Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")

BROKEN = [
    "not json at all",
    "[1, 2, 3]",
    '{"v": 1, "type": "act", "text": "roll"}',  # an older screen's version
    '{"v": 2, "type": "act", "text": "roll"}',  # the version before the typed codec
    '{"v": true, "type": "act", "text": "roll"}',  # True is not version 1
    '{"v": 3.0, "type": "act", "text": "roll"}',
    '{"v": 3, "type": "act", "text": "roll", "x": ' + "[" * 30_000 + "]" * 30_000 + "}",
    "[" * 60_000,  # 60 KB of nesting: once a RecursionError and a crashed handler
    '{"v": 3, "type": "shout", "text": "roll"}',
    '{"v": 3, "type": "act", "text": "roll", "seat": 0}',
    '{"v": 3, "type": "act", "text": 4}',
    '{"v": 3, "type": "act", "text": "' + "x" * (wire.MAX_TEXT + 1) + '"}',
    '{"v": 3, "type": "act", "text": "roll\\u0000"}',
    b"\xff\xfe\x00binary",
]


@pytest.mark.parametrize("raw", BROKEN)
async def test_a_broken_message_closes_the_connection_and_leaves_the_table_alone(raw) -> None:
    session = table(ANN, BOB, CY, seed=21)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        before = session.game.state()
        await ann.send_raw(raw)
        with pytest.raises(TableRefused):
            await ann.wait_for(lambda: False, 60)
        assert ann.error and session.game.state() == before
        assert 0 not in server.clients and 1 in server.clients  # Bob is still seated
        back = await TableClient.connect(HOST, server.port)
        await back.join(token=ann.token)  # and the seat is Ann's to take back
        await back.act("roll 3")
        await back.next_view()
        assert session.game.actions == ["roll 3"]
        await back.close()
        await bob.close()


@pytest.mark.parametrize("raw", ['{"v": 3, "type": "act", "text": "roll"}',
                                 '{"v": 3, "type": "join"}', "{}",
                                 '{"v": 3, "type": "join", "code": "AAAAAA", "token": "x"}'])
async def test_a_connection_must_join_first_with_a_code_or_a_token(raw) -> None:
    session = table(ANN, BOB, CY, seed=22)
    async with TableServer(session) as server:
        client = await TableClient.connect(HOST, server.port)
        await client.send_raw(raw)
        with pytest.raises(TableRefused):
            await client.wait_for(lambda: False, 60)
        assert client.seat is None and not server.clients and not session.game.actions


def test_an_old_screen_is_told_which_version_the_table_speaks() -> None:
    with pytest.raises(wire.ProtocolError, match="this table speaks version 3"):
        wire.parse_client('{"v": 1, "type": "leave"}')
    with pytest.raises(wire.ProtocolError, match="protocol version 2: this table speaks version 3"):
        wire.parse_client('{"v": 2, "type": "act", "text": "roll"}')  # before the typed codec
    with pytest.raises(wire.ProtocolError, match="version missing or not a number"):
        wire.parse_client('{"v": true, "type": "leave"}')


def test_a_deep_message_is_refused_at_its_first_bracket_by_the_field_it_breaks() -> None:
    """The codec reads a message into its form as it arrives: 60,000 brackets are refused at
    the first, where a message should be an object, and a deep value where a field should be
    text at that field, without the JSON reader ever recursing on them."""
    with pytest.raises(wire.ProtocolError, match="the message should be a table of names and "
                       "values, not a list"):
        wire.parse_client("[" * 60_000)
    deep = '{"v": 3, "type": "act", "text": ' + "[" * 30_000 + "]" * 30_000 + "}"
    with pytest.raises(wire.ProtocolError, match="the message's text should be text, not a list"):
        wire.parse_client(deep)


@pytest.mark.parametrize(("raw", "said"), [
    ('{"v": 3, "type": "act", "text": 4}', "the message's text should be text, not a whole number"),
    ('{"v": 3, "type": "act"}', "the message has no 'text'"),
    ('{"v": 3, "type": "shout"}', "the message's type 'shout' is not one this version knows"),
    ('{"v": 3, "type": "hint", "seat": 0}', "a field this version does not know ('seat')"),
    ('{"v": 3, "type": "preview", "text": "' + "x" * 201 + '"}',
     "the message's text should have at most 200 characters"),
])
def test_a_message_that_does_not_fit_its_form_is_refused_naming_the_field(
        raw: str, said: str) -> None:
    with pytest.raises(wire.ProtocolError) as refused:
        wire.parse_client(raw)
    assert said in str(refused.value)


@pytest.mark.parametrize("secret", ["K7M2QÉ", "Ｋ7M2QX", "tok\u00e9n", "K7M-QX",
                                    "abc_def-ghijklmnopqrstuvwxyz0123"])
async def test_a_code_or_token_with_other_letters_is_refused_in_the_protocols_words(
        secret: str) -> None:
    session = table(ANN, BOB, CY, seed=24)
    async with TableServer(session) as server:
        client = await TableClient.connect(HOST, server.port)
        kind = "code" if len(secret) <= 8 else "token"
        await client.send_raw('{"v": 3, "type": "join", "' + kind + '": "' + secret + '"}')
        with pytest.raises(TableRefused, match="plain letters and digits"):
            await client.wait_for(lambda: False, 60)
        ann, bob = await join_all(server)  # and the table still seats its players
        assert server.clients.keys() == {0, 1}
        await ann.close()
        await bob.close()


def test_the_protocol_reads_only_well_formed_messages() -> None:
    act = wire.parse_client('{"v":3,"type":"act","text":"sell QUIZ"}')
    assert act == wire.Act(text="sell QUIZ")
    assert wire.parse_client('{"v":3,"type":"join","code":"K7M2QX"}') == wire.Join(code="K7M2QX")
    assert wire.parse_client('{"v":3,"type":"leave"}') == wire.Leave()
    for raw in BROKEN + ["x" * (MAX_BYTES + 1)]:
        with pytest.raises(wire.ProtocolError):
            wire.parse_client(raw)


async def test_an_oversized_message_closes_the_connection() -> None:
    session = table(ANN, BOB, CY, seed=23)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        before = session.game.state()
        await ann.send_raw(wire.encode(wire.act_message("roll")) + " " * MAX_BYTES)
        with pytest.raises(TableRefused):
            await ann.wait_for(lambda: False, 60)
        assert session.game.state() == before and 0 not in server.clients
        await bob.close()


@pytest.mark.slow  # a flood of messages
async def test_a_flood_of_refused_messages_closes_the_connection() -> None:
    session = table(ANN, BOB, CY, seed=24)
    # One message back every 100 s: however slowly a busy machine reads the flood, no more
    # than the burst is refused before the connection closes.
    limits = Limits(burst=10, per_second=0.01)
    async with TableServer(session, limits=limits) as server:
        ann, bob = await join_all(server)
        before = session.game.state()
        for _ in range(100):  # out of turn, as fast as it can
            try:
                await bob.act("roll")
            except Exception:  # the server has closed the connection
                break
        with pytest.raises(TableRefused, match="too many"):
            await bob.wait_for(lambda: False, 60)
        assert len(bob.refusals) <= limits.burst  # refused one by one until the limit
        assert session.game.state() == before
        # Accepted answers do not count as a flood: Ann plays many turns quickly.
        back = await TableClient.connect(HOST, server.port)
        await back.join(token=bob.token)
        await asyncio.wait_for(asyncio.gather(play_seat(ann), play_seat(back)), 60)
        assert session.game.outcome() is not None and ann.connected and back.connected
        await ann.close()
        await back.close()


async def test_a_client_that_cannot_keep_up_is_dropped_and_the_others_play_on() -> None:
    session = table(ANN, BOB, Seat("Di"), seed=25)
    async with TableServer(session, limits=Limits(queue=1)) as server:
        ann, bob, di = await join_all(server)
        stuck = asyncio.Event()

        async def never(_text: str) -> None:  # Di's screen stops reading
            await stuck.wait()

        server.clients[2].ws.send = never  # type: ignore[method-assign]
        for client, text in ((ann, "roll 3"), (ann, "buy"), (bob, "discard")):
            await client.act(text)
            await client.next_view()
        assert 2 not in server.clients  # Di was dropped, nobody waited for her
        with pytest.raises(TableRefused, match="too slow"):
            await di.wait_for(lambda: False, 60)
        assert ann.view.awaiting.seats == (2,)
        back = await TableClient.connect(HOST, server.port)
        view = await back.join(token=di.token)
        assert 2 in view.awaiting.seats and view.seat.drawn == session.game.player(2).drawn
        await asyncio.wait_for(asyncio.gather(*(play_seat(c) for c in (ann, bob, back))), 60)
        assert session.game.outcome() is not None
        for client in (ann, bob, back):
            await client.close()


async def test_the_autosave_hook_runs_after_every_change_made_by_clients_and_computers() -> None:
    saved: list[int] = []
    session = table(ANN, BOB, CY, seed=26,
                    on_change=lambda s, played: saved.append(len(s.game.actions)))
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        await asyncio.wait_for(asyncio.gather(play_seat(ann), play_seat(bob)), 60)
        # Every applied action was followed by a save of the game that held it.
        assert saved == list(range(1, len(session.game.actions) + 1))
        await ann.close()
        await bob.close()


async def test_the_host_prints_a_code_per_open_seat_and_warns_when_not_on_loopback() -> None:
    session = table(ANN, BOB, CY, seed=27)
    server = TableServer(session, reserved=frozenset({0}))
    assert set(server.codes) == {1}
    lines = server.describe()
    assert any(server.codes[1] in line and "Bob" in line for line in lines)
    assert not any("not only this machine" in line for line in lines)
    wide = TableServer(session, host="0.0.0.0")
    assert any("not only this machine" in line for line in wide.describe())
    assert server.tokens[1] != wide.tokens[1] and len(server.tokens[1]) >= 24


async def test_the_host_hands_a_gone_players_seat_to_a_computer() -> None:
    session = table(ANN, BOB, CY, seed=28)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        await bob.leave()
        with pytest.raises(BuyWordError):
            server.hand_to_computer(2)  # already a computer
        with pytest.raises(BuyWordError):
            server.hand_to_computer(1, "grandmaster")
        server.hand_to_computer(1, "easy")
        assert session.awaiting().seats == (0,) and 1 in session.bots
        await asyncio.wait_for(play_seat(ann), 60)
        assert session.game.outcome() is not None
        assert any(line.startswith("Bob ") for line in ann.log), "the computer played Bob"
        back = await TableClient.connect(HOST, server.port)
        await back.join(token=bob.token)  # Bob is back: his seat is his again
        assert session.seats[1] == BOB and 1 not in session.bots
        await back.close()
        await ann.close()


async def test_every_seat_is_told_a_player_has_left_and_the_host_or_a_clock_hands_it_over() -> None:
    session = table(ANN, BOB, seed=29)
    clock = Clock()  # Bob's seat waits for him however long Ann's turns take
    async with TableServer(session, hand_over_after=0.6) as server:
        server.clock = clock
        ann, bob = await join_all(server)
        await ann.act("roll 3")
        await ann.next_view()
        await bob.leave()
        view = await ann.next_view()
        assert session.away == {1}
        while 1 not in view.awaiting.seats:  # Ann plays until the table waits for Bob
            await ann.act(answer(ann, set()))
            view = await ann.next_view()
        assert view.waiting_for.startswith("Bob has left the table (waiting for Bob to come "
                                           "back, or for the host to hand the seat")
        assert 1 not in session.bots
        clock.now += 0.6  # the clock hands Bob's seat to a computer, who plays on
        await settle(until=lambda: 1 in session.bots)
        assert session.seats[1] == Seat("Bob", "medium") and not session.away
        back = await TableClient.connect(HOST, server.port)
        await back.join(token=bob.token)  # and Bob takes it back with his token
        assert session.seats[1] == BOB and 1 not in session.bots and not session.away
        await back.close()
        await ann.close()


async def join_with(port: int, code: str, keep: list[TableClient] | None = None) -> str:
    """Join the table on `port` with `code`: "seated", or the host's words of refusal.

    A seated client is closed at once, or kept in `keep` to hold its seat.
    """
    client = await TableClient.connect(HOST, port)
    try:
        await client.join(code=code, timeout=60)
    except TableRefused as refusal:
        return str(refusal)
    if keep is None:
        await client.close()
    else:
        keep.append(client)
    return "seated"


async def test_wrong_join_codes_from_one_address_are_slowed_down_doubling() -> None:
    session = table(ANN, BOB, CY, seed=25)
    limits = Limits(free_guesses=5, first_wait=0.4)
    clock = Clock()  # the waits are wound on, not waited out: a slow join waits no less
    async with TableServer(session, limits=limits) as server:
        server.clock = clock

        async def guess(code: str) -> str:
            return await join_with(server.port, code)

        for _ in range(5):  # five wrong codes are only wrong
            assert "no open seat has the code" in await guess("AAAAAA")
        assert "no open seat has the code" in await guess("AAAAAA")  # the sixth: wait 0.4 s
        right = server.codes[0]
        assert "too many wrong join codes: try again in 1 s" in await guess(right)
        clock.now += 0.5
        assert "no open seat has the code" in await guess("AAAAAA")  # the seventh: 0.8 s
        clock.now += 0.5
        assert "too many wrong join codes" in await guess(right)  # still waiting
        clock.now += 0.4
        assert await guess(right) == "seated"  # the wait over, the right code seats Ann


async def test_a_right_code_for_a_taken_seat_is_refused_but_not_counted_as_a_guess() -> None:
    session = table(ANN, BOB, CY, seed=26)
    limits = Limits(free_guesses=2, first_wait=30)
    seated: list[TableClient] = []
    async with TableServer(session, limits=limits) as server:
        async def join(code: str) -> str:
            return await join_with(server.port, code, keep=seated)

        ann, bob = server.codes[0], server.codes[1]
        assert await join(ann) == "seated"
        # Ann's friend taps Join again, three times: more than the free wrong codes.
        for _ in range(3):
            assert "Ann's seat is taken" in await join(ann)
        assert await join(bob) == "seated"  # no wait: none of them was a wrong code
        # Nor do they clear the wrong codes before them: the third wrong code still waits.
        assert "no open seat has the code" in await join("AAAAAA")
        assert "no open seat has the code" in await join("AAAAAA")
        assert "Ann's seat is taken" in await join(ann)
        assert "no open seat has the code" in await join("AAAAAA")
        assert "too many wrong join codes: try again in 30 s" in await join(ann)
        for client in seated:
            await client.close()


async def test_a_text_host_hands_a_seat_over_by_a_typed_command() -> None:
    from buyword.net.commands import host_command

    session = table(ANN, BOB, CY, seed=30)
    async with TableServer(session) as server:
        assert host_command(server, "shout Bob").startswith("Commands: 'hand NAME'")
        assert host_command(server, "hand Zed") == "No player is called 'Zed': Ann, Bob, Cy"
        assert "no computer player 'godlike'" in host_command(server, "hand Ann godlike")
        assert "is not played by a person" in host_command(server, "hand cy")
        assert session.seats[:2] == (ANN, BOB)  # nothing changed so far
        assert host_command(server, "hand bob hard") == "A computer (hard) plays Bob's seat now."
        assert session.seats[1] == Seat("Bob", "hard")


class Clock:
    """The join throttle's clock, wound on by a test instead of waiting."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def join_from(port: int, address: str, *, code: str | None = None,
                    token: str | None = None, keep: list[TableClient] | None = None) -> str:
    """Join from loopback `address` (any 127.x.y.z): "seated" or the host's refusal."""
    from websockets.asyncio.client import connect

    client = TableClient(await connect(f"ws://{HOST}:{port}", local_addr=(address, 0)))
    try:
        await client.join(code=code, token=token, timeout=60)
    except TableRefused as refusal:
        return str(refusal)
    if keep is None:
        await client.close()
    else:
        keep.append(client)
    return "seated"


async def test_a_seated_player_rejoining_never_clears_their_wrong_codes() -> None:
    session = table(ANN, BOB, CY, seed=27)
    clock = Clock()
    async with TableServer(session, limits=Limits(free_guesses=5, first_wait=30)) as server:
        server.clock = clock
        seated: list[TableClient] = []
        assert await join_from(server.port, HOST, code=server.codes[0], keep=seated) == "seated"
        token = seated[0].token
        assert token.isascii() and token.isalnum() and len(token) == 32  # as the docs say
        for _ in range(20):  # wrong codes, each followed by a rejoin on Ann's own token
            said = await join_from(server.port, HOST, code="AAAAAA")
            assert await join_from(server.port, HOST, token=token, keep=seated) == "seated"
            if "try again" in said:
                break
        assert said == "too many wrong join codes: try again in 30 s"
        assert server.guesses[HOST][0] == 6  # the sixth wrong code, not twenty
        for client in seated:
            await client.close()


async def test_a_players_token_is_taken_whatever_wrong_codes_came_before() -> None:
    session = table(ANN, BOB, CY, seed=28)
    clock = Clock()
    limits = Limits(free_guesses=2, first_wait=60, table_guesses=3, table_refill=600)
    async with TableServer(session, limits=limits) as server:
        server.clock = clock
        seated: list[TableClient] = []
        assert await join_from(server.port, HOST, code=server.codes[1], keep=seated) == "seated"
        bob = seated.pop()
        await bob.close()  # Bob's link drops
        for _ in range(3):  # someone at Bob's address guesses, and the table is spent too
            assert "no open seat has the code" in await join_from(server.port, HOST,
                                                                  code="AAAAAA")
        assert "try again in 60 s" in await join_from(server.port, HOST, code=server.codes[0])
        assert "at this table" in await join_from(server.port, "127.0.0.9", code="AAAAAA")
        # Bob's token takes his seat back at once: it is never throttled.
        assert await join_from(server.port, HOST, token=bob.token, keep=seated) == "seated"
        assert 1 in server.clients
        for client in seated:
            await client.close()


async def test_changing_address_buys_no_more_guesses_than_the_tables_budget() -> None:
    session = table(ANN, BOB, CY, seed=29)
    clock = Clock()
    limits = Limits(free_guesses=5, table_guesses=8, table_refill=180)
    async with TableServer(session, limits=limits) as server:
        server.clock = clock
        said = [await join_from(server.port, f"127.0.{k}.{k}", code="AAAAAA")
                for k in range(1, 13)]
        assert all("no open seat has the code" in line for line in said[:8])
        assert said[8:] == ["too many wrong join codes at this table: try again in 180 s"] * 4
        # A right code is refused too while the table waits (unchecked: no hint it was right).
        ann = server.codes[0]
        assert "at this table" in await join_from(server.port, "127.0.0.20", code=ann)
        clock.now += 90
        assert "try again in 90 s" in await join_from(server.port, "127.0.0.21", code=ann)
        clock.now += 90  # one more guess for the whole table, every 3 minutes
        assert await join_from(server.port, "127.0.0.22", code=ann) == "seated"
        assert "no open seat has the code" in await join_from(server.port, "127.0.0.23",
                                                             code="AAAAAA")
        assert "at this table" in await join_from(server.port, "127.0.0.24", code="AAAAAA")


async def test_an_addresses_wait_doubles_up_to_a_cap() -> None:
    session = table(ANN, BOB, CY, seed=31)
    clock = Clock()
    limits = Limits(free_guesses=5, first_wait=1, longest_wait=300, table_guesses=10**6)
    async with TableServer(session, limits=limits) as server:
        server.clock = clock
        waits, wrong = [], 0
        while len(waits) < 30:  # wrong codes, each as soon as the address may try again
            said = await join_from(server.port, HOST, code="AAAAAA")
            if "try again in " in said:
                waits.append(int(said.split("try again in ")[1].split()[0]))
                clock.now += waits[-1]
            else:
                assert "no open seat has the code" in said
                wrong += 1
        assert wrong == 5 + 30
        assert waits == [1, 2, 4, 8, 16, 32, 64, 128, 256] + [300] * 21
        # After all that, the right code is still taken once the (capped) wait is over.
        assert await join_from(server.port, HOST, code=server.codes[0]) == "seated"
