"""A hostile peer against a real host: random JSON of any depth and size, unicode, wrong
fields and messages in any order, from connections that join first or never do. Whatever
they send, the host answers in its own protocol (or drops them) and goes on serving its
well-behaved players: their seats, their tokens and their game are as they were."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import HOST, join_all, table

from buyword.net import protocol as wire
from buyword.net.client import TableClient, TableRefused
from buyword.net.server import Limits, TableServer
from buyword.store.setup import Seat

#: Any JSON value, nested a few levels.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12)
#: Messages that look like the protocol's, with wrong versions, kinds, fields and values.
NEAR_MISS = st.fixed_dictionaries(
    {"v": st.sampled_from([3, 2, 1, True, 3.0, "3", None]),
     "type": st.sampled_from(["join", "act", "preview", "hint", "leave", "view", "", "shout"])},
    optional={"text": JSON, "code": JSON, "token": JSON, "seat": JSON})
#: Raw frames: JSON text of the above, deep nests, huge or binary junk.
FRAME = st.one_of(
    JSON.map(json.dumps), NEAR_MISS.map(json.dumps),
    (st.integers(1, 32_000) | st.just(32_000)).map(lambda depth: "[" * depth + "]" * depth),
    (st.integers(1, 65_000) | st.just(65_000)).map(lambda depth: '{"v": 3, "a": ' + "[" * depth),
    st.text(max_size=200), st.binary(max_size=200),
    st.just("x" * (wire.MAX_BYTES + 10)))


class Host:
    """A table served from a loop in its own thread, so each example can reach it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        session = table(Seat("Ann"), Seat("Bob"), seed=31)
        # Every guess is free here: the fuzz is about the messages, not the slowing down.
        self.server = TableServer(session, limits=Limits(free_guesses=10**9))
        self.run(self.server.start())
        self.players = self.run(join_all(self.server))

    def run(self, job: Any, timeout: float = 30) -> Any:
        """Run a coroutine on the host's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(job, self.loop).result(timeout)

    def close(self) -> None:
        """Close the players and the table, and stop the loop."""
        for player in self.players:
            self.run(player.close())
        self.run(self.server.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture(scope="module")
def host() -> Iterator[Host]:
    served = Host()
    yield served
    served.close()


async def _attack(server: TableServer, frames: list[str | bytes],
                  token: str | None) -> int | None:
    """One hostile connection: it joins with a real token first if given, then sends; the
    code the host closed it with (None while it stays open)."""
    client = await TableClient.connect(HOST, server.port)
    try:
        if token is not None:
            await client.join(token=token)
        for frame in frames:
            if not client.connected:
                break
            await client.send_raw(frame)
        await client.wait_for(lambda: not client.connected, 0.2)
    except (TableRefused, TimeoutError, OSError):
        pass  # refused, or still connected: both are the host's choice
    finally:
        code = client.ws.close_code
        await client.close()
    return code


@pytest.mark.slow  # 40 examples, each a table served
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(frames=st.lists(FRAME, min_size=1, max_size=4), seated=st.booleans())
def test_the_host_keeps_serving_its_players_whatever_a_peer_sends(
        host: Host, frames: list[str | bytes], seated: bool) -> None:
    server = host.server
    before = server.session.game.state()
    # A peer holding Bob's token (a player turned hostile) or none at all.
    code = host.run(_attack(server, frames, server.tokens[1] if seated else None))
    assert code != 1011  # never an internal error: a refusal in the protocol's words
    assert server.session.game.state() == before or seated  # strangers change nothing

    async def well_behaved() -> None:
        ann = await TableClient.connect(HOST, server.port)
        await ann.join(token=server.tokens[0])
        assert ann.view is not None and ann.seat == 0
        await ann.preview("quiz")
        await ann.next_view(5)  # the table still answers Ann
        await ann.close()

    host.run(well_behaved())
    assert server.tokens.keys() == {0, 1}
