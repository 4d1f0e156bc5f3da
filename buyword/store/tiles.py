"""Tile-set files (`--tiles FILE`, the new-game form's tile set, a record's and a save's tile
set): read and written by the one typed codec (msgspec), checked against the bounds of any
tile set (`buyword.engine.tiles`: MAX_TILES, MAX_PIPS, MAX_WILDS, MAX_NAME).

The layout is data/tiles.toml's: a `name`, a [wild] table (`tiles`, `pips`; 9 wilds of 1 pip
if there is none) and a [letters] table with `tiles` and `pips` for each letter; a record or a
save keeps a tile set in the same layout, as JSON. The engine reads only its own bundled set
(`buyword.engine.tiles.default_tiles`), which is the game's data, not a player's file: it
stays standard library only, and a test reads the bundled file through this reader too.
"""

from __future__ import annotations

import functools
import os
import re
import tomllib
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, UnsetType

from buyword.engine import TileSet, TileSetError, default_tiles
from buyword.engine.errors import quoted
from buyword.engine.inputs import read_limited, utf8_text
from buyword.engine.tiles import ALPHABET, MAX_NAME, MAX_PIPS, MAX_TILES, MAX_WILDS
from buyword.store.codec import given, plain, refusal

#: msgspec's words for a key of [letters] that is not a letter.
_NOT_A_LETTER = re.compile(r"Object contains unknown field `(.*)` - at `\$\.letters`", re.S)

#: The largest tile-set file read (the bundled one is under 2 KB).
MAX_FILE_BYTES = 64_000

_Pips = Annotated[int, Meta(ge=1, le=MAX_PIPS)]


class _LetterForm(msgspec.Struct, frozen=True):
    """A letter's tiles: how many, and the pips each shows."""

    tiles: Annotated[int, Meta(ge=0, le=MAX_TILES)]
    pips: _Pips


class _WildForm(msgspec.Struct, frozen=True):
    """The [wild] table: how many wild tiles, and the pips each shows."""

    tiles: Annotated[int, Meta(ge=0, le=MAX_WILDS)]
    pips: _Pips


#: The [letters] table: a field for each letter A to Z (a key that is not one is refused, so
#: a refusal names the letter: `letters.Q.pips`).
_LettersForm = msgspec.defstruct("_LettersForm", [(letter, _LetterForm | UnsetType, UNSET)
                                                  for letter in ALPHABET],
                                 frozen=True, forbid_unknown_fields=True)


class TileSetForm(msgspec.Struct, frozen=True, kw_only=True):
    """A tile set as its file holds it (a key this version does not know is passed)."""

    name: Annotated[str, Meta(max_length=MAX_NAME)] = "custom"
    wild: _WildForm = _WildForm(tiles=9, pips=1)
    letters: _LettersForm  # type: ignore[valid-type]  # made by defstruct, above


def tiles_from(data: object, source: str) -> TileSet:
    """The tile set in plain `data` (a file's TOML, or a record's JSON); TileSetError naming
    `source` and the field if it is not one."""
    if data == _bundled_layout():  # nearly every record and save holds the bundled set
        return default_tiles()
    try:
        form = msgspec.convert(data, TileSetForm)
    except msgspec.ValidationError as error:
        if found := _NOT_A_LETTER.fullmatch(str(error)):
            raise TileSetError(f"{source}: {quoted(found[1])} is not a letter A-Z") from None
        raise TileSetError(f"{source}: {refusal(error, 'the set')}") from None
    letters = {letter: entry for letter, entry in given(form.letters).items()}
    total = sum(entry.tiles for entry in letters.values())
    if total == 0:
        raise TileSetError(f"{source}: the set has no letter tiles")
    if total > MAX_TILES:
        raise TileSetError(f"{source}: the set has {total:,} letter tiles; a set holds at most "
                           f"{MAX_TILES:,}")
    return TileSet({letter: entry.tiles for letter, entry in letters.items()},
                   {letter: entry.pips for letter, entry in letters.items()},
                   form.wild.tiles, form.wild.pips, form.name)


def tiles_data(tiles: TileSet) -> dict[str, Any]:
    """A tile set as JSON-ready data in its file's layout, letters in order (`tiles_from`
    reads it back)."""
    letters = _LettersForm(**{letter: _LetterForm(tiles=tiles.counts[letter],
                                                  pips=tiles.pips[letter])
                              for letter in tiles.counts})
    form = TileSetForm(name=tiles.name, wild=_WildForm(tiles=tiles.wilds, pips=tiles.wild_pips),
                       letters=letters)
    data: dict[str, Any] = plain(form)  # a letter the set has not is left out (UNSET)
    return data


def read_tiles(path: str | os.PathLike[str]) -> TileSet:
    """The tile set in a TOML file; TileSetError, in a player's words, for any file that
    cannot be used (not a regular file, too big, not UTF-8 TOML, or not a tile set)."""
    source = f"tile set {str(path)!r}"
    raw = read_limited(path, what="tile set", limit=MAX_FILE_BYTES, error=TileSetError)
    try:
        data = tomllib.loads(utf8_text(raw))
    except UnicodeDecodeError:
        raise TileSetError(f"{source} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise TileSetError(f"{source} is not a valid TOML tile set: {error}") from None
    except RecursionError:
        # Only a file nested thousands of levels deep gets here; no tile set is.
        raise TileSetError(f"{source} is nested too deeply to be a tile set") from None
    return tiles_from(data, source)


@functools.cache
def _bundled_layout() -> dict[str, Any]:
    return tiles_data(default_tiles())
