"""The coach's speed: how much processor time Master's appraisals take at each decision of a
seeded solo game, and how much of the end-of-game review the coach has already done.

    python benchmarks/bench_coach.py [--games 1] [--seed 1] [--level medium] [--rollouts 48]

Each seeded solo game is played by a computer `--level` standing in for a person (the same
game on every machine, as `bench_review.py` plays it), then played again at a table with the
coach on, the person's moves taken from that record. At each decision the coach weighs as it
does at the table (in this process, one appraisal after another): Master's own appraisal (what
F6 shows), then each of Master's options as the person's decision, then, if the person did
something else, that. Printed, as medians over the decisions, in processor seconds (which the
load on the computer does not change): until Master's choice is known; until the line for the
person's actual decision is ready, had they decided at once (and the 90th percentile); and
all the coach's work at the decision. Then how often the line was ready from the options
weighed ahead, and whether the review, given the kept appraisals, weighed nothing again and
gave the same verdicts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from buyword.analysis.review import review_game
from buyword.analysis.review_report import report_json
from buyword.bots.master import Decision
from buyword.engine import GameRecord, default_tiles
from buyword.store.places import cache_folder
from buyword.store.setup import GameSetup, Seat
from buyword.table import Services, TableSession, play_computers
from buyword.table.coach import Coach, coach_master, known_appraisals


class Timed:
    """Master, timing each appraisal in processor seconds: (stream, the person's decision
    weighed, seconds, the appraisal)."""

    def __init__(self, master: object) -> None:
        self.master = master
        self.times: list[tuple[str, tuple[str, ...], float, object]] = []

    def appraisal(self, view, also=(), budget=None, stream=None, rollouts=None):  # noqa: ANN001, ANN201
        """Master's appraisal, timed."""
        start = time.process_time()
        answer = self.master.appraisal(view, also, budget, stream, rollouts)  # type: ignore[attr-defined]
        mine = tuple(str(a) for d in also for a in d.actions)
        self.times.append((str(stream), mine, time.process_time() - start, answer))
        return answer


def coached_game(record: GameRecord, lexicon: object, finder: object, rollouts: int
                 ) -> tuple[TableSession, Timed]:
    """The record's game played again with the coach on, the person's moves from it."""
    setup = GameSetup(seats=(Seat("You"),), seed=record.seed, coach=True)
    session = TableSession.new(setup, lexicon, finder)
    timed = Timed(coach_master(session))
    coach = Coach(session, timed, Decision, rollouts=rollouts, background=False)
    for action in record.actions:
        coach.update()
        session.act(0, action)
    coach.update()
    return session, timed


def per_decision(session: TableSession, timed: Timed) -> list[tuple[float, float, float, bool]]:
    """Each decision's (seconds to Master's choice, seconds to the person's line, all seconds,
    whether the person's decision was among Master's options, weighed ahead)."""
    told = {entry["stream"]: tuple(entry["actions"]) for entry in session.appraisals}
    by_stream: dict[str, list[tuple[tuple[str, ...], float, object]]] = {}
    for stream, mine, seconds, answer in timed.times:
        by_stream.setdefault(stream, []).append((mine, seconds, answer))
    rows = []
    for stream, times in by_stream.items():
        if stream not in told:
            continue
        own = times[0][2]
        options = {tuple(str(a) for a in e.decision.actions) for e in own.estimates}  # type: ignore[attr-defined]
        spent, ready = 0.0, None
        for mine, seconds, _ in times:
            spent += seconds
            if mine == told[stream] and ready is None:
                ready = spent
        rows.append((times[0][1], ready or spent, spent, told[stream] in options))
    return rows


def main() -> None:
    """Play, coach, review, and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--rollouts", type=int, default=48)
    args = parser.parse_args()
    services = Services(cache_dir=cache_folder())
    lexicon = services.bundled()
    finder = services.finder(lexicon, default_tiles())
    print(f"the coach at {args.rollouts} rollouts an option; load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    rows: list[tuple[float, float, float, bool]] = []
    for seed in range(args.seed, args.seed + args.games):
        game = play_computers((args.level,), seed, lexicon, finder, names=("You",))
        record = GameRecord.of(game)
        session, timed = coached_game(record, lexicon, finder, args.rollouts)
        found = per_decision(session, timed)
        rows += found
        kept = known_appraisals(session.appraisals)
        fresh = Timed(coach_master(session))
        reused = Timed(coach_master(session))
        before = review_game(record, 0, fresh, Decision, rollouts=args.rollouts)
        after = review_game(record, 0, reused, Decision, rollouts=args.rollouts, known=kept)
        same = report_json(before) == report_json(after)
        print(f"seed {seed}: {len(before.decisions)} decisions, {len(found)} coached; the "
              f"review weighed {len(fresh.times)} of them afresh "
              f"({sum(t[2] for t in fresh.times):.1f} s CPU), with the coach's appraisals "
              f"{len(reused.times)} ({sum(t[2] for t in reused.times):.1f} s CPU); verdicts "
              f"{'identical' if same else 'DIFFERENT'}")
    choice = statistics.median(r[0] for r in rows)
    ready = statistics.median(r[1] for r in rows)
    ready90 = statistics.quantiles([r[1] for r in rows], n=10)[-1]
    spent = statistics.median(r[2] for r in rows)
    ahead = sum(r[3] for r in rows)
    total = sum(r[2] for r in rows)
    print(f"median over {len(rows)} decisions, CPU seconds: Master's choice {choice:.2f} s; "
          f"the line for the decision taken {ready:.2f} s (90% within {ready90:.2f} s); all "
          f"the coach's work {spent:.2f} s (max {max(r[2] for r in rows):.2f} s, "
          f"{total / args.games:.1f} s a game); the line was weighed ahead "
          f"at {ahead} of {len(rows)} decisions; load average {os.getloadavg()[0]:.1f} at "
          "the end")


if __name__ == "__main__":
    main()
