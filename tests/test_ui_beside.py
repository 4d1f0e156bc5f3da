"""The results screen's "How would Master have done" wiring: M starts Master's game in the
background with a bar, Esc cancels it and leaves the results as they were, a game played to
the end is shown beside yours, and E and M switch between the games played.

Master's game is replaced by a stand-in that moves the bar and can be caught half way; the
game itself (the one `buyword sim --rollouts` plays) is tested without Textual in
tests/test_table_beside.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from rich.table import Table
from test_ui_snapshots import SOLO, finished_solo_game
from textual.widgets import ProgressBar, Static
from ui_helpers import make_app, settle, until

from buyword.analysis import compare
from buyword.analysis.results import GameResults
from buyword.engine import Game
from buyword.store.settings import Settings
from buyword.ui.screens.results import ResultsScreen

pytestmark = pytest.mark.slow

#: Where the first game waits to be cancelled.
HALF_WAY = 30


async def test_m_plays_masters_game_with_a_bar_and_esc_cancels_it(monkeypatch) -> None:
    played: list[str] = []

    def play_beside(game: Game, level: str, finder: object, *,
                    progress: Callable[[int, int], None], cancelled: Callable[[], bool],
                    rounds: Callable[[Game], None], **_: object) -> Game | None:
        played.append(level)
        for drawn in range(1, 109):
            if cancelled():
                return None
            progress(drawn, 108)
            if drawn == HALF_WAY:
                rounds(game)  # the rounds so far (the stand-in's: all of yours)
            while len(played) == 1 and drawn == HALF_WAY and not cancelled():
                time.sleep(0.005)  # the first game waits here to be cancelled
        return game  # the stand-in plays exactly as you did

    monkeypatch.setattr(compare, "play_beside", play_beside)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        person = finished_solo_game()
        app.push_screen(ResultsScreen(GameResults(person), SOLO, hints_used=False))
        await settle(pilot)
        results = app.screen
        assert isinstance(results, ResultsScreen) and results.query_one("#master-button")
        await pilot.press("m")
        bar = results.query_one("#compare-progress", ProgressBar)
        await until(pilot, lambda: bar.progress >= HALF_WAY, "the bar half way")
        assert bar.total == 108 and bar.progress == HALF_WAY and results.playing == "master"
        status = str(results.query_one("#compare-status", Static).render())
        assert f"Master ({compare.BESIDE_ROLLOUTS} rollouts an option) is playing" in status
        assert "round by round below" in status
        # The rounds played so far are on the page while the game goes on.
        await until(pilot, lambda: isinstance(
            results.query_one("#compare-rounds", Static).content, Table), "the rounds so far")
        so_far = results.query_one("#compare-rounds", Static).content
        assert so_far.row_count == len(GameResults(person).rounds_beside(GameResults(person)))
        assert results.playing == "master"
        await pilot.press("escape")  # cancels; it does not leave the results
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is results and results.playing is None and not results.beside
        assert not isinstance(results.query_one("#compare-rounds", Static).content, Table)
        assert not results.query_one("#compare-box").display and results.charted == ["You"]
        await pilot.press("m")  # again, to the end this time
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert played == ["master", "master"] and results.beside["master"].view == results.view
        money = person.player(0).money
        assert str(results.query_one("#compare-other").border_title) == f"Master · ${money:,}"
        rounds = results.query_one("#compare-rounds", Static).content
        assert isinstance(rounds, Table)
        assert [c.header for c in rounds.columns] == ["Rnd", "You", "Master", "Gap"]
        assert results.charted == ["You", "Master"] and not bar.display
        # E plays Expert's game beside yours; M shows Master's again without replaying it.
        await pilot.press("e")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert results.charted == ["You", "Expert", "Master"]
        assert results.query_one("#compare-rounds", Static).content.columns[2].header == "Expert"
        await pilot.press("m")
        await pilot.pause()
        assert played == ["master", "master", "expert"]
        assert str(results.query_one("#compare-other").border_title).startswith("Master")
        await pilot.press("escape")  # nothing to cancel now: it asks to leave the results
        await pilot.pause()
        assert isinstance(results, ResultsScreen) and app.screen is not results
        await pilot.press("y")
        await pilot.pause()
        assert not isinstance(app.screen, ResultsScreen)


class Ahead:
    """A stand-in for Master's game played as you played: finished, or not yet."""

    def __init__(self, game: Game | None) -> None:
        self.game, self.closed = game, False

    def ready(self) -> Game | None:
        return self.game

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("finished", [True, False])
async def test_m_shows_masters_game_played_as_you_played_at_once_or_plays_it_now(
        monkeypatch, finished: bool) -> None:
    played: list[str] = []

    def play_beside(game: Game, level: str, finder: object, **_: object) -> Game:
        played.append(level)
        return game

    monkeypatch.setattr(compare, "play_beside", play_beside)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        person = finished_solo_game()
        ahead = Ahead(person if finished else None)
        app.push_screen(ResultsScreen(GameResults(person), SOLO, hints_used=False, ahead=ahead))  # type: ignore[arg-type]
        await settle(pilot)
        results = app.screen
        assert isinstance(results, ResultsScreen)
        await pilot.press("m")
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Either way Master's game is beside yours; only an unfinished one is played now
        # (the background one is stopped: every core plays it sooner).
        assert results.beside["master"].view == results.view
        assert results.charted == ["You", "Master"]
        assert played == ([] if finished else ["master"]) and ahead.closed is not finished
        # No bar left standing over a game already there, and its rounds are shown.
        assert not results.query_one("#compare-progress").display
        assert isinstance(results.query_one("#compare-rounds", Static).content, Table)


async def test_a_solo_game_begins_masters_game_ahead_and_leaving_stops_it() -> None:
    app = make_app(SOLO, settings=Settings(animations=False, bot_speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.ahead is not None, "Master's game begun ahead")
        ahead = app.ahead
        assert ahead is not None and ahead.is_for(app.session.game)
        app.show_title()  # the game is left: its Master game stops
        await settle(pilot)
        assert app.ahead is None and ahead.ready() is None
    table = make_app(SOLO.with_seed(4), settings=Settings(animations=False, master_ahead=False))
    async with table.run_test(size=(80, 24)) as pilot:  # turned off in the settings
        await settle(pilot)
        await pilot.pause(0.6)  # past the first look at the word index
        assert table.ahead is None
