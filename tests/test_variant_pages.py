"""Each variant's rules on one page, from the one variants registry: help's Variants page
holds them all, and F1 on a variant's box in the new-game form shows that one."""

from __future__ import annotations

import pytest
from textual.widgets import Markdown, Static
from ui_helpers import make_app, settle, until

from buyword.engine.rules import VARIANTS
from buyword.ui.dialogs.help import HelpScreen, VariantsPage, variants_text
from buyword.ui.dialogs.variant_rules import VariantRulesScreen
from buyword.ui.screens.new_game import NewGameScreen


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_every_variant_has_a_page_of_its_rules(variant) -> None:
    page = variant.page
    assert page.startswith(f"**{variant.label}**")
    assert ("2 or more players" in page) == variant.needs_table
    assert "Notation:" in page  # how its moves are written in a record
    assert 6 <= len(page.splitlines()) <= 20  # a page, not a chapter


def test_helps_variants_page_holds_every_page() -> None:
    text = variants_text()
    for variant in VARIANTS:
        assert variant.page in text and variant.how in text


@pytest.mark.slow
async def test_f1_on_a_variant_box_shows_its_rules_and_elsewhere_help() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")  # a table game: every variant's box may be ticked
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#variant-auction").focus()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, VariantRulesScreen)
        assert [variant.name for variant in app.screen.variants] == ["auction"]
        assert "The seller decides last" in str(app.screen.query_one("Markdown").source)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#seed").focus()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.slow
@pytest.mark.parametrize("keys", [(), ("end",)], ids=["read from the top", "end at once"])
async def test_helps_variants_tab_shows_every_variants_rules_in_order(keys) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HelpScreen("variants"))
        for key in keys:  # before the rules have all been added
            await pilot.press(key)
        await until(pilot, lambda: bool(app.screen.query(VariantsPage)), "help's Variants tab")
        page = app.screen.query_one(VariantsPage)
        # The rules are added a frame apart (and End scrolls once they are all there): wait
        # for that state, not for a guess at how many frames it takes.
        await until(pilot, lambda: page.revealed, "every variant's rules on the page")
        if "end" in keys:
            await until(pilot, lambda: page.max_scroll_y > 0
                        and page.scroll_y == page.max_scroll_y, "the page scrolled to its end")
        else:
            await until(pilot, lambda: page.max_scroll_y > 0, "the page taller than the tab")
        shown = [str(markdown.source) for markdown in page.query(Markdown)]
        assert "\n\n".join(shown) == variants_text()
        assert shown[0].startswith("Variants are turned on")
        # Read from the top, the page stays there; End goes to the last variant's rules.
        assert page.max_scroll_y > 0
        assert (page.scroll_y == page.max_scroll_y) == ("end" in keys)


def test_the_variants_on_read_in_a_players_words() -> None:
    from buyword.engine import Rules
    from buyword.ui.status import variants_line

    assert variants_line(Rules()) == ""
    assert variants_line(Rules(auction=True)) == "auction"
    assert variants_line(Rules(crossword=True, draft=True)) == "tile draft · crossword"


@pytest.mark.slow
@pytest.mark.parametrize(("variants", "pages"), [
    (("crossword",), ["crossword"]),
    (("auction", "draft"), ["auction", "draft"]),
], ids=["crossword", "auction and draft"])
async def test_f1_at_a_table_with_variants_shows_their_rules_and_the_table_names_them(
        variants, pages) -> None:
    from textual.widgets import Markdown
    from ui_helpers import table

    from buyword.store.setup import GameSetup, Seat

    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=7, private_hands=False,
                      variants=variants)
    app = make_app(setup)
    async with app.run_test(size=(60, 18)) as pilot:
        await settle(pilot)
        names = table(app).view.rules.variants()
        assert names
        # Each variant's name shows whole, on the panel's foot or wrapped under the players.
        players = table(app).query_one("#players")
        under = players.query_one(".caption", Static)
        shown = " ".join(f"{under.content if under.display else ''} {players.border_subtitle}"
                         .split())
        assert all(name in shown for name in names), shown
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, VariantRulesScreen)
        assert [variant.name for variant in app.screen.variants] == pages
        source = app.screen.query_one(Markdown).source
        assert all(variant.page in source for variant in VARIANTS if variant.name in pages)
        await pilot.press("f1")  # F1 again closes it
        await pilot.pause()
        assert app.screen is table(app)


@pytest.mark.slow
async def test_f1_at_a_plain_table_shows_how_to_play() -> None:
    from ui_helpers import TABLE

    app = make_app(TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.tab == "rules"
