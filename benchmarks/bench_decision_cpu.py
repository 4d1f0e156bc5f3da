"""Benchmark: Master's decisions in processor seconds, at its budget counted in CPU seconds.

    nice -n 10 .venv/bin/python benchmarks/bench_decision_cpu.py --seeds 30001 30002

plays Master solo on each seed (1 s a decision by default, counted in this process's CPU
seconds, so that the load on the computer does not shorten its thinking) and times every
turn that needs thinking (a CHOICE, a buy or discard, a round's selling, a drop) in processor
seconds. Prints each seed's money, then the median, the 95th percentile and the longest of
those times, and their total. `bench_master.py` times decisions on the wall clock instead.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from buyword.analysis.sim import search_with
from buyword.bots.master import PLAYING
from buyword.engine import Game, Phase
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.table.services import Services


def main() -> None:
    """Play, time and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[30001, 30002])
    parser.add_argument("--budget", type=float, default=1.0, help="CPU seconds a decision")
    args = parser.parse_args()
    finder, lexicon = Services.shared().words()
    times: list[float] = []
    for seed in args.seeds:
        game = Game.new(["P"], dictionary=lexicon, seed=seed)
        session = TableSession(game, [Seat("P", "master")], finder)
        search_with(session, replace(PLAYING, budget=args.budget, clock="cpu"))
        while session.awaiting().wait is not Wait.OVER:
            thinking = game.phase in (Phase.CHOOSE, Phase.BUY, Phase.SELL, Phase.DROP)
            start = time.process_time()
            session.play(session.think())
            if thinking:
                times.append(time.process_time() - start)
        print(f"seed {seed}: Master ${game.players[0].money:,}", flush=True)
    times.sort()
    print(f"{len(times)} turns: median {statistics.median(times):.3f} s, "
          f"p95 {times[int(0.95 * len(times))]:.3f} s, longest {times[-1]:.3f} s of CPU; "
          f"{sum(times):.1f} s in all")


if __name__ == "__main__":
    main()
