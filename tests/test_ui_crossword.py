"""The crossword board at the table, through the real screens (Pilot): the cursor keys, the
across/down toggle, a click, the typed word's preview on the board, Enter selling the
placement, F8 and F4; the grid in the replay and the results; and a snapshot of a board with
six words at 80x24."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static
from ui_helpers import make_app, settle, table

from buyword.analysis.results import GameResults
from buyword.engine import Game, GameRecord, parse_action
from buyword.engine.crossword import DOWN
from buyword.store.setup import GameSetup
from buyword.table.replay import replay_of
from buyword.ui.dialogs.board_hints import PlacementHintsScreen
from buyword.ui.screens.replay import ReplayScreen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.widgets.board import Board, toggled
from buyword.ui.widgets.game_log import GameLog
from buyword.words.lexicon import Lexicon

pytestmark = pytest.mark.slow

WORDS = ("quiz", "zit", "tea", "seat", "is", "ate", "at", "east", "it", "set")
LEXICON = Lexicon(WORDS, "the crossword board's test words")
#: A solo crossword game whose draws (4, 2, 2, 3, 2, 3, 4 tiles) make six crossing words.
SETUP = GameSetup(seed=3, bag="QUIZ" "IT" "EA" "SAT" "TE" "AST" "TOES", variants=("crossword",),
                  hints=True)
SIX_WORDS = ("sell QUIZ", "sell ZIT at 0,3 down", "sell TEA at 2,3 across",
             "sell SEAT at 1,4 down", "sell ATE at 3,4 across", "sell EAST at 3,6 down")
DRAWS = ("roll 4", "roll 2", "roll 2", "roll 3", "roll 2", "roll 3", "roll 4")


async def play(pilot: Pilot, *actions: str, pause: bool = True) -> None:
    """Answers through the table screen's one way in (the look and keys are under test);
    `pause`: let the screen catch up after each one."""
    screen = table(pilot.app)
    for action in actions:
        assert screen.play(parse_action(action)), action
        if pause:
            await pilot.pause()


async def test_the_board_cursor_toggle_preview_and_sale_by_keys_and_clicks() -> None:
    app = make_app(SETUP, lexicon=LEXICON)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        board = screen.query_one(Board)
        assert board.display and not screen.query_one(GameLog).display
        await play(pilot, "roll 4", "buy")
        assert board.cursor == (0, 0)
        await pilot.press("right")  # no word yet: the first one starts on 0,0
        assert screen.board_cursor.square == (0, 0)
        await pilot.press(*"quiz", "enter")
        await pilot.pause()
        assert screen.session.game.grid.letter((0, 3)) == "Z"
        await play(pilot, "done", "roll 2", "buy")

        await pilot.press("right", "right", "right", "tab")
        assert (screen.board_cursor.square, screen.board_cursor.direction) == ((0, 3), DOWN)
        await pilot.press(*"zit")
        await pilot.pause()
        assert board.typed == "zit" and set(board.laid) == {(1, 3), (2, 3)}
        feedback = str(screen.query_one("#feedback", Static).render())
        assert "ZIT at 0,3 down" in feedback and "ZIT $36" in feedback
        await pilot.press("tab")  # across from the Z runs off the table's words: refused
        await pilot.pause()
        assert "✗" in str(screen.query_one("#feedback", Static).render())
        assert board.laid == {}
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert screen.session.game.grid.letter((2, 3)) == "T"
        assert board.last == {(0, 3), (1, 3), (2, 3)}
        assert screen.query_one("#word", Input).value == ""

        await play(pilot, "done", "roll 2", "buy")
        await pilot.press("f2")  # hints: pick the first placement
        await settle(pilot)
        hints = app.screen
        assert isinstance(hints, PlacementHintsScreen) and hints.found
        best = hints.found[0]
        await pilot.press("enter")
        await pilot.pause()
        assert screen.board_cursor.square == best.start
        assert screen.board_cursor.direction == best.direction
        assert screen.query_one("#word", Input).value == best.notation
        await pilot.press("enter")
        await pilot.pause()
        assert board.last and board.last <= set(screen.session.game.grid.squares())
        assert screen.session.game.player(0).hand == ""

        await play(pilot, "done", "roll 3", "buy")
        x, y = board.current_view().cell_of((2, 3))
        await pilot.click(Board, offset=(x + 2, y + 1))  # past the border and the padding
        assert screen.board_cursor.square == (2, 3)
        before = screen.board_cursor.direction
        await pilot.click(Board, offset=(x + 2, y + 1))  # the same square again: it turns
        assert screen.board_cursor.direction == toggled(before)
        await pilot.press("f8")
        assert screen.query_one(GameLog).display and not board.display
        await pilot.press("f8")
        assert board.display
        side = screen.query_one("#side")
        await pilot.press("f4")  # the wide board, over the side column
        assert not side.display and board.display
        await pilot.press("f4")
        assert side.display


def test_the_board_with_six_words_at_80x24(snap_compare) -> None:
    async def six_words(pilot: Pilot) -> None:
        await settle(pilot)
        for box in pilot.app.query(Input):
            box.cursor_blink = False
        for draw, sale in zip(DRAWS, SIX_WORDS, strict=False):
            await play(pilot, draw, "buy", sale, "done", pause=False)
        await play(pilot, DRAWS[-1], "buy")
        await pilot.press(*["down"] * 5, *["right"] * 6, *"set")
        pilot.app.set_focus(None)  # no blinking cursor in the word box
        await settle(pilot)

    app = make_app(SETUP, lexicon=LEXICON)
    assert snap_compare(app, terminal_size=(80, 24), run_before=six_words)


def finished_crossword_game() -> Game:
    """The six-word game played to the end in the engine."""
    game = Game.new(["You"], dictionary=LEXICON, seed=3, bag=SETUP.bag, rules=SETUP.rules())
    for draw, sale in zip(DRAWS, SIX_WORDS, strict=False):
        for action in (draw, "buy", sale, "done"):
            game.apply(action)
    while game.outcome() is None:
        game.apply({"roll": "roll", "choose": "choose 5", "buy": "discard",
                    "sell": "done"}[game.phase.value])
    return game


async def test_the_replay_and_the_results_show_the_grid() -> None:
    game = finished_crossword_game()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = ReplayScreen(replay_of(GameRecord.of(game)))
        await app.push_screen(replay)
        await pilot.press("end")
        board = replay.query_one(Board)
        assert board.display and board.grid == game.grid and len(board.grid) == 16
        assert board.last == {(3, 6), (4, 6), (5, 6), (6, 6)}  # EAST, the last word placed
        await pilot.press("home")
        assert len(board.grid) == 0
        await app.push_screen(ResultsScreen(GameResults(game), SETUP, hints_used=False))
        await pilot.pause()
        final = app.screen.query_one("#final-grid", Board)
        assert final.grid == game.grid and final.size.height == 7  # rows 0 to 6, all shown
