"""`buyword sim` plays the same games on the same seeds, whatever drives its turn loop: these
results were recorded by running the simulation before its loop moved into the table's runner
(issue 52), and must stay exactly as they are."""

from __future__ import annotations

import pytest

from buyword.analysis.sim import play_game
from buyword.engine import Rules
from buyword.table.services import Services

pytestmark = pytest.mark.slow  # the bundled dictionary and a dozen whole games

#: (levels, seed, rules) -> (each seat's money, the winners), as recorded.
RECORDED = [
    (("greedy",), 1, Rules(), (830,), (0,)),
    (("greedy",), 2, Rules(), (1074,), (0,)),
    (("greedy",), 3, Rules(), (721,), (0,)),
    (("easy", "medium"), 1, Rules(), (401, 552), (1,)),
    (("easy", "medium"), 2, Rules(), (360, 474), (1,)),
    (("easy", "medium"), 3, Rules(), (366, 481), (1,)),
    (("medium", "easy", "greedy"), 1, Rules(), (455, 315, 427), (0,)),
    (("medium", "easy", "greedy"), 2, Rules(), (359, 317, 519), (2,)),
    (("medium", "easy", "greedy"), 3, Rules(), (456, 358, 322), (0,)),
    (("easy", "greedy"), 4, Rules(challenge_mode=True), (222, 590), (1,)),
    (("easy", "greedy"), 5, Rules(crossword=True), (401, 1040), (1,)),
    (("easy", "greedy", "medium"), 6, Rules(auction=True, trade=True), (391, 443, 450), (2,)),
]


@pytest.mark.parametrize(("levels", "seed", "rules", "money", "winners"), RECORDED)
def test_the_sim_plays_the_recorded_game_on_each_seed(
        levels: tuple[str, ...], seed: int, rules: Rules, money: tuple[int, ...],
        winners: tuple[int, ...]) -> None:
    finder, lexicon = Services.shared().words(None)
    result = play_game(levels, seed, finder, lexicon, rules=rules)
    assert (result.money, result.winners) == (money, winners)
