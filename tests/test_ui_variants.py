"""The table variants through the real table screen by key presses: one auction, one trade
offer with money, and one draft lap at a two-person table."""

from __future__ import annotations

import pytest
from ui_helpers import make_app, settle, table

from buyword.engine import Phase
from buyword.store.setup import GameSetup, Seat
from buyword.ui.dialogs.handoff import HandOffScreen

#: Slow (Pilot drives the app): left out of the fast set.
pytestmark = pytest.mark.slow

# Seed 7 rolls CHOICE first; choosing 3, Ann draws TEA and Bob QZX.
BAG = "TEA" "QZX" "SEATRO" "DIENOT"


def two(**variants: bool) -> GameSetup:
    return GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=7, bag=BAG,
                     **{name: on for name, on in variants.items() if name == "private_hands"},
                     variants=tuple(name for name, on in variants.items()
                                    if on and name != "private_hands"))


def shown(app, selector: str) -> str:  # noqa: ANN001 - the app under test
    """What a Static on the table shows."""
    return str(table(app).query_one(selector).render())


async def start(pilot) -> None:  # noqa: ANN001 - the pilot
    """Past Ann's hand-off, roll CHOICE and choose 3 each."""
    await settle(pilot)
    if isinstance(pilot.app.screen, HandOffScreen):
        await pilot.press("enter")
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("3")
    await pilot.pause()


async def test_an_auction_by_keys_with_a_hand_off_to_the_bidder() -> None:
    app = make_app(two(auction=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot)
        screen, game = table(app), table(app).session.game
        assert game.phase is Phase.BUY and screen.check_action("auction", ()) is True
        assert screen.check_action("match", ()) is False
        await pilot.press("a")
        await pilot.pause()
        # Bob bids on his own turn, after the screen is handed to him.
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "up for auction" in str(screen.query_one("#drawn").border_title)
        assert "Bob" in shown(app, "#prompt") and "bid" in shown(app, "#prompt")
        await pilot.press("7", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "high bid $7 by Bob" in shown(app, "#variant")
        assert screen.check_action("match", ()) is True
        await pilot.press("p")  # Ann lets the tiles go to Bob at his bid
        await pilot.pause()
        assert game.auction is None
        assert game.player(1).money == 193 and sorted(game.player(1).hand) == list("AET")


async def test_a_trade_offer_with_money_by_keys() -> None:
    app = make_app(two(trade_money=True, private_hands=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot)
        screen, game = table(app), table(app).session.game
        # Each draw on offer with its pips and price, to weigh a swap by.
        assert game.phase is Phase.TRADE and "1 Ann: TEA 3• $9" in shown(app, "#variant")
        assert "2 Bob: QZX 12• $144" in shown(app, "#variant")
        assert screen.check_action("accept", ()) is False
        await pilot.press("2", " ", "+", "5", "enter")  # Ann offers Bob her draw and $5
        await pilot.pause()
        assert "Ann pays Bob $5" in shown(app, "#variant")
        assert "TEA 3• $9 ⇄" in shown(app, "#variant")
        assert screen.check_action("accept", ()) is True
        await pilot.press("y")
        await pilot.pause()
        assert sorted(game.player(0).drawn) == list("QXZ")
        assert (game.player(0).money, game.player(1).money) == (195, 205)
        await pilot.press("p")  # Bob makes no offer
        await pilot.pause()
        assert game.phase is Phase.BUY


async def test_a_draft_lap_by_keys() -> None:
    app = make_app(two(draft=True, private_hands=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot)
        screen, game = table(app), table(app).session.game
        assert game.phase is Phase.DRAFT and len(game.draft_tiles) == 6
        assert "Face-up tiles" in str(screen.query_one("#drawn").border_title)
        await pilot.press("k")  # no K up: refused, nothing changes
        await pilot.pause()
        assert "no K" in shown(app, "#message") and len(game.draft_tiles) == 6
        await pilot.press("q")
        await pilot.pause()
        assert "Bob" in shown(app, "#prompt")
        await pilot.press("t")
        await pilot.pause()
        assert len(game.draft_tiles) == 4
        # Ann's picks so far show on her hand (they join it when bought).
        assert str(screen.query_one("#hand").border_subtitle) == "took Q $16 · 4 wilds"
        assert "Q" in game.player(0).drawn and "T" in game.player(1).drawn
