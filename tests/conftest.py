"""Shared set-up for the whole suite: one folder for word-index cache files per test run."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

#: Names the folder where this run's processes (pytest-xdist's workers too) cache word indexes:
#: the first process to build the bundled dictionary's index saves it, the others read it
#: (0.3 s instead of 1.1 s). Made fresh for every run, so no test reads a stale index.
INDEX_CACHE = "BUYWORD_TEST_INDEX_CACHE"


def pytest_configure(config: pytest.Config) -> None:
    """Make the run's index folder (in the main process, before any worker starts)."""
    if INDEX_CACHE not in os.environ:
        os.environ[INDEX_CACHE] = tempfile.mkdtemp(prefix="buyword-test-index-")
        config.stash[_OWNED] = os.environ[INDEX_CACHE]


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's index folder (only the process that made it does)."""
    folder = config.stash.get(_OWNED, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(INDEX_CACHE, None)


_OWNED = pytest.StashKey[str]()
