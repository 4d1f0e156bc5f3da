"""The puzzles that ship (`data/puzzles.json`): they load, each has one right answer clear of
the rest by $10 or more, the spread covers every common kind, their ratings come from the
levels' (`data/level_ratings.json`), the daily puzzle is the same for everyone on a date, and
a shipped puzzle's answer is confirmed by a fresh appraisal on other futures."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest
from words_helpers import index_cache

from buyword.analysis.puzzles import appraiser, load_level_ratings, rerated
from buyword.engine import Rules
from buyword.engine.actions import parse_action
from buyword.store.puzzles import bundled_puzzles
from buyword.table.puzzles import posed_game, view_of
from buyword.table.services import Services
from buyword.table.weighing import same, view_at


@pytest.fixture(scope="module")
def shipped():
    """The shipped puzzles, read once."""
    return bundled_puzzles()


def test_the_shipped_puzzles_load_with_one_clear_right_answer_each(shipped) -> None:
    assert shipped.rules == Rules() and len(shipped.puzzles) >= 500
    kinds = Counter(p.kind for p in shipped.puzzles)
    assert {"buy", "sell", "choose"} <= set(kinds)
    for puzzle in shipped.puzzles:
        [right] = puzzle.right
        runner_up = min(a.loses for a in puzzle.answers if not a.right)
        assert runner_up >= 10, puzzle.id
        assert puzzle.explanation.endswith("."), puzzle.id
    runs = shipped.built["runs"]
    assert all(run["command"].startswith("buyword puzzles build --seed ") for run in runs)
    assert sum(run["confirmed"] for run in runs) >= len(shipped.puzzles)


def test_the_shipped_ratings_follow_the_levels(shipped) -> None:
    levels = load_level_ratings()
    assert [n for n, _ in sorted(levels.items(), key=lambda item: item[1].rating)] == \
        ["easy", "medium", "hard", "expert", "master"]
    by_solvers = {}
    for puzzle in shipped.puzzles:
        by_solvers.setdefault(len(puzzle.solved_by), []).append(puzzle.rating)
    means = [sum(r) / len(r) for _, r in sorted(by_solvers.items())]
    assert means == sorted(means, reverse=True)  # fewer levels solve it: rated higher


def test_the_shipped_ratings_are_what_glicko2_gives_from_the_shipped_levels(shipped) -> None:
    # Every puzzle's shipped starting rating comes out again, to the tenth, from the shipped
    # levels' ratings by BuyWord's own Glicko-2 (they were built with the glicko2 package).
    again = rerated(shipped, load_level_ratings())
    assert [(p.id, p.rating, p.deviation) for p in again.puzzles] == \
        [(p.id, p.rating, p.deviation) for p in shipped.puzzles]


def test_the_daily_puzzle_is_the_same_for_everyone_on_a_date(shipped) -> None:
    day = date(2026, 12, 5)
    assert shipped.daily(day) == bundled_puzzles().daily(day)
    days = {shipped.daily(date(2026, 12, n)).id for n in range(1, 29)}
    assert len(days) > 20  # the days differ


@pytest.mark.parametrize("kind", ["buy", "sell", "choose", "drop", "wild"])
def test_a_shipped_answer_is_confirmed_on_other_futures(shipped, kind) -> None:
    finder, _ = Services.shared(index_cache()).words()
    puzzle = min((p for p in shipped.puzzles if p.kind == kind), key=lambda p: p.id)
    master = appraiser(finder)
    again = master.appraisal(view_of(puzzle.position, shipped.rules),
                             stream=f"{puzzle.id}/test", rollouts=96)
    best = max(again.estimates, key=lambda e: e.mean)
    [right] = puzzle.right
    assert same(best.decision.actions, [parse_action(a) for a in right.actions]), puzzle.id


def test_every_shipped_puzzle_poses_as_its_seat_saw_it(shipped) -> None:
    _, lexicon = Services.shared(index_cache()).words()
    for puzzle in shipped.puzzles:
        p = puzzle.position
        seen = view_at(posed_game(puzzle, shipped.rules, lexicon), p.seat)
        assert (seen.hand, seen.drawn, seen.money, seen.wilds, seen.unseen, seen.bag_size,
                str(seen.phase), seen.current) == \
            (p.hand, p.drawn, p.money, p.wilds, p.unseen, p.bag_size, p.phase, p.seat), puzzle.id
