"""`buyword replay`: a record is read once into the game at the start and after every round."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import WORDS

from buyword.engine import Game, GameRecord, Rules
from buyword.engine import events as ev
from buyword.ui.replay import ReplayApp, load_record, round_roll
from buyword.ui.widgets.die import DieFace
from buyword.ui.widgets.game_log import GameLog, log_line


def _played(finish: bool) -> Game:
    rng = random.Random(3)
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=3, rules=Rules(challenge_mode=True))
    while game.outcome() is None and (finish or game.round < 4):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_each_step_is_the_game_at_a_round_end(tmp_path: Path) -> None:
    game = _played(finish=True)
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(game).to_json())
    record, games = load_record(str(path))
    rounds = sum(isinstance(e, ev.RoundEnded) for e in game.log)
    assert len(games) == rounds + 1
    assert games[0].actions == [] and games[-1].state() == game.state()
    for step in games:  # each equals an independent replay to the same point
        assert step.state() == record.replay(WORDS, upto=len(step.actions)).state()
        assert step.actions == [] or isinstance(step.log[-1], ev.RoundEnded | ev.GameOver)


def test_an_unfinished_game_ends_where_it_stopped(tmp_path: Path) -> None:
    game = _played(finish=False)
    game.apply("roll 3")
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(game).to_json())
    _, games = load_record(str(path))
    assert games[-1].state() == game.state() and games[-2].state() != game.state()


def test_the_die_shows_each_round_roll_and_before_any_roll_none() -> None:
    game = _played(finish=True)
    rolls = [e.face for e in game.log if isinstance(e, ev.Rolled)]
    assert round_roll(Game.new(["Ann", "Bob"], dictionary=WORDS, seed=3)) is None
    assert round_roll(game) == rolls[-1]


@pytest.mark.slow
async def test_replay_shows_the_chosen_round_roll_and_its_last_log_lines(tmp_path: Path) -> None:
    game = _played(finish=True)
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(game).to_json())
    record, games = load_record(str(path))
    rolls = [e.face for e in game.log if isinstance(e, ev.Rolled)]
    app = ReplayApp(record, games)
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.screen.query_one(GameLog)
        for step in [1, 2, 3, 4, 3, 2, 1]:
            await pilot.press("right" if step > app.screen.at else "left")
            await pilot.pause()
            assert app.screen.at == step
            assert app.screen.query_one(DieFace).face == rolls[step - 1]
            # The log ends at the chosen round, and its end is in view.
            assert log.lines[-1].text.rstrip() == log_line(games[step].log[-2]).plain
            assert log.max_scroll_y > 0 or step == 1
            assert log.scroll_y == log.max_scroll_y
