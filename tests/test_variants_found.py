"""The variants can be found: `buyword --variant NAMES` (spelled as `sim` spells them), the
command palette, the help's Variants page; and a command-line game has the form's defaults."""

from __future__ import annotations

import pytest
from textual.widgets import Markdown, TabbedContent
from ui_helpers import make_app, settle

import buyword.cli as cli
from buyword.engine.rules import VARIANTS, variant_names
from buyword.store.settings import Settings
from buyword.store.setup import GameSetup
from buyword.ui.dialogs.help import HelpScreen
from buyword.ui.options import PlayOptions
from buyword.ui.widgets.price_list import PriceList


@pytest.fixture
def started(monkeypatch, tmp_path) -> list[PlayOptions]:
    """What the command line would start the app with (the app itself is not run)."""
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    runs: list[PlayOptions] = []
    def play(options: PlayOptions) -> int:
        runs.append(options)
        return 0

    monkeypatch.setattr(cli, "_play", play)  # plain `buyword`
    monkeypatch.setattr(cli.COMMANDS["play"], "run", play)  # the table holds its own reference
    return runs


def test_variant_names_are_spelled_as_sim_spells_them() -> None:
    assert variant_names("auction, Trade-Money,draft,crossword,trade") == (
        "auction", "trade_money", "draft", "crossword", "trade")
    with pytest.raises(ValueError, match="'magic' is not a variant; use auction, trade, "
                                         "trade-money, draft, crossword"):
        variant_names("auction,magic")


def test_buyword_variant_starts_a_game_with_them(started) -> None:
    assert cli.main(["--variant", "auction,trade-money", "--players", "Ann,Bob"]) == 0
    assert started[-1].variants == ("auction", "trade_money") and started[-1].starts_game
    assert cli.main(["--variant", "draft"]) == 0  # a solo draft is allowed
    assert started[-1].variants == ("draft",) and started[-1].starts_game
    assert cli.main(["--crossword", "--variant", "draft"]) == 0
    assert started[-1].variants == ("draft", "crossword")


@pytest.mark.parametrize(("argv", "words"), [
    (["--variant", "auction"], "auction needs 2 or more players; name them with --players"),
    (["--variant", "magic", "--players", "A,B"], "'magic' is not a variant; use auction"),
])
def test_buyword_variant_refusals_are_one_line(started, capsys, argv, words) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and not started


def test_help_describes_every_variant(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--variant NAMES" in shown
    for variant in VARIANTS:
        assert f"{variant.option} {' '.join(variant.how.split())}" in shown, variant.name


def test_a_command_line_game_has_the_new_game_forms_defaults() -> None:
    # Hints as the form last had them (stored), for a crossword as for any game.
    settings = Settings(animations=False, bot_speed="instant", new_game=GameSetup(hints=True))
    app = make_app(settings=settings)
    app.options = PlayOptions(variants=("crossword",))
    setup = app._setup_from_options()
    assert setup is not None and "crossword" in setup.variants and setup.hints
    app.options = PlayOptions(solo=True)
    assert app._setup_from_options().hints


@pytest.mark.slow
async def test_the_palette_and_help_offer_every_variant() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = {command.title: command for command in app.get_system_commands(app.screen)}
        for variant in VARIANTS:
            assert f"Variant: {variant.label}" in titles
        assert "Colours" in titles and "Theme" not in titles  # the colour scheme's name
        titles["Variant: Auction"].callback()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        page = str(app.screen.query_one("#variants").query_one("Markdown").source)
        assert all(variant.how in page for variant in VARIANTS)


@pytest.mark.slow
async def test_help_scrolls_with_the_arrows_at_once() -> None:
    app = make_app()
    async with app.run_test(size=(60, 18)) as pilot:
        await settle(pilot)
        app.action_help("rules")
        await pilot.pause()
        page = app.screen.query_one("#rules").query_one("VerticalScroll")
        assert page.max_scroll_y > 0 and page.scroll_y == 0
        await pilot.press("down", "down")
        await pilot.pause()
        assert page.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert page.scroll_y == page.max_scroll_y


@pytest.mark.slow
async def test_each_help_tab_shows_its_page_when_opened() -> None:
    """Help opens on one page; each other tab's page is there the moment it is opened."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.action_help("rules")
        await settle(pilot)
        tabs = app.screen.query_one(TabbedContent)
        for tab, words in [("variants", VARIANTS[0].how), ("keys", "command palette"),
                           ("prices", "$25"), ("rules", "Buy letters cheap")]:
            await pilot.press("right")
            await settle(pilot)
            assert tabs.active == tab
            shown = app.screen.query_one(f"#{tab}")
            text = " ".join(str(widget.source) for widget in shown.query(Markdown)) or \
                str(shown.query_one(PriceList).render())
            assert words in text, tab
