"""Solo scores per rule set, personal bests, hinted games apart, the daily solo, and history."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import WORDS
from hypothesis import given, settings
from hypothesis import strategies as st
from json_helpers import JSON_VALUES, places
from rich.console import Console
from store_helpers import advance, finished, new_game, saved_game

from buyword.engine import Game, RecordError, Rules
from buyword.store import (
    ScoreBook,
    SoloScore,
    Store,
    daily_rules,
    daily_seed,
    rules_key,
)
from buyword.store.history import history_main
from buyword.store.scores import stats_of


def score(money: int, rules: Rules | None = None, hinted: bool = False, game_id: str = "",
          daily: str | None = None) -> SoloScore:
    rules = rules or Rules()
    return SoloScore(game_id or f"g{money}{hinted}", money, rules_key(rules), rules.describe(),
                     1, "2026-11-29T10:00:00+00:00", hinted, daily)


def test_rules_key_is_short_stable_and_tells_rule_sets_apart() -> None:
    # Pinned: a change here would hide every player's existing scores.
    assert rules_key(Rules()) == "44136fa355b3"
    assert rules_key(Rules(tile_limit=10)) == "4a8e6e3eb088"
    assert len({rules_key(Rules(tile_limit=t)) for t in (8, 10, None)}) == 3


def test_rules_key_is_the_same_in_another_process() -> None:
    code = "from buyword.store import rules_key; from buyword.engine import Rules; " \
           "print(rules_key(Rules(challenge_mode=True)))"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert other.stdout.strip() == rules_key(Rules(challenge_mode=True))


def test_daily_seed_is_pinned_to_the_date() -> None:
    # sha256("buyword-daily-2026-11-29"): the same on every machine and Python version.
    assert daily_seed(date(2026, 11, 29)) == 352433126
    assert daily_seed(date(2000, 1, 1)) == 406013660
    seeds = {daily_seed(date(2026, 1, 1).replace(day=d)) for d in range(1, 32)}
    assert len(seeds) == 31
    assert daily_rules() == Rules()


def test_stats_best_average_and_rating_counts() -> None:
    stats = stats_of([score(m) for m in (750, 820, 910, 1040)], "box")
    assert (stats.games, stats.best, stats.average) == (4, 1040, 880.0)
    assert stats.reached == ((1000, "outstanding", 1), (900, "good", 2), (800, "fair", 3))
    assert stats.line() == ("best $1,040, average $880 over 4 games; "
                            "reached $1,000 × 1, $900 × 2, $800 × 3")
    assert stats_of([], "box").line() == "no solo games yet"


def test_new_personal_best_per_rule_set_and_hinted_games_apart() -> None:
    book = ScoreBook()
    first = book.add(score(700), Rules())
    assert first.new_best and first.previous_best is None
    assert not book.add(score(650), Rules()).new_best
    better = book.add(score(820), Rules())
    assert better.new_best and better.previous_best == 700
    # A hinted game never beats the clean record; it has its own.
    hinted = book.add(score(990, hinted=True), Rules())
    assert hinted.new_best and hinted.previous_best is None
    assert book.stats(Rules()).best == 820 and book.stats(Rules(), hinted=True).best == 990
    # Another rule set is another record.
    other = Rules(tile_limit=None)
    assert book.add(score(500, other), other).new_best
    assert book.stats(other).games == 1 and book.stats(Rules()).games == 3


def test_the_same_game_is_scored_once() -> None:
    book = ScoreBook()
    book.add(score(700, game_id="same"), Rules())
    again = book.add(score(700, game_id="same"), Rules())
    assert not again.counted and not again.new_best and book.stats(Rules()).games == 1


def test_finish_game_records_scores_and_clears_the_autosave(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished(seed=21)
    saved = saved_game(game)
    store.save_game(saved)
    done = store.finish_game(saved, game)
    assert not store.has_saved_game()
    assert done.solo is not None and done.solo.new_best
    assert done.solo.score.money == game.players[0].money
    assert done.path is not None and done.path.parent == tmp_path / "games"
    # Finishing it again (a results screen shown twice) changes nothing.
    again = store.finish_game(saved, game)
    assert again.name == done.name and again.solo is not None and not again.solo.counted
    assert len(list((tmp_path / "games").iterdir())) == 1
    # The scores are on disk for the next session.
    assert Store(tmp_path).solo_stats(Rules()).games == 1


def test_a_table_game_is_recorded_but_not_scored(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished(players=3, seed=2)
    done = store.finish_game(saved_game(game, bots=(None, "easy", "hard")), game)
    assert done.solo is None and not (tmp_path / "scores.json").exists()
    [past] = store.past_games()
    assert past.saved is not None and past.saved.result is not None


def test_finish_game_refuses_an_unfinished_game(tmp_path: Path) -> None:
    game = advance(new_game(), 5)
    with pytest.raises(ValueError):
        Store(tmp_path).finish_game(saved_game(game), game)


def test_the_daily_is_scored_once_a_day(tmp_path: Path) -> None:
    store = Store(tmp_path)
    today = date(2026, 11, 29)
    assert store.daily(today) is None
    first = new_game(seed=daily_seed(today))
    first_save = saved_game(first, daily=today.isoformat())
    assert store.begin_daily(today, first_save.game_id)
    assert store.begin_daily(today, first_save.game_id)  # resuming the same attempt
    second_save = saved_game(new_game(seed=daily_seed(today)), daily=today.isoformat())
    assert not store.begin_daily(today, second_save.game_id)  # a practice run
    # The record survives a restart, even before the attempt is finished.
    entry = Store(tmp_path).daily(today)
    assert entry is not None and entry.game_id == first_save.game_id and entry.money is None

    game = finished(seed=daily_seed(today))
    practice = store.finish_game(second_save, game)
    assert practice.solo is None and practice.note is not None and "not scored" in practice.note
    scored = store.finish_game(first_save, game)
    assert scored.solo is not None and scored.solo.score.daily == "2026-11-29"
    entry = Store(tmp_path).daily(today)
    assert entry is not None and entry.money == game.players[0].money


def test_a_damaged_scores_file_is_kept_aside_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "scores.json").write_text('{"scores_format": 1, "solo": [')
    store = Store(tmp_path)
    assert store.solo_stats(Rules()).games == 0
    [message] = store.take_messages()
    assert message.startswith("Your solo scores could not be read: the scores file is damaged")
    assert len(list(tmp_path.glob("scores.json.bad-*"))) == 1
    assert store.take_messages() == []


def test_a_newer_scores_file_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / "scores.json").write_text('{"scores_format": 99}')
    store = Store(tmp_path)
    store.scores()
    assert "newer BuyWord" in store.take_messages()[0]


def test_one_bad_score_entry_does_not_lose_the_others(tmp_path: Path) -> None:
    good = dataclasses.asdict(score(800))
    data = {"scores_format": 1, "solo": [good, {"money": "lots"}, 7, {**good, "money": True}],
            "daily": {"2026-11-29": {"game_id": 3}, "2026-11-28": {
                "game_id": "a", "started_at": "t", "money": 900}}}
    (tmp_path / "scores.json").write_text(json.dumps(data))
    book = Store(tmp_path).scores()
    assert [s.money for s in book.solo] == [800]
    assert list(book.daily) == ["2026-11-28"]


# ----------------------------------------------------------------- history


def printed(store: Store) -> str:
    out = io.StringIO()
    assert history_main(store, Console(file=out, width=200)) == 0
    return out.getvalue()


def test_history_with_no_games_says_so(tmp_path: Path) -> None:
    text = printed(Store(tmp_path))
    assert text.startswith("No finished games yet") and str(tmp_path / "games") in text


def test_history_lists_games_newest_first_with_players_seed_and_result(tmp_path: Path) -> None:
    store = Store(tmp_path)
    solo = finished(seed=21)
    store.finish_game(saved_game(solo), solo)
    table = finished(players=2, seed=8)
    store.finish_game(saved_game(table, bots=(None, "hard")), table)
    text = printed(store)
    lines = [line for line in text.splitlines() if "│" in line]  # three lines a game
    assert "Ann, Bob (hard)" in lines[0] and "$" in lines[0] and "seed 8 " in lines[1]
    assert f"${solo.players[0].money} (" in lines[3] and "seed 21 " in lines[4]
    assert "buyword replay FILE" in text


def test_history_shows_an_unreadable_record_and_carries_on(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished(seed=21)
    store.finish_game(saved_game(game), game)
    (tmp_path / "games" / "20000101-000000-broken.json").write_text("{")
    text = printed(store)
    assert "could not be read" in text and f"${game.players[0].money}" in text


def test_history_escapes_markup_in_names(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished(seed=3, names=["[red]Eve[/red]"])
    store.finish_game(saved_game(game), game)
    assert "[red]Eve[/red]" in printed(store)


def _cheat(day: date, edit: str) -> Game:
    """A daily played to its end on a deal of its own making, as an edited file would hold it:
    a million dollars to start with, the richest tiles first in the bag, or every roll a 5."""
    rules = Rules(starting_money=1_000_000) if edit == "rules" else None
    game = Game.new(["Ann"], dictionary=WORDS, seed=daily_seed(day), rules=rules,
                    bag="ZQXJK" if edit == "bag" else None)
    while game.outcome() is None:
        if edit == "dice" and game.is_legal("roll 5"):
            game.apply("roll 5")
        else:
            advance(game, 1, seed=len(game.actions))
    return game


@pytest.mark.parametrize("edit", ["rules", "bag", "dice"])
def test_a_daily_is_scored_as_its_moves_replay_on_the_days_deal_not_as_its_file_says(
        tmp_path: Path, edit: str) -> None:
    today = date(2026, 11, 29)
    store = Store(tmp_path)
    cheat = _cheat(today, edit)
    save = saved_game(cheat, daily=today.isoformat())
    assert save.record.replay(WORDS).players[0].money == cheat.players[0].money  # it replays
    assert store.begin_daily(today, save.game_id)
    run = store.finish_game(save, cheat)
    assert run.solo is None and run.note is not None
    assert run.note.startswith("This daily solo is not scored: its moves do not")
    entry = Store(tmp_path).daily(today)
    assert entry is not None and entry.money is None
    assert Store(tmp_path).scores().solo == []


SCORES_V1 = (Path(__file__).parent / "data" / "formats" / "scores_v1.json").read_text()


@settings(max_examples=60, deadline=None)
@given(where=st.sampled_from(places(json.loads(SCORES_V1))), value=JSON_VALUES)
def test_any_value_anywhere_in_the_scores_loses_at_most_its_own_entry(
        where: tuple[object, ...], value: object) -> None:
    """A score or daily entry that no longer fits its form is passed over, the others kept;
    a damaged format version refuses the file in one line. Nothing crashes."""
    data = json.loads(SCORES_V1)
    *parents, last = where
    holder: Any = data
    for key in parents:
        holder = holder[key]
    holder[last] = value
    try:
        book = ScoreBook.from_bytes(json.dumps(data).encode())
    except RecordError as error:
        assert where == ("scores_format",) and "\n" not in str(error)
        return
    whole = ScoreBook.from_bytes(SCORES_V1.encode())
    if len(where) == 1:  # the whole list of scores or dailies was replaced: it is its entry
        return
    if where[0] == "solo":
        kept = [s for i, s in enumerate(whole.solo) if i != where[1]]
        assert all(s in book.solo for s in kept)
    if where[0] == "daily":
        assert all(book.daily.get(day) == e for day, e in whole.daily.items() if day != where[1])
