"""What the results screen offers, decided without running the app: Expert's and Master's
games on your bag for a solo game, Master's only where its rollouts play the rules."""

from __future__ import annotations

import random

import pytest
from engine_helpers import WORDS

from buyword.analysis.results import GameResults
from buyword.engine import Game, Rules
from buyword.store.setup import GameSetup, Seat
from buyword.ui.screens.results import ResultsScreen


def _results(rules: Rules, people: int = 1) -> ResultsScreen:
    names = ["You", "Bob"][:people]
    game = Game.new(names, dictionary=WORDS, seed=1, rules=rules)
    rng = random.Random(1)
    while game.outcome() is None:  # played to the end: results are of a finished game
        game.apply(rng.choice(game.legal_actions()))
    return ResultsScreen(GameResults(game), GameSetup(seats=tuple(Seat(n) for n in names)), False)


@pytest.mark.parametrize("rules, master", [
    (Rules(), True),
    (Rules(tile_limit=10), True),
    (Rules(crossword=True), False),
    (Rules(draft=True), False),
])
def test_master_is_offered_beside_you_where_its_rollouts_play_the_rules(rules, master) -> None:
    results = _results(rules)
    assert bool(results.check_action("beside", ("master",))) is master
    assert results.check_action("beside", ("expert",))
    assert bool(results.check_action("review", ())) is master


def test_a_table_game_has_no_game_beside_you() -> None:
    results = _results(Rules(), people=2)
    assert not results.check_action("beside", ("expert",))
    assert not results.check_action("beside", ("master",))
    assert not results.check_action("cancel", ())  # nothing is being played
