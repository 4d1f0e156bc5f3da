"""The mouse wheel over the crossword board (Pilot): the words on screen move up as the wheel
turns down and back as it turns up, left as a sideways wheel turns right and back. The wheel
arrives as the terminal driver delivers it: an
event posted to the app at a screen position, which the screen routes to the widget under it
(Pilot has no wheel helper)."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App
from textual.widget import Widget
from ui_helpers import make_app, settle, table

from buyword.engine import parse_action
from buyword.store.setup import GameSetup
from buyword.ui.widgets.board import CELL, Board
from buyword.words.lexicon import Lexicon

pytestmark = pytest.mark.slow

#: A solo crossword game whose first draw is QUIZ.
SETUP = GameSetup(seed=3, bag="QUIZ", variants=("crossword",))


Wheel = type[events.MouseScrollDown | events.MouseScrollUp | events.MouseScrollLeft
             | events.MouseScrollRight]


def wheel(app: App, over: Widget, turn: Wheel) -> None:
    """Turn the wheel one notch with the mouse over the middle of `over`."""
    x, y = over.region.center
    app.post_message(turn(None, x, y, 0, 0, 0, False, False, False, screen_x=x, screen_y=y))


def place_of(board: Board, letter: str) -> tuple[int, int]:
    """Where `letter` shows on the board: its line and its column on that line."""
    lines = board.render().plain.splitlines()
    return next((y, line.index(letter)) for y, line in enumerate(lines) if letter in line)


async def test_the_wheel_scrolls_the_board_and_back() -> None:
    app = make_app(SETUP, lexicon=Lexicon(("quiz",), "the wheel's test word"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        for action in ("roll 4", "buy", "sell QUIZ"):
            assert screen.play(parse_action(action)), action
        await pilot.pause()
        board = screen.query_one(Board)
        row, column = place_of(board, "Q")
        for turn, moved in ((events.MouseScrollDown, (row - 2, column)),  # lower rows show
                            (events.MouseScrollUp, (row, column)),
                            (events.MouseScrollRight, (row, column - 2 * CELL)),  # squares
                            (events.MouseScrollLeft, (row, column))):
            wheel(app, board, turn)
            await pilot.pause()
            assert place_of(board, "Q") == moved, turn.__name__
