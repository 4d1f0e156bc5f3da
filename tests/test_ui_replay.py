"""`buyword replay`: a record is read once into the table's views at the start and after every
round (`buyword.table.replay`), and the replay screen draws them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_helpers import WORDS

from buyword.engine import Game, GameRecord, Rules
from buyword.engine import events as ev
from buyword.store.records import encode_record
from buyword.store.setup import Seat
from buyword.table import TableSession
from buyword.table.replay import load_replay
from buyword.table.view_codec import view_data
from buyword.ui.app import BuyWordApp
from buyword.ui.options import Opening
from buyword.ui.widgets.die import DieFace
from buyword.ui.widgets.game_log import GameLog, log_line
from buyword.words.finder import WordFinder


def _played(finish: bool) -> Game:
    rng = random.Random(3)
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=3, rules=Rules(challenge_mode=True))
    while game.outcome() is None and (finish or game.round < 4):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _saved(game: Game, tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    path.write_text(encode_record(GameRecord.of(game)))
    return str(path)


def _watched(game: Game, *, hidden: bool):
    """The table as someone watching it sees `game` now, hands hidden or open."""
    session = TableSession(game, [Seat(n) for n in game.names], WordFinder(()),
                           private_hands=hidden)
    return session.table_view(None)


def test_each_step_is_the_table_at_a_round_end(tmp_path: Path) -> None:
    game = _played(finish=True)
    record = GameRecord.of(game)
    replay = load_replay(_saved(game, tmp_path))
    # Where each round ended, counted in actions, from an independent replay.
    ends, again = [0], record.replay(WORDS, upto=0)
    for action in record.actions:
        if any(isinstance(e, ev.RoundEnded) for e in again.apply(action)):
            ends.append(len(again.actions))
    assert len(replay.frames) == len(ends) == game.round + 1 and replay.over
    for frame, upto in zip(replay.frames, ends, strict=True):
        assert frame.view == _watched(record.replay(WORDS, upto=upto), hidden=False)
    assert replay.frames[-1].view.outcome == game.outcome() and replay.seed == 3
    # A finished game shows every hand, in the view and in the log.
    assert all(p.hand is not None for p in replay.frames[-1].view.players)
    assert not any("▪" in line.text for line in replay.frames[-1].view.log
                   if line.kind in ("Drew", "Bought"))


def test_an_unfinished_game_ends_where_it_stopped(tmp_path: Path) -> None:
    game = _played(finish=False)
    game.apply("roll 3")
    replay = load_replay(_saved(game, tmp_path))
    assert not replay.over
    assert replay.frames[-1].view == _watched(game, hidden=False)
    assert replay.frames[-2].view != replay.frames[-1].view


def test_watching_a_game_still_on_hides_every_hand_and_draw(tmp_path: Path) -> None:
    game = _played(finish=False)
    watched = load_replay(_saved(game, tmp_path), watching=True)
    for frame in watched.frames:
        assert all(p.hand is None for p in frame.view.players)
        sent = json.dumps(view_data(frame.view))
        for player in game.players:  # not one hand's letters, in any form
            assert player.hand == "" or f'"{player.hand}"' not in sent
    assert any("drew ▪" in line.text for line in watched.frames[-1].view.log)
    # Once the game is over, the watcher sees the hands too.
    done = _played(finish=True)
    assert all(p.hand is not None
               for p in load_replay(_saved(done, tmp_path), watching=True).frames[-1].view.players)


def test_the_die_shows_each_round_roll_and_before_any_roll_none(tmp_path: Path) -> None:
    game = _played(finish=True)
    rolls = [e.face for e in game.log if isinstance(e, ev.Rolled)]
    replay = load_replay(_saved(game, tmp_path))
    assert replay.frames[0].die is None
    assert [frame.die for frame in replay.frames[1:]] == rolls


@pytest.mark.slow
async def test_replay_shows_the_chosen_round_roll_and_its_last_log_lines(tmp_path: Path) -> None:
    game = _played(finish=True)
    replay = load_replay(_saved(game, tmp_path))
    rolls = [e.face for e in game.log if isinstance(e, ev.Rolled)]
    app = BuyWordApp(opening=Opening.replaying(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.screen.query_one(GameLog)
        for step in [1, 2, 3, 4, 3, 2, 1]:
            await pilot.press("right" if step > app.screen.at else "left")
            await pilot.pause()
            assert app.screen.at == step
            assert app.screen.query_one(DieFace).face == rolls[step - 1]
            # The log ends at the chosen round, and its end is in view.
            assert log.lines[-1].text.rstrip() == log_line(replay.frames[step].view.log[-2]).plain
            assert log.max_scroll_y > 0 or step == 1
            assert log.scroll_y == log.max_scroll_y


@pytest.mark.slow
async def test_a_replay_has_the_games_help_palette_and_colours(tmp_path: Path) -> None:
    from buyword.store import Store
    from buyword.store.settings import Settings
    from buyword.ui.dialogs.help import HelpScreen
    from buyword.ui.screens.replay import ReplayScreen

    store = Store(tmp_path)
    assert store.save_settings(Settings(theme="textual-light"))
    app = BuyWordApp(opening=Opening.replaying(load_replay(_saved(_played(True), tmp_path))),
                     store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and app.screen_stack == [replay]
        assert app.theme == "textual-light"  # the player's colours, as at a table
        await pilot.press("f1")  # how to play, as at a table
        assert isinstance(app.screen, HelpScreen) and app.screen.tab == "rules"
        await pilot.press("escape", "question_mark")  # the key map
        assert isinstance(app.screen, HelpScreen) and app.screen.tab == "keys"
        await pilot.press("escape")
        titles = [command.title for command in app.get_system_commands(replay)]
        assert {"How to play", "Keys", "Colours"} <= set(titles) and "Theme" not in titles
        assert not {"New solo game", "Settings", "Rejoin token"} & set(titles)
        await pilot.press("q")  # quits at once: nothing to lose
        await pilot.pause()
    assert app.return_code == 0
