"""The Review screen's wiring: R on the results opens it, the bar moves as Master weighs, Esc
cancels (the decisions weighed so far are shown), and Esc again goes back to the results.

Master is replaced by the review tests' stand-in, slowed down so the review can be caught
half way; the review's logic is tested without Textual in tests/test_table_review.py.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Sequence

import pytest
from engine_helpers import WORDS
from test_table_review import Plan, StandIn
from test_ui_snapshots import SOLO, finished_solo_game
from textual.widgets import ProgressBar, Static
from textual.worker import WorkerCancelled
from ui_helpers import make_app, settle, until

from buyword.analysis.results import GameResults
from buyword.bots.view import SeatView
from buyword.engine import Game, Rules, Sell
from buyword.store.setup import GameSetup, Seat
from buyword.ui.screens import review as review_screen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.review import ReviewScreen, ReviewWhom

pytestmark = pytest.mark.slow


class SlowStandIn(StandIn):
    """The stand-in, taking a while over each decision."""

    def appraise(self, view: SeatView, also: Sequence[Plan] = (),
                 budget: float | None = None) -> list:
        time.sleep(0.05)
        return super().appraise(view, also, budget)


async def test_r_opens_the_review_and_esc_cancels_it_then_goes_back(monkeypatch) -> None:
    masters: list[SlowStandIn] = []

    def master_for(services: object, todo: object) -> tuple[SlowStandIn, type[Plan]]:
        masters.append(SlowStandIn())
        return masters[-1], Plan

    monkeypatch.setattr(review_screen, "master_for", master_for)
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.push_screen(ResultsScreen(GameResults(finished_solo_game()), SOLO, hints_used=False))
        await settle(pilot)
        assert app.screen.query_one("#review-button")
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        bar = screen.query_one(ProgressBar)
        await until(pilot, lambda: (bar.progress or 0) >= 2, "Master weighing two decisions")
        assert bar.total and 2 <= bar.progress < bar.total
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        review = screen.review
        assert review is not None and not review.complete and review.decisions
        status = str(screen.query_one("#review-status", Static).render())
        assert f"Cancelled: {len(review.decisions)} of {review.planned}" in status
        assert "Accuracy" in str(screen.query_one("#review-summary", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        # Leaving the screen some other way (the app quitting) stops the review too.
        await pilot.press("r")
        again = app.screen
        assert isinstance(again, ReviewScreen) and again.running
        app.pop_screen()
        with contextlib.suppress(WorkerCancelled):  # the decision being weighed ends...
            await app.workers.wait_for_complete()
        weighed = len(masters[-1].views)
        await pilot.pause(0.1)
        assert again.cancelling.is_set() and isinstance(app.screen, ResultsScreen)
        assert len(masters[-1].views) == weighed < review.planned


def _two_people() -> Game:
    """Ann and Bob (people) play a whole game, selling whenever they can."""
    rng = random.Random(5)
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=6, rules=Rules())
    while game.outcome() is None:
        legal = game.legal_actions()
        sells = [a for a in legal if isinstance(a, Sell)]
        game.apply(sells[0] if sells else rng.choice(legal))
    return game


async def test_at_a_table_of_people_r_asks_whose_decisions_to_weigh(monkeypatch) -> None:
    masters: list[StandIn] = []

    def master_for(services: object, todo: object) -> tuple[StandIn, type[Plan]]:
        masters.append(StandIn())
        return masters[-1], Plan

    monkeypatch.setattr(review_screen, "master_for", master_for)
    # In one process, so that the stand-in here is the one shown the views.
    monkeypatch.setattr(review_screen, "default_jobs", lambda: 1)
    app = make_app()
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ResultsScreen(GameResults(_two_people()), setup, hints_used=False))
        await settle(pilot)
        results = app.screen
        await pilot.press("r")
        assert isinstance(app.screen, ReviewWhom)
        await pilot.press("escape")  # nobody: back to the results
        assert app.screen is results
        await pilot.press("r", "2")
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.todo.seat == 1
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert review.review is not None and review.review.name == "Bob"
        assert {view.seat for view in masters[-1].views} == {1}
