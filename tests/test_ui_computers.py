"""Computer players in the app: every level plays whole games through the real screens, and a
solo result can be compared with Expert's game on the same bag."""

from __future__ import annotations

import contextlib
import json

import pytest
from rich.table import Table
from textual.pilot import Pilot
from textual.widgets import Static
from textual.worker import WorkerCancelled
from ui_helpers import finish_quietly, handled, make_app, press_quickly, settle, table, turns
from words_helpers import bundled_lexicon, half_tile_set, index_cache

from buyword.cli import main
from buyword.engine import Phase
from buyword.engine import events as ev
from buyword.store.setup import GameSetup, Seat
from buyword.store.tiles import read_tiles
from buyword.ui.dialogs.drop import DropScreen
from buyword.ui.screens.results import ResultsScreen

#: Slow (Pilot plays whole games through the app): left out of the fast set.
pytestmark = pytest.mark.slow


async def play_to_results(pilot: Pilot) -> None:
    """The person discards and sells nothing (keys through the driver, see `press_quickly`);
    the computers play their own turns in the app's workers."""
    app = pilot.app
    for _ in turns("the results screen"):
        if isinstance(app.screen, ResultsScreen):
            await pilot.pause()
            return
        if isinstance(app.screen, DropScreen):
            await press_quickly(pilot, *app.screen.hand[: app.screen.need].lower(), "enter")
            continue
        screen = table(app)
        if screen.session.awaiting().computer:
            # A computer is thinking in a worker (a newer turn may cancel an older one's).
            with contextlib.suppress(WorkerCancelled):
                await app.workers.wait_for_complete()
            await handled(app)
            continue
        key = {Phase.ROLL: "r", Phase.CHOOSE: "2", Phase.BUY: "d", Phase.SELL: "escape",
               Phase.DROP: "x"}[screen.session.game.phase]
        await press_quickly(pilot, key)


async def test_easy_medium_and_hard_computers_play_a_whole_table_game() -> None:
    seats = (Seat("Ann"), Seat("Bob", "easy"), Seat("Cy", "medium"), Seat("Di", "hard"))
    app = make_app(GameSetup(seats=seats, seed=21, private_hands=False), lexicon=bundled_lexicon(),
                   cache_dir=index_cache())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = table(app).session.game
        await play_to_results(pilot)
        assert game.outcome() is not None
        sellers = {e.seat for e in game.log if isinstance(e, ev.Sold)}
        assert sellers == {1, 2, 3}  # every computer sold words; Ann sold nothing
        sold = [e.word.lower() for e in game.log if isinstance(e, ev.Sold)]
        assert all(bundled_lexicon().is_word(word) for word in sold)
        winner = game.outcome().standings[0]
        assert winner.name != "Ann" and winner.money > 200


async def test_expert_plays_a_seat_and_replays_a_solo_bag_for_comparison(capsys,
                                                                        tmp_path) -> None:
    # Half the bag (tests/words_helpers.py): Expert's three games take half as long, and the
    # tile set goes along to the replay and to `buyword sim`.
    half = half_tile_set(tmp_path)
    tiles = read_tiles(str(half))
    seats = (Seat("Ann"), Seat("Ed", "expert"))
    app = make_app(GameSetup(seats=seats, seed=5, private_hands=False, tiles=tiles),
                   lexicon=bundled_lexicon(), cache_dir=index_cache())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        game = table(app).session.game
        await play_to_results(pilot)
        assert any(isinstance(e, ev.Sold) and e.seat == 1 for e in game.log)
        assert game.outcome().winners == (1,)

    solo = make_app(GameSetup(seats=(Seat("You"),), seed=5, tiles=tiles), lexicon=bundled_lexicon(),
                    cache_dir=index_cache())
    async with solo.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await finish_quietly(pilot)
        results = solo.screen
        assert isinstance(results, ResultsScreen)
        await pilot.press("e")
        await settle(pilot)
        expert = results.expert
        assert expert is not None
        assert expert.view.seed == 5 and expert.record.bag == table_bag(results)
        assert expert.view.outcome.standings[0].money > 200  # Expert made money on the same bag
        side_by_side = str(results.query_one("#compare-other").border_title)
        assert side_by_side == f"Expert · ${expert.view.outcome.standings[0].money:,}"
        shown = " ".join(str(w.render()) for w in results.query("Static"))
        assert "best " in shown  # Expert's best word is shown beside the player's result
        # Round by round, both games side by side, on a page that scrolls to show them all.
        rounds = results.query_one("#compare-rounds", Static).content
        assert isinstance(rounds, Table)
        assert rounds.row_count == len(expert.view.players[0].history) - 1
        assert [c.header for c in rounds.columns] == ["Rnd", "You", "Expert", "Gap"]
        assert results.query_one("#results").max_scroll_y > 0
        assert results.charted == ["You", "Expert"]  # both games' money on the one chart
    # `buyword sim` plays the very same game on that seed: one seat-seed formula everywhere.
    capsys.readouterr()
    assert main(["sim", "--players", "expert", "--seed", "5", "--games", "1", "--tiles", str(half),
                 "--json"]) == 0
    [seat] = json.loads(capsys.readouterr().out)["tables"][0]["seats"]
    assert seat["mean"] == expert.view.outcome.standings[0].money


def table_bag(results: ResultsScreen) -> str:
    """The bag the person played (the results screen keeps the finished game)."""
    return results.results.record.bag
