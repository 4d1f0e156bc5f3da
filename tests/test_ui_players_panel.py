"""The players panel: computers are marked with their level (under the name where the row
lacks room), and a spinner turns on the row of a computer while it thinks, stopped once it has
played."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widgets import Static
from ui_helpers import make_app, settle, table, until

from buyword.store.settings import Settings
from buyword.store.setup import GameSetup, Seat
from buyword.ui.widgets.scoreboard import (
    SPINNER,
    PlayerLine,
    PlayerRow,
    Scoreboard,
    caption_lines,
    level_below,
    name_cell,
)


def test_a_computers_name_cell_keeps_its_level_whole_with_the_spaced_dot() -> None:
    assert name_cell("Cy", "expert") == ("Cy", " · Expert")
    assert name_cell("Bob", "medium", 12) == ("Bob", " · Medium")
    assert name_cell("Bob", "medium", 10) == ("Bob", "·Medium")  # a narrow column: no spaces
    assert name_cell("Annabel Lee Smith", None) == ("Annabel Le…", "")
    for name, level in (("Cy", "easy"), ("Computer", "medium"), ("A very long name", None)):
        for width in (6, 9, 11, 13, 20):
            shown, tag = name_cell(name, level, width)
            assert len(shown) + len(tag) <= width
            assert shown == name or len(shown) == width  # shortened only if need be


def test_a_level_that_does_not_fit_beside_the_name_goes_under_it_and_the_name_stays_whole(
        ) -> None:
    # "Computer·Hard" is 13 columns: at 12 (the money column widened for $1,000) the name
    # keeps all its letters and the level takes a line of its own, whole.
    assert name_cell("Computer", "hard", 13) == ("Computer", "·Hard")
    assert not level_below("Computer", "hard", 13)
    assert name_cell("Computer", "hard", 12) == ("Computer", "")
    assert level_below("Computer", "hard", 12)
    assert name_cell("Computer 2", "expert", 10) == ("Computer 2", "")
    assert not level_below("Annabel Lee Smith", None, 8)  # a person has no level to place


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
        assert "Computer 2" in rows[2] and "$200" in rows[2]  # no room beside it for the level:
        assert rows[2].split("\n")[1].strip() == "Expert", rows  # it goes under the name
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
@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_a_computer_named_computer_keeps_its_name_and_level_once_money_reaches_1000(
        size: tuple[int, int]) -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Computer", "hard")), seed=5)
    app = make_app(setup, settings=Settings(animations=False))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = table(app).query_one(Scoreboard)
        board.lines = (PlayerLine("Ann", 1000, 3, 5, current=True, leader=True),  # late on
                       PlayerLine("Computer", 640, 3, 2, current=False, leader=False,
                                  level="hard"))
        await pilot.pause()
        rows = [str(row.render()) for row in board.query(PlayerRow)]
        assert "$1,000" in rows[0]
        name, level = rows[1].split("\n")  # the level on a line of its own, under the name
        assert "Computer " in name and "$640" in name and level.strip() == "Hard", rows
        assert board.query(PlayerRow)[1].size.height == 2  # and the row is two lines tall
        board.lines = (PlayerLine("Ann", 950, 3, 5, current=True, leader=True),
                       board.lines[1])
        await pilot.pause()
        row = board.query(PlayerRow)[1]
        if size == (80, 24):  # with $950 the name and level fit on one line again
            assert "Computer·Hard" in str(row.render()) and row.size.height == 1
        else:
            assert "Computer" in str(row.render()) and "Hard" in str(row.render())


def test_a_caption_breaks_only_between_its_parts_and_says_when_more_follows() -> None:
    caption = "auction · trade with money · tile draft"
    assert caption_lines(caption, 40) == [caption]
    assert caption_lines(caption, 25) == ["auction ·", "trade with money ·", "tile draft"]
    assert caption_lines("auction · tile draft", 20) == ["auction · tile draft"]
    assert caption_lines("", 20) == []
    assert caption_lines("trade with money", 6) == ["trade with money"]  # whole, if too long


def shown_caption(board: Scoreboard) -> list[str]:
    """The lines of the players panel's caption as shown: under the rows, then on the foot;
    each checked to fit where it stands (the foot's label has the border's width less six:
    two corners, a line and a space on each side)."""
    below = board.query_one(".caption", Static)
    lines = str(below.render()).split("\n") if below.display else []
    assert all(len(line) <= below.size.width for line in lines), lines
    foot = board.border_subtitle or ""
    assert len(foot) <= board.outer_size.width - 6, foot
    return [*lines, foot]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_every_variants_name_shows_under_the_players_however_narrow_the_column(
        size: tuple[int, int]) -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy", "hard")), seed=123456789,
                      variants=("auction", "draft", "trade_money"), private_hands=False)
    app = make_app(setup, settings=Settings(animations=False))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = table(app).query_one(Scoreboard)
        lines = shown_caption(board)
        for name in ("auction", "trade with money", "tile draft", "seed 123456789"):
            assert any(name in line for line in lines), (name, lines)
        assert lines[-1] == "seed 123456789"  # the seed keeps the foot; the variants wrap


@pytest.mark.slow
async def test_a_caption_that_fits_the_foot_stays_there() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=5, variants=("auction",),
                      private_hands=False)
    app = make_app(setup, settings=Settings(animations=False))
    async with app.run_test(size=(60, 18)) as pilot:
        await settle(pilot)
        board = table(app).query_one(Scoreboard)
        assert shown_caption(board) == ["auction · seed 5"]


@pytest.mark.slow
async def test_a_caption_the_foot_would_cut_short_wraps_its_head_under_the_players() -> None:
    # "auction · seed 1234567890" is 25 columns; the 30-column panel's foot shows 24 of them
    # (it once read "auction · seed 12345678…").
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=1234567890, variants=("auction",),
                      private_hands=False)
    app = make_app(setup, settings=Settings(animations=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = table(app).query_one(Scoreboard)
        width, height = board.outer_size
        bottom = board.render_lines(Region(0, height - 1, width, 1))[0].text
        assert "seed 1234567890" in bottom and "…" not in bottom
        assert shown_caption(board) == ["auction", "seed 1234567890"]
