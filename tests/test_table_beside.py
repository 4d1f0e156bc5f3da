"""The results screen's "How would Master have done": the sim's game, counted in rollouts."""

from __future__ import annotations

import json
import math
import time
from typing import NamedTuple

import pytest
from words_helpers import index_cache

from buyword.bots import master as master_module
from buyword.cli import main
from buyword.engine import Game
from buyword.table.compare import MasterAhead, play_beside
from buyword.table.launch import play_computers
from buyword.table.services import Services
from buyword.table.sim import rollout_search

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


class Beside(NamedTuple):
    """Master's game beside a greedy player's on seed 8, played once for this file."""

    yours: Game
    beside: Game
    ticks: int  # how often Master looked at the clock
    drawn: list[tuple[int, int]]  # the progress bar: (tiles drawn, bag) as it moved


@pytest.fixture(scope="module")
def seed_8(words) -> Beside:
    """Master's game beside yours, on a machine so busy that every look at the clock finds a
    second gone: the comparison's Master counts rollouts, never seconds. The other ways of
    playing it (the sim, two processes, a process started ahead) must give this very game."""
    finder, lexicon = words
    yours = play_computers(("greedy",), 8, lexicon, finder, names=("You",))
    ticks = iter(range(10**9))
    drawn: list[tuple[int, int]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(master_module.CLOCKS, "wall", lambda: float(next(ticks)))
        beside = play_beside(yours, "master", finder, rollouts=FEW,
                             progress=lambda done, bag: drawn.append((done, bag)))
    assert beside is not None
    return Beside(yours, beside, next(ticks), drawn)


@pytest.mark.slow  # a game of Master (the fixture's) and the sim's
def test_masters_game_beside_you_is_the_sims_game_whatever_the_clock(seed_8: Beside,
                                                                     capsys) -> None:
    beside = seed_8.beside
    assert beside.outcome() is not None
    assert beside.start_bag == seed_8.yours.start_bag and beside.seed == 8
    assert seed_8.ticks > 100  # Master did look at the clock, at every decision
    # The bar moves with the bag and is full when the game ends.
    assert seed_8.drawn[-1] == (108, 108) and seed_8.drawn == sorted(seed_8.drawn)
    # `buyword sim --players master --seed 8 --games 1 --rollouts 2` plays the very same game.
    assert main(["sim", "--players", "master", "--seed", "8", "--games", "1",
                 "--rollouts", str(FEW), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tables"][0]["seats"][0]["mean"] == beside.player(0).money
    assert report["master_rollouts"] == FEW and "master_budget" not in report


def test_a_cancelled_game_beside_you_stops_and_is_none(words) -> None:
    finder, lexicon = words
    yours = play_computers(("greedy",), 3, lexicon, finder, names=("You",))
    steps: list[int] = []
    asked = iter(range(10**6))
    beside = play_beside(yours, "expert", finder, progress=lambda done, bag: steps.append(done),
                         cancelled=lambda: next(asked) >= 3)
    assert beside is None and len(steps) == 3


@pytest.mark.slow  # a game of Master over two processes
def test_masters_game_over_two_processes_is_the_game_of_one(words, seed_8: Beside) -> None:
    finder, _ = words
    spread = play_beside(seed_8.yours, "master", finder, rollouts=FEW, jobs=2)
    assert spread is not None
    assert spread.actions == seed_8.beside.actions
    assert spread.outcome() == seed_8.beside.outcome()


@pytest.mark.slow  # a game of Master in a background process
def test_masters_game_played_ahead_is_the_game_beside_you(words, seed_8: Beside) -> None:
    finder, _ = words
    ahead = MasterAhead(seed_8.yours, finder, rollouts=FEW)
    assert ahead.is_for(seed_8.yours)
    for _ in range(600):
        played = ahead.ready()
        if played is not None:
            break
        time.sleep(0.1)
    assert played is not None and played.actions == seed_8.beside.actions
    assert played.player(0).money == seed_8.beside.player(0).money


def test_masters_game_ahead_stops_when_the_game_is_left(words) -> None:
    finder, lexicon = words
    yours = play_computers(("greedy",), 8, lexicon, finder, names=("You",))
    ahead = MasterAhead(yours, finder, rollouts=FEW)
    ahead.close()  # left at once: nothing plays on, and nothing is ready
    assert ahead.ready() is None and ahead.failed
    other = play_computers(("greedy",), 9, lexicon, finder, names=("You",))
    assert not ahead.is_for(other)
