"""What a screen costs the first time it shows in a fresh process, headless, in processor
milliseconds (medians): the new-game form, help, and a solo game's table.

    python benchmarks/bench_first_screens.py [--runs 7] [--against DIR]

The first showing of a screen with a style file of its own is where Textual would read that
file and parse every source of the stylesheet again. Each run is a fresh Python process: the
app starts headless at 80x24, the title paints, a quarter of a second passes (the app reads
the other screens' styles 0.1 s after the title's first frame), then each screen is opened once
and timed from the call until the app has handled everything it set off (Pilot's pause).

`--against DIR` runs the same in another checkout of BuyWord (its `buyword` package on the
path instead of this one), the two taking turns, so that both see the same load.
Processor time (`time.process_time`) is used because on a shared machine the wall clock is
mostly waiting for a turn.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

#: Run in the child: open each screen once and print its processor milliseconds as JSON.
CHILD = """
import asyncio, json, sys, tempfile, time

from buyword.store import Store
from buyword.store.settings import Settings
from buyword.store.setup import GameSetup, Seat
from buyword.ui.app import BuyWordApp
from buyword.ui.options import PlayOptions
from buyword.words.lexicon import Lexicon


async def opened(pilot, open_it):
    start = time.process_time()
    open_it()
    for _ in range(3):
        await pilot.pause()
    return (time.process_time() - start) * 1000


async def main():
    app = BuyWordApp(PlayOptions(), lexicon=Lexicon(["tea", "sat", "eat"], "bench"),
                     store=Store(tempfile.mkdtemp()),
                     settings=Settings(animations=False, bot_speed="instant"))
    figures = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.25)
        figures["new-game form"] = await opened(pilot, lambda: app.action_new_game(True))
        app.pop_screen()
        await pilot.pause()
        figures["help"] = await opened(pilot, lambda: app.action_help("keys"))
        app.pop_screen()
        await pilot.pause()
        setup = GameSetup(seats=(Seat("You"),), seed=1)
        figures["solo table"] = await opened(pilot, lambda: app.start_game(setup))
    print(json.dumps(figures))


asyncio.run(main())
"""


def one_run(package_root: Path) -> dict[str, float]:
    """One fresh process with `package_root`'s `buyword` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(package_root), "BUYWORD_HOME": tempfile.mkdtemp()}
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, check=True,
                         capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    """Print each screen's median first-showing cost, here and in `--against`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout of BuyWord")
    args = parser.parse_args()
    trees = {"this checkout": Path(__file__).resolve().parent.parent}
    if args.against is not None:
        trees[f"{args.against}"] = args.against.resolve()
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for root in trees.values():  # a first run of each, not counted: the file caches
        one_run(root)
    for _ in range(args.runs):
        for name, root in trees.items():
            runs[name].append(one_run(root))
    print(f"first showing, processor ms (medians of {args.runs} fresh processes):")
    for screen in runs["this checkout"][0]:
        cells = [f"{name}: {statistics.median(r[screen] for r in rs):6.1f}"
                 for name, rs in runs.items()]
        print(f"  {screen:14} " + "   ".join(cells))


if __name__ == "__main__":
    main()
