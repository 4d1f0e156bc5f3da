"""The results screen's "How would Master have done": the sim's game, counted in rollouts."""

from __future__ import annotations

import json
import math
import time

import pytest
from words_helpers import half_tile_set, index_cache

from buyword.analysis.compare import MasterAhead, play_beside
from buyword.analysis.sim import rollout_search
from buyword.bots import master as master_module
from buyword.cli import main
from buyword.engine import Rules
from buyword.store.tiles import read_tiles
from buyword.table.launch import play_computers
from buyword.table.services import Services

#: Rollouts an option: too few for Master to drop an option (it races from
#: `Search.min_rollouts`, 6), but every decision still plays its options out.
FEW = 2


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's finder and lexicon, built once for this file."""
    return Services.shared(index_cache()).words()


def test_a_search_counted_in_rollouts_has_no_clock() -> None:
    search = rollout_search(12)
    assert search.max_rollouts == 12 and search.budget == math.inf


@pytest.mark.parametrize("args, why", [
    (["--rollouts", "0"], "--rollouts 0: give Master 1 to 1000 rollouts"),
    (["--rollouts", "8", "--budget", "0.5"], "seconds or rollouts, not both"),
])
def test_sim_refuses_rollouts_it_cannot_use(capsys, args, why) -> None:
    assert main(["sim", "--players", "master", "--games", "1", *args]) == 2
    assert why in capsys.readouterr().err


@pytest.mark.slow  # a game of Master, then the same game three other ways
def test_masters_game_beside_you_is_one_game_however_it_is_played(words, capsys,
                                                                  tmp_path) -> None:
    # One test, not four: a worker playing Master's first game pays for its word caches
    # (three times the time of a second game), and the other ways, forked from this process
    # or run in it, start from them. Half the bag: the same four ways in 8.7 s instead of
    # 21.6 s alone, and the tile set goes along each of them.
    finder, lexicon = words
    half = half_tile_set(tmp_path)
    rules = Rules(tiles=read_tiles(str(half)))
    yours = play_computers(("greedy",), 8, lexicon, finder, rules=rules, names=("You",))
    bag_size = len(yours.start_bag)
    assert bag_size < 60
    # A machine so busy that every look at the clock finds a second gone changes nothing:
    # the comparison's Master counts rollouts, never seconds.
    ticks = iter(range(10**9))
    drawn: list[tuple[int, int]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(master_module.CLOCKS, "wall", lambda: float(next(ticks)))
        beside = play_beside(yours, "master", finder, rollouts=FEW,
                             progress=lambda done, bag: drawn.append((done, bag)))
    assert beside is not None and beside.outcome() is not None
    assert beside.start_bag == yours.start_bag and beside.seed == 8
    assert next(ticks) > 100  # Master did look at the clock, at every decision
    # The bar moves with the bag and is full when the game ends.
    assert drawn[-1] == (bag_size, bag_size) and drawn == sorted(drawn)

    # Each decision's rollouts spread over two processes: the game of one.
    spread = play_beside(yours, "master", finder, rollouts=FEW, jobs=2)
    assert spread is not None
    assert spread.actions == beside.actions and spread.outcome() == beside.outcome()

    # Played ahead in a background process while you play: the same game.
    ahead = MasterAhead(yours, finder, rollouts=FEW)
    assert ahead.is_for(yours)
    for _ in range(600):
        played = ahead.ready()
        if played is not None:
            break
        time.sleep(0.1)
    assert played is not None and played.actions == beside.actions
    assert played.player(0).money == beside.player(0).money

    # `buyword sim --players master --seed 8 --games 1 --rollouts 2 --tiles half.toml` plays
    # the very same game.
    capsys.readouterr()
    assert main(["sim", "--players", "master", "--seed", "8", "--games", "1",
                 "--rollouts", str(FEW), "--tiles", str(half), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tables"][0]["seats"][0]["mean"] == beside.player(0).money
    assert report["master_rollouts"] == FEW and "master_budget" not in report


@pytest.mark.slow  # a computers' game, then Expert's
def test_a_cancelled_game_beside_you_stops_and_is_none(words) -> None:
    finder, lexicon = words
    yours = play_computers(("greedy",), 3, lexicon, finder, names=("You",))
    steps: list[int] = []
    asked = iter(range(10**6))
    beside = play_beside(yours, "expert", finder, progress=lambda done, bag: steps.append(done),
                         cancelled=lambda: next(asked) >= 3)
    assert beside is None and len(steps) == 3


@pytest.mark.slow  # the bundled words loaded, a game played, a process started
def test_masters_game_ahead_stops_when_the_game_is_left(words) -> None:
    finder, lexicon = words
    yours = play_computers(("greedy",), 8, lexicon, finder, names=("You",))
    ahead = MasterAhead(yours, finder, rollouts=FEW)
    ahead.close()  # left at once: nothing plays on, and nothing is ready
    assert ahead.ready() is None and ahead.failed
    other = play_computers(("greedy",), 9, lexicon, finder, names=("You",))
    assert not ahead.is_for(other)


@pytest.mark.slow  # a computers' game, then Expert's on its bag
def test_the_game_beside_you_hands_over_each_round_as_it_ends(words, tmp_path) -> None:
    from buyword.analysis.compare import seat_rounds

    finder, lexicon = words
    rules = Rules(tiles=read_tiles(str(half_tile_set(tmp_path))))
    yours = play_computers(("greedy",), 3, lexicon, finder, rules=rules, names=("You",))
    seen: list[int] = []
    beside = play_beside(yours, "expert", finder,
                         rounds=lambda game: seen.append(len(seat_rounds(game))))
    assert beside is not None
    assert seen == list(range(1, len(seat_rounds(beside)) + 1))
