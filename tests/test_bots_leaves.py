"""Learned leave values: the fit credits each leave with its turns' results against the average,
smooths rare leaves from their sub-leaves, values long leaves from their sub-leaves, and the
table reads back exactly as it was written; a bad file is refused in words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from buyword.bots import LEVEL_STYLES, LevelBot, bundled_leaves
from buyword.bots.index import WordIndex
from buyword.bots.leaves import (
    LeaveTable,
    LeaveTableError,
    fit,
    stage_of,
    sub_leaves,
    wild_bucket,
)
from buyword.engine import Game
from buyword.table.session import TableSession
from buyword.table.setup import Seat
from buyword.table.sim import _load_words


def test_stage_of_the_bag_and_wild_buckets():
    assert [stage_of(n, 108) for n in (108, 73, 72, 37, 36, 0)] == [0, 0, 1, 1, 2, 2]
    assert [wild_bucket(w) for w in (0, 1, 2, 8)] == [0, 1, 2, 2]


def test_sub_leaves_are_distinct_and_sorted():
    assert sub_leaves("EAE", 2) == ["AE", "EE"]
    assert sub_leaves("QA", 3) == ["AQ"]


def test_a_leave_that_makes_more_money_is_worth_more():
    turns = [("S", 0, 0, 60.0)] * 50 + [("Q", 0, 0, 20.0)] * 50
    table = fit(turns, max_leave=1, smoothing=0)
    # The mean of all turns is 40: S made 20 more, Q 20 less.
    assert table.value("S", 0, 0) == pytest.approx(20.0)
    assert table.value("Q", 0, 0) == pytest.approx(-20.0)


def test_leaves_are_compared_with_leaves_of_as_many_tiles():
    # Keeping more tiles makes more money next round whichever they are: the table must not
    # learn that (the sampled futures judge how many to keep), only which letters are better.
    turns = [("E", 0, 0, 10.0)] * 10 + [("Q", 0, 0, 0.0)] * 10 + [("EST", 0, 0, 90.0)] * 10
    table = fit(turns, max_leave=3, smoothing=0)
    assert table.value("EST", 0, 0) == pytest.approx(0.0)
    assert table.value("E", 0, 0) == pytest.approx(5.0)


def test_results_are_compared_within_their_stage_and_wild_count():
    early = [("S", 0, 0, 100.0)] * 10 + [("Q", 0, 0, 80.0)] * 10
    late = [("S", 0, 2, 10.0)] * 10 + [("Q", 0, 2, 30.0)] * 10
    table = fit(early + late, max_leave=1, smoothing=0)
    assert table.value("S", 0, 0) > 0 > table.value("S", 0, 2)


def test_a_rare_leave_is_pulled_towards_its_sub_leaves():
    common = [("E", 0, 0, 50.0)] * 100 + [("Z", 0, 0, 10.0)] * 100
    rare = [("AB", 0, 0, 10.0)] * 100 + [("EZ", 0, 0, 500.0)]
    table = fit(common + rare, max_leave=2, smoothing=20)
    unsmoothed = fit(common + rare, max_leave=2, smoothing=0)
    prior = (table.value("E", 0, 0) + table.value("Z", 0, 0)) / 2
    assert prior < table.value("EZ", 0, 0) < unsmoothed.value("EZ", 0, 0)


def test_long_and_unseen_leaves_are_valued_from_their_sub_leaves():
    table = LeaveTable({("A", 0, 0): 4.0, ("B", 0, 0): 2.0, ("AB", 0, 0): 10.0,
                        ("AA", 0, 0): 6.0}, max_leave=2)
    # AAB: its distinct two-letter sub-leaves are AA and AB.
    assert table.value("ABA", 0, 0) == pytest.approx(8.0)
    # BB was never kept: the mean of its one-letter sub-leaves (B).
    assert table.value("BB", 0, 0) == pytest.approx(2.0)
    assert table.value("", 0, 0) == 0.0
    assert table.value("A", 5, 0) == 0.0  # two wilds and more: nothing learned


def test_a_table_reads_back_as_written(tmp_path):
    turns = [("AB", 1, 0, 30.0), ("ABC", 2, 1, 10.0), ("", 0, 2, 5.0), ("QZ", 0, 2, 1.0)]
    table = fit(turns, max_leave=2, about={"command": "buyword train --seed 1"})
    path = tmp_path / "leaves.json"
    table.save(path)
    again = LeaveTable.load(path)
    assert again.max_leave == 2
    assert again.about == {"command": "buyword train --seed 1"}
    assert again.values == {key: round(value, 2) for key, value in table.values.items()}


@pytest.mark.parametrize("text", ["not json", "{}", '{"format": 1, "max_leave": 3}',
                                  '{"format": 1, "max_leave": 3, "values": [["A", 0]]}'])
def test_a_damaged_table_file_is_refused_in_words(tmp_path, text):
    path = tmp_path / "leaves.json"
    path.write_text(text)
    with pytest.raises(LeaveTableError, match="leave table"):
        LeaveTable.load(path)


def test_a_missing_table_file_is_refused_in_words(tmp_path):
    with pytest.raises(LeaveTableError, match="cannot read"):
        LeaveTable.load(tmp_path / "nowhere.json")


def test_the_shipped_table_reads_and_knows_its_command():
    table = bundled_leaves()
    assert table is not None and len(table) > 0
    assert str(table.about["command"]).startswith("buyword train ")


def test_an_expert_with_learned_leaves_adds_their_value_to_what_it_keeps():
    finder, lexicon = _load_words()
    game = Game.new(["1 expert"], dictionary=lexicon, seed=3)
    session = TableSession(game, [Seat("1 expert", "expert")], finder)
    view = session.view(0)  # round 1: a full bag, stage 0, eight wilds (bucket 2)
    table = LeaveTable({("Q", 2, 0): -30.0, ("E", 2, 0): 12.0}, max_leave=1)
    index = WordIndex.common(finder, None)
    plain = LevelBot(index, 1, LEVEL_STYLES["expert"], "expert", table)
    assert plain.leaves is None  # weight 0 (the shipped Expert): the table is not used
    learned = LevelBot(index, 1, replace(LEVEL_STYLES["expert"], leave_weight=0.5), "expert",
                       table)
    futures = ["AST", "ORT"]
    for tiles, bonus in (("Q", -15.0), ("E", 6.0), ("EQ", -4.5)):
        assert learned._value(tiles, 8, futures, {}, view) == pytest.approx(
            plain._value(tiles, 8, futures, {}, view) + bonus)
