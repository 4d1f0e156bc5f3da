"""The words layer with the real engine: the bundled list judges sales, plans sell as planned."""

from __future__ import annotations

from words_helpers import bundled_finder, bundled_lexicon

from buyword.engine import Game
from buyword.words.planner import plan_sale


def bought(bag: str) -> Game:
    """A solo game (8 wilds) whose first draw of len(bag) tiles is `bag`, bought."""
    game = Game.new(["Ann"], dictionary=bundled_lexicon(), seed=1, bag=bag)
    game.apply(f"roll {len(bag)}")
    game.apply("buy")
    return game


def test_the_engine_judges_sales_by_the_bundled_list():
    game = bought("QUIZ")
    assert game.why_not("sell ZIUQ") == "'ZIUQ' is not in the dictionary"
    assert game.why_not("sell QUIZ") is None


def test_a_plan_sells_through_the_engine_for_its_total():
    game = bought("QUZTE")
    ann = game.players[0]
    money, hand, wilds = ann.money, ann.hand, ann.wilds
    plan = plan_sale(bundled_finder(), hand, wilds)
    assert plan.total > 0
    for notation in plan.notations:
        game.apply(f"sell {notation}")
    ann = game.players[0]
    assert ann.money == money + plan.total
    assert sorted(ann.hand) == sorted(plan.leftover)
    assert ann.wilds == wilds - plan.wilds_used
