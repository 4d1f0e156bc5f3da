"""The results screen's "How would Master have done": how long Master's game on your bag
takes, in one process and with each decision's rollouts spread over several.

    python benchmarks/bench_beside.py [--games 3] [--seed 1] [--level medium] [--rollouts 48]
                                      [--jobs 2]

Each seeded solo game is played by a computer `--level` standing in for a person; then Master
replays its bag as the results screen does (`buyword.analysis.compare.play_beside`, at
`--rollouts` an option), once in one process and once with `--jobs` processes. Printed per
game: the person's and Master's money, each run's wall-clock and processor seconds (this
process and its workers), the parallel/single ratios, and whether both runs played the same
game, action for action; then the medians.

With `--ahead`, each bag is also played as the app plays it during a solo game
(`MasterAhead`: one background process at the lowest priority, begun as the game begins):
printed is how many seconds of play it needs before the results screen has Master's game at
once, and whether it is the same game.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import time
from collections.abc import Callable

from buyword.analysis.compare import BESIDE_ROLLOUTS, MasterAhead, play_beside
from buyword.engine import Game, default_tiles
from buyword.store.places import cache_folder
from buyword.table import Services, play_computers


def cpu_seconds() -> float:
    """Processor seconds of this process and of its finished children so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def in_fresh_process(work: Callable[[], object]) -> object:
    """`work()` in a process forked from this one before any run, so that every run starts
    with the same memories (the word index remembers what it has looked up, and a run in
    this process would leave the next one a warmer start)."""
    context = multiprocessing.get_context("fork")
    answer = context.Queue()
    process = context.Process(target=lambda: answer.put(work()))
    process.start()
    result = answer.get()
    process.join()
    return result


def timed(person: Game, finder: object, rollouts: int, jobs: int) -> tuple[Game, float, float]:
    """Master's game on the person's bag in `jobs` processes, in a fresh process: (game,
    wall seconds, processor seconds)."""

    def play() -> tuple[Game, float, float]:
        wall, cpu = time.perf_counter(), cpu_seconds()
        master = play_beside(person, "master", finder,  # type: ignore[arg-type]
                             rollouts=rollouts, jobs=jobs)
        assert master is not None
        return master, time.perf_counter() - wall, cpu_seconds() - cpu

    return in_fresh_process(play)  # type: ignore[return-value]


def main() -> None:
    """Play each bag as the person, then as Master twice, and print the times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--rollouts", type=int, default=BESIDE_ROLLOUTS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ahead", action="store_true",
                        help="also time Master's game played ahead, as during a solo game")
    args = parser.parse_args()
    services = Services(cache_dir=cache_folder())
    lexicon = services.bundled()
    finder = services.finder(lexicon, default_tiles())
    rows: dict[str, list[float]] = {k: [] for k in ("wall1", "cpu1", "wallN", "cpuN", "ahead")}
    same = 0
    print(f"Master at {args.rollouts} rollouts an option; {args.jobs} processes against 1; "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    for seed in range(args.seed, args.seed + args.games):
        person = play_computers((args.level,), seed, lexicon, finder, names=("You",))
        single, wall1, cpu1 = timed(person, finder, args.rollouts, 1)
        spread, wallN, cpuN = timed(person, finder, args.rollouts, args.jobs)
        identical = single.actions == spread.actions
        same += identical
        for key, value in (("wall1", wall1), ("cpu1", cpu1), ("wallN", wallN), ("cpuN", cpuN)):
            rows[key].append(value)
        print(f"seed {seed}: you ${person.player(0).money:,}, Master "
              f"${single.player(0).money:,}; 1 process {wall1:.1f} s ({cpu1:.1f} s CPU), "
              f"{args.jobs} processes {wallN:.1f} s ({cpuN:.1f} s CPU): wall "
              f"x{wallN / wall1:.2f}, CPU x{cpuN / cpu1:.2f}; "
              f"{'the same game' if identical else 'ANOTHER GAME'}")
        if args.ahead:
            seconds, same_ahead = ready_after(person, finder, args.rollouts)
            rows["ahead"].append(seconds)
            print(f"  played ahead: ready after {seconds:.1f} s of play, "
                  f"{'the same game' if same_ahead == single.actions else 'ANOTHER GAME'}")
    med = {key: statistics.median(values) if values else 0.0 for key, values in rows.items()}
    print(f"median Master game: 1 process {med['wall1']:.1f} s wall, {med['cpu1']:.1f} s CPU; "
          f"{args.jobs} processes {med['wallN']:.1f} s wall, {med['cpuN']:.1f} s CPU "
          f"(wall x{med['wallN'] / med['wall1']:.2f}); the same game in {same} of "
          f"{args.games}; load average {os.getloadavg()[0]:.1f} at the end")
    if args.ahead:
        print(f"median played ahead: ready after {med['ahead']:.1f} s of play (a solo game "
              "that lasts longer shows Master's game at once)")


def ready_after(person: Game, finder: object, rollouts: int) -> tuple[float, list]:
    """Seconds until Master's game played ahead is ready (polled as the results screen
    would, every 0.1 s), and its actions."""
    start = time.perf_counter()
    ahead = MasterAhead(person, finder, rollouts=rollouts)  # type: ignore[arg-type]
    while (played := ahead.ready()) is None:
        if ahead.failed:
            raise SystemExit("Master's game played ahead failed")
        time.sleep(0.1)
    return time.perf_counter() - start, list(played.actions)


if __name__ == "__main__":
    main()
