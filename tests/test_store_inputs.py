"""Hypothesis on every text the player can type or paste: words, names, seeds, file paths.

Arbitrary Unicode, control characters and very long strings must give a clear message or a
legal result; nothing may raise, and a refused word changes nothing.
"""

from __future__ import annotations

import asyncio
import io
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st
from textual import events
from textual.widgets import Input
from ui_helpers import QUIET, handled, make_app, press_quickly, settle, small_lexicon, table

from buyword.engine import Phase
from buyword.store import Store
from buyword.store.setup import GameSetup
from buyword.ui.app import BuyWordApp, run_replay
from buyword.ui.dialogs.confirm import ConfirmScreen
from buyword.ui.options import ReplayOptions
from buyword.ui.screens.table import TableScreen

#: Slow (Pilot drives the app with hypothesis-made input): left out of the fast set.
pytestmark = pytest.mark.slow

#: Anything at all: every code point (control characters, surrogates, markup brackets), long.
ANY_TEXT = (st.text(alphabet=st.characters(codec=None), max_size=30)
            | st.text(max_size=2000)
            | st.sampled_from(["[", "[/]", "[b]", "\\", "\x1b[31m", "\0", "QUIZ", "star"]))
BATCH = st.lists(ANY_TEXT, min_size=24, max_size=24)
# Each example runs the app (about a second), so two examples of many texts each (as many
# texts as four examples of twelve), derandomised so every run tries the same texts, and no
# shrinking (it would rerun the app hundreds of times): a failure shows its whole batch.
FEW = settings(max_examples=2, derandomize=True, deadline=None,
               phases=[Stage.explicit, Stage.generate],
               suppress_health_check=[HealthCheck.function_scoped_fixture,
                                      HealthCheck.too_slow])


def paste(widget: Input, text: str) -> None:
    """Paste `text` into a box as a terminal delivers it (bracketed paste)."""
    widget.post_message(events.Paste(text))


def type_into(widget: Input, text: str) -> None:
    """Type `text` into a box key by key, as the terminal reports each character."""
    for char in text[:40]:
        widget.post_message(events.Key(char if char.isprintable() else "unknown", char))


def text_app(setup: GameSetup | None, home: Path) -> BuyWordApp:
    """An app with the small dictionary, quiet settings and a store in `home`."""
    return make_app(setup, store=Store(home), settings=QUIET, lexicon=small_lexicon())


@FEW
@given(words=BATCH)
def test_any_word_typed_or_pasted_sells_legally_or_changes_nothing(
        tmp_path: Path, words: list[str]) -> None:
    async def run() -> None:
        app = text_app(GameSetup(seed=12, bag="STARE" + "QUIZ"), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("r", "5", "b")  # buy STARE: now selling
            await settle(pilot)
            screen = table(app)
            game = screen.session.game
            box = screen.query_one("#word", Input)
            for word in words:
                assert game.phase is Phase.SELL
                for enter in (paste, type_into):  # the box refuses what it cannot hold
                    before, money = game.state(), game.player(0).money
                    enter(box, word)
                    await handled(app)
                    await press_quickly(pilot, "enter")
                    if game.player(0).money == money:
                        assert game.state() == before, word
                    else:  # only letters reach the engine: a real word was sold
                        assert game.log[-1].__class__.__name__ == "Sold"
                    box.value = ""
            assert game.tile_count() == (108, 9) and app._exception is None

    asyncio.run(run())


@FEW
@given(names=BATCH, seeds=st.lists(ANY_TEXT, min_size=2, max_size=2))
def test_any_seat_names_and_seed_start_a_game_or_say_why(
        tmp_path: Path, names: list[str], seeds: list[str]) -> None:
    async def run() -> None:
        app = text_app(None, tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            for form_number, seed in enumerate(seeds):  # two forms filled in, one app
                await pilot.press("t")  # a table game's form
                await pilot.pause()
                form = app.screen
                for i in range(4):
                    box = form.query_one(f"#name-{i}", Input)
                    box.value = ""
                    paste(box, names[4 * form_number + i])
                paste(form.query_one("#seed", Input), seed)
                await pilot.pause()
                await pilot.press("ctrl+s")
                await settle(pilot)
                if isinstance(app.screen, ConfirmScreen):  # an earlier game is saved
                    await pilot.press("y")
                    await settle(pilot)
                if isinstance(app.screen, TableScreen):
                    game = app.screen.session.game
                    assert len(game.names) >= 2 and all(n.strip() for n in game.names)
                    await pilot.press("r")
                    await settle(pilot)
                    app.show_title()
                else:  # the form says what is wrong
                    assert str(form.query_one("#form-error").render()).startswith("✗ ")
                    await pilot.press("escape")
                await settle(pilot)
                assert app._exception is None

    asyncio.run(run())


@FEW
@given(paths=st.lists(ANY_TEXT, min_size=6, max_size=6))
def test_any_word_list_path_gives_a_message_not_a_crash(
        tmp_path: Path, paths: list[str]) -> None:
    async def run() -> None:
        app = text_app(None, tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            for path in paths:
                await pilot.press("s")
                await pilot.pause()
                form = app.screen
                form.query_one("#dictionary").value = "file"
                box = form.query_one("#word-file", Input)
                box.value = path
                await pilot.pause()
                await pilot.press("ctrl+s")
                await settle(pilot)
                if isinstance(app.screen, TableScreen):
                    app.show_title()
                    await settle(pilot)
                elif app.screen is form:
                    await pilot.press("escape")
                    await pilot.pause()
            assert app._exception is None

    asyncio.run(run())


@settings(max_examples=60, deadline=None)
@given(path=ANY_TEXT)
def test_any_replay_path_is_refused_in_words(path: str) -> None:
    err = io.StringIO()
    with redirect_stderr(err):
        code = run_replay(ReplayOptions(f"/nonexistent-buyword-test/{path}"))
    assert code == 2
    message = err.getvalue()
    assert message.startswith(('buyword replay: cannot open "', "buyword replay: cannot open '"))
    assert message.count("\n") == 1


def test_names_are_made_safe_to_show() -> None:
    from buyword.store.setup import Seat, table_name

    assert table_name("Ann[/b]") == "Ann[/b]" and table_name("[/]") == "[/]"
    assert table_name("\x1b[31mRed\x00") == "[31mRed" and table_name(" \t\n") == "Player"
    assert table_name("Zoë 🎲") == "Zoë 🎲" and len(table_name("x" * 500)) == 20
    assert Seat("[b]Bob").name == "[b]Bob"


async def test_a_name_that_looks_like_markup_plays_and_resumes(tmp_path: Path) -> None:
    # Found by the hypothesis test above: "[/]" as a seat name crashed the table.
    from buyword.cli import PlayOptions

    app = BuyWordApp(PlayOptions(players=("[/]", "Ann[/b]")), lexicon=small_lexicon(),
                     settings=QUIET, store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "r")  # past the hand-off screen, roll
        await settle(pilot)
        assert table(app).session.game.names == ("[/]", "Ann[/b]") and app._exception is None
    again = BuyWordApp(PlayOptions(resume=True), lexicon=small_lexicon(), settings=QUIET,
                       store=Store(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table(again).session.game.names == ("[/]", "Ann[/b]") and again._exception is None
