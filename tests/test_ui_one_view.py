"""The table screen draws one view per answer: one Enter on a sale builds exactly one
`TableView` (the screen reads nothing else of the game), and the screen shows the sale."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from ui_helpers import make_app, runner_of, settle, table

from buyword.engine import Buy, Roll
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait

pytestmark = pytest.mark.slow


async def test_one_enter_on_a_sale_builds_one_view(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(GameSetup(seats=(Seat("Ann"),), seed=7, bag="TEASR"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = table(app)
        session = screen.session
        session.act(0, Roll(5))
        session.act(0, Buy())
        assert session.awaiting().wait is Wait.SELL
        runner_of(screen).refresh()
        await pilot.press("t", "e", "a")
        await pilot.pause()
        built: list[int | None] = []
        looked = TableSession.table_view

        def counted(self: TableSession, viewer: int | None, **options: bool) -> object:
            built.append(viewer)
            return looked(self, viewer, **options)

        monkeypatch.setattr(TableSession, "table_view", counted)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert session.game.player(0).hand == "RS"  # TEA sold
        assert built == [0]  # one view, for Ann, who holds the screen
        shown = screen.view.seat
        assert shown.hand == "RS" and shown.money == session.game.player(0).money
        assert "TEA" in str(screen.query_one("#message", Static).render())
