"""A served game never outlives its server: it ends the moment the server's process does.

The server starts each tab's game with `SERVER_VARIABLE` set to its own process id; the game
calls `end_with_server` first thing. On Linux the kernel then kills the game when the server
dies (`PR_SET_PDEATHSIG`), even one killed with SIGKILL or one whose game is busy; elsewhere a
small thread looks every second whether the server is still its parent. Nothing is lost: a
game is saved after every move.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time

#: The environment variable that tells a game which server process it belongs to.
SERVER_VARIABLE = "BUYWORD_SERVER_PID"

#: prctl's option for "send me this signal when my parent dies" (linux/prctl.h).
_PR_SET_PDEATHSIG = 1

#: Seconds between two looks at the parent, where the kernel cannot watch it for us.
_WATCH_EVERY = 1.0


def end_with_server(server: int) -> None:
    """Tie this process to `server`, its parent: when the server ends, this process ends.

    Exits at once if the server has already gone (it died while this game was starting).
    """
    if not _linux_tether():
        threading.Thread(target=_watch, args=(server,), name="tether", daemon=True).start()
    if os.getppid() != server:
        os._exit(1)


def _linux_tether() -> bool:
    """Ask the kernel to kill this process when its parent dies; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # only a served game needs it

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    return False


def _watch(server: int) -> None:
    """End this process once `server` is no longer its parent (it has died)."""
    while os.getppid() == server:
        time.sleep(_WATCH_EVERY)
    os._exit(1)
