"""The dictionary a game is played with: loading word lists, `is_word`, and refusals explained."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from importlib import resources
from itertools import islice
from pathlib import Path

from buyword.engine.actions import MAX_WORD
from buyword.engine.dictionary import left_out
from buyword.engine.errors import BuyWordError, IllegalAction, MalformedAction
from buyword.engine.inputs import read_limited, size_words
from buyword.engine.themes import Themes, off_theme
from buyword.engine.tiles import parse_spelling, spell

#: A line of a word list that holds a word: letters A-Z only, surrounding blanks allowed.
_WORD_LINE = re.compile(r"^[ \t]*([A-Za-z]+)[ \t]*$", re.MULTILINE)

#: The default "common words only" threshold: Zipf 3 is about once per million words.
DEFAULT_ZIPF = 3.0

# The largest word list read. The bundled list is 115,435 words (1.1 MB); the biggest
# published English lists (SCOWL size 95, Collins) hold under 700,000. Indexing a list for the
# word finder costs time and memory in proportion to its words (a million random words took
# about 30 s and 750 MB on a 2-core machine), so a bigger file is refused, with the limit in
# the message, rather than left to freeze the game.
#: The largest word-list file, in bytes.
MAX_FILE_BYTES = 20_000_000
#: The most words a word list may hold.
MAX_WORDS = 1_000_000


class LexiconError(BuyWordError):
    """A word list that cannot be read or holds no words."""


class Lexicon:
    """A set of playable words: lower-case a-z, matched case-insensitively."""

    def __init__(self, words: Iterable[str], source: str = "a word list") -> None:
        """Hold these words, lower-cased, leaving out any with characters other than A-Z.

        `source` says where they came from (shown to players, e.g. "the bundled ...").
        """
        self._words = frozenset(w.lower() for w in words if w.isascii() and w.isalpha())
        self.source = source

    @classmethod
    def _checked(cls, words: Iterable[str], source: str) -> Lexicon:
        """A lexicon of words already known to be lower-case a-z (skips the per-word check)."""
        lexicon = cls.__new__(cls)
        lexicon._words = frozenset(words)
        lexicon.source = source
        return lexicon

    @classmethod
    def bundled(cls) -> Lexicon:
        """The game's default dictionary: SCOWL sizes 10-70, English/American/British."""
        try:
            data = resources.files("buyword.data").joinpath("words.txt").read_bytes()
            text = data.decode("ascii")
        except (OSError, UnicodeDecodeError):
            raise LexiconError(
                "the bundled word list (data/words.txt) is missing or damaged: reinstall "
                "BuyWord, or choose your own word-list file as the dictionary"
            ) from None
        return cls._checked(_parse_words(text), "the bundled SCOWL word list")

    @classmethod
    def from_file(cls, path: str | Path) -> Lexicon:
        """Load a word list: UTF-8 text, one word a line; lines with non-letters are skipped.

        Raises LexiconError, naming the file, if it is missing, not a regular file (a folder,
        a named pipe, a device), bigger than MAX_FILE_BYTES, binary, not UTF-8 text, empty,
        holds no word made only of the letters A-Z, more than MAX_WORDS words, or a word
        longer than any sale may name (MAX_WORD letters).
        """
        name = str(path)
        data = read_limited(path, what="word list", limit=MAX_FILE_BYTES, error=LexiconError)
        if b"\0" in data:
            raise LexiconError(f"word list {name!r} looks like a binary file, not text")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise LexiconError(
                f"word list {name!r} is not UTF-8 text (bad byte at offset {error.start})"
            ) from None
        if not text.strip():
            raise LexiconError(f"word list {name!r} is empty")
        words = _parse_words(text, limit=MAX_WORDS + 1)
        if not words:
            raise LexiconError(
                f"word list {name!r} has no words made only of the letters A-Z, one a line"
            )
        if len(words) > MAX_WORDS:
            raise LexiconError(
                f"word list {name!r} has more than {MAX_WORDS:,} words, the most BuyWord reads"
                f" (files up to {size_words(MAX_FILE_BYTES)} and {MAX_WORDS:,} words)"
            )
        longest = max(words, key=len)
        if len(longest) > MAX_WORD:  # no sale could name it: the file is not a word list
            raise LexiconError(
                f"word list {name!r} has a word of {len(longest):,} letters "
                f"({longest[:10].upper()}…); a word has at most {MAX_WORD}"
            )
        return cls._checked(words, name)

    def is_word(self, word: str) -> bool:
        """Whether `word` is in the dictionary, ignoring case (the engine's one question)."""
        return word.isascii() and word.lower() in self._words

    def __contains__(self, word: object) -> bool:
        """`word in lexicon`: the same as `is_word` for strings."""
        return isinstance(word, str) and self.is_word(word)

    def __len__(self) -> int:
        """How many words the dictionary holds."""
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        """The words, lower-case, in no particular order."""
        return iter(self._words)

    def __repr__(self) -> str:
        return f"<Lexicon {self.source} ({len(self):,} words)>"

    def common_only(self, zipf: float = DEFAULT_ZIPF) -> Lexicon:
        """The words whose wordfreq Zipf frequency in English is at least `zipf`.

        wordfreq is imported here and only here: importing it costs about 100 ms and 75 MiB,
        which a game that never asks for common words only should not pay.
        """
        from wordfreq import get_frequency_dict

        # One dictionary read gives the same numbers as zipf_frequency(word, "en") for a-z
        # words (checked in the tests), about 25 times faster than calling it per word.
        frequencies = get_frequency_dict("en")
        common = [w for w in self._words if _zipf(frequencies.get(w, 0.0)) >= zipf]
        return Lexicon._checked(common, f"{self.source}, common words only (Zipf {zipf:g}+)")

    def family(self) -> FamilyLexicon:
        """This dictionary with the family words setting on: the offensive words (the bundled
        list data/family.txt, docs/playing.md) left out, so that no computer sells one and a
        person's is refused with its reason (`FamilyLexicon.leaves_out`)."""
        offensive = family_words()
        family = FamilyLexicon.__new__(FamilyLexicon)
        family._words = self._words - offensive
        family.source = f"{self.source}, family words"
        family._offensive = offensive
        return family

    def explain(self, word: str, hand: str, wilds: int, min_length: int = 2,
                theme: str | None = None, themes: Themes | None = None) -> str | None:
        """Why `word` cannot be sold from this hand, in a player's words; None if it can.

        `word` is in `sell` notation (upper case; one lower-case letter marks the wild),
        `hand` the seller's letter tiles (upper case) and `wilds` how many wild tiles they have.
        The reasons, in the order checked: characters other than letters, too short, letters
        the hand lacks (or a second wild it would need), not in the dictionary, and (with a
        `theme` and the `themes` lists) not fitting the theme, worded as the engine words it.
        """
        try:
            parse_spelling(word)
        except MalformedAction as error:
            return str(error)
        if len(word) < min_length:
            return _too_short(word.upper(), min_length)
        try:
            spelling = spell(word, hand, wilds)
        except IllegalAction as error:
            return str(error)
        family = left_out(self, spelling.word)
        if family is not None:
            return family
        if not self.is_word(spelling.word):
            return f"{spelling.word!r} is not in the dictionary"
        if theme is not None and themes is not None and not themes.fits(
                spelling.word.lower(), theme):
            return off_theme(spelling.word, theme, themes)
        return None


class FamilyLexicon(Lexicon):
    """A dictionary played with the family words setting (`Lexicon.family`): its offensive
    words are not words, and the engine refuses them by name in either selling mode
    (`buyword.engine.dictionary.LeavesOut`)."""

    _offensive: frozenset[str]

    def leaves_out(self, word: str) -> bool:
        """Whether `word` is one of the offensive words the family words setting leaves out
        (whether or not the whole dictionary holds it)."""
        return word.lower() in self._offensive


def family_words() -> frozenset[str]:
    """The offensive words the family words setting leaves out: data/family.txt, built by
    scripts/build_family_words.py (its sources and licence: data/family.LICENSE.txt).
    Raises LexiconError if the file is missing or damaged."""
    if not _FAMILY:
        try:
            text = resources.files("buyword.data").joinpath("family.txt").read_bytes().decode(
                "ascii")
        except (OSError, UnicodeDecodeError):
            raise LexiconError(
                "the family words list (data/family.txt) is missing or damaged: reinstall "
                "BuyWord, or turn Family words off on the new-game form"
            ) from None
        _FAMILY.append(frozenset(_parse_words(text)))
    return _FAMILY[0]


#: The family words, once read (`family_words`).
_FAMILY: list[frozenset[str]] = []


def _too_short(word: str, min_length: int) -> str:
    """'AT' is too short: words need at least 3 letters."""
    letters = "letter" if min_length == 1 else "letters"
    return f"{word!r} is too short: words need at least {min_length} {letters}"


def _parse_words(text: str, limit: int | None = None) -> list[str]:
    """The lower-cased words of a one-word-a-line text, skipping lines with non-letters.

    With a `limit`, at most that many words are read (memory stays bounded for any text).
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.isascii():
        # Lower-casing the whole text at once is only safe for ASCII: some non-ASCII letters
        # (the Kelvin sign) lower-case to a-z and would sneak in.
        if limit is None:
            return _WORD_LINE.findall(text.lower())
        return [m[1] for m in islice(_WORD_LINE.finditer(text.lower()), limit)]
    return [m[1].lower() for m in islice(_WORD_LINE.finditer(text), limit)]


def _zipf(frequency: float) -> float:
    """wordfreq's Zipf value of a frequency, rounded exactly as `zipf_frequency` rounds it."""
    if frequency <= 0.0:
        return 0.0
    # word_frequency keeps three significant digits; freq_to_zipf then keeps two decimals.
    leading_zeroes = math.floor(-math.log(frequency, 10))
    return round(math.log10(round(frequency, leading_zeroes + 3)) + 9, 2)
