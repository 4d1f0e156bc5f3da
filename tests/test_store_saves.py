"""Autosave and resume: round trips, and every kind of bad save file gives a message, kept aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_helpers import WORDS, WordSet
from store_helpers import advance, finished, new_game, saved_game

from buyword.engine import RECORD_FORMAT, GameRecord, RecordError, Rules
from buyword.store import MIGRATIONS, SAVE_FORMAT, SavedGame, Store, read_game_file, read_save
from buyword.store.records import encode_record, record_data
from buyword.store.saves import save_from


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A store in a fresh folder."""
    return Store(tmp_path)


def kept_files(folder: Path) -> list[str]:
    """The bad files moved aside in `folder`."""
    return sorted(p.name for p in folder.glob("current.json.bad-*"))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_saved_game_resumes_exactly(store: Store, players: int) -> None:
    game = advance(new_game(players, seed=players, rules=Rules(tile_limit=10)), 60, seed=3)
    saved = saved_game(game, bots=(None,) + ("hard",) * (players - 1), hints=(2,) + (0,) * (
        players - 1), options={"hint_key": "h"})
    assert store.save_game(saved)
    loaded = Store(store.data.root).load_game(WORDS)
    assert loaded.message is None and loaded.game is not None and loaded.saved is not None
    assert loaded.game.state() == game.state()
    assert loaded.saved.bots == saved.bots and loaded.saved.hints == saved.hints
    assert loaded.saved.options == {"hint_key": "h"}
    assert loaded.saved.game_id == saved.game_id and loaded.saved.saved_at


def test_the_file_holds_both_format_versions(store: Store, tmp_path: Path) -> None:
    store.save_game(saved_game(new_game()))
    data = json.loads((tmp_path / "current.json").read_text())
    assert data["save_format"] == SAVE_FORMAT
    assert data["record"]["format"] == RECORD_FORMAT


def test_unicode_names_and_every_seat_kind_round_trip(store: Store) -> None:
    game = advance(new_game(3).__class__.new(
        ["Zoë 🎲", "\u202eevil", "[bold]x[/]"], dictionary=WORDS, seed=9), 25)
    store.save_game(saved_game(game, bots=(None, "easy", None)))
    loaded = store.load_game(WORDS)
    assert loaded.game is not None and loaded.game.names == game.names
    assert loaded.saved is not None and loaded.saved.describe(loaded.game) == (
        f"table: Zoë 🎲, \u202eevil (easy), [bold]x[/] · round {game.round}")


def test_no_save_is_no_message(store: Store) -> None:
    assert not store.has_saved_game()
    assert store.load_game(WORDS) == store.load_game(WORDS).__class__()


def test_clear_game_forgets_the_save(store: Store) -> None:
    store.save_game(saved_game(new_game()))
    store.clear_game()
    assert not store.has_saved_game() and store.load_game(WORDS).game is None


def good_save(tmp_path: Path) -> str:
    store = Store(tmp_path)
    store.save_game(saved_game(advance(new_game(2), 40)))
    return (tmp_path / "current.json").read_text()


def bump(text: str, key: str, value: object) -> str:
    data = json.loads(text)
    data[key] = value
    return json.dumps(data)


def bump_record(text: str, value: int) -> str:
    data = json.loads(text)
    data["record"]["format"] = value
    return json.dumps(data)


def break_action(text: str) -> str:
    data = json.loads(text)
    data["record"]["actions"][5] = "sell QQQQ"
    return json.dumps(data)


BAD_SAVES = {
    "empty": (lambda t: "", "the file is empty"),
    "truncated": (lambda t: t[: len(t) // 2], "damaged or cut off"),
    "garbage": (lambda t: "\x00\xff garbage", "damaged"),
    "not an object": (lambda t: "[1, 2, 3]", "not a BuyWord save"),
    "no version": (lambda t: '{"hello": 1}', "no save format version"),
    "newer save": (lambda t: bump(t, "save_format", SAVE_FORMAT + 1), "saved by a newer BuyWord"),
    "newer record": (lambda t: bump_record(t, RECORD_FORMAT + 1), "saved by a newer BuyWord"),
    "unknown old": (lambda t: bump(t, "save_format", -3), "not one this BuyWord knows"),
    "no longer replays": (break_action, "no longer replays"),
    "bad record": (lambda t: bump(t, "record", {"format": 1}), "has no 'players'"),
    "bad rules": (lambda t: bump(t, "record", {**json.loads(t)["record"],
                                               "rules": {"tile_limit": "x"}}),
                  "the game record's rules.tile_limit should be a whole number or nothing, "
                  "not text"),
}


@pytest.mark.parametrize("kind", sorted(BAD_SAVES))
def test_a_bad_save_gives_a_message_is_kept_aside_and_play_starts_fresh(
        tmp_path: Path, kind: str) -> None:
    spoil, words = BAD_SAVES[kind]
    text = spoil(good_save(tmp_path))
    (tmp_path / "current.json").write_bytes(text.encode("utf-8", "surrogateescape")
                                            if isinstance(text, str) else text)
    store = Store(tmp_path)
    assert store.has_saved_game()
    loaded = store.load_game(WORDS)
    assert loaded.game is None and loaded.message is not None
    assert loaded.message.startswith("Your saved game could not be resumed: ")
    assert words in loaded.message
    kept = kept_files(tmp_path)
    assert len(kept) == 1 and kept[0] in loaded.message
    assert (tmp_path / kept[0]).read_bytes() == text.encode("utf-8", "surrogateescape")
    assert loaded.message.endswith("Starting fresh.")
    # Starting fresh: no save any more, and a new one can be written.
    assert not store.has_saved_game()
    assert store.save_game(saved_game(new_game()))
    assert store.warning is None


def test_a_different_dictionary_that_refuses_a_sold_word_is_a_replay_failure(
        tmp_path: Path) -> None:
    game = finished(seed=11)
    assert any(a.startswith("sell") for a in game.actions)
    store = Store(tmp_path)
    store.save_game(saved_game(game))
    loaded = store.load_game(WordSet("zzz"))
    assert loaded.message is not None and "no longer replays" in loaded.message


def test_a_bad_save_on_a_read_only_disk_is_still_not_fatal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "current.json").write_text("{ cut off")
    store = Store(tmp_path)
    import os

    from store_helpers import READ_ONLY, failing

    monkeypatch.setattr(os, "replace", failing(READ_ONLY, os.replace))
    loaded = store.load_game(WORDS)
    assert loaded.message is not None and "left as it is" in loaded.message
    assert not store.has_saved_game()  # not offered again this session
    assert (tmp_path / "current.json").exists()


# ----------------------------------------------------------------- migrations


def test_a_version_0_save_is_migrated(tmp_path: Path) -> None:
    # Version 0 was the bare game record, with bots and hints in its meta.
    game = advance(new_game(2), 30)
    v0 = record_data(GameRecord.of(game, bots=[None, "easy"], hints=[1, 0]))
    (tmp_path / "current.json").write_text(json.dumps(v0))
    loaded = Store(tmp_path).load_game(WORDS)
    assert loaded.message is None and loaded.game is not None and loaded.saved is not None
    assert loaded.game.state() == game.state()
    assert loaded.saved.bots == (None, "easy") and loaded.saved.hints == (1, 0)
    # Reading it twice gives the same id, so finishing it is recorded once.
    assert Store(tmp_path).load_game(WORDS).saved.game_id == loaded.saved.game_id  # type: ignore[union-attr]


def test_every_old_version_has_a_migration_step() -> None:
    assert sorted(MIGRATIONS) == list(range(SAVE_FORMAT))


def test_migration_steps_run_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # A pretend format 2 that renamed "hints" to "hints_used": both steps run, in order.
    import buyword.store.saves as saves

    monkeypatch.setattr(saves, "SAVE_FORMAT", 2)
    monkeypatch.setitem(MIGRATIONS, 1, lambda d: {**d, "save_format": 2, "v2": True})
    upgraded = saves.upgrade(record_data(GameRecord.of(new_game())))
    assert upgraded["save_format"] == 2 and upgraded["v2"] and "record" in upgraded


# ----------------------------------------------------------------- replay files


def test_read_game_file_reads_finished_records_saves_and_bare_records(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished(seed=4)
    done = store.finish_game(saved_game(game), game)
    assert done.path is not None
    saved = read_game_file(done.path)
    assert saved.result is not None and saved.record.replay(WORDS).state() == game.state()
    bare = tmp_path / "bare.json"
    bare.write_text(encode_record(GameRecord.of(game)))
    assert read_game_file(str(bare)).record == GameRecord.of(game)


@pytest.mark.parametrize("name, words", [
    ("missing.json", "does not exist"),
    (".", "is a folder"),
    ("bad\0name", "cannot be used as a file name"),
    ("x" * 5000, "too long"),
])
def test_read_game_file_names_the_file_and_says_why(tmp_path: Path, name: str, words: str
                                                    ) -> None:
    path = name if name == "bad\0name" else str(tmp_path / name)
    with pytest.raises(RecordError) as error:
        read_game_file(path)
    message = str(error.value)
    assert message.startswith("cannot open '") and words in message and len(message) < 200


def test_read_game_file_on_a_damaged_file_says_so(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text('{"save_format": 1, "record": ')
    with pytest.raises(RecordError, match=r"cannot replay '.*': the file is damaged"):
        read_game_file(tmp_path / "x.json")


def test_read_save_of_a_deeply_nested_file_is_a_message() -> None:
    with pytest.raises(RecordError, match="damaged"):
        read_save(b"[" * 100_000)


def test_saved_game_describe_counts_rounds() -> None:
    game = advance(new_game(), 30)
    assert saved_game(game).describe() == f"solo: Ann · round {game.round}"
    assert saved_game(game).describe(game) == f"solo: Ann · round {game.round}"
    assert SavedGame.of(game, daily="2026-11-29").describe().startswith("daily solo: Ann")


def test_a_save_between_rounds_names_the_round_the_table_shows() -> None:
    # Round 2 has ended: the table shows Round 3 before its roll. Only 2 rolls are written.
    game = new_game()
    for action in ("roll", "choose 2", "discard", "done", "roll", "choose 2", "discard", "done"):
        if game.phase.value == "choose" or not action.startswith("choose"):
            game.apply(action)
    assert game.phase.value == "roll" and game.round == 3
    assert sum(a.startswith("roll") for a in game.actions) == 2
    saved = saved_game(game)
    assert saved.round == 3 and saved.describe().endswith("round 3")
    assert save_from(json.loads(saved.to_json())).round == 3  # written down
    later = saved.updated(advance(game, 1))
    assert later.round == game.round


def test_peek_reads_without_replaying_and_resume_replays(tmp_path: Path) -> None:
    game = advance(new_game(2), 30)
    store = Store(tmp_path)
    store.save_game(saved_game(game))
    peeked = store.peek_game()
    assert peeked.saved is not None and peeked.game is None and peeked.message is None
    resumed = store.resume(peeked.saved, WORDS)
    assert resumed.game is not None and resumed.game.state() == game.state()


def test_a_save_that_peeks_but_no_longer_replays_is_moved_aside_on_resume(
        tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text(break_action(good_save(tmp_path)))
    store = Store(tmp_path)
    peeked = store.peek_game()
    assert peeked.saved is not None and peeked.message is None
    resumed = store.resume(peeked.saved, WORDS)
    assert resumed.game is None and resumed.message is not None
    assert "no longer replays" in resumed.message and kept_files(tmp_path)[0] in resumed.message
    assert not store.has_saved_game()


def test_a_damaged_save_is_reported_by_peek_already(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text('{"save_format": 1, "rec')
    peeked = Store(tmp_path).peek_game()
    assert peeked.saved is None and peeked.message is not None
    assert "damaged or cut off" in peeked.message and len(kept_files(tmp_path)) == 1


def test_a_save_naming_an_unknown_computer_level_is_set_aside_with_its_reason(
        tmp_path: Path) -> None:
    """A hand-edited "godlike" seat: moved aside on resume, said in a player's words, and not
    offered again."""
    from buyword.bots import BOT_NAMES

    game = advance(new_game(2, seed=2), 10, seed=3)
    assert Store(tmp_path).save_game(saved_game(game, bots=(None, "godlike")))
    store = Store(tmp_path)
    peeked = store.peek_game()
    assert peeked.saved is not None
    resumed = store.resume(peeked.saved, WORDS, levels=BOT_NAMES)
    assert resumed.game is None and resumed.message is not None
    assert "seat 2's computer level 'godlike' is not one this game has" in resumed.message
    assert "Error" not in resumed.message and kept_files(tmp_path)[0] in resumed.message
    assert Store(tmp_path).peek_game().saved is None


def test_a_save_that_is_a_symbolic_link_loop_is_named_as_such(tmp_path: Path) -> None:
    (tmp_path / "current.json").symlink_to(tmp_path / "current.json")
    peeked = Store(tmp_path).peek_game()
    assert peeked.saved is None and peeked.message is not None
    assert "'current.json' is a symbolic link loop" in peeked.message


@pytest.mark.parametrize(("field", "value"), [
    ("starting_money", 10**300), ("challenge_penalty", 10**300), ("tile_limit", 10**12),
    ("min_word_length", 10**9)])
def test_a_save_with_an_enormous_number_is_set_aside_with_its_reason(
        tmp_path: Path, field: str, value: int) -> None:
    """Every number of a save is bounded as a tile set's are: never resumed to overflow."""
    data = json.loads(good_save(tmp_path))
    data["record"]["rules"][field] = value
    (tmp_path / "current.json").write_text(json.dumps(data))
    peeked = Store(tmp_path).peek_game()
    assert peeked.saved is None and peeked.message is not None
    assert field in peeked.message and len(kept_files(tmp_path)) == 1


def test_a_save_that_is_a_dangling_link_says_so_not_that_there_is_no_game(
        tmp_path: Path) -> None:
    (tmp_path / "current.json").symlink_to(tmp_path / "gone" / "current.json")
    peeked = Store(tmp_path).peek_game()
    assert peeked.saved is None and peeked.message is not None
    assert "'current.json' is a symbolic link to" in peeked.message
    assert "gone/current.json" in peeked.message and "which does not exist" in peeked.message
    assert not (tmp_path / "gone").exists()
