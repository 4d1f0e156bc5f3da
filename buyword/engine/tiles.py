"""The tile set (letters, pips, wilds), prices, and how a word is made from a hand."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from buyword.engine.errors import IllegalAction, MalformedAction, TileSetError, quoted

#: The letters a tile can show; words are matched on these only.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# The bounds of any tile set, checked where tile sets are read (`buyword.store.tiles`), so a
# tile-set file, the new-game form and an old save all meet the same limits. They are far
# beyond any playable set (the box holds 108 tiles of 1-4 pips and 9 wilds) and keep a
# hostile file from filling memory with a billion-tile bag.
#: The most letter tiles a set may hold, all letters together.
MAX_TILES = 1_000
#: The most pips a tile (letter or wild) may show.
MAX_PIPS = 10
#: The most wild tiles a set may hold.
MAX_WILDS = 100
#: The longest tile-set name.
MAX_NAME = 40


def price(pips: int) -> int:
    """What a set of tiles costs, or a word pays: (total pips) squared."""
    return pips * pips


@dataclass(frozen=True)
class TileSet:
    """How many tiles of each letter there are, how many pips each shows, and the wilds."""

    counts: dict[str, int]
    pips: dict[str, int]
    wilds: int = 9
    wild_pips: int = 1
    name: str = "custom"

    @property
    def letter_total(self) -> int:
        """How many letter tiles the set holds (108 in the default set)."""
        return sum(self.counts.values())

    def pips_of(self, letters: str) -> int:
        """Total pips of these letter tiles (upper-case letters)."""
        return sum(self.pips[letter] for letter in letters)

    def sale_pips(self, spelling: Spelling) -> int:
        """Pips of a word as sold: its letter tiles plus the wild's pip if it uses one."""
        return self.pips_of(spelling.letters) + (self.wild_pips if spelling.wild else 0)

    def price_of(self, letters: str) -> int:
        """The price of these letter tiles: their pips, squared."""
        return price(self.pips_of(letters))

    def bag(self) -> str:
        """Every letter tile once, in alphabetical order (shuffle it to fill the bag)."""
        return "".join(letter * self.counts[letter] for letter in sorted(self.counts))

    def check_table(self, players: int, wilds_each: int) -> None:
        """TileSetError unless the set holds `wilds_each` wild tiles for each of `players`."""
        need = players * wilds_each
        if self.wilds < need:
            table = "a solo game needs" if players == 1 else f"{players} players need"
            each = "" if players == 1 else f" ({wilds_each} each)"
            raise TileSetError(
                f"the tile set {quoted(self.name)} has {self.wilds} wild tiles; "
                f"{table} {need}{each}"
            )


def bundled_bytes(name: str) -> bytes:
    """The bytes of the bundled data file `name` (in the package buyword.data).

    Read straight from the package's folder when it is one (any ordinary install), else
    through importlib.resources (an install in a zip file): loading importlib.resources, and
    the zipfile module with it, took about 2 ms of the start-up, which needs the tile set for
    the title's tiles.
    """
    import buyword.data

    folder = getattr(buyword.data, "__file__", None)
    if folder is not None:
        try:
            return Path(folder).with_name(name).read_bytes()
        except OSError:  # not a folder on the disk: let importlib.resources find it
            pass
    from importlib import resources

    return resources.files("buyword.data").joinpath(name).read_bytes()


_DEFAULT: TileSet | None = None


def default_tiles() -> TileSet:
    """The bundled tile set of docs/rules.md, "The tile set" (loaded once).

    The bundled file is the game's own data, read as it is: a player's tile-set file is read
    and checked by `buyword.store.tiles` (the typed codec, above the engine), and a test reads
    the bundled file through that reader too."""
    global _DEFAULT
    if _DEFAULT is None:
        data = tomllib.loads(bundled_bytes("tiles.toml").decode("utf-8"))
        letters, wild = data["letters"], data["wild"]
        _DEFAULT = TileSet({letter: entry["tiles"] for letter, entry in letters.items()},
                           {letter: entry["pips"] for letter, entry in letters.items()},
                           wild["tiles"], wild["pips"], data["name"])
    return _DEFAULT


@dataclass(frozen=True)
class Spelling:
    """A word as it would be sold: which hand tiles it takes and what the wild plays."""

    word: str  # upper case, the letters as read
    letters: str  # the hand's letter tiles it uses, upper case, in word order
    wild: str | None = None  # the letter the wild plays, or None
    wild_index: int | None = field(default=None, compare=False)

    @property
    def notation(self) -> str:
        """The `sell` notation: the wild's letter in lower case (`QUiZ`)."""
        if self.wild_index is None:
            return self.word
        i = self.wild_index
        return self.word[:i] + self.word[i].lower() + self.word[i + 1 :]


def parse_spelling(text: str) -> Spelling:
    """Read `sell` notation (A-Z, at most one lower-case letter for the wild)."""
    if not text:
        raise MalformedAction("a word to sell is needed, e.g. 'sell QUIZ'")
    if not all(c.isascii() and c.isalpha() for c in text):
        raise MalformedAction(f"{quoted(text)} has characters other than the letters A-Z")
    lower = [i for i, c in enumerate(text) if c.islower()]
    if len(lower) > 1:
        raise MalformedAction(
            f"{quoted(text)} marks {len(lower)} letters as wild; a word may use only one wild"
        )
    word = text.upper()
    if not lower:
        return Spelling(word, word)
    i = lower[0]
    return Spelling(word, word[:i] + word[i + 1 :], word[i], i)


def missing_letters(letters: str, hand: str) -> str:
    """The letters (with repeats) that `letters` needs beyond what `hand` holds."""
    short = Counter(letters) - Counter(hand)
    return "".join(sorted(short.elements()))


def check_spelling(spelling: Spelling, hand: str, wilds: int) -> None:
    """Raise IllegalAction, in a player's words, unless the hand and wilds can make it."""
    missing = missing_letters(spelling.letters, hand)
    if missing:
        raise IllegalAction(f"{spelling.word!r} needs {_letters_phrase(missing)} you don't hold")
    if spelling.wild is not None and wilds < 1:
        raise IllegalAction(f"{spelling.word!r} needs a wild tile and you have none left")


def _letters_phrase(missing: str) -> str:
    """'a Z', 'two Es', 'a Q and a Z' — how a player says which tiles are missing."""
    counts = Counter(missing)
    names = {1: "a", 2: "two", 3: "three"}
    parts = []
    for letter in sorted(counts):
        n = counts[letter]
        article = "an" if n == 1 and letter in "AEFHILMNORSX" else names.get(n, str(n))
        parts.append(f"{article} {letter}{'s' if n > 1 else ''}")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def spell(word: str, hand: str, wilds: int) -> Spelling:
    """Choose how to make a typed word from the hand: the wild covers a missing letter.

    A lower-case letter in `word` forces the wild onto that letter (the notation). With no
    lower-case letter, the hand's own tiles are used where it has them and the wild covers the
    one letter it lacks. Raises IllegalAction in a player's words when it cannot be made:
    e.g. two missing letters would need a second wild, which a word may not use.
    """
    spelling = parse_spelling(word)
    if spelling.wild is not None:
        check_spelling(spelling, hand, wilds)
        return spelling
    missing = missing_letters(spelling.word, hand)
    if not missing:
        return spelling
    if len(missing) == 1 and wilds >= 1:
        i = spelling.word.rindex(missing)
        return Spelling(spelling.word, spelling.word[:i] + spelling.word[i + 1 :], missing, i)
    if len(missing) == 1:
        raise IllegalAction(
            f"{spelling.word!r} needs {_letters_phrase(missing)} you don't hold, "
            "and you have no wild tile left"
        )
    raise IllegalAction(
        f"{spelling.word!r} needs {_letters_phrase(missing)} you don't hold; "
        "a word may use only one wild tile"
    )
