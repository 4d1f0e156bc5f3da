"""The word finder: every word a hand can sell (with at most one wild), best price first.

The index is keyed by the multiset of a word's letters ("QUIZ" and "QUIZ"'s anagrams share one
key), so the words a set of tiles spells exactly are one dictionary look-up away. A second,
one-wild index is keyed by those letters with one letter taken out ("IQUZ" -> "IQU", "IUZ",
"QUZ", "IQZ") and says which letters the wild would have to play. A query enumerates the
distinct sub-multisets of the hand (at most 2**8 for eight different letters) and looks each up
in both indexes, so its cost does not depend on the size of the word list.

A key is held as a number, not a string (`LetterCodes`): each letter is a digit whose base is one
more than the most copies of it any word needs, so adding a tile to a set of tiles is adding a
number, and a hand's sub-multisets are made by additions alone, with their pips and size carried
in higher bits. Computer players ask "what is the dearest word in these tiles" millions of times;
numbers make that an integer sort and a few look-ups, and let the whole index be saved to a
cache file and read back in a fraction of the time it takes to build.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
import threading
import zlib
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from buyword.engine.errors import MalformedAction
from buyword.engine.tiles import ALPHABET, TileSet, default_tiles, price

#: Above this many sub-multisets (hands far beyond the tile limit), the enumeration only
#: follows letter sets that begin some key of the index instead of trying them all.
_PRUNE_ABOVE = 1 << 16

#: The cache file's first bytes; the number changes whenever its layout does, so that a cache
#: written by another version of BuyWord is rebuilt rather than misread.
_CACHE_MAGIC = b"buyword word index 1\n"

#: The wild index keeps the letter the bots' notation plays in the bits above the letter mask.
_FIRST_SHIFT = 32


class LetterCodes:
    """Sets of letter tiles as numbers, for one word list and tile set.

    A set's *code* is a mixed-radix number with one digit per letter (A the most significant),
    the digit being how many of that letter the set holds; a letter's base is one more than
    the most copies of it any word of the list needs. A set's *composite* also carries its
    size and its pips above the code, so sorting composites sorts sets by pips.
    """

    def __init__(self, caps: Mapping[str, int], pips: Mapping[str, int]) -> None:
        """`caps`: letter -> the most copies of it a word needs; `pips`: the tile set's pips."""
        self.letters = "".join(sorted(letter for letter, cap in caps.items() if cap > 0))
        self.cap = {letter: caps[letter] for letter in self.letters}
        self.mult: dict[str, int] = {}
        weight = 1
        for letter in reversed(self.letters):  # Z the least significant digit, A the most
            self.mult[letter] = weight
            weight *= self.cap[letter] + 1
        self.limit = weight  # every code is below this
        self.size_shift = max(1, weight.bit_length())
        self.code_mask = (1 << self.size_shift) - 1
        size_bits = (sum(self.cap.values()) + 1).bit_length()
        self.size_mask = (1 << size_bits) - 1
        self.pips_shift = self.size_shift + size_bits
        #: letter -> what one tile of it adds to a composite (pips, size and code at once).
        self.step = {
            letter: (pips.get(letter, 0) << self.pips_shift) | (1 << self.size_shift) | m
            for letter, m in self.mult.items()
        }
        self.bit = {letter: 1 << i for i, letter in enumerate(self.letters)}
        self.letter_of_bit = {bit: letter for letter, bit in self.bit.items()}
        self.all_bits = (1 << len(self.letters)) - 1
        #: letter -> its place in `letters` (a byte's place in `describe`'s counts)
        self.position = {letter: i for i, letter in enumerate(self.letters)}
        self._keys: dict[int, str] = {}
        self._described: dict[int, tuple[str, bytes]] = {}

    def code(self, tiles: str) -> int | None:
        """The code of these tiles, or None if no word needs so many of one letter."""
        mult, cap = self.mult, self.cap
        code = 0
        for letter in set(tiles):
            n = tiles.count(letter)
            if n > cap.get(letter, 0):
                return None
            code += mult[letter] * n
        return code

    def count(self, code: int, letter: str) -> int:
        """How many of `letter` the set `code` holds."""
        return code // self.mult[letter] % (self.cap[letter] + 1)

    def key_of(self, code: int) -> str:
        """The set `code` as its letters in alphabetical order (remembered once asked)."""
        key = self._keys.get(code)
        if key is None:
            parts = []
            rest = code
            for letter in self.letters:
                digit, rest = divmod(rest, self.mult[letter])
                if digit:
                    parts.append(letter * digit)
            key = self._keys[code] = "".join(parts)
        return key

    def describe(self, code: int, letters: str | None = None) -> tuple[str, bytes]:
        """The set `code` as its sorted letters, and as one byte per letter of `self.letters`
        holding how many (remembered).

        `letters`, if given, are all the letters the set can hold (a hand's, sorted): reading
        only those digits is quicker than reading all of them.
        """
        described = self._described.get(code)
        if described is None:
            mult, cap, position = self.mult, self.cap, self.position
            parts = []
            counts = bytearray(len(self.letters))
            for letter in letters or self.letters:
                n = code // mult[letter] % (cap[letter] + 1)
                if n:
                    parts.append(letter * n)
                    counts[position[letter]] = n
            described = self._described[code] = ("".join(parts), bytes(counts))
        return described

    def letters_in(self, value: int) -> list[str]:
        """The letters whose bits are set in the low bits of `value`, alphabetically."""
        bits = value & self.all_bits
        found = []
        while bits:
            low = bits & -bits
            bits ^= low
            found.append(self.letter_of_bit[low])
        return found

    def letters_of(self, mask: int) -> str:
        """The letters whose bits are set in `mask`, alphabetically."""
        return "".join(letter for letter in self.letters if mask & self.bit[letter])

    def subsets(self, counts: Mapping[str, int]) -> list[int]:
        """Every distinct sub-multiset of the tiles `counts` as a composite, the empty set first.

        Tiles beyond what any word needs are left out (no key could use them).
        """
        step, cap = self.step, self.cap
        subs = [0]
        for letter, n in counts.items():
            add = step.get(letter)
            if add is None or n <= 0:
                continue
            n = min(n, cap[letter])
            if n == 1:
                subs += [sub + add for sub in subs]
            else:
                runs = range(0, (n + 1) * add, add)
                subs = [sub + run for sub in subs for run in runs]
        return subs

    def how_many(self, counts: Mapping[str, int]) -> int:
        """How many distinct sub-multisets `subsets` would list."""
        size = 1
        for letter, n in counts.items():
            if letter in self.cap and n > 0:
                size *= min(n, self.cap[letter]) + 1
        return size

    def pruned_subsets(self, counts: Mapping[str, int], keys: list[int]) -> list[int]:
        """The sub-multisets (composites) that begin some key in `keys` (sorted codes).

        With A the most significant digit, the codes of the keys that hold exactly these
        letters up to some letter L (and any letters after it) form one range, as sorted
        strings sharing a prefix do: one bisection says whether any key is there, and one
        more whether any key holds more of L.
        """
        letters = sorted(letter for letter in counts if letter in self.cap and counts[letter] > 0)
        mult, step = self.mult, self.step
        found = [0]
        stack = [(0, 0, 0)]
        end = len(keys)
        while stack:
            code, composite, start = stack.pop()
            for i in range(start, len(letters)):
                letter = letters[i]
                m, add, cap = mult[letter], step[letter], self.cap[letter]
                block = code + (cap + 1) * m  # past every key with these letters before L
                c, k = code, composite
                for _ in range(min(counts[letter], cap)):
                    c += m
                    k += add
                    at = bisect_left(keys, c)
                    if at == end or keys[at] >= block:
                        break  # no key holds these letters and this many of L, or more
                    if keys[at] < c + m:  # some key holds exactly these letters up to L
                        found.append(k)
                        stack.append((c, k, i + 1))
        return found


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


class FinderBeingBuilt:
    """A `WordFinder` being built in a thread of its own: it answers as the finder does once
    built, and whatever asks before that waits for it.

    A first game has no index cached yet, and building one (then saving it) is most of what
    a first table waited for: the table opens now, and the index is ready long before its
    first use (hints, a computer's turn), which a person reaches some seconds in.
    """

    def __init__(self, build: Callable[[], WordFinder], *, start: bool = True) -> None:
        """`build` (which returns the finder) in a daemon thread: started now, or with
        `start` False at the first `start` or question (a table starts it once painted, so
        that the two do not share the processor as it opens)."""
        self._built = threading.Event()
        self._finder: WordFinder | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = threading.Thread(
            target=self._build, args=(build,), name="word index", daemon=True)
        self._starting = threading.Lock()
        if start:
            self.start()

    def start(self) -> None:
        """Start building, unless it has started already."""
        with self._starting:
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.start()

    def _build(self, build: Callable[[], WordFinder]) -> None:
        try:
            self._finder = build()
        except BaseException as error:  # raised again to whoever asks for the finder
            self._error = error
        finally:
            self._built.set()

    @property
    def ready(self) -> bool:
        """Whether the finder is built (asking it anything will not wait)."""
        return self._built.is_set()

    def finder(self) -> WordFinder:
        """The finder, once built (waits until it is); the build's error if it failed."""
        self.start()
        self._built.wait()
        if self._error is not None:
            raise self._error
        assert self._finder is not None
        return self._finder

    def __getattr__(self, name: str) -> object:
        """Everything else is the finder's own."""
        return getattr(self.finder(), name)

    def __len__(self) -> int:
        """The words indexed, as the finder's."""
        return len(self.finder())


class WordFinder:
    """Finds every sellable word in a hand, from an index built once per dictionary."""

    def __init__(self, lexicon: Iterable[str], tiles: TileSet | None = None, *,
                 cache_dir: str | os.PathLike[str] | None = None) -> None:
        """Index the words of `lexicon` (lower-case a-z); `tiles` prices them (default set).

        Building the index for the bundled list takes about half a second: build it once,
        off the UI's thread, and share it. With `cache_dir` (a folder the caller owns, such
        as the user's cache folder) the index is read from a file there when one was saved
        for the same words and tiles, and saved there otherwise; a damaged or outdated file
        is rebuilt without a word, and a folder that cannot be written is simply not used.
        """
        self.tiles = tiles or default_tiles()
        #: The theme whose words alone this finder indexes (see `themed`), or None.
        self.theme: str | None = None
        # One upper() over the joined text is several times quicker than one call per word.
        text = "\n".join(lexicon).upper()
        self.cache_dir = None if cache_dir is None else Path(cache_dir)
        self.cache_file: Path | None = None
        #: The name of this index's cache file: a hash of its words, tiles and file format.
        self.cache_name = f"words-{_fingerprint(text, self.tiles)}.index"
        loaded = None
        if cache_dir is not None:
            self.cache_file = Path(cache_dir) / self.cache_name
            loaded = _read_cache(self.cache_file, self.tiles)
        if loaded is None:
            loaded = _build(sorted(set(text.split("\n")) - {""}), self.tiles)
            if self.cache_file is not None:
                _write_cache(self.cache_file, loaded)
        self.codes, self._exact, self._wild, self._size = loaded
        self._sorted_codes: list[int] | None = None  # built on the first very large hand
        # wild-index letter mask -> (letter, its digit's weight, its digit's base) per letter
        self._played: dict[int, tuple[tuple[str, int, int], ...]] = {}
        self._exact_strings: dict[str, tuple[str, ...]] | None = None
        self._wild_strings: dict[str, str] | None = None

    def forget(self) -> None:
        """Drop what queries remembered as they went (sets' letters and descriptions, the
        wild's letters per mask), as if no query had been asked: for benchmarks whose every
        run must start with nothing remembered. The index itself is kept."""
        self.codes._keys.clear()
        self.codes._described.clear()
        self._played.clear()

    def save_cache(self, cache_dir: str | os.PathLike[str]) -> Path:
        """Save the index in `cache_dir` unless a file for the same words and tiles is there,
        so that other processes (Ray workers) read it instead of building it; its path.

        As with the constructor's `cache_dir`, a folder that cannot be written is not used.
        """
        path = Path(cache_dir) / self.cache_name
        if not path.is_file():
            _write_cache(path, (self.codes, self._exact, self._wild, self._size))
        return path

    # ------------------------------------------------------------------ the tables

    @property
    def exact_codes(self) -> Mapping[int, str]:
        """Code of a set of tiles -> the words it spells, alphabetical, joined by spaces.

        Read only; for callers that make thousands of look-ups per decision (computer
        players). Codes and composites are `self.codes`'s.
        """
        return self._exact

    @property
    def wild_codes(self) -> Mapping[int, int]:
        """Code of a set of tiles one short of a word -> the letters a wild could play there.

        The value's low bits are a mask of `self.codes.bit`; above `WILD_FIRST_SHIFT` is the
        position (in `self.codes.letters`) of the letter the first word found for it needs.
        """
        return self._wild

    @classmethod
    def themed(cls, words: Iterable[str], theme: str, tiles: TileSet | None = None) -> WordFinder:
        """A finder over a theme's words only (`ThemeBook.lexicon`): a theme restricts the
        index, so every query answers within it at the cost of an unthemed one."""
        finder = cls(words, tiles)
        finder.theme = theme
        return finder

    @property
    def exact_index(self) -> Mapping[str, tuple[str, ...]]:
        """Sorted letters -> the words (upper case, alphabetical) they spell. Read only.

        Built from the codes on first use (a fraction of a second): the finder itself does
        not need it.
        """
        if self._exact_strings is None:
            key_of = self.codes.key_of
            self._exact_strings = {key_of(code): tuple(line.split(" "))
                                   for code, line in self._exact.items()}
        return self._exact_strings

    @property
    def wild_index(self) -> Mapping[str, str]:
        """Sorted letters one short of a word -> the letters a wild could play. Read only.

        Built from the codes on first use, like `exact_index`.
        """
        if self._wild_strings is None:
            key_of = self.codes.key_of
            self._wild_strings = {key_of(code): self._wild_text(value)
                                  for code, value in self._wild.items()}
        return self._wild_strings

    def words(self) -> list[str]:
        """Every word of the index, upper case."""
        return [word for line in self._exact.values() for word in line.split(" ")]

    def __len__(self) -> int:
        """How many words the index holds."""
        return self._size

    def sorted_codes(self) -> list[int]:
        """The codes of every key, exact and one short of a word, in order (built once)."""
        if self._sorted_codes is None:
            self._sorted_codes = sorted(self._exact.keys() | self._wild.keys())
        return self._sorted_codes

    def subsets(self, counts: Mapping[str, int]) -> list[int]:
        """The hand's distinct sub-multisets as composites, all of them for a hand of the size
        games have, only those that begin some key for a far larger one."""
        if self.codes.how_many(counts) > _PRUNE_ABOVE:
            return self.codes.pruned_subsets(counts, self.sorted_codes())
        return self.codes.subsets(counts)

    def _wild_text(self, value: int) -> str:
        """The letters a wild-index value names: the bots' letter first, then alphabetically."""
        codes = self.codes
        first = codes.letters[value >> _FIRST_SHIFT]
        rest = codes.letters_of(value & ~codes.bit[first] & ((1 << _FIRST_SHIFT) - 1))
        return first + rest

    def _plays(self, value: int) -> tuple[tuple[str, int, int], ...]:
        """The letters a wild-index value says the wild could play, alphabetically, each with
        its digit's weight and base (remembered: a few hundred masks recur in every query)."""
        mask = value & self.codes.all_bits
        plays = self._played.get(mask)
        if plays is None:
            codes = self.codes
            plays = self._played[mask] = tuple(
                (letter, codes.mult[letter], codes.cap[letter] + 1)
                for letter in codes.letters_in(mask))
        return plays

    # ------------------------------------------------------------------ queries

    def find(self, hand: str, wilds: int, min_length: int = 2) -> list[Candidate]:
        """Every word the hand can sell now, best price first, ties in alphabetical order.

        `hand` is the letter tiles held (upper case), `wilds` how many wild tiles; a word uses
        at most one. A word the hand spells without the wild is listed only that way.
        """
        counts = dict(hand_counts(hand, wilds))  # plain: Counter's default for absent is slow
        codes = self.codes
        exact_get, wild_get, exact = self._exact.get, self._wild.get, self._exact
        code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
        pips_shift, wild_pips = codes.pips_shift, self.tiles.wild_pips
        use_wild = wilds > 0
        wild_from = min_length - 1
        plays = self._plays
        # Words by pips (the order of the answer), and the letter the wild plays in each word
        # that needs it: each word is met once, through its own key or through the one key its
        # single missing letter leaves (a word the hand spells in full is never taken with a
        # wild), so a word names its candidate.
        by_pips: dict[int, list[str]] = {}
        wild_of: dict[str, str] = {}
        for composite in self.subsets(counts):
            code = composite & code_mask
            size = composite >> size_shift & size_mask
            line = exact_get(code) if size >= min_length else None
            value = wild_get(code) if use_wild and size >= wild_from else None
            if line is None and value is None:
                continue
            pips = composite >> pips_shift
            if line is not None:
                words = by_pips.get(pips)
                if words is None:
                    by_pips[pips] = line.split(" ")
                else:
                    words += line.split(" ")
            if value is not None:
                pips += wild_pips
                words = by_pips.get(pips)
                if words is None:
                    words = by_pips[pips] = []
                for letter, mult, base in plays(value):
                    held = counts.get(letter)
                    if held and held > code // mult % base:
                        continue  # the hand holds this letter too: listed without the wild
                    line = exact[code + mult]
                    if " " in line:  # anagrams
                        for word in line.split(" "):
                            words.append(word)
                            wild_of[word] = letter
                    else:
                        words.append(line)
                        wild_of[line] = letter
        return _candidates(by_pips, wild_of)

    def makeable(self, counts: Counter[str], min_length: int, wild: bool) -> Iterator[Makeable]:
        """For each sub-multiset of the hand that makes a word, what it makes.

        With `wild`, also the sets one tile short of a word, and which letters the wild
        would play. The planner uses this raw form: it may spend a wild on a letter the
        hand holds, to keep that tile for another word.
        """
        codes = self.codes
        exact_get, wild_get = self._exact.get, self._wild.get
        code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
        for composite in self.subsets(counts):
            code = composite & code_mask
            size = composite >> size_shift & size_mask
            line = exact_get(code) if size >= min_length else None
            value = wild_get(code) if wild and size + 1 >= min_length else None
            if line is not None or value is not None:
                yield Makeable(codes.key_of(code), tuple(line.split(" ")) if line else (),
                               self._wild_text(value) if value is not None else "")

    def wild_letters(self, key: str) -> str:
        """The letters a wild could play beside the tiles `key` (sorted) to spell a word.

        The first is the one whose word was met first in the word list's alphabetical order
        (computer players sell that spelling); the others follow alphabetically.
        """
        code = self.codes.code(key)
        value = None if code is None else self._wild.get(code)
        return "" if value is None else self._wild_text(value)

    def spelled(self, key: str) -> tuple[str, ...]:
        """The words (upper case, alphabetical) that exactly the tiles `key` spell."""
        code = self.codes.code(key)
        line = None if code is None else self._exact.get(code)
        return () if line is None else tuple(line.split(" "))

    def candidate(self, key: str, wild: str | None) -> Candidate:
        """The first word, alphabetically, made of the tiles `key` plus a wild playing `wild`."""
        full = key if wild is None else _insert(key, wild)
        words = self.spelled(full)
        if not words:
            raise KeyError(full)
        return self._candidate(words[0], key, wild)

    def _candidate(self, word: str, key: str, wild: str | None) -> Candidate:
        """A word made of the hand tiles `key` and perhaps a wild, with its pips."""
        pips = self.tiles.pips_of(key)
        return Candidate(word, wild, pips if wild is None else pips + self.tiles.wild_pips)


#: Candidates are made by the hundred per query: setting the frozen dataclass's slots directly
#: takes half the time of its __init__ (which goes through object.__setattr__ per field).
_new_candidate = object.__new__


def _slot_setter(name: str) -> Callable[[Candidate, object], None]:
    """The `__set__` of Candidate's slot `name` (its member descriptor, read from the class's
    own namespace: `Candidate.word` reads the same, but the checker takes it for a field)."""
    setter: Callable[[Candidate, object], None] = vars(Candidate)[name].__set__
    return setter


_set_word, _set_wild, _set_pips = map(_slot_setter, ("word", "wild", "pips"))


def _candidates(by_pips: dict[int, list[str]], wild_of: dict[str, str]) -> list[Candidate]:
    """The candidates of these words (pips -> words, and the wild's letter in each word that
    needs it), most pips first, ties alphabetical."""
    found: list[Candidate] = []
    append, wild_in = found.append, wild_of.get
    for pips in sorted(by_pips, reverse=True):
        words = by_pips[pips]
        words.sort()
        for word in words:
            candidate = _new_candidate(Candidate)
            _set_word(candidate, word)
            _set_wild(candidate, wild_in(word))
            _set_pips(candidate, pips)
            append(candidate)
    return found


def hand_counts(hand: str, wilds: int) -> Counter[str]:
    """The hand's letters counted; MalformedAction for anything but A-Z or negative wilds."""
    if not all(c in ALPHABET for c in hand):
        raise MalformedAction(f"{hand!r}: a hand is letter tiles A-Z, in capitals")
    if wilds < 0:
        raise MalformedAction(f"{wilds!r} wild tiles: the number of wilds cannot be negative")
    return Counter(hand)


#: What an index is made of: its codes, code -> words, code -> wild letters, and its size.
_Tables = tuple[LetterCodes, dict[int, str], dict[int, int], int]


def _build(words: list[str], tiles: TileSet) -> _Tables:
    """Index `words` (upper case, sorted, distinct) for `tiles`."""
    by_key: dict[str, list[str]] = {}
    for word in words:
        by_key.setdefault("".join(sorted(word)), []).append(word)
    caps: dict[str, int] = {}
    for key in by_key:
        for letter in set(key):
            n = key.count(letter)
            if n > caps.get(letter, 0):
                caps[letter] = n
    codes = LetterCodes(caps, tiles.pips)
    mult, bit = codes.mult, codes.bit
    position = {letter: i for i, letter in enumerate(codes.letters)}
    exact: dict[int, str] = {}
    wild: dict[int, int] = {}
    get = wild.get
    # Keys in the order of their alphabetically first word, and each key's letters in order,
    # so that the letter remembered first for a wild key is the same on every build.
    for key, spelled in by_key.items():
        code = sum(mult[letter] for letter in key)
        exact[code] = " ".join(spelled)
        for letter in dict.fromkeys(key):
            short = code - mult[letter]
            value = get(short)
            wild[short] = (bit[letter] | position[letter] << _FIRST_SHIFT if value is None
                           else value | bit[letter])
    return codes, exact, wild, len(words)


def _fingerprint(text: str, tiles: TileSet) -> str:
    """A name for the index of these words (one a line) and tiles: a hash of both and of the
    file format.

    The words are summarised by checksums summed over them, which do not depend on their
    order (a set's order changes from run to run) and take a few milliseconds, where sorting
    them first would take several times longer at every start.
    """
    lines = text.encode("utf-8", "replace").split(b"\n")
    summary = (len(lines), sum(map(zlib.crc32, lines)), sum(map(zlib.adler32, lines)),
               sorted(tiles.pips.items()), tiles.wild_pips)
    digest = hashlib.blake2b(_CACHE_MAGIC + repr(summary).encode(), digest_size=16)
    return digest.hexdigest()


def _write_cache(path: Path, tables: _Tables) -> None:
    """Save the index beside others in `path`'s folder; say nothing if that cannot be done.

    Codes are written as machine integers, which read back in milliseconds; a word list so
    odd that its codes need more than 64 bits is simply not cached.
    """
    codes, exact, wild, size = tables
    if codes.limit >= 1 << 64:
        return
    # Stored in the order of the dictionary slots the codes will land in (an int's hash is
    # itself), so that reading them back fills the table front to back: a little quicker.
    ordered = sorted(wild.items(), key=lambda item: item[0] & 0xFFFFF)
    body = marshal.dumps((
        dict(codes.cap), sys.byteorder,
        array("Q", exact.keys()).tobytes(), "\n".join(exact.values()),
        array("Q", [code for code, _ in ordered]).tobytes(),
        array("Q", [value for _, value in ordered]).tobytes(), size,
    ))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(_CACHE_MAGIC + _checksum(body) + body)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a cache is a convenience: a read-only or full disk only costs the next start


def _read_cache(path: Path, tiles: TileSet) -> _Tables | None:
    """The index saved in `path`, or None if there is none or it cannot be trusted."""
    try:
        data = path.read_bytes()
        start = len(_CACHE_MAGIC) + _CHECKSUM_SIZE
        body = data[start:]
        if data[:start] != _CACHE_MAGIC + _checksum(body):
            return None  # another format, or damaged since it was written
        caps, byteorder, exact_keys, lines, wild_keys, wild_values, size = marshal.loads(body)
        if byteorder != sys.byteorder:
            return None
        codes = LetterCodes(caps, tiles.pips)
        exact_codes, wild_codes, wild_bits = array("Q"), array("Q"), array("Q")
        exact_codes.frombytes(exact_keys)
        wild_codes.frombytes(wild_keys)
        wild_bits.frombytes(wild_values)
        words = lines.split("\n")
        if len(words) != len(exact_codes) or len(wild_codes) != len(wild_bits):
            return None
        return codes, dict(zip(exact_codes, words, strict=True)), dict(
            zip(wild_codes, wild_bits, strict=True)), int(size)
    except (OSError, EOFError, ValueError, TypeError, AttributeError, KeyError):
        return None  # missing, cut short, damaged or from elsewhere: build it again


#: Bytes of the checksum that follows the magic line.
_CHECKSUM_SIZE = 16


def _checksum(body: bytes) -> bytes:
    """A checksum of a cache file's body, so that a damaged file is rebuilt, never misread."""
    return hashlib.blake2b(body, digest_size=_CHECKSUM_SIZE).digest()


def _insert(key: str, letter: str) -> str:
    """Put one more letter into a sorted key, keeping it sorted."""
    i = bisect_right(key, letter)
    return key[:i] + letter + key[i:]


#: The bit position of the wild index's remembered letter (see `WordFinder.wild_codes`).
WILD_FIRST_SHIFT = _FIRST_SHIFT
