"""The clairvoyant ceiling (benchmarks/ceiling.py) finds the same lines since it reads its single
words and the tiles it keeps off the index's dearest sets instead of listing every word a hand
makes: the speed-up changes how long the measurement takes, never its figure."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from words_helpers import bundled_finder, bundled_lexicon

from buyword.bots.index import WordIndex
from buyword.engine.tiles import default_tiles
from buyword.words.finder import Candidate


def _ceiling_module() -> ModuleType:
    """benchmarks/ceiling.py, loaded by path (the benchmarks are scripts, not a package)."""
    path = Path(__file__).parent.parent / "benchmarks" / "ceiling.py"
    spec = importlib.util.spec_from_file_location("ceiling_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # the dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ceiling = _ceiling_module()


def _hands(count: int, seed: int) -> list[tuple[str, int]]:
    """Hands of 2-12 tiles drawn from a full bag, some with a wild."""
    bag = [letter for letter, count in default_tiles().counts.items() for _ in range(count)]
    rng = random.Random(seed)
    return [("".join(sorted(rng.sample(bag, rng.randint(2, 12)))), rng.choice((0, 0, 1, 2)))
            for _ in range(count)]


@pytest.mark.parametrize("count", [1, 3, 8])
def test_the_dearest_words_are_the_finders_first(count: int) -> None:
    """Read off the index, a hand's dearest words are the finder's first `count` in its order
    (most pips, then alphabetical), with the wild playing the same letter."""
    search = ceiling.Search(1, bundled_finder(), bundled_lexicon(), beam=1)
    for hand, wilds in _hands(300, count):
        assert search._dearest(hand, wilds, count) == \
            bundled_finder().find(hand, wilds, 2)[:count], (hand, wilds)


def test_a_seed_finds_the_same_line_as_listing_every_word(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The best line of a seed (money and every action) is the one the search found when it
    listed every word of each hand and kept the first few."""
    finder, lexicon = bundled_finder(), bundled_lexicon()
    quick = ceiling.Search(3, finder, lexicon, beam=2).run()

    def every_word_singles(_search: object, hand: str, wilds: int) -> list[Candidate]:
        return finder.find(hand, wilds, 2)[:ceiling.SINGLE_WORDS]

    listed = WordIndex.words_in
    monkeypatch.setattr(ceiling.Search, "_singles", every_word_singles)
    monkeypatch.setattr(WordIndex, "dearest_words",
                        lambda self, hand, wilds, count: listed(self, hand, wilds)[:count])
    slow = ceiling.Search(3, finder, lexicon, beam=2).run()
    assert quick.actions == slow.actions
    assert quick.money == slow.money > 0


def test_the_summary_pairs_each_wider_beam_with_the_one_before_on_the_same_seeds() -> None:
    """What a wider beam adds is its gain seed by seed over the narrower beam, counted only on
    the seeds both searched (a run cut short leaves some seeds at one beam)."""
    found = [ceiling.Ceiling(seed, money, (), beam, 1.0) for seed, beam, money in (
        (1, 8, 1500), (1, 64, 1540), (2, 8, 1600), (2, 64, 1590), (3, 8, 1450))]
    lines = ceiling.summary(found)
    assert lines[0].startswith("beam 8, 3 seeds: mean $1,517")
    assert lines[1].startswith("beam 64, 2 seeds: mean $1,565")
    assert lines[2].startswith("beam 64 over beam 8, 2 seeds: +15.0 a seed")
    assert lines[2].endswith("more on 1, less on 1")
