"""The table's rough edges, each wired to its key or size (Pilot, so marked slow): ? from the
word box, Esc with a word typed, F2 with hints off and picking a hint, the log at the minimum
size, the too-small notice, "Setting the table…" and the palette's one "Keys"."""

from __future__ import annotations

import pytest
from ui_helpers import TABLE, make_app, settle, table, until

from buyword.store.setup import GameSetup, Seat
from buyword.table import Wait
from buyword.ui.dialogs.help import HelpScreen
from buyword.ui.dialogs.hints import HintsScreen
from buyword.ui.dialogs.too_small import TooSmallScreen
from buyword.ui.widgets.game_log import log_line

pytestmark = pytest.mark.slow

#: Solo, seed 7: the die shows CHOICE; draw 5 of TEASR (RATES, STARE ... sell).
SOLO = GameSetup(seats=(Seat("You"),), seed=7, bag="TEASRAOEIU")


async def _selling(pilot, setup: GameSetup = SOLO) -> None:  # noqa: ANN001 - a Pilot
    """Roll, choose 5, buy: the solo player is selling with TEASR in hand."""
    await settle(pilot)
    await pilot.press("r")
    await settle(pilot)
    await pilot.press("5", "b")
    await settle(pilot)
    assert table(pilot.app).session.awaiting().wait is Wait.SELL


async def test_question_mark_opens_help_from_the_word_box_and_types_nothing() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await _selling(pilot)
        screen = table(app)
        assert app.focused is screen.query_one("#word")
        await pilot.press("t", "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert screen.query_one("#word").value == "t"


async def test_esc_with_a_word_typed_clears_it_and_keeps_the_turn() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await _selling(pilot)
        screen = table(app)
        await pilot.press("r", "a", "t", "escape")
        await settle(pilot)
        assert screen.query_one("#word").value == ""
        assert screen.session.awaiting().wait is Wait.SELL  # still selling
        assert "Esc again" in str(screen.query_one("#message").render())
        await pilot.press("escape")
        await settle(pilot)
        assert screen.session.awaiting().wait is not Wait.SELL  # now the turn ends


async def test_f2_with_hints_off_says_why() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await _selling(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert not isinstance(app.screen, HintsScreen)
        assert "Hints are off" in str(table(app).query_one("#message").render())


async def test_a_picked_hint_fills_the_word_box() -> None:
    app = make_app(GameSetup(seats=(Seat("You"),), seed=7, bag="TEASRAOEIU", hints=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await _selling(pilot)
        await pilot.press("f2")
        await settle(pilot)
        hints = app.screen
        assert isinstance(hints, HintsScreen) and hints.found
        await pilot.press("enter")
        await settle(pilot)
        word = table(app).query_one("#word")
        assert word.value == hints.found[0].notation.upper() and app.focused is word


async def test_the_log_wraps_and_shows_the_newest_line_at_the_minimum_size() -> None:
    app = make_app(TABLE)
    async with app.run_test(size=(60, 18)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("5", "b", "d")  # Ann buys; Bob cannot afford QZJXK (a long line)
        await settle(pilot)
        log = table(app).query_one("#log")
        width = log.scrollable_content_region.width
        assert log.scrollable_content_region.height >= 2  # lines, not only a scrollbar
        assert all(line.cell_length <= width for line in log.lines)
        events = [" ".join(str(e).split()) for e in table(app).session.game.log
                  if log_line(e) is not None]
        rows = " ".join(" ".join(line.text.split()) for line in log.lines)
        assert len(log.lines) > len(events)  # the long sentences wrapped onto more rows
        assert all(event in rows for event in events)  # ... and nothing was cut off
        assert log.scroll_offset.y == log.max_scroll_y  # the newest line is in view


async def test_too_small_a_window_shows_a_notice_until_it_grows() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(59, 18)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("r")  # keys do nothing to the game meanwhile
        await settle(pilot)
        assert table(app).session.awaiting().wait is Wait.ROLL
        await pilot.resize_terminal(60, 18)
        await settle(pilot)
        assert app.screen is table(app)
        await pilot.resize_terminal(80, 17)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)


async def test_start_shows_setting_the_table_and_the_palette_lists_keys_once() -> None:
    from buyword.ui.dialogs.setting_table import SettingTableScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.start_game(SOLO)
        assert isinstance(app.screen, SettingTableScreen)
        await settle(pilot)
        assert app.screen is table(app)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert titles.count("Keys") == 1


async def test_computers_wait_while_the_window_is_too_small() -> None:
    setup = GameSetup(seats=(Seat("Ann", "easy"), Seat("You")), seed=7, bag="TEASRAOEIU")
    app = make_app(setup)
    async with app.run_test(size=(50, 15)) as pilot:
        await settle(pilot)
        await pilot.pause(0.3)
        assert table(app).session.game.actions == []  # Ann (a computer) leads, but waits
        await pilot.resize_terminal(80, 24)
        # and plays once the window has room
        await until(pilot, lambda: bool(table(app).session.game.actions), "Ann's first move")


async def test_a_message_goes_when_its_moment_has_passed() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await _selling(pilot)
        screen = table(app)
        message = screen.query_one("#message")
        await pilot.press("enter")  # nothing typed: the table says what to do
        await settle(pilot)
        assert "Type a word to sell" in str(message.render())
        await pilot.press(*"rates", "enter")
        await settle(pilot)
        assert "sold RATES" in str(message.render())
        await pilot.press("escape")  # done selling: round 2 begins
        await pilot.press("r")
        await settle(pilot)
        assert str(message.render()).strip() == ""  # neither the sale nor the hint lingers


def test_a_tick_box_shows_on_and_off_without_colour() -> None:
    from buyword.ui.widgets.tick import Tick

    assert Tick("Hints (F2)", True).BUTTON_INNER == "✓"
    assert Tick("Hints (F2)", False).BUTTON_INNER == " "


async def test_the_hints_note_shows_whole_at_the_minimum_size() -> None:
    app = make_app(GameSetup(seats=(Seat("You"),), seed=7, bag="TEASRAOEIU", hints=True))
    async with app.run_test(size=(60, 18)) as pilot:
        await _selling(pilot)
        await pilot.press("f2")
        await settle(pilot)
        hints = app.screen
        assert isinstance(hints, HintsScreen) and len(hints.found) > 7
        note = hints.query(".dialog-note").last()
        assert note.region.height == 2  # "…marked as such in its" / "result."
        assert note.region.bottom <= hints.query_one("#hints").content_region.bottom


async def test_the_word_box_placeholder_is_never_cut_off() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await _selling(pilot)
        word = table(app).query_one("#word")
        assert word.placeholder == "type a word · Enter sells · Esc when done"
        await pilot.resize_terminal(60, 18)
        await until(pilot, lambda: app.size.width == 60, "the window is 60 wide")
        await settle(pilot)
        assert word.placeholder == "type a word · Enter sells"
        assert len(word.placeholder) <= word.content_region.width
