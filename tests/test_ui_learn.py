"""Learn to play through the real screens: from the title's L to the results, by keys."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from ui_helpers import QUIET, press_quickly, settle, settle_quickly, table
from words_helpers import bundled_lexicon, index_cache

from buyword.cli import PlayOptions
from buyword.store import Store
from buyword.table.lessons import STEPS
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.table import TableScreen
from buyword.words.lexicon import Lexicon

#: Slow (Pilot plays the whole guided game through the app): left out of the fast set.
pytestmark = pytest.mark.slow

#: The keys of each step's scripted answer (the drop dialog takes the tiles' letters).
KEYS = {"roll": ["r"], "choose 3": ["3"], "buy": ["b"], "discard": ["d"], "done": ["escape"],
        "drop EE": ["e", "e", "enter"]}


def keys_of(example: str) -> list[str]:
    """The keys a player presses for a step's answer."""
    if example.startswith("sell "):
        return [*example.removeprefix("sell ").lower(), "enter"]
    return KEYS[example]


@pytest.fixture(scope="module")
def words() -> Lexicon:
    """The bundled dictionary (the guided game's words are real words)."""
    return bundled_lexicon()


def is_lesson(screen: object) -> bool:
    """Whether `screen` is a table screen drawing a guided game (its views carry a lesson)."""
    return isinstance(screen, TableScreen) and screen.view.lesson is not None


def lesson_text(app: BuyWordApp) -> str:
    """What the lesson panel says now, its title included."""
    panel = table(app).query_one("#lesson", Static)
    return f"{panel.border_title} {panel.render()}"


def message(app: BuyWordApp) -> str:
    """The table's message line."""
    return str(table(app).query_one("#message", Static).render())


async def test_learn_to_play_from_the_title_to_the_results(words: Lexicon) -> None:
    app = BuyWordApp(PlayOptions(), lexicon=words, settings=QUIET,
                     cache_dir=index_cache(), store=Store(memory=True))
    async with app.run_test(size=(100, 34)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert is_lesson(app.screen)
        assert "Lesson 1/12 · Roll" in lesson_text(app)
        await pilot.press("b")  # not what the lesson waits for
        await pilot.pause()
        assert "Not yet: this lesson is about rolling the die — press R" in message(app)
        for number, step in enumerate(STEPS):
            assert step.text in lesson_text(app), number
            if step.lesson == "All or nothing" and step.example == "discard":
                await pilot.press("b")
                await pilot.pause()
                assert "Not yet: this lesson is about discarding — press D" in message(app)
            # Each key handled completely before the next, as a person types (`press_quickly`).
            await press_quickly(pilot, *keys_of(step.example))
            await settle_quickly(pilot)
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        verdict = str(app.screen.query_one("#verdict", Static).render())
        assert "keep practising" in verdict.lower(), verdict
        assert "not scored" in verdict and "$800 is fair" in verdict  # the rating lesson
        await pilot.press("n")  # again: the guided game from its start
        await settle(pilot)
        assert is_lesson(app.screen)
        assert "Lesson 1/12 · Roll" in lesson_text(app)


async def play_steps(pilot, upto: int) -> None:  # noqa: ANN001 - a Pilot
    """Press the scripted keys of the steps before step `upto`."""
    for step in STEPS[:upto]:
        await press_quickly(pilot, *keys_of(step.example))
        await settle_quickly(pilot)
    await settle(pilot)


async def test_a_lesson_left_is_continued_at_the_same_lesson(words: Lexicon, tmp_path) -> None:
    app = BuyWordApp(PlayOptions(learn=True), lexicon=words, settings=QUIET,
                     cache_dir=index_cache(), store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:  # `buyword learn`
        await settle(pilot)
        assert is_lesson(app.screen)
        await play_steps(pilot, 13)
        assert "Lesson 9/12 · The wild" in lesson_text(app)
    again = BuyWordApp(PlayOptions(), lexicon=words, settings=QUIET,
                       cache_dir=index_cache(), store=Store(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu = str(again.screen.query_one("#menu").get_option_at_index(0).prompt)
        assert menu.startswith("Continue learn to play:"), menu
        assert menu.split("\n")[1] == "  You · round 4", menu
        await pilot.press("c")
        await settle(pilot)
        assert is_lesson(again.screen)
        assert "Lesson 9/12 · The wild" in lesson_text(again)
        assert STEPS[13].text in lesson_text(again)


async def test_the_tile_limit_dialog_carries_the_lesson_and_says_why_a_drop_is_refused(
        words: Lexicon) -> None:
    from buyword.ui.dialogs.drop import DropScreen

    app = BuyWordApp(PlayOptions(learn=True), lexicon=words, settings=QUIET,
                     cache_dir=index_cache(), store=Store(memory=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")  # a key that is no action: the lesson says what it waits for
        await pilot.pause()
        assert "Not yet: this lesson is about rolling the die — press R" in message(app)
        drop = next(n for n, step in enumerate(STEPS) if step.example == "drop EE")
        await play_steps(pilot, drop)
        dialog = app.screen
        assert isinstance(dialog, DropScreen)
        note = str(dialog.query_one("#drop-note", Static).render())
        assert note.replace("\n", " ") == STEPS[drop].text  # the lesson, not hidden under it
        await pilot.press("x")  # no X in the hand: said, not ignored
        await pilot.pause()
        assert "There is no X in the hand" in str(dialog.query_one("#drop-count").render())
        await press_quickly(pilot, "a", "e", "enter")  # against the lesson's advice
        await settle_quickly(pilot)
        again = app.screen
        assert isinstance(again, DropScreen) and again is not dialog  # asked again, with why
        note = str(again.query_one("#drop-note", Static).render()).replace("\n", " ")
        assert note.startswith("✗ Not those: ORDINALS needs the A")
        assert table(app).session.game.player(0).hand.count("A") == 1
        await press_quickly(pilot, "e", "e", "enter")
        await settle_quickly(pilot)
        assert is_lesson(app.screen)
        assert "End of the bag" in lesson_text(app)
