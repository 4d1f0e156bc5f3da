"""The table screen at a hosted table, on loopback: a joined seat plays through the usual
Textual table (keys, the challenge prompt) driven by the server's views, and never shows
another seat's hidden tiles; the host's screen shows who is connected."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import HOST, answer, settle, table
from textual.widgets import Static
from ui_helpers import frames, on_top, until

from buyword.analysis.results import GameResults
from buyword.net.client import TableClient
from buyword.net.remote import HostSeat, JoinedTable
from buyword.net.server import TableServer
from buyword.store.setup import Seat
from buyword.table import HIDDEN, Wait
from buyword.ui.app import BuyWordApp
from buyword.ui.dialogs.challenge import ChallengeScreen
from buyword.ui.options import Opening
from buyword.ui.screens.results import JoinedResultsScreen
from buyword.ui.screens.table import TableScreen
from buyword.ui.widgets.rack import Rack
from buyword.ui.widgets.scoreboard import PlayerRow

pytestmark = pytest.mark.slow

#: Ann's first draw holds AT whatever the die says, so she sells a word in the first round.
STACKED = "ATESQZJX"


def shown_tiles(screen: TableScreen) -> list[str]:
    """The letters the screen's racks show face up."""
    return [rack.tiles for rack in screen.query(Rack) if rack.display and not rack.face_down]


async def ann_plays(ann: TableClient, rounds: int) -> None:
    """Ann answers for her seat (plain client) until `rounds` rounds have gone by."""
    tried: set[str] = set()
    while not ann.over and ann.view.seat.round <= rounds:
        if ann.my_turn:
            text = answer(ann, tried)
            if not text.startswith("sell"):
                tried = set()
            await ann.act(text)
        await ann.next_view(timeout=60)


async def test_a_joined_seat_plays_on_the_table_screen_and_never_shows_hidden_tiles() -> None:
    session = table(Seat("Ann"), Seat("Bob"), seed=21, challenge=True, bag=STACKED)
    async with TableServer(session) as server:
        ann = await TableClient.connect(HOST, server.port)
        await ann.join(code=server.codes[0])
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        app = BuyWordApp(opening=Opening.joining(joined))
        ann_task = asyncio.create_task(ann_plays(ann, rounds=2))
        challenged = moves = 0
        async with app.run_test(size=(120, 40)) as pilot:
            async for _ in frames(pilot, "round 3 by Bob's keys"):
                screen = app.screen
                if isinstance(screen, ChallengeScreen):
                    assert screen.seats == [(2, "Bob")]  # Bob alone is asked on his screen
                    challenged += 1
                    await pilot.press("enter")  # let Ann's word stand
                    continue
                assert isinstance(screen, TableScreen)
                for tiles in shown_tiles(screen):  # only Bob's own tiles are face up
                    assert tiles in (session.game.player(1).hand, session.game.player(1).drawn)
                assert screen.view.players[0].hand is None  # Ann's hand: its count
                assert not any(line.startswith(("Ann drew", "Ann bought")) and HIDDEN not in line
                               for line in map(str, joined.table.view.log))
                bob = joined.table
                if session.game.round > 2 or bob.over:
                    break
                if bob.in_flight or bob.view.awaiting.seats != (1,):
                    continue
                key = {Wait.ROLL: "r", Wait.CHOOSE: "4", Wait.BUY: "b" if bob.view.seat.can_buy
                       else "d", Wait.SELL: "escape"}.get(bob.view.awaiting.wait)
                assert key is not None, bob.view.awaiting
                await pilot.press(key)
                moves += 1
            assert moves >= 3 and challenged >= 1, (moves, challenged)
            assert session.game.round > 1  # the table moved on through Bob's keys
            app.exit()
        ann_task.cancel()
        await ann.close()


async def test_a_dropped_screen_says_so_and_takes_the_seat_back_with_its_token() -> None:
    session = table(Seat("Ann"), Seat("Bob"), seed=22)
    async with TableServer(session, reserved=frozenset({0})) as server:
        host = HostSeat(server, 0)
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        app = BuyWordApp(opening=Opening.joining(joined))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await on_top(pilot, TableScreen)
            prompt = screen.query_one("#prompt", Static)
            # The screen comes back only when the test has seen it say so, however slowly.
            comeback = asyncio.Event()
            come_back = joined._come_back

            async def held() -> None:
                await comeback.wait()
                await come_back()

            joined._come_back = held  # type: ignore[method-assign]
            joined.retry_delays = (0.01,)
            await joined.client.ws.close(1011)  # the link breaks (not a leave)
            await until(pilot, lambda: "Connection lost" in str(prompt.render()),
                        "Connection lost on the screen")
            assert joined.table.lost
            comeback.set()
            await until(pilot, lambda: not joined.table.lost and bool(server.clients.get(1)),
                        "the seat taken back with its token")
            host.table.act(0, "roll 3")  # the host plays on; Bob's screen follows
            await until(pilot, lambda: joined.table.view.seat.draw_count == 3, "Bob's draw")
            assert joined.table.view.players[1].drawn and HIDDEN not in \
                joined.table.view.players[1].drawn
            await until(pilot, lambda: "Connection lost" not in str(prompt.render()),
                        "the prompt without Connection lost")
            app.exit()


async def test_the_hosts_screen_shows_who_is_connected_and_hands_a_gone_seat_over() -> None:
    from buyword.ui.dialogs.host import CodesScreen, HandOverScreen

    session = table(Seat("Ann"), Seat("Bob"), Seat("Cy"), seed=23)
    async with TableServer(session, reserved=frozenset({0})) as server:
        app = BuyWordApp(opening=Opening.hosting(HostSeat(server, 0)))
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await on_top(pilot, TableScreen)
            assert screen.host is not None
            titles = [command.title for command in app.get_system_commands(screen)]
            assert "Roll the die" in titles and "Hand a seat to a computer" in titles
            panel = screen.query_one("#connected")
            assert f"code {server.codes[1]}" in str(panel.render())
            bob = await TableClient.connect(HOST, server.port)
            await bob.join(code=server.codes[1])
            await until(pilot, lambda: "2 Bob: connected" in str(panel.render()), "Bob connected")
            await pilot.press("f6")
            assert isinstance(app.screen, CodesScreen)
            assert any(server.codes[2] in line for line in app.screen.lines)
            await pilot.press("escape")
            await bob.leave()
            await until(pilot, lambda: "2 Bob: gone" in str(panel.render()), "Bob gone")
            await pilot.press("f7")
            assert isinstance(app.screen, HandOverScreen)
            assert app.screen.choices[0] == (1, "easy")  # Bob first, then Cy; easiest first
            # What the host is told of the seat's player: their token still takes it back.
            note = str(app.screen.query_one(".dialog-note", Static).render())
            assert "token takes it back" in note and "cannot come back" not in note
            await pilot.press("enter")
            await until(pilot, lambda: "2 Bob: computer" in str(panel.render()),
                        "Bob's seat shown handed over")
            assert "Bob · Easy" in str(screen.query(PlayerRow)[1].render())  # at which level
            assert session.seats[1] == Seat("Bob", "easy") and 1 in server.handed  # token: back
            app.exit()


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_every_join_code_shows_whole_on_the_hosts_screen_at_80x24_and_60x18(
        size: tuple[int, int]) -> None:
    # Four seats, two of them open with the longest names the new-game form takes, and a
    # computer whose level takes a line of the players panel: the seats panel still fits.
    session = table(Seat("Ann"), Seat("Bartholomew1"), Seat("Christabel22"),
                    Seat("Computer 4", "hard"), seed=23)
    async with TableServer(session, reserved=frozenset({0})) as server:
        app = BuyWordApp(opening=Opening.hosting(HostSeat(server, 0)))
        async with app.run_test(size=size) as pilot:
            screen = await on_top(pilot, TableScreen)
            panel = screen.query_one("#connected", Static)
            await until(pilot, lambda: bool(panel.region), "the seats panel laid out")
            lines = str(panel.render()).split("\n")
            assert lines[1:] == ["1 Ann: you", f"2 Bartholomew1: code {server.codes[1]}",
                                 f"3 Christabel22: code {server.codes[2]}",
                                 "4 Computer 4: computer"]
            # Each line on one row of the panel, and the panel above the footer: nothing cut.
            assert all(len(line) <= panel.content_region.width for line in lines), lines
            assert panel.content_region.height == len(lines)
            assert panel.region.bottom <= size[1] - 1
            app.exit()


async def test_ctrl_q_asks_before_the_host_closes_the_table_or_a_player_leaves_it() -> None:
    from buyword.ui.dialogs.confirm import ConfirmScreen

    session = table(Seat("Ann"), Seat("Bob"), seed=24)
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        bob = BuyWordApp(opening=Opening.joining(joined))
        async with bob.run_test(size=(80, 24)) as pilot:
            await on_top(pilot, TableScreen)
            await pilot.press("ctrl+q")
            assert isinstance(bob.screen, ConfirmScreen)
            assert "Leave this table?" in bob.screen.question
            assert joined.table.token in bob.screen.detail  # how to come back
            await pilot.press("n")
            assert isinstance(bob.screen, TableScreen) and bob.is_running
            assert server.clients.get(1) is not None  # Bob is still at the table
            await pilot.press("ctrl+q", "y")
            await settle(until=lambda: not bob.is_running and server.clients.get(1) is None)
        host = BuyWordApp(opening=Opening.hosting(HostSeat(server, 0)))
        async with host.run_test(size=(80, 24)) as pilot:
            await on_top(pilot, TableScreen)
            await pilot.press("ctrl+q")
            assert isinstance(host.screen, ConfirmScreen)
            assert host.screen.question == "Close this table for everyone?"
            await pilot.press("escape")
            assert host.is_running and not isinstance(host.screen, ConfirmScreen)
            await pilot.press("ctrl+q", "y")
            await settle(until=lambda: not host.is_running)


async def test_a_joined_player_sees_the_rejoin_token_again_with_f7_or_the_palette() -> None:
    from buyword.ui.dialogs.host import TokenScreen

    session = table(Seat("Ann"), Seat("Bob"), seed=25)
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        bob = BuyWordApp(opening=Opening.joining(joined))
        async with bob.run_test(size=(60, 18)) as pilot:
            await on_top(pilot, TableScreen)
            await pilot.press("f7")
            assert isinstance(bob.screen, TokenScreen)
            command = f"buyword join {HOST}:{server.port} {joined.table.token}"
            assert str(bob.screen.query_one(".dialog-body", Static).render()) == command
            await pilot.press("escape")
            assert isinstance(bob.screen, TableScreen)
            palette = {command.title: command for command in bob.get_system_commands(bob.screen)}
            palette["Rejoin token"].callback()
            await pilot.pause()
            assert isinstance(bob.screen, TokenScreen)
            bob.exit()


@pytest.mark.parametrize("size", [(60, 18), (60, 24)], ids=["60x18", "60x24"])
async def test_a_joined_seat_at_60_columns_gets_the_compact_table(size) -> None:

    session = table(Seat("Ann"), Seat("Bob"), seed=26)
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        for app in (BuyWordApp(opening=Opening.joining(joined)),
                    BuyWordApp(opening=Opening.hosting(HostSeat(server, 0)))):
            async with app.run_test(size=size) as pilot:
                screen = await on_top(pilot, TableScreen)
                # As a local table at this size: no price list, and five tiles' room.
                assert screen.has_class("-narrow") and not screen.query_one("#prices").display
                assert screen.query_one("#hand").content_region.width >= 29
                app.exit()


async def test_a_joined_seat_at_60x18_shows_its_first_prompt_whole() -> None:
    # The first prompt wraps at 60 columns; it reached the screen as its first layout ran,
    # which once kept the empty prompt's one line: "Waiting: Ann is to roll the" lost "die.".
    session = table(Seat("Ann"), Seat("Bob"), seed=3)
    async with TableServer(session) as server:
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        app = BuyWordApp(opening=Opening.joining(joined))
        async with app.run_test(size=(60, 18)) as pilot:
            screen = await on_top(pilot, TableScreen)
            prompt = screen.query_one("#prompt", Static)
            await until(pilot, lambda: str(prompt.content) == "Waiting: Ann is to roll the die.",
                        "the first prompt")
            await settle(joined.table)
            await pilot.pause()
            shown = " ".join(strip.text.strip() for strip in
                             prompt.render_lines(prompt.size.region))
            assert shown == "Waiting: Ann is to roll the die."
            app.exit()


async def test_a_joined_seat_ends_on_the_results_page_a_local_table_shows() -> None:
    session = table(Seat("Ann"), Seat("Bob"))
    answers = {Wait.BUY: "discard", Wait.SELL: "done"}
    for _ in range(10):  # ten rounds of five draws, all discarded: eight tiles are left
        session.act(session.awaiting().seats[0], "roll 5")
        while session.awaiting().wait is not Wait.ROLL:
            session.act(session.awaiting().seats[0], answers[session.awaiting().wait])
    session.act(session.awaiting().seats[0], "roll 5")  # the final round: nobody draws
    async with TableServer(session) as server:
        ann = await TableClient.connect(HOST, server.port)
        await ann.join(code=server.codes[0])
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        app = BuyWordApp(opening=Opening.joining(joined))
        async with app.run_test(size=(100, 40)) as pilot:
            async for _ in frames(pilot, "the results"):
                if isinstance(app.screen, JoinedResultsScreen):
                    break
                if ann.my_turn:
                    await ann.act("done")
                bob = joined.table
                if not bob.in_flight and bob.view.awaiting.seats == (1,) \
                        and isinstance(app.screen, TableScreen):
                    await pilot.press("escape")  # done selling
            results = app.screen
            assert isinstance(results, JoinedResultsScreen) and session.over
            await pilot.pause()
            # The standings, the money chart and the seed, as the host's game ended.
            assert results.view == GameResults.of(session).view
            assert results.charted == ["Ann", "Bob (you)"]
            rows = [str(s.render()) for s in results.query(".result-name").results(Static)]
            assert any(row.endswith("Bob (you)") for row in rows) and len(rows) == 2
            settings = str(results.query_one("#settings-line", Static).render())
            assert settings.startswith("Seed 3 · 11 rounds")
            # The game is the host's: no review, comparison or new game here.
            assert not results.query("Button") and not results.check_action("again", ())
            # How to leave is in the footer (Ctrl+Q is hidden, as on every screen).
            footer = {active.binding.description for active in results.active_bindings.values()
                      if active.binding.show}
            assert "Leave the table" in footer
            await pilot.press("escape")  # asks first
            await pilot.pause()
            assert app.screen is not results
            await pilot.press("y")
            await pilot.pause()
        assert app.return_code is not None or not app.is_running


async def test_a_joined_and_a_hosting_screen_have_the_games_help_and_palette() -> None:
    from buyword.ui.dialogs.help import HelpScreen

    session = table(Seat("Ann"), Seat("Bob"), seed=26)
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        for app in (BuyWordApp(opening=Opening.joining(joined)),
                    BuyWordApp(opening=Opening.hosting(HostSeat(server, 0)))):
            async with app.run_test(size=(80, 24)) as pilot:
                table_screen = await on_top(pilot, TableScreen)
                await pilot.press("f1")  # how to play, as at a table on this computer
                assert isinstance(app.screen, HelpScreen) and app.screen.tab == "rules"
                await pilot.press("escape", "question_mark")  # the key map
                assert isinstance(app.screen, HelpScreen) and app.screen.tab == "keys"
                await pilot.press("escape")
                titles = [c.title for c in app.get_system_commands(table_screen)]
                assert {"How to play", "Keys", "Price list", "Colours"} <= set(titles)
                assert "Theme" not in titles and titles.count("Keys") == 1
                assert any(title.startswith("Variant: ") for title in titles)
                # The seat's own commands; none of the games played at home.
                hosting = app.opening.host is not None
                assert ("Rejoin token" in titles) is not hosting
                assert ("Join codes" in titles) is hosting
                assert not {"New solo game", "Puzzles", "Settings"} & set(titles)
                # The table is the first screen (no title under it), and no game of this
                # computer's starts: no dictionary loads.
                assert app.screen_stack == [table_screen] and app.session is None
                assert not [worker for worker in app.workers if worker.group == "dictionary"]
                app.exit()


async def test_the_host_and_a_joined_player_see_their_own_colour_scheme(tmp_path) -> None:
    from buyword.store import Store
    from buyword.store.settings import Settings

    assert Store(tmp_path).save_settings(Settings(theme="textual-light"))
    session = table(Seat("Ann"), Seat("Bob"), seed=27)
    async with TableServer(session, reserved=frozenset({0})) as server:
        joined = await JoinedTable.join(HOST, server.port, server.codes[1])
        # The player's settings in their store, as `buyword host` and `buyword join` read
        # them; colours this version does not have leave the default.
        for app, colours in (
                (BuyWordApp(opening=Opening.joining(joined), store=Store(tmp_path)),
                 "textual-light"),
                (BuyWordApp(opening=Opening.hosting(HostSeat(server, 0)), store=Store(tmp_path)),
                 "textual-light"),
                (BuyWordApp(opening=Opening.joining(joined),
                            settings=Settings(theme="no such colours")), "textual-dark")):
            async with app.run_test(size=(80, 24)) as pilot:
                await on_top(pilot, TableScreen)
                assert app.theme == colours
                app.exit()
