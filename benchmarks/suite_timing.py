"""A pytest plugin for `bench_suite.py --by-file`: each test's wall time, the processor time
of its process and of the processes it started and waited for, one line a test, in the
folder named by `TIMES_FOLDER` (a file a worker)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest
from bench_suite import TIMES_FOLDER, children_cpu  # bench_suite puts this folder on the path

_out: list[IO[str]] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Time one test (set-up, call and tear-down) and write its line."""
    if not _out:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _out.append((Path(os.environ[TIMES_FOLDER]) / f"{worker}.tsv").open("w"))
    wall, cpu, children = time.monotonic(), time.process_time(), children_cpu()
    yield
    _out[0].write(f"{time.monotonic() - wall:.3f}\t{time.process_time() - cpu:.3f}\t"
                  f"{children_cpu() - children:.3f}\t{item.nodeid}\n")
    _out[0].flush()
