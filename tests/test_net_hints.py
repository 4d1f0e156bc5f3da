"""Hints at a hosted table: off unless the host allows them; then the host's session finds them
for each seat's hand on its selling turn: what a local table with hints finds."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from net_helpers import FINDER, LEXICON
from test_net_crossword import to_selling
from test_net_remote import seated, settle
from ui_helpers import on_top

from buyword.engine import BuyWordError
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait

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
        assert not bob.view.hints
        with pytest.raises(BuyWordError, match="without hints"):
            ann.ask_hints(0, lambda found: None)
    finally:
        await server.close()


@pytest.mark.parametrize("crossword", [False, True])
async def test_a_joined_seat_finds_the_hints_a_local_table_finds(crossword: bool) -> None:
    session = hinted_table(hints=True, crossword=crossword)
    server, ann, bob = await seated(session)
    try:
        await to_selling(ann, bob)
        assert bob.view.hints
        bobs: list[Sequence[object]] = []
        bob.ask_hints(1, bobs.append)  # Ann sells first: the host says so
        await settle(bob, until=lambda: bob.refusal is not None)
        assert "on their turn" in str(bob.refusal) and not bobs
        anns: list[Sequence[object]] = []
        ann.ask_hints(0, anns.append)
        await settle(ann, until=lambda: bool(anns))
        found = [str(hint) for hint in anns[0]]
        assert found and found == [str(hint) for hint in session.hints(0)]
        ann.act(0, "done")
        await settle(ann, bob, until=lambda: bob.view.awaiting.seats == (1,)
                     and bob.view.awaiting.wait is Wait.SELL)
        bob.ask_hints(1, bobs.append)
        await settle(bob, until=lambda: bool(bobs))
        assert [str(h) for h in bobs[0]] == [str(h) for h in session.hints(1)]
    finally:
        await server.close()


@pytest.mark.slow
async def test_f2_on_a_joined_screen_opens_the_hints_when_the_host_allows_them() -> None:
    from net_helpers import HOST

    from buyword.net.remote import JoinedTable
    from buyword.ui.app import BuyWordApp
    from buyword.ui.dialogs.hints import HintsScreen
    from buyword.ui.options import Opening
    from buyword.ui.screens.table import TableScreen

    session = hinted_table(hints=True)
    server, ann, _ = await seated(session)
    try:
        bob = await JoinedTable.join(HOST, server.port, server.tokens[1])
        app = BuyWordApp(opening=Opening.joining(bob))
        async with app.run_test(size=(100, 32)) as pilot:
            await to_selling(ann, bob.table)
            ann.act(0, "done")
            await settle(ann, bob.table, until=lambda: bob.table.view.awaiting.seats == (1,))
            await on_top(pilot, TableScreen)
            await pilot.press("f2")
            await on_top(pilot, HintsScreen)  # the host's hints come back over the link
            app.exit()
    finally:
        await server.close()
