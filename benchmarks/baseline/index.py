"""A bot's word knowledge: which words a hand can make, asked thousands of times a decision.

Baseline copy (benchmarks only): as at commit 35cdcb5, for timing beside the current code.

The words package answers a player's questions (every candidate word, the best sale); a computer
player mostly asks a cheaper one many times over ("how dear is the best word these 11 tiles
could make?"), so it reads the word finder's look-up tables directly, without building a
candidate object per hit. The tables hold words of the game's dictionary only (or a common-words
subset of it for the lower levels), so a bot can never sell a word the dictionary refuses.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass
from itertools import groupby

from baseline.finder import WordFinder
from baseline.planner import plan_sale
from buyword.engine import price
from buyword.words.lexicon import Lexicon

#: Hands with more sub-multisets than this are searched along word prefixes only.
_ENUMERATE_UP_TO = 4096

#: Indexes already built, by (finder id, Zipf threshold, shortest word).
_COMMON: dict[tuple[int, float | None, int], tuple[WordFinder, WordIndex]] = {}


@dataclass(frozen=True, slots=True)
class Word:
    """One word a hand can make: the hand tiles it takes (sorted), whether it needs the wild,
    and its pips (the wild's included)."""

    letters: str
    wild: bool
    pips: int

    @property
    def price(self) -> int:
        """What the word pays: (pips)²."""
        return price(self.pips)


def hand_key(tiles: str) -> str:
    """The canonical form of a set of tiles: its letters sorted."""
    return "".join(sorted(tiles))


def take(tiles: str, letters: str) -> str:
    """`tiles` less `letters` (multiset difference), sorted; `letters` must be held."""
    rest = list(tiles)
    for letter in letters:
        rest.remove(letter)
    return "".join(sorted(rest))


class WordIndex:
    """Every dictionary word a hand could make, by sorted letters (with or without the wild).

    It reads the two look-up tables of a `WordFinder` (sorted letters -> words; sorted letters
    one short of a word -> the letters a wild could play), so it costs nothing to build and
    knows exactly the finder's words.
    """

    def __init__(self, finder: WordFinder, *, min_length: int = 2) -> None:
        """Share `finder`'s tables; words shorter than `min_length` are never offered."""
        tiles = finder.tiles
        self.finder = finder
        self.tiles = tiles
        self.min_length = min_length
        self.pips = dict(tiles.pips)
        self.wild_pips = tiles.wild_pips
        # Reading the finder's tables (rather than calling `find`, which builds a Candidate
        # per hit) makes the thousands of look-ups per decision affordable.
        self.exact: Mapping[str, tuple[str, ...]] = finder.exact_index
        self.with_wild: Mapping[str, str] = finder.wild_index
        self._keys: list[str] | None = None  # every key, sorted; built for the first huge hand

    @classmethod
    def common(cls, finder: WordFinder, zipf: float | None, *, min_length: int = 2) -> WordIndex:
        """The index of `finder`'s words at or above a wordfreq Zipf frequency (all if None).

        Built once per finder and threshold: the words a lower level knows, always a subset
        of the game's dictionary.
        """
        key = (id(finder), zipf, min_length)
        cached = _COMMON.get(key)
        if cached is not None and cached[0] is finder:
            return cached[1]
        if zipf is None:
            index = cls(finder, min_length=min_length)
        else:
            words = [word.lower() for words in finder.exact_index.values() for word in words]
            common = Lexicon(words, "the game's dictionary").common_only(zipf)
            index = cls(WordFinder(common, finder.tiles), min_length=min_length)
        # Holding the finder keeps its id from being reused by another one.
        _COMMON[key] = (finder, index)
        return index

    def at_least(self, min_length: int) -> WordIndex:
        """The same words, offering only those of at least `min_length` letters (the game's
        rule); shares the tables."""
        if min_length == self.min_length:
            return self
        index = copy(self)
        index.min_length = min_length
        return index

    def notation(self, key: str, wild: bool) -> str:
        """The `sell` notation of a word made of the tiles `key` (plus the wild if `wild`)."""
        if not wild:
            return self.exact[key][0]
        letter = self.with_wild[key][0]
        i = bisect_right(key, letter)
        word = self.exact[key[:i] + letter + key[i:]][0]
        at = word.rindex(letter)
        return word[:at] + letter.lower() + word[at + 1 :]

    def __len__(self) -> int:
        """How many distinct tile sets make a word without the wild."""
        return len(self.exact)

    def pips_of(self, tiles: str) -> int:
        """Total pips of these letter tiles."""
        pips = self.pips
        return sum(pips[c] for c in tiles)

    def sub_hands(self, hand: str) -> list[tuple[str, int]]:
        """Every distinct sub-multiset of `hand` (sorted) with its pips, the empty one included.

        A hand far beyond the tile limit (a game without one) has too many to try them all:
        then only sub-multisets that begin some word's letters are followed.
        """
        groups = [(letter, len(list(run))) for letter, run in groupby(hand_key(hand))]
        size = 1
        for _, n in groups:
            size *= n + 1
        if size > _ENUMERATE_UP_TO:
            return self._pruned_sub_hands(groups)
        subs: list[tuple[str, int]] = [("", 0)]
        for letter, n in groups:
            pip = self.pips[letter]
            subs = [
                (key + letter * j, pips + pip * j) for key, pips in subs for j in range(n + 1)
            ]
        return subs

    def _pruned_sub_hands(self, groups: list[tuple[str, int]]) -> list[tuple[str, int]]:
        if self._keys is None:
            self._keys = sorted(self.exact.keys() | self.with_wild.keys())
        keys = self._keys
        found: list[tuple[str, int]] = [("", 0)]
        stack = [("", 0, 0)]
        while stack:
            prefix, pips, start = stack.pop()
            for i in range(start, len(groups)):
                letter, n = groups[i]
                key, value = prefix, pips
                for _ in range(n):
                    key += letter
                    value += self.pips[letter]
                    at = bisect_left(keys, key)
                    if at == len(keys) or not keys[at].startswith(key):
                        break  # no word's letters begin so, nor with more of this letter
                    found.append((key, value))
                    stack.append((key, value, i + 1))
        return found

    def words_in(self, hand: str, wilds: int) -> list[Word]:
        """Every word the hand can make (each tile set once, with and without a wild), dearest
        first."""
        exact, with_wild, wild_pips = self.exact, self.with_wild, self.wild_pips
        shortest = self.min_length
        found: list[Word] = []
        for key, pips in self.sub_hands(hand):
            size = len(key)
            if size >= shortest and key in exact:
                found.append(Word(key, False, pips))
            if wilds and size + 1 >= shortest and key in with_wild:
                found.append(Word(key, True, pips + wild_pips))
        found.sort(key=lambda w: (-w.pips, w.wild, w.letters))
        return found

    def best_pips(self, hand: str, wilds: int) -> int:
        """The pips of the dearest single word the hand can make (0 if none)."""
        exact, with_wild = self.exact, self.with_wild
        best = 0
        wild_pips = self.wild_pips
        shortest = self.min_length
        for key, pips in self.sub_hands(hand):
            if pips > best and key in exact and len(key) >= shortest:
                best = pips
            if (wilds and pips + wild_pips > best and key in with_wild
                    and len(key) + 1 >= shortest):
                best = pips + wild_pips
        return best

    def best_sale(self, hand: str, wilds: int) -> tuple[int, tuple[Word, ...]]:
        """The dearest set of words the hand can sell together: (total price, words).

        The words package's exact planner, on this index's words.
        """
        plan = plan_sale(self.finder, hand, wilds, self.min_length)
        words = tuple(
            Word(hand_key(c.letters), c.wild is not None, c.pips) for c in plan.words
        )
        return plan.total, words
