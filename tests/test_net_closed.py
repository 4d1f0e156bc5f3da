"""A joined screen whose host has gone: it says the table has closed (not "reconnecting"
forever) and offers to quit."""

from __future__ import annotations

import pytest
from net_helpers import HOST, table
from test_net_remote import settle
from ui_helpers import on_top, until

from buyword.net.remote import TABLE_CLOSED, JoinedTable
from buyword.net.server import TableServer
from buyword.store.setup import Seat


async def joined_bob() -> tuple[TableServer, JoinedTable]:
    server = TableServer(table(Seat("Ann"), Seat("Bob")), reserved=frozenset({0}))
    await server.start()
    return server, await JoinedTable.join(HOST, server.port, server.codes[1])


async def test_a_host_that_closes_the_table_ends_the_seat_at_once() -> None:
    server, bob = await joined_bob()
    await server.close()  # the host quit
    await settle(bob.table, until=lambda: bob.table.ended is not None)
    assert bob.table.ended == TABLE_CLOSED and not bob.table.lost


async def test_a_host_that_vanished_is_given_up_after_a_few_refused_reconnects() -> None:
    server, bob = await joined_bob()
    bob.retry_delays = (0.01,)
    tries = []
    real = bob._come_back

    async def counting() -> None:
        tries.append(1)
        await real()

    bob._come_back = counting  # type: ignore[method-assign]
    # The host's process ends without a word: the port closes, the connection breaks.
    link = server.clients[1].ws
    server._server.close(close_connections=False)
    link.transport.abort()
    await settle(bob.table, until=lambda: bob.table.lost)
    await settle(bob.table, until=lambda: bob.table.ended is not None)
    assert bob.table.ended == TABLE_CLOSED and tries == [1]
    assert "closed" in str(bob.table.act(1, "roll"))


@pytest.mark.slow
async def test_the_joined_screen_offers_to_quit_when_the_table_has_closed() -> None:
    from buyword.ui.app import BuyWordApp
    from buyword.ui.dialogs.confirm import ConfirmScreen
    from buyword.ui.options import Opening
    from buyword.ui.screens.table import TableScreen

    server, bob = await joined_bob()
    app = BuyWordApp(opening=Opening.joining(bob))
    async with app.run_test(size=(100, 32)) as pilot:
        await on_top(pilot, TableScreen)
        await server.close()
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the offer to quit")
        assert "no longer serving" in str(app.screen.detail)
        await pilot.press("y")
        await pilot.pause(0.05)
    assert app.return_code is not None or not app.is_running
