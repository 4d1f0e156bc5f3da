"""The quick answers rollouts ask for equal their slow references, plan for plan.

The sale planner's quick search (rich items listed first, poorer ones when a branch needs
them, a tighter bound) must choose exactly the plan the whole search chooses, ties included,
so that computer players play as before; the index's dearest word and leave value must equal
what listing every word of the hand gives.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from words_helpers import bundled_finder

from buyword.bots.index import WordIndex
from buyword.engine import price
from buyword.engine.tiles import TileSet, default_tiles
from buyword.words.finder import WordFinder, hand_counts
from buyword.words.lexicon import Lexicon
from buyword.words.planner import (
    choose_sale,
    describer,
    halves_of,
    hits_of,
    items_of,
    lone_item,
    most_pips,
    plan_sale,
    plan_whole,
    rich_items,
    rich_items_of_halves,
)


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
        assert plan_sale(finder, hand, wilds, min_length) == plan_whole(
            finder, hand, wilds, min_length), (hand, wilds, min_length)


@pytest.mark.slow  # hundreds of searches of the bundled list
def test_a_cut_short_quick_search_stops_where_the_whole_one_does() -> None:
    finder = bundled_finder()
    for budget in (1, 2, 3, 10):
        assert plan_sale(finder, "AEIRSTNLD", 3, budget=budget) == plan_whole(
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
    assert plan_sale(finder, hand, wilds, min_length) == plan_whole(
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


def unbounded_choice(finder: WordFinder, hand: str, wilds: int, min_length: int) -> list[tuple]:
    """The reference plan: every collection of disjoint items tried, richest items first and
    depth first, with no bound; the first of the best (most money, then fewest wilds) wins."""
    finder.forget()  # the sets described afresh, not as the quick search remembered them
    counts = hand_counts(hand, wilds)
    held = "".join(sorted(letter for letter in counts if letter in finder.codes.cap))
    items = items_of(finder, hits_of(finder, finder.subsets(counts), min_length, wilds > 0),
                   lambda code: finder.codes.describe(code, held))
    lone = lone_item(finder, min_length, wilds)
    lone_value = lone[4] if lone else 0
    scale = wilds + 1
    best: list = [-1, []]

    def visit(start: int, left: Counter, wilds_left: int, total: int, used: int,
              chosen: list) -> None:
        banked = total + wilds_left * lone_value
        score = banked * scale - used - (wilds_left if lone else 0)
        if score > best[0]:
            best[:] = [score, chosen + [lone] * wilds_left if lone else list(chosen)]
        for i in range(start, len(items)):
            item = items[i]
            need = Counter(item[2])
            if item[1] > wilds_left or need - left:
                continue
            visit(i, left - need, wilds_left - item[1], total + item[4], used + item[1],
                  chosen + [item])

    visit(0, Counter(counts), wilds, 0, 0, [])
    return best[1]


def test_quick_plans_equal_an_unbounded_search_ties_included() -> None:
    # The bound (no more wilds sold than tiles left, without lone wilds), the floor and the
    # poorer items listed late only ever skip plans that cannot win: the plan chosen is the
    # one trying every plan in the same order chooses, ties included.
    rng = random.Random(21)
    base = default_tiles()
    letters = "AEOSTQXZ"
    for case in range(200):
        words = {"".join(rng.choice(letters) for _ in range(rng.randint(1, 4))).lower()
                 for _ in range(rng.randint(5, 30))}
        tiles = TileSet(dict(base.counts), dict(base.pips), base.wilds, rng.choice((1, 2)))
        finder = WordFinder(Lexicon(sorted(words)), tiles)
        hand = "".join(rng.choice(letters) for _ in range(rng.randint(0, 8)))
        # A solo game deals 8 wilds: many wilds and few tiles are where the bound counts
        # one wild a word.
        wilds, min_length = rng.choice((0, 1, 2, 3, 4, 6, 8)), rng.randint(1, 3)
        quick = choose_sale(finder, hand, wilds, min_length, None)
        assert quick[1], (case, hand)
        assert sorted(quick[0]) == sorted(unbounded_choice(finder, hand, wilds, min_length)), (
            case, sorted(words), hand, wilds, min_length)


def most_by_trying(pips: int, wild_pips: int, tile_pips: int, wilds: int) -> list[list[int]]:
    """most[p][w]: the most money words of at most `pips` pips, each with at most one wild,
    bring from p pips of tiles and w wilds (every way of making one word, then the rest)."""
    most = [[0] * (wilds + 1) for _ in range(tile_pips + 1)]
    for p in range(tile_pips + 1):
        for w in range(wilds + 1):
            for tiles in range(p + 1):
                for wild in (0, 1) if w else (0,):
                    word = tiles + wild * wild_pips
                    if 0 < word <= pips:
                        most[p][w] = max(most[p][w], word * word + most[p - tiles][w - wild])
    return most


def test_the_bound_is_the_most_words_could_bring_with_one_wild_a_word() -> None:
    # The search cuts a branch when this bound cannot beat the best plan: it must never be
    # below what some words could bring (or a winning plan would be cut), and it may not
    # fall as the words allowed get richer (the search stops at the first option that fails).
    for wild_pips in (1, 2):
        for pips in range(wild_pips, 13):
            tried = most_by_trying(pips, wild_pips, 16, 6)
            for tile_pips in range(17):
                for wilds in range(7):
                    bound = most_pips(pips, tile_pips, wilds, wild_pips)
                    assert bound == tried[tile_pips][wilds], (pips, tile_pips, wilds)
                    assert bound <= most_pips(pips + 1, tile_pips, wilds, wild_pips)
    # Seven wilds and 20 pips of tiles: two words of 11 pips and five wilds alone, not 27
    # pips in words of 11.
    assert most_pips(11, 20, 7, 1) == 2 * 121 + 5 < 2 * 121 + 5 * 5


@pytest.mark.slow  # 90 searches of big hands of the bundled list, each done two ways
def test_rich_items_from_the_halves_equal_those_of_every_set() -> None:
    finder = bundled_finder()
    rng = random.Random(23)
    bag = default_tiles().bag()
    for _ in range(30):
        hand = "".join(rng.sample(bag, rng.randint(1, 13)))
        wilds, min_length = rng.choice((0, 1, 8)), rng.choice((2, 3))
        counts = hand_counts(hand, wilds)
        halves = halves_of(finder.codes, counts)
        held = "".join(sorted(letter for letter in counts if letter in finder.codes.cap))
        for floor in (2, 6, 10):
            finder.forget()
            every = rich_items(finder, finder.subsets(counts), min_length, wilds > 0, floor,
                                describer(finder.codes, counts, held))
            finder.forget()
            assert rich_items_of_halves(finder, halves, min_length, wilds > 0,
                                         floor) == every, (hand, wilds, min_length, floor)
