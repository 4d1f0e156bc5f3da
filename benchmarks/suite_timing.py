"""A pytest plugin for `bench_suite.py --by-file`: each test's wall time, the processor time
of its process and of the processes it started and waited for, one line a test, in the
folder named by `BUYWORD_SUITE_TIMES` (a file a worker)."""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

#: The folder the times are written to.
FOLDER = "BUYWORD_SUITE_TIMES"
_out: list[IO[str]] = []


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Time one test (set-up, call and tear-down) and write its line."""
    if not _out:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _out.append((Path(os.environ[FOLDER]) / f"{worker}.tsv").open("w"))
    wall, cpu, children = time.monotonic(), time.process_time(), _children_cpu()
    yield
    _out[0].write(f"{time.monotonic() - wall:.3f}\t{time.process_time() - cpu:.3f}\t"
                  f"{_children_cpu() - children:.3f}\t{item.nodeid}\n")
    _out[0].flush()
