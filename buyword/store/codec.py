"""The one typed codec (msgspec): how files and messages are decoded into typed forms.
JSON (or TOML) is decoded straight into typed forms and then into the engine's frozen
dataclasses; a value of the wrong type or out of bounds is refused by the path of its field
(`the game record's rules.starting_money should be a whole number, not text`), and nothing is
kept of a refused file. The rules' form is in `buyword.store.rules_codec`, the record and the
grid in `buyword.store.records` (loaded with the first record read or made), the save in
`buyword.store.saves`, the settings in `buyword.store.settings`, tile sets in
`buyword.store.tiles`, the table's view and the network's messages in `buyword.table` and
`buyword.net`.

The engine stays standard library only: its dataclasses are decoded here, from outside it. A
form is derived from its dataclass's own fields (`form_of`) where the file or message holds
the dataclass as it is (the rules, a save's setup, the table's view), so a field added to the
dataclass is read and written with no edit; the record and the save keep forms of their own,
because their layout is a versioned file format. docs/development.md says why msgspec
(`benchmarks/bench_codec.py`).
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, UnsetType

from buyword.engine import RecordError
from buyword.engine.rules import MAX_SETTING

#: A count a file keeps beside the game (hints taken, the round): bounded as rule settings are.
Count = Annotated[int, Meta(ge=0, le=MAX_SETTING)]
#: Anything JSON holds, kept as it is (a record's `meta`, a save's `options`).
Plain = dict[str, Any]


def form_of(cls: type, name: str, overrides: dict[str, Any] | None = None, *,
            forbid_unknown_fields: bool = False, written: bool = False,
            exclude: frozenset[str] = frozenset(),
            extra: tuple[tuple[str, Any], ...] = ()) -> type[msgspec.Struct]:
    """A form with one field for each field of dataclass `cls` (but `exclude`), each of the
    dataclass's own type or of its `overrides` (where the form writes it otherwise), and the
    `extra` fields (name, type) first.

    A file's form (`written` False) leaves an absent field UNSET, so a file from an older
    version gets the dataclass's default; a message's (`written`: every field is always
    written) requires the fields the dataclass requires, and takes the others' defaults."""
    hints = typing.get_type_hints(cls)
    overrides = overrides or {}
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = list(extra)
    for f in dataclasses.fields(cls):
        if f.name in exclude:
            continue
        kind = overrides.get(f.name, hints[f.name])
        if not written:
            fields.append((f.name, kind | UnsetType, UNSET))
        elif f.name in overrides or (f.default is dataclasses.MISSING
                                     and f.default_factory is dataclasses.MISSING):
            fields.append((f.name, kind))
        elif f.default is not dataclasses.MISSING:
            fields.append((f.name, kind, f.default))
        else:
            factory = typing.cast(typing.Callable[[], Any], f.default_factory)
            fields.append((f.name, kind, msgspec.field(default_factory=factory)))
    return msgspec.defstruct(name, fields, kw_only=True,
                             forbid_unknown_fields=forbid_unknown_fields)


def values_of(instance: Any, exclude: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A dataclass's (or a decoded form's) fields by name: a form is built from the one,
    the dataclass from the other."""
    names = (instance.__struct_fields__ if isinstance(instance, msgspec.Struct)
             else [f.name for f in dataclasses.fields(instance)])
    return {name: getattr(instance, name) for name in names if name not in exclude}


def plain(form: object) -> Any:
    """A form (or any value) as JSON-ready data: tables as dicts, sequences as lists, to
    be changed or written as they are (`json.dumps`, which escapes any text at all)."""
    return _lists(msgspec.to_builtins(form))


def _lists(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_lists(item) for item in value]
    if isinstance(value, dict):
        return {key: _lists(item) for key, item in value.items()}
    return value


def given(form: msgspec.Struct) -> dict[str, Any]:
    """The fields a decoded form was given (those left UNSET take the dataclass's default)."""
    return {name: value for name in form.__struct_fields__
            if (value := getattr(form, name)) is not UNSET}


# ------------------------------------------------------------------------- refusals

_KINDS = {"int": "a whole number", "str": "text", "bool": "true or false",
          "array": "a list", "object": "a table of names and values", "null": "nothing",
          "float": "a decimal number", "Count": "a whole number"}
_EXPECTED = re.compile(r"Expected `([^`]+)`, got `([^`]+)`")
_BOUND = re.compile(r"Expected `([^`]+)` (>=|<=|>|<) (-?\d+)")
_LENGTH = re.compile(r"Expected `([^`]+)` of length (>=|<=) (\d+)")
_MISSING = re.compile(r"Object missing required field `([^`]+)`")
_UNKNOWN = re.compile(r"Object contains unknown field `([^`]+)`")
_BOUND_WORDS = {">=": "at least", "<=": "at most", ">": "more than", "<": "less than"}
_INVALID = re.compile(r"Invalid (?:enum )?value (.+)")
_PATTERN = re.compile(r"Expected `str` matching regex '(.+)'")
#: What text matching each pattern of a form is, in a player's words (see `matching`).
_PATTERNS: dict[str, str] = {}


def matching(pattern: str, words: str) -> Meta:
    """A constraint on text: it matches `pattern`; a refusal says the field should be
    `words` ("one capital letter, A to Z")."""
    _PATTERNS[pattern] = words
    return Meta(pattern=pattern)


def _kind(name: str) -> str:
    """A JSON or Python type as a player reads it ('int | null' → 'a whole number or nothing')."""
    return " or ".join(_KINDS.get(part.strip(), part.strip()) for part in name.split("|"))


def refusal(error: msgspec.ValidationError, what: str) -> str:
    """The codec's error about `what` ('the game record') in a player's words, naming the
    field: "the game record's seed should be a whole number, not text"."""
    message, at, path = str(error).rpartition(" - at `")
    if not at:
        message, path = str(error), "$`"
    field = path.rstrip("`").removeprefix("$").removeprefix(".")
    subject = f"{what}{chr(39) if what.endswith('s') else chr(39) + 's'} {field}" if field else what
    if found := _MISSING.fullmatch(message):
        return f"{subject} has no {found[1]!r}"
    if found := _UNKNOWN.fullmatch(message):
        return f"{subject} has a field this version does not know ({found[1]!r})"
    if found := _EXPECTED.fullmatch(message):
        return f"{subject} should be {_kind(found[1])}, not {_kind(found[2])}"
    if found := _BOUND.fullmatch(message):
        return f"{subject} should be {_BOUND_WORDS[found[2]]} {int(found[3]):,}"
    if found := _PATTERN.fullmatch(message):
        return f"{subject} should be {_PATTERNS.get(found[1], 'other text')}"
    if found := _INVALID.fullmatch(message):
        return f"{subject} {found[1]} is not one this version knows"
    if found := _LENGTH.fullmatch(message):
        many = "characters" if found[1] == "str" else "entries"
        return f"{subject} should have {_BOUND_WORDS[found[2]]} {int(found[3]):,} {many}"
    return f"{subject} is damaged ({message[:1].lower()}{message[1:]})"


_ANY = msgspec.json.Decoder()


def parse_json(raw: bytes | str) -> object:
    """JSON text as plain data, for a migration to read before the form is applied.

    Raises json.JSONDecodeError or RecursionError for text that is not JSON (or nests
    deeper than Python can follow)."""
    try:
        return _ANY.decode(raw)
    except msgspec.DecodeError:
        # Malformed, or a lone surrogate's escape ("\ud800"), which an older version wrote
        # for a name the file system gave it and msgspec does not take: the standard
        # library reads the latter and says what is wrong with the former.
        return json.loads(raw)


def convert(data: object, form: type[msgspec.Struct], what: str) -> Any:
    """Plain `data` as `form`; RecordError naming the field if a value does not fit."""
    try:
        return msgspec.convert(data, form)
    except msgspec.ValidationError as error:
        raise RecordError(refusal(error, what)) from None
    except RecursionError:
        raise RecordError(f"{what} is nested too deeply") from None
