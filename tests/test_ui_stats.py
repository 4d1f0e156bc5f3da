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
from buyword.ui.screens.stats import NO_GAMES, RuleSetPanel, StatsScreen
from buyword.ui.screens.title import TitleScreen


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
