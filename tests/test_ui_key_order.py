"""Keys that arrive together (a paste, a laggy link, tmux send-keys) are applied in the order
they arrived: a backspace typed before a letter deletes before the letter goes in."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from ui_helpers import TABLE, handled, make_app, send_key, settle, table

from buyword.engine import Phase

#: Slow: Pilot drives the app.
pytestmark = pytest.mark.slow


async def at_anns_sale(pilot) -> Input:  # noqa: ANN001 - the pilot
    """Ann's word box, at her sale in round 1 (she holds TEASR)."""
    await settle(pilot)
    await pilot.press("r", "5", "b", "d", "b")
    assert table(pilot.app).session.game.phase is Phase.SELL
    word = table(pilot.app).query_one("#word", Input)
    assert word.has_focus
    return word


async def burst(pilot, *keys: str) -> None:  # noqa: ANN001 - the pilot
    """Keys delivered all at once, as the terminal driver hands over a paste: none is
    handled before the next arrives."""
    for key in keys:
        send_key(pilot.app, key)
    await handled(pilot.app)
    await pilot.pause()


async def test_a_burst_of_keys_applies_in_the_order_it_arrived() -> None:
    app = make_app(TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        word = await at_anns_sale(pilot)
        await burst(pilot, "r", "a", "t")
        assert word.value == "rat"
        await burst(pilot, "backspace", "e")
        assert word.value == "rae"
        await burst(pilot, "backspace", "backspace", "backspace", "t", "a", "r", "e", "s")
        assert word.value == "tares"
        await burst(pilot, "home", "delete", "r", "end", "backspace", "s")
        assert word.value == "rares"
        # A word sold in the middle of a burst: what was typed after its Enter stays typed.
        await burst(pilot, "ctrl+a", "ctrl+k", "r", "a", "t", "e", "enter", "s")
        assert table(app).session.game.player(0).hand == "S"
        assert word.value == "s"


async def test_a_word_sold_and_done_in_one_burst_ends_the_turn() -> None:
    app = make_app(TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_anns_sale(pilot)
        game = table(app).session.game
        await burst(pilot, "r", "a", "t", "e", "enter", "escape")
        # Enter sold RATE before Esc came: Esc, in an empty box, ended Ann's selling (it once
        # came first, found RATE still typed, and only cleared the box).
        assert game.player(0).hand == "S" and game.current != 0


async def test_keys_pressed_in_one_pilot_call_apply_in_order() -> None:
    # The issue asked for this one. Pilot's press lets the app go idle between keys, so it
    # never caught the bug (the burst above does, as a paste delivers keys); it keeps the
    # everyday path, a key at a time, in order too.
    app = make_app(TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        word = await at_anns_sale(pilot)
        await pilot.press("r", "a", "t", "backspace", "e", "backspace", "backspace", "t", "e")
        assert word.value == "rte"
