"""The Review screen's wiring: R on the results opens it, the bar moves as Master weighs, Esc
cancels (the decisions weighed so far are shown), and Esc again goes back to the results.

Master is replaced by the review tests' stand-in, held after two decisions so the review is
caught half way however busy the machine is; the review's logic is tested without Textual in
tests/test_table_review.py.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from engine_helpers import WORDS
from test_table_review import Plan, StandIn
from test_ui_snapshots import SOLO, finished_solo_game
from textual.widgets import ProgressBar, Static
from ui_helpers import make_app, settle, until

from buyword.analysis.results import GameResults
from buyword.bots.view import SeatView
from buyword.engine import Game, Rules, Sell
from buyword.store.setup import GameSetup, Seat
from buyword.ui.screens import review as review_screen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.review import ReviewScreen, ReviewWhom

pytestmark = pytest.mark.slow


class HeldStandIn(StandIn):
    """The stand-in, weighing two decisions and then holding each next one until the test
    lets it `go`: the review is caught half way, not raced to it."""

    def __init__(self, go: threading.Event) -> None:
        super().__init__()
        self.go = go

    def appraise(self, view: SeatView, also: Sequence[Plan] = (),
                 budget: float | None = None) -> list:
        if len(self.views) >= 2:
            self.go.wait(60)  # only so that a test that fails first does not hang here
        return super().appraise(view, also, budget)


async def test_r_opens_the_review_and_esc_cancels_it_then_goes_back(monkeypatch) -> None:
    masters: list[HeldStandIn] = []
    go = threading.Event()

    def master_for(services: object, todo: object) -> tuple[HeldStandIn, type[Plan]]:
        masters.append(HeldStandIn(go))
        return masters[-1], Plan

    monkeypatch.setattr(review_screen, "master_for", master_for)
    # In one process, so that the stand-in here is the one held and shown the views.
    monkeypatch.setattr(review_screen, "default_jobs", lambda: 1)
    # When the review's thread has ended (a worker's end is not: a cancelled one is let go).
    ended = threading.Event()
    review_game = review_screen.review_game

    def ending_review(*args: Any, **kwargs: Any) -> Any:
        try:
            return review_game(*args, **kwargs)
        finally:
            ended.set()

    monkeypatch.setattr(review_screen, "review_game", ending_review)
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
        go.set()  # the decision being weighed ends, and the review with it
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
        go.clear()
        ended.clear()
        await pilot.press("r")
        again = app.screen
        assert isinstance(again, ReviewScreen) and again.running
        app.pop_screen()
        await until(pilot, again.cancelling.is_set, "the review told to stop")
        go.set()  # the decision being weighed ends, and the review's thread with it
        await until(pilot, ended.is_set, "the review's thread ended")
        assert isinstance(app.screen, ResultsScreen)
        assert len(masters[-1].views) == 3 < review.planned  # two, and the one held


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
