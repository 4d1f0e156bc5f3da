"""OS file locks: which window plays which saved game, and one writer at a time for shared files.

A lock is an exclusive lock on a small lock file beside the file it guards, taken with
`fcntl.flock` (POSIX) or `msvcrt.locking` (Windows). The operating system drops it when the
process ends, however it ends, so a crash or `kill -9` never leaves a game locked.

Locks count per process, not per `Store`: a window is a process, and two stores in one process
(tests, a store opened again after a crash screen) share the locks that process holds.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_os_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _os_unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_os_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _os_unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)


#: How long a merge-safe write waits for another window's write to finish before it goes
#: ahead anyway: a window stopped mid-write (Ctrl-Z) must not hang this one.
WAIT_LIMIT = 10.0
_POLL = 0.01


class Lock:
    """An exclusive OS lock on one lock file, held until `release` (or the process ends)."""

    def __init__(self, path: Path, fd: int) -> None:
        """Wrap an open, locked file descriptor `fd` of the lock file `path`."""
        self.path = path
        self._fd: int | None = fd
        self._users = 1

    @property
    def held(self) -> bool:
        """True until released."""
        return self._fd is not None

    def release(self, remove: bool = False) -> None:
        """Let go (once every holder in this process has); `remove` deletes the lock file too.

        Deleting before unlocking is safe: a window that opened the old file finds, once it
        gets the lock, that the name now points elsewhere, and tries again (see `try_lock`).
        """
        with _REGISTRY_LOCK:
            self._users -= 1
            if self._users > 0 or self._fd is None:
                return
            _HELD.pop(_key(self.path), None)
            fd, self._fd = self._fd, None
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()
        _os_unlock(fd)
        os.close(fd)


class _FreeLock(Lock):
    """A lock that guards nothing: granted where there is no folder to lock in."""

    def __init__(self) -> None:
        """Nothing to open."""
        super().__init__(Path(), -1)
        self._fd = None

    @property
    def held(self) -> bool:
        """Always granted."""
        return True

    def release(self, remove: bool = False) -> None:
        """Nothing to let go."""


def free_lock() -> Lock:
    """A lock that is always held and guards nothing (a store with no folder)."""
    return _FreeLock()


#: The locks this process holds, by lock file: a second claim in the process shares the first.
_HELD: dict[str, Lock] = {}
_REGISTRY_LOCK = threading.Lock()
#: One read-change-write at a time within this process.
_SECTION = threading.Lock()


def _key(path: Path) -> str:
    return os.path.abspath(path)


def _open(path: Path) -> int:
    """Open (creating) the lock file; read-only if it exists but cannot be written.

    A symbolic link in the lock file's place is refused (OSError), never followed: opening
    one that dangles would create its target, wherever it points.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = (getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOINHERIT", 0)
             | getattr(os, "O_NOFOLLOW", 0))
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | flags, 0o644)
    except PermissionError:
        return os.open(path, os.O_RDONLY | flags)


def _still_named(path: Path, fd: int) -> bool:
    """True if `path` still names the file `fd` is open on (it was not deleted meanwhile)."""
    if sys.platform == "win32":  # pragma: no cover - open files cannot be deleted there
        return True
    try:
        named, opened = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def try_lock(path: Path, patience: float = 0.02) -> Lock | None:
    """Take the lock on `path` now, or None if another process holds it.

    It tries for `patience` seconds: another window checking whether the slot is taken
    (`is_locked_elsewhere`) holds the lock for an instant, and must not make it look taken.
    Raises OSError when the lock file cannot be opened at all (no folder, no permission).
    """
    deadline = time.monotonic() + patience
    while True:
        lock = _try_once(path)
        if lock is not None or time.monotonic() >= deadline:
            return lock
        time.sleep(_POLL / 2)


def _try_once(path: Path) -> Lock | None:
    """One attempt at the lock on `path` (shared with this process's own holder)."""
    with _REGISTRY_LOCK:
        mine = _HELD.get(_key(path))
        if mine is not None:
            mine._users += 1
            return mine
        for _ in range(10):  # only loops while other windows delete the file under us
            fd = _open(path)
            if not _try_os_lock(fd):
                os.close(fd)
                return None
            if _still_named(path, fd):
                lock = _HELD[_key(path)] = Lock(path, fd)
                return lock
            _os_unlock(fd)
            os.close(fd)
        return None


def is_locked_elsewhere(path: Path) -> bool:
    """True if another process holds the lock on `path` (this process's own locks say False)."""
    with _REGISTRY_LOCK:
        if _key(path) in _HELD:
            return False
    try:
        if not path.exists():
            return False
        fd = _open(path)
    except OSError:
        return False
    try:
        if _try_os_lock(fd):
            _os_unlock(fd)
            return False
        return True
    finally:
        os.close(fd)


@contextlib.contextmanager
def exclusive(path: Path, wait: float = WAIT_LIMIT) -> Iterator[bool]:
    """Hold the lock on `path` for a read-change-write; yields False if it could not be had.

    Waits up to `wait` seconds for another window to finish its write. Without the lock (a
    folder where lock files cannot be made, or a window stuck mid-write) the caller goes on
    unlocked: its own change is still written atomically, it only might not be merged.
    """
    # Threads of one process share its OS locks, so they take turns here first.
    if not _SECTION.acquire(timeout=wait):
        yield False
        return
    lock: Lock | None = None
    try:
        lock = _wait_for(path, time.monotonic() + wait)
        yield lock is not None
    finally:
        if lock is not None:
            lock.release()
        _SECTION.release()


def _wait_for(path: Path, deadline: float) -> Lock | None:
    """The lock on `path`, polling until `deadline`; None if it cannot be had."""
    while True:
        try:
            lock = _try_once(path)
        except OSError:
            return None
        if lock is not None or time.monotonic() >= deadline:
            return lock
        time.sleep(_POLL)
