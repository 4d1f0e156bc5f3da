"""The crossword variant's grid and placement rules, rule by rule, on hand-built grids."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buyword.engine.crossword import (
    ACROSS,
    DOWN,
    Grid,
    Placement,
    Tile,
    check_placement,
    invalid_words,
    placement_refusal,
)
from buyword.engine.errors import BuyWordError, IllegalAction, MalformedAction, RecordError
from buyword.engine.tiles import default_tiles
from buyword.store.records import decode_grid, grid_data

TILES = default_tiles()
WORDS = frozenset({"quiz", "qi", "zit", "it", "at", "cat", "cats", "ti", "zap", "za", "cab",
                   "tab", "bib"})


class Words:
    """A tiny dictionary for hand-built grids."""

    def is_word(self, word: str) -> bool:
        return word in WORDS


DICT = Words()


def play(grid: Grid, text: str, hand: str, wilds: int = 0, min_length: int = 2):
    """Check a placement written in notation against `grid`."""
    return check_placement(Placement.parse(text), grid, hand, wilds, TILES, DICT, min_length)


def refusal(grid: Grid, text: str, hand: str, wilds: int = 0, min_length: int = 2) -> str | None:
    return placement_refusal(Placement.parse(text), grid, hand, wilds, TILES, DICT, min_length)


def grid_of(*texts: str) -> Grid:
    """A grid built by placing each text in turn, with every tile it needs in hand."""
    grid = Grid()
    for text in texts:
        grid = grid.place(play(grid, text, Placement.parse(text).word.upper()))
    return grid


QUIZ = grid_of("QUIZ")


def test_the_first_word_goes_across_at_the_origin_without_at() -> None:
    result = play(Grid(), "QUIZ", "QUIZ")
    assert [(sq, t.letter) for sq, t in result.laid] == [
        ((0, 0), "Q"), ((0, 1), "U"), ((0, 2), "I"), ((0, 3), "Z")]
    assert [(w.word, w.price) for w in result.words] == [("QUIZ", (4 + 1 + 1 + 4) ** 2)]


def test_the_first_word_may_say_0_0_but_not_elsewhere() -> None:
    assert refusal(Grid(), "QUIZ at 0,0 down", "QUIZ") is None
    assert "the first word starts at 0,0" in refusal(Grid(), "QUIZ at 1,0 across", "QUIZ")


def test_a_later_word_must_say_where_it_goes() -> None:
    assert "say where ZIT goes" in refusal(QUIZ, "ZIT", "IT")


def test_crossing_at_one_tile_reuses_it_and_pays_its_pips() -> None:
    result = play(QUIZ, "ZIT at 0,3 down", "IT")
    assert result.letters == "IT"
    assert [sq for sq, _ in result.laid] == [(1, 3), (2, 3)]
    assert [(w.word, w.pips) for w in result.words] == [("ZIT", 4 + 1 + 1)]
    assert result.price == 36


def test_crossing_at_several_tiles_reuses_them_all() -> None:
    # CAT across, CAB and TAB down from its ends: row 2 holds B _ B.
    grid = grid_of("CAT", "CAB at 0,0 down", "TAB at 0,2 down")
    result = play(grid, "BIB at 2,0 across", "I")
    assert [(sq, t.letter) for sq, t in result.laid] == [((2, 1), "I")]
    assert [(w.word, w.pips) for w in result.words] == [("BIB", 3 + 1 + 3)]
    assert result.price == 49


def test_extending_a_word_forms_the_longer_word_and_pays_every_tile() -> None:
    grid = grid_of("CAT")
    result = play(grid, "CATS at 0,0 across", "S")
    assert [(w.word, w.pips) for w in result.words] == [("CATS", 2 + 1 + 1 + 1)]
    assert result.price == 25


def test_naming_part_of_a_line_is_refused() -> None:
    grid = grid_of("CATS")
    assert "runs into the CATS at 0,0" in refusal(grid, "AT at 0,1 across", "")


def test_side_words_formed_by_adjacent_tiles_are_each_paid() -> None:
    grid = grid_of("QUIZ", "ZIT at 0,3 down")
    # The T laid at 1,2 sits under the I of QUIZ: it also forms IT down, paid in full.
    result = play(grid, "TI at 1,2 across", "T")
    assert [(w.word, w.start, w.direction, w.price) for w in result.words] == [
        ("TI", (1, 2), ACROSS, 4), ("IT", (0, 2), DOWN, 4)]
    assert result.price == 8


def test_a_side_word_that_is_not_a_word_is_refused_in_a_players_words() -> None:
    grid = grid_of("QUIZ")
    assert refusal(grid, "QA at 0,0 down", "A") == (
        "QA at 0,0 down would form QA, which is not a word")
    grid = grid_of("QUIZ", "ZIT at 0,3 down")
    # QI is a word, but its Q under the I of QUIZ forms IQ down.
    assert refusal(grid, "QI at 1,2 across", "Q") == (
        "QI at 1,2 across would form IQ, which is not a word")


def test_a_side_word_shorter_than_the_minimum_is_refused() -> None:
    grid = grid_of("QUIZ", "ZIT at 0,3 down")
    assert "would form TI, which is too short" in refusal(grid, "TI at 1,2 across", "T",
                                                          min_length=3)


def test_a_placement_that_reuses_nothing_is_refused() -> None:
    assert "reusing at least one tile" in refusal(QUIZ, "AT at 2,0 across", "AT")


def test_a_placement_that_lays_nothing_is_refused() -> None:
    assert "lays no tile from your hand" in refusal(grid_of("CAT"), "CAT at 0,0 across", "")


def test_letters_that_do_not_match_the_table_are_refused() -> None:
    assert refusal(QUIZ, "ZAP at 0,2 down", "AP") == (
        "ZAP at 0,2 down puts Z on 0,2, where the table has an I")


def test_the_laid_tiles_must_come_from_the_hand() -> None:
    assert refusal(QUIZ, "ZIT at 0,3 down", "I") == "'ZIT' needs a T you don't hold"


def test_one_wild_may_be_laid_but_not_two() -> None:
    result = play(QUIZ, "ZiT at 0,3 down", "T", wilds=1)
    assert result.wild and result.letters == "T"
    assert result.words[0].pips == 4 + 1 + 1
    with pytest.raises(MalformedAction, match="only one wild"):
        play(QUIZ, "Zit at 0,3 down", "", wilds=2)


def test_the_wild_must_be_marked_on_a_laid_tile() -> None:
    assert "mark the wild on a square you fill" in refusal(QUIZ, "zIT at 0,3 down", "IT", 1)


def test_a_wild_on_the_table_keeps_its_letter_and_one_pip() -> None:
    grid = play(Grid(), "QUIz", "QUI", wilds=1)
    grid = Grid().place(grid)
    assert grid.get((0, 3)) == Tile("Z", 1, True)
    # Reused later as a Z (in capitals: it is not the seller's wild), at 1 pip, not 4.
    result = play(grid, "ZIT at 0,3 down", "IT")
    assert not result.wild
    assert [(w.word, w.pips) for w in result.words] == [("ZIT", 1 + 1 + 1)]


def test_a_reversed_placement_restores_the_grid() -> None:
    placed = play(QUIZ, "ZIT at 0,3 down", "IT")
    after = QUIZ.place(placed)
    assert after != QUIZ and len(after) == 6
    assert after.remove(placed) == QUIZ
    with pytest.raises(IllegalAction):
        QUIZ.remove(placed)


def test_challenge_mode_places_without_the_dictionary_and_finds_the_bad_words() -> None:
    placement = Placement.parse("QA at 0,0 down")
    result = check_placement(placement, QUIZ, "A", 0, TILES, None)
    assert invalid_words(result.words, DICT) == ["QA"]


def test_the_grid_round_trips_through_its_record_form() -> None:
    grid = QUIZ.place(play(QUIZ, "ZiT at 0,3 down", "T", wilds=1))
    assert decode_grid(grid_data(grid)) == grid
    for damaged in ({}, {"tiles": [[0, 0, "q", 1, False]]}, {"tiles": [[0, 0, "Q", 1, False]] * 2},
                    {"tiles": [[10 ** 9, 0, "Q", 1, False]]}, {"tiles": "x"}):
        with pytest.raises(RecordError):
            decode_grid(damaged)


def test_the_picture_shows_every_tile_and_the_wild_in_lower_case() -> None:
    grid = QUIZ.place(play(QUIZ, "ZiT at 0,3 down", "T", wilds=1))
    assert grid.picture().splitlines()[1:] == ["0  Q U I Z", "1  . . . i", "2  . . . T"]
    assert Grid().picture() == "(no words on the table yet)"


@pytest.mark.parametrize(
    "text", ["QUiZ at 0,3 down", "AT at -12,40 across", "QUIZ", "ZiT at 0,0 down"])
def test_notation_round_trips(text: str) -> None:
    assert str(Placement.parse(text)) == text
    assert Placement.parse(str(Placement.parse(text))) == Placement.parse(text)


@pytest.mark.parametrize("text", [
    "", "QU2Z at 0,0 down", "QUIZ at 0,0", "QUIZ at 0 0 down", "QUIZ at 1,99999 down",
    "QUIZ at 0,0 sideways", "QUIZ at \u0663,0 down", "quIZ at 0,0 down",
    "QUIZ at " + "9" * 5000 + ",0 down", "Q" * 101])
def test_malformed_notation_is_refused_in_words(text: str) -> None:
    with pytest.raises(MalformedAction):
        Placement.parse(text)


@given(st.text(max_size=40))
def test_any_text_parses_or_is_refused_as_malformed(text: str) -> None:
    try:
        placement = Placement.parse(text)
    except BuyWordError as error:
        assert isinstance(error, MalformedAction)
        return
    assert Placement.parse(str(placement)) == placement


@given(st.from_regex(r"[A-Z]{1,8}[a-z]?[A-Z]{0,3} at -?[0-9]{1,4},-?[0-9]{1,4} (across|down)",
                     fullmatch=True))
def test_well_formed_notation_round_trips(text: str) -> None:
    placement = Placement.parse(text)
    assert Placement.parse(str(placement)) == placement


@given(st.text(alphabet="QUIZAT", min_size=1, max_size=6), st.integers(-3, 3),
       st.integers(-3, 3), st.sampled_from([ACROSS, DOWN]), st.text(alphabet="QUIZAT", max_size=6))
def test_any_placement_on_a_grid_is_checked_or_refused_in_words(
        word: str, row: int, col: int, direction: str, hand: str) -> None:
    grid = QUIZ
    before = grid_data(grid)
    try:
        result = check_placement(Placement(word, row, col, direction), grid, hand, 1, TILES, DICT)
    except BuyWordError:
        assert grid_data(grid) == before
        return
    assert all(DICT.is_word(w.word.lower()) for w in result.words)
    assert grid.place(result).remove(result) == grid


def test_a_one_letter_first_word_is_the_word_sold_and_meets_the_minimum() -> None:
    assert "too short" in (refusal(Grid(), "AT", "AT", min_length=3) or "")
    assert "too short" in (refusal(Grid(), "I", "I") or "")
    result = check_placement(Placement("I"), Grid(), "I", 0, TILES, None, 1)
    assert [(w.word, w.price) for w in result.words] == [("I", 1)]
