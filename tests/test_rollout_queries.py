"""The quick answers rollouts ask for equal their slow references, plan for plan.

The sale planner's quick search (rich items listed first, poorer ones when a branch needs
them, a tighter bound) must choose exactly the plan the whole search chooses, ties included,
so that computer players play as before; the index's dearest word and leave value must equal
what listing every word of the hand gives.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from words_helpers import bundled_finder

from buyword.bots.index import WordIndex
from buyword.engine import price
from buyword.engine.tiles import TileSet, default_tiles
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import _plan_whole, plan_sale


def dearest(index: WordIndex, hand: str, wilds: int) -> int:
    """The reference dearest word: every word the hand makes, listed one set at a time."""
    words = index.words_in(hand, wilds)
    return words[0].pips if words else 0


@pytest.mark.slow  # the whole search on a hand of the bundled list takes milliseconds
def test_quick_plans_equal_the_whole_search_on_hands_from_the_bag() -> None:
    finder = bundled_finder()
    rng = random.Random(16)
    bag = default_tiles().bag()
    for _ in range(24):
        hand = "".join(rng.sample(bag, rng.randint(1, 12)))
        wilds = rng.choice((0, 1, 2, 3, 8))
        min_length = rng.choice((2, 3))
        assert plan_sale(finder, hand, wilds, min_length) == _plan_whole(
            finder, hand, wilds, min_length), (hand, wilds, min_length)


def test_a_cut_short_quick_search_stops_where_the_whole_one_does() -> None:
    finder = bundled_finder()
    for budget in (1, 2, 3, 10):
        assert plan_sale(finder, "AEIRSTNLD", 3, budget=budget) == _plan_whole(
            finder, "AEIRSTNLD", 3, budget=budget)
    assert not plan_sale(finder, "AEIRSTNLD", 3, budget=1).exact


# Heavy letters (Q, X, Z: 4 pips) make the quick search list only part of the items.
ALPHABET = "AEOSTQXZ"


@pytest.mark.slow  # a hundred small dictionaries indexed
@settings(max_examples=100, deadline=None)
@given(
    words=st.lists(st.text(alphabet=ALPHABET.lower(), min_size=1, max_size=5), max_size=40),
    hand=st.text(alphabet=ALPHABET, max_size=10),
    wilds=st.integers(0, 3),
    min_length=st.integers(1, 3),
    wild_pips=st.integers(1, 2),
)
def test_quick_plans_equal_the_whole_search_on_small_dictionaries(
    words, hand, wilds, min_length, wild_pips
):
    base = default_tiles()
    finder = WordFinder(Lexicon(words), TileSet(dict(base.counts), dict(base.pips), base.wilds,
                                                wild_pips))
    assert plan_sale(finder, hand, wilds, min_length) == _plan_whole(
        finder, hand, wilds, min_length)


@pytest.mark.slow  # every word of 240 hands listed
def test_dearest_words_and_leave_values_equal_listing_every_word() -> None:
    index = WordIndex(bundled_finder())
    reference = WordIndex(bundled_finder())
    rng = random.Random(17)
    bag = default_tiles().bag()
    for _ in range(40):
        tiles = "".join(rng.sample(bag, rng.randint(0, 8)))
        wilds = rng.choice((0, 1, 2))
        futures = ["".join(rng.sample(bag, rng.randint(1, 5))) for _ in range(4)]
        for future in futures:
            assert index.best_pips(tiles + future, wilds) == dearest(
                reference, tiles + future, wilds), (tiles + future, wilds)
        expected = sum(price(dearest(reference, tiles + f, wilds)) for f in futures) / 4
        assert index.leave_value(tiles, wilds, futures) == expected
