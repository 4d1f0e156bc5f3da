"""Ratings for the named people who play at a table of several (pass-and-play or hosted): one
rating each across games, by OpenSkill's Plackett-Luce model (the `openskill` package), each
game's seats ranked by their money at the end. Computer levels sit at their calibrated ratings
(`data/level_ratings.json`: OpenSkill's too, from their games against each other) and never
move. A solo game is measured against the rulebook's benchmark only, never rated here
(docs/puzzles.md).

The puzzles rate on Glicko's scale; `as_glicko` carries an OpenSkill rating over to it, so that
a difference of ratings means the same odds of winning on both scales.

The file, `table_ratings.json` in the data folder, is read by the one typed codec; a damaged
one is moved aside with a message by the store.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec
from msgspec import Meta

from buyword.store.codec import convert, parse_json
from buyword.store.puzzles import Glicko

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

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
#: Glicko's rating points to one of OpenSkill's mu (about 29.5): Glicko's odds are
#: 1 / (1 + 10^(-difference / 400)), a logistic curve of difference / 173.7178, and
#: Plackett-Luce's between two well-known players a logistic curve of difference / GLICKO_UNIT.
GLICKO_PER_MU = 173.7178 / GLICKO_UNIT
#: The centre of Glicko's scale, where OpenSkill's START_MU lands.
GLICKO_CENTRE = 1500.0
#: The levels' ratings file, in the package's data (`buyword puzzles rate-levels`).
LEVEL_RATINGS = "level_ratings.json"
#: Its format: 2 keeps OpenSkill's mu and sigma (1 kept Glicko-2 ratings).
LEVEL_RATINGS_FORMAT = 2


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


def as_glicko(skill: SkillRating) -> Glicko:
    """`skill` on Glicko's scale, where the puzzles are rated: rating 1500 + (mu - 25) x
    `GLICKO_PER_MU`, deviation sigma x `GLICKO_PER_MU` (a newcomer's 25 ± 8.3 is 1500 ± 246).
    The same factor for both, so that a level's rating and its uncertainty keep their odds."""
    return Glicko(GLICKO_CENTRE + (skill.mu - START_MU) * GLICKO_PER_MU,
                  skill.sigma * GLICKO_PER_MU)


def skill_model() -> PlackettLuce:
    """OpenSkill's Plackett-Luce model as BuyWord rates with it: the library's defaults
    (mu 25, sigma 25/3, beta 25/6, tau 25/300)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def ranks_by_money(money: Sequence[int]) -> list[float]:
    """Each seat's rank in a finished game, 1 the richest; equal money, equal rank."""
    order = sorted(money, reverse=True)
    return [order.index(m) + 1.0 for m in money]


def rate_game(model: PlackettLuce, before: Sequence[SkillRating], money: Sequence[int]
              ) -> list[SkillRating]:
    """Every seat's rating after one finished game, from their ratings `before` and their
    `money` at the end (ranked by `ranks_by_money`), each seat a team of one; each counts
    one more game."""
    teams = [[model.create_rating([r.mu, r.sigma])] for r in before]
    rated = model.rate(teams, ranks=ranks_by_money(money))
    return [SkillRating(new.mu, new.sigma, old.games + 1)
            for old, [new] in zip(before, rated, strict=True)]


def level_skills(path: Path | None = None) -> dict[str, SkillRating]:
    """The computer levels at their calibrated ratings (`path`, by default the shipped
    `data/level_ratings.json`); none when there is no such file or it is not one."""
    try:
        if path is None:
            from importlib.resources import files

            text = (files("buyword.data") / LEVEL_RATINGS).read_text("utf-8")
        else:
            text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        if data["format"] != LEVEL_RATINGS_FORMAT:
            return {}
        return {name: SkillRating(float(v["mu"]), float(v["sigma"]), int(v.get("games", 0)))
                for name, v in data["levels"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def level_ratings_json(skills: dict[str, SkillRating], about: dict[str, object]) -> str:
    """The levels' ratings file's text: `about` (the command, seeds, games) and each level's
    mu, sigma and games."""
    return json.dumps({"format": LEVEL_RATINGS_FORMAT, **about, "levels": {
        name: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "games": r.games}
        for name, r in skills.items()}}, indent=1) + "\n"


def rate_table(ratings: TableRatings, seats: Sequence[tuple[str, str | None]],
               money: Sequence[int]) -> list[Change]:
    """Rate one finished game of several seats, each (name, computer level or None), ranked
    by `money` (equal money, equal rank). People's ratings change in `ratings`; computers sit
    at their calibrated ratings. Nothing changes at a table of fewer than two seats or
    without a person."""
    if len(seats) < 2 or all(level is not None for _, level in seats):
        return []
    levels = level_skills()
    before = [levels.get(level, SkillRating()) if level is not None
              else ratings.people.get(name, SkillRating()) for name, level in seats]
    after = rate_game(skill_model(), before, money)
    changes = []
    for (name, level), old, new in zip(seats, before, after, strict=True):
        if level is not None:
            changes.append(Change(f"{name}", old, old, True))
            continue
        ratings.people[name] = new
        changes.append(Change(name, old, new, False))
    return changes
