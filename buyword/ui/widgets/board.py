"""The crossword board: the table's grid drawn on screen, with a cursor and the word being typed.

The geometry is plain functions of plain values (which screen cell shows which square, centring
on the words, scrolling to the cursor, the cursor's moves, the ghost tiles a typed word would
lay), so it is tested without Textual. `Board` draws them: each square is `CELL` columns wide,
its letter, its pips as a small digit, then a gap (the cursor's gap shows its direction).
Attributes down, messages up: the screen sets the grid, the cursor and the preview; a click
posts `Board.SquareClicked` and the screen decides what it means.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from buyword.engine import TileSet
from buyword.engine.crossword import ACROSS, DOWN, STEP, Grid, Square, Tile
from buyword.engine.tiles import missing_letters

#: Screen columns per square: the letter, its pips, a gap.
CELL = 3
#: An empty square.
EMPTY = "·"
#: The cursor's gap: the direction the typed word goes.
ARROW = {ACROSS: "→", DOWN: "↓"}
#: Pips as a small digit after the letter; 10 (custom tile sets only) shows as "₊".
SMALL_DIGITS = "₀₁₂₃₄₅₆₇₈₉"
#: Where each arrow key moves the cursor: (rows, columns).
MOVES: dict[str, tuple[int, int]] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1),
                                     "right": (0, 1)}


def small_pips(pips: int) -> str:
    """A tile's pips as one small digit ('₃' for 3)."""
    return SMALL_DIGITS[pips] if 0 <= pips < 10 else "₊"


# ---------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class View:
    """The part of the unbounded grid on screen: `top`, `left` is the square in the board's
    top-left cell; `rows` and `cols` say how many squares fit."""

    top: int
    left: int
    rows: int
    cols: int

    def square_at(self, x: int, y: int) -> Square | None:
        """The square a screen cell (x, y, from the board's top-left) shows, or None."""
        if not (0 <= y < self.rows and 0 <= x < self.cols * CELL):
            return None
        return (self.top + y, self.left + x // CELL)

    def cell_of(self, square: Square) -> tuple[int, int] | None:
        """The screen cell (x, y) of a square's letter, or None when it is off screen."""
        if not self.shows(square):
            return None
        row, col = square
        return ((col - self.left) * CELL, row - self.top)

    def shows(self, square: Square) -> bool:
        """Whether the square is on screen."""
        row, col = square
        return self.top <= row < self.top + self.rows and self.left <= col < self.left + self.cols

    def squares(self) -> list[list[Square]]:
        """The squares on screen, row by row."""
        return [[(row, col) for col in range(self.left, self.left + self.cols)]
                for row in range(self.top, self.top + self.rows)]


def fit(size: Size | tuple[int, int]) -> tuple[int, int]:
    """How many (rows, columns) of squares a board of (width, height) cells shows (1 at least)."""
    width, height = size
    return max(1, height), max(1, width // CELL)


def centred(grid: Grid, rows: int, cols: int) -> View:
    """The view of `rows` x `cols` squares centred on the words (on 0,0 before the first word).

    A grid larger than the view shows its middle; `follow` then brings the cursor on screen.
    """
    top, left, bottom, right = grid.bounds()
    if bottom < top:  # no words yet: the first word goes at 0,0
        top = left = bottom = right = 0
    return View(top - (rows - (bottom - top + 1)) // 2,
                left - (cols - (right - left + 1)) // 2, rows, cols)


def follow(view: View, square: Square, margin: int = 1) -> View:
    """The view scrolled as little as possible to show `square`, `margin` squares from the
    edge where the view is big enough (so the squares around the cursor are seen too)."""

    def shift(start: int, size: int, at: int) -> int:
        room = min(margin, (size - 1) // 2)
        if at < start + room:
            return at - room
        if at > start + size - 1 - room:
            return at - size + 1 + room
        return start

    row, col = square
    return View(shift(view.top, view.rows, row), shift(view.left, view.cols, col),
                view.rows, view.cols)


def moved(square: Square, key: str, grid: Grid) -> Square:
    """Where an arrow key takes the cursor. Before the first word it stays on 0,0, where the
    first word must start."""
    if not grid.tiles:
        return (0, 0)
    dr, dc = MOVES[key]
    return (square[0] + dr, square[1] + dc)


def toggled(direction: str) -> str:
    """The other direction: across becomes down and down across."""
    return DOWN if direction == ACROSS else ACROSS


def notation(typed: str, square: Square, direction: str) -> str:
    """The placement the board describes, in `sell` notation: 'QUIZ at 0,3 down'."""
    return f"{typed} at {square[0]},{square[1]} {direction}"


def placed_word(grid: Grid, start: Square, direction: str, typed: str, hand: str,
                wilds: int) -> str:
    """The typed word in `sell` notation. Typed all in one case (as people type), the case is
    ignored: when the hand lacks exactly one of the letters to lay and holds a wild, the wild
    covers it (on its last empty square), as `spell` does for a word sold off the table;
    otherwise upper case, and the placement's own refusal says what is wrong. A word in
    capitals with one lower-case letter (a picked hint, `ZIt`) is already notation: that
    letter is the wild."""
    if sum(c.islower() for c in typed) == 1 and len(typed) > 1:
        return typed
    word = typed.upper()
    (row, col), (dr, dc) = start, STEP[direction]
    empty = [i for i in range(len(word)) if (row + i * dr, col + i * dc) not in grid]
    missing = missing_letters("".join(word[i] for i in empty), hand)
    if len(missing) != 1 or wilds < 1:
        return word
    i = max(i for i in empty if word[i] == missing)
    return word[:i] + word[i].lower() + word[i + 1:]


@dataclass(frozen=True)
class Ghost:
    """A square a typed word covers: the letter it would hold and how: `laid` from the hand
    (a ghost tile), `reused` from the table, or `clash` (the table holds another letter)."""

    letter: str
    how: str
    pips: int | None = None  # a laid tile's pips, once the preview knows them
    wild: bool = False


def ghosts(grid: Grid, start: Square, direction: str, typed: str,
           laid: Mapping[Square, Tile] | None = None,
           pips: Mapping[str, int] | None = None) -> dict[Square, Ghost]:
    """The squares the typed word would cover from `start` along `direction`.

    `laid`, the preview's tiles for a placement that can be placed, gives their pips and marks
    the wild; without it a laid letter shows its pips from `pips` (the tile set's), if given.
    """
    (row, col), (dr, dc) = start, STEP[direction]
    covered = {}
    for i, letter in enumerate(typed.upper()):
        square = (row + i * dr, col + i * dc)
        on_table = grid.get(square)
        if on_table is None:
            tile = (laid or {}).get(square)
            if tile is not None:
                covered[square] = Ghost(letter, "laid", tile.pips, tile.wild)
            else:
                covered[square] = Ghost(letter, "laid", (pips or {}).get(letter))
        else:
            covered[square] = Ghost(letter, "reused" if on_table.letter == letter else "clash")
    return covered


@dataclass(frozen=True)
class Cell:
    """What one square looks like: its `CELL` characters and the look's names (the Board's
    component classes without their prefix), e.g. ('tile', 'last')."""

    text: str
    looks: tuple[str, ...]


def square_cell(square: Square, grid: Grid, covered: Mapping[Square, Ghost],
                last: frozenset[Square], cursor: Square | None, direction: str) -> Cell:
    """How the board draws one square."""
    tile, ghost = grid.get(square), covered.get(square)
    if ghost is not None and ghost.how == "laid":
        pips = "" if ghost.pips is None else small_pips(ghost.pips)
        letter = ghost.letter.lower() if ghost.wild else ghost.letter
        text, looks = f"{letter}{pips or ' '}", ["ghost"]
    elif tile is not None:
        text = f"{tile.shown}{small_pips(tile.pips)}"
        looks = ["wild" if tile.wild else "tile"]
        if square in last:
            looks.append("last")
        if ghost is not None:
            looks.append(ghost.how)  # reused, or a clash with the letter typed
    else:
        text, looks = f"{EMPTY} ", ["empty"]
    gap = " "
    if square == cursor:
        looks.append("cursor")
        gap = ARROW[direction]
    return Cell(text + gap, tuple(looks))


def board_cells(view: View, grid: Grid, covered: Mapping[Square, Ghost],
                last: frozenset[Square], cursor: Square | None, direction: str
                ) -> list[list[Cell]]:
    """Every cell on screen, row by row."""
    return [[square_cell(square, grid, covered, last, cursor, direction) for square in row]
            for row in view.squares()]


def last_squares(grid: Grid, laid: tuple[Square, ...]) -> frozenset[Square]:
    """The squares of the last placement still on the table (highlighted)."""
    return frozenset(square for square in laid if square in grid)


# ---------------------------------------------------------------------- the widget


class Board(Widget, can_focus=False):
    """The grid on screen: tiles with their pips, wilds in lower case, the last placement
    highlighted, the cursor with its direction and the typed word's ghost tiles.

    It centres on the words when the grid changes or the board is resized, and scrolls to keep
    the cursor on screen; the mouse wheel scrolls it too (a sideways wheel as well).
    """

    COMPONENT_CLASSES = {
        "board--empty", "board--tile", "board--wild", "board--last", "board--ghost",
        "board--reused", "board--clash", "board--cursor",
    }

    grid: reactive[Grid] = reactive(Grid, layout=False)
    cursor: reactive[Square | None] = reactive(None)
    direction: reactive[str] = reactive(ACROSS)
    typed: reactive[str] = reactive("")
    laid: reactive[Mapping[Square, Tile]] = reactive(dict)
    last: reactive[frozenset[Square]] = reactive(frozenset())

    @dataclass
    class SquareClicked(Message):
        """The player clicked a square of the board."""

        board: Board
        square: Square

        @property
        def control(self) -> Board:
            """The board clicked."""
            return self.board

    def __init__(self, tileset: TileSet | None = None, *, id: str | None = None,
                 classes: str = "") -> None:
        """A board; a typed letter's ghost tile shows its pips from `tileset`, if given."""
        super().__init__(id=id, classes=classes)
        self.tileset = tileset
        self.view: View | None = None

    # The view is the board's own display state: recomputed, never part of the game.

    def watch_grid(self) -> None:
        """A new word on the table: centre on the words again."""
        self.view = None

    def watch_cursor(self) -> None:
        """Keep the cursor on screen."""
        if self.view is not None and self.cursor is not None:
            self.view = follow(self.view, self.cursor)

    def on_resize(self, event: events.Resize) -> None:
        """A new size: centre again."""
        self.view = None

    def current_view(self) -> View:
        """The view drawn now (centred on the words, then scrolled to the cursor)."""
        rows, cols = fit(self.content_size)
        view = self.view
        if view is None or (view.rows, view.cols) != (rows, cols):
            view = centred(self.grid, rows, cols)
            if self.cursor is not None:
                view = follow(view, self.cursor)
            self.view = view
        return view

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Wide enough for every column of words (for `width: auto`)."""
        top, left, bottom, right = self.grid.bounds()
        return max(1, right - left + 1) * CELL

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Tall enough for every row of words (for `height: auto`)."""
        top, left, bottom, right = self.grid.bounds()
        return max(1, bottom - top + 1)

    def render(self) -> Text:
        """The squares on screen, styled by their component classes."""
        covered = ({} if self.cursor is None or not self.typed
                   else ghosts(self.grid, self.cursor, self.direction, self.typed, self.laid,
                          None if self.tileset is None else self.tileset.pips))
        rows = board_cells(self.current_view(), self.grid, covered, self.last, self.cursor,
                           self.direction)
        text = Text(no_wrap=True, overflow="crop")
        for y, row in enumerate(rows):
            if y:
                text.append("\n")
            for cell in row:
                text.append(cell.text, self._style(cell.looks))
        return text

    def _style(self, looks: tuple[str, ...]) -> Style:
        style = Style()
        for look in looks:
            style += self.get_component_rich_style(f"board--{look}", partial=True)
        return style

    def on_click(self, event: events.Click) -> None:
        """Tell the screen which square was clicked."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        square = self.current_view().square_at(offset.x, offset.y)
        if square is not None:
            event.stop()
            self.post_message(self.SquareClicked(self, square))

    def _scroll(self, rows: int, cols: int) -> None:
        view = self.current_view()
        self.view = View(view.top + rows, view.left + cols, view.rows, view.cols)
        self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        """The wheel scrolls the board down (the cursor may leave the screen)."""
        event.stop()
        self._scroll(2, 0)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        """The wheel scrolls the board up."""
        event.stop()
        self._scroll(-2, 0)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        """A sideways wheel (or touchpad swipe) scrolls the board right."""
        event.stop()
        self._scroll(0, 2)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        """A sideways wheel scrolls the board left."""
        event.stop()
        self._scroll(0, -2)
