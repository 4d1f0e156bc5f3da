"""Many windows in the app (wiring only): told a game is open elsewhere, a separate game of its
own, watching the other window's game as it goes on, and Continue for every saved game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from store_helpers import Window, advance, new_game, saved_game
from store_terminal import HAVE_TMUX, Terminal, wait_until
from textual.widgets import OptionList, Static
from ui_helpers import make_app, settle, table

from buyword.store import Store, read_save
from buyword.store.store import CURRENT
from buyword.ui.dialogs.elsewhere import ElsewhereScreen
from buyword.ui.screens.new_game import NewGameScreen
from buyword.ui.screens.table import TableScreen
from buyword.ui.screens.title import TitleScreen
from buyword.ui.screens.watch import WatchScreen
from buyword.ui.widgets.game_log import GameLog
from buyword.ui.widgets.rack import Rack

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="the other window is a POSIX process"),
]


def saved_actions(path: Path) -> tuple[str, int]:
    """The game id and the number of actions saved at `path`."""
    saved = read_save(path.read_bytes())
    return saved.game_id, len(saved.record.actions)


def menu(app) -> list[str]:  # noqa: ANN001 - the app under test
    """The title menu's entry ids."""
    options = app.screen.query_one("#menu", OptionList)
    return [options.get_option_at_index(i).id or "" for i in range(options.option_count)]


async def test_a_second_window_is_told_and_starts_a_separate_game(tmp_path: Path) -> None:
    other = Window(tmp_path)
    try:
        _, _, other_id = other.ask("new 3 2")
        other.ask("play 4")
        app = make_app(store=Store(tmp_path))
        async with app.run_test(size=(80, 30)) as pilot:
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ElsewhereScreen)
            body = str(dialog.query_one(".dialog-body", Static).render())
            assert "table: Ann, Bob" in body and "separate save" in body
            dialog.action_choose("solo")
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            await pilot.press("r")
            await pilot.pause()
            slot = app.store.slot
            assert slot is not None and slot.startswith("slots/")
            assert saved_actions(tmp_path / slot)[1] >= 1
        assert saved_actions(tmp_path / CURRENT) == (other_id, 4)  # never written over
    finally:
        other.close()


async def test_watching_follows_the_other_windows_game_read_only(tmp_path: Path) -> None:
    other = Window(tmp_path)
    try:
        other.ask("new 3 2")
        other.ask("play 4")
        app = make_app(store=Store(tmp_path))
        async with app.run_test(size=(80, 30)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, ElsewhereScreen)
            app.screen.action_choose("watch")
            await settle(pilot)
            watch = app.screen
            assert isinstance(watch, WatchScreen)
            assert watch.replay.frames[-1].moves == 4
            assert "Watching a game open in another window" in str(
                watch.query_one("#prompt", Static).render())
            moves = int(other.ask("play 30")[1])
            watch.poll()  # what the timer does every second
            assert watch.replay.frames[watch.at].moves == moves  # it follows the latest move
            await pilot.pause()
            # A table's hands are private while it plays: counts only, never the letters.
            racks = list(watch.query(".replay-hand").results(Rack))
            assert len(racks) == 2 and all(rack.tiles == "" for rack in racks)
            assert all("hidden while playing" in rack.empty_text for rack in racks)
            log = watch.query_one(GameLog)
            assert any("drew ▪" in str(line.text) for line in log.lines)
            other.close()
            watch.poll()
            await pilot.pause()
            assert "has closed" in str(watch.query_one("#prompt", Static).render())
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            app.screen.show_store()
            assert menu(app)[0] == "continue"  # free now: this window may continue it
        assert saved_actions(tmp_path / CURRENT)[1] == moves  # watching wrote nothing
    finally:
        other.close()


async def test_continue_offers_every_saved_game_and_resumes_the_one_chosen(
        tmp_path: Path) -> None:
    first = saved_game(advance(new_game(seed=1), 2))
    second = saved_game(advance(new_game(2, seed=2), 3))
    (tmp_path / CURRENT).write_text(first.to_json())
    (tmp_path / "slots").mkdir()
    (tmp_path / "slots" / "other.json").write_text(second.to_json())
    app = make_app(store=Store(tmp_path))
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(pilot)
        assert menu(app)[:2] == ["continue", "continue:slots/other.json"]
        assert app.resumable == first  # the game a new one would replace (so the app asks)
        app.screen.action_choose("continue:slots/other.json")
        await settle(pilot)
        # The second game goes on where it stood (its next seat holds no tile, so its sale is
        # finished for it: no hand-off just to press Esc).
        resumed = tuple(table(app).session.game.actions)
        assert resumed[:len(second.record.actions)] == second.record.actions
        assert resumed[len(second.record.actions):] in ((), ("done",))
        assert app.store.slot == "slots/other.json"


@pytest.mark.skipif(not HAVE_TMUX, reason="needs tmux")
def test_two_real_windows_play_apart_and_the_second_can_watch_the_first(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text("animations = false\n")
    with Terminal(tmp_path, "--solo", "--seed", "42") as first:
        first.wait_for("Roll the die")
        first.keys("r")
        wait_until(lambda: saved_actions(tmp_path / CURRENT)[1] >= 1)
        first_id = saved_actions(tmp_path / CURRENT)[0]
        with Terminal(tmp_path) as second:
            second.wait_for("A game is open in another window")
            second.keys("Down", "Down", "Enter")  # "Watch it here (read-only)"
            second.wait_for("Watching a game open in another window")
            second.keys("Escape")
            second.wait_for("Watch solo: You")  # the title offers to watch it again
            second.keys("s")
            second.wait_for("Start")
            second.keys("C-s")
            second.wait_for("Roll the die")
            second.keys("r")
            slots = wait_until(lambda: list((tmp_path / "slots").glob("*.json")))
            assert saved_actions(tmp_path / CURRENT)[0] == first_id
            assert len(slots) == 1 and saved_actions(slots[0])[0] != first_id
