"""How quickly `buyword serve` opens a tab and stops: medians over N runs, in headless Chromium.

Prints, for a real `buyword serve` on a loopback port with a throwaway data folder:
- opening a tab: from asking for the page to the game's title drawn in it (each tab starts
  its own game process), against the baseline of the same game started in a terminal
  (`bench_startup.py`'s measure: tmux when installed, else a headless process);
- stopping: from Ctrl+C (SIGINT to the server) to its exit with two tabs open.

    python benchmarks/bench_serve.py [--runs 5]

Needs the web and test extras and Debian's chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks")]

from bench_startup import time_headless, time_tmux  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from web_helpers import CHROMIUM, CHROMIUM_ARGS, Served  # noqa: E402

TITLE_TEXT = "New solo game"


def open_tab(browser: Browser, url: str) -> Page:
    """Open the page and wait for the game's title drawn in it."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    drawn: list[str] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda data: drawn.append(
            data.decode("utf-8", "replace") if isinstance(data, bytes) else data)))
    start = time.perf_counter()
    page.goto(url)
    while TITLE_TEXT not in "".join(drawn):
        if time.perf_counter() - start > 60:
            raise SystemExit("the title never showed in the browser")
        page.wait_for_timeout(5)
    return page


def time_tab(browser: Browser, url: str) -> float:
    """Seconds from opening the page to the title drawn in it."""
    start = time.perf_counter()
    page = open_tab(browser, url)
    took = time.perf_counter() - start
    page.close()
    return took


def time_stop(browser: Browser, home: Path) -> float:
    """Seconds from Ctrl+C to the server's exit, with two tabs open."""
    served = Served(home)
    pages = []
    try:
        served.wait_until_serving()
        pages = [open_tab(browser, served.url) for _ in range(2)]
        served.wait_for_games(2)
        start = time.perf_counter()
        served.interrupt()
        served.process.wait(timeout=30)
        return time.perf_counter() - start
    finally:
        for page in pages:
            page.close()
        served.stop()


def median_ms(times: list[float]) -> str:
    """The median of `times` in milliseconds, with the spread."""
    return (f"median {statistics.median(times) * 1000:.0f} ms "
            f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f})")


def main() -> int:
    """Run the benchmark and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    tmux = shutil.which("tmux")
    command = str(Path(sys.executable).with_name("buyword"))
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        home = Path(folder)
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=CHROMIUM_ARGS)
        served = Served(home / "tabs")
        try:
            served.wait_until_serving()
            tabs = [time_tab(browser, served.url) for _ in range(runs)]
        finally:
            served.interrupt()
            served.process.wait(timeout=30)
            served.stop()
        terminal = [time_tmux(tmux, command) if tmux else time_headless() for _ in range(runs)]
        stops = [time_stop(browser, home / f"stop-{i}") for i in range(runs)]
        browser.close()
    how = "tmux" if tmux else "headless process"
    print(f"open a tab to the title drawn ({runs} runs): {median_ms(tabs)}")
    print(f"baseline, the game in a terminal ({how}): {median_ms(terminal)}")
    ratio = statistics.median(tabs) / statistics.median(terminal)
    print(f"ratio browser tab / terminal: {ratio:.2f}")
    print(f"Ctrl+C to exit with two tabs open ({runs} runs): {median_ms(stops)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
