"""The whole test suite's time, with a gauge of how fast the machine was while it ran.

    python benchmarks/bench_suite.py [--runs 1] [--workers 2]

Runs the README's test command (`python -m pytest -n WORKERS`) RUNS times and prints each
run's wall time, the processor time of everything it started (pytest, its workers and every
process the tests start), and the median wall time.

Why the gauge: the machines we share change speed by a third from one minute to the next
(another tenant's load), and a suite of 1,600 tests takes as long as the machine lets it.
Before and after each run the script times a plain Python loop of 10**7 additions in CPU
seconds; a run whose loop times differ a lot was measured on a machine that changed speed
while it ran, and two runs are comparable only at similar loop times.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def one_run(workers: int) -> tuple[float, float, str]:
    """Run the suite once: (wall seconds, CPU seconds, pytest's last line)."""
    cpu = children_cpu()
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", str(workers)],
                          cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - start
    lines = done.stdout.strip().splitlines()
    return wall, children_cpu() - cpu, lines[-1] if lines else f"exit status {done.returncode}"


def main() -> None:
    """Time the suite and print one line a run and the median."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    walls = []
    for run in range(1, args.runs + 1):
        before = loop_seconds()
        wall, cpu, last = one_run(args.workers)
        after = loop_seconds()
        walls.append(wall)
        print(f"run {run}: {wall:.1f} s wall, {cpu:.0f} s CPU; loop {before:.2f} s before, "
              f"{after:.2f} s after; {last}")
    print(f"median wall over {len(walls)} runs: {statistics.median(walls):.1f} s")


if __name__ == "__main__":
    main()
