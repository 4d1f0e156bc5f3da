"""One table screen for every table: it is given a link (a runner here, or a seat at a hosted
table) with one interface, and no screen class is derived from it. A seat's link tells its
screen what a runner tells one: `Update`s with the seat's view, and the host's refusals."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from net_helpers import FINDER, HOST, LEXICON, settle
from textual.widgets import Static
from ui_helpers import on_top, until

import buyword.ui
from buyword.net.remote import HostSeat, JoinedTable
from buyword.net.server import TableServer
from buyword.store.setup import GameSetup, Seat
from buyword.table import Played, Refused, TableSession, Wait
from buyword.table.runner import TableRunner
from buyword.table.source import TableLink, Update

#: Ann draws TEA and Bob ONE: each has a word to sell.
BAG = "TEA" "ONE"


def two_people() -> TableSession:
    """Ann and Bob at a private table on the test words, dealt `BAG`."""
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=31, private_hands=True, bag=BAG)
    return TableSession.new(setup, LEXICON, FINDER)


def test_no_screen_class_is_derived_from_the_table_screen() -> None:
    from buyword.ui.screens.table import TableScreen

    for module in pkgutil.walk_packages(buyword.ui.__path__, "buyword.ui."):
        importlib.import_module(module.name)
    derived, found = [], list(TableScreen.__subclasses__())
    while found:
        cls = found.pop()
        derived.append(f"{cls.__module__}.{cls.__qualname__}")
        found += cls.__subclasses__()
    assert derived == []


def test_a_view_says_whom_its_screen_answers_for() -> None:
    from dataclasses import replace

    from buyword.table.views import LinkView

    session = TableSession.new(GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy")),
                                         seed=31, private_hands=True, challenge=True,
                                         bag=BAG + "SIT"), LEXICON, FINDER)
    for seat, answer in ((0, "roll 3"), (0, "buy"), (1, "buy"), (2, "buy"), (0, "sell TEA")):
        assert isinstance(session.act(seat, answer), Played), answer
    view = session.table_view(None)
    assert view.awaiting.wait is Wait.CHALLENGE and view.awaiting.seats == (1, 2)
    assert view.asked_here == (1, 2)  # one screen for everyone: both asked on it
    bobs = replace(session.table_view(1), link=LinkView(1))
    assert bobs.asked_here == (1,)  # his own screen asks him alone
    assert replace(bobs, link=LinkView(1, sent=True)).asked_here == ()  # answer on its way
    assert replace(bobs, link=LinkView(1, lost=True)).asked_here == ()
    assert replace(session.table_view(0), link=LinkView(0)).asked_here == ()  # the seller


async def test_a_seats_link_tells_its_screen_what_a_runner_tells_it() -> None:
    here = TableRunner(two_people(), shared_screen=False)
    told_here: list[Update] = []
    links: list[TableLink] = [here]  # (the checker: both are table links)
    here.subscribe(told_here.append)
    here.begin()
    assert told_here == [Update(here.table_view())]  # the table as it stands
    async with TableServer(two_people(), reserved=frozenset({0})) as server:
        ann = HostSeat(server, 0).table
        bob = (await JoinedTable.join(HOST, server.port, server.codes[1])).table
        links.append(bob)
        told: list[Update] = []
        bob.subscribe(told.append)
        bob.start()  # as a runner's start: the table as it stands, at once
        assert told == [Update(bob.table_view())]
        assert told[0].view is not None and told[0].view.awaiting.wait is Wait.ROLL
        for seat, answer in ((0, "roll 3"), (0, "buy")):
            assert isinstance(here.submit(seat, answer), Played)
            assert isinstance(ann.submit(seat, answer), Played)
            await settle(ann, bob)
        await settle(bob, until=lambda: bob.table_view().awaiting.seats == (1,))
        last = told[-1].view
        assert last is not None and last.awaiting.wait is Wait.BUY
        assert last.seat.hand == here.session.table_view(1).seat.hand  # his, as here
        assert [str(line) for line in last.log] == \
            [str(line) for line in here.session.table_view(1).log]
        # An answer sent: the screen is told the link waits for the host's reply.
        assert isinstance(bob.submit(1, "roll"), Played)
        sent = told[-1].view
        assert sent is not None and sent.link is not None and not sent.link.open
        # The host refuses it: told as the refusal a runner gives at once.
        await settle(bob, until=lambda: told[-1].refused is not None)
        refused_here = here.submit(1, "roll")
        assert isinstance(refused_here, Refused) and told[-1].refused == refused_here
        assert told[-1].view is not None and told[-1].view.link is not None \
            and told[-1].view.link.open  # free to answer again
        # A screen that has gone is told nothing more; nothing is played here by it.
        bob.close()
        count = len(told)
        bob.link_lost(None)
        assert len(told) == count
        assert bob.session is None and here.session is not None


@pytest.mark.slow
async def test_a_joined_screen_says_each_sale_as_a_local_one_does() -> None:
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import Opening
    from buyword.ui.screens.table import TableScreen

    async with TableServer(two_people(), reserved=frozenset({0})) as server:
        ann = HostSeat(server, 0).table
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        bob = joined.table
        app = BuyWordApp(opening=Opening.joining(joined))
        async with app.run_test(size=(100, 32)) as pilot:
            screen = await on_top(pilot, TableScreen)
            message = screen.query_one("#message", Static)
            for answer in ("roll 3", "buy"):
                ann.submit(0, answer)
                await settle(ann, bob, until=lambda: not ann.in_flight)
            await until(pilot, lambda: bob.table_view().awaiting.seats == (1,), "Bob to buy")
            await pilot.press("b")
            await until(pilot, lambda: ann.table_view().awaiting.wait is Wait.SELL,
                        "Ann to sell")
            ann.submit(0, "sell TEA")  # another seat sells: Bob's screen says so
            await until(pilot, lambda: "✓ Ann sold TEA" in str(message.render()),
                        "Ann's sale told on Bob's screen")
            ann.submit(0, "done")
            await until(pilot, lambda: bob.table_view().awaiting.seats == (1,)
                        and bob.table_view().awaiting.wait is Wait.SELL, "Bob to sell")
            await pilot.press("o", "n", "e")
            await until(pilot, lambda: "Enter sells" in str(
                screen.query_one("#feedback", Static).render()), "the host's preview")
            await pilot.press("enter")  # his own sale: said when the host's view comes
            await until(pilot, lambda: "✓ Bob sold ONE" in str(message.render()),
                        "Bob's own sale told")
            app.exit()
        await joined.leave()


@pytest.mark.slow
async def test_a_joined_seats_challenge_prompt_closes_when_another_challenges_first() -> None:
    from buyword.net.client import TableClient
    from buyword.ui.app import BuyWordApp
    from buyword.ui.dialogs.challenge import ChallengeScreen
    from buyword.ui.options import Opening
    from buyword.ui.screens.table import TableScreen

    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy")), seed=31,
                      private_hands=True, challenge=True, bag=BAG + "SIT")
    session = TableSession.new(setup, LEXICON, FINDER)
    async with TableServer(session, reserved=frozenset({0})) as server:
        ann = HostSeat(server, 0).table
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        cy = await TableClient.connect(HOST, server.port)
        await cy.join(code=server.codes[2])
        app = BuyWordApp(opening=Opening.joining(joined))
        async with app.run_test(size=(100, 32)) as pilot:
            await on_top(pilot, TableScreen)
            for answer in ("roll 3", "buy"):
                ann.submit(0, answer)
                await settle(ann, until=lambda: not ann.in_flight)
            await until(pilot, lambda: joined.table.table_view().awaiting.seats == (1,)
                        and joined.table.table_view().link.open, "Bob to buy")
            await pilot.press("d")
            await cy.wait_for(lambda: cy.my_turn, timeout=60)
            await cy.act("discard")
            await until(pilot, lambda: ann.table_view().awaiting.wait is Wait.SELL,
                        "Ann to sell")
            ann.submit(0, "sell TEA")  # Bob and Cy are asked together, each on his screen
            await until(pilot, lambda: isinstance(app.screen, ChallengeScreen),
                        "Bob's challenge prompt")
            await cy.act("challenge 3")  # Cy is first: the table no longer asks Bob
            await until(pilot, lambda: isinstance(app.screen, TableScreen),
                        "Bob's prompt closed by itself")
            assert [line for line in map(str, joined.table.table_view().log)
                    if "challenged TEA" in line][0].startswith("Cy challenged TEA")
            app.exit()
        await cy.close()
        await joined.leave()
