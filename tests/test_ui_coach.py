"""The coach on the table screen: its line comes under the message just after a decision,
never before; F6 shows Master's choice now; the screen answers keys while Master weighs."""

from __future__ import annotations

import pytest
from ui_helpers import make_app, runner_of, settle, table, until

from buyword.engine import Phase
from buyword.store.setup import GameSetup

#: Slow (Pilot, and the real Master weighing in the background): left out of the fast set.
pytestmark = pytest.mark.slow

# Seed 12 rolls CHOICE first: drawing 3 gives Q X Z ($144), which no word of the test words
# can use: Master discards them.
COACHED = GameSetup(seed=12, bag="QXZ", coach=True)


def coach_text(screen) -> str:
    box = screen.query_one("#coach")
    return str(box.render()) if box.display else ""


async def weighed(pilot, screen) -> None:
    """Let the coach finish what it is weighing, and the screen show what it says."""
    assert runner_of(screen).coach.wait(120)
    await pilot.pause()
    await pilot.pause()


async def test_the_coach_speaks_after_the_decision_and_f6_asks_now() -> None:
    app = make_app(COACHED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        game = screen.session.game
        await pilot.press("r")
        await pilot.pause()
        assert game.phase is Phase.CHOOSE
        await pilot.press("3")
        await pilot.pause()
        assert game.phase is Phase.BUY  # the table did not wait for the coach
        await weighed(pilot, screen)
        said = coach_text(screen)
        assert said.startswith("Coach on your draw of 3 (round 1): ")
        assert "tiles cost" not in said  # nothing yet about the buy being decided
        await pilot.press("f6")
        await weighed(pilot, screen)
        assert "Coach: Master would discard" in coach_text(screen)
        await pilot.press("b")
        await pilot.pause()
        assert game.phase is Phase.SELL
        await weighed(pilot, screen)
        said = coach_text(screen)
        assert "discarding was worth about $" in said and "these tiles cost $144" in said
        assert screen.session.coach_used


async def test_a_line_leaves_when_the_next_decision_starts() -> None:
    app = make_app(COACHED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        game = screen.session.game
        await pilot.press("r", "3")
        await weighed(pilot, screen)
        assert coach_text(screen).startswith("Coach on your draw of 3 (round 1): ")
        await pilot.press("d")  # discard: the selling starts
        await weighed(pilot, screen)
        said = coach_text(screen)
        assert said.startswith("Coach on your discard of QXZ (round 1): ")
        assert "draw of 3" not in said
        await pilot.press("escape")  # sell nothing: the round ends
        await weighed(pilot, screen)
        assert "Coach on your selling of nothing (round 1): " in coach_text(screen)
        await pilot.press("r")
        await until(pilot, lambda: game.round == 2 and game.phase in (Phase.CHOOSE, Phase.BUY),
                    "round 2's first decision")
        await weighed(pilot, screen)
        assert coach_text(screen) == ""  # a fresh decision: nothing said of it yet


async def test_f6_with_the_coach_off_turns_it_on() -> None:
    app = make_app(GameSetup(seed=12, bag="QXZ"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("r")
        await pilot.pause()
        assert runner_of(screen).coach is None and not screen.session.coach_used
        await pilot.press("f6")
        await pilot.pause()
        assert screen.session.coach_used  # marked as coached at once
        await weighed(pilot, screen)
        assert "Coach: Master would draw" in coach_text(screen)


async def test_the_results_say_the_game_was_coached() -> None:
    from test_ui_snapshots import SOLO, finished_solo_game

    from buyword.analysis.results import GameResults
    from buyword.ui.screens.results import ResultsScreen

    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.push_screen(ResultsScreen(GameResults(finished_solo_game()), SOLO, hints_used=False,
                                      coached=True))
        await settle(pilot)
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Played with the coach." in text and "Played with hints" not in text


async def test_at_pass_and_play_a_line_waits_for_its_person() -> None:
    from buyword.store.setup import Seat
    from buyword.ui.dialogs.handoff import HandOffScreen

    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=12, bag="QXZAEI", coach=True)
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = table(app)
        game = screen.session.game
        await pilot.press("r")
        await pilot.pause()
        assert game.phase is Phase.CHOOSE
        await pilot.press("3")
        await pilot.pause()
        await pilot.press("b")  # Ann buys Q X Z; the screen goes to Bob
        await pilot.pause()
        await weighed(pilot, screen)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Bob"
        await pilot.press("enter")
        await weighed(pilot, screen)
        assert "Ann's" not in coach_text(screen)  # Bob holds the screen
        await pilot.press("d")  # Bob discards; Ann sells next
        await pilot.pause()
        await weighed(pilot, screen)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Ann"
        await pilot.press("enter")
        await weighed(pilot, screen)
        said = coach_text(screen)
        assert "Coach on Ann's buy of QXZ (round 1): discarding was worth about $" in said
        assert "Bob's" not in said


async def test_an_undo_takes_the_coach_line_about_the_undone_move_away() -> None:
    app = make_app(COACHED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        await pilot.press("r", "3")
        await weighed(pilot, screen)
        await pilot.press("b")  # buy the Q X Z, where Master would discard them
        await pilot.pause()
        await weighed(pilot, screen)
        assert "discarding was worth about $" in coach_text(screen)
        await pilot.press("ctrl+z")
        await pilot.pause()
        game = screen.session.game  # the game as it stands without the buy
        assert game.phase is Phase.BUY and game.player(0).drawn  # the tiles are offered again
        # The line was about a buy that no longer stands: it goes with it.
        assert "discarding" not in coach_text(screen)
        await weighed(pilot, screen)
        assert "discarding" not in coach_text(screen)
        # The decision is open again and the coach weighs it again: buying once more is
        # compared as before.
        await pilot.press("b")
        await pilot.pause()
        await weighed(pilot, screen)
        assert "discarding was worth about $" in coach_text(screen)
