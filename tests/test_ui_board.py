"""The crossword board's geometry, without Textual: which screen cell shows which square,
centring on the words, scrolling to the cursor, the cursor's moves and toggles, and the ghost
tiles of the word being typed."""

from __future__ import annotations

from buyword.engine.crossword import ACROSS, DOWN, Grid, Tile
from buyword.engine.tiles import default_tiles
from buyword.ui.widgets.board import (
    CELL,
    View,
    board_cells,
    centred,
    fit,
    follow,
    ghosts,
    last_squares,
    moved,
    notation,
    placed_word,
    small_pips,
    square_cell,
    toggled,
)

TILES = default_tiles()


def grid(*words: tuple[str, int, int, str]) -> Grid:
    """A grid with each (WORD, row, col, direction) laid (a lower-case letter is a wild)."""
    tiles = {}
    for word, row, col, direction in words:
        dr, dc = (0, 1) if direction == ACROSS else (1, 0)
        for i, letter in enumerate(word):
            wild = letter.islower()
            pips = TILES.wild_pips if wild else TILES.pips[letter]
            tiles[(row + i * dr, col + i * dc)] = Tile(letter.upper(), pips, wild)
    return Grid(tiles)


QUIZ = grid(("QUIZ", 0, 0, ACROSS), ("ZIT", 0, 3, DOWN))


def test_fit_counts_whole_squares_of_three_columns() -> None:
    assert CELL == 3
    assert fit((47, 10)) == (10, 15)
    assert fit((2, 0)) == (1, 1)  # never nothing, even squeezed


def test_a_screen_cell_shows_the_square_under_it_and_back() -> None:
    view = View(top=-2, left=-5, rows=4, cols=6)
    assert view.square_at(0, 0) == (-2, -5)
    assert view.square_at(2, 0) == (-2, -5)  # the gap belongs to the square before it
    assert view.square_at(3, 1) == (-1, -4)
    assert view.square_at(17, 3) == (1, 0)
    assert view.square_at(18, 0) is None  # past the last column
    assert view.square_at(0, 4) is None
    assert view.square_at(-1, 0) is None
    for square in [(-2, -5), (1, 0), (0, -3)]:
        x, y = view.cell_of(square)
        assert view.square_at(x, y) == square
    assert view.cell_of((2, 0)) is None


def test_the_view_centres_on_the_words() -> None:
    # QUIZ across at 0,0 and ZIT down from its Z: rows 0..2, columns 0..3.
    view = centred(QUIZ, 9, 10)
    assert (view.top, view.left) == (-3, -3)
    # Three rows of words in nine: three blank rows above and below; four columns in ten.
    rows = [r for r in range(view.top, view.top + view.rows)]
    assert rows.index(0) == 3 and len(rows) - 1 - rows.index(2) == 3


def test_before_the_first_word_the_view_centres_on_0_0() -> None:
    view = centred(Grid(), 5, 7)
    assert (view.top, view.left) == (-2, -3)
    assert view.cell_of((0, 0)) == (3 * CELL, 2)


def test_a_grid_larger_than_the_view_shows_its_middle() -> None:
    wide = grid(("QUIZZICAL", 0, -4, ACROSS))  # columns -4..4
    view = centred(wide, 3, 5)
    assert (view.left, view.left + view.cols - 1) == (-2, 2)


def test_the_view_follows_the_cursor_scrolling_as_little_as_it_can() -> None:
    view = View(0, 0, 5, 5)
    assert follow(view, (2, 2)) == view  # on screen, not at the edge: no scroll
    assert follow(view, (2, 4)) == View(0, 1, 5, 5)  # one square kept past the cursor
    assert follow(view, (2, 9)) == View(0, 6, 5, 5)
    assert follow(view, (-3, 2)) == View(-4, 0, 5, 5)
    assert follow(view, (0, 0), margin=0) == view
    tiny = View(0, 0, 1, 1)
    assert follow(tiny, (7, -7)) == View(7, -7, 1, 1)  # too small for a margin


def test_arrow_keys_move_the_cursor_and_tab_toggles_its_direction() -> None:
    assert moved((0, 3), "down", QUIZ) == (1, 3)
    assert moved((0, 3), "up", QUIZ) == (-1, 3)
    assert moved((0, 3), "left", QUIZ) == (0, 2)
    assert moved((0, 3), "right", QUIZ) == (0, 4)
    assert toggled(ACROSS) == DOWN and toggled(DOWN) == ACROSS


def test_before_the_first_word_the_cursor_stays_on_0_0() -> None:
    assert moved((0, 0), "right", Grid()) == (0, 0)


def test_the_board_writes_the_placement_in_sell_notation() -> None:
    assert notation("QUIZ", (0, -3), DOWN) == "QUIZ at 0,-3 down"


def test_ghost_tiles_fill_empty_squares_and_reuse_or_clash_with_the_table() -> None:
    # "ZAP" down from the Z at 0,3 would reuse Z, then lay A at 1,3 where the table has I.
    covered = ghosts(QUIZ, (0, 3), DOWN, "zapx", pips=TILES.pips)
    assert {sq: g.how for sq, g in covered.items()} == {
        (0, 3): "reused", (1, 3): "clash", (2, 3): "clash", (3, 3): "laid"}
    assert covered[(3, 3)].letter == "X"
    assert covered[(3, 3)].pips == TILES.pips["X"]
    across = ghosts(QUIZ, (1, 2), ACROSS, "AIM")
    assert {sq: g.how for sq, g in across.items()} == {
        (1, 2): "laid", (1, 3): "reused", (1, 4): "laid"}
    assert across[(1, 2)].pips is None  # no tile set given, no preview: no pips yet


def test_the_previews_laid_tiles_give_pips_and_mark_the_wild() -> None:
    laid = {(1, 2): Tile("A", 1, wild=True), (1, 4): Tile("M", 2)}
    covered = ghosts(QUIZ, (1, 2), ACROSS, "AIM", laid)
    assert covered[(1, 2)].wild and covered[(1, 2)].pips == 1
    cell = square_cell((1, 2), QUIZ, covered, frozenset(), None, ACROSS)
    assert cell.text == "a₁ " and cell.looks == ("ghost",)


def test_a_square_shows_its_letter_pips_and_looks() -> None:
    table = grid(("QUIZ", 0, 0, ACROSS), ("zIT", 0, 3, DOWN))
    last = frozenset({(1, 3), (2, 3)})
    q = square_cell((0, 0), table, {}, last, None, ACROSS)
    assert q.text == f"Q{small_pips(TILES.pips['Q'])} " and q.looks == ("tile",)
    z = square_cell((0, 3), table, {}, last, None, ACROSS)
    assert z.text.startswith("z") and z.looks == ("wild",)
    i = square_cell((1, 3), table, {}, last, None, ACROSS)
    assert i.looks == ("tile", "last")
    empty = square_cell((5, 5), table, {}, last, (5, 5), DOWN)
    assert empty.text == "· ↓" and empty.looks == ("empty", "cursor")
    on_tile = square_cell((0, 0), table, {}, last, (0, 0), ACROSS)
    assert on_tile.text.endswith("→") and on_tile.looks == ("tile", "cursor")


def test_the_board_cells_cover_the_view_row_by_row() -> None:
    view = centred(QUIZ, 5, 6)
    covered = ghosts(QUIZ, (2, 1), ACROSS, "TIT", pips=TILES.pips)
    cells = board_cells(view, QUIZ, covered, frozenset(), (2, 1), ACROSS)
    assert len(cells) == 5 and all(len(row) == 6 for row in cells)
    text = ["".join(cell.text for cell in row) for row in cells]
    x, y = view.cell_of((0, 0))
    assert text[y][x] == "Q"
    x, y = view.cell_of((2, 1))
    assert text[y][x:x + CELL] == f"T{small_pips(TILES.pips['T'])}→"
    assert "ghost" in cells[y][x // CELL].looks


def test_the_last_placement_is_what_is_still_on_the_table() -> None:
    assert last_squares(QUIZ, ((1, 3), (2, 3), (9, 9))) == frozenset({(1, 3), (2, 3)})


def test_pips_show_as_one_small_digit() -> None:
    assert small_pips(3) == "₃" and small_pips(10) == "₊"


def test_the_wild_covers_the_one_letter_the_hand_lacks_among_those_laid() -> None:
    # ZAP down from the table's Z: A and P are laid; the hand has A but no P.
    table = grid(("QUIZ", 0, 0, ACROSS))
    assert placed_word(table, (0, 3), DOWN, "zap", "AE", wilds=1) == "ZAp"
    assert placed_word(table, (0, 3), DOWN, "zap", "AP", wilds=1) == "ZAP"  # nothing missing
    assert placed_word(table, (0, 3), DOWN, "zap", "E", wilds=1) == "ZAP"  # two missing
    assert placed_word(table, (0, 3), DOWN, "zap", "A", wilds=0) == "ZAP"  # no wild
    # The Z reused from the table is never the wild, even when the hand has no Z.
    assert placed_word(table, (0, 3), DOWN, "zz", "", wilds=1) == "Zz"
    assert placed_word(Grid(), (0, 0), ACROSS, "abba", "AAB", wilds=1) == "ABbA"


# ---------------------------------------------------------------------- the table's seam


def crossword_table(bag: str, *answers: str, challenge: bool = False):  # noqa: ANN201
    """A crossword session (Ann, and Bob in challenge mode) after `answers` by the seat asked."""
    from buyword.store.setup import GameSetup, Seat
    from buyword.table import Played, TableSession
    from buyword.words.finder import WordFinder
    from buyword.words.lexicon import Lexicon

    lexicon = Lexicon(("quiz", "zit", "it", "qi", "tea", "ate"), "board test words")
    seats = (Seat("Ann"), Seat("Bob")) if challenge else (Seat("Ann"),)
    setup = GameSetup(seats=seats, seed=3, bag=bag, challenge=challenge, variants=("crossword",))
    session = TableSession.new(setup, lexicon, WordFinder(lexicon, TILES))
    for answer in answers:
        seat = session.awaiting().seats[0]
        assert isinstance(session.act(seat, answer), Played), answer
    return session


def test_the_last_word_placed_is_highlighted_until_a_challenge_reverses_it() -> None:
    from buyword.engine.crossword import last_placement

    table = crossword_table("QUIZ" "IT", "roll 4", "buy", "sell QUIZ", "done", "roll 2",
                            "buy")
    game = table.game
    assert last_placement(game.log, game.grid) == {(0, 0), (0, 1), (0, 2), (0, 3)}
    table.act(0, "sell ZIT at 0,3 down")
    assert last_placement(game.log, game.grid) == {(0, 3), (1, 3), (2, 3)}

    challenged = crossword_table("QUIZ" "AAAA" "TIXE" "EEEE", "roll 4", "buy", "buy",
                                 "sell QUIZ", "pass", "done", "done", "roll 4", "buy", "buy",
                                 "sell XI at -1,2 down", challenge=True)
    game = challenged.game
    assert last_placement(game.log, game.grid) == {(-1, 2), (0, 2)}
    challenged.act(0, "challenge 1")  # XI is not one of the test words: reversed
    assert (-1, 2) not in game.grid
    assert last_placement(game.log, game.grid) == frozenset()


def test_the_line_under_the_word_box_lists_every_word_formed_and_the_total() -> None:
    from buyword.ui.widgets.sell_box import HOW_TO, preview_text

    table = crossword_table("QUIZ" "IT" "EA", "roll 4", "buy", "sell QUIZ", "done", "roll 2",
                            "buy", "sell ZIT at 0,3 down", "done", "roll 2", "buy")
    ok = preview_text(table.preview(0, "TEA at 2,3 across")).plain
    assert ok == "✓ TEA at 2,3 across · TEA $9 — Enter sells"
    bad = preview_text(table.preview(0, "TEA at 5,5 across")).plain
    assert bad.startswith("✗ ") and "reusing at least one tile" in bad
    assert preview_text(table.preview(0, "")).plain == HOW_TO


def test_a_hint_reads_as_word_square_direction_and_price() -> None:
    from buyword.ui.dialogs.board_hints import hint_line, hint_square
    from buyword.words.crossword import Move

    first = Move("QUIZ", None, ACROSS, 100, "QUIZ", False, (("QUIZ", (0, 0), ACROSS, 10),))
    assert hint_square(first) == (0, 0)
    cross = Move("ZIt", (0, 3), DOWN, 61, "I", True,
                 (("ZIT", (0, 3), DOWN, 6), ("AT", (2, 2), ACROSS, 5)))
    line = hint_line(cross)
    assert line.split()[:4] == ["ZIt", "0,3", "down", "$61"]
    assert line.endswith("(+ AT $25)")


def test_a_word_in_capitals_with_one_lower_case_letter_keeps_its_wild() -> None:
    table = grid(("QUIZ", 0, 0, ACROSS))
    assert placed_word(table, (0, 3), DOWN, "ZAp", "AP", wilds=1) == "ZAp"  # as picked
    assert placed_word(table, (0, 3), DOWN, "zap", "AP", wilds=1) == "ZAP"  # typed
    assert placed_word(table, (1, 0), ACROSS, "x", "", wilds=1) == "x"  # one letter typed


def test_buyword_crossword_starts_a_crossword_game(monkeypatch) -> None:
    import buyword.ui.app as app_module
    from buyword.cli import main
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import PlayOptions

    started: list[PlayOptions] = []
    monkeypatch.setattr(app_module, "run_app", lambda options: started.append(options) or 0)
    assert main(["--crossword"]) == 0
    assert started[0].variants == ("crossword",) and started[0].starts_game
    assert main(["--players", "Ann,Bob", "--crossword"]) == 0
    assert started[1].variants == ("crossword",) and started[1].players == ("Ann", "Bob")
    assert main([]) == 0 and not started[2].variants
    setup = BuyWordApp(started[1])._setup_from_options()
    assert setup is not None and setup.rules().crossword and len(setup.seats) == 2
