"""A first game's table opens without waiting for its word index: the index is built in a
thread of its own once the table is up, and anything asking for it before then waits."""

from __future__ import annotations

import threading

import pytest
from ui_helpers import make_app, on_top, settle, small_lexicon

from buyword.engine import default_tiles
from buyword.store.setup import GameSetup
from buyword.table.services import Services
from buyword.ui.screens.table import TableScreen
from buyword.words.finder import FinderBeingBuilt, WordFinder


def test_a_finder_being_built_answers_as_the_finder_once_built() -> None:
    built = FinderBeingBuilt(lambda: WordFinder(small_lexicon()), start=False)
    assert not built.ready
    found = {c.word for c in built.find("STARE", 0)}  # asking starts and waits for it
    assert built.ready and {"STAR", "STARE", "RATS"} <= found
    assert len(built) == len(small_lexicon()) and built.finder() is built.finder()


def test_a_failed_build_is_raised_to_whoever_asks() -> None:
    def broken() -> WordFinder:
        raise OSError("no room")

    built = FinderBeingBuilt(broken)
    with pytest.raises(OSError, match="no room"):
        built.find("AT", 0)


def test_services_leave_the_build_to_a_thread_when_told_not_to_wait() -> None:
    services, lexicon, tiles = Services(small_lexicon()), small_lexicon(), default_tiles()
    pending = services.finder(lexicon, tiles, wait=False)
    assert isinstance(pending, FinderBeingBuilt) and not pending.ready  # not even started
    waited = services.finder(lexicon, tiles)  # the same finder, built now
    assert isinstance(waited, WordFinder) and pending.finder() is waited


@pytest.mark.slow
async def test_the_first_table_opens_before_its_word_index_is_built(monkeypatch) -> None:
    release = threading.Event()
    real = WordFinder.__init__

    def slow_index(self, *args, **kwargs) -> None:  # noqa: ANN001
        release.wait(60)  # only so that a test that fails first does not hang here
        real(self, *args, **kwargs)

    monkeypatch.setattr(WordFinder, "__init__", slow_index)
    app = make_app(GameSetup(seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        await on_top(pilot, TableScreen)  # up, with the index still being built
        finder = app.screen.session.finder
        assert isinstance(finder, FinderBeingBuilt) and not finder.ready
        release.set()
        await settle(pilot)
        assert finder.finder() is not None and finder.ready
