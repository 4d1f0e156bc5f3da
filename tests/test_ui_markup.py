"""Player text that looks like markup or holds terminal escapes shows literally on every screen.

A seat named `[/bold]Eve` crashed the replay (a Textual MarkupError) and `[@click=app.quit]Q`
became a live link there. These tests put such names (and a file name of the same kind)
through the title, the new-game form, the table, every dialog, the results, the replay and
`buyword history`, and check each screen shows them as typed, with no escape character left
for the terminal to obey.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from textual.screen import Screen
from textual.widgets import Input, OptionList, RichLog
from ui_helpers import QUIET, finish_quietly, settle, small_lexicon, table

from buyword.cli import PlayOptions
from buyword.engine import GameRecord, Phase
from buyword.engine import events as ev
from buyword.store import Store
from buyword.store.history import history_main
from buyword.store.records import record_data
from buyword.store.setup import GameSetup, Seat
from buyword.table.replay import load_replay
from buyword.ui.app import BuyWordApp
from buyword.ui.dialogs.challenge import ChallengeScreen
from buyword.ui.dialogs.confirm import ConfirmScreen
from buyword.ui.dialogs.drop import DropScreen
from buyword.ui.options import Opening
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.title import TitleScreen
from buyword.ui.text import literal, markup, visible

#: Seat names a player might type; the last holds a terminal escape (ESC [31m).
NAMES = ("[/bold]Eve", "[@click=app.quit]Q", "[red]x", "Zed\x1b[31m")
#: How a seat keeps them: control characters are dropped from names.
SEATED = ("[/bold]Eve", "[@click=app.quit]Q", "[red]x", "Zed[31m")

pytestmark = pytest.mark.slow


def screen_text(screen: Screen) -> str:
    """Everything a screen shows as text: widgets, border titles, menus and logs."""
    parts: list[str] = []
    for widget in [screen, *screen.query("*")]:
        for title in (widget._border_title, widget._border_subtitle):
            if title is not None:
                parts.append(title.plain)
        if isinstance(widget, OptionList):
            parts += [str(widget.get_option_at_index(i).prompt)
                      for i in range(widget.option_count)]
        elif isinstance(widget, RichLog):
            parts += ["".join(segment.text for segment in line) for line in widget.lines]
        elif isinstance(widget, Input):
            parts.append(widget.value)
        else:
            rendered = widget.render()
            if isinstance(rendered, str) or hasattr(rendered, "plain"):
                parts.append(getattr(rendered, "plain", rendered))
    return "\n".join(parts)


def assert_shown(screen: Screen, *texts: str) -> None:
    """Each text appears as typed, and no escape character reaches the terminal."""
    shown = screen_text(screen)
    for text in texts:
        assert text in shown, f"{text!r} is not on {type(screen).__name__}:\n{shown}"
    assert "\x1b" not in shown


def test_the_helpers_show_markup_and_escapes_as_text() -> None:
    assert literal("[/bold]Eve").plain == "[/bold]Eve"
    assert markup("[b]$name[/b] wins", name="[@click=app.quit]Q").plain == "[@click=app.quit]Q wins"
    assert visible("Zed\x1b[31m\x00\u202e!") == "Zed␛[31m␀!"
    assert literal("a\\").plain == "a\\"  # a trailing backslash is no escape either


async def test_hostile_names_show_literally_at_the_table_in_dialogs_and_results(
    tmp_path: Path,
) -> None:
    setup = GameSetup(seats=tuple(Seat(name) for name in NAMES), seed=7, private_hands=True)
    app = BuyWordApp(PlayOptions(), setup=setup, lexicon=small_lexicon(), settings=QUIET,
                     store=Store(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert_shown(app.screen, SEATED[0])  # "Pass to [/bold]Eve"
        await pilot.press("enter", "r")
        await settle(pilot)
        if table(app).session.game.phase is Phase.CHOOSE:
            await pilot.press("5")  # CHOICE: draw five
            await settle(pilot)
        screen = table(app)
        game = screen.session.game
        current = SEATED[game.current]
        assert_shown(screen, f"{current}, buy these tiles", f"{current} drew",
                     *(name[:9] for name in SEATED))
        sale = ev.Sold(0, SEATED[0], "TEA", "TEA", None, 3, 9)
        seats = [(number, name) for number, name in enumerate(SEATED, 1)][1:]
        for dialog, expected in (
            (ChallengeScreen(str(sale), seats, 20), (f"{SEATED[0]} sold TEA", *SEATED[1:])),
            (DropScreen(SEATED[2], "AEIOUSTRN", 1, game.rules.tiles, 8), (SEATED[2],)),
            (ConfirmScreen(f"You have a game in progress ({', '.join(SEATED)} — round 1)."),
             SEATED),
        ):
            await app.push_screen(dialog)
            await pilot.pause()
            assert_shown(dialog, *expected)
            dialog.dismiss(None)
            await pilot.pause()
        await finish_quietly(pilot)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        assert_shown(app.screen, *SEATED)
        assert app._exception is None and app.return_code is None  # the link stayed text


async def test_a_saved_game_and_a_file_name_show_literally_on_the_title_and_form(
    tmp_path: Path,
) -> None:
    setup = GameSetup(seats=tuple(Seat(name) for name in NAMES[:2]), seed=7,
                      private_hands=False)
    first = BuyWordApp(PlayOptions(), setup=setup, lexicon=small_lexicon(), settings=QUIET,
                       store=Store(tmp_path))
    async with first.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # one move, saved
        await settle(pilot)
    app = BuyWordApp(PlayOptions(), lexicon=small_lexicon(), settings=QUIET,
                     store=Store(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert_shown(app.screen, f"{SEATED[0]}, {SEATED[1]}")  # Continue table: ...
        menu = app.screen.query_one(OptionList)
        entries = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert entries[0].startswith("Continue") and "\n  saved " in entries[0]
        assert not any("␊" in entry for entry in entries)  # its two lines are two lines
        await pilot.press("s")  # a new solo game: the form
        await settle(pilot)
        form = app.screen
        tiles = "[/bold]x [@click=app.quit]y.toml"
        form.query_one("#tiles", Input).value = tiles
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is form
        assert_shown(form, f"cannot read tile set {tiles!r}: it does not exist")
        assert app._exception is None


def _record_with(names: tuple[str, ...], home: Path) -> Path:
    """A finished record whose players carry these names exactly (escapes and all)."""
    from buyword.engine import Game

    game = Game.new(list(names), dictionary=small_lexicon(), seed=3)
    while game.outcome() is None:
        game.apply(game.legal_actions()[-1] if game.phase.value == "buy" else
                   game.legal_actions()[0])
    path = home / "record.json"
    path.write_text(json.dumps(record_data(GameRecord.of(game))))
    return path


async def test_a_record_with_hostile_names_replays_showing_them(tmp_path: Path) -> None:
    """The replay crashed on `[/bold]Eve` (the rack's border title was markup)."""
    path = _record_with(NAMES, tmp_path)
    app = BuyWordApp(opening=Opening.replaying(load_replay(str(path))))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert_shown(app.screen, "[/bold]Eve · $", "[@click=app.quit]Q · $", "[red]x · $",
                     "Zed␛[31m · $")
        assert app._exception is None and app.return_code is None


async def test_history_lists_hostile_names_as_text(tmp_path: Path) -> None:
    setup = GameSetup(seats=tuple(Seat(name) for name in NAMES[:2]), seed=7,
                      private_hands=False)
    app = BuyWordApp(PlayOptions(), setup=setup, lexicon=small_lexicon(), settings=QUIET,
                     store=Store(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await finish_quietly(pilot)
        await settle(pilot)
    out = io.StringIO()
    assert history_main(Store(tmp_path), Console(file=out, width=300)) == 0
    assert SEATED[0] in out.getvalue() and SEATED[1] in out.getvalue()
