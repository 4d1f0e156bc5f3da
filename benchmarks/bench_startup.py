"""Time from launching `buyword` to the first painted title screen (median of N runs).

In a real terminal under tmux when it is installed: start the installed command in a detached
80x24 session and poll the screen until the title's menu shows. Without tmux, launch a Python
process that runs the app headless and exits once the title has painted.

    python benchmarks/bench_startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

#: Text that is on the title screen only once it has painted.
TITLE_TEXT = "New solo game"

#: The headless fallback: a fresh interpreter, the app, exit right after the first paint.
HEADLESS = """
from buyword.ui.app import BuyWordApp
from buyword.ui.title import TitleScreen

class Once(BuyWordApp):
    def on_screen_resume(self) -> None:
        if isinstance(self.screen, TitleScreen):
            self.call_after_refresh(self.exit, 0)

Once().run(headless=True, size=(80, 24))
"""


def time_tmux(tmux: str, command: str) -> float:
    """Seconds from starting `command` in tmux until the title shows."""
    name = f"buyword-bench-{uuid.uuid4().hex[:8]}"
    start = time.perf_counter()
    subprocess.run([tmux, "new-session", "-d", "-s", name, "-x", "80", "-y", "24", command],
                   check=True)
    try:
        while True:
            shown = subprocess.run([tmux, "capture-pane", "-p", "-t", name],
                                   capture_output=True, text=True).stdout
            if TITLE_TEXT in shown:
                return time.perf_counter() - start
            if time.perf_counter() - start > 30:
                raise SystemExit(f"the title never showed; the screen was:\n{shown}")
            time.sleep(0.005)
    finally:
        subprocess.run([tmux, "kill-session", "-t", name], capture_output=True)


def time_headless() -> float:
    """Seconds for a fresh interpreter to start the app and paint the title headless."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", HEADLESS], check=True)
    return time.perf_counter() - start


def main() -> int:
    """Run the benchmark and print the median (and the spread)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    tmux = shutil.which("tmux")
    command = str(Path(sys.executable).with_name("buyword"))
    how = "tmux, installed command" if tmux else "headless Python process (no tmux)"
    times = []
    for _ in range(args.runs):
        times.append(time_tmux(tmux, command) if tmux else time_headless())
    print(f"start-up to painted title ({how}), {args.runs} runs: "
          f"median {statistics.median(times) * 1000:.0f} ms, "
          f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
