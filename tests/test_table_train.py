"""`buyword train` and the ways games are run: a turn's result is how far the futures'
judgement of the kept tiles fell short of the money made over the next rounds plus the
judgement then (with a horizon of one round they add up to the game's whole gain less the first
judgement), bad options and a missing Ray are refused in a player's words, and training writes
a table that reads back."""

from __future__ import annotations

import sys

import pytest

from buyword.analysis.cluster import ClusterError, run_tasks
from buyword.analysis.train import (
    Report,
    RoundStart,
    Training,
    record_game,
    record_sales,
    train,
    turns_of,
    weigh_sales,
)
from buyword.bots.index import WordIndex, take
from buyword.bots.leaves import LeaveTable
from buyword.bots.master import MasterBot, Search
from buyword.cli import main
from buyword.engine import Game, Phase
from buyword.store.setup import Seat
from buyword.table.services import Services
from buyword.table.session import TableSession


def _square(n: int) -> int:
    return n * n


def test_tasks_run_in_this_process_or_a_pool_give_the_same_results():
    assert list(run_tasks(_square, [1, 2, 3])) == [1, 4, 9]
    assert sorted(run_tasks(_square, [1, 2, 3], jobs=2)) == [1, 4, 9]


def test_asking_for_ray_when_it_is_not_installed_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(ClusterError, match=r"pip install 'buyword\[cluster\]'"):
        list(run_tasks(_square, [1], ray="local"))


def test_sim_on_ray_without_ray_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["sim", "--games", "1", "--ray", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0
    assert "Ray is not installed" in err and "Traceback" not in err


@pytest.mark.parametrize(("options", "complaint"), [
    (["--games", "0"], "--games 0: use at least 1"),
    (["--max-leave", "7"], "--max-leave 7: at most 4 letters"),
    (["--weight", "-1"], "cannot be negative"),
    (["--targets", "rollouts", "--rollouts", "0"], "--rollouts 0: use at least 1"),
    (["--out", "/no/such/folder/leaves.json"], "there is no folder"),
])
def test_bad_training_options_are_refused_in_words(options, complaint, capsys):
    assert main(["train", *options]) == 2
    err = capsys.readouterr().err
    assert complaint in err and "Traceback" not in err


def test_a_turn_s_result_is_its_shortfall_against_the_money_and_the_judgement_later():
    starts = [RoundStart("", 8, 108, 200, 30.0), RoundStart("EST", 8, 100, 150, 90.0),
              RoundStart("S", 7, 90, 300, 20.0)]
    # Horizon 1: round 1 proved worth -50 + 90 against 30 judged; round 2, 150 + 20 against
    # 90; the last round, the 100 it made to the end (unsold tiles are worth nothing) less 20.
    assert turns_of(starts, 400, 1) == [("", 8, 108, 10.0), ("EST", 8, 100, 80.0),
                                        ("S", 7, 90, 80.0)]
    # Horizon 2: round 1 proved worth 100 + 20; the later rounds reach the end of the game.
    assert [turn[3] for turn in turns_of(starts, 400, 2)] == [90.0, 160.0, 80.0]


@pytest.mark.slow
def test_turn_results_over_one_round_add_up_to_the_game_s_gain_less_the_first_judgement():
    finder, lexicon = Services.shared().words()
    money, starts = record_game(3, None, 0.0, finder, lexicon)
    assert starts[0] == RoundStart("", 8, 108, 200, starts[0].estimate)  # a full bag
    assert starts[0].estimate > 0  # eight wilds and three tiles make a word
    turns = turns_of(starts, money, 1)
    assert sum(turn[3] for turn in turns) == pytest.approx(money - 200 - starts[0].estimate)
    assert min(bag for _, _, bag, _ in turns) < 36  # the game reached the late stage


@pytest.mark.slow
def test_training_writes_a_table_and_compares_on_unseen_seeds(tmp_path):
    report = train(Training(games=1, iterations=2, evaluate=1, seed=5))
    assert report.seeds == (7, 7)  # after the two training games, seeds 5 and 6
    assert len(report.table) > 0 and report.table.about["games"] == 2
    path = tmp_path / "leaves.json"
    report.table.save(path)
    assert LeaveTable.load(path).about["command"].startswith("buyword train --games 1")


def test_the_comparison_reports_the_mean_gain_seed_by_seed_with_its_standard_error():
    report = Report(LeaveTable({}), (1, 3), [110, 90, 130], [100, 100, 100], 1.0)
    # Gains 10, -10 and 30: mean 10, standard deviation 20, standard error 20 / sqrt(3).
    assert report.difference() == "mean gain +10.0 ± 11.5 (standard error)"
    assert report.better == 2


def test_unknown_targets_are_refused_in_words():
    with pytest.raises(ValueError, match="--targets moves: one of rounds, rollouts"):
        Training(targets="moves").checked()


def test_the_command_names_the_rollout_targets_only_when_it_uses_them():
    assert Training().command() == ("buyword train --games 40 --iterations 3 --seed 1 "
                                    "--horizon 2 --max-leave 3 --smoothing 20 --weight 1")
    assert Training(targets="rollouts", rollouts=24).command() == (
        "buyword train --games 40 --iterations 3 --seed 1 --weight 1 --targets rollouts "
        "--rollouts 24")


def _selling(seed: int) -> tuple[TableSession, Game]:
    """Expert's solo game on `seed`, played to its first round with a choice of sales."""
    finder, lexicon = Services.shared().words()
    game = Game.new(["1 expert"], dictionary=lexicon, seed=seed)
    session = TableSession(game, [Seat("1 expert", "expert")], finder)
    while not (game.phase is Phase.SELL and len(game.players[0].hand) >= 5):
        session.step()
    return session, game


@pytest.mark.slow
def test_expert_s_leading_sales_are_each_weighed_with_the_tiles_they_keep():
    session, game = _selling(3)
    view = session.view(0)
    index = WordIndex.common(Services.shared().words()[0], None)
    master = MasterBot(index, 1, search=Search(max_rollouts=4))
    contrast = weigh_sales(master, view)
    assert contrast is not None and 2 <= len(contrast) <= master.search.breadth
    leading = master.leading_sales(view)
    for (score, words, _), (kept, wilds, bag, beyond) in zip(leading, contrast, strict=True):
        left = view.hand
        for word in words:
            left = take(left, word.letters)
        assert kept == left  # under the tile limit nothing is cut
        assert wilds == view.wilds - sum(word.wild for word in words)
        assert bag == view.bag_size
        # The rollouts' verdict is the final money: far above the sale's score, early on.
        assert beyond > score
    assert len({kept for kept, *_ in contrast}) == len(contrast)  # different leaves


@pytest.mark.slow
def test_weighing_sales_leaves_expert_s_play_and_money_as_they_were():
    finder, lexicon = Services.shared().words()
    plain, _ = record_game(4, None, 0.0, finder, lexicon)
    money, contrasts = record_sales(4, None, 0.0, 2, finder, lexicon)
    assert money == plain
    assert len(contrasts) > 10  # most rounds offer more than one sale
    assert all(len(contrast) >= 2 for contrast in contrasts)
    assert all(bag > 0 for contrast in contrasts for _, _, bag, _ in contrast)  # never final


@pytest.mark.slow
def test_training_on_rollouts_fits_a_table_from_the_weighed_sales():
    report = train(Training(games=1, iterations=1, evaluate=1, seed=5, targets="rollouts",
                            rollouts=2))
    assert report.table.about["targets"] == "rollouts"
    assert report.table.about["sales"] > 10  # the sales weighed in seed 5's game
    assert report.table.about["options"] >= 2 * report.table.about["sales"]
    assert len(report.table) > 0 and not report.table.values
