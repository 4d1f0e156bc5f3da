"""Learned leave values: the fit learns which letters, how many tiles and which wilds the
sampled futures undervalue, without crediting a leave with what a round makes at that point of
the game; short leaves kept often get a correction of their own, shrunk when rare; the table
reads back exactly as it was written; a bad file is refused in words."""

from __future__ import annotations

import typing
from dataclasses import replace
from pathlib import Path

import pytest

from buyword.bots import LEVEL_STYLES, LevelBot, MasterBot, bundled_leaves, make_bot
from buyword.bots.index import WordIndex
from buyword.bots.leaves import (
    LeaveTable,
    LeaveTableError,
    features,
    fit,
    fit_contrasts,
    stage_of,
    wild_bucket,
)
from buyword.bots.rollout import Luck, QuickBot, Rollout
from buyword.engine import Game
from buyword.store.setup import Seat
from buyword.table.services import Services
from buyword.table.session import TableSession

#: A bag of 108 tiles: 100 and 80 left are early (stage 0), 10 left is late (stage 2).
FULL = 108


def test_stage_of_the_bag_and_wild_buckets():
    assert [stage_of(n, 108) for n in (108, 73, 72, 37, 36, 0)] == [0, 0, 1, 1, 2, 2]
    assert [wild_bucket(w) for w in (0, 1, 2, 8)] == [0, 1, 2, 2]


def test_a_leave_s_features_are_its_letters_repeats_length_vowels_and_wilds():
    assert features("QEE", 5, 1) == {
        (1, "letters", "E"): 2.0, (1, "letters", "Q"): 1.0, (1, "repeats", "E"): 1.0,
        (1, "length", "3"): 1.0, (1, "vowels", "2"): 1.0, (1, "wilds", "2"): 1.0}
    assert features("EEEEAAAAI", 0, 0)[(0, "length", "8")] == 1.0  # nine counts as eight
    assert features("EEEEAAAAI", 0, 0)[(0, "vowels", "4")] == 1.0


def test_a_letter_the_futures_undervalue_is_worth_more():
    turns = [("S", 0, 100, 20.0)] * 50 + [("Q", 0, 100, -20.0)] * 50
    table = fit(turns, FULL, max_leave=0, smoothing=0, ridge=0.01)
    assert table.value("S", 0, 0) - table.value("Q", 0, 0) == pytest.approx(40.0, abs=0.1)
    assert table.value("SS", 0, 0) > table.value("S", 0, 0)  # each S counts


def test_what_a_round_makes_at_that_point_of_the_game_is_not_credited_to_the_leave():
    # Early in the bag every turn makes more; E happened to be kept then, Q later (both in
    # stage 0): the table must not learn that E is better.
    turns = [("E", 0, 100, 100.0)] * 20 + [("Q", 0, 80, 0.0)] * 20
    table = fit(turns, FULL, max_leave=0, smoothing=0, ridge=0.01)
    assert table.value("E", 0, 0) == pytest.approx(table.value("Q", 0, 0), abs=0.1)


def test_keeping_more_tiles_than_the_futures_expect_can_be_learned():
    turns = [("", 0, 100, 0.0)] * 20 + [("EST", 0, 100, 30.0)] * 20 + [("E", 0, 100, 10.0)] * 20
    table = fit(turns, FULL, max_leave=0, smoothing=0, ridge=0.01)
    assert table.value("EST", 0, 0) - table.value("", 0, 0) == pytest.approx(30.0, abs=0.5)


def test_results_are_compared_within_their_stage():
    early = [("S", 0, 100, 10.0)] * 10 + [("Q", 0, 100, -10.0)] * 10
    late = [("S", 0, 10, -10.0)] * 10 + [("Q", 0, 10, 10.0)] * 10
    table = fit(early + late, FULL, max_leave=0, smoothing=0, ridge=0.01)
    assert table.value("S", 0, 0) > table.value("Q", 0, 0)
    assert table.value("S", 0, 2) < table.value("Q", 0, 2)


def test_a_short_leave_gets_its_own_correction_shrunk_when_rare():
    # E and A always make the same; the pair EA makes 30 more than the letters say.
    common = [("E", 0, 100, 0.0)] * 100 + [("A", 0, 100, 0.0)] * 100
    turns = common + [("AE", 0, 100, 30.0)] * 10
    smoothed = fit(turns, FULL, max_leave=2, smoothing=10, ridge=0.01)
    plain = fit(turns, FULL, max_leave=2, smoothing=0, ridge=0.01)
    factored = smoothed.factored("AE", 0, 0)
    assert factored < smoothed.value("EA", 0, 0) < plain.value("EA", 0, 0)
    assert plain.value("EA", 0, 0) == pytest.approx(plain.factored("AE", 0, 0)
                                                     + plain.values[("AE", 0, 0)])
    assert ("AE", 0, 0) not in fit(turns, FULL, max_leave=1).values  # too long to hold


def test_a_fit_without_a_ridge_penalty_is_refused_in_words():
    with pytest.raises(ValueError, match="ridge penalty must be positive"):
        fit([("E", 0, 100, 1.0)], FULL, ridge=0)
    with pytest.raises(ValueError, match="ridge penalty must be positive"):
        fit_contrasts([(("E", 0, 100, 1.0), ("Q", 0, 100, 0.0))], FULL, ridge=0)


def test_rollouts_verdicts_are_learned_from_the_options_of_each_decision_only():
    # In a rich decision every option is valued $100 more than in a poor one; within each,
    # keeping S is worth $20 more than keeping Q. Only that difference is a leave's.
    rich = (("S", 0, 100, 120.0), ("Q", 0, 100, 100.0))
    poor = (("S", 0, 100, 20.0), ("Q", 0, 100, 0.0))
    table = fit_contrasts([rich] * 20 + [poor] * 20, FULL, ridge=0.01)
    assert table.value("S", 0, 0) - table.value("Q", 0, 0) == pytest.approx(20.0, abs=0.1)
    assert table.value("S", 0, 0) == pytest.approx(-table.value("Q", 0, 0), abs=0.1)
    assert not table.values and table.max_leave == 0  # no corrections of their own


def test_what_every_option_of_a_decision_keeps_is_not_credited():
    # Both options keep an E (and the same number of tiles and vowels); only S and Q differ.
    contrast = (("ES", 0, 100, 50.0), ("EQ", 0, 100, 30.0))
    table = fit_contrasts([contrast] * 30, FULL, ridge=0.01)
    assert table.value("E", 0, 0) == 0.0  # never told apart, so never valued
    assert table.value("ES", 0, 0) - table.value("EQ", 0, 0) == pytest.approx(20.0, abs=0.1)
    assert len(fit_contrasts([(("S", 0, 100, 9.0),)], FULL)) == 0  # one option: nothing


def test_a_table_reads_back_as_written(tmp_path):
    turns = [("AB", 1, 100, 30.0), ("ABC", 2, 50, 10.0), ("", 0, 10, 5.0), ("QZ", 0, 10, 1.0)]
    table = fit(turns, FULL, max_leave=2, about={"command": "buyword train --seed 1"})
    path = tmp_path / "leaves.json"
    table.save(path)
    again = LeaveTable.load(path)
    assert again.max_leave == 2
    assert again.about == {"command": "buyword train --seed 1"}
    assert again.values == {key: round(value, 2) for key, value in table.values.items()}
    assert again.weights == {key: round(value, 2) for key, value in table.weights.items()}


@pytest.mark.parametrize(("text", "named"), [
    ("not json", "JSON is malformed"), ("{}", "missing required field `format`"),
    ('{"format": 1, "max_leave": 3, "values": []}', "its format: invalid enum value 1"),
    ('{"format": 2, "max_leave": 3, "stages": [], "values": [["A", 0]]}',
     "its values[0]: expected `array` of length 4"),
    ('{"format": 2, "max_leave": 3, "stages": [{"letters": {"A": "many"}}], "values": []}',
     "its stages[0].letters[...]: expected `float`, got `str`"),
    ('{"format": 2, "max_leave": "3", "stages": [], "values": []}', "its max_leave"),
    ("[" * 50_000, "leave table")])
def test_a_damaged_table_file_is_refused_in_one_line_naming_the_field(
        tmp_path, text: str, named: str) -> None:
    path = tmp_path / "leaves.json"
    path.write_text(text)
    with pytest.raises(LeaveTableError) as refused:
        LeaveTable.load(path)
    message = str(refused.value)
    assert named in message and str(path) in message and "\n" not in message


def test_leave_tables_of_format_2_read_and_write_back_the_same() -> None:
    """tests/data/formats/leaves_v2.json (written before the typed codec), and the shipped
    table: each reads, and writes back byte for byte."""
    from buyword.bots.leaves import FORMAT, LeaveFile

    assert typing.get_args(typing.get_type_hints(LeaveFile)["format"]) == (FORMAT,)
    for path in (Path(__file__).parent / "data" / "formats" / "leaves_v2.json",
                 Path(__file__).parent.parent / "data" / "leaves.json"):
        text = path.read_text(encoding="utf-8")
        table = LeaveTable.from_json(text)
        assert table.to_json() == text and len(table) > 0


def test_a_missing_table_file_is_refused_in_words(tmp_path):
    with pytest.raises(LeaveTableError, match="cannot read"):
        LeaveTable.load(tmp_path / "nowhere.json")


def test_the_shipped_table_reads_and_knows_its_command():
    table = bundled_leaves()
    assert table is not None and len(table) > 0
    assert str(table.about["command"]).startswith("buyword train ")


@pytest.mark.slow  # the common words' index built from the bundled list
def test_an_expert_with_learned_leaves_adds_their_value_to_what_it_keeps():
    finder, lexicon = Services.shared().words()
    game = Game.new(["1 expert"], dictionary=lexicon, seed=3)
    session = TableSession(game, [Seat("1 expert", "expert")], finder)
    view = session.view(0)  # round 1: a full bag, stage 0, eight wilds (bucket 2)
    table = LeaveTable({(0, "letters", "Q"): -30.0, (0, "letters", "E"): 12.0},
                       {("EQ", 2, 0): 3.0})
    index = WordIndex.common(finder, None)
    plain = LevelBot(index, 1, replace(LEVEL_STYLES["expert"], leave_weight=0), "expert",
                     table)
    assert plain.leaves is None  # weight 0: the table is not used
    learned = LevelBot(index, 1, replace(LEVEL_STYLES["expert"], leave_weight=0.5), "expert",
                       table)
    futures = ["AST", "ORT"]
    for tiles, bonus in (("Q", -15.0), ("E", 6.0), ("QE", -7.5), ("EEQ", -3.0)):
        assert learned._value(tiles, 8, futures, {}, view) == pytest.approx(
            plain._value(tiles, 8, futures, {}, view) + bonus)


@pytest.mark.slow  # Expert's leaves over the bundled list
def test_the_shipped_expert_values_what_it_keeps_with_the_bundled_table():
    finder, lexicon = Services.shared().words()
    game = Game.new(["1 expert"], dictionary=lexicon, seed=3)
    session = TableSession(game, [Seat("1 expert", "expert")], finder)
    view = session.view(0)
    expert = make_bot("expert", finder, 1)
    assert isinstance(expert, LevelBot) and expert.leaves is bundled_leaves()
    plain = LevelBot(expert.index, 1, replace(LEVEL_STYLES["expert"], leave_weight=0), "expert")
    futures = ["AST", "ORT"]
    # Early in the bag the table says the futures undervalue a kept Z against a kept N.
    def z_over_n(bot: LevelBot) -> float:
        return bot._value("EZ", 8, futures, {}, view) - bot._value("EN", 8, futures, {}, view)

    assert z_over_n(expert) > z_over_n(plain) + 5
    # Master takes its candidates from the same Expert.
    master = make_bot("master", finder, 1)
    assert master.leaves is bundled_leaves() and z_over_n(master) == z_over_n(expert)
    # The lower levels keep to their futures alone.
    assert all(make_bot(level, finder, 1).leaves is None for level in ("easy", "medium", "hard"))


@pytest.mark.slow  # the common words' index built from the bundled list
def test_masters_rollouts_are_played_with_the_table_and_valued_at_the_end_without_it():
    """The rollouts' quicker Expert keeps tiles as Expert values them, learned values and all;
    where a rollout stops, the hand is valued by its futures alone, as the end value was
    fitted."""
    finder, lexicon = Services.shared().words()
    game = Game.new(["1 expert"], dictionary=lexicon, seed=3)
    session = TableSession(game, [Seat("1 expert", "expert")], finder)
    view = session.view(0)
    master = make_bot("master", finder, 1)
    assert isinstance(master, MasterBot)
    policy = master._rollout_policy()
    assert policy.leaves is bundled_leaves()
    plain = QuickBot(policy.index, 0, policy.style, "quick expert")
    futures = ["AST", "ORT"]

    def z_over_n(bot: LevelBot) -> float:
        return bot._value("EZ", 8, futures, {}, view) - bot._value("EN", 8, futures, {}, view)

    assert z_over_n(policy) > z_over_n(plain) + 5
    assert z_over_n(policy) == pytest.approx(z_over_n(make_bot("expert", finder, 1)))
    # The same hand, bag and luck: the same end value, with the table or without.
    luck = Luck(view.unseen[: view.bag_size], (2,), 7)
    ends = [Rollout(view, luck, bot, horizon=1)._truncated() for bot in (policy, plain)]
    assert ends[0] == ends[1]
    assert bundled_leaves().value(view.hand, view.wilds, 0) != 0  # so the table could differ
