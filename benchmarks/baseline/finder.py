"""The word finder: every word a hand can sell (with at most one wild), best price first.

Baseline copy (benchmarks only): as at commit 35cdcb5, for timing beside the current code.

The index is keyed by a word's letters in sorted order ("QUIZ" -> "IQUZ"), so the words a set
of tiles spells exactly are one dictionary look-up away. A second, one-wild index is keyed by
those sorted letters with one letter taken out ("IQUZ" -> "IQU", "IUZ", "QUZ", "IQZ") and says
which letters the wild would have to play. A query enumerates the distinct sub-multisets of the
hand (at most 2**8 for eight different letters) and looks each up in both indexes, so its cost
does not depend on the size of the word list.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from operator import attrgetter

from buyword.engine.errors import MalformedAction
from buyword.engine.tiles import ALPHABET, TileSet, default_tiles, price

#: Above this many sub-multisets (hands far beyond the tile limit), the enumeration only
#: follows letter sequences that begin some key of the index instead of trying them all.
_PRUNE_ABOVE = 1 << 16


@dataclass(frozen=True, slots=True)
class Candidate:
    """A word the hand can sell now: the word, the wild's letter (if any) and its pips.

    The tiles it takes and its price follow from those three, so they are properties:
    the finder makes hundreds of candidates a query, and fewer fields make that faster.
    """

    word: str  # upper case, as read
    wild: str | None  # the letter the wild plays, or None
    pips: int  # total pips of its tiles, the wild's included

    @property
    def letters(self) -> str:
        """The hand's letter tiles it uses, in word order (the word less the wild's letter)."""
        if self.wild is None:
            return self.word
        before, _, after = self.word.rpartition(self.wild)
        return before + after

    @property
    def price(self) -> int:
        """What the word sells for: its pips, squared."""
        return price(self.pips)

    @property
    def notation(self) -> str:
        """The engine's `sell` notation: the wild's letter in lower case (`QUiZ`)."""
        if self.wild is None:
            return self.word
        # The wild takes the last copy of its letter, as `buyword.engine.tiles.spell` places it.
        before, _, after = self.word.rpartition(self.wild)
        return before + self.wild.lower() + after


@dataclass(frozen=True, slots=True)
class Makeable:
    """The words one set of hand tiles makes: exactly, and with one wild added."""

    key: str  # the hand tiles, sorted
    exact: tuple[str, ...]  # words spelled by exactly these tiles
    wild_letters: str  # letters a wild could play to make a word with these tiles


class WordFinder:
    """Finds every sellable word in a hand, from an index built once per dictionary."""

    def __init__(self, lexicon: Iterable[str], tiles: TileSet | None = None) -> None:
        """Index the words of `lexicon` (lower-case a-z); `tiles` prices them (default set).

        Building the index for the bundled list takes about half a second: build it once,
        off the UI's thread, and share it.
        """
        self.tiles = tiles or default_tiles()
        self._exact = _exact_index(lexicon)
        self._wild = _wild_index(self._exact)
        self._sorted_keys: list[str] | None = None  # built on the first very large hand

    @property
    def exact_index(self) -> Mapping[str, tuple[str, ...]]:
        """Sorted letters -> the words (upper case, alphabetical) they spell. Read only.

        For callers that make thousands of look-ups per decision (computer players).
        """
        return self._exact

    @property
    def wild_index(self) -> Mapping[str, str]:
        """Sorted letters one short of a word -> the letters a wild could play. Read only."""
        return self._wild

    def __len__(self) -> int:
        """How many words the index holds."""
        return sum(len(words) for words in self._exact.values())

    def find(self, hand: str, wilds: int, min_length: int = 2) -> list[Candidate]:
        """Every word the hand can sell now, best price first, ties in alphabetical order.

        `hand` is the letter tiles held (upper case), `wilds` how many wild tiles; a word uses
        at most one. A word the hand spells without the wild is listed only that way.
        """
        counts = hand_counts(hand, wilds)
        exact_index, wild_index = self._exact, self._wild
        pips_of = self.tiles.pips.__getitem__
        wild_pips = self.tiles.wild_pips
        use_wild = wilds > 0
        held = dict(counts)  # a plain dict: Counter's default for absent letters is slow
        found: list[Candidate] = []
        append = found.append
        # The hot path of hints and bots: plain loops with local names, no per-word calls.
        # Each word is met once: through its own key, or through the one key its single
        # missing letter leaves (a word the hand spells in full is never taken with a wild).
        for key in self._subsets(counts):
            size = len(key)
            exact = exact_index.get(key) if size >= min_length else None
            letters = wild_index.get(key) if use_wild and size + 1 >= min_length else None
            if not (exact or letters):
                continue
            pips = sum(map(pips_of, key))
            if exact:
                found.extend([Candidate(word, None, pips) for word in exact])
            if letters:
                pips += wild_pips
                for letter in letters:
                    if letter in held and held[letter] > key.count(letter):
                        continue  # the hand holds this letter too: listed without the wild
                    at = bisect_right(key, letter)  # _insert, inlined
                    for word in exact_index[key[:at] + letter + key[at:]]:
                        append(Candidate(word, letter, pips))
        # Two sorts in C, the second stable: most pips (so highest price) first, ties
        # alphabetical.
        found.sort(key=attrgetter("word"))
        found.sort(key=attrgetter("pips"), reverse=True)
        return found

    def makeable(self, counts: Counter[str], min_length: int, wild: bool) -> Iterator[Makeable]:
        """For each sub-multiset of the hand that makes a word, what it makes.

        With `wild`, also the sets one tile short of a word, and which letters the wild
        would play. The planner uses this raw form: it may spend a wild on a letter the
        hand holds, to keep that tile for another word.
        """
        exact_index, wild_index = self._exact, self._wild
        for key in self._subsets(counts):
            size = len(key)
            exact = exact_index.get(key, ()) if size >= min_length else ()
            letters = wild_index.get(key, "") if wild and size + 1 >= min_length else ""
            if exact or letters:
                yield Makeable(key, exact, letters)

    def wild_letters(self, key: str) -> str:
        """The letters a wild could play beside the tiles `key` (sorted) to spell a word."""
        return self._wild.get(key, "")

    def candidate(self, key: str, wild: str | None) -> Candidate:
        """The first word, alphabetically, made of the tiles `key` plus a wild playing `wild`."""
        full = key if wild is None else _insert(key, wild)
        return self._candidate(self._exact[full][0], key, wild)

    def _candidate(self, word: str, key: str, wild: str | None) -> Candidate:
        """A word made of the hand tiles `key` and perhaps a wild, with its pips."""
        pips = self.tiles.pips_of(key)
        return Candidate(word, wild, pips if wild is None else pips + self.tiles.wild_pips)

    def _subsets(self, counts: Counter[str]) -> list[str]:
        """Every distinct sub-multiset of the hand, each as a sorted string."""
        letters = sorted(counts)
        size = 1
        for letter in letters:
            size *= counts[letter] + 1
        if size > _PRUNE_ABOVE:
            return self._pruned_subsets(letters, counts)
        keys = [""]
        for letter in letters:
            runs = [letter * n for n in range(counts[letter] + 1)]
            keys = [key + run for key in keys for run in runs]
        return keys

    def _pruned_subsets(self, letters: list[str], counts: Counter[str]) -> list[str]:
        """The sub-multisets that begin some index key: fewer, for very large hands."""
        if self._sorted_keys is None:
            self._sorted_keys = sorted(self._exact.keys() | self._wild.keys())
        keys = self._sorted_keys
        found = [""]
        stack = [("", 0)]
        while stack:
            prefix, start = stack.pop()
            for i in range(start, len(letters)):
                key = prefix
                for _ in range(counts[letters[i]]):
                    key += letters[i]
                    at = bisect_left(keys, key)
                    if at == len(keys) or not keys[at].startswith(key):
                        break  # no word begins with these letters, nor with more of them
                    found.append(key)
                    stack.append((key, i + 1))
        return found


def hand_counts(hand: str, wilds: int) -> Counter[str]:
    """The hand's letters counted; MalformedAction for anything but A-Z or negative wilds."""
    if not all(c in ALPHABET for c in hand):
        raise MalformedAction(f"{hand!r}: a hand is letter tiles A-Z, in capitals")
    if wilds < 0:
        raise MalformedAction(f"{wilds!r} wild tiles: the number of wilds cannot be negative")
    return Counter(hand)


def _exact_index(lexicon: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Sorted letters -> the words (upper case, alphabetical) they spell."""
    index: dict[str, tuple[str, ...]] = {}
    for word in sorted(word.upper() for word in lexicon):
        key = "".join(sorted(word))
        index[key] = index.get(key, ()) + (word,)
    return index


def _wild_index(exact: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Sorted letters one short of a word -> the letters a wild could play there."""
    index: dict[str, str] = {}
    get = index.get
    # Strings rather than lists keep this index (about 580,000 keys) small and quick to build.
    for key in exact:
        for letter in dict.fromkeys(key):  # each distinct letter once, in a fixed order
            short = key.replace(letter, "", 1)
            index[short] = get(short, "") + letter
    return index


def _insert(key: str, letter: str) -> str:
    """Put one more letter into a sorted key, keeping it sorted."""
    i = bisect_right(key, letter)
    return key[:i] + letter + key[i:]
