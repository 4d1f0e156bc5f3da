"""`buyword puzzles build`: puzzles mined from seeded games, not written by hand.

Game N of a run uses seed S+N-1 and a table of two computer levels taken in turn from
`TABLES` (every level plays). Each decision of the game is appraised by Master at a high budget
counted in rollouts, every option played out the same number of times (no racing: each answer's
interval is a full one), its luck from the game's seed and the decision's place. A decision is
kept when the best answer is clear (`buyword.table.puzzles.clear_gap`: $10 or more ahead, the 95%
intervals apart) and a second appraisal on an independent stream of luck agrees. The levels then
try it (`solved_by`), which gives its starting rating. Every step is a pure function of the seed,
so a run gives the same puzzles in one process, a pool (`--jobs`) or on Ray (`--ray`).
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from buyword.analysis.cluster import run_tasks
from buyword.analysis.review import GameReview
from buyword.bots import LEVEL_STYLES, make_bot
from buyword.bots.base import Bot
from buyword.bots.master import Appraisal, MasterBot, Search
from buyword.bots.view import SeatView
from buyword.engine import Game, GameRecord, Rules
from buyword.engine.actions import parse_action
from buyword.engine.wording import dollars
from buyword.store.files import write_atomic
from buyword.store.puzzles import (
    Glicko,
    Puzzle,
    PuzzleSet,
    Source,
    puzzle_id,
    puzzle_set_from,
    puzzle_set_json,
)
from buyword.store.table_ratings import (
    SkillRating,
    as_glicko,
    level_ratings_json,
    level_skills,
    rate_game,
    skill_model,
)
from buyword.table.launch import computer_table
from buyword.table.puzzles import (
    confirmed,
    judge,
    level_answer,
    make_puzzle,
    starting_rating,
    wild_use,
)
from buyword.table.runner import TableRunner
from buyword.table.services import Services
from buyword.table.weighing import (
    MASTER_SEED,
    REVIEW_HORIZON,
    Moment,
    decision_stream,
    moments,
    replay_start,
    same,
    view_at,
)

#: The tables mined, in turn: every level meets every other, and itself.
LEVELS = (*LEVEL_STYLES, "master")
TABLES: tuple[tuple[str, ...], ...] = tuple(
    (a, b) for n, a in enumerate(LEVELS) for b in LEVELS[n:])
#: Rollouts an option at each decision when `--rollouts` is not given.
DEFAULT_ROLLOUTS = 96
#: Master's rollouts a decision when it plays at a mined table (cheap: it is the table's play,
#: not the appraisal, and every option is weighed again at the appraisal's budget).
PLAYING_ROLLOUTS = 24
#: The computer levels that try each puzzle (their answers give its starting rating).
SOLVERS = tuple(LEVEL_STYLES)


@dataclass(frozen=True)
class MineTask:
    """One game to play and mine: picklable, so another process can do it."""

    seed: int
    levels: tuple[str, ...]
    rollouts: int
    #: At most this many decisions appraised in the game (spread over it), 0 for all.
    decisions: int = 0
    #: Only decisions of these kinds are weighed (`KINDS`; empty: every decision).
    kinds: tuple[str, ...] = ()
    #: Only decisions the levels answer differently are weighed (`disputed`).
    disputed: bool = False


@dataclass(frozen=True)
class Mined:
    """What one game gave: its puzzles, the decisions appraised, and the CPU seconds."""

    seed: int
    puzzles: tuple[Puzzle, ...]
    candidates: int
    clear: int
    seconds: float
    rollouts: int


def appraiser(finder: Any) -> MasterBot:
    """Master as the mining weighs with: the review's horizon, every option played out
    (no racing, no early stop), the budget set at each appraisal."""
    master = make_bot("master", finder, MASTER_SEED)
    assert isinstance(master, MasterBot)
    master.search = replace(Search(), horizon=REVIEW_HORIZON, z=math.inf, precision=None,
                            min_rollouts=2)
    return master


def play_record(levels: Sequence[str], seed: int) -> GameRecord:
    """A whole game of `levels` on `seed` (private hands), as its record."""
    return GameRecord.of(play_table(levels, seed))


def play_table(levels: Sequence[str], seed: int) -> Game:
    """A whole game of `levels` on `seed` (private hands), Master at `PLAYING_ROLLOUTS`
    rollouts a decision (so the game depends on its seed alone), played to the end."""
    finder, lexicon = Services.shared().words()
    session = computer_table(levels, seed, lexicon, finder)
    for bot in session.bots.values():
        if isinstance(bot, MasterBot):
            bot.rollouts, bot.budget = PLAYING_ROLLOUTS, math.inf
    TableRunner(session, shared_screen=False, pace=False).play_out()
    return session.game


def mine_game(task: MineTask, level_ratings: dict[str, Glicko] | None = None) -> Mined:
    """Play `task`'s game and keep its clear decisions as puzzles."""
    started = time.process_time()
    finder, _ = Services.shared().words()
    record = play_record(task.levels, task.seed)
    master = appraiser(finder)
    found = moments(record, range(len(task.levels)))
    if task.kinds or task.disputed:
        found = wanted(record, found, task)
    if task.decisions and len(found) > task.decisions:
        found = sampled(found, task.decisions)
    solvers = {name: make_bot(name, finder, task.seed) for name in SOLVERS}
    ratings = level_ratings if level_ratings is not None else load_level_ratings()
    ratings = {name: rating for name, rating in ratings.items() if name in SOLVERS}
    game = replay_start(record)
    done, puzzles, clear, rollouts = 0, [], 0, 0
    for moment in found:
        for text in record.actions[done:moment.index]:
            game.apply(parse_action(text))
        done = moment.index
        view = view_at(game, moment.seat)
        stream = decision_stream(task.seed, moment.index)
        try:
            first = master.appraisal(view, stream=stream, rollouts=task.rollouts)
        except ValueError:
            continue
        rollouts += _played(first)
        source = Source(task.seed, task.levels, moment.index, task.rollouts)
        puzzle = make_puzzle(view, first, source, puzzle_id(task.seed, moment.index,
                                                            moment.seat))
        if puzzle is None:
            continue
        clear += 1
        again = master.appraisal(view, stream=f"{stream}/confirm", rollouts=task.rollouts)
        rollouts += _played(again)
        if not confirmed(first, again):
            continue
        solved = tuple(name for name, bot in solvers.items()
                       if (answer := judge(puzzle, level_answer(bot, view))) is not None
                       and answer.right)
        start = starting_rating(ratings, solved)
        puzzles.append(replace(puzzle, solved_by=solved, rating=round(start.rating, 1),
                               deviation=round(start.deviation, 1)))
    return Mined(task.seed, tuple(puzzles), len(found), clear,
                 time.process_time() - started, rollouts)


#: The kinds of decision that come rarely (the leader's CHOICE, a hand over the limit, a sale
#: where the wild's use is in question): a game's sample takes them all first.
RARE = ("choose", "drop", "wild")


def wanted(record: GameRecord, found: Sequence[Moment], task: MineTask) -> list[Moment]:
    """The decisions of `found` worth weighing for `task`: of its kinds (a sale is "wild" when
    Master's leading sales spend the seat's wild differently: `_wild_in_question`),
    and, when `task.disputed`, only those the levels do not all answer alike (a decision they
    all answer alike is solved by every level or by none: the easy end, crowded already).
    Every level and Master here are their own players, so the puzzles' solvers and
    appraisals draw their luck exactly as without this choice."""
    finder, _ = Services.shared().words()
    scout = appraiser(finder)
    levels = [make_bot(name, finder, task.seed) for name in SOLVERS]
    game = replay_start(record)
    done, chosen = 0, []
    for moment in found:
        for text in record.actions[done:moment.index]:
            game.apply(parse_action(text))
        done = moment.index
        view = view_at(game, moment.seat)
        kind = moment.kind
        if kind == "sell" and _wild_in_question(scout, view, task.seed, moment.index):
            kind = "wild"
        if task.kinds and kind not in task.kinds:
            continue
        if task.disputed and not disputed(levels, view,
                                          decision_stream(task.seed, moment.index)):
            continue
        chosen.append(replace(moment, kind=kind))
    return chosen


def disputed(levels: Sequence[Bot], view: SeatView, stream: str) -> bool:
    """Whether the computer `levels` answer `view`'s decision in more than one way, each
    level's luck (its sampled futures) from the decision's `stream` alone."""
    answers = set()
    for bot in levels:
        bot.rng.seed(f"{stream}/level")
        answers.add(level_answer(bot, view))
    return len(answers) > 1


def _wild_in_question(master: MasterBot, view: SeatView, seed: int, index: int) -> bool:
    """Whether Master's leading sales at `view` (its candidates, from the decision's own
    stream) spend the seat's wild differently: where a "wild" puzzle can come from."""
    if not view.wilds:
        return False
    master.index = master.index.at_least(view.rules.min_word_length)
    master.rng.seed(f"{decision_stream(seed, index)}/candidates")
    return len({wild_use(decision) for decision in master.candidates(view)}) > 1


def sampled(found: Sequence[Moment], count: int) -> list[Moment]:
    """`count` of a game's decisions, in order of play: the rare ones (`RARE`) first, half
    the sample at most, then the others evenly spread over the game."""
    rare = [m for m in found if m.kind in RARE]
    rare = [rare[int(n * len(rare) / (count // 2))] for n in range(count // 2)] \
        if len(rare) > count // 2 else rare
    rest = [m for m in found if m.kind not in RARE]
    wanted = count - len(rare)
    step = len(rest) / wanted if wanted else 0
    chosen = rare + [rest[int(n * step)] for n in range(wanted)] if rest else rare
    return sorted(chosen, key=lambda m: m.index)


#: The rating bands `spread` evens out: 200 points wide, one starting at 1,100.
BAND = 200
BAND_FROM = 1100


def rating_band(rating: float) -> int:
    """The band a puzzle's rating falls in (0 for 1,100 to 1,299, -1 below, 1 above...)."""
    return math.floor((rating - BAND_FROM) / BAND)


def spread(puzzles: Sequence[Puzzle], count: int) -> list[Puzzle]:
    """At most `count` of `puzzles`, spread over kinds and difficulty: taken in turn from each
    group of one kind and one rating band (`rating_band`), each group in order of id, so that
    the common kinds (buying) and the easiest puzzles (those every level solves) do not crowd
    out the rest."""
    groups: dict[tuple[str, int], list[Puzzle]] = {}
    for puzzle in sorted(puzzles, key=lambda p: p.id):
        groups.setdefault((puzzle.kind, rating_band(puzzle.rating)), []).append(puzzle)
    queues = [groups[key] for key in sorted(groups)]
    chosen: list[Puzzle] = []
    depth = 0
    while len(chosen) < count and any(depth < len(q) for q in queues):
        chosen += [q[depth] for q in queues if depth < len(q)][: count - len(chosen)]
        depth += 1
    return sorted(chosen, key=lambda p: p.id)


def _played(appraisal: Appraisal) -> int:
    return sum(e.rollouts for e in appraisal.estimates)


def _mine_task(task: MineTask) -> Mined:
    return mine_game(task)


def tasks_for(seed: int, games: int, rollouts: int, decisions: int = 0,
              kinds: Sequence[str] = (), disputed: bool = False) -> list[MineTask]:
    """The games of a run: game N on seed S+N-1, the tables in turn."""
    return [MineTask(seed + n, TABLES[n % len(TABLES)], rollouts, decisions, tuple(kinds),
                     disputed)
            for n in range(games)]


def mine(tasks: Sequence[MineTask], jobs: int = 1, ray: str | None = None
         ) -> Iterator[Mined]:
    """Each task's game mined, as they finish (in any order)."""
    Services.shared().words()  # in the parent, so forked workers share the words
    yield from run_tasks(_mine_task, tasks, jobs, ray)


# ----------------------------------------------------------------- your mistakes


def mistakes(review: GameReview, record: GameRecord, finder: Any,
             rollouts: int = DEFAULT_ROLLOUTS, count: int = 5) -> list[Puzzle]:
    """The costliest decisions of `review` (the person's own game, `record`) as their own
    puzzles: each weighed again by Master at the puzzles' budget, kept only when its best
    answer is clear and a second appraisal on other futures agrees (as a mined puzzle is)."""
    if not review.complete:
        return []
    found = moments(record, (review.seat,))
    costly = {id(d) for d in review.costliest(count)}
    master = appraiser(finder)
    game = replay_start(record)
    done, puzzles = 0, []
    for moment, reviewed in zip(found, review.decisions, strict=True):
        if id(reviewed) not in costly:
            continue
        for text in record.actions[done:moment.index]:
            game.apply(parse_action(text))
        done = moment.index
        view = view_at(game, moment.seat)
        stream = decision_stream(record.seed, moment.index)
        first = master.appraisal(view, stream=f"{stream}/puzzle", rollouts=rollouts)
        source = Source(record.seed, tuple(record.players), moment.index, rollouts)
        puzzle = make_puzzle(view, first, source, puzzle_id(record.seed, moment.index,
                                                            moment.seat))
        if puzzle is None:
            continue
        again = master.appraisal(view, stream=f"{stream}/confirm", rollouts=rollouts)
        if confirmed(first, again) and not any(
                a.right for a in puzzle.answers if same([parse_action(t) for t in a.actions],
                                                        moment.actions)):
            puzzles.append(puzzle)
    return puzzles


# ----------------------------------------------------------------- the levels' ratings


def load_level_ratings(path: Path | None = None) -> dict[str, Glicko]:
    """The computer levels' ratings on the puzzles' Glicko scale (`as_glicko` of their
    OpenSkill ratings in `data/level_ratings.json`, or in `path`), or every level at the start
    rating when there are none yet."""
    skills = level_skills(path)
    if not skills:
        return {name: Glicko() for name in LEVELS}
    return {name: as_glicko(skill) for name, skill in skills.items()}


#: The tables the levels rate on: every two, three and four of them (OpenSkill rates a game of
#: any number of seats at once), the seats turned one place each round.
RATING_TABLES: tuple[tuple[str, ...], ...] = tuple(
    table for seats in (2, 3, 4) for table in itertools.combinations(LEVELS, seats))


def _rate_task(task: tuple[int, int, tuple[str, ...]]
               ) -> tuple[int, int, tuple[str, ...], tuple[int, ...]]:
    seed, order, levels = task
    game = play_table(levels, seed)
    return seed, order, levels, tuple(p.money for p in game.players)


def rate_levels(seed: int, games: int, jobs: int = 1, ray: str | None = None
                ) -> tuple[dict[str, SkillRating],
                           list[tuple[int, int, tuple[str, ...], tuple[int, ...]]]]:
    """The levels' OpenSkill (Plackett-Luce) ratings from `games` rounds of seeded games: in
    round N (seed S+N-1) every table of `RATING_TABLES`, its seats turned N-1 places. Each game
    ranks its seats by their money at the end (equal money, equal rank) and moves every seat's
    rating, the games taken in order of seed and table. Also every game's result (seed, its
    place in the round, levels, money), in that order."""
    Services.shared().words()
    tasks = [(seed + n, order, table[n % len(table):] + table[:n % len(table)])
             for n in range(games) for order, table in enumerate(RATING_TABLES)]
    results = sorted(run_tasks(_rate_task, tasks, jobs, ray))
    return rated_levels(results), results


def rated_levels(results: Sequence[tuple[int, int, Sequence[str], Sequence[int]]]
                 ) -> dict[str, SkillRating]:
    """The levels' OpenSkill ratings after `results` (seed, place, levels, money), taken in
    the order given, every level starting at OpenSkill's newcomer's rating."""
    model = skill_model()
    skills = {name: SkillRating() for name in LEVELS}
    for _, _, levels, money in results:
        after = rate_game(model, [skills[name] for name in levels], money)
        skills.update(zip(levels, after, strict=True))
    return skills


def rerated(puzzles: PuzzleSet, levels: dict[str, Glicko]) -> PuzzleSet:
    """Every puzzle's starting rating again, from the levels that solved it at `levels`."""
    out = []
    for puzzle in puzzles.puzzles:
        start = starting_rating({n: r for n, r in levels.items() if n in SOLVERS},
                                puzzle.solved_by)
        out.append(replace(puzzle, rating=round(start.rating, 1),
                           deviation=round(start.deviation, 1)))
    return replace(puzzles, puzzles=tuple(out))


def rate_levels_main(ratings_out: str, puzzles_file: str, seed: int, games: int, jobs: int,
                     ray: str | None, say: Any = print) -> int:
    """`buyword puzzles rate-levels`: the levels' ratings into `ratings_out`, and the puzzles
    of `puzzles_file` (if it exists) given their starting ratings from them. With no games,
    the ratings already in `ratings_out` rate the puzzles (no game is played)."""
    started = time.process_time()
    if games == 0:
        path = Path(ratings_out)
        if not level_skills(path):
            say(f"buyword: there are no level ratings in {ratings_out}: play some games "
                "(--games N)")
            return 2
        _rerate_file(puzzles_file, load_level_ratings(path), say)
        return 0
    skills, results = rate_levels(seed, games, jobs, ray)
    about = {"command": f"buyword puzzles rate-levels --seed {seed} --games {games}",
             "model": "OpenSkill Plackett-Luce (openskill's defaults)",
             "tables": "every 2, 3 and 4 of the levels, the seats turned each round",
             "seeds": [seed, seed + games - 1], "games": len(results),
             "master_rollouts": PLAYING_ROLLOUTS}
    write_atomic(Path(ratings_out), level_ratings_json(skills, about))
    ratings = {name: as_glicko(skill) for name, skill in skills.items()}
    for name, skill in sorted(skills.items(), key=lambda item: -item[1].mu):
        say(f"{name:>8} {skill.mu:5.2f} ± {skill.sigma:4.2f}  (puzzles' scale "
            f"{ratings[name].rating:7.1f} ± {ratings[name].deviation:5.1f})")
    _rerate_file(puzzles_file, ratings, say)
    say(f"{len(results)} games, {time.process_time() - started:.0f} s CPU here")
    return 0


def _rerate_file(puzzles_file: str, ratings: dict[str, Glicko], say: Any) -> None:
    """The puzzles of `puzzles_file` (if it exists) given their starting ratings."""
    path = Path(puzzles_file)
    if path.exists():
        puzzles = puzzle_set_from(path.read_bytes(), f"the puzzle file {puzzles_file}")
        write_atomic(path, puzzle_set_json(rerated(puzzles, ratings)))
        say(f"{len(puzzles.puzzles)} puzzles in {puzzles_file} rated from the levels")


# ----------------------------------------------------------------- the command


@dataclass(frozen=True)
class PuzzleOptions:
    """`buyword puzzles`'s options (the command line builds them: `buyword.cli`)."""

    action: str = "build"  # build, rate-levels or spread
    out: str = "puzzles.json"  # the puzzle file written (rate-levels: rated, if it exists)
    seed: int = 1  # the first game's seed
    games: int = 10
    rollouts: int = 96  # Master's rollouts each answer gets
    decisions: int = 0  # at most this many decisions weighed a game (0: all)
    jobs: int = 1
    ray: str | None = None  # mine as Ray tasks at this address ("local")
    append: bool = False  # add to the puzzles already in `out`
    ratings: str = "level_ratings.json"  # rate-levels: where the levels' ratings go
    keep: int = 1000  # spread: how many puzzles to keep
    kinds: tuple[str, ...] = ()  # build: weigh only decisions of these kinds (`KINDS`)
    disputed: bool = False  # build: weigh only decisions the levels answer differently


def puzzles_main(options: PuzzleOptions) -> int:
    """`buyword puzzles build`, `rate-levels` or `spread`; returns the exit status."""
    o = options
    if o.action == "spread":
        return spread_main(o.out, o.keep)
    if o.action == "rate-levels":
        return rate_levels_main(o.ratings, o.out, o.seed, o.games, o.jobs, o.ray)
    return build_main(o.out, o.seed, o.games, o.rollouts, o.jobs, o.ray, o.decisions, o.append,
                      kinds=o.kinds, disputed=o.disputed)


def build_main(out: str, seed: int, games: int, rollouts: int, jobs: int, ray: str | None,
               decisions: int, append: bool, say: Any = print, kinds: Sequence[str] = (),
               disputed: bool = False) -> int:
    """`buyword puzzles build`: mine `games` games from `seed` into the puzzle file `out`
    (adding to what is there with `append`), printing progress and the figures."""
    path = Path(out)
    kept: list[Puzzle] = []
    built: dict[str, Any] = {"runs": []}
    if append and path.exists():
        old = puzzle_set_from(path.read_bytes(), f"the puzzle file {out}")
        kept, built = list(old.puzzles), old.built
    ids = {p.id for p in kept}
    tasks = tasks_for(seed, games, rollouts, decisions, kinds, disputed)
    started = time.monotonic()
    chosen = (f" --kinds {','.join(kinds)}" if kinds else "") + (" --disputed" if disputed else "")
    run: dict[str, Any] = {
        "command": f"buyword puzzles build --seed {seed} --games {games} "
                   f"--rollouts {rollouts} --decisions {decisions}{chosen}"
                   + (" --append" if append else ""),
        "seeds": [seed, seed + games - 1], "games": 0, "candidates": 0, "clear": 0,
        "confirmed": 0, "rollouts": 0, "cpu_seconds": 0.0, "wall_seconds": 0.0,
        "jobs": jobs, "ray": ray is not None}
    built.setdefault("runs", []).append(run)
    for done, mined in enumerate(mine(tasks, jobs, ray), 1):
        fresh = [p for p in mined.puzzles if p.id not in ids]
        kept.extend(fresh)
        ids.update(p.id for p in fresh)
        run["games"] = done
        run["candidates"] += mined.candidates
        run["clear"] += mined.clear
        run["confirmed"] += len(mined.puzzles)
        run["rollouts"] += mined.rollouts
        run["cpu_seconds"] = round(run["cpu_seconds"] + mined.seconds, 1)
        run["wall_seconds"] = round(time.monotonic() - started, 1)
        say(f"game {done}/{games} (seed {mined.seed}): {len(mined.puzzles)} puzzles from "
            f"{mined.candidates} decisions; {len(kept)} in all")
        _write(path, kept, built)  # after every game: a stopped run keeps what it found
    say(f"{len(kept)} puzzles in {path}: {run['confirmed']} kept of {run['candidates']} "
        f"decisions ({run['clear']} clear, then confirmed), {run['rollouts']:,} rollouts, "
        f"{run['cpu_seconds']:.0f} s CPU")
    counted = Counter(p.kind for p in kept)
    say("kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(counted.items())))
    return 0


def spread_main(out: str, keep: int, say: Any = print) -> int:
    """`buyword puzzles spread`: keep at most `keep` of the puzzles in `out`, spread over kinds
    and difficulty (`spread`); the file says how many of how many."""
    path = Path(out)
    puzzles = puzzle_set_from(path.read_bytes(), f"the puzzle file {out}")
    chosen = spread(puzzles.puzzles, keep)
    built = dict(puzzles.built)
    if "spread" in built:  # an earlier spread of these puzzles: kept, in order
        built["earlier_spreads"] = [*built.get("earlier_spreads", []), built.pop("spread")]
    built["spread"] = {"command": f"buyword puzzles spread --keep {keep}",
                       "by": f"kind and rating band ({BAND} points)",
                       "after_runs": len(built.get("runs", [])),
                       "kept": len(chosen), "of": len(puzzles.puzzles)}
    _write(path, chosen, built)
    kinds = Counter(p.kind for p in chosen)
    bands = Counter(rating_band(p.rating) for p in chosen)
    say(f"{len(chosen)} of {len(puzzles.puzzles)} puzzles kept in {out}: "
        + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    say("by rating: " + ", ".join(f"{BAND_FROM + b * BAND}–{BAND_FROM + (b + 1) * BAND - 1} {n}"
                                  for b, n in sorted(bands.items())))
    return 0


def _write(path: Path, kept: Sequence[Puzzle], built: dict[str, Any]) -> None:
    ordered = tuple(sorted(kept, key=lambda p: p.id))
    write_atomic(path, puzzle_set_json(PuzzleSet(Rules(), ordered, built)))


def describe(puzzle: Puzzle) -> str:
    """One puzzle in a line (the build's log, tests)."""
    best = puzzle.right[0]
    return (f"{puzzle.id} {puzzle.kind}: {best.says} (worth {dollars(round(best.worth))}); "
            f"{puzzle.explanation}")
