"""Whatever the player types as a folder, file or name: success or a clear message, no crash."""

from __future__ import annotations

import io
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import WORDS
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from json_helpers import JSON_VALUES, places
from rich.console import Console
from store_helpers import advance, finished, new_game, saved_game

from buyword.engine import BuyWordError, RecordError
from buyword.store import Store, read_game_file
from buyword.store.history import history_main
from buyword.store.records import decode_record, encode_record

#: Text of every kind: any code point (surrogates and control characters included), and long.
ANY_TEXT = st.text(alphabet=st.characters(codec=None), max_size=40) | st.text(
    min_size=200, max_size=3000)
FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def inside(folder: Path, text: str) -> str:
    """`text` as one path component under `folder`: it can't climb out or hit a real folder."""
    name = text.replace("/", "_")
    if name in ("", ".", ".."):
        name = f"x{name}"
    return f"{folder}/{name}"


@FAST
@given(name=ANY_TEXT)
def test_any_folder_name_works_or_warns(tmp_path: Path, name: str) -> None:
    store = Store(environ={"BUYWORD_HOME": inside(tmp_path, name)})
    game = advance(new_game(), 15)
    store.save_game(saved_game(game))
    loaded = store.load_game(WORDS)
    assert loaded.game is not None and loaded.game.state() == game.state()
    assert store.warning is None or store.warning.startswith("Progress is not being saved")
    try:
        usable = len(os.fsencode(name)) <= 255 and "\0" not in name
    except UnicodeEncodeError:  # a lone surrogate the file system cannot spell
        usable = False
    if not usable:
        assert store.warning is not None


@FAST
@given(path=ANY_TEXT)
def test_any_replay_file_name_gives_a_record_or_a_clear_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    monkeypatch.chdir(tmp_path)  # a relative name can only find the test's own files
    try:
        read_game_file(path)
    except RecordError as error:
        message = str(error)
        assert message.startswith(("cannot open '", 'cannot open "', "cannot replay"))
        assert len(message) < 300 and "\n" not in message


@pytest.mark.slow  # 25 examples, each saved and loaded
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(ANY_TEXT, min_size=1, max_size=4))
def test_any_player_names_round_trip_and_print(tmp_path: Path, names: list[str]) -> None:
    store = Store(inside(tmp_path, "home"))
    game = new_game(len(names), names=names)
    advance(game, 20)
    store.save_game(saved_game(game))
    loaded = store.load_game(WORDS)
    assert loaded.game is not None and loaded.game.names == tuple(names)
    done = finished(len(names), names=names)
    store.finish_game(saved_game(done), done)
    assert history_main(store, Console(file=io.StringIO(), width=120)) == 0
    for path in Path(inside(tmp_path, "home")).rglob("*.json"):
        path.unlink()


@FAST
@given(raw=st.binary(max_size=2000))
def test_any_bytes_as_a_save_give_a_message_not_a_crash(tmp_path: Path, raw: bytes) -> None:
    home = Path(inside(tmp_path, "bytes"))
    home.mkdir(exist_ok=True)
    (home / "current.json").write_bytes(raw)
    loaded = Store(home).load_game(WORDS)
    assert loaded.game is None and loaded.message is not None
    for bad in home.glob("current.json.bad-*"):
        os.unlink(bad)


# ----------------------------------------------------- any value anywhere in a save or record

SAVE_V1 = (Path(__file__).parent / "data" / "formats" / "save_v1.json").read_text()


SAVE_PATHS = places(json.loads(SAVE_V1))


@pytest.mark.slow  # a big hypothesis run over every field
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(SAVE_PATHS), value=JSON_VALUES)
def test_any_value_anywhere_in_a_save_loads_or_is_refused_naming_the_field(
        tmp_path: Path, where: tuple[object, ...], value: object) -> None:
    """A save edited at any one place resumes, or the title says in one line what is wrong
    (naming the field the codec refused) and the file is set aside; nothing else changes."""
    data = json.loads(SAVE_V1)
    *parents, last = where
    holder = data
    for key in parents:
        holder = holder[key]
    holder[last] = value
    home = tmp_path / "edited"
    home.mkdir(exist_ok=True)
    for old in home.iterdir():
        old.unlink()
    (home / "current.json").write_text(json.dumps(data))
    (home / "scores.json").write_text('{"scores_format": 1}')
    loaded = Store(home).load_game(WORDS)
    assert (home / "scores.json").read_text() == '{"scores_format": 1}'
    if loaded.game is not None:
        assert loaded.message is None and (home / "current.json").exists()
        return
    message = loaded.message
    assert message is not None and "\n" not in message
    assert message.startswith("Your saved game could not be resumed: ")
    assert not (home / "current.json").exists()
    assert len(list(home.glob("current.json.bad-*"))) == 1
    if " should be " in message:  # the codec refused a value: it names where
        named = [key for key in where if isinstance(key, str)]
        assert f"{named[-1]}" in message


@settings(max_examples=150, deadline=None)
@given(where=st.sampled_from(places(json.loads(SAVE_V1)["record"])), value=JSON_VALUES)
def test_any_value_anywhere_in_a_record_reads_or_is_refused_in_one_line(
        where: tuple[object, ...], value: object) -> None:
    data = json.loads(SAVE_V1)["record"]
    *parents, last = where
    holder = data
    for key in parents:
        holder = holder[key]
    holder[last] = value
    try:
        record = decode_record(json.dumps(data))
    except BuyWordError as error:  # RecordError, or rules no game can be played with
        assert "\n" not in str(error) and len(str(error)) < 400
        return
    encode_record(record)  # what was read can be written again


def _writable(text: str) -> str:
    """`text` as the settings file keeps it: a lone surrogate (no UTF-8 spells it) as U+FFFD."""
    return "".join("\ufffd" if 0xD800 <= ord(char) <= 0xDFFF else char for char in text)


#: Any text a setting may hold (a name is never empty; no setting holds a NUL).
SETTING_TEXT = ANY_TEXT.map(lambda text: text.replace("\x00", "")).filter(bool)


@FAST
@given(theme=SETTING_TEXT, word_file=SETTING_TEXT, names=st.lists(SETTING_TEXT, min_size=2,
                                                                   max_size=4),
       levels=st.lists(st.sampled_from([None, "easy", "master"]), min_size=4, max_size=4),
       flags=st.lists(st.booleans(), min_size=4, max_size=4),
       tile_limit=st.sampled_from([None, 8, 10]))
def test_any_settings_round_trip_through_the_written_file(
        theme: str, word_file: str, names: list[str], levels: list[str | None],
        flags: list[bool], tile_limit: int | None) -> None:
    """The settings' TOML writer is the project's own (docs/development.md says why): whatever
    text a setting holds, the file it writes reads back as the same settings."""
    from buyword.store.settings import Settings, parse_settings
    from buyword.store.setup import GameSetup, Seat

    seats = tuple(Seat(name, level) for name, level in zip(names, levels, strict=False))
    setup = GameSetup(word_file=word_file, tile_limit=tile_limit, challenge=flags[0],
                      hints=flags[1], coach=flags[2], family_words=flags[3])
    written = Settings(theme=theme, animations=flags[1], table_seats=seats, new_game=setup)
    read, _ = parse_settings(written.to_toml())
    kept = [Seat(_writable(seat.name), seat.level) for seat in seats]
    assert read == Settings(theme=_writable(theme), animations=flags[1], table_seats=tuple(kept),
                            new_game=GameSetup(word_file=_writable(word_file),
                                               tile_limit=tile_limit, challenge=flags[0],
                                               hints=flags[1], coach=flags[2],
                                               family_words=flags[3]))


# ------------------------------------------- any value anywhere in a tile set or a leave table

TILES_V1 = (Path(__file__).parent / "data" / "formats" / "tiles_v1.toml").read_text()
LEAVES_V2 = (Path(__file__).parent / "data" / "formats" / "leaves_v2.json").read_text()


def _edited(data: object, where: tuple[object, ...], value: object) -> object:
    *parents, last = where
    holder: Any = data
    for key in parents:
        holder = holder[key]
    holder[last] = value
    return data


@settings(max_examples=150, deadline=None)
@given(where=st.sampled_from(places(tomllib.loads(TILES_V1))), value=JSON_VALUES)
def test_any_value_anywhere_in_a_tile_set_reads_or_is_refused_naming_the_field(
        where: tuple[object, ...], value: object) -> None:
    from buyword.engine import TileSetError
    from buyword.store.tiles import tiles_data, tiles_from

    data = _edited(tomllib.loads(TILES_V1), where, value)
    try:
        tiles = tiles_from(data, "tile set 'x.toml'")
    except TileSetError as error:
        message = str(error)
        assert message.startswith("tile set 'x.toml': ") and "\n" not in message
        if " should " in message:  # the codec refused a value: it names where
            assert ".".join(str(key) for key in where).startswith(
                message.partition("the set's ")[2].partition(" ")[0])
        return
    assert tiles_from(tiles_data(tiles), "the record's tile set") == tiles


@settings(max_examples=150, deadline=None)
@given(where=st.sampled_from(places(json.loads(LEAVES_V2))), value=JSON_VALUES)
@example(where=("values", 0, 0), value='A"B')  # a leave the writer once wrote unquoted
def test_any_value_anywhere_in_a_leave_table_reads_or_is_refused_in_one_line(
        where: tuple[object, ...], value: object) -> None:
    from buyword.bots.leaves import LeaveTable, LeaveTableError

    data = _edited(json.loads(LEAVES_V2), where, value)
    try:
        table = LeaveTable.from_json(json.dumps(data), "'leaves.json'")
    except LeaveTableError as error:
        message = str(error)
        assert message.startswith("'leaves.json' is not a leave table") and "\n" not in message
        return
    assert LeaveTable.from_json(table.to_json()).to_json() == table.to_json()
