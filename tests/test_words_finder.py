"""The word finder: every sellable word, priced, best first, with the wild placed sensibly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from words_helpers import bundled_finder, bundled_lexicon, naive_find

from buyword.engine.errors import MalformedAction
from buyword.engine.tiles import TileSet, default_tiles, spell
from buyword.words.finder import Candidate, WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import plan_sale

SMALL = Lexicon(["quiz", "quit", "suit", "tea", "eat", "ate", "at", "a", "jazz", "toot", "tot"])


def small() -> WordFinder:
    return WordFinder(SMALL, default_tiles())


def words_of(candidates: list[Candidate]) -> list[str]:
    return [c.notation for c in candidates]


def test_finds_words_the_hand_spells_priced_best_first():
    found = small().find("QUIZTEA", 0)
    # QUIZ 4+1+1+4=10 pips -> $100; TEA/EAT/ATE 3 pips -> $9; AT 2 -> $4.
    assert words_of(found) == ["QUIZ", "QUIT", "ATE", "EAT", "TEA", "AT"]
    quiz = found[0]
    assert (quiz.word, quiz.letters, quiz.wild, quiz.pips, quiz.price) == (
        "QUIZ",
        "QUIZ",
        None,
        10,
        100,
    )


def test_found_candidates_are_ordinary_frozen_candidates():
    # `find` fills its candidates' slots directly (quicker than __init__): they must still
    # equal, hash like and stay as immutable as candidates made the ordinary way.
    found = small().find("QUTEA", 1)
    assert [(c.word, c.wild) for c in found[:2]] == [("QUIT", "I"), ("ATE", None)]
    for candidate in found:
        made = Candidate(candidate.word, candidate.wild, candidate.pips)
        assert candidate == made and hash(candidate) == hash(made) and repr(candidate) == repr(made)
        with pytest.raises(AttributeError):
            candidate.pips = 99  # type: ignore[misc]


def test_the_wild_plays_the_letter_the_hand_lacks():
    found = {c.word: c for c in small().find("QUZ", 1)}
    quiz = found["QUIZ"]
    assert (quiz.letters, quiz.wild, quiz.pips, quiz.price) == ("QUZ", "I", 10, 100)
    assert quiz.notation == "QUiZ"
    # The wild counts 1 pip, not the 1 of the I it stands for by chance: check with a Z.
    jazz = small().find("JAZ", 1)[0]
    assert (jazz.notation, jazz.letters, jazz.pips) == ("JAZz", "JAZ", 4 + 1 + 4 + 1)


def test_a_word_the_hand_spells_is_not_listed_again_with_the_wild():
    found = small().find("QUIZ", 1)
    assert [c.word for c in found].count("QUIZ") == 1
    assert found[0].wild is None
    # ...but different words made with the wild are listed.
    assert "QUIt" in words_of(found)


def test_a_word_needing_two_wilds_is_refused():
    assert "JAZZ" not in [c.word for c in small().find("JA", 8)]
    assert "QUIZ" not in [c.word for c in small().find("UI", 2)]


def test_min_length_and_no_wilds():
    assert "AT" not in [c.word for c in small().find("AT", 0, min_length=3)]
    assert "A" in [c.word for c in small().find("AT", 0, min_length=1)]
    assert small().find("QUZ", 0) == []


def test_a_lone_wild_is_a_one_letter_word_when_the_rules_allow():
    assert words_of(small().find("", 1, min_length=1)) == ["a"]
    assert small().find("", 1) == []


def test_the_notation_sells_the_same_word_through_the_engine():
    for candidate in bundled_finder().find("TOOTHQZX", 1):
        spelling = spell(candidate.notation, "TOOTHQZX", 1)
        assert (spelling.word, spelling.letters, spelling.wild) == (
            candidate.word,
            candidate.letters,
            candidate.wild,
        )


def test_the_wild_takes_the_last_copy_of_a_doubled_letter():
    toot = next(c for c in small().find("TOT", 1) if c.word == "TOOT")
    assert (toot.notation, toot.letters) == ("TOoT", "TOT")


def test_bad_hands_are_refused():
    with pytest.raises(MalformedAction, match="letter tiles A-Z"):
        small().find("qu1z", 0)
    with pytest.raises(MalformedAction, match="cannot be negative"):
        small().find("QUIZ", -1)


def test_bundled_examples():
    found = bundled_finder().find("AEQTUZ", 1)
    assert found[0].notation == "QUETZAl" and found[0].price == 169
    assert {c.notation for c in found[:3]} == {"QUETZAl", "QUArTZ", "QUiZ"}
    assert all(a.price >= b.price for a, b in zip(found, found[1:], strict=False))


@pytest.mark.slow  # each scans the whole bundled list
@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("wilds", [0, 1, 8])
def test_bundled_finder_equals_a_scan_of_the_whole_list(seed, wilds):
    tiles = default_tiles()
    hand = "".join(random.Random(seed).sample(tiles.bag(), 8))
    found = [(c.word, c.wild, c.pips) for c in bundled_finder().find(hand, wilds)]
    assert found == naive_find(list(bundled_lexicon()), tiles, hand, wilds, 2)


@pytest.mark.slow  # a naive scan of the whole word list
def test_a_very_large_hand_takes_the_pruned_path_and_finds_the_same():
    tiles = default_tiles()
    hand = "".join(random.Random(9).sample(tiles.bag(), 24))
    found = [(c.word, c.wild, c.pips) for c in bundled_finder().find(hand, 1, 4)]
    assert found == naive_find(list(bundled_lexicon()), tiles, hand, 1, 4)


# Property: the finder equals the naive scan on small random dictionaries and hands.

ALPHABET = "AEIOSTQZ"
words = st.lists(st.text(alphabet=ALPHABET.lower(), min_size=1, max_size=6), max_size=40)
hands = st.text(alphabet=ALPHABET, max_size=9)


def tile_sets():
    """The default tiles, or a set where the wild is worth 2 pips."""
    tiles = default_tiles()
    heavy = TileSet(dict(tiles.counts), dict(tiles.pips), tiles.wilds, wild_pips=2)
    return st.sampled_from([tiles, heavy])


@settings(max_examples=150, deadline=None)
@given(
    words=words,
    hand=hands,
    wilds=st.integers(0, 3),
    min_length=st.integers(1, 4),
    tiles=tile_sets(),
)
def test_finder_equals_a_naive_scan(words, hand, wilds, min_length, tiles):
    finder = WordFinder(Lexicon(words), tiles)
    found = finder.find(hand, wilds, min_length)
    assert [(c.word, c.wild, c.pips) for c in found] == naive_find(
        words, tiles, hand, wilds, min_length
    )
    for candidate in found:
        assert candidate.price == candidate.pips**2
        assert sorted(candidate.letters + (candidate.wild or "")) == sorted(candidate.word)
        assert not (set(candidate.letters) - set(hand))


def test_the_indexes_are_readable_for_computer_players():
    finder = small()
    assert finder.exact_index["IQUZ"] == ("QUIZ",)
    assert set(finder.wild_index["IQU"]) == {"T", "Z"}  # QUIT, QUIZ
    assert len(finder) == len(SMALL)


def test_forget_drops_what_queries_remembered_and_changes_no_answer():
    finder = small()
    before = (finder.find("QUIZTEA", 1), plan_sale(finder, "QUIZTEAT", 2))
    assert finder.codes._described and finder._played  # remembered while answering
    finder.forget()
    assert not finder.codes._described and not finder.codes._keys and not finder._played
    assert (finder.find("QUIZTEA", 1), plan_sale(finder, "QUIZTEAT", 2)) == before
