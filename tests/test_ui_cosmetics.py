"""Small things a new player noticed, each on the screen where it showed: the palette's Quit
says it asks first."""

from __future__ import annotations

import pytest
from ui_helpers import make_app, settle

#: Slow: Pilot drives the app.
pytestmark = pytest.mark.slow


async def test_the_palettes_quit_says_it_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        commands = {command.title: command.help for command in app.get_system_commands(app.screen)}
        assert "as soon as possible" not in commands["Quit"]
        assert "asks first" in commands["Quit"]
        assert "2–4" in commands["New table game"]
