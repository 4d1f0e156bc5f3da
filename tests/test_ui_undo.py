"""Undo through the real screens (wiring only; the rules are in test_table_undo.py): Ctrl+Z,
the command palette, the autosave, and the hand-off screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_helpers import make_app, settle, table, type_word

from buyword.store import Store, read_save
from buyword.store.setup import GameSetup, Seat
from buyword.ui.dialogs.handoff import HandOffScreen
from buyword.ui.widgets.game_log import GameLog

#: Slow (Pilot drives the app): left out of the fast set.
pytestmark = pytest.mark.slow

SOLO = GameSetup(seed=12, bag="STARE" + "QUIZ")


def message(app: object) -> str:
    """The line under the table's prompt."""
    return str(table(app).query_one("#message").render())


async def test_ctrl_z_takes_back_the_sale_then_the_buy_and_the_save_follows(
        tmp_path: Path) -> None:
    app = make_app(SOLO, store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r", "5", "b")
        await type_word(pilot, "stare")
        game = table(app).session.game
        assert game.actions[-1] == "sell STARE"
        await pilot.press("ctrl+z")  # the word box has focus: the table still takes the key
        await pilot.pause()
        assert table(app).session.game.actions[-1] == "buy"
        assert message(app) == "↶ Undone: the sale of STARE"
        log = table(app).query_one(GameLog)  # written afresh: the sale's line is gone
        assert log.shown == len(table(app).session.log_for(0))
        assert not any("sold" in str(line.text) for line in log.lines)
        saved = read_save((tmp_path / "current.json").read_bytes())
        assert saved.record.actions == tuple(table(app).session.game.actions)
        await pilot.press("ctrl+z", "ctrl+z")  # the buy, then nothing: the die was rolled
        await pilot.pause()
        assert table(app).session.game.actions[-1].startswith("choose")
        assert message(app) == "Nothing to undo: the tiles have been drawn since"


async def test_the_palette_offers_undo_only_when_there_is_something_to_undo() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert "undo" not in dict(screen.palette_actions())
        await pilot.press("r", "5", "d")
        await pilot.pause()
        assert dict(screen.palette_actions())["undo"] == "Undo your last move"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"undo your", "enter")
        await settle(pilot)
        assert screen.session.game.actions[-1].startswith("choose")
        assert screen.session.game.player(0).drawn == "STARE"


async def test_at_the_hand_off_ann_cannot_take_back_her_buy() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=12, bag="STARE" "QUIZA")
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ann takes the screen
        await pilot.press("r", "5", "b")
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("ctrl+z")  # the hand-off screen has no undo
        await pilot.pause()
        assert table(app).session.game.actions[-1] == "buy"
        await pilot.press("enter")  # Bob takes the screen
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table(app).session.game.actions[-1] == "buy"
        assert message(app) == "Nothing to undo: the last move was Ann's"
