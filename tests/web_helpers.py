"""Shared helpers for the web tests: a real `buyword serve` process, its games, a real browser."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from words_helpers import bundled_lexicon, home_for_a_game

from buyword.engine import Game
from buyword.store import SavedGame, read_save

#: How often the waits below look again (a server's line, a game process, a save): often
#: enough that a test does not sit idle long after what it waits for has happened.
POLL = 0.025

#: Debian's chromium (installed by .ci/run); Playwright never downloads a browser here.
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: Screenshots and other artefacts a person can look at after a run (git-ignored).
OUTPUT = Path(__file__).resolve().parent / "output"


def free_port() -> int:
    """A loopback port nobody is listening on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children(pid: int) -> set[int]:
    """The live (not zombie) processes whose parent is `pid`, read from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # gone while we looked
        # The command name is in parentheses and may hold spaces: read the fields after it.
        state, parent = stat.rpartition(")")[2].split()[:2]
        if int(parent) == pid and state != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while process `pid` exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


class Served:
    """`python -m buyword serve` on a free loopback port, with its own data folder.

    It runs in its own process group, as a shell runs a command, so `interrupt(group=True)`
    is exactly a terminal's Ctrl+C.
    """

    def __init__(self, home: Path, host: str = "127.0.0.1", args: tuple[str, ...] = (), *,
                 command: tuple[str, ...] = (sys.executable, "-m", "buyword"),
                 cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
        """`command`: how `buyword` is run (another venv's); `cwd`: the folder it starts in;
        `env`: more environment variables for it (and so for its games)."""
        self.home = home_for_a_game(home)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        env = {**os.environ, "BUYWORD_HOME": str(home), "TEXTUAL_ANIMATIONS": "none",
               **(env or {})}
        self._seen_games: set[int] = set()
        self.log = home / "serve.log"
        self._log_file = self.log.open("w")
        self.process = subprocess.Popen(
            [*command, "serve", "--host", host, "--port", str(self.port), *args], cwd=cwd,
            stdout=self._log_file, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        )

    def output(self) -> str:
        """Everything the server has printed so far."""
        return self.log.read_text()

    def wait_until_serving(self, timeout: float = 60.0) -> None:
        """Wait for the server's "served at" line."""
        deadline = time.monotonic() + timeout
        while "served at" not in self.output():
            if self.process.poll() is not None:
                raise AssertionError(f"buyword serve exited early:\n{self.output()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"buyword serve never started:\n{self.output()}")
            time.sleep(POLL)

    def games(self) -> set[int]:
        """The game processes running now, one per open tab."""
        games = children(self.process.pid)
        self._seen_games |= games
        return games

    def wait_for_games(self, count: int, timeout: float = 60.0) -> set[int]:
        """Wait until `count` game processes run."""
        deadline = time.monotonic() + timeout
        while len(games := self.games()) != count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(games)} games running, not {count}:\n{self.output()}")
            time.sleep(POLL)
        return games

    def interrupt(self, group: bool = False, signum: int = signal.SIGINT) -> None:
        """Ctrl+C: SIGINT to the server alone, or (`group`) to its process group, as a
        terminal does (the games run in sessions of their own). `signum`: another signal."""
        if group:
            os.killpg(self.process.pid, signum)
        else:
            self.process.send_signal(signum)

    def stop(self) -> None:
        """Make sure nothing is left running, even after a test that failed half-way."""
        if self.process.poll() is None:
            self.games()
            self.process.kill()
            self.process.wait()
        for pid in self._seen_games:
            if alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        self._log_file.close()


def saved(home: Path) -> SavedGame | None:
    """The game in progress saved in `home`, or None if there is none yet."""
    path = home / "current.json"
    try:
        return read_save(path.read_bytes())
    except (OSError, ValueError):
        return None  # not written yet, or caught half-way through a write


def saved_game(home: Path) -> Game:
    """The saved game, replayed to where the player is."""
    save = saved(home)
    assert save is not None, "no game is saved"
    return save.record.replay(bundled_lexicon())


def wait_for_save(home: Path, test, timeout: float = 60.0) -> SavedGame:
    """Wait until the saved game passes `test` (a function of its actions); return it."""
    deadline = time.monotonic() + timeout
    while True:
        save = saved(home)
        if save is not None and test(save.record.actions):
            return save
        if time.monotonic() > deadline:
            actions = None if save is None else save.record.actions
            raise AssertionError(f"the saved game never got there; its actions: {actions}")
        time.sleep(POLL)
