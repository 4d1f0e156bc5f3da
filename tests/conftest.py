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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the slow tests first (in their own order), then the fast ones.

    Why: pytest-xdist's workers take tests in this order, and a run of two workers ends when
    the busier one does. With the slow tests last (most are test_ui_* and test_web_*, late in
    the alphabet) one worker was still playing a whole Pilot game while the other had nothing
    left; with them first, the run ends on tests of a fraction of a second.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
