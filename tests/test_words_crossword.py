"""The crossword move generator: every move it finds is legal, and it finds every legal move."""

from __future__ import annotations

import random

import pytest
from words_helpers import bundled_finder, bundled_lexicon

from buyword.engine.crossword import (
    ACROSS,
    DOWN,
    Grid,
    Placement,
    check_placement,
)
from buyword.engine.errors import IllegalAction
from buyword.engine.tiles import default_tiles
from buyword.words import crossword
from buyword.words.crossword import Board, find_placements
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

TILES = default_tiles()
_SMALL_WORDS = """
    quiz qi zit it at cat cats act tab cab bib ta ti tic tin nit tan ant ants an in is
    si its sit tis aa ab ba bi bit bat bats stab scat tact taint stain satin saint nits
    snit tins into unit unto nut tun tuna aunt zin quit quits suit unit tic ax xi ex axe
    tax taxi taxis sax six sin sinus us ut tut tat bus sub tub but butt
"""
SMALL = Lexicon(_SMALL_WORDS.split())
SMALL_FINDER = WordFinder(SMALL, TILES)


def brute_force(grid: Grid, hand: str, wilds: int, lexicon: Lexicon, min_length: int = 2,
                ) -> dict[str, int]:
    """Every legal placement (notation -> price), by trying each word at each square.

    The engine decides; among the ways to write one placement, the one kept is the one the
    generator gives: no wild when the hand holds every letter, else the wild on the last
    square laid with the missing letter.
    """
    found: dict[str, int] = {}
    words = sorted(w.upper() for w in lexicon if len(w) >= min_length)
    for word in words:
        for start in _starts(grid, len(word)):
            legal = _legal_writing(grid, word, start, hand, wilds, lexicon, min_length)
            if legal is not None:
                found[str(legal.placement)] = legal.price
    return found


def _starts(grid: Grid, length: int) -> list[tuple[int, int, str]] | list[None]:
    """Every square and direction a word of `length` letters could start at: on a grid
    with tiles, every one whose line passes over the tiles' bounding box (a later word must
    reuse a tile on the table, so no other start can be legal; the engine decides the rest).
    """
    if not grid.tiles:
        return [None]
    top, left, bottom, right = grid.bounds()
    across = [(r, c, ACROSS) for r in range(top, bottom + 1)
              for c in range(left - length + 1, right + 1)]
    down = [(r, c, DOWN) for r in range(top - length + 1, bottom + 1)
            for c in range(left, right + 1)]
    return across + down


def _legal_writing(grid, word, start, hand, wilds, lexicon, min_length):
    """The kept writing of `word` at `start`, checked by the engine, or None."""
    where = () if start is None else start
    try:
        return check_placement(Placement(word, *where), grid, hand, wilds, TILES, lexicon,
                               min_length)
    except IllegalAction:
        pass
    if wilds < 1:
        return None
    for i in reversed(range(len(word))):
        marked = word[:i] + word[i].lower() + word[i + 1:]
        try:
            return check_placement(Placement(marked, *where), grid, hand, wilds, TILES,
                                   lexicon, min_length)
        except IllegalAction:
            continue
    return None


def grid_of(*texts: str, lexicon: Lexicon = SMALL) -> Grid:
    """A grid built by placing each text in turn (checked by the engine)."""
    grid = Grid()
    for text in texts:
        placement = Placement.parse(text)
        grid = grid.place(check_placement(placement, grid, placement.word.upper(), 1, TILES,
                                          lexicon))
    return grid


GRIDS = {
    "empty": Grid(),
    "one word": grid_of("CAT"),
    "a cross": grid_of("QUIZ", "ZIT at 0,3 down"),
    "parallel": grid_of("CAT", "CAB at 0,0 down", "TAB at 0,2 down"),
    "a wild on the table": grid_of("TAxI", "ITS at 0,3 down"),
}


def generated(grid: Grid, hand: str, wilds: int, min_length: int = 2) -> dict[str, int]:
    moves = find_placements(grid, hand, wilds, SMALL_FINDER, SMALL, min_length)
    notations = [str(move) for move in moves]
    assert len(set(notations)) == len(notations), "a placement is listed twice"
    return {str(move): move.price for move in moves}


@pytest.mark.parametrize("name", GRIDS)
# With a wild the brute force also tries every letter at every square (up to half a second
# a grid, however small the hand): the hands without one run in the fast set, those with one
# with the whole suite.
@pytest.mark.parametrize(("hand", "wilds"), [
    ("ASTIN", 0), pytest.param("ASTIN", 1, marks=pytest.mark.slow),
    pytest.param("BUX", 1, marks=pytest.mark.slow), ("T", 0),
    pytest.param("", 1, marks=pytest.mark.slow), ("SSTTAA", 0)])
def test_the_generator_finds_exactly_the_legal_moves(name: str, hand: str, wilds: int) -> None:
    grid = GRIDS[name]
    assert generated(grid, hand, wilds) == brute_force(grid, hand, wilds, SMALL)


@pytest.mark.slow  # the brute force over every grid
def test_the_generator_honours_the_shortest_word() -> None:
    grid = GRIDS["a cross"]
    assert generated(grid, "ASTIN", 1, 3) == brute_force(grid, "ASTIN", 1, SMALL, 3)
    assert all(len(word) >= 3 for word in generated(grid, "ASTIN", 1, 3))


def test_moves_come_best_price_first() -> None:
    moves = find_placements(GRIDS["a cross"], "ASTIN", 1, SMALL_FINDER, SMALL)
    assert moves, "the hand has moves on this grid"
    prices = [move.price for move in moves]
    assert prices == sorted(prices, reverse=True)


@pytest.mark.slow  # builds the bundled word finder and grows a grid of 8 placements
def test_every_generated_move_passes_the_engine_check_with_the_same_words_and_price() -> None:
    lexicon, finder = bundled_lexicon(), bundled_finder()
    rng = random.Random(7)
    bag = list(TILES.bag())
    rng.shuffle(bag)
    grid = Grid()
    checked = 0
    for _ in range(8):
        hand, bag = "".join(bag[:8]), bag[8:]
        board = Board(grid, finder, lexicon)
        moves = board.moves(hand, 1)
        for move in moves[:: max(1, len(moves) // 150)]:
            play = check_placement(move.placement, grid, hand, 1, TILES, lexicon)
            assert play.words == move.words, str(move)
            assert play.price == move.price
            assert (play.letters, play.wild) == (move.letters, move.wild)
            checked += 1
        if moves:
            best = moves[0]
            grid = grid.place(check_placement(best.placement, grid, hand, 1, TILES, lexicon))
    assert len(grid) > 20 and checked > 300


def test_a_hand_with_no_word_to_lay_has_no_moves() -> None:
    assert generated(GRIDS["one word"], "", 0) == {}
    assert generated(GRIDS["one word"], "QQ", 0) == {}


def test_the_first_word_goes_across_without_at() -> None:
    moves = find_placements(Grid(), "CAT", 0, SMALL_FINDER, SMALL)
    assert {str(m) for m in moves} == {"CAT", "ACT", "AT", "TA"}
    assert all(m.words[0].direction == ACROSS and m.words[0].start == (0, 0) for m in moves)


# ------------------------------------------------------------------ the best placements only


def _grown(finder: WordFinder, lexicon: Lexicon, seed: int, words: int) -> tuple[Grid, list[str]]:
    """A grid grown from a seeded bag by playing each fresh hand's dearest placement, and
    the bag left."""
    rng = random.Random(seed)
    bag = list(TILES.bag())
    rng.shuffle(bag)
    grid = Grid()
    for _ in range(words):
        hand, bag = "".join(bag[:8]), bag[8:]
        moves = Board(grid, finder, lexicon).moves(hand, 1)
        if moves:
            grid = grid.place(check_placement(moves[0].placement, grid, hand, 1, TILES, lexicon))
    return grid, bag


def _assert_best_is_top_of_moves(finder: WordFinder, lexicon: Lexicon, seeds: range,
                                 words: int) -> int:
    """For each seeded grid and several hands: `best_moves` is exactly the top of `moves`
    for several limits, with and without a filter. Returns how many moves were compared."""
    compared = 0
    for seed in seeds:
        grid, bag = _grown(finder, lexicon, seed, words)
        rng = random.Random(seed)
        for hand_size in (3, 5, 8):
            hand = "".join(rng.sample(bag, hand_size))
            for wilds in (0, 1):
                board = Board(grid, finder, lexicon)
                every = board.moves(hand, wilds)
                for limit in (1, 3, 10, 30):
                    best = Board(grid, finder, lexicon).best_moves(hand, wilds, limit)
                    assert best == every[:limit], (seed, hand, wilds, limit)
                    compared += len(best)
                odd = [m for m in every if m.price % 2]
                assert board.best_moves(hand, wilds, 5, keep=lambda m: m.price % 2 == 1) \
                    == odd[:5], (seed, hand, wilds)
    return compared


def test_the_best_moves_are_exactly_the_top_of_every_move() -> None:
    assert _assert_best_is_top_of_moves(SMALL_FINDER, SMALL, range(12), 6) > 500


def test_the_best_moves_of_the_first_word_and_of_no_limit() -> None:
    board = Board(Grid(), SMALL_FINDER, SMALL)
    assert board.best_moves("CATS", 1, 4) == board.moves("CATS", 1)[:4]
    assert board.best_moves("CATS", 1, 0) == []


@pytest.mark.slow  # the bundled word list, grids of 8 placements
def test_the_best_moves_are_the_top_of_every_move_with_the_whole_word_list() -> None:
    assert _assert_best_is_top_of_moves(bundled_finder(), bundled_lexicon(), range(1), 8) > 100


@pytest.mark.slow  # every move of a 13-letter hand
def test_a_hand_far_over_the_tile_limit_gets_exactly_the_top_of_every_move() -> None:
    # Selling comes before the tile limit: a hand may hold 13 letters, every one different.
    grid, _ = _grown(SMALL_FINDER, SMALL, 3, 6)
    board = Board(grid, SMALL_FINDER, SMALL)
    hand = "ABCEINQSTUXZI"
    every = board.moves(hand, 1)
    assert len(every) > 30
    assert board.best_moves(hand, 1, 30) == every[:30]


@pytest.mark.slow  # the brute force over every square
def test_a_hand_too_large_to_list_its_subsets_finds_the_same_moves(monkeypatch) -> None:
    grid = GRIDS["a cross"]
    listed = generated(grid, "ASTINB", 0)
    best = Board(grid, SMALL_FINDER, SMALL).best_moves("ASTINB", 1, 10)
    monkeypatch.setattr(crossword, "_ENUMERATE_UP_TO", 4)  # the finder's own search instead
    assert generated(grid, "ASTINB", 0) == listed == brute_force(grid, "ASTINB", 0, SMALL)
    assert Board(grid, SMALL_FINDER, SMALL).best_moves("ASTINB", 1, 10) == best


class _Changing:
    """A dictionary whose answers change: its cross-checks must not outlive a board."""

    def __init__(self, words: set[str]) -> None:
        self.words = words

    def is_word(self, word: str) -> bool:
        return word in self.words


def test_cross_checks_are_remembered_only_for_a_word_list() -> None:
    grid = GRIDS["parallel"]  # a tile at 1,1 would make A?A across
    words = _Changing(set(SMALL))
    before = {str(m) for m in Board(grid, SMALL_FINDER, words).moves("T", 0)}
    words.words.add("ata")
    after = {str(m) for m in Board(grid, SMALL_FINDER, words).moves("T", 0)}
    assert after - before == {"AT at 0,1 down"}
    # A word list's cross-checks are the same on every board, remembered or not.
    remembered = Board(grid, SMALL_FINDER, SMALL).moves("ASTIN", 1)
    assert Board(grid, SMALL_FINDER, SMALL).moves("ASTIN", 1) == remembered
    assert Board(grid, SMALL_FINDER, _Changing(set(SMALL))).moves("ASTIN", 1) == remembered
