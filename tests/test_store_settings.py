"""Settings as TOML: round trips; bad files and values fall back to defaults with a message."""

from __future__ import annotations

import json
import tomllib
import typing
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from buyword.engine import Rules
from buyword.store import BOT_SPEEDS, Settings, Store
from buyword.store.settings import SettingsRefused, parse_settings
from buyword.store.setup import (
    DICTIONARIES,
    TILE_LIMIT_CHOICES,
    WORD_LENGTHS,
    DictionaryChoice,
    GameSetup,
    Seat,
)


def test_defaults_without_a_file(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.load_settings() == Settings() and store.take_messages() == []
    assert Settings().new_game.rules() == Rules()


def test_settings_round_trip_through_the_file(tmp_path: Path) -> None:
    chosen = Settings(theme="gruvbox", animations=False, bot_speed="instant",
                      new_game=GameSetup(seats=(Seat("Ann"), Seat("Bob")), tile_limit=None,
                                         min_word_length=3, challenge=True,
                                         dictionary=DictionaryChoice.FILE,
                                         word_file="/usr/share/dict/words"))
    assert Store(tmp_path).save_settings(chosen)
    loaded = Store(tmp_path).load_settings()
    assert loaded.values() == chosen.values()
    assert replace(loaded.new_game, seats=chosen.new_game.seats).rules() == Rules(
        tile_limit=None, min_word_length=3, challenge_mode=True)
    text = (tmp_path / "settings.toml").read_text()
    assert 'bot_speed = "instant"' in text and "tile_limit = 0" in text
    assert "settings_format = 2" in text and "[new_game]" in text


@pytest.mark.parametrize("content", ["theme = ", "[[[", b"\xff\xfe\x00bad"])
def test_an_unreadable_file_gives_defaults_a_message_and_is_kept(
        tmp_path: Path, content: str | bytes) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    [message] = store.take_messages()
    assert message.startswith("Your settings could not be read (")
    assert "using the defaults" in message and "settings.toml.bad-" in message
    assert not path.exists() and len(list(tmp_path.glob("settings.toml.bad-*"))) == 1


@pytest.mark.parametrize(("line", "refusal"), [
    ('bot_speed = "warp"', "bot_speed = 'warp' should be one of slow, normal, fast, instant"),
    ("bot_speed = [1,2]", "bot_speed = [1, 2] should be one of slow, normal, fast, instant"),
    ("bot_speed = {a = 1}", "bot_speed = {'a': 1} should be one of slow, normal, fast, instant"),
    ("bot_speed = []", "bot_speed = [] should be one of slow, normal, fast, instant"),
    ('animations = "yes"', "animations = 'yes' should be true or false"),
    ("tile_limit = 9", "tile_limit = 9 should be 8, 10 or 0 (no limit)"),
    ('[new_game]\ndictionary = "klingon"',
     "dictionary = 'klingon' should be one of bundled, common, file"),
    ("[new_game]\nmin_word_length = 15", "min_word_length = 15 should be 2, 3, 4 or 5"),
    ("[new_game]\nword_file = 1979-05-27", "word_file = datetime.date(1979, 5, 27) should be "
     "some text"),
    ("new_game = 3", "new_game = 3 should be a table of settings"),
])
def test_a_value_its_setting_cannot_hold_sets_the_file_aside_and_names_the_key(
        tmp_path: Path, line: str, refusal: str) -> None:
    """A wrong value (of any TOML type) once crashed every launch: now the file is set aside,
    one line names the key, and the app starts with the defaults."""
    path = tmp_path / "settings.toml"
    path.write_text(f'theme = "nord"\nfuture = 1\n{line}\n')
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    [message] = store.take_messages()
    assert message.startswith(f"Your settings could not be read (the setting {refusal}); "
                              "using the defaults. It was kept as ")
    assert "\n" not in message and not path.exists()
    assert len(list(tmp_path.glob("settings.toml.bad-*"))) == 1


def test_the_files_choices_are_the_forms(tmp_path: Path) -> None:
    """The typed form of the file offers what the app offers: every speed, tile limit and
    shortest word the new-game form shows is read back, and nothing else."""
    for speed in BOT_SPEEDS:
        assert parse_settings(f'bot_speed = "{speed}"\n')[0].bot_speed == speed
    for limit in TILE_LIMIT_CHOICES:
        text = f"[new_game]\ntile_limit = {limit or 0}\n"
        assert parse_settings(text)[0].new_game.tile_limit == limit
    for length in range(0, 20):
        text = f"[new_game]\nmin_word_length = {length}\n"
        if length in WORD_LENGTHS:
            assert parse_settings(text)[0].new_game.min_word_length == length
        else:
            with pytest.raises(SettingsRefused, match="min_word_length"):
                parse_settings(text)


def test_a_settings_file_of_the_first_format_is_migrated(tmp_path: Path) -> None:
    # Format 1 (no settings_format) kept the new game's defaults at the top level.
    (tmp_path / "settings.toml").write_text(
        'theme = "nord"\nbot_speed = "fast"\ndictionary = "common"\nword_file = ""\n'
        "tile_limit = 0\nmin_word_length = 3\nchallenge_mode = true\n")
    store = Store(tmp_path)
    settings = store.load_settings()
    assert store.take_messages() == []
    assert (settings.theme, settings.bot_speed) == ("nord", "fast")
    game = settings.new_game
    assert (game.dictionary, game.tile_limit, game.min_word_length, game.challenge) == (
        DictionaryChoice.COMMON, None, 3, True)
    assert store.save_settings(replace(settings, animations=False))
    text = (tmp_path / "settings.toml").read_text()
    assert "challenge_mode" not in text and "[new_game]\n" in text
    assert Store(tmp_path).load_settings() == replace(settings, animations=False)


def test_settings_of_a_newer_format_are_read_as_far_as_they_go(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text(
        'settings_format = 9\ntheme = "nord"\n[new_game]\nmin_word_length = 4\n')
    store = Store(tmp_path)
    settings = store.load_settings()
    assert settings.theme == "nord" and settings.new_game.min_word_length == 4
    assert store.take_messages() == [
        "The settings were saved by a newer BuyWord (format 9); reading what this version "
        "knows."]


def test_settings_on_a_broken_config_folder_stay_in_memory(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    store = Store(tmp_path / "file" / "sub")
    assert not store.save_settings(Settings(theme="nord"))
    assert store.load_settings() == Settings(theme="nord")
    assert store.warning is not None


text_values = st.text(max_size=300) | st.text(
    alphabet=st.characters(codec=None), min_size=3000, max_size=5000)


@pytest.mark.slow  # a big hypothesis run
@hypothesis_settings(max_examples=60, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(theme=text_values, word_file=text_values, speed=st.sampled_from(tuple(BOT_SPEEDS)))
def test_any_text_setting_survives_the_file(tmp_path: Path, theme: str, word_file: str,
                                            speed: str) -> None:
    chosen = Settings(theme=theme, bot_speed=speed, new_game=GameSetup(word_file=word_file))
    text = chosen.to_toml()
    parsed = tomllib.loads(text)  # always valid TOML, whatever the text
    assert "theme" in parsed and "word_file" in parsed["new_game"]
    refused = ["theme"] if "\0" in theme or not theme or len(theme) > 4096 else []
    refused += ["word_file"] if "\0" in word_file or len(word_file) > 4096 else []
    if refused:  # such text is refused by name, and the file set aside (tested above)
        with pytest.raises(SettingsRefused, match=f"the setting ({'|'.join(refused)}) = "):
            parse_settings(text)
        return
    loaded, problems = parse_settings(text)
    surrogates = any(0xD800 <= ord(c) <= 0xDFFF for c in theme)
    assert loaded.theme == theme or surrogates  # unpaired surrogates become U+FFFD
    assert all(len(p) < 200 for p in problems)


@hypothesis_settings(max_examples=200, deadline=None)
@given(st.text(max_size=500))
def test_any_settings_text_gives_settings_or_a_clean_refusal(text: str) -> None:
    try:
        settings, problems = parse_settings(text)
    except (tomllib.TOMLDecodeError, SettingsRefused):
        return
    assert isinstance(settings, Settings) and all(isinstance(p, str) for p in problems)


def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Some editors start a UTF-8 file with a BOM: the settings are read, not reset."""
    chosen = Settings(theme="gruvbox", bot_speed="instant")
    assert Store(tmp_path).save_settings(chosen)
    path = tmp_path / "settings.toml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    store = Store(tmp_path)
    assert store.load_settings().values() == chosen.values()
    assert store.take_messages() == [] and path.exists()


def test_a_tile_set_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    from buyword.store.setup import load_tiles

    bundled = Path(__file__).parent.parent / "data" / "tiles.toml"
    path = tmp_path / "tiles.toml"
    path.write_bytes(b"\xef\xbb\xbf" + bundled.read_bytes())
    tiles = load_tiles(str(path))
    assert tiles is not None and tiles == load_tiles(str(bundled))


# ------------------------------------------------------------- every key, every TOML type


def toml_value(value: object) -> str:
    """`value` written as a TOML value (inline arrays and tables included)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):  # TOML takes no escaped surrogates, nor a bare DEL
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}"
                               for k, v in value.items()) + "}"
    return value.isoformat()  # type: ignore[attr-defined]  # a date, time or datetime


scalars = (st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.sampled_from((0, 2, 3, 5, 8, 10))
           | st.floats(allow_nan=False) | st.text(st.characters(codec="utf-8"), max_size=20)
           | st.sampled_from((*BOT_SPEEDS, *DICTIONARIES, "", "nord"))
           | st.dates() | st.datetimes() | st.times())
toml_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text("abc", min_size=1, max_size=3), inner,
                                             max_size=3), max_leaves=6)
#: Every key of the file, as it is written: top-level settings and the [new_game] table.
KEYS = tuple(name.rpartition(".")[2] if name.startswith("new_game.") else name
             for name in Settings().values())


@pytest.mark.slow  # a big hypothesis run over every field
@hypothesis_settings(max_examples=300, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(tuple(Settings().values())), value=toml_values)
def test_every_key_with_every_toml_type_is_read_or_refused_by_name(
        tmp_path: Path, key: str, value: object) -> None:
    """Whatever value any key holds: the setting is read as written, or the file is set
    aside with one line naming the key, and the app starts with the defaults."""
    table, _, name = key.rpartition(".")
    text = f"settings_format = 2\n{f'[{table}]' if table else ''}\n{name} = {toml_value(value)}\n"
    for old in tmp_path.iterdir():
        old.unlink()
    (tmp_path / "settings.toml").write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    settings = store.load_settings()
    messages = store.take_messages()
    if messages:
        [message] = messages
        assert message.startswith(f"Your settings could not be read (the setting {name} = ")
        assert "\n" not in message and settings == Settings()
        assert not (tmp_path / "settings.toml").exists()
        return
    read = settings.values()[key]
    expected = None if name == "tile_limit" and value == 0 else value
    assert read == expected  # and of the type written (1 is no true, nor 8.0 an 8):
    assert type(str(read) if isinstance(read, DictionaryChoice) else read) is type(expected)


def test_the_table_seats_are_kept_and_a_bad_seat_is_refused_by_the_settings_name() -> None:
    from buyword.bots import LEVELS
    from buyword.store.settings import Level, SettingsRefused, parse_settings
    from buyword.store.setup import Seat

    assert typing.get_args(Level) == LEVELS  # the store's list keeps in step with the bots'
    seats = (Seat("Zoe"), Seat("Bob", "hard"), Seat('Al "the" Bot', "master"))
    kept = Settings(table_seats=seats)
    assert parse_settings(kept.to_toml())[0] == kept
    for bad in ('[{ name = "Ann" }]', '[{ name = "Ann" }, { name = "Bob", level = "genius" }]',
                '[{ name = "" }, { name = "Bob" }]', '"Ann, Bob"'):
        with pytest.raises(SettingsRefused, match="^the setting table_seats = "):
            parse_settings(f"table_seats = {bad}\n")
