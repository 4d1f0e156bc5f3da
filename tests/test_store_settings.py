"""Settings as TOML: round trips; bad files and values fall back to defaults with a message."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from buyword.engine import Rules
from buyword.store import BOT_SPEEDS, Settings, Store
from buyword.store.settings import parse_settings
from buyword.store.setup import DictionaryChoice, GameSetup, Seat


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


def test_one_bad_value_falls_back_alone(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text(
        'theme = "nord"\nbot_speed = "warp"\ntile_limit = 9\nanimations = "yes"\nfuture = 1\n'
        'dictionary = "klingon"\n')
    store = Store(tmp_path)
    assert store.load_settings() == Settings(theme="nord")
    messages = store.take_messages()
    assert messages == [
        "The setting animations = 'yes' should be true or false; using True.",
        "The setting bot_speed = 'warp' should be one of slow, normal, fast, instant; "
        "using 'normal'.",
        "The setting dictionary = 'klingon' should be one of bundled, common, file; "
        "using 'bundled'.",
        "The setting tile_limit = 9 should be 8, 10 or 0 (no limit); using 8.",
    ]


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


def test_a_shortest_word_the_form_cannot_offer_is_refused_with_a_message(
        tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text("min_word_length = 15\ntile_limit = 10\n")
    store = Store(tmp_path)
    settings = store.load_settings()
    assert settings.new_game.min_word_length == 2 and settings.new_game.tile_limit == 10
    assert store.take_messages() == [
        "The setting min_word_length = 15 should be 2, 3, 4 or 5; using 2."]


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
    loaded, problems = parse_settings(text)
    if "\0" in theme or not theme or len(theme) > 4096 or any(
            0xD800 <= ord(c) <= 0xDFFF for c in theme):
        return  # such text is replaced (and reported) on reading: covered below
    assert loaded.theme == theme
    assert all(len(p) < 200 for p in problems)


@hypothesis_settings(max_examples=200, deadline=None)
@given(st.text(max_size=500))
def test_any_settings_text_gives_settings_or_a_clean_refusal(text: str) -> None:
    try:
        settings, problems = parse_settings(text)
    except tomllib.TOMLDecodeError:
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
