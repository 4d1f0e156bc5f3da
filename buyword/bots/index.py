"""A bot's word knowledge: which words a hand can make, asked thousands of times a decision.

The words package answers a player's questions (every candidate word, the best sale); a computer
player mostly asks a cheaper one many times over ("how dear is the best word these 11 tiles
could make?"), so it reads the word finder's look-up tables directly, without building a
candidate object per hit. The tables hold words of the game's dictionary only (or a common-words
subset of it for the lower levels), so a bot can never sell a word the dictionary refuses.

The dearest word is found without looking every sub-multiset of the hand up: the finder's
composites carry each set's pips in their top bits, so sorting them puts the dearest sets
first, and the search stops at the first set that spells a word (or, with a wild, as soon as no
set left could beat the best found even with the wild's pip). Two sets with no letter in
common join by adding their composites, so the hand is split in two, each half's sets are
listed (made from the half less its last letter's, remembered) and pairs are compared with the
best word as whole numbers, and looked up whole among the words' composites. Answers are
remembered by hand, since a decision asks about the same tiles again and again.

The same search is compiled (`buyword.bots._dearest`, built by `pip install .` when a C compiler
is there): an index uses it when it was built, for the same answers in a fraction of the time
(benchmarks/RESULTS.md, rollouts-compiled), and the Python search when it was not.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from copy import copy
from dataclasses import dataclass
from itertools import islice
from weakref import WeakKeyDictionary

from buyword.engine.tiles import price
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import sale_tiles

try:
    from buyword.bots import _dearest
except ImportError:  # built without a C compiler: the Python search gives the same answers
    _dearest = None  # type: ignore[assignment]  # no module: None says so

#: `words_in` lists every sub-multiset of a hand up to this many; beyond, only those that
#: begin some word's letters.
ENUMERATE_UP_TO = 4096
#: The dearest word of a hand with up to this many sub-multisets is found by joining the sets
#: of the hand's two halves; beyond, along word prefixes. The halves are the faster way for
#: the hands of a game without a tile limit (Expert's games there take a quarter of the time,
#: benchmarks/bench_no_limit.py); only past twenty-odd tiles do their lists grow so long that
#: the prefixes win.
HALVES_UP_TO = 1 << 18

#: Leaves and futures together up to this many tiles share the leave's sets between futures;
#: larger hands (no tile limit) take the general path (`_best_pips`: halves, or prefixes).
_SHARED_UP_TO = 12

#: More words than any hand makes: `dearest_words` then lists them all.
_EVERY = 1 << 40

#: Answers remembered per index and question before the memory is cleared and starts again.
_REMEMBERED = 200_000

#: Indexes already built, by (finder id, Zipf threshold, shortest word).
_COMMON: dict[tuple[int, float | None, int], tuple[WordFinder, WordIndex]] = {}

#: Each finder's words as whole composites (see `word_composites`), built once per finder.
_WORD_COMPOSITES: WeakKeyDictionary[WordFinder, frozenset[int]] = WeakKeyDictionary()

#: Each finder's words for the compiled search (see `compiled_index`), built once per finder.
_COMPILED: WeakKeyDictionary[WordFinder, _dearest.Index] = WeakKeyDictionary()


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


def word_composites(finder: WordFinder) -> frozenset[int]:
    """The composites (pips, size and code together) of every tile set that spells one of
    `finder`'s words without the wild, built once per finder (about 65 ms and 8.5 MB for the
    bundled list).

    The search for the dearest word adds two sets' composites and looks the sum up here as it
    is, rather than masking the code out of it first: that is most of the work it repeats.
    """
    words = _WORD_COMPOSITES.get(finder)
    if words is None:
        step = finder.codes.step
        # Every word a code spells has the same letters: the first one tells its tiles.
        words = frozenset(sum(map(step.__getitem__, spelled.partition(" ")[0]))
                          for spelled in finder.exact_codes.values())
        _WORD_COMPOSITES[finder] = words
    return words


def compiled_index(finder: WordFinder) -> _dearest.Index | None:
    """`finder`'s words for the compiled search (built once per finder, about 0.1 s and 10 MB
    for the bundled list), or None when it was not built (no C compiler at install)."""
    if _dearest is None:
        return None
    compiled = _COMPILED.get(finder)
    if compiled is None:
        codes = finder.codes
        letters = codes.letters
        pips = finder.tiles.pips
        compiled = _dearest.Index(
            letters, [codes.mult[c] for c in letters], [codes.cap[c] for c in letters],
            [pips.get(c, 0) for c in letters], finder.tiles.wild_pips,
            list(finder.exact_codes), list(finder.wild_codes))
        _COMPILED[finder] = compiled
    return compiled


def dearest_words(index: WordIndex, hand: str, wilds: int) -> Iterator[Word]:
    """The words `hand` makes (each tile set once, with and without a wild), in the order of
    `index.words_in`, dearest first, found lazily: a rollout needs only the first few, and
    listing hundreds (a solo hand holds eight wilds) costs more than the rest of its turn.

    The hand's sets are scanned dearest first; a word is handed out once no set left could
    match its price even with the wild's pip, so words of equal pips come out together and
    sorted as `words_in` sorts them.
    """
    codes = index.codes
    exact, with_wild, shortest = index.exact, index.with_wild, index.min_length
    code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
    pips_shift = codes.pips_shift
    wild = wilds > 0
    bonus = index.wild_pips if wild else 0
    counts = {letter: hand.count(letter) for letter in set(hand)}
    pending: list[tuple[int, bool, int]] = []  # (pips, wild, code)
    for composite in sorted(index.finder.subsets(counts), reverse=True):
        pips = composite >> pips_shift
        if pending and pending[0][0] > pips + bonus:
            yield from _settled(index, pending, pips + bonus)
        code = composite & code_mask
        size = composite >> size_shift & size_mask
        found = len(pending)
        if size >= shortest and code in exact:
            pending.append((pips, False, code))
        if wild and size + 1 >= shortest and code in with_wild:
            pending.append((pips + bonus, True, code))
        if len(pending) > found:
            pending.sort(key=lambda word: -word[0])
    yield from _settled(index, pending, -1)


def _settled(index: WordIndex, pending: list[tuple[int, bool, int]], reach: int
             ) -> Iterator[Word]:
    """Hand out (and remove) the pending words dearer than `reach`, in `words_in`'s order."""
    done = [word for word in pending if word[0] > reach]
    del pending[: len(done)]  # pending is sorted dearest first
    key_of = index.codes.key_of
    words = [Word(key_of(code), wild, pips) for pips, wild, code in done]
    words.sort(key=lambda w: (-w.pips, w.wild, w.letters))
    yield from words


def take(tiles: str, letters: str) -> str:
    """`tiles` less `letters` (multiset difference), sorted; `letters` must be held."""
    rest = list(tiles)
    for letter in letters:
        rest.remove(letter)
    return "".join(sorted(rest))


class WordIndex:
    """Every dictionary word a hand could make, by its letters (with or without the wild).

    It reads the two look-up tables of a `WordFinder` (letters -> words; letters one short of
    a word -> the letters a wild could play), so it costs nothing to build and knows exactly
    the finder's words.
    """

    def __init__(self, finder: WordFinder, *, min_length: int = 2, compiled: bool = True
                 ) -> None:
        """Share `finder`'s tables; words shorter than `min_length` are never offered. With
        `compiled` (and the compiled search built) the dearest words are found by it; without,
        by the Python search alone (the same answers: for tests and benchmarks)."""
        tiles = finder.tiles
        self.finder = finder
        self.tiles = tiles
        self.min_length = min_length
        self.pips = dict(tiles.pips)
        self.wild_pips = tiles.wild_pips
        self.codes = finder.codes
        # Reading the finder's tables (rather than calling `find`, which builds a Candidate
        # per hit) makes the thousands of look-ups per decision affordable.
        self.exact = finder.exact_codes
        self.with_wild = finder.wild_codes
        codes = self.codes
        # What the search for a word without the wild reads, fetched once: it runs millions
        # of times, and its own work is often only a few look-ups.
        self._exact_search = (word_composites(finder), codes.size_shift, codes.size_mask,
                              codes.pips_shift)
        #: The compiled search, or None: the Python search answers.
        self.compiled = compiled_index(finder) if compiled else None
        self._forget()

    def _forget(self) -> None:
        """Start with no remembered answers (they depend on the shortest word allowed)."""
        # sorted tiles -> the dearest word's pips, without and with the wild (two dicts, so
        # that the look-up needs no tuple built and hashed: it is most of a remembered answer)
        self._best: dict[str, int] = {}
        self._best_wild: dict[str, int] = {}
        self._words: dict[tuple[str, bool], tuple[Word, ...]] = {}
        self._sales: dict[tuple[str, int], tuple[int, tuple[Word, ...]]] = {}
        # sorted tiles -> their sets (composites), dearest first
        self._sets: dict[str, list[int]] = {}

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
            words = [word.lower() for word in finder.words()]
            common = Lexicon(words, "the game's dictionary").common_only(zipf)
            index = cls(WordFinder(common, finder.tiles, cache_dir=finder.cache_dir),
                        min_length=min_length)
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
        index._forget()
        return index

    def notation(self, key: str, wild: bool) -> str:
        """The `sell` notation of a word made of the tiles `key` (plus the wild if `wild`)."""
        if not wild:
            return self.finder.spelled(key)[0]
        letter = self.finder.wild_letters(key)[0]
        word = self.finder.candidate(key, letter).word
        at = word.rindex(letter)
        return word[:at] + letter.lower() + word[at + 1 :]

    def __len__(self) -> int:
        """How many distinct tile sets make a word without the wild."""
        return len(self.exact)

    def pips_of(self, tiles: str) -> int:
        """Total pips of these letter tiles."""
        pips = self.pips
        return sum(pips[c] for c in tiles)

    def _subsets(self, hand: str) -> list[int]:
        """The hand's distinct sub-multisets as the finder's composites (pips in the top bits).

        A hand far beyond the tile limit (a game without one) has too many to try them all:
        then only sub-multisets that begin some word's letters are followed.
        """
        counts = {letter: hand.count(letter) for letter in set(hand)}
        if self.codes.how_many(counts) > ENUMERATE_UP_TO:
            return self.codes.pruned_subsets(counts, self.finder.sorted_codes())
        return self.codes.subsets(counts)

    def words_in(self, hand: str, wilds: int) -> list[Word]:
        """Every word the hand can make (each tile set once, with and without a wild), dearest
        first."""
        remembered = (hand, wilds > 0)
        words = self._words.get(remembered)
        if words is None:
            words = self._words_in(hand, wilds > 0)
            if len(self._words) >= _REMEMBERED:
                self._words.clear()
            self._words[remembered] = words
        return list(words)

    def _words_in(self, hand: str, wild: bool) -> tuple[Word, ...]:
        if self.compiled is not None:
            listed = self.compiled.dearest(hand, wild, self.min_length, _EVERY, len(hand))
            if listed is not None:
                return tuple(Word(*word) for word in listed)
        codes = self.codes
        exact, with_wild, wild_pips = self.exact, self.with_wild, self.wild_pips
        key_of = codes.key_of
        code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
        pips_shift, shortest = codes.pips_shift, self.min_length
        found: list[Word] = []
        for composite in self._subsets(hand):
            code = composite & code_mask
            size = composite >> size_shift & size_mask
            if size >= shortest and code in exact:
                found.append(Word(key_of(code), False, composite >> pips_shift))
            if wild and size + 1 >= shortest and code in with_wild:
                found.append(Word(key_of(code), True, (composite >> pips_shift) + wild_pips))
        found.sort(key=lambda w: (-w.pips, w.wild, w.letters))
        return tuple(found)

    def best_pips(self, hand: str, wilds: int) -> int:
        """The pips of the dearest single word the hand can make (0 if none)."""
        # Remembered by the sorted tiles: a leave joined with a future is often a set met
        # before in another order, and the search wants them sorted anyway.
        tiles = "".join(sorted(hand))
        remembered = self._best_wild if wilds > 0 else self._best
        best = remembered.get(tiles)
        if best is None:
            best = self._best_pips(tiles, wilds > 0)
            if len(remembered) >= _REMEMBERED:
                remembered.clear()
            remembered[tiles] = best
        return best

    def _best_pips(self, tiles: str, wild: bool, floor: int = 0) -> int:
        """`best_pips` of `tiles`, not remembered; `floor` if no word is dearer."""
        if self.compiled is not None:
            found = self.compiled.best_pips(tiles, wild, self.min_length, floor)
            if found is not None:
                return found
            tiles = "".join(sorted(tiles))  # the halves below are split between letters
        if len(tiles) > _SHARED_UP_TO:
            counts = {letter: tiles.count(letter) for letter in set(tiles)}
            if self.codes.how_many(counts) > HALVES_UP_TO:
                subsets = self.codes.pruned_subsets(counts, self.finder.sorted_codes())
                return self._best_of(sorted(subsets, reverse=True), [0], wild, floor)
        # Two halves with no letter in common: their sets join by adding sizes and codes.
        middle = len(tiles) // 2
        while 0 < middle < len(tiles) and tiles[middle] == tiles[middle - 1]:
            middle += 1
        # Each half's sets are usually remembered: looked up here, saving a call per half
        # (this is asked millions of times).
        low, high = tiles[:middle], tiles[middle:]
        sets = self._sets
        return self._best_of(sets.get(low) or self._dearest_first(low),
                             sets.get(high) or self._dearest_first(high), wild, floor)

    def _dearest_first(self, tiles: str) -> list[int]:
        """The sub-multisets of `tiles` (sorted) as composites, dearest first (remembered: a
        leave's are asked for again with every future).

        Made from those of the tiles less their last letter, remembered too: hands met in
        one decision share most of their tiles, so that is usually one short step.
        """
        subsets = self._sets.get(tiles)
        if subsets is None:
            if not tiles:
                return [0]
            last = tiles[-1]
            rest = tiles.rstrip(last)
            subsets = self._dearest_first(rest)
            codes = self.codes
            add = codes.step.get(last)
            if add is not None:  # a letter no word has adds no set worth trying
                copies = min(len(tiles) - len(rest), codes.cap[last])
                # Each copy of the letter adds its step once more: one addition per set
                # (this runs for every new half a decision meets).
                more = [sub + add for sub in subsets]
                subsets = subsets + more
                for _ in range(copies - 1):
                    more = [sub + add for sub in more]
                    subsets += more
                # A composite's fields are (pips, size, code) from the top bits down, so
                # sorting the numbers puts the dearest sets first.
                subsets.sort(reverse=True)
            if len(self._sets) >= _REMEMBERED:
                self._sets.clear()
            self._sets[tiles] = subsets
        return subsets

    def _best_of(self, firsts: list[int], seconds: list[int], wild: bool, best: int = 0) -> int:
        """The pips of the dearest word made of one set from each list (composites, dearest
        first; the two lists hold different letters, or never more of one than a word needs,
        so adding two composites joins their sets: pips, size and code at once), or `best` if
        none is dearer.

        Pairs are tried dearest first along each list, and each loop stops as soon as nothing
        further along it could beat the best word found: a handful of look-ups, not one per
        sub-multiset of the hand. A pair is compared with the best word as a whole composite
        (the pips are its top bits), so most pairs cost an addition and a comparison.
        """
        top = seconds[0]
        if not wild:
            words, size_shift, size_mask, shift = self._exact_search
            shortest = self.min_length
            beats = (best + 1) << shift  # the least composite dearer than the best word
            for first in firsts:
                if first + top < beats:
                    break  # no pair from here on can beat the best word
                for second in seconds:
                    joint = first + second
                    if joint < beats:
                        break
                    # The sum is looked up whole: the words' composites carry their pips
                    # and size too. Words too short for the rule are rare: checked on a hit.
                    if joint in words and joint >> size_shift & size_mask >= shortest:
                        best = joint >> shift
                        beats = (best + 1) << shift
                        break  # the rest of this list is no dearer
            return best
        codes = self.codes
        exact, with_wild, shortest = self.exact, self.with_wild, self.min_length
        code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
        shift = codes.pips_shift
        bonus = self.wild_pips
        # With the wild a set is worth its pips and the wild's: it beats the best word from
        # a lower composite than a set without it.
        beats = (best + 1) << shift
        beats_wild = max(0, best + 1 - bonus) << shift
        for first in firsts:
            if first + top < beats_wild:
                break  # no pair from here on can beat the best word, even with the wild
            for second in seconds:
                joint = first + second
                if joint < beats_wild:
                    break
                code = joint & code_mask
                # With the wild the same tiles are worth more: that look-up first.
                if code in with_wild and (joint >> size_shift & size_mask) + 1 >= shortest:
                    best = (joint >> shift) + bonus
                elif (joint >= beats and code in exact
                      and joint >> size_shift & size_mask >= shortest):
                    best = joint >> shift
                else:
                    continue
                beats = (best + 1) << shift
                beats_wild = max(0, best + 1 - bonus) << shift
        return best

    def leave_value(self, tiles: str, wilds: int, futures: Sequence[str]) -> float:
        """The mean price of the dearest word `tiles` plus each future could make.

        How the levels value the tiles they keep: each future is some tiles the seat might
        buy before it sells again. The kept tiles' own sub-multisets are listed once and
        joined with each future's, rather than listing every hand's anew; and the dearest word
        of the kept tiles alone is a floor no future can lower, so the search starts there.
        """
        wild = wilds > 0
        if self.compiled is not None:
            # The compiled search needs no sets shared (each hand afresh is quicker), nor the
            # floor (a hand with more tiles makes at least the same words).
            total = self.compiled.leave_total(tiles, futures, wild, self.min_length, 0)
            if total is not None:
                return total / len(futures)
        floor = self.best_pips(tiles, wilds)
        held = set(tiles)
        cap = self.codes.cap
        whole = self._dearest_first("".join(sorted(tiles)))
        total = 0
        for future in futures:
            if len(tiles) + len(future) > _SHARED_UP_TO:
                pips = self._best_pips("".join(sorted(tiles + future)), wild, floor)
            else:
                drawn = set(future)
                if held.isdisjoint(drawn) or all(tiles.count(c) + future.count(c) <= cap.get(c, 0)
                                                 for c in held & drawn):
                    # The kept tiles' sets and the future's: with letters in common a set
                    # of the hand may be met twice, which does not change the dearest, as
                    # long as no letter is held more often than any word needs (adding
                    # two codes would then carry into the next letter's digit).
                    firsts, seconds = whole, self._dearest_first("".join(sorted(future)))
                else:  # the leave's letters the future lacks, and the future's letters
                    hand = tiles + future
                    firsts = self._dearest_first("".join(sorted(c for c in tiles
                                                                if c not in drawn)))
                    seconds = self._dearest_first("".join(sorted(c for c in hand if c in drawn)))
                pips = self._best_of(seconds, firsts, wild, floor)
            total += price(pips)
        return total / len(futures)

    def dearest_words(self, hand: str, wilds: int, count: int, longest: int | None = None
                      ) -> list[Word]:
        """The first `count` words of `words_in` (those of at most `longest` tiles, if given),
        found without listing the rest."""
        if self.compiled is not None:
            found = self.compiled.dearest(hand, wilds > 0, self.min_length, count,
                                          len(hand) if longest is None else longest)
            if found is not None:
                return [Word(*word) for word in found]
        words = dearest_words(self, hand, wilds)
        if longest is not None:
            words = (word for word in words if len(word.letters) <= longest)
        return list(islice(words, count))

    def best_sale(self, hand: str, wilds: int) -> tuple[int, tuple[Word, ...]]:
        """The dearest set of words the hand can sell together: (total price, words).

        The words package's exact planner, on this index's words.
        """
        remembered = (hand_key(hand), wilds)
        sale = self._sales.get(remembered)
        if sale is None:
            total, words = sale_tiles(self.finder, hand, wilds, self.min_length)
            sale = (total, tuple(Word(*word) for word in words))
            if len(self._sales) >= _REMEMBERED:
                self._sales.clear()
            self._sales[remembered] = sale
        return sale
