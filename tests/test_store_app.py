"""The store in the app: autosave, Continue, bad saves on the title, scores, daily, settings."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static
from ui_helpers import QUIET, make_app, settle, small_lexicon, table

from buyword.cli import PlayOptions
from buyword.engine import Choose, Discard, Done, Roll, Rules
from buyword.store import Settings, Store, daily_seed, read_save
from buyword.store.setup import GameSetup
from buyword.table.replay import load_replay
from buyword.ui.app import BuyWordApp
from buyword.ui.dialogs.confirm import ConfirmScreen
from buyword.ui.dialogs.settings import SettingsScreen
from buyword.ui.screens.new_game import NewGameScreen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.table import TableScreen
from buyword.ui.screens.title import TitleScreen

#: Slow (Pilot drives the app): left out of the fast set.
pytestmark = pytest.mark.slow

SOLO = GameSetup(seed=12, bag="STARE" + "QUIZ")


async def finish_quickly(pilot: Pilot) -> None:
    """Play a solo game to the results through the table's one way in, discarding every draw
    (the keys are tested elsewhere; here it is what happens at the end that matters)."""
    screen = table(pilot.app)
    game = screen.session.game
    while game.outcome() is None:
        legal = game.legal_actions()
        action = next(a for a in (Discard(), Done(), Roll(), Choose(5)) if a in legal)
        assert screen.play(action)  # no pause between: Pilot's pause costs ~0.1 s a time
    await settle(pilot)


def saved_actions(home: Path) -> list[str]:
    """The actions of the autosaved game."""
    return list(read_save((home / "current.json").read_bytes()).record.actions)


def shown(app: BuyWordApp, selector: str) -> str:
    """What a Static on the current screen shows ('' when hidden)."""
    widget = app.screen.query_one(selector, Static)
    return str(widget.render()) if widget.display else ""


def menu(app: BuyWordApp) -> list[str]:
    """The title menu's entry ids."""
    options = app.screen.query_one("#menu", OptionList)
    return [options.get_option_at_index(i).id or "" for i in range(options.option_count)]


async def test_every_action_is_autosaved_and_continue_resumes_it(tmp_path: Path) -> None:
    app = make_app(SOLO, store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = table(app).session.game
        assert saved_actions(tmp_path) == []  # saved from the start
        for key in ("r", "5", "b"):
            await pilot.press(key)
            await pilot.pause()
            assert saved_actions(tmp_path) == game.actions
        before = game.state()

    again = make_app(store=Store(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert menu(again)[0] == "continue"
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(again.screen, TableScreen) and again.screen.session.game.state() == before


async def test_buyword_continue_resumes_directly(tmp_path: Path) -> None:
    app = make_app(SOLO, store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r", "5")
        await pilot.pause()
        before = table(app).session.game.state()
    resumed = BuyWordApp(PlayOptions(resume=True), lexicon=small_lexicon(), settings=QUIET,
                         store=Store(tmp_path))
    async with resumed.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(resumed.screen, TableScreen)
        assert resumed.screen.session.game.state() == before


async def test_continue_without_a_save_says_so(tmp_path: Path) -> None:
    app = BuyWordApp(PlayOptions(resume=True), lexicon=small_lexicon(), settings=QUIET,
                     store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert any("no saved game" in n.message for n in app._notifications)


async def test_a_bad_save_is_explained_on_the_title_and_kept(tmp_path: Path) -> None:
    (tmp_path / "current.json").write_text('{"save_format": 1, "record": {"play')
    app = make_app(store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notice = shown(app, "#notice")
        assert notice.startswith("Your saved game could not be resumed: the file is damaged")
        assert "continue" not in menu(app)
        assert list(tmp_path.glob("current.json.bad-*"))
        await pilot.press("s")  # a new game starts as usual
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_a_save_that_no_longer_replays_is_explained_when_continued(tmp_path: Path) -> None:
    app = make_app(SOLO, store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r", "5", "b")
        await pilot.pause()
        await pilot.press(*"star", "enter")
        await pilot.pause()
        assert any(a.startswith("sell") for a in table(app).session.game.actions)
    # Another dictionary, without STAR: the save reads, but no longer replays.
    from buyword.words.lexicon import Lexicon

    other = BuyWordApp(PlayOptions(), lexicon=Lexicon(["tea"], "tiny"), settings=QUIET,
                       store=Store(tmp_path))
    async with other.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(other.screen, TitleScreen)
        assert "no longer replays" in shown(other, "#notice")
        assert "continue" not in menu(other)


async def test_a_finished_solo_game_is_recorded_and_scored(tmp_path: Path) -> None:
    store = Store(tmp_path)
    app = make_app(SOLO, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await finish_quickly(pilot)
        results = app.screen
        assert isinstance(results, ResultsScreen)
        verdict = str(results.query_one("#verdict", Static).render())
        assert "New personal best!" in verdict and "Your solo record: best $" in verdict
        assert not (tmp_path / "current.json").exists()
        assert len(list((tmp_path / "games").glob("*.json"))) == 1
        await pilot.press("t", "y")  # leaving the results asks first
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert shown(app, "#scores").startswith("Solo: best $")
        assert "continue" not in menu(app)
    [past] = store.past_games()
    assert past.path is not None
    replay = load_replay(str(past.path))  # `buyword replay FILE` reads it
    assert replay.seed == 12 and replay.over


async def test_the_daily_is_seeded_by_the_date_and_scored_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")  # the day's only scored attempt: asked first, and No keeps it
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Start today's daily solo?" in str(app.screen.query_one(".dialog-title").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and store.daily(date.today()) is None
        await pilot.press("d", "y")
        await settle(pilot)
        game = table(app).session.game
        assert game.seed == daily_seed(date.today()) and game.rules == Rules()
        assert store.daily(date.today()) is not None
        await finish_quickly(pilot)
        # One results screen, however many rolls were still settling when the game ended.
        assert [type(s).__name__ for s in app.screen_stack].count("ResultsScreen") == 1
        await pilot.press("t", "y")
        await pilot.pause()
        await pilot.press("d")  # a second run today is practice
        await settle(pilot)
        assert any("practice" in n.message for n in app._notifications)
        await finish_quickly(pilot)
        verdict = str(app.screen.query_one("#verdict", Static).render())
        assert "not scored" in verdict
    assert store.solo_stats(Rules()).games == 1


async def test_settings_and_default_rules_are_kept(tmp_path: Path) -> None:
    app = BuyWordApp(PlayOptions(), lexicon=small_lexicon(), store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#animations").value = False
        app.screen.query_one("#speed").value = "fast"
        app.screen.query_one("#master-ahead").value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#limit").value = "10"
        await pilot.press("ctrl+s")
        await settle(pilot)
    stored = Store(tmp_path).load_settings()
    assert (stored.animations, stored.bot_speed, stored.new_game.tile_limit) == (False, "fast", 10)
    kept = (tmp_path / "settings.toml").read_text()
    assert not stored.master_ahead and "master_ahead = false" in kept
    again = BuyWordApp(PlayOptions(), lexicon=small_lexicon(), store=Store(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.settings.bot_speed == "fast" and not again.settings.animations
        await pilot.press("s")
        await pilot.pause()
        assert again.screen.query_one("#limit").value == "10"


async def test_the_table_form_offers_the_last_tables_seats_again(tmp_path: Path) -> None:
    app = BuyWordApp(PlayOptions(), lexicon=small_lexicon(), store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert (form.query_one("#name-0").value, form.query_one("#kind-1").value) == \
            ("Ann", "medium")
        form.query_one("#name-0").value = "Zoe"
        form.query_one("#kind-1").value = "hard"
        form.query_one("#name-2").value = "Cy"
        form.query_one("#kind-2").value = "person"
        await pilot.press("ctrl+s")
        await settle(pilot)
    again = BuyWordApp(PlayOptions(), lexicon=small_lexicon(), store=Store(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:  # another day: the same seats
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()
        form = again.screen
        assert isinstance(form, NewGameScreen)
        shown = [(form.query_one(f"#name-{i}").value, form.query_one(f"#kind-{i}").value)
                 for i in range(4)]
        assert shown == [("Zoe", "person"), ("Bob", "hard"), ("Cy", "person"), ("Di", "empty")]


@pytest.mark.parametrize(("content", "said"), [
    ("theme = [", "Your settings could not be read ("),
    # A value of the wrong TOML type once crashed every launch (issue 55, item 15).
    ("bot_speed = [1,2]", "(the setting bot_speed = [1, 2] should be one of slow, normal, "
                          "fast, instant); using the defaults."),
    ("bot_speed = {a = 1}", "(the setting bot_speed = {'a': 1} should be one of"),
    ("[new_game]\ncoach = []", "(the setting coach = [] should be true or false)"),
])
async def test_a_bad_settings_file_is_reported_set_aside_and_defaults_used(
        tmp_path: Path, content: str, said: str) -> None:
    (tmp_path / "settings.toml").write_text(content)
    app = BuyWordApp(PlayOptions(), lexicon=small_lexicon(), store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert said in shown(app, "#notice")
        assert app.settings == Settings() and app._exception is None
    assert not (tmp_path / "settings.toml").exists()
    assert len(list(tmp_path.glob("settings.toml.bad-*"))) == 1


@pytest.mark.parametrize("key", ["s", "t"])
async def test_a_shortest_word_the_form_cannot_show_is_refused_on_the_title(
        tmp_path: Path, key: str) -> None:
    # An older version accepted 1 to 15; the form offers 2 to 5, and used to crash on 15.
    # The file is set aside (its other values with it) and the game starts with the defaults.
    (tmp_path / "settings.toml").write_text("min_word_length = 15\ntile_limit = 10\n")
    app = BuyWordApp(PlayOptions(), lexicon=small_lexicon(), store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert ("Your settings could not be read (the setting min_word_length = 15 should be "
                "2, 3, 4 or 5); using the defaults." in shown(app, "#notice"))
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # the form opened, with what it offers
        assert app.screen.query_one("#min-length").value == 2
        assert app.screen.query_one("#limit").value == "8"


async def test_progress_not_being_saved_is_shown(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    store = Store(tmp_path / "file" / "home")
    app = make_app(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert shown(app, "#warning").startswith("Progress is not being saved")
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)  # play goes on, in memory
        assert any("not being saved" in n.message for n in app._notifications)
        assert store.has_saved_game()


async def test_quit_never_says_saved_once_the_data_folder_was_replaced(tmp_path: Path) -> None:
    home = tmp_path / "data"
    app = make_app(SOLO, store=Store(home))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("r", "5", "b"):
            await pilot.press(key)
            await pilot.pause()
        assert saved_actions(home) == table(app).session.game.actions
        home.rename(tmp_path / "moved")  # the folder swapped for an empty one
        home.mkdir()
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        detail = str(app.screen.detail)
        assert "will be lost" in detail and "is saved" not in detail
