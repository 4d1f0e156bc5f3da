"""A 3-player table game through the real screens by key presses: CHOICE roll, an unaffordable
draw, a refused word, a wild sale, a tile-limit drop, the final round and the results."""

from __future__ import annotations

import pytest
from ui_helpers import BAG, TABLE, finish_quietly, make_app, settle, table, type_word

from buyword.engine import Phase
from buyword.store.setup import GameSetup, Seat
from buyword.ui.dialogs.drop import DropScreen
from buyword.ui.dialogs.handoff import HandOffScreen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.widgets.rack import Rack

#: Slow (Pilot plays whole games through the app): left out of the fast set.
pytestmark = pytest.mark.slow


def text_of(app, selector: str) -> str:
    """What a Static on the table shows."""
    return str(table(app).query_one(selector).render())


async def test_three_player_game_to_the_end() -> None:
    app = make_app(TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = table(app).session.game

        # Round 1: CHOICE, Ann picks 5.
        await pilot.press("r")
        assert game.phase is Phase.CHOOSE and "CHOICE" in text_of(app, "#prompt")
        await pilot.press("5")
        assert game.player(1).drawn == "QZJXK"

        await pilot.press("b")  # Ann buys TEASR for $25
        assert game.player(0).money == 175

        # Bob cannot afford $324: the footer offers no buy, the prompt says why, B says why
        # (changing nothing), and discard works.
        assert table(app).check_action("buy", ()) is False
        assert "b" not in app.active_bindings
        assert "$324" in text_of(app, "#prompt")
        await pilot.press("b")
        assert game.player(1).drawn == "QZJXK" and game.player(1).money == 200
        assert text_of(app, "#message") == ("Bob has $200; these tiles cost $324, so they "
                                            "must be discarded")
        await pilot.press("d")
        await pilot.press("b")  # Cy buys DEIST for $36
        assert game.phase is Phase.SELL and game.player(2).hand == "DEIST"

        # Ann: a word she can't make is refused with the engine's reason; nothing changes.
        await type_word(pilot, "quiz")
        assert "you don't hold" in text_of(app, "#message")
        assert game.player(0).money == 175 and game.current == 0
        await pilot.press("ctrl+a", "ctrl+k", "escape")  # clear the box, done
        await pilot.pause()
        # Bob holds no letter tile: his sale is done for him, without a key.
        assert game.current == 2 and game.actions[-1] == "done"

        # Cy sells TIDIES with the wild playing the second I.
        await pilot.press(*"tidies")
        assert table(app).query_one("#hand", Rack).wild_letter == "I"
        assert "wild=I" in text_of(app, "#feedback")
        await pilot.press("enter")
        assert game.player(2).money == 164 + 49 and game.player(2).wilds == 2
        assert "sold TIDIES (wild as I) for $49" in text_of(app, "#message")
        await pilot.press("escape")

        # Round 2: Bob leads; CHOICE again, 5 each; Ann buys and goes over the tile limit.
        assert game.round == 2 and game.leader == 1
        await pilot.press("r", "5", "d", "d", "b")
        assert len(game.player(0).hand) == 10
        await pilot.press("escape", "escape", "escape")
        assert game.phase is Phase.DROP
        dialog = app.screen
        assert isinstance(dialog, DropScreen) and dialog.need == 2
        await pilot.press("o")
        assert "Still to drop: 1" in str(dialog.query_one("#drop-count").render())
        await pilot.press("u", "enter")
        assert game.player(0).hand == "AAEEIRST"
        assert game.phase is Phase.ROLL and game.round == 3

        # Play on to the final round and the results.
        await finish_quietly(pilot)
        assert any("Final round" in str(e) for e in game.log)
        results = app.screen
        assert isinstance(results, ResultsScreen)
        assert "Cy" in str(results.query_one("#headline").render())
        assert "TIDIES $49" in " ".join(str(s.render()) for s in results.query(".result-best"))
        # Everyone's money round by round, one line each, on one chart.
        assert results.charted == [seat.label for seat in results.setup.seats]


async def test_private_hands_hand_off() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=7, bag=BAG, private_hands=True)
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter", "r", "5", "b")
        # Bob's turn: the screen hides everything until Bob says he is ready.
        assert isinstance(app.screen, HandOffScreen)
        assert table(app).query_one("#hand", Rack).face_down
        await pilot.press("enter")
        assert not table(app).query_one("#hand", Rack).face_down
        assert table(app).session.game.current == 1
        # Bob may not read Ann's tiles in the log either: the draws show as hidden tiles.
        log = "\n".join(line.text for line in table(app).query_one("#log").lines)
        assert "Ann bought ▪▪▪▪▪ for $25" in log and "TEASR" not in log
        assert "Bob drew QZJXK" in log  # his own draw, now that he holds the screen


async def test_an_open_table_logs_the_letters_drawn() -> None:
    app = make_app(TABLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r", "5", "b")
        log = "\n".join(line.text for line in table(app).query_one("#log").lines)
        assert "Ann bought TEASR for $25" in log
