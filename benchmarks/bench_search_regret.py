"""Benchmark: what Master's race between options costs, decision by decision, against a long look.

    nice -n 10 .venv/bin/python benchmarks/bench_search_regret.py --seeds 40091 40092

collects the decisions Expert meets in solo games on the seeds (a CHOICE, a buy or discard
with money for the draw, a round's selling, a drop), weighs each one's candidates with
`--reference` rollouts of every option (no option dropped: the long look), then lets Master
decide each one as it does at a table, within `--budget` CPU seconds, once with each race:

- *quick*: `Search`'s race (6 rollouts an option, then an option 2 standard errors behind is
  dropped), as a review and a budget counted in rollouts weigh;
- *patient*: `PLAYING`'s race (16 rollouts, 2.5 standard errors), as Master plays at a table.

A decision's *regret* is the long look's best mean less its mean for the option Master chose
(dollars of final money; 0 when it chose the best). Prints each race's mean regret a decision
with its standard error, the total by kind of decision, and its CPU seconds a decision. The
long look has its own noise (a few dollars an option at 300 rollouts), so even a perfect race
shows a little regret: compare the races with each other. Both races decide from the same
candidates (Expert's futures seeded by the decision), on lucks of their own.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import replace

from buyword.analysis.sim import _load_words
from buyword.bots.index import WordIndex
from buyword.bots.master import PLAYING, Decision, MasterBot, Search
from buyword.bots.view import SeatView
from buyword.engine import Game, Phase
from buyword.engine.dictionary import Dictionary
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.words.finder import WordFinder


def decisions(seeds: list[int], finder: WordFinder, lexicon: Dictionary
              ) -> list[SeatView]:
    """The views at every decision Expert meets in solo games on `seeds`."""
    views = []
    for seed in seeds:
        game = Game.new(["P"], dictionary=lexicon, seed=seed)
        session = TableSession(game, [Seat("P", "expert")], finder)
        while session.awaiting().wait is not Wait.OVER:
            if game.phase in (Phase.CHOOSE, Phase.BUY, Phase.SELL, Phase.DROP) and not (
                    game.phase is Phase.BUY and len(game.legal_actions()) == 1):
                views.append(session.view(0))
            session.play(session.think())
    return views


def main() -> None:
    """Look long, race, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[40091, 40092])
    parser.add_argument("--reference", type=int, default=300,
                        help="rollouts of every option in the long look (default 300)")
    parser.add_argument("--budget", type=float, default=1.0, help="CPU seconds a decision")
    args = parser.parse_args()
    finder, lexicon = _load_words()
    views = decisions(args.seeds, finder, lexicon)
    looks: list[dict[Decision, float]] = []
    start = time.process_time()
    for i, view in enumerate(views):
        bot = MasterBot(WordIndex.common(finder, None), 7,
                        search=replace(Search(), z=math.inf, min_rollouts=10**6))
        appraisal = bot.appraisal(view, stream=f"look/{i}", rollouts=args.reference)
        looks.append({e.decision: e.mean for e in appraisal.estimates})
    print(f"{len(views)} decisions of seeds {', '.join(map(str, args.seeds))}, the long look "
          f"({args.reference} rollouts an option) in {time.process_time() - start:.0f} CPU s\n")
    print("| race | regret a decision | by kind | CPU s a decision (mean, p95) |")
    print("|---|---:|---|---:|")
    races = {"quick (6, 2)": Search(), "patient (16, 2.5)": PLAYING}
    for name, race in races.items():
        bot = MasterBot(WordIndex.common(finder, None), 7,
                        search=replace(race, budget=args.budget, clock="cpu"))
        regrets: list[float] = []
        seconds: list[float] = []
        kinds: dict[str, float] = {}
        for i, view in enumerate(views):
            bot.rng.seed(f"look/{i}/candidates")  # the long look's candidates
            began = time.process_time()
            best = bot._best(view)
            seconds.append(time.process_time() - began)
            look = looks[i]
            regret = max(look.values()) - look.get(best, min(look.values())) if best else 0.0
            regrets.append(regret)
            kinds[view.phase.name] = kinds.get(view.phase.name, 0.0) + regret
        error = statistics.stdev(regrets) / math.sqrt(len(regrets))
        by_kind = ", ".join(f"{kind.lower()} ${total:.0f}" for kind, total in kinds.items())
        seconds.sort()
        print(f"| {name} | ${statistics.fmean(regrets):.2f} (± {error:.2f}) | {by_kind} | "
              f"{statistics.fmean(seconds):.3f}, {seconds[int(0.95 * len(seconds))]:.3f} |")


if __name__ == "__main__":
    main()
