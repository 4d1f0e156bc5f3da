"""What a new player tripped on, by screen: leaving the results asks first (and Esc is in the
footer), every key of the title, results and crossword footers shows whole at 60 and 80
columns, the title fits at 60x18 with a saved game and a record, and the results' best word
keeps its price."""

from __future__ import annotations

import pytest
from test_ui_snapshots import SOLO, finished_solo_game
from textual.widgets import OptionList, Static
from textual.widgets._footer import FooterKey
from ui_helpers import make_app, settle

from buyword.analysis.results import GameResults
from buyword.store import Store
from buyword.ui.dialogs.confirm import ConfirmScreen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.title import TitleScreen
from buyword.ui.text import whole_ticks

#: Slow: Pilot drives the app.
pytestmark = pytest.mark.slow


def footer_keys(app) -> dict[str, str]:  # noqa: ANN001 - the app under test
    """The footer's keys as shown, each whole, left of the command palette's: key -> label."""
    shown = list(app.screen.query(FooterKey))
    palette = next(key for key in shown if key.key == "ctrl+p")
    keys = {}
    for key in shown:
        if key is not palette:
            assert key.region.width > 0 and key.region.right <= palette.region.x, key.key
            keys[key.key] = key.description
    return keys


async def results_of_a_solo_game(pilot) -> ResultsScreen:  # noqa: ANN001 - the pilot
    await settle(pilot)
    results = ResultsScreen(GameResults(finished_solo_game()), SOLO, hints_used=True)
    pilot.app.push_screen(results)
    await settle(pilot)
    return results


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_leaving_the_results_asks_first_and_esc_is_in_the_footer(size) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        results = await results_of_a_solo_game(pilot)
        assert footer_keys(app)["escape"] == "Title"
        await pilot.press("escape")  # one Esc too many after selling: nothing is lost
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # No
        await pilot.pause()
        assert app.screen is results
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_the_best_word_keeps_its_price_at_60_columns() -> None:
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        results = await results_of_a_solo_game(pilot)
        best = results.query_one(".result-best", Static)
        assert str(best.render()) == "QUIZ $100" and best.region.width >= len("QUIZ $100")


def test_a_money_axis_reads_dollars_as_the_rest_of_the_screen() -> None:
    from buyword.ui.text import dollar_ticks

    marks, labels = dollar_ticks(968.8, 1371.1)  # the review's axis read "1371.1 / 968.8"
    assert marks == [1000, 1100, 1200, 1300] and labels == ["$1,000", "$1,100", "$1,200",
                                                            "$1,300"]


def test_chart_marks_are_whole_numbers() -> None:
    assert whole_ticks(0, 29) == [0, 5, 10, 15, 20, 25]  # rounds, not 7.2 and 14.5
    assert whole_ticks(1, 1) == [1]  # one game: just game 1
    assert whole_ticks(147, 200, most=5) == [160, 180, 200]


def _title_with_a_save_and_a_record(tmp_path) -> Store:  # noqa: ANN001 - a folder
    from store_helpers import advance, finished, new_game, saved_game

    store = Store(tmp_path)
    for seed, hints in ((5, 0), (6, 1)):
        game = finished(1, seed, names=["You"])
        store.finish_game(saved_game(game, hints=(hints,)), game)
    store.save_game(saved_game(advance(new_game(2, names=["Ann", "Bob"]), 25)))
    store.release()
    return Store(tmp_path)  # another window's view: the save is offered as Continue


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_the_title_fits_with_a_saved_game_and_a_record(tmp_path, size) -> None:
    app = make_app(store=_title_with_a_save_and_a_record(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        title = app.screen
        assert isinstance(title, TitleScreen)
        box = title.query_one("#title-box")
        assert box.region.right <= size[0] and box.region.bottom <= size[1] - 1  # the footer
        menu = title.query_one("#menu", OptionList)
        assert menu.region.bottom <= box.region.bottom - 1  # every entry shows
        scores = title.query_one("#scores", Static)
        assert "\u240a" not in str(scores.render())  # two lines, not one with a ␊ in it
        assert scores.region.bottom <= box.region.bottom - 1
        keys = footer_keys(app)
        assert {"c", "s", "t", "q"} <= set(keys)
        # Every entry shows its key; R opens the stats, which the footer has no room for.
        stats = next(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)
                     if str(menu.get_option_at_index(i).prompt).startswith("Solo stats"))
        assert stats.endswith(" R")
        # No line of Continue wraps (its key stays beside the game's lines).
        resume = str(menu.get_option_at_index(0).prompt).split("\n")
        assert all(len(line) <= menu.scrollable_content_region.width for line in resume)
        assert resume[0].startswith("Continue table:") and len(resume) == 2


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_a_long_continue_keeps_its_key_on_the_line_that_names_it(tmp_path, size) -> None:
    from store_helpers import new_game, saved_game

    store = Store(tmp_path)
    store.save_game(saved_game(new_game(1, names=["You"]), options={"setup": {"lesson": True}}))
    store.release()
    app = make_app(store=Store(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        resume = str(menu.get_option_at_index(0).prompt).split("\n")
        assert resume[0].startswith("Continue learn to play:") and resume[0].endswith(" C")
        assert resume[1] == "  You · round 1"
        assert all(len(line) <= menu.scrollable_content_region.width for line in resume)


async def test_the_crossword_footer_keeps_keys_at_80_columns() -> None:
    from test_ui_crossword import LEXICON, SETUP
    from ui_helpers import table

    from buyword.engine import parse_action

    app = make_app(SETUP, lexicon=LEXICON)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for action in ("roll 4", "buy"):
            assert table(app).play(parse_action(action))
            await pilot.pause()
        await settle(pilot)
        keys = footer_keys(app)
        assert keys.get("question_mark") == "Keys" and "escape" in keys and "f8" in keys


async def test_the_solo_forms_note_on_the_table_variants_fits_at_60_columns() -> None:
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        await settle(pilot)
        app.action_new_game(True)
        await settle(pilot)
        note = app.screen.query_one("#variants-why", Static)
        text = str(note.render())
        assert text.endswith("players.") and note.region.width >= len(text)
        assert note.region.right <= 60



async def test_a_key_typed_before_a_screen_opened_does_not_reach_it() -> None:
    from textual import events
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        early = events.Key("x", "x")  # typed at the title, while the form was on its way
        early.set_sender(app)
        app.action_new_game(False)
        await settle(pilot)
        name = app.screen.query_one("#name-0", Input)
        assert app.focused is name and name.value == "Ann"
        app._driver.send_message(early)  # handled only now that the form is up
        await settle(pilot)
        assert name.value == "Ann"  # not "Annx": the key was meant for the title
        await pilot.press("y")  # a key typed at the form goes where it should
        assert "y" in name.value, name.value
