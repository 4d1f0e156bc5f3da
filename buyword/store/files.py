"""One folder of the player's files: atomic writes, bad files moved aside, and a memory fallback.

Every write goes to a temporary file in the same folder, is flushed and fsynced, and replaces
the old file with `os.replace`, so a crash or `kill -9` leaves either the old file or the new
one, never half of each. When the folder cannot be written (read-only, full, missing, not a
folder) the files live on in memory for the rest of the session and `warning` says so; reading
still tries the disk, so a read-only folder keeps its history and scores visible.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from buyword.engine import RecordError
from buyword.engine.inputs import read_limited
from buyword.store import locks

#: Temporary files are named `.NAME.PID.RANDOM.tmp`, so a leftover one (after a kill) is easy
#: to spot and its writer (PID) can be asked whether it is still running.
TEMP_SUFFIX = ".tmp"
_TEMP_PID = re.compile(r"\.(\d+)\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + "$")
#: A bad file is kept beside the original as `NAME.bad-YYYYmmdd-HHMMSS`.
BAD_MARK = ".bad-"
#: The largest file of each kind read, in bytes: anything bigger is refused unread, so a
#: wrong file (a disk image, /dev/zero) cannot fill the memory.
SAVE_LIMIT = 5_000_000
SCORES_LIMIT = 20_000_000
SETTINGS_LIMIT = 100_000


class FileRefused(RecordError):
    """A file not read at all: not a regular file, or larger than the limit for its kind."""


def describe_os_error(error: OSError | ValueError) -> str:
    """Why a folder or file cannot be used, in a player's words."""
    if not isinstance(error, OSError):
        return "its name cannot be used as a file name"
    reasons = {
        errno.EROFS: "the disk is read-only",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.ENOTDIR: "part of its path is a file, not a folder",
        errno.ENOENT: "it does not exist",
        errno.ENAMETOOLONG: "the name is too long",
        errno.EISDIR: "it is a folder, not a file",
        errno.EEXIST: "it is a file, not a folder",  # mkdir where a file stands
    }
    return reasons.get(error.errno or 0, error.strerror or "the system refused")


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a crash leaves the old file or the new, never a mix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.",
                                suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable; silently skipped where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename itself is already done
    finally:
        os.close(fd)


def bad_name(name: str, now: float | None = None) -> str:
    """The name a bad file is kept under: `current.json.bad-20261129-173000`."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    return f"{name}{BAD_MARK}{stamp}"


def _dangling(path: Path) -> bool:
    """True if `path` is a symbolic link whose target is missing."""
    try:
        return path.is_symlink() and not path.exists()
    except (OSError, ValueError):
        return False


def _target(path: Path) -> str:
    """Where the symbolic link `path` points, as written in it."""
    try:
        return os.readlink(path)
    except (OSError, ValueError):
        return "?"


class Files:
    """The files under one folder, by relative name (`current.json`, `games/x.json`)."""

    def __init__(self, root: Path | None, problem: str | None = None,
                 what: str = "Progress is") -> None:
        """Use `root`; with None everything lives in memory from the start.

        `problem` says why there is no folder (None: memory by choice, no warning) and
        `what` names what is lost ("Progress is", "Settings are"); both go into the warning.
        """
        self.root = root
        self.what = what
        #: Files written (text) or deleted (None) in memory once the disk failed.
        self.memory: dict[str, str | None] | None = None
        self.warning: str | None = None
        if root is None and problem is None:
            self.memory = {}  # memory by choice (tests, embedding): nothing to warn about
        elif root is None:
            self._fall_back(problem or "there is no folder to save in")

    @property
    def in_memory(self) -> bool:
        """True once files are kept in memory only (progress is not being saved)."""
        return self.memory is not None

    def _fall_back(self, why: str) -> dict[str, str | None]:
        """Keep the files in memory from now on, warning once; the memory kept."""
        if self.memory is None:
            self.memory = {}
        if self.warning is None:
            where = f" in {self.root}" if self.root is not None else ""
            self.warning = f"{self.what} not being saved{where}: {why}."
        return self.memory

    def path(self, name: str) -> Path | None:
        """Where `name` lives on disk (None without a folder)."""
        return None if self.root is None else self.root / name

    def read(self, name: str, limit: int = SAVE_LIMIT, what: str = "a save") -> bytes | None:
        """The bytes of `name`, or None if there is no such file (or it cannot be read).

        Raises FileRefused for a file that is not a regular file or is over `limit` bytes
        (`what` names the kind of file in the message).
        """
        if self.memory is not None and name in self.memory:
            text = self.memory[name]
            return None if text is None else text.encode("utf-8")
        path = self.path(name)
        if path is None:
            return None
        try:
            return read_limited(path, what=what, limit=limit, error=FileRefused, named=False)
        except FileRefused:
            raise
        except OSError as error:
            if error.errno == errno.ELOOP:  # said, not taken for "no file"
                raise FileRefused(f"{name!r} is a symbolic link loop") from None
            if error.errno == errno.ENOENT and _dangling(path):
                raise FileRefused(f"{name!r} is a symbolic link to {_target(path)!r}, "
                                  "which does not exist") from None
            return None
        except ValueError:
            return None

    def lasting(self, name: str, limit: int = SAVE_LIMIT, what: str = "a save") -> bytes | None:
        """`name` as the next start will find it: on disk, never the copy kept in memory since
        the disk failed (a store kept in memory by choice has only that copy). None if there
        is no such file or it cannot be read."""
        if self.root is None:
            with contextlib.suppress(RecordError):
                return self.read(name, limit, what)
            return None
        try:
            return read_limited(self.root / name, what=what, limit=limit, error=FileRefused,
                                named=False)
        except (OSError, ValueError, RecordError):
            return None

    def exists(self, name: str) -> bool:
        """True if `name` holds a file (in memory or on disk)."""
        if self.memory is not None and name in self.memory:
            return self.memory[name] is not None
        path = self.path(name)
        try:
            return path is not None and path.is_file()
        except (OSError, ValueError):
            return False

    def write(self, name: str, text: str) -> bool:
        """Save `text` as `name`; True if it reached the disk, False if kept in memory only."""
        if self.memory is None:
            path = self.path(name)
            assert path is not None  # without a folder, memory is set from the start
            try:
                write_atomic(path, text)
                return True
            except (OSError, ValueError) as error:
                self._fall_back(describe_os_error(error))
        assert self.memory is not None
        self.memory[name] = text
        return False

    def delete(self, name: str) -> None:
        """Remove `name` if present; in memory mode it is only hidden (the disk is untouched)."""
        if self.memory is not None:
            self.memory[name] = None
            return
        path = self.path(name)
        assert path is not None
        try:
            path.unlink(missing_ok=True)
            sync_folder(path.parent)
        except (OSError, ValueError) as error:
            self._fall_back(describe_os_error(error))[name] = None

    def move_aside(self, name: str, now: float | None = None) -> str | None:
        """Keep a bad file under a `.bad-` name; return that name, or None if it stayed put.

        Either way the file is no longer seen as `name` for the rest of the session.
        """
        path = self.path(name)
        if self.memory is None and path is not None:
            target = path.with_name(bad_name(path.name, now))
            counter = 1
            while target.exists():
                counter += 1
                target = path.with_name(f"{bad_name(path.name, now)}-{counter}")
            try:
                os.replace(path, target)
                sync_folder(path.parent)
                return str(Path(name).with_name(target.name))
            except FileNotFoundError:
                return None  # already gone: nothing to keep
            except (OSError, ValueError) as error:
                self._fall_back(describe_os_error(error))
        assert self.memory is not None
        self.memory[name] = None
        return None

    def names(self, folder: str) -> list[str]:
        """The files directly in `folder` (relative names, sorted), disk and memory together."""
        found: set[str] = set()
        path = self.path(folder)
        if path is not None:
            try:
                found = {f"{folder}/{p.name}" for p in path.iterdir() if p.is_file()}
            except (OSError, ValueError):
                found = set()
        for name, text in (self.memory or {}).items():
            if name.startswith(f"{folder}/"):
                if text is None:
                    found.discard(name)
                else:
                    found.add(name)
        return sorted(found)

    def probe(self) -> None:
        """Try a small write now, so a read-only or full folder is noticed before play starts.

        The probe makes a temporary file as every write does and writes to it, but does not
        flush it to the disk: it is deleted at once, and the two flushes a write makes (the
        file's and the folder's) took 3-4 ms of every start-up, more on a busy disk.
        """
        if self.memory is not None or self.root is None:
            return
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            # Named as a write's temporary file, so one left by a kill is tidied up as theirs.
            fd, temp = tempfile.mkstemp(dir=self.root, prefix=f".probe.{os.getpid()}.",
                                        suffix=TEMP_SUFFIX)
            try:
                os.write(fd, b"ok")
            finally:
                os.close(fd)
                os.unlink(temp)
        except (OSError, ValueError) as error:
            self._fall_back(describe_os_error(error))

    def clean_temporaries(self, max_age: float = 3600.0) -> None:
        """Remove temporary files left by a killed process.

        One whose writer is no longer running goes at once; any older than `max_age` seconds
        goes too (a writer on another machine sharing the folder, or an old-style name).
        """
        if self.root is None or self.memory is not None:
            return
        cutoff = time.time() - max_age
        try:
            for pattern in (f".*{TEMP_SUFFIX}", f"*/.*{TEMP_SUFFIX}"):
                for path in self.root.glob(pattern):
                    if _writer_gone(path.name) or path.stat().st_mtime < cutoff:
                        path.unlink(missing_ok=True)
        except (OSError, ValueError):
            pass  # a stale temporary file is harmless; it is only tidied up

    # ----------------------------------------------------------------- locks

    def lock_path(self, name: str) -> Path | None:
        """The lock file that guards `name`: `.NAME.lock` in the same folder."""
        path = self.path(name)
        return None if path is None else path.with_name(f".{path.name}.lock")

    def try_lock(self, name: str) -> locks.Lock | None:
        """Take the lock on `name` for this process, or None if another process holds it.

        Without a folder, or where lock files cannot be made, the lock is granted: such a
        store keeps its files in memory, so it cannot overwrite another window's.
        """
        path = self.lock_path(name)
        if path is None or self.memory is not None:
            return locks.free_lock()
        try:
            return locks.try_lock(path)
        except (OSError, ValueError):
            return locks.free_lock()

    def locked_elsewhere(self, name: str) -> bool:
        """True if another process holds the lock on `name` (a window is playing it)."""
        path = self.lock_path(name)
        return path is not None and locks.is_locked_elsewhere(path)

    def exclusive(self, name: str) -> contextlib.AbstractContextManager[bool]:
        """Hold `name`'s lock for a read-change-write (see `locks.exclusive`)."""
        path = self.lock_path(name)
        if path is None or self.memory is not None:
            return contextlib.nullcontext(True)
        return locks.exclusive(path)

    def stamp(self, name: str) -> tuple[int, int] | None:
        """When `name` last changed and its size (None if absent): a cheap "has it changed?"."""
        if self.memory is not None and name in self.memory:
            text = self.memory[name]
            return None if text is None else (id(text), len(text))
        path = self.path(name)
        try:
            info = path.stat() if path is not None else None
        except (OSError, ValueError):
            return None
        return None if info is None else (info.st_mtime_ns, info.st_size)


def _writer_gone(name: str) -> bool:
    """True if the temporary file `name` names a process that is no longer running here."""
    match = _TEMP_PID.search(name)
    if match is None or sys.platform == "win32":
        # os.kill(pid, 0) would stop a process on Windows: there the age alone decides.
        return False
    pid = int(match.group(1))
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False  # alive but not ours (EPERM), or not a real pid: leave it to the age
    return False
