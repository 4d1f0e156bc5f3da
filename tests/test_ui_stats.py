"""The stats screen's wiring: R on the title opens it; it says so kindly when there is nothing
yet, and shows a panel with both charts per rule set once solo games are scored."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import finished, saved_game
from textual.widgets import Static
from textual_plotext import PlotextPlot
from ui_helpers import make_app, settle

from buyword.engine import Rules
from buyword.store import Store
from buyword.store.puzzles import Answer, Position, Puzzle
from buyword.table.puzzles import rate_attempt
from buyword.ui.screens.stats import NO_GAMES, PuzzlePanel, RuleSetPanel, StatsScreen
from buyword.ui.screens.title import TitleScreen

#: A puzzle to attempt: buying is right, discarding loses $20.
PUZZLE = Puzzle("1-2-1", "buy", Position(0, ("You",), "buy", 1, 0, False, 3, 3, "", 200, 8,
                                         "ABE", 105, "ABE", 0),
                (), (Answer(("buy",), "buy", 900.0, 3.0, True, 0),
                     Answer(("discard",), "discard", 880.0, 3.0, False, 20)),
                "Buying was worth about $20 more.")


@pytest.mark.slow
async def test_the_title_opens_the_stats_empty_then_with_a_panel_per_rule_set(
        tmp_path: Path) -> None:
    store = Store(tmp_path)
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert str(app.screen.query_one("#stats-empty", Static).content) == NO_GAMES
        assert not app.screen.query(RuleSetPanel)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        for seed, rules in ((25, None), (38, None), (31, Rules(tile_limit=10))):
            game = finished(seed=seed, rules=rules)
            store.finish_game(saved_game(game), game)
        await pilot.press("r")
        await settle(pilot)
        panels = list(app.screen.query(RuleSetPanel))
        assert [p.stats.games for p in panels] == [2, 1]
        assert str(panels[1].border_title).startswith("tile limit 10")
        assert len(panels[0].query(PlotextPlot)) == 2
        # The palette offers it too.
        await pilot.press("escape")
        [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Solo stats"]
        command.callback()
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)


@pytest.mark.slow
async def test_the_puzzle_rating_shows_with_its_deviation_and_history(
        tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.update_puzzle_progress(lambda progress: [
        rate_attempt(progress, PUZZLE, PUZZLE.answers[n % 2], f"2026-12-05T08:0{n}")
        for n in range(3)])
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        panel = app.screen.query_one(PuzzlePanel)
        rating = store.puzzle_progress().rating
        line = str(panel.query_one("#stats-puzzle-rating", Static).content)
        assert line == (f"Puzzle rating {round(rating.rating)} ± {round(rating.deviation)} "
                        "after 3 attempts, 2 right")
        assert len(panel.query(PlotextPlot)) == 1
        # No solo games yet: the screen still says so, below the puzzles.
        assert str(app.screen.query_one("#stats-empty", Static).content) == NO_GAMES
        assert not app.screen.query("#stats-table-ratings")


@pytest.mark.slow
async def test_the_table_ratings_show_best_first(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished(players=2, seed=7)
    store.finish_game(saved_game(game), game)
    people = store.table_ratings().people
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        shown = str(app.screen.query_one("#stats-table-ratings", Static).content).split("\n")
        best, worst = sorted(people, key=lambda name: -people[name].mu)
        assert shown == [f"{best} {people[best].shown} ± {people[best].sigma:.1f} (1 game)",
                         f"{worst} {people[worst].shown} ± {people[worst].sigma:.1f} (1 game)"]
