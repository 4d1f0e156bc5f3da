"""Expert's own judgements.

- Its charge for spending a wild: the style's charge through most of the game, falling with
  the bag over its last quarter, since a wild still held when the game ends sells nothing; so
  near the end Expert sells a word with a wild that it would have kept for later.
- Its draw count on CHOICE: 4 into a full hand (the hand keeps its best tiles of more, and a
  bigger hand at the sale makes longer words), otherwise 2, the cheapest to buy.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from buyword.bots import LEVEL_STYLES, LevelBot
from buyword.bots.index import WordIndex
from buyword.bots.view import SeatView
from buyword.engine import Game
from buyword.engine.phase import Phase
from buyword.store.setup import Seat
from buyword.table.services import Services
from buyword.table.session import TableSession

#: Slow: the module's table builds the common words' index of the bundled list (2 s).
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def table() -> tuple[WordIndex, SeatView]:
    """The word index and a solo seat's view on the first round (a full bag of 108)."""
    finder, lexicon = Services.shared().words()
    game = Game.new(["1 expert"], dictionary=lexicon, seed=3)
    session = TableSession(game, [Seat("1 expert", "expert")], finder)
    return WordIndex.common(finder, None), session.view(0)


def test_a_wilds_charge_falls_with_the_bag_over_its_last_quarter(table):
    index, view = table
    expert = LevelBot(index, 1, LEVEL_STYLES["expert"], "expert")
    full = LEVEL_STYLES["expert"].wild_cost
    assert view.bag_size == 108
    assert expert.wild_cost(view) == full
    assert expert.wild_cost(replace(view, bag_size=27)) == full  # a quarter of 108 tiles
    assert expert.wild_cost(replace(view, bag_size=9)) == pytest.approx(full / 3)
    assert expert.wild_cost(replace(view, bag_size=0)) == 0
    hard = LevelBot(index, 1, LEVEL_STYLES["hard"], "hard")  # no fade below Expert
    assert hard.wild_cost(replace(view, bag_size=0)) == LEVEL_STYLES["hard"].wild_cost


def test_near_the_end_expert_sells_a_wild_word_a_flat_charge_would_keep(table):
    index, view = table
    # Four tiles left in the bag: the game is nearly over.
    late = replace(view, phase=Phase.SELL, hand="AHLMMQ", wilds=1, bag_size=4, unseen="ACTV",
                   drawn="")
    expert = LevelBot(index, 1, LEVEL_STYLES["expert"], "expert")
    flat = LevelBot(index, 1, replace(LEVEL_STYLES["expert"], wild_fade=0.0), "expert")
    sale = expert.sell(late)
    assert [(word.letters, word.wild) for word in sale] == [("ALMQ", True)]  # QUALM, $121
    assert not any(word.wild for word in flat.sell(late))  # it keeps the wild for later


def test_on_choice_expert_draws_four_into_a_full_hand_and_two_otherwise(table):
    index, view = table
    choosing = replace(view, phase=Phase.CHOOSE, drawn="")
    expert = LevelBot(index, 1, LEVEL_STYLES["expert"], "expert")
    assert view.tile_limit == 8
    assert expert.choose(replace(choosing, hand="AEINRSTT")) == 4  # 8 tiles: the limit
    assert expert.choose(replace(choosing, hand="AEINRST")) == 2
    assert expert.choose(replace(choosing, hand="")) == 2
    # The bag cannot serve 4: drawing 4 would end the game with nobody drawing.
    assert expert.choose(replace(choosing, hand="AEINRSTT", bag_size=3)) == 2
    assert expert.choose(replace(choosing, hand="AEINRSTT", bag_size=4)) == 4
    # Without a tile limit no hand is full.
    unlimited = replace(choosing, rules=replace(view.rules, tile_limit=None))
    assert expert.choose(replace(unlimited, hand="AEINRSTTT")) == 2
    hard = LevelBot(index, 1, LEVEL_STYLES["hard"], "hard")  # below Expert: always the fewest
    assert hard.choose(replace(choosing, hand="AEINRSTT")) == 2


def test_a_broke_expert_sells_instead_of_waiting_for_tiles_it_cannot_buy(table):
    index, view = table
    # Seed 434 once left Expert here with $0: it held the hand all game, waiting for tiles it
    # could not pay for, and ended with nothing sold.
    holding = replace(view, phase=Phase.SELL, hand="ACDILLOV", wilds=8, drawn="", bag_size=96)
    expert = LevelBot(index, 1, LEVEL_STYLES["expert"], "expert")
    assert expert.sell(replace(holding, money=200)) == []  # it can buy: it builds the hand
    sale = expert.sell(replace(holding, money=0))
    assert sale and sum(word.price for word in sale) >= 100
