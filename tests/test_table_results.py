"""The results of a finished game, as the results screen is handed them (`GameResults`): what
it draws, and the record the review and the comparisons are made from."""

from __future__ import annotations

import random

import pytest
from engine_helpers import WORDS

from buyword.analysis.results import GameResults
from buyword.engine import BuyWordError, Game, Rules
from buyword.engine import events as ev
from buyword.store.setup import GameSetup, Seat

#: The words a player here sells whenever their hand holds one, longest first.
SALES = ("STARTER", "TREATS", "RATES", "RATE", "TEAR", "TACT", "QUIZ", "JAZZ", "TEA", "CAT",
         "ITS", "SIT", "TIE", "AT", "IS", "IT")


def _played(rules: Rules | None = None, seed: int = 6) -> Game:
    rng = random.Random(seed)
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=seed, rules=rules)
    while game.outcome() is None:  # sell a word whenever one is held, else play at random
        sale = next((f"sell {w}" for w in SALES if game.why_not(f"sell {w}") is None),
                    None)
        game.apply(sale or rng.choice(game.legal_actions()))
    return game


def test_the_results_show_each_seats_money_its_rounds_and_best_word() -> None:
    game = _played()
    view = GameResults(game).view
    assert view.outcome == game.outcome() and view.seed == 6 and view.rounds == game.round
    assert not view.solo and [p.name for p in view.players] == ["Ann", "Bob"]
    sales = [e for e in game.log if isinstance(e, ev.Sold)]
    assert sales  # the game sold words, so the best word is worth checking
    for player in view.players:
        assert player.money == game.player(player.seat).money
        assert player.history[0] == Rules().starting_money and player.history[-1] == player.money
        assert len(player.history) == game.round + 1
        mine = [s for s in sales if s.seat == player.seat]
        assert player.words == len(mine)
        if mine:
            assert player.best is not None and player.best.price == max(s.price for s in mine)
            assert player.best_text == f"{player.best.word.upper()} ${player.best.price}"
        else:
            assert player.best is None and player.best_text == "no word sold"


def test_a_game_still_on_has_no_results() -> None:
    game = Game.new(["Ann"], dictionary=WORDS, seed=1)
    with pytest.raises(BuyWordError, match="not over"):
        GameResults(game)


def test_the_review_is_of_the_game_as_played_and_refused_for_a_crossword() -> None:
    game = _played()
    results = GameResults(game)
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")))
    review = results.to_review(1, setup, ({"key": 1},))
    assert review.seat == 1 and review.appraisals == ({"key": 1},)
    assert review.record.replay(WORDS).state() == game.state()
    assert results.why_no_review is None
    crossword = GameResults(_played(Rules(crossword=True), seed=2))
    assert crossword.why_no_review and "crossword" in crossword.why_no_review
