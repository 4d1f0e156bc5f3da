"""Benchmark: Master's rollouts a CPU second, with the compiled word search and without, and
against an earlier checkout of the code, with the estimates compared.

    nice -n 10 .venv/bin/python benchmarks/bench_rollouts.py --seeds 3 --rollouts 24
    git worktree add /tmp/before 65c5fe6
    nice -n 10 .venv/bin/python benchmarks/bench_rollouts.py --seeds 3 --rollouts 24 \\
        --against /tmp/before

collects the decisions Expert meets in solo games on the seeds (those with two options or
more), then has Master weigh every one of them with `--rollouts` rollouts (all options
together), each variant in a fresh process, the variants taken in turn `--repeats` times:

- *compiled*: this checkout, the word search compiled (`buyword.bots._dearest`);
- *Python*: this checkout, the same search in Python (`WordIndex(compiled=False)`), as an
  installation without a C compiler plays;
- *before* (with `--against DIR`): the code of DIR (a checkout of an earlier commit), run with
  `PYTHONPATH=DIR`.

Prints each variant's rollouts per CPU second of the weighing alone (the median of the
repeats, and the range), each ratio to the slowest, and whether every variant gave exactly the
same estimates (they must: the speed-ups change the speed, never the play). `--record FILE`
writes one variant's estimates as JSON (tests/data/master_estimates.json was recorded so from
the code before the speed-up).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def weigh(seeds: list[int], rollouts: int, compiled: bool, first: int | None
          ) -> tuple[int, float, list[list[list[object]]]]:
    """(rollouts played, CPU seconds, estimates) for Master weighing every decision Expert
    meets on `seeds` (the first `first` of them, if given), with a fresh word index."""
    from buyword.bots import bundled_leaves
    from buyword.bots.index import WordIndex
    from buyword.bots.master import MasterBot, Search
    from buyword.engine import Game, Phase
    from buyword.store.setup import Seat
    from buyword.table import TableSession, Wait
    from buyword.table.services import Services

    finder, lexicon = Services.shared().words()
    index = WordIndex.common(finder, None)
    leaves = bundled_leaves()  # as the shipped Master plays: learned leaves everywhere
    chooser = MasterBot(index, 1, search=Search(), rollouts=rollouts, leaves=leaves)
    views = []
    for seed in seeds:
        game = Game.new(["P"], dictionary=lexicon, seed=seed)
        session = TableSession(game, [Seat("P", "expert")], finder)
        while session.awaiting().wait is not Wait.OVER:
            if game.phase in (Phase.CHOOSE, Phase.BUY, Phase.SELL, Phase.DROP):
                view = session.view(0)
                if len(chooser.candidates(view)) > 1:
                    views.append(view)
            session.play(session.think())
    views = views[:first]
    # A fresh index: nothing remembered from collecting the decisions. The code before the
    # compiled search knows no `compiled`.
    fresh = (WordIndex(finder, min_length=index.min_length) if compiled
             else WordIndex(finder, min_length=index.min_length, compiled=False))
    bot = MasterBot(fresh, 1, search=Search(), rollouts=rollouts, leaves=leaves)
    bot.rng.seed(1)
    played, found = 0, []
    start = time.process_time()
    for view in views:
        estimates = bot.appraise(view)
        played += sum(e.rollouts for e in estimates)
        found.append([[e.decision.describe(), e.mean, e.stderr, e.rollouts] for e in estimates])
    return played, time.process_time() - start, found


def run_variant(args: argparse.Namespace, name: str) -> dict[str, object]:
    """One variant's figures, measured in a fresh process."""
    command = [sys.executable, __file__, "--worker", name, "--rollouts", str(args.rollouts),
               "--seeds", *map(str, args.seeds)]
    if args.first is not None:
        command += ["--first", str(args.first)]
    env = dict(os.environ)
    if name == "before":
        env["PYTHONPATH"] = str(Path(args.against).resolve())
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[3])
    parser.add_argument("--rollouts", type=int, default=24, help="rollouts a decision")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--against", help="a checkout of earlier code to measure beside")
    parser.add_argument("--first", type=int, help="weigh only the first N decisions")
    parser.add_argument("--record", help="write the estimates of --worker's variant here")
    parser.add_argument("--worker", choices=["compiled", "python", "before"],
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        played, seconds, estimates = weigh(args.seeds, args.rollouts,
                                           args.worker != "python", args.first)
        if args.record:
            about = {"about": "Master's estimates: benchmarks/bench_rollouts.py --record",
                     "seeds": args.seeds, "rollouts": args.rollouts, "first": args.first}
            decisions = ",\n  ".join(json.dumps(found) for found in estimates)
            Path(args.record).write_text(
                json.dumps(about)[:-1] + ', "estimates": [\n  ' + decisions + "\n]}\n")
        print(json.dumps({"played": played, "seconds": seconds, "estimates": estimates}))
        return
    names = ["before"] if args.against else []
    names += ["python", "compiled"]
    rates: dict[str, list[float]] = {name: [] for name in names}
    estimates: dict[str, object] = {}
    played = 0
    for _ in range(args.repeats):
        for name in names:
            result = run_variant(args, name)
            played = int(result["played"])  # type: ignore[call-overload]
            rates[name].append(played / float(result["seconds"]))  # type: ignore[arg-type]
            estimates[name] = result["estimates"]
    slowest = min(statistics.median(values) for values in rates.values())
    print(f"seeds {args.seeds}, {args.rollouts} rollouts a decision ({played} rollouts in "
          f"all), {args.repeats} repeats, each in a fresh process\n")
    for name, values in rates.items():
        median = statistics.median(values)
        print(f"- {name}: median {median:,.0f} rollouts per CPU second "
              f"({min(values):,.0f}-{max(values):,.0f}), {median / slowest:.2f}x")
    same = all(found == estimates[names[0]] for found in estimates.values())
    print(f"- the same estimates: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
