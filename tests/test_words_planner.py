"""The sale planner: the richest set of disjoint words to sell now, and the best single word."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from words_helpers import brute_force_plan, bundled_finder

from buyword.engine.tiles import TileSet, default_tiles, spell
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import SalePlan, best_word, plan_sale

SMALL = Lexicon(["quiz", "quit", "tea", "eat", "at", "a", "jazz", "toot", "tot", "to", "zit"])


def small() -> WordFinder:
    return WordFinder(SMALL, default_tiles())


def test_two_words_beat_one_when_the_tiles_allow():
    plan = plan_sale(small(), "QUIZTEA", 0)
    # QUIZ ($100) + EAT ($9) from disjoint tiles; QUIT would leave the Z unsold.
    assert plan.notations == ("QUIZ", "EAT")
    assert (plan.total, plan.leftover, plan.wilds_used) == (109, "", 0)


def test_the_wild_goes_where_it_earns_most():
    # One wild: QUiZ ($100) and EAT ($9), rather than QUIt ($49) and a Z left over.
    plan = plan_sale(small(), "QUZTEA", 1)
    assert plan.notations == ("QUiZ", "EAT") and plan.total == 109 and plan.wilds_used == 1


def test_a_longer_word_beats_two_short_ones():
    # TOOT (4 pips, $16) rather than TO + TO ($4 + $4): price is the square of the pips.
    assert plan_sale(small(), "TOTO", 0).notations == ("TOOT",)


def test_the_same_word_twice_when_the_tiles_are_held_twice():
    plan = plan_sale(WordFinder(Lexicon(["to"])), "TOTO", 0)
    assert plan.notations == ("TO", "TO") and plan.total == 8


def test_a_wild_may_stand_for_a_letter_the_hand_holds():
    # QUIZ and ZIT both want the one I: the wild plays one of the Is so both sell.
    plan = plan_sale(small(), "QUZZIT", 1)
    assert sorted(c.word for c in plan.words) == ["QUIZ", "ZIT"]
    assert (plan.total, plan.wilds_used) == (100 + 36, 1)
    assert_valid(plan, "QUZZIT", 1)


def test_matches_brute_force_on_a_mixed_hand():
    plan = plan_sale(small(), "ZITQUTO", 1)
    assert_valid(plan, "ZITQUTO", 1)
    assert (plan.total, plan.wilds_used) == brute_force_plan(
        list(SMALL), default_tiles(), "ZITQUTO", 1, 2
    )
    assert plan.notations == ("QUIZ", "TOoT")


def test_words_needing_two_wilds_are_never_planned():
    plan = plan_sale(small(), "JA", 5)
    # JAZZ would need two wilds; AT with a wild T is all there is.
    assert plan.notations == ("At",) and plan.total == 4 and plan.leftover == "J"


def test_lone_wilds_sell_as_one_letter_words_only_when_allowed():
    assert plan_sale(small(), "", 2, min_length=1).notations == ("a", "a")
    assert plan_sale(small(), "", 2).total == 0


def test_equal_money_prefers_fewer_wilds():
    # TEA from its own tiles, or TEa with the wild for the A: both 3 pips, $9. Keep the wild.
    plan = plan_sale(WordFinder(Lexicon(["tea"])), "TEA", 1)
    assert plan.notations == ("TEA",) and plan.wilds_used == 0
    # With more words, extra wilds are spent only where they add money.
    richer = plan_sale(small(), "TEA", 3)
    assert richer.notations == ("EAt", "aT") and richer.total == 9 + 4 and richer.wilds_used == 2


def test_best_word():
    assert best_word(small(), "QUZTEA", 1).notation == "QUiZ"
    assert best_word(small(), "XX", 0) is None


def test_bundled_plan_is_sellable_through_the_engine_notation():
    hand = "QIATECDROEUCS"
    plan = plan_sale(bundled_finder(), hand, 2)
    assert_valid(plan, hand, 2)
    left, wilds = hand, 2
    for notation in plan.notations:
        spelling = spell(notation, left, wilds)
        left = "".join((Counter(left) - Counter(spelling.letters)).elements())
        wilds -= spelling.wild is not None
    assert plan.total >= best_word(bundled_finder(), hand, 2).price


@pytest.mark.parametrize("seed", range(3))
def test_bundled_best_word_is_the_finders_first(seed):
    hand = "".join(random.Random(seed).sample(default_tiles().bag(), 10))
    for wilds in (0, 1, 3):
        found = bundled_finder().find(hand, wilds)
        assert best_word(bundled_finder(), hand, wilds) == (found[0] if found else None)


def assert_valid(plan: SalePlan, hand: str, wilds: int) -> None:
    """Disjoint words from the hand's tiles, at most one wild each, no more wilds than held."""
    used = Counter("".join(c.letters for c in plan.words))
    assert not used - Counter(hand), "sells tiles not held"
    assert Counter(plan.leftover) + used == Counter(hand)
    assert plan.wilds_used == sum(c.wild is not None for c in plan.words) <= wilds
    assert plan.total == sum(c.price for c in plan.words)
    for c in plan.words:
        assert sorted(c.letters + (c.wild or "")) == sorted(c.word)


# Properties on small random dictionaries

# Few letters and short words, so that hands often split into several words.
ALPHABET = "AEOTZ"
words = st.lists(st.text(alphabet=ALPHABET.lower(), min_size=1, max_size=4), max_size=30)


@settings(max_examples=200, deadline=None)
@given(
    words=words,
    hand=st.text(alphabet=ALPHABET, max_size=8),
    wilds=st.integers(0, 3),
    min_length=st.integers(1, 3),
    wild_pips=st.integers(1, 2),
)
def test_plan_is_valid_optimal_and_never_worse_than_the_best_word(
    words, hand, wilds, min_length, wild_pips
):
    base = default_tiles()
    tiles = TileSet(dict(base.counts), dict(base.pips), base.wilds, wild_pips)
    finder = WordFinder(Lexicon(words), tiles)
    plan = plan_sale(finder, hand, wilds, min_length)
    assert_valid(plan, hand, wilds)
    for c in plan.words:
        assert c.word.lower() in words and len(c.word) >= min_length
    best = best_word(finder, hand, wilds, min_length)
    found = finder.find(hand, wilds, min_length)
    assert best == (found[0] if found else None)
    assert plan.total >= (best.price if best else 0)
    assert (plan.total, plan.wilds_used) == brute_force_plan(words, tiles, hand, wilds, min_length)
