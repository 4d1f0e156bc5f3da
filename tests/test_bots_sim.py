"""`buyword sim`: tables of computer players on seeded games, reported as tables or JSON."""

from __future__ import annotations

import json

import pytest

from buyword.analysis.sim import interval_text, money_stats, parse_tables, percentile
from buyword.cli import main


def test_sim_json_reports_solo_and_table_games(capsys):
    code = main(["sim", "--players", "greedy", "--players", "easy,greedy", "--games", "3",
                 "--seed", "5", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""  # no progress bar with --json
    report = json.loads(out)
    assert report["games"] == 3 and report["seeds"] == [5, 7]
    solo, table = report["tables"]
    seat = solo["seats"][0]
    assert seat["level"] == "greedy" and seat["games"] == 3
    assert seat["ci95"][0] <= seat["mean"] <= seat["ci95"][1]
    assert {"share_800", "share_900", "share_1000", "median", "stdev"} <= seat.keys()
    assert sum(s["win_rate"] for s in table["seats"]) == pytest.approx(1.0)
    assert report["decision_time"]["greedy"]["decisions"] > 0


@pytest.mark.slow  # real processes
def test_sim_same_seeds_same_results_with_two_processes(capsys):
    args = ["sim", "--players", "medium", "--games", "4", "--seed", "2", "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one["tables"] == two["tables"]


def test_sim_prints_tables(capsys):
    assert main(["sim", "--players", "greedy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "95% CI" in out and "≥ $1,000" in out and "median" in out


@pytest.mark.parametrize("args, message", [
    (["--players", "wizard"], "'wizard' is not a level"),
    (["--players", "easy,easy,easy,easy,easy"], "1 to 4 players"),
    (["--games", "0"], "at least one game"),
    (["--jobs", "0"], "at least one process"),
])
def test_sim_bad_arguments_exit_2_with_a_message(args, message, capsys):
    assert main(["sim", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_default_table_is_solo_expert():
    assert parse_tables([]) == [("expert",)]


def test_statistics():
    stats = money_stats([800, 900, 1000, 1100])
    assert stats["mean"] == 950 and stats["median"] == 950
    low, high = stats["ci95"]
    assert low < 950 < high and high - 950 == pytest.approx(950 - low)
    assert percentile([1, 2, 3, 4], 50) == 2 and percentile([1, 2, 3, 4], 95) == 4


def test_the_reports_write_a_confidence_interval_one_way():
    # 800..1100: mean 950, standard deviation 129.1, half-width 1.96 x 129.1 / 2 = 126.5.
    assert interval_text([800, 900, 1000, 1100]) == "(95% CI $823–$1,077)"
    assert interval_text([-20, 0, 20, 40], signed=True) == "(95% CI -15 to +35)"
    assert interval_text([-20, 0, 20, 40], signed=True, places=1) == "(95% CI -15.3 to +35.3)"
    assert interval_text([1500]) == ""  # one game gives no interval
