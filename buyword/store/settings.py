"""The player's settings (theme, animations, bot speed, dictionary, default rules) as TOML.

The one settings model of the game: the app reads and changes these, and the table session
paces computer players by `Settings.step_delay`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields, replace
from enum import StrEnum

from buyword.engine import TILE_LIMITS, Rules

#: How fast computer players move: seconds each step stays on screen, by speed setting.
BOT_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}


class DictionaryChoice(StrEnum):
    """Which word list decides what may be sold."""

    BUNDLED = "bundled"
    COMMON = "common"
    FILE = "file"


#: The `dictionary` setting that means the word list shipped with the game.
BUNDLED = DictionaryChoice.BUNDLED.value
#: Dictionary choices: the bundled list, its common words only, or a word-list file.
DICTIONARIES: tuple[str, ...] = tuple(choice.value for choice in DictionaryChoice)


@dataclass(frozen=True)
class Settings:
    """What the player chose in the app; kept between sessions. The defaults are the box's."""

    theme: str = "textual-dark"
    animations: bool = True
    bot_speed: str = "normal"
    #: One of DICTIONARIES; "file" reads `word_file` (one word a line).
    dictionary: str = BUNDLED
    word_file: str = ""
    # The default rules for a new game (the other rule settings stay as printed).
    tile_limit: int | None = 8
    min_word_length: int = 2
    challenge_mode: bool = False
    #: Whether a new game offers hints (F2): the new-game form's last choice, which a game
    #: started from the command line takes too.
    hints: bool = False

    @property
    def step_delay(self) -> float:
        """Seconds a computer player's step stays on screen before the next."""
        return BOT_SPEEDS.get(self.bot_speed, BOT_SPEEDS["normal"])

    def rules(self) -> Rules:
        """The default rules these settings describe."""
        return Rules(tile_limit=self.tile_limit, min_word_length=self.min_word_length,
                     challenge_mode=self.challenge_mode)

    def with_rules(self, rules: Rules) -> Settings:
        """These settings with `rules` as the default rules."""
        return replace(self, tile_limit=rules.tile_limit,
                       min_word_length=rules.min_word_length,
                       challenge_mode=rules.challenge_mode)

    def to_toml(self) -> str:
        """The settings as a small, commented TOML file."""
        lines = ["# BuyWord settings. Delete this file to go back to the defaults.",
                 f"# bot_speed: {', '.join(BOT_SPEEDS)}. dictionary: {', '.join(DICTIONARIES)}.",
                 "# tile_limit: 8, 10 or 0 (no limit).", ""]
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "tile_limit" and value is None:
                value = 0
            lines.append(f"{f.name} = {_toml_value(value)}")
        return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _toml_string(str(value))


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


def _check(name: str, value: object) -> str | None:
    """None if `value` is acceptable for setting `name`, else what is wrong with it."""
    if name in ("animations", "challenge_mode", "hints"):
        return None if isinstance(value, bool) else "should be true or false"
    if name == "bot_speed":
        return None if value in BOT_SPEEDS else f"should be one of {', '.join(BOT_SPEEDS)}"
    if name == "dictionary":
        return None if value in DICTIONARIES else f"should be one of {', '.join(DICTIONARIES)}"
    if name == "tile_limit":
        ok = isinstance(value, int) and not isinstance(value, bool) and (
            value == 0 or value in TILE_LIMITS)
        return None if ok else "should be 8, 10 or 0 (no limit)"
    if name == "min_word_length":
        ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 15
        return None if ok else "should be a whole number from 1 to 15"
    ok = isinstance(value, str) and len(value) <= 4096 and "\0" not in value
    if name == "theme":
        ok = ok and bool(value)
    return None if ok else "should be some text"


def _short(value: object, limit: int = 40) -> str:
    """A value as shown in a message: its repr, cut short so a message stays one line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_settings(text: str) -> tuple[Settings, list[str]]:
    """Settings from TOML text, and a message for each value that was replaced by its default.

    Raises tomllib.TOMLDecodeError if the text is not TOML at all.
    """
    data = tomllib.loads(text)
    values: dict[str, object] = {}
    problems = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        problem = _check(f.name, value)
        if problem:
            default = getattr(Settings(), f.name)
            problems.append(
                f"The setting {f.name} = {_short(value)} {problem}; using {default!r}."
            )
            continue
        values[f.name] = None if f.name == "tile_limit" and value == 0 else value
    return Settings(**values), problems  # type: ignore[arg-type]
