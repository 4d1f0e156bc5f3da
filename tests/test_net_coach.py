"""The coach at a hosted table: the host's coach weighs each person's decisions from that
seat's own view, and each line reaches that person's screen and no other; F6 from a joined
screen asks it for Master's choice, and turns it on at a table that played without it."""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING, Any

import pytest
from net_helpers import FINDER, HOST, LEXICON, join_all, settle
from ui_helpers import until

from buyword.net.client import TableClient
from buyword.net.server import TableServer
from buyword.store.saves import save_data, save_from
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession
from buyword.table import coach as table_coach
from buyword.table.source import Said

if TYPE_CHECKING:
    from buyword.bots.master import Appraisal
    from buyword.table.weighing import Appraiser

#: Slow (Master weighs each decision with the review's 48 playouts an option).
pytestmark = pytest.mark.slow


def hosted(coach: bool) -> TableSession:
    """Ann and Bob at a private table on the test words; seed 3 rolls the choice first."""
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=3, private_hands=True,
                      coach=coach)
    return TableSession.new(setup, LEXICON, FINDER)


async def said(client: TableClient, count: int = 1) -> list[str]:
    """Wait until the coach has said `count` lines to this seat; its lines."""
    await client.wait_for(lambda: len(client.coach_said) >= count, timeout=60)
    return client.coach_said


async def decided(client: TableClient, text: str) -> None:
    """Send an answer and wait until the host's view shows it was taken."""
    size = len(client.log)
    await client.act(text)
    await client.wait_for(lambda: len(client.log) > size, timeout=60)


async def test_each_person_hears_their_own_lines_on_their_own_screen() -> None:
    session = hosted(coach=True)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        try:
            assert ann.view is not None and ann.view.coaching
            await decided(ann, "roll")
            assert ann.view.awaiting.wait == "choose"  # seed 3 rolls the choice
            await decided(ann, "choose 3")
            assert ann.view.awaiting.wait == "buy" and ann.my_turn
            await decided(ann, "discard")
            # A line for each decision (the draw count, the discard), in the order they are
            # ready; on her own screen each speaks to her ("Coach on your ...", not "Ann's").
            lines = await said(ann, 2)
            assert len(lines) == 2 and any("drawing" in line for line in lines)
            assert all(line.startswith("Coach on your ") and "Ann" not in line for line in lines)
            await asyncio.sleep(0.2)
            # Bob's screen heard nothing of Ann's decision (her draw was hidden from him).
            assert bob.coach_said == []
            assert all(m["type"] != "coach" for m in bob.received)
            assert session.coach_used
        finally:
            await ann.close()
            await bob.close()


class Gated:
    """Master as the coach uses it, each appraisal waiting until the test lets it go."""

    def __init__(self, master: Appraiser) -> None:
        self.master, self.go = master, threading.Event()

    def appraisal(self, *args: Any, **kwargs: Any) -> Appraisal:
        """Master's appraisal, once `go` is set."""
        self.go.wait(120)  # only so that a test that fails first does not hang here
        return self.master.appraisal(*args, **kwargs)


async def test_a_line_said_while_the_screen_was_away_reaches_it_when_it_is_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    gated: list[Gated] = []
    master = table_coach.coach_master

    def gated_master(session: TableSession) -> Gated:
        gated.append(Gated(master(session)))
        return gated[-1]

    monkeypatch.setattr(table_coach, "coach_master", gated_master)
    session = hosted(coach=True)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        try:
            await decided(ann, "roll")
            await decided(ann, "choose 3")
            await ann.close()  # she leaves before the coach has weighed her draw count
            await settle(until=lambda: 0 in session.away)
            assert session.appraisals == [] and ann.coach_said == []
            gated[0].go.set()
            await settle(until=lambda: bool(session.appraisals))  # said while she is away
            back = await TableClient.connect(HOST, server.port)
            await back.join(token=ann.token)
            heard = await said(back)
            assert len(heard) == 1 and heard[0].startswith("Coach on your draw of 3 (round 1): ")
            assert bob.coach_said == []
            await back.close()
        finally:
            await bob.close()


async def test_f6_asks_the_host_s_coach_and_turns_it_on() -> None:
    session = hosted(coach=False)
    async with TableServer(session) as server:
        ann, bob = await join_all(server)
        try:
            assert ann.view is not None and not ann.view.coaching
            await bob.ask_coach()  # not Bob's turn: refused, in words, and nothing is marked
            await bob.wait_for(lambda: bool(bob.refusals), timeout=60)
            assert "on your turn" in bob.refusals[-1] and not session.coach_used
            await decided(ann, "roll")
            await ann.ask_coach()  # how many to draw
            lines = await said(ann)
            while not any("Master would" in line for line in lines):
                lines = await said(ann, len(lines) + 1)
            assert session.coach_used and session.coaching
            assert bob.coach_said == []
        finally:
            await ann.close()
            await bob.close()


async def test_the_host_s_own_seat_hears_its_lines_and_the_others_do_not() -> None:
    from buyword.net.remote import HostSeat

    session = hosted(coach=True)
    async with TableServer(session, reserved=frozenset({0})) as server:
        ann = HostSeat(server, 0)  # the host plays Ann on the host's screen
        heard: list[Said] = []
        ann.table.subscribe(lambda _update: None, heard.append)
        bob = await TableClient.connect(HOST, server.port)
        await bob.join(code=server.codes[1])
        try:
            for answer in ("roll", "choose 3"):
                assert ann.table.act(0, answer)
                await settle(ann.table)
            await settle(until=lambda: bool(heard))
            lines = [said.text for said in heard]
            assert lines[0].startswith("Coach on your ") and "Ann" not in lines[0]
            assert {said.seat for said in heard} == {0}  # said to her seat, as a runner's
            await asyncio.sleep(0.2)
            assert bob.coach_said == []
        finally:
            await bob.close()


async def test_a_joined_screen_shows_its_coach_line_and_f6_asks_the_host() -> None:
    from buyword.net.remote import JoinedTable
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import Opening

    session = hosted(coach=True)
    async with TableServer(session) as server:
        joined = await JoinedTable.join(HOST, server.port, server.codes[0])  # Ann's screen
        bob = await TableClient.connect(HOST, server.port)
        await bob.join(code=server.codes[1])
        app = BuyWordApp(opening=Opening.joining(joined))
        async with app.run_test(size=(100, 32)) as pilot:
            screen = app.screen

            def coach_line() -> str:
                box = screen.query_one("#coach")
                return str(box.render()) if box.display else ""

            async def shown(words: str) -> str:
                await until(pilot, lambda: words in coach_line(), f"the coach saying {words!r}")
                return coach_line()

            await pilot.press("r")
            await until(pilot, lambda: joined.table.view.awaiting.wait == "choose"
                        and not joined.table.in_flight, "Ann to choose")
            await pilot.press("f6")  # what would Master draw?
            assert "Coach: Master would draw" in await shown("Master would")
            await pilot.press("3")
            assert "Coach on your draw of 3 (round 1): " in await shown("draw of 3")
            # The buy's own line is held back here, so that only the decision's start
            # can take the draw's line away. (Ann buys: with no letter tile she would have
            # no selling to start, the table finishing it for her.)
            joined.table._say = lambda _said: None  # type: ignore[method-assign]
            await pilot.press("b")  # Ann buys; Bob decides next, then Ann sells
            await until(pilot, lambda: bob.view is not None and bob.my_turn, "Bob to decide")
            await bob.act("discard")
            await until(pilot, lambda: joined.table.view.awaiting.wait == "sell"
                        and joined.table.view.awaiting.seat == 0
                        and not joined.table.in_flight, "Ann to sell")
            # Ann's selling starts: the line on the draw leaves.
            await until(pilot, lambda: "draw of 3" not in coach_line(), "the draw's line gone")
            app.exit()
        # Bob hears of his own decision only, never of Ann's.
        assert all(line.startswith("Coach on your discard of ") for line in bob.coach_said)
        await joined.leave()
        await bob.close()


def test_a_hosted_game_served_again_goes_on_with_its_coach_and_appraisals() -> None:
    from buyword.net.commands import hosted_session
    from buyword.store import Store
    from buyword.table.autosave import first_save, saved_now
    from buyword.table.coach import Coach, coach_master

    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=3, private_hands=True,
                      coach=True)
    session = TableSession.new(setup, LEXICON, FINDER)
    coach = Coach(session, coach_master(session), background=False, own_screens=True)
    lines = []
    for answer in ("roll", "choose 3"):
        session.act(0, answer)
        lines += coach.update()
    assert lines and session.appraisals  # the draw count, weighed and kept
    saved = save_from(save_data(saved_now(first_save(session, setup), session)))
    loaded = Store(memory=True).resume(saved, LEXICON)
    again = hosted_session(setup, LEXICON, FINDER, loaded)  # `buyword host --continue`
    assert again.coaching and again.coach_used
    assert again.appraisals == session.appraisals


async def test_the_host_asks_master_through_the_palette_at_a_table_without_the_coach() -> None:
    # F6 on the host's screen shows the join codes, so the palette is the host's way to ask
    # (docs/several-screens.md); it turns the coach on, as F6 does on a joined screen.
    from buyword.net.remote import HostSeat
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import Opening
    from buyword.ui.screens.table import TableScreen

    session = hosted(coach=False)
    async with TableServer(session, reserved=frozenset({0})) as server:
        host = HostSeat(server, 0)
        app = BuyWordApp(opening=Opening.hosting(host))
        async with app.run_test(size=(100, 32)) as pilot:
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await until(pilot, lambda: screen.view.awaiting.wait == "roll", "Ann to roll")
            await pilot.press("r")
            await until(pilot, lambda: screen.view.awaiting.wait == "choose"
                        and not host.table.in_flight, "Ann to choose")
            titles = {c.title: c for c in app.get_system_commands(screen)}
            ask = titles.get("What would Master do? (the coach)")
            assert ask is not None, sorted(titles)
            await ask.callback()  # as the palette runs it
            await until(pilot, lambda: "Master would draw" in str(
                screen.query_one("#coach").render()), "the coach's line")
            assert session.coaching
            app.exit()
