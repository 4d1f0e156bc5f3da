"""Hints at a hosted table: off unless the host allows them; then each screen searches its own
hand with its own word list, and finds what a local table with hints finds."""

from __future__ import annotations

import pytest

from buyword.engine import BuyWordError
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from tests.net_helpers import FINDER, LEXICON
from tests.test_net_crossword import to_selling
from tests.test_net_remote import seated, settle

ANN, BOB = Seat("Ann"), Seat("Bob")


def hinted_table(hints: bool, crossword: bool = False) -> TableSession:
    """Ann draws TEA and Bob ONS in round one."""
    setup = GameSetup(seats=(ANN, BOB), seed=31, private_hands=True, hints=hints,
                      variants=("crossword",) if crossword else (), bag="TEAONS")
    return TableSession.new(setup, LEXICON, FINDER)


async def test_hints_are_off_unless_the_host_allows_them() -> None:
    server, ann, bob = await seated(hinted_table(hints=False))
    try:
        await to_selling(ann, bob)
        assert not bob.hints_allowed
        with pytest.raises(BuyWordError, match="without hints"):
            ann.hints(0)
    finally:
        await server.close()


@pytest.mark.parametrize("crossword", [False, True])
async def test_a_joined_seat_finds_the_hints_a_local_table_finds(crossword: bool) -> None:
    session = hinted_table(hints=True, crossword=crossword)
    server, ann, bob = await seated(session)
    bob._words = lambda tiles: (LEXICON, FINDER)  # the test words, not the bundled list
    try:
        await to_selling(ann, bob)
        assert bob.hints_allowed
        with pytest.raises(BuyWordError, match="on their turn"):
            bob.hints(1)  # Ann sells first
        found = [str(hint) for hint in ann.hints(0)]
        assert found and found == [str(hint) for hint in session.hints(0)]
        ann.act(0, "done")
        await settle(ann, bob, until=lambda: bob.awaiting().seats == (1,)
                     and bob.awaiting().wait is Wait.SELL)
        assert [str(h) for h in bob.hints(1)] == [str(h) for h in session.hints(1)]
    finally:
        await server.close()


@pytest.mark.slow
async def test_f2_on_a_joined_screen_opens_the_hints_when_the_host_allows_them() -> None:
    from buyword.net.remote import JoinedTable
    from buyword.ui.hints import HintsScreen
    from buyword.ui.remote import JoinApp
    from tests.net_helpers import HOST

    session = hinted_table(hints=True)
    server, ann, _ = await seated(session)
    try:
        bob = await JoinedTable.join(HOST, server.port, server.tokens[1])
        bob.table._words = lambda tiles: (LEXICON, FINDER)
        app = JoinApp(bob)
        async with app.run_test(size=(100, 32)) as pilot:
            await to_selling(ann, bob.table)
            ann.act(0, "done")
            await settle(ann, bob.table, until=lambda: bob.table.awaiting().seats == (1,))
            await pilot.pause(0.1)
            await pilot.press("f2")
            await pilot.pause(0.1)
            assert isinstance(app.screen, HintsScreen)
            await app.action_quit()
    finally:
        await server.close()
