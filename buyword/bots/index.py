"""A bot's word knowledge: an anagram index that finds every word a hand can make, fast.

The words package answers a player's questions (best words, the best sale); a computer player
asks thousands of small ones per decision ("what can these 11 tiles make?"), so it keeps its own
index keyed by sorted letters. The index is built from words of the game's dictionary only, so a
bot can never sell a word the dictionary refuses.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import groupby

from buyword.engine import price
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

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
        # The finder's own tables: reading them (rather than calling `makeable`, which wraps
        # every hit in an object) makes the thousands of look-ups per decision affordable.
        self.exact: dict[str, tuple[str, ...]] = finder._exact
        self.with_wild: dict[str, str] = finder._wild

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
            words = [word.lower() for words in finder._exact.values() for word in words]
            common = Lexicon(words, "the game's dictionary").common_only(zipf)
            index = cls(WordFinder(common, finder.tiles), min_length=min_length)
        # Holding the finder keeps its id from being reused by another one.
        _COMMON[key] = (finder, index)
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
        """Every distinct sub-multiset of `hand` (sorted) with its pips, the empty one included."""
        subs: list[tuple[str, int]] = [("", 0)]
        for letter, group in groupby(hand_key(hand)):
            n = len(list(group))
            pip = self.pips[letter]
            subs = [
                (key + letter * j, pips + pip * j) for key, pips in subs for j in range(n + 1)
            ]
        return subs

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

    def best_sale(
        self, hand: str, wilds: int, words: list[Word] | None = None
    ) -> tuple[int, tuple[Word, ...]]:
        """The dearest set of words the hand can sell together: (total price, words).

        Exact, by memoised search over what is left: the smallest tile left is either sold in
        some word (any word holding it uses that copy) or never sold.
        """
        if words is None:
            words = self.words_in(hand, wilds)
        by_first: dict[int, list[tuple[int, Word]]] = {}
        for word in words:
            vector = counts_vector(word.letters)
            by_first.setdefault(_lowest_letter(vector), []).append((vector, word))
        # More wilds than words the hand could hold are never all used.
        wilds = min(wilds, len(hand) // max(1, self.min_length - 1))
        return _plan(counts_vector(hand), wilds, by_first, {})


#: Each letter's count sits in a 5-bit field: 4 bits of count and a guard bit above them, so
#: "does the hand hold these tiles?" is one subtraction on Python integers.
_FIELD = 5
_GUARDS = sum(1 << (_FIELD * i + 4) for i in range(26))


def counts_vector(tiles: str) -> int:
    """The tiles as an integer of per-letter counts (at most 15 of a letter)."""
    vector = 0
    for c in tiles:
        vector += 1 << (_FIELD * (ord(c) - 65))
    return vector


def _lowest_letter(vector: int) -> int:
    """The field index of the alphabetically first letter present."""
    return ((vector & -vector).bit_length() - 1) // _FIELD


def _plan(
    hand: int,
    wilds: int,
    by_first: dict[int, list[tuple[int, Word]]],
    memo: dict[tuple[int, int], tuple[int, tuple[Word, ...]]],
) -> tuple[int, tuple[Word, ...]]:
    """`WordIndex.best_sale` on a counts vector, the words grouped by their first tile."""
    if not hand:
        return 0, ()
    state = (hand, wilds)
    done = memo.get(state)
    if done is not None:
        return done
    first = _lowest_letter(hand)
    best = _plan(hand - (1 << (_FIELD * first)), wilds, by_first, memo)
    guarded = hand | _GUARDS
    for vector, word in by_first.get(first, ()):
        if (word.wild and not wilds) or (guarded - vector) & _GUARDS != _GUARDS:
            continue
        rest_total, rest = _plan(hand - vector, wilds - word.wild, by_first, memo)
        total = word.price + rest_total
        if total > best[0]:
            best = (total, (word, *rest))
    memo[state] = best
    return best
