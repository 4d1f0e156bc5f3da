"""The title's footer (buyword.ui.widgets.footer): rebuilt once for a burst of binding changes,
not at all when its keys stay the same, and at once when they change (Continue appears)."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey
from ui_helpers import make_app, settle, until

from buyword.ui.screens.title import TitleScreen
from buyword.ui.widgets.footer import Footer

#: Slow: a Pilot test (one app, a few refreshes).
pytestmark = pytest.mark.slow


async def test_the_footer_rebuilds_only_when_its_keys_change() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = app.screen
        assert isinstance(title, TitleScreen)
        keys = list(title.query(FooterKey))
        assert [key.key for key in keys if key.key in "cs"] == ["s"]  # no Continue: no save
        assert not any(key.has_class("-compact") for key in keys if key.key == "s")
        for _ in range(3):  # a burst of changes that change nothing shown
            title.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert list(title.query(FooterKey)) == keys  # the same keys: not rebuilt
        title.continuable["continue"] = None  # type: ignore[assignment]  # Continue is offered
        title.refresh_bindings()
        footer = title.query_one(Footer)
        await until(pilot, lambda: [key.key for key in footer.query(FooterKey)][:2] == ["c", "s"],
                    "the footer rebuilt, with Continue first")
