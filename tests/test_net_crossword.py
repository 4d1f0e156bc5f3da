"""The crossword variant at a hosted table: the grid travels in every seat's view (it is
public), and a joined seat previews a placement from it, its own hand and the tile set, as a
local table does, with no dictionary verdict: the server judges the sale."""

from __future__ import annotations

import pytest
from net_helpers import FINDER, LEXICON, previewed, settle, to_selling
from test_net_remote import seated
from ui_helpers import on_top, until

from buyword.net.commands import HostOptions, host_main
from buyword.store.setup import GameSetup, Seat
from buyword.table import Awaiting, Played, Services, TableSession, Wait

ANN, BOB = Seat("Ann"), Seat("Bob")


def crossword_table(challenge: bool = False) -> TableSession:
    """Ann draws TEA and Bob ONS in round one, at a private crossword table."""
    setup = GameSetup(seats=(ANN, BOB), seed=31, private_hands=True, variants=("crossword",),
                      challenge=challenge, bag="TEAONS")
    return TableSession.new(setup, LEXICON, FINDER)


async def test_the_grid_reaches_every_seat_and_a_placement_is_previewed_by_the_host() -> None:
    session = crossword_table()
    server, ann, bob = await seated(session)
    try:
        await to_selling(ann, bob)
        assert ann.view.seat.rules.crossword and not bob.view.seat.grid
        here = await previewed(ann, 0, "TEA at 0,0 across")
        assert here == session.preview(0, "TEA at 0,0 across") and here.reason is None
        assert here.price == 3 ** 2 == (await previewed(ann, 0, "TEA")).price
        assert isinstance(ann.act(0, "sell TEA at 0,0 across"), Played)
        await settle(ann, bob, until=lambda: len(bob.view.seat.grid) == 3)
        assert bob.view.seat.grid == session.game.grid
        assert bob.view.last_placed == {(0, 0), (0, 1), (0, 2)} and bob.view.words_placed == 1
        ann.act(0, "done")
        await settle(ann, bob, until=lambda: bob.view.awaiting.seats == (1,))
        # Bob's TO reuses Ann's T (its pips count) and lays his own O.
        to = await previewed(bob, 1, "TO at 0,0 down")
        assert to.reason is None and to.price == session.preview(1, "TO at 0,0 down").price
        assert [(w.word, w.price) for w in to.words] == [("TO", 4)]
        assert (await previewed(bob, 1, "TX at 0,0 down")).reason  # no X in his hand
        assert (await previewed(bob, 1, "NO at 5,5 across")).reason  # crosses nothing
    finally:
        await server.close()


async def test_strict_mode_shows_the_hosts_verdict_and_the_server_refuses_a_non_word() -> None:
    session = crossword_table()
    server, ann, bob = await seated(session)
    try:
        await to_selling(ann, bob)
        verdict = session.preview(0, "ETA at 0,0 across").reason  # the host's dictionary: no
        nonword = await previewed(ann, 0, "ETA at 0,0 across")
        assert verdict and nonword.reason == verdict  # the screen says what the host says
        ann.act(0, "sell ETA at 0,0 across")
        await settle(ann, bob)
        assert "not a word" in ann.refusal and not session.game.grid
    finally:
        await server.close()


async def test_challenge_mode_previews_a_non_word_as_the_host_does_without_a_verdict() -> None:
    session = crossword_table(challenge=True)
    server, ann, bob = await seated(session)
    try:
        await to_selling(ann, bob)
        here = await previewed(ann, 0, "ETA at 0,0 across")
        there = session.preview(0, "ETA at 0,0 across")
        assert here.reason is None and there.reason is None and here.price == there.price
        assert isinstance(ann.act(0, "sell ETA at 0,0 across"), Played)
        await settle(ann, bob, until=lambda: bob.view.awaiting.wait is Wait.CHALLENGE)
        assert len(bob.view.seat.grid) == 3  # on the table until a challenge takes it back
    finally:
        await server.close()


@pytest.mark.parametrize("crossword", [True, False])
def test_host_crossword_sets_the_variant(tmp_path, monkeypatch, crossword: bool) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    monkeypatch.setattr(Services, "dictionary_for", lambda self, setup: LEXICON)
    monkeypatch.setattr(Services, "finder", lambda self, lexicon, tiles: FINDER)
    played: list[bool] = []

    async def look(host) -> None:
        played.append(host.server.session.game.rules.crossword)

    options = HostOptions(people="Ann,Bob", seed=1, port=0, crossword=crossword)
    assert host_main(options, screen=look) == 0
    assert played == [crossword]


@pytest.mark.slow
async def test_the_hosts_screen_places_a_word_with_the_board_keys_and_f6_still_shows_codes(
) -> None:
    from buyword.net.remote import HostSeat
    from buyword.net.server import TableServer
    from buyword.ui.app import BuyWordApp
    from buyword.ui.dialogs.host import CodesScreen
    from buyword.ui.options import Opening
    from buyword.ui.screens.table import TableScreen
    from buyword.ui.widgets.board import Board

    session = crossword_table()
    server = TableServer(session, reserved=frozenset({1}))  # the host plays Bob
    await server.start()
    app = BuyWordApp(opening=Opening.hosting(HostSeat(server, 1)))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await server.act(0, "roll 3")
            await server.act(0, "buy")
            await until(pilot, lambda: session.awaiting() == Awaiting(Wait.BUY, (1,)),
                        "Bob to buy")
            await on_top(pilot, TableScreen)
            await pilot.press("b")
            await until(pilot, lambda: session.awaiting() == Awaiting(Wait.SELL, (0,)),
                        "Ann to sell")
            await server.act(0, "sell TEA at 0,0 across")
            await server.act(0, "done")
            await until(pilot, lambda: session.awaiting() == Awaiting(Wait.SELL, (1,)),
                        "Bob to sell")
            screen = await on_top(pilot, TableScreen)
            assert screen.host is not None
            await pilot.press("f6")
            assert isinstance(app.screen, CodesScreen)
            await pilot.press("escape")
            board = app.screen.query_one(Board)
            await pilot.press("f8")
            assert not board.display  # the log instead of the board
            await pilot.press("f8")
            assert board.display
            await pilot.press("tab", "t", "o", "enter")  # down from Ann's T
            await until(pilot, lambda: len(session.game.grid) == 4, "TO placed")
            assert session.game.grid.letter((1, 0)) == "O"
            app.exit()
    finally:
        await server.close()
