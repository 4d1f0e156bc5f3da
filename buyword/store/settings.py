"""The player's settings as TOML: the app's own preferences (colour theme, animations, how fast
computer players move) and the default setup of a new game (a `GameSetup`).

The table session paces computer players by `Settings.step_delay`. The file's format is
versioned (`settings_format`); a file from before the new game's defaults had a table of their
own is read by `migrate`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, replace
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from buyword.store.setup import (
    DICTIONARIES,
    TILE_LIMIT_CHOICES,
    WORD_LENGTHS,
    DictionaryChoice,
    GameSetup,
    Seat,
)

#: How fast computer players move: seconds each step stays on screen, by speed setting.
BOT_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}

#: The settings file's format: 2 keeps the new game's defaults in a [new_game] table.
SETTINGS_FORMAT = 2
#: The table of the file holding the default setup.
NEW_GAME = "new_game"
#: The setup's settings kept between sessions (the rest start afresh with each game).
#: The new-game form's last choice of hints and of the coach is remembered too, and a game
#: started from the command line takes it.
REMEMBERED = ("dictionary", "word_file", "tile_limit", "min_word_length", "challenge",
              "hints", "coach", "family_words")
#: The computer levels a seat may be played at (`buyword.bots.LEVELS`; a test keeps the two in
#: step: the store sits beside the bots, not above them).
Level = Literal["easy", "medium", "hard", "expert", "master"]
#: A table game's seats as the new-game form first offers them: Ann, and Bob a Medium computer.
TABLE_SEATS: tuple[Seat, ...] = (Seat("Ann"), Seat("Bob", "medium"))
#: The setting holding the table form's last seats.
SEATS = "table_seats"
#: Format 1 kept the remembered setup at the top level, challenge under another name.
_FORMAT_1 = {"tile_limit": "tile_limit", "min_word_length": "min_word_length",
             "challenge_mode": "challenge", "dictionary": "dictionary",
             "word_file": "word_file"}


@dataclass(frozen=True)
class Settings:
    """What the player chose in the app; kept between sessions. The defaults are the box's."""

    theme: str = "textual-dark"
    animations: bool = True
    bot_speed: str = "normal"
    #: Whether Master plays a solo game's bag in the background while the person plays, so
    #: the results screen's "Master's game" is there at once (`buyword.analysis.compare`).
    master_ahead: bool = True
    #: The seats of the last table game started from the form: the form offers them again.
    table_seats: tuple[Seat, ...] = TABLE_SEATS
    #: A new game's default setup (its `REMEMBERED` settings are kept in the file).
    new_game: GameSetup = field(default_factory=GameSetup)

    @property
    def step_delay(self) -> float:
        """Seconds a computer player's step stays on screen before the next."""
        return BOT_SPEEDS.get(self.bot_speed, BOT_SPEEDS["normal"])

    def values(self) -> dict[str, object]:
        """Every kept setting by its name in the file ("bot_speed", "new_game.tile_limit")."""
        values: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)
                                     if f.name != NEW_GAME}
        for name in REMEMBERED:
            values[f"{NEW_GAME}.{name}"] = getattr(self.new_game, name)
        return values

    def with_values(self, values: dict[str, object]) -> Settings:
        """These settings with some `values` (named as `values` names them) changed."""
        # Each value is of its setting's type (another Settings' `values()`, or the file as
        # the codec checked it); which setting is known only by its name, hence Any.
        own: dict[str, Any] = {name: value for name, value in values.items() if "." not in name}
        setup: dict[str, Any] = {name.partition(".")[2]: value for name, value in values.items()
                                 if "." in name}
        if "dictionary" in setup:
            setup["dictionary"] = DictionaryChoice(setup["dictionary"])
        return replace(self, **own, new_game=replace(self.new_game, **setup))

    def to_toml(self) -> str:
        """The settings as a small, commented TOML file."""
        lines = ["# BuyWord settings. Delete this file to go back to the defaults.",
                 f"# bot_speed: {', '.join(BOT_SPEEDS)}. dictionary: {', '.join(DICTIONARIES)}.",
                 "# tile_limit: 8, 10 or 0 (no limit). min_word_length: "
                 f"{', '.join(map(str, WORD_LENGTHS))}.", "",
                 f"settings_format = {SETTINGS_FORMAT}"]
        table = False
        for name, value in self.values().items():
            if name.startswith(NEW_GAME + ".") and not table:
                lines += ["", f"[{NEW_GAME}]"]
                table = True
            if name.endswith(".tile_limit") and value is None:
                value = 0
            lines.append(f"{name.rpartition('.')[2]} = {_toml_value(value)}")
        return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, tuple):  # the table's seats: an inline table each
        return "[" + ", ".join(_toml_seat(seat) for seat in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _toml_string(str(value))


def _toml_seat(seat: Seat) -> str:
    level = "" if seat.level is None else f", level = {_toml_string(seat.level)}"
    return f"{{ name = {_toml_string(seat.name)}{level} }}"


def _toml_string(text: str) -> str:
    """A TOML basic string; control characters escaped, unpaired surrogates replaced."""
    out = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\ufffd")  # not encodable in UTF-8: the file must stay writable
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object, limit: int = 40) -> str:
    """A value as shown in a message: its repr, cut short so a message stays one line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ------------------------------------------------------------------ the file's typed form
#
# The file is decoded by the one typed codec (msgspec) into these forms; every key is
# optional (UNSET: the default stays). A value of the wrong type or outside what the form
# offers is refused by the key's name, and the whole file is set aside (`Store`).

#: The speeds a file may name (the keys of `BOT_SPEEDS`; a test keeps the two in step).
BotSpeed = Literal["slow", "normal", "fast", "instant"]
#: Some text: a file name, or a colour theme's name (never empty); no NUL, at most 4096.
_Text = Annotated[str, msgspec.Meta(max_length=4096, pattern="^[^\x00]*$")]
_Name = Annotated[str, msgspec.Meta(min_length=1, max_length=4096, pattern="^[^\x00]*$")]


class _NewGameForm(msgspec.Struct, frozen=True):
    """The [new_game] table: a new game's remembered defaults (`REMEMBERED`)."""

    dictionary: DictionaryChoice | UnsetType = UNSET
    word_file: _Text | UnsetType = UNSET
    #: 0 is no limit; the others are `TILE_LIMIT_CHOICES` (a test keeps them in step).
    tile_limit: Literal[8, 10, 0] | UnsetType = UNSET
    #: `WORD_LENGTHS` (a test keeps them in step).
    min_word_length: Literal[2, 3, 4, 5] | UnsetType = UNSET
    challenge: bool | UnsetType = UNSET
    hints: bool | UnsetType = UNSET
    coach: bool | UnsetType = UNSET
    family_words: bool | UnsetType = UNSET


class _SeatForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat of `table_seats`: a name, and a computer level (none for a person)."""

    name: _Name
    level: Level | None = None


class _SettingsForm(msgspec.Struct, frozen=True):
    """The settings file as its keys and types (unknown keys, from a newer version, pass)."""

    theme: _Name | UnsetType = UNSET
    animations: bool | UnsetType = UNSET
    bot_speed: BotSpeed | UnsetType = UNSET
    master_ahead: bool | UnsetType = UNSET
    table_seats: Annotated[list[_SeatForm], msgspec.Meta(min_length=2, max_length=4)] \
        | UnsetType = UNSET
    new_game: _NewGameForm = _NewGameForm()


def _should(name: str) -> str:
    """What setting `name` (its key in the file) should be, in a player's words."""
    if name in ("animations", "master_ahead", "challenge", "hints", "coach", "family_words"):
        return "should be true or false"
    if name == "bot_speed":
        return f"should be one of {', '.join(BOT_SPEEDS)}"
    if name == "dictionary":
        return f"should be one of {', '.join(DICTIONARIES)}"
    if name == "tile_limit":
        limits = [limit for limit in TILE_LIMIT_CHOICES if limit is not None]
        return f"should be {', '.join(map(str, limits))} or 0 (no limit)"
    if name == "min_word_length":
        return f"should be {_listed(WORD_LENGTHS)}"
    if name == NEW_GAME:
        return "should be a table of settings"
    if name == SEATS:
        return ("should be 2 to 4 seats, each { name = \"Ann\" } or with a computer's level, "
                "{ name = \"Bob\", level = \"medium\" }")
    return "should be some text"


def _listed(values: tuple[object, ...]) -> str:
    """"2, 3, 4 or 5"."""
    shown = [str(v) for v in values]
    return f"{', '.join(shown[:-1])} or {shown[-1]}" if len(shown) > 1 else shown[0]


class SettingsRefused(ValueError):
    """A settings file with a value its key cannot hold; the message names the key."""


def migrate(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A settings file's table in the current format, and what could not be carried over.

    Format 1 (no `settings_format`) kept the new game's defaults at the top level, with
    challenge mode as `challenge_mode`: they move into the [new_game] table.
    """
    version = data.get("settings_format", 1)
    if not _whole(version) or version < 1:
        return data, [f"The setting settings_format = {_short(version)} is not a format "
                      "number; reading the file as the current format."]
    if version > SETTINGS_FORMAT:
        return data, [f"The settings were saved by a newer BuyWord (format {version}); "
                      "reading what this version knows."]
    if version == 1:
        data = dict(data)
        table = data.setdefault(NEW_GAME, {})
        if isinstance(table, dict):
            for old, new in _FORMAT_1.items():
                if old in data:
                    table.setdefault(new, data.pop(old))
    return data, []


def parse_settings(text: str) -> tuple[Settings, list[str]]:
    """Settings from TOML text, and a message for what could not be carried over.

    Raises tomllib.TOMLDecodeError if the text is not TOML at all, and SettingsRefused,
    naming the key, if a value is not one its setting can hold.
    """
    data, problems = migrate(tomllib.loads(text))
    try:
        form = msgspec.convert(data, _SettingsForm)
    except msgspec.ValidationError as error:
        raise SettingsRefused(_refusal(data, error)) from None
    values = {name: value for name, value in msgspec.structs.asdict(form).items()
              if name != NEW_GAME and value is not UNSET}
    if SEATS in values:
        values[SEATS] = tuple(Seat(seat.name, seat.level) for seat in form.table_seats or ())
    for name, value in msgspec.structs.asdict(form.new_game).items():
        if value is not UNSET:
            values[f"{NEW_GAME}.{name}"] = None if name == "tile_limit" and value == 0 else value
    return Settings().with_values(values), problems


def _refusal(data: dict[str, object], error: msgspec.ValidationError) -> str:
    """'the setting bot_speed = [1, 2] should be one of slow, ...': the key the codec
    refused (named in its error as `$.new_game.tile_limit`), the value the file holds, and
    what it should be."""
    message, at, where = str(error).rpartition(" - at `$.")
    path = where.rstrip("`").split(".") if at else [NEW_GAME]  # the one nested table
    # The setting, not a part of its value: `$.table_seats[0].level` is table_seats.
    path = [part.partition("[")[0] for part in path]
    path = path[:2] if path[0] == NEW_GAME else path[:1]
    value: object = data
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return f"the setting {path[-1]} = {_short(value)} {_should(path[-1])}"
