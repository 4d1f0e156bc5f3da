"""Ratings for the named people at a table (OpenSkill's Plackett-Luce): a finished game of
several seats moves each person's rating by where their money ranked, once; computers sit at
their calibrated ratings; a solo game is never rated; a damaged file is kept aside with a
message; the results screen's line says each seat's rating."""

from __future__ import annotations

import pytest
from store_helpers import finished, saved_game

from buyword.store import Store
from buyword.store.table_ratings import (
    START_MU,
    TABLE_RATINGS,
    SkillRating,
    TableRatings,
    computer_rating,
    level_skills,
    rate_table,
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
    assert computer_rating(1500, 350).mu == pytest.approx(START_MU)
    assert computer_rating(1674, 50).mu > START_MU


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
