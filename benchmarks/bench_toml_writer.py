"""The settings file's writer: the project's own (`Settings.to_toml`) against `tomli_w`, which
msgspec needs to encode TOML (medians of CPU time; docs/development.md, "The codec").

    python benchmarks/bench_toml_writer.py [--repeats 200] [--tomli-w FOLDER]

`tomli_w` is not a dependency: give the folder of an unpacked wheel (`pip download tomli_w`,
then unzip it) with `--tomli-w`, or have it installed. It prints the time to import it, the
time each writer takes for the same settings, its size in lines, and whether what it wrote
reads back as the same settings.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from buyword.store.settings import NEW_GAME, Settings, parse_settings
from buyword.store.setup import Seat


def _median_us(write: Callable[[], str], repeats: int) -> float:
    """The median CPU time of one write, in microseconds (7 rounds of `repeats`)."""
    rounds = []
    for _ in range(7):
        started = time.process_time()
        for _ in range(repeats):
            write()
        rounds.append((time.process_time() - started) / repeats * 1e6)
    return statistics.median(rounds)


def main() -> None:
    """Measure both writers and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--tomli-w", metavar="FOLDER", help="an unpacked tomli_w wheel")
    args = parser.parse_args()
    if args.tomli_w:
        sys.path.insert(0, args.tomli_w)
    started = time.process_time()
    tomli_w: Any = importlib.import_module("tomli_w")
    imported = (time.process_time() - started) * 1000
    settings = Settings(theme="nord", table_seats=(Seat("Zoë"), Seat('Al "the" Bot', "master")))

    def with_tomli_w() -> str:
        # The adapter it would still need: no TOML for None, and the [new_game] table.
        data: dict[str, Any] = {}
        for name, value in settings.values().items():
            if name.endswith(".tile_limit") and value is None:
                value = 0
            if isinstance(value, tuple):
                value = [{"name": s.name} | ({"level": s.level} if s.level else {})
                         for s in value]
            elif not isinstance(value, bool | int):
                value = str(value)
            if "." in name:
                data.setdefault(NEW_GAME, {})[name.partition(".")[2]] = value
            else:
                data[name] = value
        return str(tomli_w.dumps(data))

    lines = sum(len(path.read_text().splitlines())
                for path in Path(tomli_w.__file__).parent.glob("*.py"))
    print(f"tomli_w {getattr(tomli_w, '__version__', '?')}: {lines} lines, import "
          f"{imported:.1f} ms CPU")
    for name, write in (("Settings.to_toml", settings.to_toml), ("tomli_w", with_tomli_w)):
        same = parse_settings(write())[0] == settings
        print(f"{name}: {_median_us(write, args.repeats):.1f} µs a write (median), reads back "
              f"{'the same' if same else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
