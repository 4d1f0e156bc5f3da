"""Ratings for the named people who play at a table of several (pass-and-play or hosted): one
rating each across games, by OpenSkill's Plackett-Luce model (the `openskill` package), each
game's seats ranked by their money at the end. Computer levels sit at their calibrated ratings
(`data/level_ratings.json`, Glicko-2, carried over to OpenSkill's scale) and never move. A solo
game is measured against the rulebook's benchmark only, never rated here (docs/puzzles.md).

The file, `table_ratings.json` in the data folder, is read by the one typed codec; a damaged
one is moved aside with a message by the store.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated

import msgspec
from msgspec import Meta

from buyword.store.codec import convert, parse_json

#: The file, in the data folder beside the scores.
TABLE_RATINGS = "table_ratings.json"
#: Its format version.
TABLE_RATINGS_FORMAT = 1
#: OpenSkill's starting rating and deviation (its defaults: 25 and 25/3).
START_MU = 25.0
START_SIGMA = 25.0 / 3
#: One Glicko-2 unit (173.7178 rating points) in OpenSkill's mu: the difference that gives
#: the same odds of winning between two well-known players (sqrt(2) x OpenSkill's beta, 25/6).
GLICKO_UNIT = math.sqrt(2) * 25.0 / 6


@dataclass(frozen=True)
class SkillRating:
    """One person's rating: OpenSkill's mu and sigma, and the games it counts."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def shown(self) -> float:
        """The rating as shown: mu, to one decimal."""
        return round(self.mu, 1)


@dataclass(frozen=True)
class Change:
    """What one game did to one seat's rating (a computer's never moves)."""

    name: str
    before: SkillRating
    after: SkillRating
    computer: bool

    def describe(self) -> str:
        """"Ann 27.3 ± 7.2 (+2.3)", or "Expert 35.1 (computer)"."""
        if self.computer:
            return f"{self.name} {self.after.shown} (computer)"
        delta = self.after.mu - self.before.mu
        return (f"{self.name} {self.after.shown} ± {self.after.sigma:.1f} "
                f"({'+' if delta >= 0 else '−'}{abs(delta):.1f})")


@dataclass
class TableRatings:
    """Every named person's rating."""

    people: dict[str, SkillRating] = field(default_factory=dict)

    def to_json(self) -> str:
        """The file's text."""
        return json.dumps({"format": TABLE_RATINGS_FORMAT, "people": {
            name: {"mu": r.mu, "sigma": r.sigma, "games": r.games}
            for name, r in sorted(self.people.items())}}, indent=1, ensure_ascii=True) + "\n"


class _RatingForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    mu: Annotated[float, Meta(ge=-1000, le=1000)]
    sigma: Annotated[float, Meta(gt=0, le=100)]
    games: Annotated[int, Meta(ge=0)]


class _RatingsForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    format: Annotated[int, Meta(ge=1, le=TABLE_RATINGS_FORMAT)]
    people: dict[Annotated[str, Meta(max_length=100)], _RatingForm] = {}


def table_ratings_from(raw: bytes | str, what: str = "the table ratings") -> TableRatings:
    """The ratings in `raw`; RecordError naming the field for a damaged file."""
    from buyword.engine import RecordError

    try:
        data = parse_json(raw)
    except (ValueError, RecursionError):
        raise RecordError(f"{what} is not JSON (damaged?)") from None
    form = convert(data, _RatingsForm, what)
    return TableRatings({name: SkillRating(r.mu, r.sigma, r.games)
                         for name, r in form.people.items()})


def computer_rating(rating: float, deviation: float) -> SkillRating:
    """A computer level's calibrated Glicko-2 rating on OpenSkill's scale."""
    return SkillRating(START_MU + (rating - 1500.0) / 173.7178 * GLICKO_UNIT,
                       max(0.5, deviation / 173.7178 * GLICKO_UNIT))


def level_skills() -> dict[str, SkillRating]:
    """The computer levels at their calibrated ratings (`data/level_ratings.json`); a level
    not there (or no file) at OpenSkill's start."""
    from importlib.resources import files

    try:
        data = json.loads((files("buyword.data") / "level_ratings.json").read_text("utf-8"))
        return {name: computer_rating(float(v["rating"]), float(v["deviation"]))
                for name, v in data["levels"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def rate_table(ratings: TableRatings, seats: Sequence[tuple[str, str | None]],
               money: Sequence[int]) -> list[Change]:
    """Rate one finished game of several seats, each (name, computer level or None), ranked
    by `money` (equal money, equal rank). People's ratings change in `ratings`; computers sit
    at their calibrated ratings. Nothing changes at a table of fewer than two seats or
    without a person."""
    from openskill.models import PlackettLuce

    if len(seats) < 2 or all(level is not None for _, level in seats):
        return []
    model = PlackettLuce()
    levels = level_skills()
    before = [levels.get(level, SkillRating()) if level is not None
              else ratings.people.get(name, SkillRating()) for name, level in seats]
    teams = [[model.create_rating([r.mu, r.sigma], name=name)]
             for r, (name, _) in zip(before, seats, strict=True)]
    ranks: list[float] = [sorted(money, reverse=True).index(m) + 1.0 for m in money]
    rated = model.rate(teams, ranks=ranks)
    changes = []
    for (name, level), old, [new] in zip(seats, before, rated, strict=True):
        if level is not None:
            changes.append(Change(f"{name}", old, old, True))
            continue
        after = SkillRating(new.mu, new.sigma, old.games + 1)
        ratings.people[name] = after
        changes.append(Change(name, old, after, False))
    return changes
