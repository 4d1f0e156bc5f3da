"""Drive the real `buyword` program in a tmux terminal: send keys, read the screen, kill it."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from words_helpers import home_for_a_game

T = TypeVar("T")

#: tmux is needed for the end-to-end tests; they are skipped without it.
HAVE_TMUX = shutil.which("tmux") is not None


def wait_until(check: Callable[[], T], timeout: float = 60.0, every: float = 0.05) -> T:
    """Poll `check` until it returns something truthy; AssertionError after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting after {timeout} s")
        time.sleep(every)


class Terminal:
    """One `buyword` process in its own tmux server (a private socket: nothing else touched)."""

    def __init__(self, home: Path, *args: str, width: int = 120, height: int = 40) -> None:
        """Start `python -m buyword ARGS` with BUYWORD_HOME=`home` in a fresh terminal."""
        self.socket = f"buyword-test-{os.getpid()}-{id(self)}"
        home_for_a_game(home)
        env = {"BUYWORD_HOME": str(home), "TERM": "xterm-256color",
               "TEXTUAL_ANIMATIONS": "none", "PYTHONPATH": os.pathsep.join(sys.path)}
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        program = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "buyword", *args))
        # `exec` makes the pane's process the game itself, so its pid is the one to kill.
        self._tmux("new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height),
                   f"exec env {exports} {program}")
        self._tmux("set-option", "-t", "game", "remain-on-exit", "on")
        self.pid = int(self._tmux("display-message", "-p", "-t", "game", "#{pane_pid}"))

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True,
                              text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout.strip()

    def keys(self, *keys: str) -> None:
        """Press keys (tmux names: "r", "Escape", "Enter", "C-s")."""
        for key in keys:
            self._tmux("send-keys", "-t", "game", key)

    def type(self, text: str) -> None:
        """Type text literally."""
        self._tmux("send-keys", "-t", "game", "-l", text)

    def screen(self) -> str:
        """The terminal's text as the player sees it now."""
        return self._tmux("capture-pane", "-p", "-t", "game")

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        """Wait until `text` is on the screen; returns the screen (AssertionError, naming
        `text` and showing the screen, if it never comes)."""
        try:
            return wait_until(lambda: self.screen() if text in self.screen() else "", timeout)
        except AssertionError:
            raise AssertionError(f"{text!r} never showed; the screen:\n{self.screen()}") from None

    def alive(self) -> bool:
        """True while the game process runs."""
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        return self._tmux("display-message", "-p", "-t", "game", "#{pane_dead}") != "1"

    def kill(self) -> None:
        """SIGKILL the game: no clean-up, no last save."""
        os.kill(self.pid, signal.SIGKILL)
        wait_until(lambda: not self.alive(), 60)

    def close(self) -> None:
        """Stop this test's own tmux server (and the game, if still running)."""
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True,
                       timeout=10)

    def __enter__(self) -> Terminal:
        """Use as a context manager so the terminal is always closed."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the terminal."""
        self.close()
