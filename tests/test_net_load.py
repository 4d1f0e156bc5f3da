"""Many tables on one server process: 20 tables of 4 people, each at its own client, all
playing at once on loopback, every game to the end with nothing lost."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import join_all, play_seat, table

from buyword.net.server import TableServer
from buyword.store.setup import Seat

TABLES = 20
PEOPLE = ("Ann", "Bob", "Cy", "Di")


async def play_table(seed: int) -> tuple[TableServer, list]:
    """One table of four people, served and played to the end by four clients."""
    session = table(*(Seat(name) for name in PEOPLE), seed=seed)
    server = TableServer(session)
    await server.start()
    clients = await join_all(server)
    await asyncio.gather(*(play_seat(client) for client in clients))
    return server, clients


@pytest.mark.slow
async def test_twenty_tables_of_four_clients_play_to_the_end_with_nothing_lost() -> None:
    played = await asyncio.wait_for(
        asyncio.gather(*(play_table(seed) for seed in range(100, 100 + TABLES))), 300)
    try:
        for server, clients in played:
            game = server.session.game
            outcome = game.outcome()
            assert outcome is not None and len(clients) == len(PEOPLE)
            for client in clients:
                # Every line of the seat's log arrived, in order, once.
                assert client.log == [str(e) for e in server.session.log_for(client.seat)]
                assert client.view.seat.money == game.player(client.seat).money
                assert client.view.outcome == outcome
                assert not client.error and client.connected
            assert len(game.actions) > 20
    finally:
        for server, clients in played:
            for client in clients:
                await client.close()
            await server.close()
