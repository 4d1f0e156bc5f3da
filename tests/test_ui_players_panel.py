"""The players panel: computers are marked with their level, and a spinner turns on the row
of a computer while it thinks, stopped once it has played."""

from __future__ import annotations

import pytest
from ui_helpers import make_app, settle, table, until

from buyword.store.settings import Settings
from buyword.store.setup import GameSetup, Seat
from buyword.ui.widgets.scoreboard import SPINNER, PlayerLine, PlayerRow, Scoreboard, name_cell


def test_a_computers_name_cell_keeps_its_level_whole_with_the_spaced_dot() -> None:
    assert name_cell("Cy", "expert") == ("Cy", " · Expert")
    assert name_cell("Bob", "medium", 12) == ("Bob", " · Medium")
    assert name_cell("Computer", "expert", 12) == ("Comp…", "·Expert")  # no room: …, no spaces
    assert name_cell("Bob", "medium", 10) == ("Bob", "·Medium")  # a narrow column: no spaces
    assert name_cell("Annabel Lee Smith", None) == ("Annabel Le…", "")
    for name, level in (("Cy", "easy"), ("Computer", "medium"), ("A very long name", None)):
        for width in (6, 9, 11, 13, 20):
            shown, tag = name_cell(name, level, width)
            assert len(shown) + len(tag) <= width
            assert shown == name or len(shown) + len(tag) >= width - 1  # shortened only if need be


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_names_show_whole_at_80x24_and_shorten_only_where_the_row_lacks_room(
        size: tuple[int, int]) -> None:
    setup = GameSetup(seats=(Seat("Annabel"), Seat("Bob", "medium"), Seat("Computer 2", "expert")),
                      seed=5)
    app = make_app(setup, settings=Settings(animations=False))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        rows = [str(row.render()) for row in table(app).query(PlayerRow)]
        assert "Annabel " in rows[0] and "$200" in rows[0]
        assert "Bob · Medium " in rows[1]
        computer = "Comput…·Expert $200" if size == (80, 24) else "Comp…·Expert $200"
        assert computer in rows[2], rows
        assert len({row.index("$") for row in rows}) == 1  # the money lines up


@pytest.mark.slow
async def test_the_spinner_turns_while_a_computer_thinks_and_stops_when_it_has_played() -> None:
    setup = GameSetup(seats=(Seat("You"), Seat("Cy", "greedy")), seed=5, bag="QUIZ" "STAR")
    app = make_app(setup, settings=Settings(animations=False, bot_speed="normal"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        board = screen.query_one(Scoreboard)
        rows = list(board.query(PlayerRow))
        assert "Cy · Greedy" in str(rows[1].render()) and "·" not in str(rows[0].render())
        assert board.spinner is None
        # Cy's step stays on screen until Space skips it, however long the test takes to look.
        screen.session.step_delay = 60.0
        await pilot.press("r", "d")  # You discard: Cy is to decide
        moves = len(screen.session.game.actions)
        await until(pilot, lambda: board.spinner is not None
                    and list(board.query(PlayerRow))[1].frame > 0, "Cy's spinner turning")
        cy = list(board.query(PlayerRow))[1]
        assert cy.line.thinking and str(cy.render())[0] in SPINNER  # it turns
        assert len(screen.session.game.actions) == moves  # shown while Cy decides, not after
        await pilot.press("space")  # skip ahead: Cy's move is shown now
        await until(pilot, lambda: len(screen.session.game.actions) == moves + 1,
                    "Cy's paced decision")
        await settle(pilot)
        assert len(screen.session.game.actions) == moves + 1  # Cy has played: the turn is You's
        assert screen.session.awaiting().seats == (0,)
        assert board.spinner is None
        assert not any(str(row.render())[0] in SPINNER for row in board.query(PlayerRow))


@pytest.mark.slow
async def test_a_computer_named_computer_keeps_its_name_or_nearly() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Computer", "hard")), seed=5)
    app = make_app(setup, settings=Settings(animations=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = table(app).query_one(Scoreboard)
        board.lines = (PlayerLine("Ann", 1000, 3, 5, current=True, leader=True),  # late on
                       PlayerLine("Computer", 640, 3, 2, current=False, leader=False,
                                  level="hard"))
        await pilot.pause()
        rows = [str(row.render()) for row in table(app).query(PlayerRow)]
        assert "$1,000" in rows[0] and "Comput…·Hard" in rows[1]  # as much of it as fits
        board.lines = (PlayerLine("Ann", 950, 3, 5, current=True, leader=True),
                       board.lines[1])
        await pilot.pause()
        assert "Computer·Hard" in str(table(app).query(PlayerRow)[1].render())
