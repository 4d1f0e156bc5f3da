"""Solo statistics over time, per rule set: money game by game, its trend, how often each
rating was reached, and the best words sold (read from the score book and the game records).

The stats screen draws these; nothing here knows about Textual.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from buyword.engine import GameRecord
from buyword.engine import events as ev
from buyword.store.scores import DEFAULT_RATINGS, ScoreBook, SoloScore
from buyword.store.store import Store

#: How many best words each rule set lists.
BEST_WORDS = 5


@dataclass(frozen=True)
class BestWord:
    """A word sold in a solo game: the word (a wild's letter in lower case), its price, when."""

    word: str
    price: int
    when: str


@dataclass(frozen=True)
class Band:
    """A rating band: the games that reached `threshold` but not the next rating up."""

    threshold: int
    name: str
    games: int
    share: float  # of all the rule set's games, 0..1


@dataclass(frozen=True)
class RuleSetStats:
    """One rule set's solo games (with hints or without, with the coach or without), oldest
    first."""

    rules: str  # the scores' rules key
    rules_text: str
    hinted: bool
    money: tuple[int, ...]
    #: The least-squares line through the money, game by game (as many points as games).
    trend: tuple[float, ...]
    #: The rating bands, highest first (outstanding, good, fair).
    bands: tuple[Band, ...]
    best_words: tuple[BestWord, ...]
    #: Played with the coach.
    coached: bool = False

    @property
    def games(self) -> int:
        """How many solo games were finished under these rules."""
        return len(self.money)

    @property
    def best(self) -> int:
        """The most money any of the games finished with."""
        return max(self.money)

    @property
    def average(self) -> float:
        """The mean money of the games."""
        return sum(self.money) / len(self.money)

    @property
    def title(self) -> str:
        """What the rule set is called on screen: its rules, and whether hints or the coach
        were used."""
        return (self.rules_text + (" · with hints" if self.hinted else "")
                + (" · with coach" if self.coached else ""))

    def summary(self) -> str:
        """'12 games · best $1,024 · average $812 · trend +$9 a game'."""
        plural = "game" if self.games == 1 else "games"
        line = f"{self.games} {plural} · best ${self.best:,} · average ${self.average:,.0f}"
        if self.games > 1:
            step = self.trend[1] - self.trend[0]
            line += f" · trend {'+' if step >= 0 else '-'}${abs(step):,.0f} a game"
        return line

    def bands_text(self) -> str:
        """'outstanding 8% (1) · good 25% (3) · fair 17% (2)'."""
        return " · ".join(f"{b.name} {b.share:.0%} ({b.games})" for b in self.bands)

    def words_text(self) -> str:
        """'GOBSMACKED $289 · QUiZ $196', or a line saying no word was sold."""
        words = " · ".join(f"{w.word} ${w.price:,}" for w in self.best_words)
        return words or "no word sold yet"


def trend_line(money: Sequence[int]) -> tuple[float, ...]:
    """The least-squares straight line through the money of games 1..n, at each game."""
    count = len(money)
    if count < 2:
        return tuple(float(m) for m in money)
    mean_x = (count - 1) / 2
    mean_y = sum(money) / count
    spread = sum((x - mean_x) ** 2 for x in range(count))
    slope = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(money)) / spread
    return tuple(mean_y + slope * (x - mean_x) for x in range(count))


def histogram(money: Sequence[int], step: int = 100) -> list[tuple[int, int]]:
    """How many games ended in each `step`-dollar bracket, from the lowest bracket reached to
    the highest (empty brackets between included): [(bracket start, games), ...]."""
    if not money:
        return []
    low, high = min(money) // step * step, max(money) // step * step
    counts = {start: 0 for start in range(low, high + step, step)}
    for amount in money:
        counts[amount // step * step] += 1
    return list(counts.items())


def rating_bands(money: Sequence[int],
                 ratings: Sequence[tuple[int, str]] = DEFAULT_RATINGS) -> tuple[Band, ...]:
    """How many games fall in each rating band (a game counts once, in its highest band)."""
    bands = []
    ceiling: int | None = None
    total = len(money) or 1
    for threshold, name in sorted(ratings, reverse=True):
        games = sum(1 for m in money if m >= threshold and (ceiling is None or m < ceiling))
        bands.append(Band(threshold, name, games, games / total))
        ceiling = threshold
    return tuple(bands)


def sold_words(record: GameRecord, seat: int = 0) -> list[tuple[str, int]]:
    """The words `seat` sold in a recorded game, with their prices (replayed from the record;
    a record that no longer replays gives none)."""
    accept = RecordedWords()
    try:
        game = record.replay(accept, themes=accept)
    except ValueError:  # RecordError: a damaged record is skipped, never fatal
        return []
    return [(e.word, e.price) for e in game.log if isinstance(e, ev.Sold) and e.seat == seat]


class RecordedWords:
    """A dictionary and theme lists that accept every word, to replay a finished game's record
    without loading a dictionary: a record holds only the sales that were accepted (challenged
    ones replay from the verdicts it wrote down)."""

    def is_word(self, word: str) -> bool:
        """Every recorded sale was legal when it was made."""
        return True

    def fits(self, word: str, theme: str) -> bool:
        """Every recorded sale fitted its round's theme."""
        return True

    def kind(self, theme: str) -> str:
        """A theme's words (only named in the log)."""
        return f"a word of the theme {theme}"


def solo_stats(book: ScoreBook, records: Iterable[tuple[str, GameRecord]] = (),
               best_words: int = BEST_WORDS) -> list[RuleSetStats]:
    """Every rule set's solo stats, the most played first (games with hints or the coach
    after).

    `records` are the finished games' records by game id, for the best words (a scored game
    without one adds none).
    """
    by_id = dict(records)
    groups: dict[tuple[str, bool, bool], list[SoloScore]] = {}
    for score in sorted(book.solo, key=lambda s: s.when):
        groups.setdefault((score.rules, score.hinted, score.coached), []).append(score)
    found = []
    for (key, hinted, coached), scores in groups.items():
        money = tuple(s.money for s in scores)
        ratings = _ratings(scores, by_id)
        words = [BestWord(word, price, s.when) for s in scores if s.game_id in by_id
                 for word, price in sold_words(by_id[s.game_id])]
        words.sort(key=lambda w: (-w.price, w.when))
        found.append(RuleSetStats(key, scores[-1].rules_text, hinted, money, trend_line(money),
                                  rating_bands(money, ratings), tuple(words[:best_words]),
                                  coached))
    found.sort(key=lambda s: (s.hinted, s.coached, -s.games, s.rules_text))
    return found


def _ratings(scores: Sequence[SoloScore],
             records: dict[str, GameRecord]) -> tuple[tuple[int, str], ...]:
    """The rule set's rating thresholds, from one of its games' records (the rulebook's when
    none is kept)."""
    for score in scores:
        if score.game_id in records:
            return records[score.game_id].rules.solo_ratings
    return DEFAULT_RATINGS


def store_stats(store: Store) -> list[RuleSetStats]:
    """`solo_stats` of the player's store: its score book and its finished solo games."""
    records = ((past.saved.game_id, past.saved.record) for past in store.past_games()
               if past.saved is not None and past.saved.solo)
    return solo_stats(store.scores(), records)
