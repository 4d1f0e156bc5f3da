"""Reading a player's files safely: regular files only, and never more than a stated size.

A path a player names may be a named pipe (reading it waits for a writer forever), a device
(`/dev/zero` never ends), a folder, or simply far too big. `read_limited` looks before it opens
(`os.stat`), opens without blocking, checks again what it opened, and reads at most one byte
past the limit, so no file can hang the game or eat its memory.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable

from buyword.engine.errors import BuyWordError

#: What a path is, in a player's words, when it is not a regular file.
_KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)

#: Why a file cannot be opened, in a player's words (the system's own wording otherwise).
_REASONS = {
    errno.ENOENT: "it does not exist",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "part of its path is a file, not a folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ELOOP: "its path loops through symbolic links",
}


def size_words(limit: int) -> str:
    """A size as a player reads it: '64 kB', '50 MB', '12 bytes'."""
    for unit, scale in (("MB", 1_000_000), ("kB", 1_000)):
        if limit >= scale:
            return f"{limit / scale:g} {unit}"
    return f"{limit} bytes"


def not_regular(mode: int) -> str | None:
    """What a file of this `st_mode` is if it may not be read ('a folder'), or None."""
    if stat.S_ISREG(mode):
        return None
    for test, words in _KINDS:
        if test(mode):
            return words
    return "something other than a file"


class NotRegular(OSError):
    """A path that is not a regular file (`kind` says what it is: 'a named pipe')."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


def read_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most `limit` + 1 bytes of a regular file, looked at before and after opening.

    Raises NotRegular for a folder, pipe, device or socket (never opened for reading, so a
    pipe cannot block and a device cannot run forever); other OSErrors (missing, no
    permission) and ValueError (an unusable name) pass through for the caller to word.
    One byte past the limit is read so the caller can tell a file that is too large.
    """
    kind = not_regular(os.stat(path).st_mode)
    if kind:
        raise NotRegular(kind)
    # O_NONBLOCK: if the path was swapped for a pipe since the stat, opening must not wait.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        kind = not_regular(os.fstat(fd).st_mode)
        if kind:
            raise NotRegular(kind)
        return _read_up_to(fd, limit + 1)
    finally:
        os.close(fd)


def read_limited(
    path: str | os.PathLike[str],
    *,
    what: str,
    limit: int,
    error: type[BuyWordError] = BuyWordError,
    named: bool = True,
) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or `error` saying why not: the
    one way the game reads a file it is given or keeps (tile sets, word lists, saves, records,
    scores, settings).

    The message says what the file is instead (a folder, a named pipe, a device), that it is
    missing, or that it is bigger than the limit, with the limit in it. `named`: the message
    names the file as "cannot read {what} {path!r}: ..." (what names its kind: "tile set");
    without it (the store, which names its own files in its messages) it is the reason only,
    and an OSError (missing, no permission) passes through for the caller to word.
    """
    shown = f"cannot read {what} {str(path)!r}: "
    try:
        data = read_capped(path, limit)
    except NotRegular as problem:
        raise error(f"{shown * named}it is {problem.kind}, not a regular file") from None
    except (OSError, ValueError) as problem:
        if not named:
            raise
        raise error(f"{shown}{_why(problem)}") from None
    if len(data) > limit:
        over = "the limit" if named else f"the limit for {what}"
        raise error(f"{shown * named}it is larger than {size_words(limit)}, {over}")
    return data


def _read_up_to(fd: int, count: int) -> bytes:
    """At most `count` bytes from `fd` (fewer only at the end of the file)."""
    chunks = []
    left = count
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _why(problem: OSError | ValueError) -> str:
    """An OSError (or a path the system cannot take) in a player's words."""
    if not isinstance(problem, OSError):
        return "its name cannot be used as a file name"
    return _REASONS.get(problem.errno or 0, problem.strerror or "the system refused")



def utf8_text(raw: bytes) -> str:
    """A text file's bytes as text: UTF-8, with a leading byte-order mark (as some editors on
    Windows write) dropped. UnicodeDecodeError if it is not UTF-8."""
    return raw.decode("utf-8-sig")
