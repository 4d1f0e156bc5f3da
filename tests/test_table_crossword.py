"""The crossword variant at the table session (no Textual): placements as turns, the preview
of the laid tiles and every word formed, hints, and computers placing words."""

from __future__ import annotations

from dataclasses import replace

from buyword.analysis.sim import parse_variants, play_game
from buyword.engine import Rules, default_tiles
from buyword.engine import events as ev
from buyword.store.setup import GameSetup, Seat
from buyword.table import Played, Refused, TableSession, Wait
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

WORDS = ("quiz", "qi", "zit", "it", "at", "cat", "ti", "za", "ta", "tea", "eat", "ate",
         "seat", "east", "eats", "tie", "ties")
LEXICON = Lexicon(WORDS, "the crossword session test words")
FINDER = WordFinder(LEXICON, default_tiles())
ANN, BOB = Seat("Ann"), Seat("Bob")


def session(*seats: Seat, bag: str = "", challenge: bool = False,
            hints: bool = False) -> TableSession:
    """A crossword table of `seats` on the test words, the bag stacked with `bag` (seed 3)."""
    setup = GameSetup(seats=seats, seed=3, bag=bag, challenge=challenge, hints=hints,
                      variants=("crossword",))
    return TableSession.new(setup, LEXICON, FINDER)


def played(result: Played | Refused) -> Played:
    """The result, which must be an accepted answer."""
    assert isinstance(result, Played), result
    return result


def test_a_placement_is_sold_at_the_table_and_refusals_say_why() -> None:
    table = session(ANN, bag="QUIZ" "IT")
    played(table.act(0, "roll 4"))
    played(table.act(0, "buy"))
    assert table.awaiting().wait is Wait.SELL
    played(table.act(0, "sell QUIZ"))
    played(table.act(0, "done"))
    played(table.act(0, "roll 2"))
    played(table.act(0, "buy"))
    refused = table.act(0, "sell ZIT")
    assert isinstance(refused, Refused) and "say where ZIT goes" in str(refused)
    played(table.act(0, "sell ZIT at 0,3 down"))
    assert table.game.grid.letter((2, 3)) == "T"


def test_the_preview_shows_laid_tiles_every_word_formed_and_the_total() -> None:
    table = session(ANN, bag="QUIZ" "IT")
    for answer in ("roll 4", "buy", "sell QUIZ", "done", "roll 2", "buy"):
        played(table.act(0, answer))
    preview = table.preview(0, "ZIT at 0,3 down")
    assert preview.reason is None
    assert [(square, tile.letter) for square, tile in preview.laid] == [
        ((1, 3), "I"), ((2, 3), "T")]
    assert [(w.word, w.price) for w in preview.words] == [("ZIT", 36)]
    assert preview.price == 36 and preview.marked == frozenset({0, 1})
    bad = table.preview(0, "IT at 5,5 across")
    assert bad.reason and "reusing at least one tile" in bad.reason and not bad.laid
    assert "not a placement" in (table.preview(0, "ZIT at 0,3").reason or "")
    nonsense = table.preview(0, "TI at -1,3 down")  # TIZ: not a word, and runs into Z
    assert nonsense.reason


def test_the_challenge_mode_preview_gives_tiles_and_price_but_no_verdict() -> None:
    table = session(ANN, BOB, bag="QUIZ" "AAAA" "TIXE" "EEEE", challenge=True)
    for seat, answer in ((0, "roll 4"), (0, "buy"), (1, "buy"), (0, "sell QUIZ")):
        played(table.act(seat, answer))
    played(table.act(1, "pass"))
    played(table.act(0, "done"))
    played(table.act(1, "done"))
    for seat, answer in ((1, "roll 4"), (1, "buy"), (0, "buy")):
        played(table.act(seat, answer))
    preview = table.preview(1, "XI at -1,2 down")  # no word, but the preview must not say
    assert preview.reason is None and preview.price == 25
    assert [w.word for w in preview.words] == ["XI"]


def _grid_words(table: TableSession) -> list[str]:
    """Every line of two or more tiles on the grid, across and down."""
    grid, words = table.game.grid, []
    for square in grid.squares():
        for direction in ("across", "down"):
            start, run = grid.line(square, direction)
            if start == square and len(run) >= 2:
                words.append("".join(tile.letter for tile in run).lower())
    return words


def test_computers_place_words_to_the_end_of_a_game() -> None:
    table = session(Seat("Cy", "expert"), Seat("Di", "easy"), challenge=True)
    while table.awaiting().wait is not Wait.OVER:
        table.step()
    game = table.game
    assert len(game.grid) > 0 and game.tile_count() == (108, 9)
    assert set(_grid_words(table)) <= set(WORDS)  # every word on the table is a word
    sold = [e for e in game.log if type(e).__name__ == "Sold"]
    assert sold and all(e.at for e in sold)


def test_a_computers_view_carries_the_grid_and_hints_list_placements() -> None:
    table = session(ANN, bag="QUIZ" "IT", hints=True)
    for answer in ("roll 4", "buy", "sell QUIZ", "done", "roll 2", "buy"):
        played(table.act(0, answer))
    assert table.view(0).grid == table.game.grid
    hints = table.hints(0)
    assert hints and str(hints[0]) == "ZIT at 0,3 down" and hints[0].price == 36
    assert all(table.game.why_not(f"sell {move}") is None for move in hints)


def test_sim_plays_crossword_games_solo_and_with_other_variants() -> None:
    assert parse_variants("crossword", [("easy",)]) == Rules(crossword=True)
    assert parse_variants("crossword,auction", [("easy", "hard")]) == Rules(
        crossword=True, auction=True)
    result = play_game(["hard"], 5, FINDER, LEXICON, rules=Rules(crossword=True))
    assert result.money[0] >= 0 and result.times["hard"]


def test_a_computer_challenges_a_placement_forming_a_word_it_does_not_know() -> None:
    table = session(ANN, Seat("Cy", "expert"), challenge=True)
    bot, view = table.bots[1], table.view(1)
    good = ev.Sold(0, "Ann", "QI", "I", None, 5, 29, "0,0 down", (("QI", 25), ("IT", 4)))
    side = replace(good, words=(("QI", 25), ("IX", 25)))  # the side word is no word
    assert not bot.challenge(view, good)
    assert bot.challenge(view, side)
    assert bot.challenge(view, replace(good, word="XI", words=(("XI", 25),)))
