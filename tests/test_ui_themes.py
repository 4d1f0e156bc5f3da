"""The themes variant through the real screens (wiring only): the form's theme option, a
themed game refusing an off-theme word, themed hints, and a themed save resumed."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select
from ui_helpers import QUIET, make_app, settle, small_lexicon, table, type_word

from buyword.cli import PlayOptions
from buyword.store import Store
from buyword.store.setup import EACH_ROUND, GameSetup
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.new_game import NewGameScreen
from buyword.ui.screens.table import TableScreen

pytestmark = pytest.mark.slow

# Round 1 draws STARE: RATS is an animal (WordNet's noun.animal), STAR and TEAS are not.
THEMED = GameSetup(seed=12, bag="STARE" + "QUIZ", theme="animals")


async def test_the_new_game_form_offers_the_theme_option() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        form = NewGameScreen(solo=True)
        await app.push_screen(form)
        await pilot.pause()
        assert form.read_setup()[0].theme == ""
        form.query_one("#theme", Select).value = "animals"
        setup, problem = form.read_setup()
        assert problem == "" and setup.rules().themes == ("animals",)
        form.query_one("#theme", Select).value = EACH_ROUND
        rules = form.read_setup()[0].rules()
        assert rules.theme_each_round and len(rules.themes) >= 8


async def test_a_themed_game_sells_only_words_of_the_theme() -> None:
    app = make_app(THEMED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = table(app).session.game
        assert game.theme == "animals" and game.rules.themes == ("animals",)
        await pilot.press("r", "5", "b")
        await pilot.pause()
        money = game.players[0].money
        await type_word(pilot, "star")
        assert game.players[0].money == money  # refused: a word, but not an animal
        assert game.why_not("sell STAR") == (
            "'STAR' is a word but not an animal (the theme is animals)")
        await pilot.press(*["backspace"] * 4)  # the refused word stays in the box
        await type_word(pilot, "rats")
        assert game.players[0].money == money + 16


async def test_hints_in_a_themed_game_list_only_the_themes_words() -> None:
    app = make_app(THEMED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = table(app).session.game
        finders = app.services.theme_finders(game.dictionary, game.rules.tiles)
        found = finders("animals").find("AERST", 0, min_length=2)
        assert {c.word for c in found} == {"RAT", "RATS"}


async def test_a_themed_save_continues(tmp_path: Path) -> None:
    app = make_app(THEMED, store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r", "5", "b")
        await pilot.pause()
        await type_word(pilot, "rats")
        before = table(app).session.game.state()
    resumed = BuyWordApp(PlayOptions(resume=True), lexicon=small_lexicon(), settings=QUIET,
                         store=Store(tmp_path))
    async with resumed.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(resumed.screen, TableScreen)
        assert resumed.screen.session.game.state() == before
        assert resumed.screen.session.game.theme == "animals"
