"""The table screen's crossword seam: the board, its cursor, and selling a word at a square.

In a crossword game the board takes the log's place (F8 switches between them); arrow keys or
a click choose the square the word starts on, Tab turns it across or down, and the word typed
in the usual word box is previewed on the board as ghost tiles, with every word formed and the
total price (or the reason it cannot be placed) under the word box (the sell box,
`buyword.ui.widgets.sell_box`, asks for the preview and shows its line). Enter sells
`WORD at ROW,COL across|down`. `CrosswordTable` is mixed into `TableScreen`; everything here
draws the screen's `TableView` and changes the game only through the screen's `play`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input

from buyword.engine.crossword import ACROSS, Square
from buyword.table import Awaiting, SalePreview, Wait
from buyword.ui.widgets.board import ARROW, Board, moved, toggled
from buyword.ui.widgets.game_log import GameLog
from buyword.ui.widgets.sell_box import SellBox

if TYPE_CHECKING:
    from buyword.table import TableView

#: The board's keys. Priority, so that the arrows and Tab reach the board while the word box
#: has focus; `crossword_allows` lets them through only while a person places a word.
BOARD_BINDINGS: list[BindingType] = [
    Binding("up", "cursor('up')", "Move", show=False, priority=True),
    Binding("down", "cursor('down')", "Move", show=False, priority=True),
    Binding("left", "cursor('left')", "Move", show=False, priority=True),
    Binding("right", "cursor('right')", "Move", show=False, priority=True),
    # Tab is off the footer: the board's own line and the feedback line say "Tab turns". So
    # the footer keeps "? Keys" at 80 columns (and "Done selling" at 60; see the keys help).
    Binding("tab", "turn", "Across/down", show=False, priority=True),
    Binding("f8", "board_or_log", "Log"),
    Binding("f4", "wide_board", "Wide board", show=False),
]

#: The actions those keys run.
CROSSWORD_ACTIONS = frozenset({"cursor", "turn", "board_or_log", "wide_board"})


@dataclass
class BoardCursor:
    """The screen's own board state (not game state): the square the typed word starts on,
    its direction, whether the log is shown instead of the board, and whether the board is
    widened over the side column (on a small terminal)."""

    square: Square = (0, 0)
    direction: str = ACROSS
    show_log: bool = False
    wide: bool = False


class CrosswordTable(Screen[None]):
    """The crossword part of the table screen: `TableScreen` is one, and supplies the widgets
    (`Board`, the word box, the feedback line) and the methods declared below."""

    BINDINGS = BOARD_BINDINGS

    board_cursor: BoardCursor

    if TYPE_CHECKING:  # TableScreen's own

        @property
        def view(self) -> TableView:
            """What the screen's holder may see of the table now."""
            ...

        def _person_to_act(self) -> bool: ...

    # ------------------------------------------------------------------ showing the board

    @property
    def crossword(self) -> bool:
        """Whether this game is played on a crossword grid."""
        return self.view.rules.crossword

    def show_board(self, awaiting: Awaiting) -> None:
        """Set the board from the session: the grid, the last placement, and the cursor while
        a person places a word (or the log instead, when asked)."""
        board = self.query_one(Board)
        log = self.query_one(GameLog)
        on = self.crossword
        board.display = on and not self.board_cursor.show_log
        log.display = not board.display
        if not on:
            return
        self.query_one("#side").display = not self.board_cursor.wide
        grid = self.view.seat.grid
        board.grid = grid
        board.last = self.view.last_placed
        placing = awaiting.wait is Wait.SELL and self._person_to_act()
        cursor = self.board_cursor
        board.cursor = cursor.square if placing else None
        board.direction = cursor.direction
        words = self.view.words_placed
        board.border_title = f"Table · {len(grid)} tiles" if words else "Table · no words yet"
        board.border_subtitle = (f"{cursor.square[0]},{cursor.square[1]} "
                                 f"{ARROW[cursor.direction]} {cursor.direction} · Tab turns"
                                 if placing else "")
        if not placing:
            board.typed = ""
            board.laid = {}

    def show_placement(self, typed: str, preview: SalePreview) -> None:
        """A preview on the board: the word typed, and the ghost tiles it would lay."""
        board = self.query_one(Board)
        board.typed = typed
        board.laid = dict(preview.laid)

    def _retype(self) -> None:
        """The cursor moved or turned: preview the same word from there."""
        self.query_one(SellBox).retype()  # shown when it comes
        self.show_board(self.view.awaiting)

    # ------------------------------------------------------------------ keys and clicks

    def crossword_allows(self, action: str) -> bool:
        """The board's keys work in a crossword game; the cursor's only while a person
        places a word."""
        if not self.crossword:
            return False
        if action in ("board_or_log", "wide_board"):
            return True
        return (self.view.awaiting.wait is Wait.SELL
                and self._person_to_act())

    def action_cursor(self, key: str) -> None:
        """Move the cursor one square (it stays on 0,0 until the first word is placed)."""
        cursor = self.board_cursor
        cursor.square = moved(cursor.square, key, self.view.seat.grid)
        self._retype()

    def action_turn(self) -> None:
        """Turn the word across or down."""
        self.board_cursor.direction = toggled(self.board_cursor.direction)
        self._retype()

    def action_board_or_log(self) -> None:
        """Show the game log instead of the board, or the board again."""
        self.board_cursor.show_log = not self.board_cursor.show_log
        self.show_board(self.view.awaiting)

    def action_wide_board(self) -> None:
        """Widen the board over the die, the players and the price list, or bring them back
        (the prompt still shows the money)."""
        self.board_cursor.wide = not self.board_cursor.wide
        self.board_cursor.show_log = False
        self.show_board(self.view.awaiting)

    def on_board_square_clicked(self, message: Board.SquareClicked) -> None:
        """A click chooses the first square (a second click on it turns the word)."""
        if not self.crossword_allows("cursor"):
            return
        cursor = self.board_cursor
        if not self.view.seat.grid:
            return  # the first word starts on 0,0
        if message.square == cursor.square:
            cursor.direction = toggled(cursor.direction)
        cursor.square = message.square
        self._retype()
        self.query_one("#word", Input).focus()

    def on_sell_box_placed(self, message: SellBox.Placed) -> None:
        """A hint picked: the cursor goes to its square and the word box gets its word."""
        cursor = self.board_cursor
        cursor.square, cursor.direction = message.square, message.direction
        box = self.query_one("#word", Input)
        box.value = message.word  # the hint's notation: a lower-case letter is its wild
        box.cursor_position = len(box.value)
        self._retype()
