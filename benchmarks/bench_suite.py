"""The whole test suite's time, with a gauge of how fast the machine was while it ran.

    python benchmarks/bench_suite.py [--runs 1] [--workers 2] [--by-file 25]

Runs the README's test command (`python -m pytest -n WORKERS`) RUNS times and prints each
run's wall time, the processor time of everything it started (pytest, its workers and every
process the tests start), and the median wall time. With `--by-file N`, each test is timed
too (`suite_timing.py`, a pytest plugin) and the N test files that took the most processor
time are listed: their tests' wall time, their own processor time and that of the processes
they started.

Why the gauge: the machines we share change speed by a third from one minute to the next
(another tenant's load), and a suite of 1,600 tests takes as long as the machine lets it.
Before and after each run the script times a plain Python loop of 10**7 additions in CPU
seconds; a run whose loop times differ a lot was measured on a machine that changed speed
while it ran, and two runs are comparable only at similar loop times.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The variable naming the folder where `suite_timing.py` writes each test's times.
TIMES_FOLDER = "BUYWORD_SUITE_TIMES"


def loop_seconds() -> float:
    """CPU seconds of a Python loop of 10**7 additions: the machine's speed right now."""
    start = time.process_time()
    total = 0
    for number in range(10**7):
        total += number
    return time.process_time() - start


def children_cpu() -> float:
    """User and system CPU seconds of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(workers: int, times: Path | None = None) -> tuple[float, float, str]:
    """Run the suite once: (wall seconds, CPU seconds, pytest's last line); each test's times
    in the folder `times` if given."""
    command = [sys.executable, "-m", "pytest", "-n", str(workers)]
    env = dict(os.environ)
    if times is not None:
        command += ["-p", "suite_timing"]
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "benchmarks"),
                                                          env.get("PYTHONPATH")]))
        env[TIMES_FOLDER] = str(times)
    cpu = children_cpu()
    start = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
    wall = time.monotonic() - start
    lines = done.stdout.strip().splitlines()
    return wall, children_cpu() - cpu, lines[-1] if lines else f"exit status {done.returncode}"


def by_file(times: Path, top: int) -> None:
    """Print the `top` test files by processor time (their own and their processes')."""
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    for sheet in times.glob("*.tsv"):
        for line in sheet.read_text().splitlines():
            wall, cpu, children, test = line.split("\t")
            totals = files[test.split("::")[0]]
            totals[0] += float(wall)
            totals[1] += float(cpu)
            totals[2] += float(children)
            totals[3] += 1
    print("   wall    CPU  started  tests  file")
    for name, (wall, cpu, children, tests) in sorted(
            files.items(), key=lambda item: -(item[1][1] + item[1][2]))[:top]:
        print(f"{wall:7.1f} {cpu:6.1f} {children:8.1f} {tests:6}  {name}")
    own = sum(totals[1] for totals in files.values())
    started = sum(totals[2] for totals in files.values())
    print(f"all {len(files)} files: {own:.1f} s of the tests' own CPU, {started:.1f} s in the "
          f"processes they started")


def main() -> None:
    """Time the suite and print one line a run and the median."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--by-file", type=int, default=0, metavar="N",
                        help="also list the N test files that took the most CPU")
    args = parser.parse_args()
    walls = []
    for run in range(1, args.runs + 1):
        before = loop_seconds()
        with tempfile.TemporaryDirectory() as folder:
            times = Path(folder) if args.by_file else None
            wall, cpu, last = one_run(args.workers, times)
            after = loop_seconds()
            walls.append(wall)
            print(f"run {run}: {wall:.1f} s wall, {cpu:.0f} s CPU; loop {before:.2f} s before, "
                  f"{after:.2f} s after; {last}")
            if times is not None:
                by_file(times, args.by_file)
    print(f"median wall over {len(walls)} runs: {statistics.median(walls):.1f} s")


if __name__ == "__main__":
    main()
