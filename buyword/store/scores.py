"""Solo scores per rule set, personal bests, and the daily solo (a seed derived from the date)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, NamedTuple, TypeGuard, TypeVar

import msgspec

from buyword.engine import RecordError, Rules
from buyword.engine.wording import dollars
from buyword.store.codec import parse_json
from buyword.store.rules_codec import rules_data

#: A dataclass an entry of the file is read into.
F = TypeVar("F")

if TYPE_CHECKING:
    import hashlib


#: The scores file's format version.
SCORES_FORMAT = 1

#: The thresholds counted on the scores line when the rules name none: the rulebook's.
DEFAULT_RATINGS: tuple[tuple[int, str], ...] = Rules().solo_ratings


def rules_key(rules: Rules) -> str:
    """A short, stable name for a rule set: the same settings give the same key on any machine.

    Only the settings that differ from the printed rules go into it, so a rule setting added
    in a later version (with the printed rule as its default) keeps every old score's key.
    """
    box = rules_data(Rules())
    changed = {name: value for name, value in rules_data(rules).items() if box.get(name) != value}
    text = json.dumps(changed, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return _sha256(text).hexdigest()[:12]


def _sha256(text: str) -> hashlib._Hash:
    """The SHA-256 of ASCII `text`. hashlib is loaded with the first key or seed asked for,
    not with the store: a first start (no scores yet) needs none before its title shows."""
    import hashlib

    return hashlib.sha256(text.encode("ascii"))


def daily_seed(day: date) -> int:
    """The daily solo's seed: the same bag and rolls for everyone, on any machine or Python."""
    digest = _sha256(f"buyword-daily-{day.isoformat()}").digest()
    return int.from_bytes(digest[:8], "big") % 1_000_000_000


def daily_rules() -> Rules:
    """The daily solo is always played by the printed rules, so every result compares."""
    return Rules()


@dataclass(frozen=True)
class SoloScore:
    """One finished solo game as the score book keeps it."""

    game_id: str
    money: int
    rules: str  # rules_key of the game's rules
    rules_text: str  # Rules.describe(), for showing
    seed: int
    when: str  # when it finished (ISO 8601)
    hinted: bool = False
    daily: str | None = None  # YYYY-MM-DD for a scored daily attempt
    #: Played with the coach (Master weighing the decisions): a record of its own.
    coached: bool = False


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SoloStats:
    """A rule set's solo record: best, average and how often each rating was reached."""

    rules_text: str
    games: int
    best: int | None
    average: float | None
    #: (threshold, rating name, games reaching it), highest threshold first.
    reached: tuple[tuple[int, str, int], ...]

    def line(self) -> str:
        """One line for the title and results screens."""
        if not self.games:
            return "no solo games yet"
        counts = ", ".join(f"{dollars(t)} × {n}" for t, _, n in self.reached)
        plural = "game" if self.games == 1 else "games"
        average = dollars(round(self.average or 0))
        return (f"best {dollars(self.best or 0)}, average {average} over {self.games} "
                f"{plural}; reached {counts}")


def stats_of(scores: list[SoloScore], rules_text: str,
             ratings: tuple[tuple[int, str], ...] = DEFAULT_RATINGS) -> SoloStats:
    """The stats of some solo scores (already chosen: one rule set, hinted or not)."""
    money = [s.money for s in scores]
    reached = tuple((t, name, sum(1 for m in money if m >= t)) for t, name in ratings)
    if not money:
        return SoloStats(rules_text, 0, None, None, reached)
    return SoloStats(rules_text, len(money), max(money), sum(money) / len(money), reached)


class SoloResult(NamedTuple):
    """What finishing a solo game meant for the record: is it a new personal best? (A named
    tuple: the store is loaded at start-up, and one costs a fifth of a dataclass to make.)"""

    score: SoloScore
    new_best: bool
    previous_best: int | None
    stats: SoloStats
    counted: bool = True  # False when this game had already been recorded


@dataclass(frozen=True)
class DailyEntry:
    """Today's (or any day's) daily solo: when it was started, and its score once finished."""

    day: str
    game_id: str
    started_at: str
    money: int | None = None


@dataclass
class ScoreBook:
    """Every solo score and every daily attempt: the contents of scores.json."""

    solo: list[SoloScore] = field(default_factory=list)
    daily: dict[str, DailyEntry] = field(default_factory=dict)

    def chosen(self, rules: Rules, hinted: bool = False, coached: bool = False
               ) -> list[SoloScore]:
        """The scores under `rules`, with hints or without, with the coach or without."""
        if not self.solo:  # no key to work out (the title of a first start)
            return []
        key = rules_key(rules)
        return [s for s in self.solo
                if s.rules == key and s.hinted == hinted and s.coached == coached]

    def stats(self, rules: Rules, hinted: bool = False, coached: bool = False) -> SoloStats:
        """The solo record under `rules`; hinted games are a separate record, and so are
        coached ones."""
        return stats_of(self.chosen(rules, hinted, coached), rules.describe(),
                        rules.solo_ratings)

    def has(self, game_id: str) -> bool:
        """True if this game is already in the book."""
        return any(s.game_id == game_id for s in self.solo)

    def add(self, score: SoloScore, rules: Rules) -> SoloResult:
        """Record a finished solo game (once per game id); says whether it is a new best."""
        previous = self.stats(rules, score.hinted, score.coached).best
        if self.has(score.game_id):
            return SoloResult(score, False, previous,
                              self.stats(rules, score.hinted, score.coached), False)
        self.solo.append(score)
        if score.daily and score.daily in self.daily:
            entry = self.daily[score.daily]
            if entry.game_id == score.game_id:
                self.daily[score.daily] = DailyEntry(entry.day, entry.game_id, entry.started_at,
                                                     score.money)
        new_best = previous is None or score.money > previous
        return SoloResult(score, new_best, previous,
                          self.stats(rules, score.hinted, score.coached))

    def to_json(self) -> str:
        """The book as JSON text."""
        form = ScoresForm(scores_format=SCORES_FORMAT, solo=list(self.solo),
                          daily={day: e for day, e in sorted(self.daily.items())})
        return json.dumps(msgspec.to_builtins(form), indent=1, ensure_ascii=True)

    @classmethod
    def from_bytes(cls, raw: bytes) -> ScoreBook:
        """Read scores.json; RecordError if the file as a whole is unusable. One entry that
        does not fit its form is passed over: one bad line never loses the others."""
        try:
            data = parse_json(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise RecordError("the scores file is damaged or cut off") from None
        if not isinstance(data, dict):
            raise RecordError("the scores file is not a BuyWord scores file")
        version = data.get("scores_format")
        if not _is_int(version):
            raise RecordError("the scores file has no format version")
        if version > SCORES_FORMAT:
            raise RecordError(f"the scores were saved by a newer BuyWord (format {version})")
        solo = data.get("solo")
        solo = solo if isinstance(solo, list) else []
        daily = data.get("daily")
        daily = daily if isinstance(daily, dict) else {}
        scores = [s for s in (_fits(entry, SoloScore) for entry in solo) if s is not None]
        return cls(scores, {day: e for day, entry in daily.items() if isinstance(entry, dict)
                            and (e := _fits({**entry, "day": day}, DailyEntry)) is not None})


class ScoresForm(msgspec.Struct, kw_only=True):
    """scores.json as written: every solo score, and the daily attempts by day."""

    scores_format: int
    solo: list[SoloScore] = []
    daily: dict[str, DailyEntry] = {}


def _fits(entry: object, form: type[F]) -> F | None:
    """`entry` as `form` (its fields and their types), or None if it does not fit."""
    try:
        return msgspec.convert(entry, form)
    except (msgspec.ValidationError, RecursionError):
        return None
