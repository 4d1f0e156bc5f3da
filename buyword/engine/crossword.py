"""The crossword variant: the shared grid of sold words, placements, and their legality and price.

Sold words stay on the table in one unbounded grid. Squares are (row, column), signed, counted
from the first word's first letter at (0, 0); rows grow downwards. A placement names its whole
word along one line (`QUiZ at 0,3 down`, the wild's letter in lower case as in `sell`), and
`check_placement` says which words it forms and what each pays, or why it cannot be placed
(the crossword variant of the rules). Everything here is a pure function of immutable values.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from buyword.engine.dictionary import Dictionary, is_left_out
from buyword.engine.errors import IllegalAction, MalformedAction, quoted
from buyword.engine.events import Challenged, Sold
from buyword.engine.tiles import (
    Spelling,
    TileSet,
    check_spelling,
    parse_spelling,
    price,
)
from buyword.engine.wording import dollars

#: A square of the grid: (row, column).
Square = tuple[int, int]

ACROSS = "across"
DOWN = "down"
DIRECTIONS = (ACROSS, DOWN)
#: One step along a line, by direction: across moves right, down moves down.
STEP = {ACROSS: (0, 1), DOWN: (1, 0)}

#: The largest row or column a placement may name. The box holds 108 letter tiles, so no
#: grid reaches far beyond a few hundred squares from (0, 0); the bound keeps numbers in
#: notation short and is checked before `int()`.
MAX_COORDINATE = 9_999
#: The longest word a placement may name (the same bound as `sell`).
MAX_WORD = 100
#: The most tiles a grid read from a record may hold.
MAX_GRID_TILES = 10_000

_NOTATION = re.compile(
    r"^\s*([A-Za-z]+)(?:\s+at\s+(-?\d{1,4})\s*,\s*(-?\d{1,4})\s+(across|down))?\s*$",
    re.ASCII,  # digits and blanks are ASCII only: no other script's digits reach int()
)


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile on the table: its letter, its pips, and whether it is a wild playing that letter."""

    letter: str
    pips: int
    wild: bool = False

    @property
    def shown(self) -> str:
        """How the grid shows it: a wild's letter in lower case."""
        return self.letter.lower() if self.wild else self.letter


def _coordinate(value: object, what: str) -> int:
    """A whole number within the grid's bounds, or MalformedAction."""
    if type(value) is not int or not -MAX_COORDINATE <= value <= MAX_COORDINATE:
        raise MalformedAction(
            f"{what} {quoted(value)}: a row or column is a whole number from "
            f"{-MAX_COORDINATE:,} to {MAX_COORDINATE:,}"
        )
    return value


@dataclass(frozen=True)
class Placement:
    """A word to place: `word` in `sell` notation, its first square and direction.

    `row`, `col` and `direction` are all None for the game's first word written without
    `at …`; it goes across at (0, 0).
    """

    word: str
    row: int | None = None
    col: int | None = None
    direction: str | None = None

    def __post_init__(self) -> None:
        """Refuse a malformed placement: bad word, half a position, numbers out of bounds."""
        if type(self.word) is not str:
            raise MalformedAction(f"Placement({quoted(self.word)}): the word must be text")
        if len(self.word) > MAX_WORD:
            raise MalformedAction(
                f"{quoted(self.word)} has {len(self.word):,} letters; "
                f"a word has at most {MAX_WORD}"
            )
        parse_spelling(self.word)
        where = (self.row, self.col, self.direction)
        if where == (None, None, None):
            return
        _coordinate(self.row, "row")
        _coordinate(self.col, "column")
        if self.direction not in DIRECTIONS:
            raise MalformedAction(
                f"{quoted(self.direction)}: a word goes 'across' or 'down'"
            )

    @property
    def positioned(self) -> bool:
        """Whether the placement says where it goes (only a first word may leave it out)."""
        return self.direction is not None

    @property
    def spelling(self) -> Spelling:
        """The word read as `sell` notation: its letters and the wild's letter."""
        return parse_spelling(self.word)

    @property
    def start(self) -> Square:
        """The first square: (0, 0) for a first word written without `at …`."""
        return (self.row or 0, self.col or 0)

    @property
    def heading(self) -> str:
        """Across or down (across for a first word written without `at …`)."""
        return self.direction or ACROSS

    def squares(self) -> list[Square]:
        """The squares the word covers, in reading order."""
        (row, col), (dr, dc) = self.start, STEP[self.heading]
        return [(row + i * dr, col + i * dc) for i in range(len(self.word))]

    def __str__(self) -> str:
        if not self.positioned:
            return self.word
        return f"{self.word} at {self.row},{self.col} {self.direction}"

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read `WORD at ROW,COL across|down` (or a bare `WORD`); MalformedAction if it is not."""
        if type(text) is not str:
            raise MalformedAction(f"{quoted(text)} is not a placement")
        # The pattern bounds every number to 4 digits, so int() never meets a huge one.
        match = _NOTATION.match(text) if len(text) <= MAX_WORD + 40 else None
        if match is None:
            raise MalformedAction(
                f"{quoted(text)} is not a placement; write e.g. 'QUiZ at 0,3 down' "
                "(row, column, then across or down)"
            )
        word, row, col, direction = match.groups()
        if direction is None:
            return cls(word)
        return cls(word, int(row), int(col), direction)


@dataclass(frozen=True, slots=True)
class WordFormed:
    """One word a placement forms (its whole line), where it lies, and what it pays."""

    word: str  # upper case
    start: Square
    direction: str
    pips: int

    @property
    def price(self) -> int:
        """What this word pays the seller: its tiles' pips, squared."""
        return price(self.pips)

    def __str__(self) -> str:
        return f"{self.word} {dollars(self.price)}"


@dataclass(frozen=True)
class Play:
    """A legal placement worked out: the tiles it lays and the words it forms, each paid."""

    placement: Placement
    laid: tuple[tuple[Square, Tile], ...]  # the hand's tiles, in reading order
    words: tuple[WordFormed, ...]  # the placed word first, then the side words in order

    @property
    def letters(self) -> str:
        """The hand's letter tiles laid (upper case, in reading order; not the wild)."""
        return "".join(tile.letter for _, tile in self.laid if not tile.wild)

    @property
    def wild(self) -> bool:
        """Whether a wild tile is laid."""
        return any(tile.wild for _, tile in self.laid)

    @property
    def price(self) -> int:
        """What the placement pays: the sum of every word formed's price."""
        return sum(word.price for word in self.words)

    def describe(self) -> str:
        """'QUIZ $144 + QI $25 = $169', or 'QUIZ $144' for a single word."""
        words = " + ".join(map(str, self.words))
        return words if len(self.words) == 1 else f"{words} = {dollars(self.price)}"


@dataclass(frozen=True)
class Grid:
    """The table's tiles by square. Immutable: placing or removing gives a new grid."""

    tiles: dict[Square, Tile] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, square: object) -> bool:
        return square in self.tiles

    def __hash__(self) -> int:
        return hash(frozenset(self.tiles.items()))

    def get(self, square: Square) -> Tile | None:
        """The tile on `square`, or None if it is empty."""
        return self.tiles.get(square)

    def letter(self, square: Square) -> str | None:
        """The letter on `square`, or None if it is empty."""
        tile = self.tiles.get(square)
        return None if tile is None else tile.letter

    def line(self, square: Square, direction: str) -> tuple[Square, list[Tile]]:
        """The maximal run of tiles through `square` (which must hold one) along `direction`:
        its first square and its tiles in reading order."""
        dr, dc = STEP[direction]
        row, col = square
        while (row - dr, col - dc) in self.tiles:
            row, col = row - dr, col - dc
        start = (row, col)
        run = []
        while (row, col) in self.tiles:
            run.append(self.tiles[(row, col)])
            row, col = row + dr, col + dc
        return start, run

    def bounds(self) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) of the tiles; (0, 0, -1, -1) for an empty grid."""
        if not self.tiles:
            return (0, 0, -1, -1)
        rows = [r for r, _ in self.tiles]
        cols = [c for _, c in self.tiles]
        return (min(rows), min(cols), max(rows), max(cols))

    def place(self, play: Play) -> Grid:
        """A new grid with the play's tiles laid (the play must have been checked on this grid)."""
        tiles = dict(self.tiles)
        for square, tile in play.laid:
            if square in tiles:
                raise IllegalAction(f"{square[0]},{square[1]} already holds a tile")
            tiles[square] = tile
        return Grid(tiles)

    def remove(self, play: Play) -> Grid:
        """A new grid without the play's laid tiles: a placement reversed after a challenge."""
        tiles = dict(self.tiles)
        for square, tile in play.laid:
            if tiles.get(square) != tile:
                raise IllegalAction(
                    f"{square[0]},{square[1]} does not hold the {tile.shown} that was laid there"
                )
            del tiles[square]
        return Grid(tiles)

    def picture(self) -> str:
        """A text picture: one line per row, '.' for an empty square, a wild in lower case."""
        if not self.tiles:
            return "(no words on the table yet)"
        top, left, bottom, right = self.bounds()
        width = max(len(str(top)), len(str(bottom)))
        lines = [f"{' ' * width}  columns {left} to {right}"]
        for row in range(top, bottom + 1):
            cells = (
                self.tiles[(row, col)].shown if (row, col) in self.tiles else "."
                for col in range(left, right + 1)
            )
            lines.append(f"{row:>{width}}  {' '.join(cells)}")
        return "\n".join(lines)

    def squares(self) -> Iterator[Square]:
        """Every occupied square, in no particular order."""
        return iter(self.tiles)


def _at(square: Square) -> str:
    return f"{square[0]},{square[1]}"


def _needs_position(placement: Placement, grid: Grid) -> None:
    """A first word goes at (0, 0); every later word says where it goes."""
    if not grid.tiles:
        if placement.start != (0, 0):
            raise IllegalAction(
                f"{placement} cannot be the first word: the first word starts at 0,0 "
                "(the grid counts rows and columns from its first letter)"
            )
        return
    if not placement.positioned:
        raise IllegalAction(
            f"say where {placement.word} goes: e.g. '{placement.word} at 0,3 down' "
            "(row, column, then across or down)"
        )


def _check_ends(placement: Placement, grid: Grid) -> None:
    """The named word is its whole line: the squares just before and after it are empty."""
    squares = placement.squares()
    dr, dc = STEP[placement.heading]
    before = (squares[0][0] - dr, squares[0][1] - dc)
    after = (squares[-1][0] + dr, squares[-1][1] + dc)
    for square in (before, after):
        if square in grid:
            start, run = grid.line(square, placement.heading)
            raise IllegalAction(
                f"{placement} runs into the {''.join(t.letter for t in run)} at {_at(start)}: "
                "name the whole word along the line"
            )


def _lay(placement: Placement, grid: Grid, tiles: TileSet) -> tuple[tuple[Square, Tile], ...]:
    """The tiles the placement lays on empty squares; refuses letters that do not match."""
    spelling = placement.spelling
    laid = []
    reused = 0
    for i, square in enumerate(placement.squares()):
        letter = spelling.word[i]
        on_table = grid.get(square)
        is_wild = i == spelling.wild_index
        if on_table is None:
            pips = tiles.wild_pips if is_wild else tiles.pips.get(letter)
            if pips is None:
                raise IllegalAction(f"the tile set has no {letter} tiles")
            laid.append((square, Tile(letter, pips, is_wild)))
            continue
        if on_table.letter != letter:
            raise IllegalAction(
                f"{placement} puts {letter} on {_at(square)}, where the table has "
                f"{'an' if on_table.letter in 'AEFHILMNORSX' else 'a'} {on_table.letter}"
            )
        if is_wild:
            raise IllegalAction(
                f"{placement} marks the {letter} on {_at(square)} as your wild, but that "
                "square already holds a tile: mark the wild on a square you fill"
            )
        reused += 1
    if grid.tiles and not reused:
        raise IllegalAction(
            f"{placement} must cross the words on the table, reusing at least one tile there"
        )
    if not laid:
        raise IllegalAction(
            f"{placement} lays no tile from your hand: every square already holds its letter"
        )
    return tuple(laid)


def _words_formed(
    placement: Placement, grid: Grid, laid: tuple[tuple[Square, Tile], ...]
) -> tuple[WordFormed, ...]:
    """The placed word's line (always: it is the word sold, even a one-letter first word),
    then each side line of 2+ tiles through a laid tile."""
    after = Grid({**grid.tiles, **dict(laid)})
    heading = placement.heading
    across = heading == ACROSS
    side = DOWN if across else ACROSS
    formed = []
    for direction, squares in ((heading, [placement.start]), (side, [sq for sq, _ in laid])):
        for square in squares:
            start, run = after.line(square, direction)
            if len(run) >= 2 or direction == heading:
                word = "".join(t.letter for t in run)
                formed.append(WordFormed(word, start, direction, sum(t.pips for t in run)))
    return tuple(formed)


def check_placement(
    placement: Placement,
    grid: Grid,
    hand: str,
    wilds: int,
    tiles: TileSet,
    dictionary: Dictionary | None,
    min_length: int = 2,
    *,
    family: object = None,
) -> Play:
    """The tiles `placement` lays and the words it forms with their prices, if it is legal.

    Raises IllegalAction in a player's words otherwise (the crossword variant): the first
    word at 0,0; later words say where they go, name their whole line, match the letters they
    cross, reuse at least one tile and lay at least one from `hand` (letter tiles, upper case)
    and `wilds`, with at most one wild. Every word formed must be at least `min_length` letters
    (each is paid as a word sold, and no shorter word could be sold) and, unless `dictionary`
    is None (challenge mode, where a challenge asks `invalid_words` later), a valid word.
    A word formed that the `family` dictionary leaves out (the family words setting) is
    refused in either mode.
    """
    _needs_position(placement, grid)
    _check_ends(placement, grid)
    laid = _lay(placement, grid, tiles)
    wild = next((tile.letter for _, tile in laid if tile.wild), None)
    letters = "".join(tile.letter for _, tile in laid if not tile.wild)
    check_spelling(Spelling(placement.spelling.word, letters, wild), hand, wilds)
    words = _words_formed(placement, grid, laid)
    for formed in words:
        if len(formed.word) < min_length:
            raise IllegalAction(
                f"{placement} would form {formed.word}, which is too short: "
                f"words need at least {min_length} letters"
            )
    for formed in words:
        if is_left_out(family, formed.word):
            raise IllegalAction(f"{placement} would form {formed.word}, which the family "
                                "words setting leaves out (no offensive words)")
    if dictionary is not None:
        bad = invalid_words(words, dictionary)
        if bad:
            raise IllegalAction(f"{placement} would form {bad[0]}, which is not a word")
    return Play(placement, laid, words)


def invalid_words(words: tuple[WordFormed, ...], dictionary: Dictionary) -> list[str]:
    """The words formed that the dictionary refuses (a challenge reverses the whole play)."""
    return [formed.word for formed in words if not dictionary.is_word(formed.word.lower())]


def placement_refusal(
    placement: Placement,
    grid: Grid,
    hand: str,
    wilds: int,
    tiles: TileSet,
    dictionary: Dictionary | None,
    min_length: int = 2,
) -> str | None:
    """Why `placement` cannot be placed, in a player's words; None if it can."""
    try:
        check_placement(placement, grid, hand, wilds, tiles, dictionary, min_length)
    except IllegalAction as error:
        return str(error)
    return None


def last_placement(log: Sequence[object], grid: Grid) -> frozenset[Square]:
    """The squares of the last word placed (highlighted on the board); none once a challenge
    has reversed it."""
    for event in reversed(log):
        if isinstance(event, Challenged) and event.at and not event.valid:
            return frozenset()
        if isinstance(event, Sold) and event.at:
            squares = Placement.parse(f"{event.word} at {event.at}").squares()
            return frozenset(square for square in squares if square in grid)
    return frozenset()
