"""The app's screens, through Textual's public names only (Pilot, so marked slow): every style
file is read once the title is up, so opening a screen never parses the whole stylesheet again;
the new-game form's Coach tick is not styled as the table's coach line; and a screen shown
while the window is too small leaves no notice behind it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet
from ui_helpers import make_app, settle, until

from buyword.store.setup import GameSetup, Seat
from buyword.ui.app import style_files
from buyword.ui.dialogs.help import HelpScreen
from buyword.ui.dialogs.too_small import TooSmallScreen
from buyword.ui.screens.title import TitleScreen

pytestmark = pytest.mark.slow

UI = Path(__file__).resolve().parent.parent / "buyword" / "ui"


def test_every_style_file_of_the_ui_is_read_the_pieces_first() -> None:
    files = style_files()
    assert sorted(files) == sorted(str(path.resolve()) for path in UI.rglob("*.tcss"))
    assert [Path(name).parent.name for name in files[:5]] == ["widgets"] * 5


async def test_a_screen_first_shown_after_the_title_parses_no_stylesheet_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    reparsed: list[Stylesheet] = []
    reparse = Stylesheet.reparse
    monkeypatch.setattr(Stylesheet, "reparse",
                        lambda sheet: (reparsed.append(sheet), reparse(sheet))[1])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: all(map(app.stylesheet.has_source, style_files())),
                    "every screen's styles read after the title")
        app.action_new_game(True)
        await settle(pilot)
        form = app.screen
        app.pop_screen()
        app.action_help("keys")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        app.pop_screen()
        app.start_game(GameSetup(seats=(Seat("You"),), seed=7))
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen"
                    and bool(app.screen.query("#players")), "the table, drawn")
        await settle(pilot)
        for screen in (form, app.screen):
            assert {str(path) for path in screen.css_path} <= set(style_files())
        assert reparsed == []  # Textual found each screen's file read already


async def test_the_forms_coach_tick_is_not_styled_as_the_tables_coach_line() -> None:
    # Every screen's styles are read once the title is up, so a rule for the table's #coach
    # would reach the form's #coach tick too (as it did after a first game).
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: all(map(app.stylesheet.has_source, style_files())),
                    "every screen's styles read after the title")
        app.action_new_game(True)
        await settle(pilot)
        hints, coach = app.screen.query_one("#hints"), app.screen.query_one("#coach")
        assert coach.styles.padding == hints.styles.padding
        assert coach.region.width == hints.region.width  # "Coach (F6)", "Hints (F2)"


async def test_a_screen_shown_while_too_small_leaves_no_notice_behind_it() -> None:
    app = make_app()
    async with app.run_test(size=(59, 18)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        app.action_help("keys")  # help opens under the notice's cover
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert isinstance(app.screen_stack[-2], HelpScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        app.pop_screen()
        await until(pilot, lambda: isinstance(app.screen, TitleScreen),
                    "the title, with no notice left over")
        assert not any(isinstance(screen, TooSmallScreen) for screen in app.screen_stack)
