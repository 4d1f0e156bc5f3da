"""`buyword replay`: a record is read once into the game at the start and after every round."""

from __future__ import annotations

import random
from pathlib import Path

from engine_helpers import WORDS

from buyword.engine import Game, GameRecord, Rules
from buyword.engine import events as ev
from buyword.ui.replay import load_record


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
