"""Solo statistics over time, per rule set: trend, rating bands and best words."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import finished, saved_game

from buyword.engine import GameRecord, Rules
from buyword.engine import events as ev
from buyword.store import ScoreBook, SoloScore, Store, rules_key
from buyword.store.stats import (
    histogram,
    rating_bands,
    sold_words,
    solo_stats,
    store_stats,
    trend_line,
)


def score(money: int, when: str, rules: Rules | None = None, hinted: bool = False,
          game_id: str = "") -> SoloScore:
    rules = rules or Rules()
    return SoloScore(game_id or f"g{money}{when}", money, rules_key(rules), rules.describe(), 1,
                     when, hinted)


def test_the_trend_is_the_least_squares_line() -> None:
    assert trend_line([100, 200, 300, 400]) == pytest.approx((100, 200, 300, 400))
    assert trend_line([500, 500, 500]) == pytest.approx((500, 500, 500))
    # Up and down around a rising line: the fit goes through the middle.
    assert trend_line([100, 300, 200, 400]) == pytest.approx((130, 210, 290, 370))
    assert trend_line([640]) == (640.0,) and trend_line([]) == ()


def test_the_histogram_counts_games_per_hundred_dollars_with_empty_brackets() -> None:
    assert histogram([820, 899, 1000, 640, 1012]) == [
        (600, 1), (700, 0), (800, 2), (900, 0), (1000, 2)]
    assert histogram([50], step=25) == [(50, 1)] and histogram([]) == []


def test_each_game_counts_once_in_its_highest_rating_band() -> None:
    bands = rating_bands([750, 800, 899, 900, 1000, 1200])
    assert [(b.threshold, b.name, b.games) for b in bands] == [
        (1000, "outstanding", 2), (900, "good", 1), (800, "fair", 2)]
    assert [b.share for b in bands] == pytest.approx([2 / 6, 1 / 6, 2 / 6])
    assert all(b.games == 0 and b.share == 0 for b in rating_bands([]))


def test_scores_are_split_per_rule_set_and_hints_oldest_first() -> None:
    ten = Rules(tile_limit=10)
    book = ScoreBook([
        score(900, "2026-11-03"), score(700, "2026-11-01"), score(820, "2026-11-02"),
        score(1000, "2026-11-04", rules=ten), score(950, "2026-11-05", hinted=True),
    ])
    stats = solo_stats(book)
    assert [(s.rules_text, s.hinted, s.money) for s in stats] == [
        (Rules().describe(), False, (700, 820, 900)),
        (ten.describe(), False, (1000,)),
        (Rules().describe(), True, (950,)),
    ]
    first = stats[0]
    assert first.games == 3 and first.best == 900 and first.average == pytest.approx(806.67, 0.01)
    assert first.summary() == "3 games · best $900 · average $807 · trend +$100 a game"
    assert first.bands_text() == "outstanding 0% (0) · good 33% (1) · fair 33% (1)"
    assert first.words_text() == "no word sold yet"
    assert stats[2].title.endswith("with hints") and stats[2].summary().startswith("1 game ·")
    assert solo_stats(ScoreBook()) == []


def test_best_words_come_from_the_records_of_the_scored_games() -> None:
    games = [finished(seed=seed) for seed in (25, 31, 38)]
    sales = sorted(((e.word, e.price) for g in games for e in g.log if isinstance(e, ev.Sold)),
                   key=lambda sale: -sale[1])
    assert len(sales) >= 3  # the seeds sell words, or this test proves nothing
    book = ScoreBook([score(g.players[0].money, f"2026-11-0{n}", game_id=f"id{n}")
                      for n, g in enumerate(games, start=1)])
    records = [(f"id{n}", GameRecord.of(g)) for n, g in enumerate(games, start=1)]
    [stats] = solo_stats(book, records, best_words=3)
    assert [(w.word, w.price) for w in stats.best_words] == sales[:3]
    assert stats.words_text() == " · ".join(f"{w} ${p:,}" for w, p in sales[:3])
    assert sold_words(GameRecord.of(games[0])) == [
        (e.word, e.price) for e in games[0].log if isinstance(e, ev.Sold)]


def test_a_record_that_no_longer_replays_adds_no_words() -> None:
    game = finished(seed=21)
    broken = GameRecord.of(game)
    broken = GameRecord(broken.players, broken.seed, broken.rules, broken.bag,
                        ("roll 3", "sell NONSENSE"), broken.leader)
    assert sold_words(broken) == []


def test_the_store_stats_read_the_score_book_and_the_finished_games(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store_stats(store) == []
    table = finished(players=2, seed=4)
    store.finish_game(saved_game(table), table)  # a table game is not a solo score
    solos = [finished(seed=seed) for seed in (25, 38)]
    for game in solos:
        store.finish_game(saved_game(game), game)
    [stats] = store_stats(store)
    assert sorted(stats.money) == sorted(g.players[0].money for g in solos)
    best = max(e.price for g in solos for e in g.log if isinstance(e, ev.Sold))
    assert stats.best_words[0].price == best
