"""One process's side of many windows: locks, slots, merge-safe settings and scores, and files
that are refused unread (pipes, folders, devices, oversized files)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from engine_helpers import WORDS, WordSet
from store_helpers import advance, finished, new_game, saved_game

from buyword.engine import RecordError
from buyword.engine.inputs import size_words
from buyword.store import Settings, Store, locks, read_game_file
from buyword.store.files import SAVE_LIMIT, SETTINGS_LIMIT, Files
from buyword.store.store import CURRENT

POSIX_ONLY = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and pids")


def test_a_lock_is_shared_within_a_process_and_released_by_the_last_holder(
        tmp_path: Path) -> None:
    path = tmp_path / ".x.lock"
    first = locks.try_lock(path)
    second = locks.try_lock(path)
    assert first is not None and first is second
    assert not locks.is_locked_elsewhere(path)  # this process's own lock
    first.release()
    assert second.held
    second.release()
    assert not second.held


def test_a_window_keeps_its_slot_for_a_new_game_and_lets_go_when_it_ends(
        tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.slot is None
    store.save_game(saved_game(advance(new_game(), 5)))
    assert store.slot == CURRENT
    game = finished(seed=4)
    saved = saved_game(game)
    store.save_game(saved)  # a new game (after the app asked): same slot
    assert store.slot == CURRENT
    store.finish_game(saved, game)
    assert store.slot is None and not (tmp_path / CURRENT).exists()
    assert (tmp_path / f".{CURRENT}.lock").exists()  # CURRENT's lock file stays for next time


def test_a_finished_game_clears_only_its_own_save(tmp_path: Path) -> None:
    store = Store(tmp_path)
    kept = saved_game(advance(new_game(), 5))
    store.save_game(kept)
    store.release()  # that window closed, leaving its game to continue
    other = Store(tmp_path)
    game = finished(seed=9)
    other.finish_game(saved_game(game), game)
    assert other.peek_game().saved == Store(tmp_path).peek_game().saved
    assert Store(tmp_path).peek_game().saved.game_id == kept.game_id  # type: ignore[union-attr]


def test_continue_lists_every_free_slot_with_players_round_and_date(tmp_path: Path) -> None:
    slot = tmp_path / "slots" / "abc.json"
    slot.parent.mkdir()
    first = saved_game(advance(new_game(2), 30), saved_at="2026-11-30T11:20:00+00:00")
    second = saved_game(advance(new_game(), 6, seed=3))
    (tmp_path / CURRENT).write_text(first.to_json())
    slot.write_text(second.to_json())
    slots = Store(tmp_path).saved_games()
    assert [s.name for s in slots] == [CURRENT, "slots/abc.json"]
    line = slots[0].describe()
    assert "Ann, Bob" in line and f"round {first.round}" in line and "2026-11-30 11:20" in line
    store = Store(tmp_path)
    loaded = store.resume(slots[1].saved, WORDS)  # type: ignore[arg-type]
    assert loaded.game is not None and store.slot == "slots/abc.json"
    store.save_game(second.updated(advance(loaded.game, 3)))
    assert read_game_file(slot).game_id == second.game_id  # saved back to its own slot
    store.clear_game()
    assert not slot.exists() and not (slot.parent / ".abc.json.lock").exists()


def test_two_stores_changing_different_settings_keep_both(tmp_path: Path) -> None:
    one, two = Store(tmp_path), Store(tmp_path)
    first, second = one.load_settings(), two.load_settings()
    assert one.save_settings(Settings(**{**first.__dict__, "theme": "nord"}))
    assert two.save_settings(Settings(**{**second.__dict__, "bot_speed": "fast"}))
    assert Store(tmp_path).load_settings() == Settings(theme="nord", bot_speed="fast")


def test_two_stores_scoring_with_stale_books_keep_every_score(tmp_path: Path) -> None:
    one, two = Store(tmp_path), Store(tmp_path)
    assert one.scores().solo == two.scores().solo == []  # both have read the empty book
    games = [finished(seed=seed) for seed in (1, 2, 3, 4)]
    for store, game in zip((one, two, one, two), games, strict=True):
        store.finish_game(saved_game(game), game)
    assert len(Store(tmp_path).scores().solo) == 4
    assert len(one.scores().solo) == 4  # the title's record includes the other window's


@POSIX_ONLY
@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_a_save_that_is_not_a_regular_file_is_refused_unread_and_kept_aside(
        tmp_path: Path, kind: str) -> None:
    path = tmp_path / CURRENT
    if kind == "pipe":
        os.mkfifo(path)
    else:
        path.mkdir()
    store = Store(tmp_path)
    loaded = store.peek_game()  # a pipe would block for ever if opened for reading
    expected = "a named pipe" if kind == "pipe" else "a folder"
    assert loaded.saved is None
    assert loaded.message is not None and f"it is {expected}, not a regular file" in loaded.message
    assert list(tmp_path.glob(f"{CURRENT}.bad-*")) and not path.exists()


@POSIX_ONLY
def test_replay_of_a_pipe_or_a_device_is_refused_by_name(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "game.json")
    with pytest.raises(RecordError, match=r"cannot open '.*': it is a named pipe"):
        read_game_file(tmp_path / "game.json")
    with pytest.raises(RecordError, match="it is a device, not a regular file"):
        read_game_file("/dev/zero")


def test_an_oversized_file_is_refused_with_the_limit_in_the_message(tmp_path: Path) -> None:
    (tmp_path / CURRENT).write_bytes(b" " * (SAVE_LIMIT + 1))
    loaded = Store(tmp_path).peek_game()
    assert loaded.message is not None
    assert f"it is larger than {size_words(SAVE_LIMIT)}, the limit for a save" in loaded.message
    assert size_words(SAVE_LIMIT) == "5 MB"
    (tmp_path / "settings.toml").write_text("# " + "x" * SETTINGS_LIMIT + "\n")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert any("larger than 100 kB, the limit for a settings file" in m
               for m in store.take_messages())


def test_deeply_nested_settings_are_a_message_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text("theme = " + "[" * 50_000 + "]" * 50_000 + "\n")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert any("could not be read" in m for m in store.take_messages())


@POSIX_ONLY
def test_temporary_files_of_dead_writers_are_cleaned_at_start_up(tmp_path: Path) -> None:
    dead = 2 ** 22 + 12345  # above Linux's default pid_max: no such process
    stale = tmp_path / f".{CURRENT}.{dead}.abc123_x.tmp"
    live = tmp_path / f".{CURRENT}.{os.getppid()}.abc123_y.tmp"  # our parent is running
    old = tmp_path / "slots" / ".s.json.oldstyle.tmp"
    for path in (stale, live, old):
        path.parent.mkdir(exist_ok=True)
        path.write_text("{")
    hour_ago = time.time() - 7200
    os.utime(old, (hour_ago, hour_ago))
    Files(tmp_path).clean_temporaries()
    assert not stale.exists() and live.exists() and not old.exists()


def test_buyword_home_on_a_regular_file_says_so_in_words(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_text("not a folder")
    store = Store(environ={"BUYWORD_HOME": str(plain)})
    assert store.warning == f"Progress is not being saved in {plain}: it is a file, not a folder."
    assert "File exists" not in (store.warning or "")


def test_a_save_in_no_slot_that_no_longer_replays_moves_nothing_aside(tmp_path: Path) -> None:
    kept = saved_game(advance(new_game(), 4))
    (tmp_path / CURRENT).write_text(kept.to_json())
    sold = saved_game(advance(new_game(seed=7), 60))  # never saved here: in no slot
    assert any(action.startswith("sell") for action in sold.record.actions)
    loaded = Store(tmp_path).resume(sold, WordSet("zzz"))  # its sales no longer replay
    assert loaded.game is None and loaded.message is not None
    assert "kept as" not in loaded.message
    assert read_game_file(tmp_path / CURRENT).game_id == kept.game_id  # left alone


@POSIX_ONLY
@pytest.mark.parametrize("name", ["settings.toml", "scores.json"])
def test_settings_or_scores_that_are_a_pipe_are_refused_unread(tmp_path: Path, name: str) -> None:
    os.mkfifo(tmp_path / name)
    store = Store(tmp_path)
    assert store.load_settings() == Settings() and store.scores().solo == []
    messages = store.take_messages()
    assert len(messages) == 1 and "it is a named pipe, not a regular file" in messages[0]
    assert list(tmp_path.glob(f"{name}.bad-*"))  # kept aside, out of the way


@POSIX_ONLY
def test_a_lock_file_that_is_a_dangling_link_never_creates_its_target(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "planted"
    target.parent.mkdir()
    for name in (f".{CURRENT}.lock", ".scores.json.lock"):
        (tmp_path / name).symlink_to(target)
    store = Store(tmp_path)
    assert store.save_game(saved_game(advance(new_game(), 5)))  # saved, unlocked
    with locks.exclusive(tmp_path / ".scores.json.lock", wait=0.05) as held:
        assert not held
    with pytest.raises(OSError):
        locks.try_lock(tmp_path / f".{CURRENT}.lock")
    assert not target.exists()
    assert (tmp_path / CURRENT).is_file()
