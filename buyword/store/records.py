"""The game record and its crossword grid as JSON, by the typed codec (`buyword.store.codec`).

Loaded with the first record read or made: a first start, with none, does not load it.
"""

from __future__ import annotations

import json
import typing
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, UnsetType

from buyword.engine import BuyWordError, RecordError
from buyword.engine.crossword import MAX_COORDINATE, MAX_GRID_TILES, Grid, Square, Tile
from buyword.engine.record import RECORD_FORMAT, GameRecord
from buyword.engine.tiles import ALPHABET, MAX_PIPS
from buyword.store.codec import Plain, convert, matching, parse_json, plain
from buyword.store.rules_codec import RulesForm, rules_form, rules_of

# ------------------------------------------------------------------------- the crossword grid

_Coordinate = Annotated[int, Meta(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
_Letter = Annotated[str, matching(f"^[{ALPHABET}]$", "one capital letter, A to Z")]
_Pips = Annotated[int, Meta(ge=1, le=MAX_PIPS)]


class GridForm(msgspec.Struct, kw_only=True):
    """The crossword grid as written: one [row, col, letter, pips, wild] per tile, in reading
    order, and a picture to read (ignored on reading)."""

    tiles: Annotated[list[tuple[_Coordinate, _Coordinate, _Letter, _Pips, bool]],
                     Meta(max_length=MAX_GRID_TILES)]
    picture: list[str] | UnsetType = UNSET


def grid_from(form: GridForm) -> Grid:
    """The grid a form lists; RecordError if it lists a square twice."""
    tiles: dict[Square, Tile] = {}
    for row, col, letter, pips, wild in form.tiles:
        if (row, col) in tiles:
            raise RecordError(f"the crossword grid lists {row},{col} twice")
        tiles[(row, col)] = Tile(letter, pips, wild)
    return Grid(tiles)


def grid_form(grid: Grid, picture: bool = False) -> GridForm:
    """The grid's form (with its picture, as a record shows it to a reader)."""
    return GridForm(tiles=[(row, col, tile.letter, tile.pips, tile.wild)
                           for (row, col), tile in sorted(grid.tiles.items())],
                    picture=grid.picture().splitlines() if picture else UNSET)


def decode_grid(data: object, what: str = "the crossword grid") -> Grid:
    """A grid from its plain form; RecordError naming what is wrong."""
    return grid_from(convert(data, GridForm, what))


def grid_data(grid: Grid) -> dict[str, Any]:
    """The grid as JSON-ready data (`decode_grid` reads it back)."""
    return typing.cast(dict[str, Any], plain(grid_form(grid)))


# ------------------------------------------------------------------------- the game record


class RecordForm(msgspec.Struct, kw_only=True):
    """A game record as written (format 1). Themes and the grid are written only in the
    games that have them, so an older reader sees exactly the record it knows."""

    format: int
    players: tuple[str, ...]
    seed: int
    leader: int = 0
    # RulesForm is a class made at run time from Rules' fields (`form_of`): no static type.
    rules: RulesForm = msgspec.field(default_factory=RulesForm)  # type: ignore[valid-type]
    bag: str
    actions: tuple[str, ...]
    rulings: dict[str, bool] = {}
    meta: Plain = {}
    themes: tuple[str, ...] | UnsetType = UNSET
    theme_rulings: dict[str, bool] | UnsetType = UNSET
    grid: GridForm | None | UnsetType = UNSET


def record_version(data: object) -> None:
    """RecordError unless `data` is a record of a format this version reads."""
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("this is not a BuyWord game record (no format version)")
    if version > RECORD_FORMAT:
        raise RecordError(
            f"this game was saved by a newer BuyWord (format {version}; this one reads "
            f"up to {RECORD_FORMAT})"
        )


def record_of(form: RecordForm) -> GameRecord:
    """The record a decoded form holds; RecordError or BuyWordError for impossible rules."""
    rules = rules_of(form.rules)
    themes = () if form.themes is UNSET else form.themes
    theme_rulings = {} if form.theme_rulings is UNSET else form.theme_rulings
    grid = None if form.grid is UNSET or form.grid is None else grid_from(form.grid)
    return GameRecord(form.players, form.seed, rules, form.bag, form.actions, form.leader,
                      form.meta, form.rulings, themes, theme_rulings, grid)


def record_from(data: object) -> GameRecord:
    """A record from its plain form (`record_data`); RecordError says what is wrong."""
    record_version(data)
    form = convert(data, RecordForm, "the game record")
    try:
        return record_of(form)
    except RecordError:
        raise
    except BuyWordError as error:  # impossible rules, a damaged tile set
        raise RecordError(f"the game record is malformed: {error}") from None


def decode_record(raw: bytes | str) -> GameRecord:
    """A record from its JSON text; RecordError says what is wrong."""
    try:
        data = parse_json(raw)
    except json.JSONDecodeError as error:
        raise RecordError(f"the game record is not valid JSON ({error.msg})") from None
    except RecursionError:
        raise RecordError("the game record is nested too deeply") from None
    return record_from(data)


def record_form(record: GameRecord) -> RecordForm:
    """The record's form, as written."""
    themed = bool(record.themes)
    return RecordForm(
        format=RECORD_FORMAT, players=record.players, seed=record.seed, leader=record.leader,
        rules=rules_form(record.rules),
        bag=record.bag, actions=record.actions, rulings=record.rulings, meta=record.meta,
        themes=record.themes if themed else UNSET,
        theme_rulings=record.theme_rulings if themed else UNSET,
        grid=UNSET if record.grid is None else grid_form(record.grid, picture=True))


def record_data(record: GameRecord) -> dict[str, Any]:
    """The record as JSON-ready data (`record_from` reads it back)."""
    return typing.cast(dict[str, Any], plain(record_form(record)))


def encode_record(record: GameRecord) -> str:
    """The record as JSON text, one value a line, to be read (`decode_record` reads it)."""
    return json.dumps(record_data(record), indent=1)
