"""The bots' word index: its quick answers (dearest word, words in a hand, a leave's value, the
best sale) equal slow references, on random dictionaries and hands and on the bundled list."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from words_helpers import bundled_finder, bundled_lexicon, naive_find

from buyword.bots.index import (
    ENUMERATE_UP_TO,
    HALVES_UP_TO,
    WordIndex,
    hand_key,
    word_composites,
)
from buyword.engine import price
from buyword.engine.tiles import TileSet, default_tiles
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import plan_sale

ALPHABET = "AEIOSTQZ"


def reference_best(words, tiles, hand, wilds, min_length):
    """The dearest word's pips by scanning the whole word list (the wild may play a letter the
    hand holds: with a heavy wild that can be dearer)."""
    made = reference_words(words, tiles, hand, wilds, min_length)
    return made[0][0] if made else 0


def reference_words(words, tiles, hand, wilds, min_length):
    """Every (tiles, wild, pips) a hand can make, dearest first, by scanning the list."""
    made = set()
    for word, letter, pips in naive_find(words, tiles, hand, wilds, min_length):
        used = word.replace(letter, "", 1) if letter else word
        made.add((pips, letter is not None, hand_key(used)))
    # With a wild the hand may also play a letter it holds (the finder lists such words only
    # without the wild), so add those: each tile set one short of a word.
    if wilds:
        for word in {w.upper() for w in words if len(w) >= min_length}:
            for letter in set(word):
                used = word.replace(letter, "", 1)
                if not _short(used, hand):
                    made.add((tiles.pips_of(used) + tiles.wild_pips, True, hand_key(used)))
    return sorted(made, key=lambda m: (-m[0], m[1], m[2]))


def _short(letters: str, hand: str) -> bool:
    return any(letters.count(c) > hand.count(c) for c in set(letters))


def tile_sets():
    tiles = default_tiles()
    return st.sampled_from([tiles, TileSet(dict(tiles.counts), dict(tiles.pips), tiles.wilds,
                                           wild_pips=2)])


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(st.text(alphabet=ALPHABET.lower(), min_size=1, max_size=6), max_size=40),
    hand=st.text(alphabet=ALPHABET, max_size=13),
    futures=st.lists(st.text(alphabet=ALPHABET, max_size=3), min_size=1, max_size=4),
    wilds=st.integers(0, 2),
    min_length=st.integers(1, 3),
    tiles=tile_sets(),
)
def test_quick_answers_equal_a_scan_of_the_word_list(words, hand, futures, wilds, min_length,
                                                     tiles):
    index = WordIndex(WordFinder(Lexicon(words), tiles), min_length=min_length)
    assert index.best_pips(hand, wilds) == reference_best(words, tiles, hand, wilds, min_length)
    made = [(w.pips, w.wild, w.letters) for w in index.words_in(hand, wilds)]
    assert made == reference_words(words, tiles, hand, wilds, min_length)
    expected = sum(price(reference_best(words, tiles, hand + f, wilds, min_length))
                   for f in futures) / len(futures)
    assert index.leave_value(hand, wilds, futures) == expected
    # Asked again (now remembered), the answers are the same.
    assert index.best_pips(hand, wilds) == reference_best(words, tiles, hand, wilds, min_length)
    total, sold = index.best_sale(hand, wilds)
    assert total == plan_sale(index.finder, hand, wilds, min_length).total
    assert total == sum(w.price for w in sold)


@pytest.mark.slow  # 150 finder searches of the bundled list
def test_bundled_dearest_word_equals_the_finders_first_on_game_sized_hands():
    index = WordIndex(bundled_finder())
    rng = random.Random(7)
    bag = default_tiles().bag()
    for size in (3, 6, 8, 11, 12):
        for _ in range(15):
            hand = "".join(rng.sample(bag, size))
            for wilds in (0, 1):
                found = bundled_finder().find(hand, wilds)
                assert index.best_pips(hand, wilds) == (found[0].pips if found else 0), hand


@pytest.mark.slow  # 36 finder searches of big hands: two seconds
def test_hands_past_the_tile_limit_join_their_halves_and_agree_with_the_finder():
    # 13 to 20 tiles (a game without a tile limit): too many sets to list them all, few
    # enough that joining the two halves' sets beats following word prefixes.
    index = WordIndex(bundled_finder())
    rng = random.Random(5)
    bag = default_tiles().bag()
    halves = 0
    for size in (13, 16, 20):
        for _ in range(6):
            hand = "".join(rng.sample(bag, size))
            sets = index.codes.how_many({c: hand.count(c) for c in set(hand)})
            halves += ENUMERATE_UP_TO < sets <= HALVES_UP_TO
            for wilds in (0, 1):
                found = bundled_finder().find(hand, wilds)
                assert index.best_pips(hand, wilds) == (found[0].pips if found else 0), hand
    assert halves >= 12  # most of the hands took that path


@pytest.mark.slow  # a 26-tile hand searched two ways
def test_a_huge_hand_takes_the_pruned_path_and_agrees_with_the_finder():
    index = WordIndex(bundled_finder(), min_length=3)
    hand = "".join(random.Random(3).sample(default_tiles().bag(), 26))
    assert index.codes.how_many({c: hand.count(c) for c in set(hand)}) > HALVES_UP_TO
    found = bundled_finder().find(hand, 1, 3)
    assert index.best_pips(hand, 1) == found[0].pips
    assert len(index.words_in(hand, 0)) == len({hand_key(c.letters) for c in found
                                                 if c.wild is None})


def test_a_shorter_word_rule_is_remembered_apart():
    index = WordIndex(WordFinder(Lexicon(["at", "tea"])))
    assert index.best_pips("AT", 0) == 2
    assert index.at_least(3).best_pips("AT", 0) == 0
    assert index.best_pips("AT", 0) == 2


@pytest.mark.slow  # the common words' index built from the bundled list
def test_the_common_words_index_is_a_subset_of_the_dictionary():
    common = WordIndex.common(bundled_finder(), 3.5)
    assert 0 < len(common.finder) < len(bundled_lexicon())
    assert all(word.lower() in bundled_lexicon() for word in common.finder.words())


def test_word_composites_are_the_words_tile_sets_whole_and_built_once_per_finder():
    finder = WordFinder(Lexicon(["at", "tea", "eat", "a", "zoo"]))
    codes = finder.codes

    def composite(tiles):
        return sum(codes.step[c] for c in tiles)

    words = word_composites(finder)
    # An anagram shares its set; a one-letter word is there too (the rule checks its length).
    assert words == {composite("AT"), composite("AET"), composite("A"), composite("OOZ")}
    assert composite("ET") not in words and composite("AETT") not in words
    assert word_composites(finder) is words
