"""The table variants from the new-game setup: the rules carry them, a solo table cannot play
the auction or the trades, and the session built from the setup awaits the right seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from buyword.engine import VARIANTS, BuyWordError
from buyword.store.setup import EACH_ROUND, GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.ui.screens.new_game import SOLO_VARIANTS
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

LEXICON = Lexicon(("at", "eat", "tea", "seat"), "the variant test words")
TWO = (Seat("Ann"), Seat("Bob"))


def test_the_setup_carries_each_variant_into_the_rules() -> None:
    rules = GameSetup(seats=TWO, variants=("draft", "auction", "trade_money")).rules()
    assert (rules.auction, rules.trade, rules.trade_money, rules.draft) == (True, False, True, True)
    assert GameSetup(seats=TWO).rules().variants() == ()


def test_a_solo_setup_keeps_only_the_draft() -> None:
    setup = GameSetup(variants=("auction", "trade", "trade_money", "draft"))
    rules = setup.rules()
    played = (rules.auction, rules.trade, rules.trade_money, rules.draft)
    assert played == (False, False, False, True)
    assert setup.table_problem() == "auction and trade with money need 2 or more players"
    assert GameSetup(seats=TWO, variants=setup.variants).table_problem() == ""


def test_meta_round_trips_the_variants() -> None:
    setup = GameSetup(seats=TWO, seed=3, variants=("trade", "draft"))
    assert GameSetup.from_meta(setup.to_meta()) == setup


def test_a_save_from_before_the_variants_list_keeps_its_variants() -> None:
    # Older saves' setups had a true/false key for each variant.
    meta = {**GameSetup(seats=TWO, seed=3).to_meta(), "auction": True, "draft": True,
            "trade": False, "crossword": False, "trade_money": False}
    del meta["variants"]
    assert GameSetup.from_meta(meta).variants == ("auction", "draft")


def test_an_unknown_variant_is_refused_in_words() -> None:
    with pytest.raises(BuyWordError, match="'chess' is not a variant; choose from auction, "):
        GameSetup(variants=("chess",))


@pytest.mark.parametrize("variants", [(), ("crossword",), ("auction", "trade_money"),
                                      ("trade", "draft", "crossword")])
@pytest.mark.parametrize("theme", ["", "animals", EACH_ROUND])
def test_a_setup_rebuilt_from_its_rules_plays_the_same_rules(variants: tuple[str, ...],
                                                            theme: str) -> None:
    # A save without its setup is resumed from the record's rules: nothing is dropped.
    setup = GameSetup(seats=TWO, seed=4, tile_limit=None, min_word_length=3, challenge=True,
                      theme=theme, variants=variants)
    again = GameSetup.from_rules(setup.rules(), TWO, seed=4)
    assert again.rules() == setup.rules() and again.variants == setup.variants


def session_for(**variants: bool) -> TableSession:
    setup = GameSetup(seats=TWO, seed=5, bag="QZXEATTEAS", private_hands=True,
                      variants=tuple(name for name, on in variants.items() if on))
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

    from buyword.ui.screens.new_game import NewGameScreen

    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        solo = NewGameScreen(solo=True)
        await app.push_screen(solo)
        await pilot.pause()
        assert solo.query_one("#variant-auction", Checkbox).disabled
        assert not solo.query_one("#variant-draft", Checkbox).disabled
        solo.query_one("#variant-crossword", Checkbox).value = True  # a solo crossword game
        assert solo.read_setup()[0].rules().crossword
        assert "need 2+ players" in str(solo.query_one("#variants-why").render())
        solo.dismiss(None)
        await pilot.pause()
        form = NewGameScreen(solo=False)
        await app.push_screen(form)
        await pilot.pause()
        for field in ("auction", "trade_money", "draft"):
            form.query_one(f"#variant-{field}", Checkbox).value = True
        setup, problem = form.read_setup()
        rules = setup.rules()
        assert problem == "" and rules.variants() == ("auction", "trade with money", "tile draft")


def test_a_solo_draft_awaits_the_one_player_for_every_pick() -> None:
    setup = GameSetup(seed=5, bag="QZXEAT", variants=("draft",))
    session = TableSession.new(setup, LEXICON, WordFinder(LEXICON, setup.rules().tiles))
    session.act(0, "roll 3")
    assert session.awaiting().wait is Wait.DRAFT and session.awaiting().seats == (0,)
    session.act(0, "pick Q")
    assert session.awaiting().seats == (0,)


def test_the_variants_page_lists_every_variant_as_the_registry_has_it() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "variants.md").read_text()
    for v in VARIANTS:
        players = "2 or more" if v.needs_table else "1 or more"
        rollouts = "played out" if v.in_rollouts else "not modelled (Master plays as Expert)"
        row = (f"| {v.words} | `{v.option}` | {v.label} | {v.help} | {players} | "
               f"{rollouts} |")
        assert row in page.splitlines(), row
    rows = [line for line in page.splitlines()
            if line.startswith("| ") and "`" in line and not line.startswith("| Variant |")]
    assert len(rows) == len(VARIANTS)  # and no row for a variant that is gone


def test_the_solo_forms_short_reason_names_just_the_variants_that_need_a_table() -> None:
    # The line is written short to fit the form at 60 columns; this keeps it true to the
    # registry when a variant is added.
    reason = SOLO_VARIANTS.lower()
    for v in VARIANTS:
        assert (v.label.split()[0].lower() in reason) == v.needs_table, v.label


@pytest.mark.parametrize(("variants", "theme", "missing"), [
    (("auction",), "", "the auction variant"),
    (("crossword",), "", "the crossword variant"),
    ((), "animals", "themes"),
])
def test_the_coach_is_refused_where_master_cannot_weigh_the_game(
        variants: tuple[str, ...], theme: str, missing: str) -> None:
    setup = GameSetup(seats=TWO, variants=variants, theme=theme, coach=True)
    assert setup.coach_problem() == (f"the coach cannot weigh a game with {missing} "
                                     "(Master's rollouts play the printed rules only)")
    assert GameSetup(seats=TWO, variants=variants, theme=theme).coach_problem() == ""
    assert GameSetup(seats=TWO, coach=True).coach_problem() == ""


@pytest.mark.slow
async def test_the_form_refuses_the_coach_with_a_variant_and_says_why() -> None:
    from textual.widgets import Checkbox, Static
    from ui_helpers import make_app

    from buyword.ui.screens.new_game import NewGameScreen

    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        form = NewGameScreen(solo=False)
        await app.push_screen(form)
        await pilot.pause()
        form.query_one("#coach", Checkbox).value = True
        form.query_one("#variant-auction", Checkbox).value = True
        setup, problem = form.read_setup()
        assert problem.startswith("the coach cannot weigh a game with the auction variant")
        form.action_start()
        await pilot.pause()
        assert app.screen is form  # not started
        assert "untick Coach" in str(form.query_one("#form-error", Static).render())
        form.query_one("#variant-auction", Checkbox).value = False
        assert form.read_setup()[1] == ""
        assert form.read_setup()[0].family_words  # family words: on by default
        form.query_one("#family", Checkbox).value = False
        assert not form.read_setup()[0].family_words


@pytest.mark.slow
async def test_a_variant_from_the_command_line_starts_without_the_coach_and_says_so() -> None:
    from dataclasses import replace

    from ui_helpers import QUIET, settle, small_lexicon

    from buyword.cli import PlayOptions
    from buyword.ui.app import BuyWordApp

    coached = replace(QUIET, new_game=replace(QUIET.new_game, coach=True))
    app = BuyWordApp(PlayOptions(variants=("crossword",)), lexicon=small_lexicon(),
                     settings=coached)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None and session.game.rules.crossword
        assert not session.coaching
        said = [str(n.message) for n in app._notifications]
        assert any("The coach is off in this game: the coach cannot weigh a game with the "
                   "crossword variant" in line for line in said)


def test_a_table_set_up_with_the_coach_and_a_variant_plays_without_it() -> None:
    # An older save (or a hand-edited one) may still ask for both: the footer's F6 must not
    # offer a coach that cannot weigh the game.
    setup = GameSetup(seats=TWO, seed=3, variants=("auction",), coach=True)
    session = TableSession.new(setup, LEXICON, WordFinder(LEXICON))
    assert not session.coaching and not session.table_view(0).coaching
    plain = TableSession.new(GameSetup(seats=TWO, seed=3, coach=True), LEXICON,
                             WordFinder(LEXICON))
    assert plain.coaching
