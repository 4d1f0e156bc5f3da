"""Fit how Master's truncated rollouts value where they stop (buyword/bots/rollout.py).

    nice -n 10 .venv/bin/python scripts/fit_rollout_value.py --seeds 101..130

plays Expert solo on the seeds and, at the start of every round, notes its money, what Expert's
sampled futures say its hand is worth, the tiles left in the bag and its wilds; then fits, by
least squares, the money it went on to make (final money - money then) as a sum of the hand's
value, the bag's tiles and the wilds, over all rounds and by thirds of the bag. The constants
HAND_SHARE, TILE_WORTH and WILD_WORTH(_PER_TILE) in `buyword.bots.rollout` come from this.
"""

from __future__ import annotations

import argparse

from buyword.bots.index import WordIndex
from buyword.bots.levels import LEVEL_STYLES, LevelBot
from buyword.engine import Buy, Choose, Discard, Done, Drop, Game, Phase, Roll, Sell
from buyword.store.setup import Seat
from buyword.table.services import Services
from buyword.table.session import TableSession

#: One round's start: (money made from here to the end, hand's value, tiles in the bag, wilds).
Row = tuple[float, float, float, float]


def rounds_of(seed: int, index: WordIndex, finder: object, lexicon: object) -> list[Row]:
    """Expert's solo game on `seed`, as one row per round."""
    bot = LevelBot(index, seed, LEVEL_STYLES["expert"], "expert")
    game = Game.new(["Expert"], dictionary=lexicon, seed=seed)  # type: ignore[arg-type]
    session = TableSession(game, [Seat("Expert")], finder)  # type: ignore[arg-type]
    noted: list[tuple[int, float, int, int]] = []
    while game.phase is not Phase.OVER:
        view = session.view(0)
        match game.phase:
            case Phase.ROLL:
                hand = bot._value(view.hand, view.wilds, bot._futures(view), {}, view)
                noted.append((view.money, hand, view.bag_size, view.wilds))
                game.apply(Roll())
            case Phase.CHOOSE:
                game.apply(Choose(bot.choose(view)))
            case Phase.BUY:
                game.apply(Buy() if view.can_buy and bot.buy(view) else Discard())
            case Phase.SELL:
                for word in bot.sell(view):
                    game.apply(Sell(index.notation(word.letters, word.wild)))
                game.apply(Done())
            case Phase.DROP:
                game.apply(Drop(bot.drop(view)))
    final = game.players[0].money
    return [(final - money, hand, bag, wilds) for money, hand, bag, wilds in noted]


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """The coefficients minimising the squared error of rows · coefficients against targets
    (the normal equations, solved by Gaussian elimination: a handful of columns)."""
    n = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(n)] for i in range(n)]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(a[i][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for i in range(col + 1, n):
            factor = a[i][col] / a[col][col]
            a[i] = [x - factor * y for x, y in zip(a[i], a[col], strict=True)]
            b[i] -= factor * b[col]
    coef = [0.0] * n
    for i in reversed(range(n)):
        coef[i] = (b[i] - sum(a[i][j] * coef[j] for j in range(i + 1, n))) / a[i][i]
    return coef


def main() -> None:
    """Play, fit and print the coefficients."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="101..130", help="first..last (default 101..130)")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split(".."))
    finder, lexicon = Services.shared().words()
    index = WordIndex.common(finder, None)  # type: ignore[arg-type]
    rows: list[Row] = []
    for seed in range(first, last + 1):
        rows += rounds_of(seed, index, finder, lexicon)
    print(f"Expert solo, seeds {first}..{last}: {len(rows)} rounds")
    print("money still to make ~ hand x a + bag tiles x b + wilds x c")
    thirds = [("all rounds", 0, 999), ("bag < 36", 0, 36), ("bag 36..71", 36, 72),
              ("bag >= 72", 72, 999)]
    for name, low, high in thirds:
        chosen = [r for r in rows if low <= r[2] < high]
        a, b, c = least_squares([list(r[1:]) for r in chosen], [r[0] for r in chosen])
        print(f"- {name} ({len(chosen)}): a {a:.2f}, b ${b:.2f}, c ${c:.2f}")


if __name__ == "__main__":
    main()
