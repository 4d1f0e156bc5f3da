"""Puzzles through the real screens: P on the title opens the puzzles' menu; D the day's
puzzle on the table screen, its panel asking the question; a wrong answer (the game's own key)
says so, with each answer's worth, the explanation and the rating change; another try, right,
is practice. Your own mistakes and each theme are on the menu too."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static
from ui_helpers import make_app, on_top, settle, until

from buyword.engine import Rules
from buyword.store import Store
from buyword.store.puzzles import THEMES, Answer, Position, Puzzle, PuzzleSet, Rival
from buyword.ui.dialogs.drop import DropScreen
from buyword.ui.dialogs.puzzle_menu import PuzzleMenuScreen
from buyword.ui.dialogs.puzzle_verdict import VerdictScreen
from buyword.ui.screens.table import TableScreen

DAY = date(2026, 12, 5)


def puzzle_app(tmp_path: Path, *puzzles: Puzzle) -> tuple[Any, Store]:
    """The app offering only `puzzles` (the first is the day's, on DAY), and its store."""
    store = Store(tmp_path)
    app = make_app(store=store)
    app.puzzle_set = PuzzleSet(Rules(), puzzles)
    app.puzzle_day = DAY
    return app, store


async def ask_daily(pilot: Any) -> None:
    """From the title: P opens the puzzles' menu, D asks for the day's puzzle."""
    await settle(pilot)
    await pilot.press("p")
    await on_top(pilot, PuzzleMenuScreen)
    await pilot.press("d")


def _junk(ident: str) -> Puzzle:
    """Round 2, $180: the draw is Q, X and Z ($144); discarding is worth $45 more."""
    bag = "".join(sorted("AAAAEEEEIIIOOONNRRSSTTLLDDGGBCMPFHVWYK"))
    position = Position(0, ("You", "Ann"), "buy", 2, 1, False, 3, 3, "AEIRST", 180, 3, "QXZ",
                        len(bag) - 6, bag, 0, (Rival("Ann", 150, 4, 6),))
    return Puzzle(ident, "buy", position, (),
                  (Answer(("discard",), "discard", 850.0, 3.0, True, 0),
                   Answer(("buy",), "buy", 805.0, 3.0, False, 45)),
                  "Discarding was worth about $45 more (± $4): these tiles cost $144 and add "
                  "about $99 of words.")


@pytest.mark.slow
async def test_the_daily_puzzle_is_solved_wrong_then_right(tmp_path: Path) -> None:
    puzzle = _junk("5-9-1")
    app, store = puzzle_app(tmp_path, puzzle)
    async with app.run_test(size=(100, 32)) as pilot:
        await ask_daily(pilot)
        table = await on_top(pilot, TableScreen)
        await until(pilot, lambda: table.view.lesson is not None, "the puzzle's panel")
        lesson = table.view.lesson
        assert lesson.title == "Daily puzzle"
        assert lesson.text.startswith("Buy or discard?") and "2026-12-05" in lesson.text
        assert table.view.seat.drawn == "QXZ" and table.view.seat.hand == "AEIRST"
        await pilot.press("f6")  # no coach at a puzzle
        await until(pilot, lambda: "keeps quiet" in str(
            table.query_one("#message", Static).content), "the coach's refusal")
        await pilot.press("b")  # buying is wrong
        verdict = await on_top(pilot, VerdictScreen)
        title = str(verdict.query_one("#verdict-title", Static).content)
        body = str(verdict.query_one("#verdict-body", Static).content)
        assert title == "Not the best: buy."
        assert "buy: about $805 at the end (−$45)" in body and puzzle.explanation in body
        rating = store.puzzle_progress().rating
        assert rating.rating < 1500
        assert f"Rating {round(rating.rating)} ± {round(rating.deviation)} (−" in body
        await pilot.press("t")  # try again: the same position
        table = await on_top(pilot, TableScreen)
        assert table.view.seat.drawn == "QXZ"
        await pilot.press("d")
        verdict = await on_top(pilot, VerdictScreen)
        assert str(verdict.query_one("#verdict-title", Static).content) == "Right: discard."
        assert "Practice: only your first answer is rated." in \
            str(verdict.query_one("#verdict-body", Static).content)
        progress = store.puzzle_progress()
        assert [(a.puzzle, a.right) for a in progress.attempts] == [("5-9-1", False)]
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, TableScreen | VerdictScreen),
                    "back to the title")


@pytest.mark.slow
async def test_the_menu_offers_each_theme_and_your_own_mistakes(tmp_path: Path) -> None:
    store = Store(tmp_path)
    mine = replace(_junk("77-3-1"), themes=("limit",))
    store.add_personal_puzzles([mine])
    app = make_app(store=store)
    app.puzzle_set = PuzzleSet(Rules(), (_junk("5-9-1"),))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        menu = await on_top(pilot, PuzzleMenuScreen)
        choices = menu.query_one(OptionList)
        ids = [choices.get_option_at_index(n).id for n in range(choices.option_count)]
        assert ids == ["daily", "next", *(f"theme:{t}" for t in THEMES), "mine"]
        await pilot.press("m")
        table = await on_top(pilot, TableScreen)
        await until(pilot, lambda: table.view.lesson is not None, "the puzzle's panel")
        assert table.view.lesson.title == "Your mistakes"
        assert table.view.lesson.text.endswith("Your rating: 1500.")
        # The palette offers the menu too, from any screen.
        [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Puzzles"]
        command.callback()
        await on_top(pilot, PuzzleMenuScreen)


@pytest.mark.slow
async def test_a_damaged_puzzle_file_is_said_in_one_line(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import buyword.store.puzzles

    def damaged() -> PuzzleSet:
        return buyword.store.puzzles.puzzle_set_from('{"format": 1, "rules": {}, "puzzles": 3}')

    monkeypatch.setattr(buyword.store.puzzles, "bundled_puzzles", damaged)
    store = Store(tmp_path)
    app = make_app(store=store)
    async with app.run_test(size=(100, 32)) as pilot:
        await ask_daily(pilot)
        await until(pilot, lambda: any("cannot be played" in str(n.message)
                                       for n in app._notifications), "the message")
        [note] = [str(n.message) for n in app._notifications]
        assert note == ("The puzzles cannot be played: the puzzle file's puzzles should be "
                        "a list, not a whole number")
        assert not isinstance(app.screen, TableScreen)
        assert store.puzzle_progress().attempts == []


@pytest.mark.slow
async def test_esc_leaves_an_unanswered_puzzle_for_the_menu_and_counts_no_attempt(
        tmp_path: Path) -> None:
    from buyword.ui.screens.title import TitleScreen

    app, store = puzzle_app(tmp_path, _junk("5-9-1"))
    async with app.run_test(size=(80, 24)) as pilot:
        await ask_daily(pilot)
        table = await on_top(pilot, TableScreen)
        await until(pilot, lambda: table.view.lesson is not None, "the puzzle's panel")
        assert table.query_one("#lesson").border_subtitle == "Ctrl+L: leave the puzzle"
        assert any(b.key == "escape" and b.description == "Leave puzzle"
                   for b in (a.binding for a in table.active_bindings.values())
                   if table.check_action(b.action, ()))
        await pilot.press("escape")
        await on_top(pilot, PuzzleMenuScreen)
        assert store.puzzle_progress().attempts == []  # leaving is no attempt
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen), "back to the title")


def _sale(kind: str) -> Puzzle:
    """Round 4, solo, selling from ACDGOT with two wilds: a "sell" puzzle (CAT and DOG, or
    nothing) or a "wild" one (the wild for the C or for the T of CAT)."""
    position = Position(0, ("You",), "sell", 4, 0, False, 3, 3, "ACDGOT", 150, 2, "", 60,
                        "".join(sorted("EEEIIOOUUAARRSSTTNNLL" * 2 + "BCDFGHKMPW")), 0)
    right, wrong = ((("sell CAT", "sell DOG", "done"), ("done",)) if kind == "sell"
                    else (("sell cAT", "done"), ("sell CAt", "done")))
    return Puzzle("1-50-1", kind, position, (),
                  (Answer(right, "the right sale", 900.0, 2.0, True, 0),
                   Answer(wrong, "the wrong sale", 880.0, 2.0, False, 20)),
                  "The right sale was worth about $20 more.")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sell", "wild"])
async def test_ctrl_l_leaves_a_sale_puzzle_where_esc_would_answer(tmp_path: Path,
                                                                    kind: str) -> None:
    app, store = puzzle_app(tmp_path, _sale(kind))
    async with app.run_test(size=(80, 24)) as pilot:
        await ask_daily(pilot)
        table = await on_top(pilot, TableScreen)
        await until(pilot, lambda: table.view.lesson is not None
                    and table.check_action("done", ()) is True, "the sale's panel")
        # Esc here ends the sale (an answer), so the panel and the footer show Ctrl+L.
        assert table.query_one("#lesson").border_subtitle == "Ctrl+L: leave the puzzle"
        shown = {(b.key, b.description) for b in (a.binding for a in
                 table.active_bindings.values()) if b.show and table.check_action(b.action, ())}
        assert {("ctrl+l", "Leave puzzle"), ("escape", "Done selling")} <= shown
        await pilot.press("c", "a")  # half a word typed: Ctrl+L leaves all the same
        await pilot.press("ctrl+l")
        await on_top(pilot, PuzzleMenuScreen)
        assert store.puzzle_progress().attempts == []  # leaving is no attempt


def _drop() -> Puzzle:
    """Round 18, one tile over the limit with FIIKMORST: dropping K is right."""
    position = Position(0, ("You", "Ann"), "drop", 18, 0, False, 2, 2, "FIIKMORST", 586, 2, "",
                        4, "DEENSTVZ", 1, (Rival("Ann", 354, 1, 4),))
    return Puzzle("100-109-2", "drop", position, ("limit",),
                  (Answer(("drop K",), "drop K", 755.0, 0.0, True, 0),
                   Answer(("drop T",), "drop T", 723.0, 0.0, False, 32)),
                  "Dropping K was worth about $32 more.")


@pytest.mark.slow
@pytest.mark.parametrize("key", ["ctrl+l", "escape"])
async def test_a_drop_puzzle_is_left_from_its_tile_limit_dialog(tmp_path: Path,
                                                                key: str) -> None:
    app, store = puzzle_app(tmp_path, _drop())
    async with app.run_test(size=(80, 24)) as pilot:
        await ask_daily(pilot)
        # The tile-limit dialog opens by itself over the table: it is where the keys go.
        dialog = await on_top(pilot, DropScreen)
        shown = {(b.key, b.description) for b in (a.binding for a in
                 dialog.active_bindings.values()) if b.show and dialog.check_action(b.action, ())}
        assert ("ctrl+l", "Leave puzzle") in shown
        await pilot.press("k")  # a tile chosen, not dropped: leaving is still no answer
        await pilot.press(key)
        await on_top(pilot, PuzzleMenuScreen)
        assert store.puzzle_progress().attempts == []
