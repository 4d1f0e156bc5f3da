"""Action notation, records and replays, tile-set files, and the engine's import hygiene."""

from __future__ import annotations

import subprocess
import sys

import pytest
from engine_helpers import WORDS, play, stacked
from hypothesis import given
from hypothesis import strategies as st

from buyword.engine import (
    Buy,
    BuyWordError,
    Challenge,
    Choose,
    Discard,
    Done,
    Drop,
    Game,
    GameRecord,
    MalformedAction,
    RecordError,
    Roll,
    Rules,
    Sell,
    TileSetError,
    parse_action,
)
from buyword.store.records import decode_record, encode_record, record_data, record_from
from buyword.store.rules_codec import rules_data, rules_from
from buyword.store.tiles import read_tiles

NOTATIONS = ["roll", "roll 2", "roll 5", "roll choice", "choose 3", "buy", "discard",
             "sell QUIZ", "sell QUiZ", "challenge 2", "done", "drop QX"]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips_and_repr_evaluates(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    namespace = {c.__name__: c for c in (Roll, Choose, Buy, Discard, Sell, Challenge, Done, Drop)}
    assert eval(repr(action), namespace) == action  # noqa: S307 - our own repr


@pytest.mark.parametrize(
    "text,reason",
    [("", "empty"), ("fly", "not an action"), ("roll 6", "2, 3, 4 or 5"), ("roll CHOICE", "not"),
     ("choose", "exactly one"), ("choose two", "2, 3, 4 or 5"), ("buy now", "takes nothing"),
     ("sell", "exactly one"), ("sell Q2IZ", "other than the letters"),
     ("sell quIZ", "only one wild"), ("sell QUÏZ", "other than the letters"),
     ("challenge 0", "numbered from 1"), ("challenge x", "numbered from 1"),
     ("drop qx", "in capitals"), ("Buy", "not an action")],
)
def test_malformed_actions_say_why(text: str, reason: str) -> None:
    with pytest.raises(MalformedAction, match=reason):
        parse_action(text)


@given(st.text(max_size=40))
def test_any_text_either_parses_or_is_refused_cleanly(text: str) -> None:
    game = play(stacked("TEA"), "roll 3", "buy")
    before = game.state()
    try:
        game.apply(text)
    except BuyWordError as error:
        assert str(error)
        assert game.state() == before


def _finished_game(seed: int, players: int, **rules: object) -> Game:
    import random

    rng = random.Random(seed)
    game = Game.new(["Ann", "Bob", "Cat", "Dan"][:players], dictionary=WORDS, seed=seed,
                    rules=Rules(**rules))
    while game.outcome() is None:
        options = game.legal_actions()
        if game.phase.value == "sell" and rng.random() < 0.3:
            hand = game.players[game.current].hand
            game.apply("sell " + hand) if game.is_legal("sell " + hand) else None
        game.apply(rng.choice(options))
    return game


@pytest.mark.parametrize("seed,players", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_a_record_replays_to_an_identical_state(seed: int, players: int) -> None:
    game = _finished_game(seed, players, challenge_mode=players > 1)
    record = decode_record(encode_record(GameRecord.of(game)))
    assert all(a != "roll" for a in record.actions)  # chance written out
    replayed = record.replay(WORDS)
    assert replayed.state() == game.state()
    assert replayed.outcome() == game.outcome()
    assert replayed.log == game.log


def test_a_partial_replay_stops_where_asked() -> None:
    game = _finished_game(5, 2)
    partial = GameRecord.of(game).replay(WORDS, upto=7)
    assert len(partial.actions) == 7


@pytest.mark.parametrize(
    "text,reason",
    [("{", "not valid JSON"), ("[]", "JSON object"), ('{"players": []}', "no format"),
     ('{"format": 99}', "newer BuyWord"),
     ('{"format": 1, "players": ["A"], "actions": []}', "no 'seed'")],
)
def test_bad_records_are_refused_clearly(text: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        decode_record(text)


def test_a_record_whose_actions_no_longer_replay_says_which() -> None:
    game = _finished_game(6, 1)
    data = record_data(GameRecord.of(game))
    data["actions"][1] = "sell ZZZZ"
    with pytest.raises(RecordError, match="action 2"):
        record_from(data).replay(WORDS)


def test_the_die_does_not_depend_on_decisions() -> None:
    a, b = stacked("", 2), stacked("", 2)
    faces_a, faces_b = [], []
    for game, faces, decision in ((a, faces_a, "buy"), (b, faces_b, "discard")):
        for _ in range(5):
            game.apply("roll")
            if game.phase.value == "choose":
                game.apply("choose 2")
            faces.append(game.die)
            for _ in range(2):
                game.apply(decision if game.is_legal(decision) else "discard")
            play(game, "done", "done")
            while game.phase.value == "drop":
                game.apply(game.legal_actions()[0])
    assert faces_a == faces_b


def test_tile_set_files_load_and_bad_ones_are_explained(tmp_path) -> None:
    good = tmp_path / "t.toml"
    good.write_text('[letters]\nA = { tiles = 3, pips = 2 }\n[wild]\ntiles = 8\npips = 1\n')
    assert read_tiles(good).counts == {"A": 3}
    cases = {
        "missing.toml": None,
        "bad.toml": "[letters\n",
        "empty.toml": "",
        "lower.toml": "[letters]\na = { tiles = 1, pips = 1 }\n",
        "nopips.toml": "[letters]\nA = { tiles = 1 }\n",
        "zero.toml": "[letters]\nA = { tiles = 0, pips = 1 }\n",
        "binary.toml": b"\xff\xfe\x00",
    }
    for name, content in cases.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif content is not None:
            path.write_text(content)
        with pytest.raises(TileSetError) as error:
            read_tiles(path)
        assert str(path) in str(error.value)


def test_rules_round_trip_through_their_dict() -> None:
    rules = Rules(tile_limit=None, min_word_length=3, challenge_mode=True)
    assert rules_from(rules_data(rules)) == rules
    with pytest.raises(BuyWordError, match=r"field this version does not know \('no_such_rule'\)"):
        rules_from({"no_such_rule": True})


def test_the_engine_imports_no_ui_or_third_party_code() -> None:
    code = (
        "import sys, buyword.engine, buyword.engine.game;"
        "bad = [m for m in ('textual', 'rich', 'wordfreq', 'platformdirs') if m in sys.modules];"
        "print(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


@pytest.mark.parametrize(
    "settings",
    [{"tile_limit": "x"}, {"min_word_length": 0}, {"starting_money": -5},
     {"challenge_mode": "yes"}, {"die_faces": [2, 9]}, {"wilds_per_player": []},
     {"draw_choices": [0]}, {"starting_money": True}],
)
def test_impossible_rule_settings_are_refused_by_name(settings: dict) -> None:
    with pytest.raises(BuyWordError, match=next(iter(settings))):
        rules_from(settings)


class _AcceptsAll:
    """A different dictionary from the one the game was played with."""

    def is_word(self, word: str) -> bool:
        return True


def test_challenges_replay_the_same_whatever_dictionary_reads_the_record() -> None:
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1, bag="TAETEA",
                    rules=Rules(challenge_mode=True))
    play(game, "roll 3", "buy", "buy", "sell TAE", "challenge 2")  # upheld: TAE is no word
    assert game.rulings == {"tae": False}
    record = decode_record(encode_record(GameRecord.of(game)))
    assert record.rulings == {"tae": False}
    replayed = record.replay(_AcceptsAll())
    assert replayed.state() == game.state()
    assert replayed.players[0].money == 200 - 9 - 20


def test_malformed_rulings_are_refused() -> None:
    data = record_data(GameRecord.of(stacked("")))
    data["rulings"] = {"tae": "no"}
    with pytest.raises(RecordError, match="rulings"):
        record_from(data)
