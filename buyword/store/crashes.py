"""Crash reports: what BuyWord keeps, and says, when an error nobody foresaw stops it.

Well-kept programs do three things then, and so does BuyWord (the app, a served game, `host`,
`join`): the game in progress is saved (it is saved after every move anyway), a report is
written to the data folder's `crashes/` folder (the version, the platform, the traceback and
the game's record, everything a developer needs to replay what happened), and the person is
told, calmly and in one place, where the report is and that Continue resumes the game.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from buyword import __version__
from buyword.store.files import write_atomic

#: The folder, inside the data folder, that holds the crash reports.
CRASHES = "crashes"


def write_crash_report(folder: Path | None, error: BaseException, *, where: str,
                       record: str | None = None) -> Path | None:
    """Write a report of `error` into `folder`/crashes; its path, or None if it could not be
    written (no folder, a full or read-only disk). `where`: what was running ("the app",
    "buyword host"); `record`: the game's save as JSON text, if there is a game."""
    if folder is None:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / CRASHES / f"crash-{stamp}-{os.getpid()}.txt"
    try:
        write_atomic(path, crash_report(error, where=where, record=record))
    except (OSError, ValueError):
        return None
    return path


def crash_report(error: BaseException, *, where: str, record: str | None = None) -> str:
    """The text of a crash report: what ran, on what, the traceback, and the game's record."""
    import platform  # only when there is something to report
    import traceback

    lines = [
        "BuyWord crash report",
        f"version: {__version__}",
        f"platform: {platform.platform()}; Python {platform.python_version()} "
        f"({platform.python_implementation()})",
        f"when: {time.strftime('%Y-%m-%dT%H:%M:%S%z')}",
        f"where: {where}",
        f"command: {' '.join(['buyword', *sys.argv[1:]])}",
        "",
        "traceback:",
        "".join(traceback.format_exception(error)).rstrip(),
        "",
        "the game's record (its save; `buyword replay FILE` replays it once saved to a file):",
        record if record is not None else "(no game was in progress)",
    ]
    return "\n".join(lines) + "\n"


def crash_message(report: Path | None, resume: str | None) -> str:
    """What the person is told: calm, in their words, how to go on (`resume`, a sentence, or
    None when there was no game) and where the report is."""
    lines = ["Something went wrong that BuyWord did not expect, and it has to stop."]
    if resume:
        lines.append(resume)
    if report is not None:
        lines.append(f"A report for the developers is in {report}; it holds where BuyWord "
                     "stopped and the game's moves, nothing else about you.")
    else:
        lines.append("No report could be written (the data folder cannot be written to).")
    return "\n".join(lines)


def kept_save(folder: Path | None, name: str = "current.json") -> str | None:
    """The game saved in `folder` (its save's text), for a report; None if there is none."""
    if folder is None:
        return None
    from buyword.engine.inputs import read_limited
    from buyword.store.files import SAVE_LIMIT

    try:
        return read_limited(folder / name, what="a save", limit=SAVE_LIMIT).decode(
            "utf-8", "replace")
    except Exception:  # a report must be written whatever the save is like
        return None
