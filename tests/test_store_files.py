"""The store's disk layer: atomic writes, bad files moved aside, and bad disks never fatal."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import platformdirs
import pytest
from engine_helpers import WORDS
from store_helpers import FULL, READ_ONLY, advance, failing, new_game, saved_game

from buyword.store import Store, locate
from buyword.store import files as files_module
from buyword.store.files import Files, bad_name, write_atomic


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "current.json"
    write_atomic(target, "old")
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json"]


def test_a_write_that_fails_before_the_rename_keeps_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "current.json"
    write_atomic(target, "old")
    monkeypatch.setattr(os, "replace", failing(FULL, os.replace))
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json"]  # temp cleaned up


def test_a_write_is_fsynced_before_it_is_renamed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace",
                        lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    write_atomic(tmp_path / "x.json", "data")
    # The file's data before the rename, then the folder after it.
    assert calls == ["fsync", "replace", "fsync"]


def test_bad_name_carries_a_timestamp() -> None:
    assert bad_name("current.json", 0).startswith("current.json.bad-19")
    assert len(bad_name("current.json")) == len("current.json.bad-20261129-173000")


def test_move_aside_keeps_the_file_and_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    files = Files(tmp_path)
    for text in ("first", "second"):
        files.write("current.json", text)
        kept = files.move_aside("current.json", now=1_000_000)
        assert kept is not None and (tmp_path / kept).read_text() == text
    assert not files.exists("current.json")
    assert len(list(tmp_path.glob("current.json.bad-*"))) == 2


@pytest.mark.parametrize("code", [READ_ONLY, FULL])
def test_a_failing_disk_keeps_files_in_memory_with_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    store = Store(tmp_path)
    monkeypatch.setattr(os, "replace", failing(code, os.replace))
    game = advance(new_game(), 10)
    assert store.save_game(saved_game(game)) is False
    assert store.warning is not None and store.warning.startswith("Progress is not being saved")
    assert ("read-only" if code == READ_ONLY else "full") in store.warning
    # The game goes on in memory: the save is there for this session.
    assert store.has_saved_game()
    assert store.load_game(WORDS).game.state() == game.state()  # type: ignore[union-attr]
    assert not (tmp_path / "current.json").exists()


def test_a_read_only_folder_is_noticed_before_play_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module.tempfile, "mkstemp", failing(READ_ONLY, None))
    store = Store(tmp_path)
    assert store.warning == f"Progress is not being saved in {tmp_path}: the disk is read-only."


def test_open_failing_like_a_read_only_disk_is_not_fatal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    monkeypatch.setattr(os, "fdopen", failing(READ_ONLY, os.fdopen))
    store.save_settings(store.load_settings())
    store.save_game(saved_game(new_game()))
    assert store.warning is not None and "read-only" in store.warning
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was removed


def test_a_folder_under_a_regular_file_is_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("I am a file")
    store = Store(tmp_path / "plain" / "buyword")
    assert store.warning is not None and "is a file, not a folder" in store.warning
    game = advance(new_game(), 20)
    store.save_game(saved_game(game))
    assert store.load_game(WORDS).game.state() == game.state()  # type: ignore[union-attr]
    finished = store.finish_game(saved_game(game), advance(game, 10_000))
    assert finished.path is None  # kept in memory only
    assert [p.name for p in store.past_games()] == [finished.name]


def test_missing_home_folder_is_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    # What platformdirs gives when HOME is unset and the user has no password entry.
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: "~/.local/share/buyword")
    places = locate(environ={})
    assert places.data is None and places.problem == "there is no home folder"
    store = Store(environ={})
    assert store.warning == "Progress is not being saved: there is no home folder."
    store.save_game(saved_game(new_game()))
    assert store.has_saved_game()


def test_platformdirs_failing_is_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> str:
        raise KeyError("HOME")

    monkeypatch.setattr(platformdirs, "user_data_dir", broken)
    assert Store(environ={}).warning == "Progress is not being saved: there is no home folder."


def test_buyword_home_overrides_the_platform_folders(tmp_path: Path) -> None:
    places = locate(environ={"BUYWORD_HOME": str(tmp_path)})
    assert places.data == places.config == tmp_path
    assert locate(tmp_path / "x", environ={"BUYWORD_HOME": "/elsewhere"}).data == tmp_path / "x"


def test_without_an_override_the_platform_folders_are_used() -> None:
    places = locate(environ={})
    assert places.data == Path(platformdirs.user_data_dir("buyword", appauthor=False))
    assert places.config == Path(platformdirs.user_config_dir("buyword", appauthor=False))


def test_a_delete_on_a_read_only_disk_hides_the_file_for_the_session(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    store.save_game(saved_game(new_game()))
    monkeypatch.setattr(Path, "unlink", failing(errno.EROFS, Path.unlink))
    store.clear_game()
    assert not store.has_saved_game()
    assert (tmp_path / "current.json").exists()  # the disk was not changed
    assert store.warning is not None


def test_leftover_temporary_files_from_a_kill_are_tidied(tmp_path: Path) -> None:
    stale = tmp_path / ".current.json.abc.tmp"
    stale.write_text("half a save")
    os.utime(stale, (1, 1))
    fresh = tmp_path / ".current.json.def.tmp"  # maybe another process is writing it now
    fresh.write_text("in flight")
    Store(tmp_path)
    assert not stale.exists() and fresh.exists()


def test_a_memory_store_touches_no_disk_and_does_not_warn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path / "home"))
    store = Store(memory=True)
    game = advance(new_game(), 10)
    store.save_game(saved_game(game))
    store.save_settings(store.load_settings())
    assert store.warning is None and store.load_game(WORDS).game is not None
    assert list(tmp_path.iterdir()) == []
