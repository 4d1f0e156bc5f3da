"""A whole solo game through the real screens, by key presses only, to the results."""

from __future__ import annotations

import pytest
from ui_helpers import finish_quietly, make_app, settle, table, type_word

from buyword.engine import Phase
from buyword.store.setup import GameSetup
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.table import TableScreen
from buyword.ui.widgets.rack import Rack

#: Slow (Pilot plays whole games through the app): left out of the fast set.
pytestmark = pytest.mark.slow

# Seed 12 rolls CHOICE, then 5, 5, 5: the first draw is the leader's pick.
SOLO = GameSetup(seed=12, bag="STARE" + "QUIZ")


async def test_solo_game_from_title_to_results() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")  # title: new solo game
        await pilot.pause()
        seed = app.screen.query_one("#seed")
        seed.value = "12"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.game.seed == 12


async def test_solo_buy_sell_and_play_to_the_end() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        game = screen.session.game
        await pilot.press("r")
        await pilot.pause()
        assert game.phase is Phase.CHOOSE
        await pilot.press("5")
        await pilot.pause()
        assert game.player(0).drawn == "STARE"
        await pilot.press("b")
        await pilot.pause()
        assert game.player(0).money == 200 - 25
        assert game.phase is Phase.SELL

        # Live feedback while typing: the tiles it takes and the price.
        await pilot.press(*"star")
        await pilot.pause()
        assert screen.query_one("#hand", Rack).marked == frozenset({0, 2, 3, 4})  # AERST
        assert "$16" in str(screen.query_one("#feedback").render())
        await pilot.press("enter")
        await pilot.pause()
        assert game.player(0).money == 175 + 16
        assert "sold STAR" in str(screen.query_one("#message").render())

        # A word that is not in the dictionary is refused in words, and nothing changes.
        await type_word(pilot, "ee")
        assert "not in the dictionary" in str(screen.query_one("#feedback").render())
        assert game.player(0).money == 191
        assert "not in the dictionary" in str(screen.query_one("#message").render())
        await pilot.press("escape")
        await pilot.pause()
        # Once the game moves on, the old refusal no longer stands over the new step.
        assert "not in the dictionary" not in str(screen.query_one("#message").render())

        await finish_quietly(pilot)
        results = app.screen
        assert isinstance(results, ResultsScreen)
        text = " ".join(str(w.render()) for w in results.query("Static"))
        assert "Solo rating" in text and "keep practising" in text
        assert "STAR $16" in text
        assert game.outcome() is not None
