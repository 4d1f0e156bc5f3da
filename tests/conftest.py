"""Shared set-up for the whole suite: one home folder (and word-index cache) per test run."""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import sys
import tempfile
import weakref
from time import monotonic, process_time

import pytest
import textual.app
import textual.pilot
import textual.screen
from pilot_helpers import messages_waiting

try:  # private to Textual: see where it is used
    import textual._wait as textual_wait
except ImportError:
    textual_wait = None  # type: ignore[assignment]

# The test processes keep what they compile (the package's modules, and the test modules as
# pytest rewrites their asserts) in `__pycache__`, as pytest does by default, even where the
# environment says PYTHONDONTWRITEBYTECODE: otherwise every worker of every run compiles and
# rewrites all 20,000 lines of tests and 27,000 of the package again, about 4 s of each
# worker's start. (Nothing above imports the package; the programs the tests start keep the
# environment's choice.)
sys.dont_write_bytecode = False

#: Names the folder where this run's processes (pytest-xdist's workers too) cache word indexes:
#: the first process to build the bundled dictionary's index saves it, the others read it
#: (0.3 s instead of 1.1 s). Made fresh for every run, so no test reads a stale index.
INDEX_CACHE = "BUYWORD_TEST_INDEX_CACHE"
#: BuyWord's own variable for its data, settings and cache folders.
HOME = "BUYWORD_HOME"


def pytest_configure(config: pytest.Config) -> None:
    """Make the run's home folder, its `cache` the run's index folder (in the main process,
    before any worker starts).

    Why a home: a test that starts `buyword` without a home of its own (`sim`, `solve`, a
    host) would otherwise keep its files in the player's real folders, and build its word
    index there from nothing on a fresh machine; with this one, nothing outside the run's
    folder is touched and every such process reads the index the run has built.
    """
    if INDEX_CACHE not in os.environ:
        home = tempfile.mkdtemp(prefix="buyword-test-home-")
        cache = os.path.join(home, "cache")
        os.mkdir(cache)
        os.environ[INDEX_CACHE] = cache
        os.environ.setdefault(HOME, home)
        config.stash[_OWNED] = home
    # This process's shared words read and save their index in the run's cache, however the
    # code under test first asks for them: a bare `Services.shared()` used to build the
    # bundled index from nothing (2 s) in every worker that met one before a call with a
    # cache folder. (Nothing is loaded until the words are asked for.)
    from buyword.table.services import Services

    Services.shared(os.environ[INDEX_CACHE])


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's home folder (only the process that made it does)."""
    folder = config.stash.get(_OWNED, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(INDEX_CACHE, None)
        if os.environ.get(HOME) == folder:
            os.environ.pop(HOME)


_OWNED = pytest.StashKey[str]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the slow tests first (in their own order), then the fast ones.

    Why: pytest-xdist's workers take tests in this order, and a run of two workers ends when
    the busier one does. With the slow tests last (most are test_ui_* and test_web_*, late in
    the alphabet) one worker was still playing a whole Pilot game while the other had nothing
    left; with them first, the run ends on tests of a fraction of a second.
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


#: How long Pilot's idle check looks at the CPU at a time (Textual looks for 20 ms at a time).
IDLE_LOOK = 0.005


#: The apps made in this process, so that an idle check can ask the running one what it has
#: still to do (weakly held: an app's test ends, the app goes).
APPS: weakref.WeakSet[textual.app.App] = weakref.WeakSet()
_app_init = textual.app.App.__init__


def _remembered_app_init(self: textual.app.App, *args: object, **kwargs: object) -> None:
    _app_init(self, *args, **kwargs)
    APPS.add(self)


textual.app.App.__init__ = _remembered_app_init  # type: ignore[method-assign]


def nothing_pending() -> bool:
    """Whether every running app has handled all it was sent: no message waiting at the app
    or at any node of the screen on top, no callback waiting for the next message or for a
    repaint, and nothing of that screen waiting to be laid out, scrolled or composed again
    (what Textual's screen update timer would do next, but paint). False when no app is
    running: then there is no one to ask.

    A repaint alone is not waited for: a headless app paints nothing (`compositor_refresh`
    below), what a widget shows is read from the widget, and a snapshot renders the whole
    screen afresh. A callback waiting for the repaint is still waited for, and so is the
    layout, which decides where a click lands. The Pilot files took 70-80 s instead of
    83-87 s on two workers, and 110-129 s of CPU instead of 134-136 s."""
    running = [app for app in list(APPS) if app.is_running]
    try:
        for app in running:
            screen = app.screen
            if (screen._layout_required or screen._scroll_required
                    or screen._recompose_required or screen._callbacks
                    or messages_waiting(app, callbacks=True)):
                return False
    except AttributeError:  # a Textual that keeps these elsewhere: wait as Textual waits
        return False
    return bool(running)


#: Textual's own idle wait (20 ms), where the speed-up below replaces it.
SLEEP_GRANULARITY: float = getattr(textual_wait, "SLEEP_GRANULARITY", 0.02)


async def wait_for_idle(min_sleep: float = SLEEP_GRANULARITY, max_sleep: float = 1) -> None:
    """Textual's `wait_for_idle` (what `pilot.press` and `pilot.pause` wait with), ending as
    soon as the process is idle and the app has nothing left to do, instead of after a
    whole 20 ms of idleness.

    Why: Textual's check only ends after a whole 20 ms in which the process used under 1 ms of
    CPU, twice for every key a test presses, so Pilot tests spent most of their time asleep
    with nothing left to do. This one looks at the CPU 5 ms at a time and ends when a slice
    was idle (under 5% of a core, Textual's own ratio) and `nothing_pending` says the app has
    handled everything but the painting, what waits for the repaint included (Textual's 20 ms
    were there so that a repaint, at 60 a second, happened within the wait). With no app running
    to ask, it waits the 20 ms as Textual does. The Pilot files (tests/test_ui_*.py) went
    from 65.3 s to 50.9 s on two workers, 81 s to 73 s of CPU.
    """
    start = monotonic()
    floor = max(min_sleep, SLEEP_GRANULARITY)
    while True:
        cpu = process_time()
        await asyncio.sleep(IDLE_LOOK)
        cpu_used = process_time() - cpu
        waited = monotonic() - start
        if waited >= max_sleep:
            return
        if cpu_used < IDLE_LOOK / 20 and (waited >= floor or nothing_pending()):
            return


# Pilot and the app bound the name when they were imported: replace it where it is used.
# These speed-ups lean on Textual's private names (textual>=8,<9 lets a release move them):
# where one is gone, Textual's own behaviour stays, slower but the same to the tests.
if textual_wait is not None:
    for _module in (textual_wait, textual.app, textual.pilot):
        if hasattr(_module, "wait_for_idle"):
            _module.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


_compositor_refresh = getattr(textual.screen.Screen, "_compositor_refresh", None)


def compositor_refresh(self: textual.screen.Screen) -> None:
    """Textual's `Screen._compositor_refresh`, less the painting that a headless app throws
    away: for the screen on top of a headless app, the dirty regions are cleared as a paint
    clears them and nothing is drawn.

    Why: `App._display` draws nothing when the app is headless (as under Pilot), yet every
    refresh first renders the changed regions line by line, which took about a third of the
    CPU of the Pilot tests. What a player would see is checked where it is drawn: the
    snapshot tests take their pictures with `export_screenshot`, which renders the whole
    screen afresh, and tests read what widgets show from the widgets.
    """
    app = self.app
    assert _compositor_refresh is not None  # only put in place where Textual has it
    if not app.is_headless or app.is_inline or self is not app.screen:
        _compositor_refresh(self)
        return
    try:
        regions, widgets, mouse_over = (self._compositor._dirty_regions, self._dirty_widgets,
                                        app._update_mouse_over)
    except AttributeError:  # a Textual that keeps these elsewhere: paint as Textual paints
        _compositor_refresh(self)
        return
    regions.clear()
    widgets.clear()
    mouse_over(self)


if _compositor_refresh is not None:
    textual.screen.Screen._compositor_refresh = compositor_refresh  # type: ignore[method-assign]


@pytest.hookimpl(optionalhook=True)  # the hook exists only when pytest-xdist is loaded
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Workers steal tests from each other (`--dist worksteal`) instead of being handed chunks.

    Why: the slow tests come first and their times vary from a tenth of a second to ten
    seconds, so chunks handed out in advance can leave one worker idle while the other still
    has a queue; stealing keeps both busy to the end. Set here rather than in `addopts` so
    that `pytest -p no:xdist` still runs.
    """
    from xdist.scheduler import WorkStealingScheduling

    return WorkStealingScheduling(config, log)


#: After how many tests a worker moves what is still alive out of the collector's way.
FREEZE_EVERY = 25
_tests_run = [0]


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Every `FREEZE_EVERY` tests, collect the garbage and freeze what survives (`gc.freeze`).

    Why: a worker keeps big things alive for the whole run (the bundled dictionary, its word
    indexes, Textual's compiled CSS), and Python's full collections walk all of them again
    and again: in the computers', playout and table-screen files they took 13% of the
    workers' CPU. A frozen object is still freed when its last reference goes, only its
    cycles are no longer looked for; the collection just before the freeze frees the garbage
    of the tests so far, so what is frozen is what was alive. Nothing the tests check depends
    on when the collector runs.
    """
    _tests_run[0] += 1
    if _tests_run[0] % FREEZE_EVERY == 0:
        gc.collect()
        gc.freeze()
