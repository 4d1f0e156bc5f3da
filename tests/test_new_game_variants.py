"""The table variants from the new-game setup: the rules carry them, a solo table cannot play
the auction or the trades, and the session built from the setup awaits the right seat."""

from __future__ import annotations

import pytest

from buyword.table import GameSetup, Seat, TableSession, Wait
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

LEXICON = Lexicon(("at", "eat", "tea", "seat"), "the variant test words")
TWO = (Seat("Ann"), Seat("Bob"))


def test_the_setup_carries_each_variant_into_the_rules() -> None:
    rules = GameSetup(seats=TWO, auction=True, trade_money=True, draft=True).rules()
    assert (rules.auction, rules.trade, rules.trade_money, rules.draft) == (True, False, True, True)
    assert GameSetup(seats=TWO).rules().variants() == ()


def test_a_solo_setup_keeps_only_the_draft() -> None:
    rules = GameSetup(auction=True, trade=True, trade_money=True, draft=True).rules()
    played = (rules.auction, rules.trade, rules.trade_money, rules.draft)
    assert played == (False, False, False, True)


def test_meta_round_trips_the_variants() -> None:
    setup = GameSetup(seats=TWO, seed=3, trade=True, draft=True)
    assert GameSetup.from_meta(setup.to_meta()) == setup


def session_for(**variants: bool) -> TableSession:
    setup = GameSetup(seats=TWO, seed=5, bag="QZXEATTEAS", private_hands=True, **variants)
    return TableSession.new(setup, LEXICON, WordFinder(LEXICON, setup.rules().tiles))


def test_the_session_awaits_the_bidder_then_the_seller() -> None:
    session = session_for(auction=True)
    session.act(0, "roll 3")
    assert session.act(0, "auction")
    assert session.awaiting().wait is Wait.AUCTION and session.awaiting().seats == (1,)
    session.act(1, "bid 5")
    assert session.awaiting().seats == (0,)


def test_the_session_awaits_the_trader_then_the_one_offered() -> None:
    session = session_for(trade_money=True)
    session.act(0, "roll 3")
    assert session.awaiting().wait is Wait.TRADE and session.awaiting().seats == (0,)
    session.act(0, "offer 2 +4")
    assert session.awaiting().seats == (1,)


def test_the_session_awaits_each_picker_in_turn() -> None:
    session = session_for(draft=True)
    session.act(0, "roll 3")
    assert session.awaiting().wait is Wait.DRAFT and session.awaiting().seats == (0,)
    session.act(0, "pick Q")
    assert session.awaiting().seats == (1,)


@pytest.mark.slow
async def test_the_form_offers_the_variants_and_greys_out_what_solo_cannot_play() -> None:
    from textual.widgets import Checkbox
    from ui_helpers import make_app

    from buyword.ui.new_game import NewGameScreen

    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        solo = NewGameScreen(solo=True, bots=True)
        await app.push_screen(solo)
        await pilot.pause()
        assert solo.query_one("#variant-auction", Checkbox).disabled
        assert not solo.query_one("#variant-draft", Checkbox).disabled
        solo.query_one("#variant-crossword", Checkbox).value = True  # a solo crossword game
        assert solo.read_setup()[0].rules().crossword
        assert "need 2+ players" in str(solo.query_one("#variants-why").render())
        solo.dismiss(None)
        await pilot.pause()
        form = NewGameScreen(solo=False, bots=True)
        await app.push_screen(form)
        await pilot.pause()
        for field in ("auction", "trade_money", "draft"):
            form.query_one(f"#variant-{field}", Checkbox).value = True
        setup, problem = form.read_setup()
        rules = setup.rules()
        assert problem == "" and rules.variants() == ("auction", "trade with money", "tile draft")


def test_a_solo_draft_awaits_the_one_player_for_every_pick() -> None:
    setup = GameSetup(seed=5, bag="QZXEAT", draft=True)
    session = TableSession.new(setup, LEXICON, WordFinder(LEXICON, setup.rules().tiles))
    session.act(0, "roll 3")
    assert session.awaiting().wait is Wait.DRAFT and session.awaiting().seats == (0,)
    session.act(0, "pick Q")
    assert session.awaiting().seats == (0,)
