"""Benchmark: Master's rollouts a second, today's quick Expert beside a plain one.

    nice -n 10 .venv/bin/python benchmarks/bench_rollouts.py --seeds 3 4 --rollouts 24

collects the decisions Expert meets in solo games on the seeds (those with two options or
more), then has Master weigh every one of them with a fixed number of rollouts, once with the
rollouts' quick Expert as it is (`buyword.bots.rollout.QuickBot`: each hand's dearest words and
its dearest word with a future remembered) and once with a plain one (the same play, asking the
word index anew every time), alternately, `--repeats` times each. Prints the rollouts per CPU
second of each (median of the repeats), their ratio, and whether both gave the same estimates
(they must: remembering changes the speed, never the play).
"""

from __future__ import annotations

import argparse
import statistics
import time
from itertools import islice

from buyword.bots import bundled_leaves
from buyword.bots.index import Word, WordIndex
from buyword.bots.levels import LevelBot
from buyword.bots.master import Estimate, MasterBot, Search
from buyword.bots.rollout import QuickBot, dearest_words
from buyword.bots.view import SeatView
from buyword.engine import Game, Phase
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.table.services import Services


class PlainQuickBot(QuickBot):
    """The baseline: the quick Expert asking the index anew for every hand."""

    def _sale_words(self, view: SeatView) -> list[Word]:
        """The dearest words, found afresh."""
        return list(islice(dearest_words(self.index, view.hand, view.wilds), self.style.breadth))

    def _value(self, tiles: str, wilds: int, futures: list[str],
               cache: dict[tuple[str, int], float], view: SeatView) -> float:
        """The levels' own valuation (the index's `leave_value`)."""
        return LevelBot._value(self, tiles, wilds, futures, cache, view)


def decisions(seeds: list[int], finder: object, lexicon: object) -> list[SeatView]:
    """The views of every choose, buy, sell and drop Expert meets on `seeds`, solo."""
    views = []
    for seed in seeds:
        game = Game.new(["P"], dictionary=lexicon, seed=seed)  # type: ignore[arg-type]
        session = TableSession(game, [Seat("P", "expert")], finder)  # type: ignore[arg-type]
        while session.awaiting().wait is not Wait.OVER:
            if game.phase in (Phase.CHOOSE, Phase.BUY, Phase.SELL, Phase.DROP):
                views.append(session.view(0))
            session.play(session.think())
    return views


def weigh_all(bot: MasterBot, views: list[SeatView]) -> tuple[int, float, list[list[Estimate]]]:
    """(rollouts played, CPU seconds, estimates) for `bot` weighing every view."""
    bot.rng.seed(1)
    played, found = 0, []
    start = time.process_time()
    for view in views:
        estimates = bot.appraise(view)
        played += sum(e.rollouts for e in estimates)
        found.append(estimates)
    return played, time.process_time() - start, found


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--rollouts", type=int, default=24, help="rollouts a decision")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    finder, lexicon = Services.shared().words()
    index = WordIndex.common(finder, None)
    leaves = bundled_leaves()  # as the shipped Master plays: learned leaves everywhere
    bot = MasterBot(index, 1, search=Search(), rollouts=args.rollouts, leaves=leaves)
    views = [v for v in decisions(args.seeds, finder, lexicon) if len(bot.candidates(v)) > 1]
    policies = {"remembering (today)": QuickBot, "plain (baseline)": PlainQuickBot}
    rates: dict[str, list[float]] = {name: [] for name in policies}
    estimates: dict[str, list[list[Estimate]]] = {}
    for _ in range(args.repeats):
        for name, kind in policies.items():
            # A fresh index and policy each time: nothing remembered from the last pass.
            fresh = WordIndex(finder, min_length=index.min_length)
            bot = MasterBot(fresh, 1, search=Search(), rollouts=args.rollouts, leaves=leaves)
            bot._policy = kind(fresh, 0, bot.search.policy, "quick expert", leaves)
            played, seconds, estimates[name] = weigh_all(bot, views)
            rates[name].append(played / seconds)
    print(f"{len(views)} decisions from seeds {args.seeds}, {args.rollouts} rollouts each, "
          f"{args.repeats} repeats\n")
    for name, values in rates.items():
        print(f"- {name}: median {statistics.median(values):,.0f} rollouts per CPU second")
    today, plain = (statistics.median(values) for values in rates.values())
    print(f"- ratio: {today / plain:.2f}x")
    same = estimates["remembering (today)"] == estimates["plain (baseline)"]
    print(f"- the same estimates: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
