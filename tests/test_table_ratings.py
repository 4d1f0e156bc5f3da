"""Ratings for the named people at a table (OpenSkill's Plackett-Luce): a finished game of
several seats moves each person's rating by where their money ranked, once; computers sit at
their calibrated ratings; a solo game is never rated; a damaged file is kept aside with a
message; the results screen's line says each seat's rating."""

from __future__ import annotations

import json
import math
import random
from importlib.resources import files

import pytest
from store_helpers import finished, saved_game

from buyword.store import Store
from buyword.store.puzzles import Glicko
from buyword.store.table_ratings import (
    START_MU,
    TABLE_RATINGS,
    SkillRating,
    TableRatings,
    as_glicko,
    level_skills,
    ranks_by_money,
    rate_game,
    rate_table,
    skill_model,
    table_ratings_from,
)
from buyword.ui.saving import results_lines


def test_the_richer_person_goes_up_and_the_other_down() -> None:
    ratings = TableRatings()
    changes = rate_table(ratings, [("Ann", None), ("Bob", None)], [820, 640])
    ann, bob = ratings.people["Ann"], ratings.people["Bob"]
    assert ann.mu > START_MU > bob.mu and ann.games == bob.games == 1
    assert ann.sigma < SkillRating().sigma
    assert [c.describe() for c in changes] == [
        f"Ann {ann.shown} ± {ann.sigma:.1f} (+{ann.mu - START_MU:.1f})",
        f"Bob {bob.shown} ± {bob.sigma:.1f} (−{START_MU - bob.mu:.1f})"]
    # Level money: level ranks, and two equal people stay equal.
    even = TableRatings()
    rate_table(even, [("Cy", None), ("Di", None)], [700, 700])
    assert even.people["Cy"] == even.people["Di"]


def test_a_computer_sits_at_its_calibrated_rating() -> None:
    ratings = TableRatings()
    changes = rate_table(ratings, [("Ann", None), ("2 expert", "expert")], [900, 800])
    assert list(ratings.people) == ["Ann"]
    assert changes[1].computer and changes[1].after == changes[1].before
    expert = level_skills().get("expert", SkillRating())
    assert changes[1].before == expert
    # Beating a strong computer is worth more than beating a new person.
    other = TableRatings()
    rate_table(other, [("Ann", None), ("Bob", None)], [900, 800])
    if expert.mu > START_MU:
        assert ratings.people["Ann"].mu > other.people["Ann"].mu
    # The levels' ratings are OpenSkill's own, read as the file keeps them.
    kept = json.loads((files("buyword.data") / "level_ratings.json").read_text("utf-8"))
    assert (expert.mu, expert.sigma) == (kept["levels"]["expert"]["mu"],
                                         kept["levels"]["expert"]["sigma"])


def test_the_library_gives_its_manuals_worked_example() -> None:
    # openskill's user manual ("The Basics"): four newcomers, two teams of two, the first
    # team wins; then "Predicting Winners". BuyWord's model and its ranks (1 the richest)
    # give exactly these numbers.
    model = skill_model()
    p1, p2, p3, p4 = (model.rating() for _ in range(4))
    [[a, b], [c, d]] = model.rate([[p1, p2], [p3, p4]], ranks=ranks_by_money([900, 800]))
    assert (a.mu, a.sigma) == pytest.approx((26.964294621803063, 8.177962604389991), abs=1e-9)
    assert (b.mu, b.sigma) == pytest.approx((26.964294621803063, 8.177962604389991), abs=1e-9)
    assert (c.mu, c.sigma) == pytest.approx((23.035705378196937, 8.177962604389991), abs=1e-9)
    assert (d.mu, d.sigma) == pytest.approx((23.035705378196937, 8.177962604389991), abs=1e-9)
    win = model.predict_win([[model.rating()], [model.rating(mu=33.564, sigma=1.123)]])
    assert win == pytest.approx([0.2021226121041832, 0.7978773878958167], abs=1e-9)


def test_a_rating_is_carried_to_glickos_scale_with_the_same_odds() -> None:
    assert as_glicko(SkillRating()) == Glicko(1500.0, pytest.approx(245.674, abs=1e-3))
    assert as_glicko(SkillRating(30.0, 1.0)).rating == pytest.approx(1500 + 5 * 29.4809,
                                                                     abs=1e-3)
    # One player beats another three games in four: Glicko puts them 400 log10(3) = 191
    # points apart. OpenSkill, rating those games, puts them as far apart on Glicko's scale
    # (the mean gap over games 1,001 to 3,000; 25 / (25/3) x 350 = 42 points a mu would say
    # about 285).
    rng = random.Random(1)
    model, a, b, gaps = skill_model(), SkillRating(), SkillRating(), []
    for game in range(3000):
        a, b = rate_game(model, [a, b], [900, 800] if rng.random() < 0.75 else [800, 900])
        if game >= 1000:
            gaps.append(as_glicko(a).rating - as_glicko(b).rating)
    assert sum(gaps) / len(gaps) == pytest.approx(400 * math.log10(3), rel=0.1)


def test_the_richest_ranks_first_and_equal_money_ranks_equal() -> None:
    assert ranks_by_money([640, 820, 640, 900]) == [3.0, 2.0, 3.0, 1.0]
    after = rate_game(skill_model(), [SkillRating()] * 3, [700, 900, 500])
    assert after[1].mu > after[0].mu > after[2].mu and all(r.games == 1 for r in after)


def test_no_rating_without_two_seats_and_a_person() -> None:
    ratings = TableRatings()
    assert rate_table(ratings, [("Ann", None)], [900]) == []
    assert rate_table(ratings, [("1 easy", "easy"), ("2 hard", "hard")], [900, 800]) == []
    assert ratings.people == {}


def test_a_finished_table_game_is_rated_once_and_a_solo_game_never(tmp_path) -> None:
    store = Store(tmp_path)
    game = finished(players=2, seed=7)
    saved = saved_game(game)
    done = store.finish_game(saved, game)
    assert [line.split(" ")[0] for line in done.ratings] == ["Ann", "Bob"]
    assert results_lines(done).startswith("Ratings: Ann ")
    rated = Store(tmp_path).table_ratings()
    assert sorted(rated.people) == ["Ann", "Bob"]
    assert store.finish_game(saved, game).ratings == ()  # the same game again: no change
    assert Store(tmp_path).table_ratings() == rated
    solo = finished(players=1, seed=8)
    assert store.finish_game(saved_game(solo), solo).ratings == ()
    assert table_ratings_from(rated.to_json()) == rated


def test_a_damaged_ratings_file_is_kept_aside_with_a_message(tmp_path) -> None:
    store = Store(tmp_path)
    path = store.data.path(TABLE_RATINGS)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "people": {"Ann": {"mu": "high", "sigma": 8, "games": 1}}}',
                    encoding="utf-8")
    assert store.table_ratings() == TableRatings()
    message = " ".join(store.take_messages())
    assert "The table ratings could not be read" in message
    assert "people[...].mu should be a decimal number" in message
    assert [p for p in path.parent.iterdir() if p.name.startswith(TABLE_RATINGS + ".bad-")]
