"""The word index's cache file: read back it answers exactly as a fresh build does; a damaged,
foreign or outdated file is rebuilt without a word; a folder that cannot be written is skipped."""

from __future__ import annotations

import random

import pytest
from words_helpers import bundled_lexicon

from buyword.engine.tiles import TileSet, default_tiles
from buyword.store.places import cache_folder
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import plan_sale

SMALL = Lexicon(["quiz", "quit", "suit", "tea", "eat", "ate", "at", "a", "jazz", "toot", "tot"])
HANDS = ["QUIZTEA", "TOTE", "JAZ", "", "SUITQ", "AAAAAAAAAAAAAAA"]


def answers(finder: WordFinder) -> list:
    """What a finder says about some hands: every word, and the best sale."""
    return [(finder.find(hand, wilds, 1), plan_sale(finder, hand, wilds))
            for hand in HANDS for wilds in (0, 1, 2)]


def test_a_cached_index_answers_as_a_fresh_build(tmp_path):
    built = WordFinder(SMALL, cache_dir=tmp_path)
    assert built.cache_file is not None and built.cache_file.exists()
    read = WordFinder(SMALL, cache_dir=tmp_path)
    assert answers(read) == answers(built) == answers(WordFinder(SMALL))
    assert len(read) == len(SMALL)
    assert read.wild_letters("IQU") == WordFinder(SMALL).wild_letters("IQU")


def test_an_index_built_without_a_cache_can_save_one_for_other_processes(tmp_path):
    built = WordFinder(SMALL)
    path = built.save_cache(tmp_path)
    assert path.exists() and built.save_cache(tmp_path) == path  # written once
    read = WordFinder(SMALL, cache_dir=tmp_path)
    assert read.cache_file == path
    assert answers(read) == answers(built)


@pytest.mark.slow
def test_the_bundled_index_read_back_finds_the_same_words(tmp_path):
    built = WordFinder(bundled_lexicon(), cache_dir=tmp_path)  # a fresh build, then saved
    read = WordFinder(bundled_lexicon(), cache_dir=tmp_path)
    rng = random.Random(4)
    for _ in range(20):
        hand = "".join(rng.sample(default_tiles().bag(), 9))
        assert read.find(hand, 1) == built.find(hand, 1)


@pytest.mark.parametrize("damage", [
    lambda data: data[: len(data) // 2],  # cut short
    lambda data: b"",  # empty
    lambda data: b"not an index at all",
    lambda data: data[:-5] + bytes(5),  # the end overwritten
    lambda data: data[:200] + bytes([data[200] ^ 1]) + data[201:],  # one bit flipped
])
def test_a_damaged_cache_is_rebuilt_silently(tmp_path, damage):
    path = WordFinder(SMALL, cache_dir=tmp_path).cache_file
    path.write_bytes(damage(path.read_bytes()))
    finder = WordFinder(SMALL, cache_dir=tmp_path)
    assert answers(finder) == answers(WordFinder(SMALL))
    # ... and the file is good again for the next start.
    assert answers(WordFinder(SMALL, cache_dir=tmp_path)) == answers(finder)


def test_other_words_or_pips_get_their_own_file(tmp_path):
    first = WordFinder(SMALL, cache_dir=tmp_path).cache_file
    other_words = WordFinder(Lexicon([*SMALL, "zit"]), cache_dir=tmp_path)
    tiles = default_tiles()
    heavy = TileSet(dict(tiles.counts), dict(tiles.pips), tiles.wilds, wild_pips=2)
    other_pips = WordFinder(SMALL, heavy, cache_dir=tmp_path)
    assert len({first, other_words.cache_file, other_pips.cache_file}) == 3
    assert "ZIT" in [c.word for c in other_words.find("ZIT", 0)]
    assert other_pips.find("QUZ", 1)[0].pips == 4 + 1 + 4 + 2


def test_a_folder_that_cannot_be_written_is_not_used(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would be")
    finder = WordFinder(SMALL, cache_dir=blocked / "cache")
    assert answers(finder) == answers(WordFinder(SMALL))


def test_the_cache_folder_follows_buyword_home(tmp_path):
    assert cache_folder({"BUYWORD_HOME": str(tmp_path)}) == tmp_path / "cache"
    assert cache_folder({}) is None or cache_folder({}).is_absolute()
