"""Time from launching `buyword` to its painted title, against a bare Textual app (medians).

    python benchmarks/bench_startup.py [--runs 9] [--headless]
    python benchmarks/bench_startup.py --first-game [--runs 9]

Under tmux (when installed): each run starts, in a detached 80x24 session of a private tmux
server, first the installed `buyword` command and then a bare Textual app (one `Static` and a
`Footer`, run by the same Python), and polls the screen until each shows its text. The two are
interleaved so that both see the same load on the machine. Without tmux (or with
`--headless`), both run headless in a fresh Python process that exits right after its first
paint; BuyWord's is the `buyword` command's own path (`buyword.cli.main`), with its data folder.
One run of each comes first and is not counted (it fills the bytecode and file caches).

It prints the median of each and their ratio: the ratio is the cost of BuyWord's own start-up
(imports, the dictionary, settings, the title screen) over Textual's. Headless runs (`--headless`,
or no tmux) also print the processor time each process used (user + system, from the operating
system's accounts of the finished child): on a shared, busy machine that figure is far steadier
than the wall-clock time, which includes waiting for a turn on a processor.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

#: Text that is on BuyWord's title screen only once it has painted.
TITLE_TEXT = "New solo game"

#: Text the bare app shows once it has painted.
BARE_TEXT = "bare Textual app"

#: The baseline: the least a Textual app with a footer does before its first paint.
BARE = f"""
import os
import sys
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self):
        yield Static({BARE_TEXT!r})
        yield Footer()

    def on_ready(self):
        if "--once" in sys.argv:  # headless: stop once the first frame is painted
            self.call_after_refresh(os._exit, 0)

Bare().run(headless="--once" in sys.argv, size=(80, 24) if "--once" in sys.argv else None)
"""

#: `--floor`: BuyWord's title as Textual alone draws it (the same widgets, styles and keys,
#: none of BuyWord's code: no store, no tile set, no command line), headless. What it costs
#: over the bare app is Textual's work for the title's widgets, which no change to BuyWord's
#: own start-up can remove.
TITLE_FLOOR = """
import os

from textual.app import App
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static

CSS = '''
Title { align: center middle; }
#box { width: 60; height: auto; border: round $primary; padding: 1 2; }
#tiles { width: 1fr; height: 2; }
#tagline { width: 1fr; text-align: center; margin-top: 1; text-style: italic; }
#pitch { width: 1fr; text-align: center; color: $text-muted; margin-bottom: 1; }
#menu { width: 36; height: auto; border: none; background: transparent; }
.hidden { display: none; }
'''
MENU = ("New solo game", "Daily solo", "New table game (2-4 players)", "Solo stats",
        "How to play", "Settings", "Quit")


class Title(Screen):
    BINDINGS = [(key, "noop", label) for key, label in (
        ("s", "Solo"), ("d", "Daily"), ("t", "Table"), ("h", "How to play"),
        ("o", "Settings"), ("q", "Quit"))]

    def compose(self):
        with Vertical(id="box"):
            yield Static("  B     U     Y     W     O     R     D", id="tiles")
            yield Static("Sid Sackson's word game with an economy", id="tagline")
            yield Static("Buy letter tiles at [b](pips)²[/b]. Sell words at [b](pips)²[/b].",
                         id="pitch")
            yield Static(id="notice", classes="hidden")
            yield Static(id="warning", classes="hidden")
            with Center():
                yield OptionList(*MENU, id="menu")
            yield Static(id="scores", classes="hidden")
        yield Footer()


class Floor(App):
    # As BuyWord's: the title's styles are the app's, and the title is the first screen.
    CSS = CSS
    BINDINGS = [("question_mark", "noop", "Keys")]

    def get_default_screen(self):
        return Title()

    def on_ready(self):
        self.call_after_refresh(os._exit, 0)


Floor().run(headless=True, size=(80, 24))
"""

#: The headless fallback for BuyWord: the `buyword` command itself (its argument parsing, the
#: store in the data folder, the app), run headless at 80x24 and stopping once the title screen
#: has painted. Both headless apps stop at once (`os._exit`): work started after the paint (the
#: dictionary loads in a thread once the title shows) is not start-up, and waiting for it would
#: count it.
HEADLESS_TITLE = """
import os

from buyword import cli
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.title import TitleScreen


def on_ready(app):
    # The first frame is painted: it must be the title (or the figure means nothing).
    if not isinstance(app.screen, TitleScreen):
        os._exit(1)
    app.call_after_refresh(os._exit, 0)


def run_headless(app, **options):
    return run(app, headless=True, size=(80, 24))


BuyWordApp.on_ready = on_ready  # as the bare app does; the dictionary is not loaded
run, BuyWordApp.run = BuyWordApp.run, run_headless
cli.main([])
"""

#: `--first-game`: from Start to the first game's painted table, in a fresh data folder (no
#: word index cached yet), as `buyword` runs it headless: the title paints, then the new-game
#: form's Start (`start_game` with the form's defaults, a solo game) at once; the process
#: prints the wall-clock and processor seconds (all its threads) from Start to the paint.
FIRST_GAME = """
import json
import os
import time

from buyword import cli
from buyword.ui import saving
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.title import TitleScreen


def on_ready(app):
    if not isinstance(app.screen, TitleScreen):
        os._exit(1)
    app.call_after_refresh(start, app)


def start(app):
    from buyword.ui.screens.table import TableScreen

    began = time.perf_counter(), time.process_time()

    def painted():
        wall, cpu = time.perf_counter() - began[0], time.process_time() - began[1]
        print(json.dumps({"wall": wall, "cpu": cpu}), flush=True)
        os._exit(0)

    def look():
        if isinstance(app.screen, TableScreen) and app.screen.is_mounted:
            timer.stop()
            app.call_after_refresh(painted)

    timer = app.set_interval(0.002, look)
    app.start_game(saving.default_setup(app.settings, solo=True))


def run_headless(app, **options):
    return run(app, headless=True, size=(80, 24))


BuyWordApp.on_ready = on_ready
run, BuyWordApp.run = BuyWordApp.run, run_headless
cli.main([])
"""

#: Python writes no bytecode cache when this is set (as it is on some build machines): every
#: run would then compile BuyWord's modules afresh, while Textual's came compiled with its
#: wheel. An installed `buyword` has its cache, so the runs are measured with one.
NO_CACHE = "PYTHONDONTWRITEBYTECODE"


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


def time_headless(folder: Path, *args: str) -> tuple[float, float]:
    """Seconds for a fresh Python process, run with `args`, to paint once and exit: the wall
    clock's, and the processor time the process used."""
    env = {**_environment(), "BUYWORD_HOME": str(folder)}
    used = _children_cpu()
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, env=env)
    return time.perf_counter() - start, _children_cpu() - used


def _environment() -> dict[str, str]:
    """This process's environment, minus the setting that stops Python caching bytecode."""
    return {name: value for name, value in os.environ.items() if name != NO_CACHE}


def _children_cpu() -> float:
    """Processor seconds (user + system) used so far by this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Runs:
    """The seconds of each run of BuyWord and of the bare app (processor time: headless only)."""

    how: str
    title: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
    title_cpu: list[float] = field(default_factory=list)
    bare_cpu: list[float] = field(default_factory=list)
    #: `--floor` (headless): the title drawn by Textual alone, wall clock and processor time.
    floor: list[float] = field(default_factory=list)
    floor_cpu: list[float] = field(default_factory=list)


def measure(runs: int, folder: Path, headless: bool = False, floor: bool = False) -> Runs:
    """How it was measured, and the seconds of each BuyWord and each bare-app run.

    The apps are run from files in `folder` (Textual finds an app's CSS beside its source,
    which `python -c` has not got); `folder` is BuyWord's data folder too, so the title
    shows no Continue entry and nothing of the user's is read or written.
    """
    bare_file, title_file = folder / "bare.py", folder / "title_once.py"
    bare_file.write_text(BARE)
    title_file.write_text(HEADLESS_TITLE)
    floor_file = folder / "title_floor.py"
    floor_file.write_text(TITLE_FLOOR)
    tmux = None if headless or floor else shutil.which("tmux")
    # One run of each first, not counted: it writes the bytecode caches and reads the files
    # into the system's cache, as any earlier start of the game would have.
    time_headless(folder, str(title_file))
    time_headless(folder, str(bare_file), "--once")
    if tmux is None:
        found = Runs("headless Python processes" + ("" if headless else " (no tmux)"))
        for _ in range(runs):
            wall, cpu = time_headless(folder, str(title_file))
            found.title.append(wall)
            found.title_cpu.append(cpu)
            wall, cpu = time_headless(folder, str(bare_file), "--once")
            found.bare.append(wall)
            found.bare_cpu.append(cpu)
            if floor:
                wall, cpu = time_headless(folder, str(floor_file))
                found.floor.append(wall)
                found.floor_cpu.append(cpu)
        return found
    env = f"env -u {NO_CACHE} BUYWORD_HOME={shlex.quote(str(folder))} TERM=xterm-256color"
    buyword = f"{env} {shlex.quote(str(Path(sys.executable).with_name('buyword')))}"
    baseline = f"{env} {shlex.quote(sys.executable)} {shlex.quote(str(bare_file))}"
    found = Runs("tmux 80x24, installed command")
    server = Tmux(tmux)
    try:
        for _ in range(runs):
            found.title.append(server.time_until(buyword, TITLE_TEXT))
            found.bare.append(server.time_until(baseline, BARE_TEXT))
    finally:
        server.close()
    return found


def report(label: str, title: list[float], bare: list[float]) -> None:
    """Print both medians (with min and max) and their ratio."""
    title_ms = statistics.median(title) * 1000
    bare_ms = statistics.median(bare) * 1000
    print(f"  {label}:")
    print(f"    buyword title screen   median {title_ms:5.0f} ms "
          f"(min {min(title) * 1000:.0f}, max {max(title) * 1000:.0f})")
    print(f"    bare Textual app       median {bare_ms:5.0f} ms "
          f"(min {min(bare) * 1000:.0f}, max {max(bare) * 1000:.0f})")
    print(f"    ratio buyword / bare   {title_ms / bare_ms:.2f}x")


def first_game(runs: int, folder: Path) -> tuple[list[float], list[float]]:
    """Seconds from Start to a first game's painted table, each run in a fresh data folder:
    wall clock, and the processor time of the game's process over the same span."""
    script = folder / "first_game.py"
    script.write_text(FIRST_GAME)
    walls, cpus = [], []
    for run in range(runs + 1):  # the first fills the bytecode and file caches: not counted
        home = folder / f"home-{run}"
        env = {**_environment(), "BUYWORD_HOME": str(home)}
        out = subprocess.run([sys.executable, str(script)], check=True, env=env,
                             capture_output=True, text=True).stdout
        figures = json.loads(out.strip().splitlines()[-1])
        if run:
            walls.append(figures["wall"])
            cpus.append(figures["cpu"])
    return walls, cpus


def report_first_game(walls: list[float], cpus: list[float]) -> None:
    """The first game's time to its table, both clocks."""
    print(f"Start to a first game's table (fresh data folder, headless 80x24), {len(walls)} runs:")
    for label, values in (("wall clock", walls), ("processor time", cpus)):
        print(f"  {label:<15} median {statistics.median(values) * 1000:5.0f} ms "
              f"(min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f})")


def main() -> int:
    """Run the benchmark and print both medians and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--headless", action="store_true",
                        help="run headless even when tmux is installed (adds processor time)")
    parser.add_argument("--floor", action="store_true",
                        help="also time the title's widgets drawn by Textual alone (headless)")
    parser.add_argument("--first-game", action="store_true",
                        help="instead: time from Start to a first game's table, each run in a "
                             "fresh data folder (headless)")
    args = parser.parse_args()
    if args.first_game:
        with tempfile.TemporaryDirectory(prefix="buyword-bench-") as folder:
            report_first_game(*first_game(args.runs, Path(folder)))
        return 0
    with tempfile.TemporaryDirectory(prefix="buyword-bench-") as folder:
        runs = measure(args.runs, Path(folder), args.headless, args.floor)
    print(f"start-up to first paint ({runs.how}), {args.runs} runs each, interleaved:")
    report("wall clock", runs.title, runs.bare)
    if runs.title_cpu:
        report("processor time (user + system)", runs.title_cpu, runs.bare_cpu)
    if runs.floor_cpu:
        report_floor(runs)
    return 0


def report_floor(runs: Runs) -> None:
    """The title drawn by Textual alone, against the bare app and against BuyWord's title."""
    floor_ms = statistics.median(runs.floor_cpu) * 1000
    bare_ms = statistics.median(runs.bare_cpu) * 1000
    title_ms = statistics.median(runs.title_cpu) * 1000
    print("  the title's widgets drawn by Textual alone (processor time):")
    print(f"    median {floor_ms:5.0f} ms (wall clock {statistics.median(runs.floor) * 1000:.0f})"
          f": {floor_ms / bare_ms:.2f}x the bare app; buyword's title is "
          f"{title_ms / floor_ms:.2f}x this")


if __name__ == "__main__":
    raise SystemExit(main())
