"""Time from launching `buyword` to its painted title, against a bare Textual app (medians).

    python benchmarks/bench_startup.py [--runs 9]

Under tmux (when installed): each run starts, in a detached 80x24 session of a private tmux
server, first the installed `buyword` command and then a bare Textual app (one `Static` and a
`Footer`, run by the same Python), and polls the screen until each shows its text. The two are
interleaved so that both see the same load on the machine. Without tmux, both run headless
in a fresh Python process that exits right after its first paint.

It prints the median of each and their ratio: the ratio is the cost of BuyWord's own start-up
(imports, the dictionary, settings, the title screen) over Textual's.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

#: Text that is on BuyWord's title screen only once it has painted.
TITLE_TEXT = "New solo game"

#: Text the bare app shows once it has painted.
BARE_TEXT = "bare Textual app"

#: The baseline: the least a Textual app with a footer does before its first paint.
BARE = f"""
import sys
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self):
        yield Static({BARE_TEXT!r})
        yield Footer()

    def on_ready(self):
        if "--once" in sys.argv:  # headless: exit once the first frame is painted
            self.call_after_refresh(self.exit, 0)

Bare().run(headless="--once" in sys.argv, size=(80, 24) if "--once" in sys.argv else None)
"""

#: The headless fallback for BuyWord: the app, exiting once the title screen has painted.
HEADLESS_TITLE = """
from buyword.ui.app import BuyWordApp
from buyword.ui.title import TitleScreen

async def until_title(pilot):
    while not isinstance(pilot.app.screen, TitleScreen):
        await pilot.pause(0.005)
    await pilot.pause()  # one refresh: the title is painted
    pilot.app.exit(0)

BuyWordApp().run(headless=True, size=(80, 24), auto_pilot=until_title)
"""


class Tmux:
    """A private tmux server (its own socket), so no one else's sessions are touched."""

    def __init__(self, tmux: str) -> None:
        """Use the tmux program at `tmux`."""
        self.tmux = tmux
        self.socket = f"buyword-bench-{os.getpid()}"
        # A session that idles until `close`, so the server does not exit (and refuse the next
        # session) each time a measured session is killed.
        subprocess.run([tmux, "-L", self.socket, "new-session", "-d", "-s", "keep", "cat"],
                       check=True)

    def run(self, *args: str) -> str:
        """A tmux command's output."""
        return subprocess.run([self.tmux, "-L", self.socket, *args], capture_output=True,
                              text=True).stdout

    def time_until(self, command: str, text: str) -> float:
        """Seconds from starting `command` in a new 80x24 session until `text` shows."""
        name = f"run-{uuid.uuid4().hex[:8]}"
        start = time.perf_counter()
        subprocess.run([self.tmux, "-L", self.socket, "new-session", "-d", "-s", name,
                        "-x", "80", "-y", "24", command], check=True)
        try:
            while True:
                shown = self.run("capture-pane", "-p", "-t", name)
                if text in shown:
                    return time.perf_counter() - start
                if time.perf_counter() - start > 30:
                    raise SystemExit(f"{text!r} never showed; the screen was:\n{shown}")
                time.sleep(0.005)
        finally:
            self.run("kill-session", "-t", name)

    def close(self) -> None:
        """Stop the private server."""
        self.run("kill-server")


def time_headless(folder: Path, *args: str) -> float:
    """Seconds for a fresh Python process, run with `args`, to paint once and exit."""
    env = {**os.environ, "BUYWORD_HOME": str(folder)}
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, env=env)
    return time.perf_counter() - start


def measure(runs: int, folder: Path) -> tuple[str, list[float], list[float]]:
    """How it was measured, and the seconds of each BuyWord and each bare-app run.

    The apps are run from files in `folder` (Textual finds an app's CSS beside its source,
    which `python -c` has not got); `folder` is BuyWord's data folder too, so the title
    shows no Continue entry and nothing of the user's is read or written.
    """
    bare_file, title_file = folder / "bare.py", folder / "title_once.py"
    bare_file.write_text(BARE)
    title_file.write_text(HEADLESS_TITLE)
    title: list[float] = []
    bare: list[float] = []
    tmux = shutil.which("tmux")
    if tmux is None:
        for _ in range(runs):
            title.append(time_headless(folder, str(title_file)))
            bare.append(time_headless(folder, str(bare_file), "--once"))
        return "headless Python processes (no tmux)", title, bare
    env = f"env BUYWORD_HOME={shlex.quote(str(folder))} TERM=xterm-256color"
    buyword = f"{env} {shlex.quote(str(Path(sys.executable).with_name('buyword')))}"
    baseline = f"{env} {shlex.quote(sys.executable)} {shlex.quote(str(bare_file))}"
    server = Tmux(tmux)
    try:
        for _ in range(runs):
            title.append(server.time_until(buyword, TITLE_TEXT))
            bare.append(server.time_until(baseline, BARE_TEXT))
    finally:
        server.close()
    return "tmux 80x24, installed command", title, bare


def main() -> int:
    """Run the benchmark and print both medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="buyword-bench-") as folder:
        how, title, bare = measure(args.runs, Path(folder))
    title_ms = statistics.median(title) * 1000
    bare_ms = statistics.median(bare) * 1000
    print(f"start-up to first paint ({how}), {args.runs} runs each, interleaved:")
    print(f"  buyword title screen   median {title_ms:5.0f} ms "
          f"(min {min(title) * 1000:.0f}, max {max(title) * 1000:.0f})")
    print(f"  bare Textual app       median {bare_ms:5.0f} ms "
          f"(min {min(bare) * 1000:.0f}, max {max(bare) * 1000:.0f})")
    print(f"  ratio buyword / bare   {title_ms / bare_ms:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
