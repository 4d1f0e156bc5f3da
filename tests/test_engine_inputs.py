"""Hostile input to the engine: malformed action objects and text, and tile sets out of bounds.

Every refusal is a BuyWordError and leaves the game exactly as it was; everything accepted
writes back as notation that replays to the same state.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from engine_helpers import WORDS, play, stacked
from hypothesis import given, settings
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
from buyword.engine.inputs import read_limited
from buyword.store.records import record_data, record_from
from buyword.store.rules_codec import rules_data, rules_from
from buyword.store.tiles import read_tiles, tiles_from

ACTIONS = (Roll, Choose, Buy, Discard, Sell, Challenge, Done, Drop)


@pytest.mark.parametrize(
    "make",
    [lambda: Roll(2.0), lambda: Roll(True), lambda: Roll("CHOICE"), lambda: Roll(-3),
     lambda: Choose(3.0), lambda: Choose("3"), lambda: Choose(None), lambda: Choose(10**9),
     lambda: Sell(5), lambda: Sell(None), lambda: Sell("Q2"), lambda: Sell("quiz"),
     lambda: Sell("Q" * 101), lambda: Challenge("1"), lambda: Challenge(0),
     lambda: Challenge(1.0), lambda: Challenge(False), lambda: Drop(5), lambda: Drop(""),
     lambda: Drop("qx")],
    ids=["roll-float", "roll-bool", "roll-CHOICE", "roll-negative", "choose-float",
         "choose-text", "choose-none", "choose-huge", "sell-int", "sell-none", "sell-digit",
         "sell-two-wilds", "sell-long", "challenge-text", "challenge-0", "challenge-float",
         "challenge-bool", "drop-int", "drop-empty", "drop-lower"],
)
def test_malformed_action_objects_are_refused_when_built(make) -> None:
    with pytest.raises(MalformedAction):
        make()


def test_a_float_roll_no_longer_reaches_the_draw() -> None:
    """Roll(2.0) used to pass `2.0 in die_faces` and fail inside the draw, state changed."""
    game = stacked("TEA")
    before = game.state()
    with pytest.raises(MalformedAction):
        game.apply(Roll(2.0))
    assert game.state() == before


def test_a_challenge_of_thousands_of_digits_is_refused_in_words() -> None:
    text = "challenge " + "9" * 5000
    with pytest.raises(MalformedAction, match="numbered from 1") as error:
        parse_action(text)
    assert len(str(error.value)) < 200  # the message quotes the input, cut short
    game = play(stacked("TEA", 2, challenge_mode=True), "roll 3", "buy", "buy")
    before = game.state()
    with pytest.raises(MalformedAction):
        game.apply(text)
    assert game.state() == before
    data = record_data(GameRecord.of(game))
    data["actions"].append(text)
    with pytest.raises(RecordError, match="action 4"):
        record_from(data).replay(WORDS)


def test_a_huge_integer_is_refused_without_writing_it_out() -> None:
    game = stacked("TEA")
    with pytest.raises(MalformedAction, match="far too large"):
        game.apply(10**5000)  # type: ignore[arg-type]


def _game_part_way(seed: int, players: int, steps: int, challenge: bool) -> Game:
    """A seeded game after `steps` random legal actions (some sales), or at its end."""
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    game = Game.new(names, dictionary=WORDS, seed=seed,
                    rules=Rules(challenge_mode=challenge and players > 1))
    for _ in range(steps):
        if game.outcome() is not None:
            break
        if game.phase.value == "sell" and rng.random() < 0.4:
            hand = game.players[game.current].hand
            for word in ("sell TEA", "sell AT", "sell " + hand[:3]):
                if game.is_legal(word):
                    game.apply(word)
                    break
        game.apply(rng.choice(game.legal_actions()))
    return game


_FIELD = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 8), st.floats(),
    st.text(max_size=12), st.sampled_from(["choice", "QUIZ", "TEA", "tEA", "E", "EE", "AT"]),
    st.binary(max_size=4), st.lists(st.integers(), max_size=2), st.just(object()),
)


@st.composite
def _anything_like_an_action(draw: st.DrawFn) -> object:
    """An action built from arbitrary field values, the text of one, or any other object."""
    kind = draw(st.sampled_from(["object", "text", "notation", "other"]))
    if kind == "object":
        cls = draw(st.sampled_from(ACTIONS))
        fields = {Roll: 1, Choose: 1, Sell: 1, Challenge: 1, Drop: 1}.get(cls, 0)
        values = [draw(_FIELD) for _ in range(fields)]
        try:
            return cls(*values)
        except BuyWordError as error:  # refused when built: that is the promise
            assert str(error)
            return None
    if kind == "text":
        return draw(st.text(max_size=30))
    if kind == "notation":
        verb = draw(st.sampled_from(["roll", "choose", "sell", "challenge", "drop", "buy"]))
        arg = draw(st.one_of(st.text(max_size=8), st.integers().map(str)))
        return f"{verb} {arg}"
    return draw(_FIELD)


@pytest.mark.slow  # 300 examples, each a game played some way
@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(1, 50), players=st.integers(1, 4), steps=st.integers(0, 60),
    challenge=st.booleans(), action=_anything_like_an_action(),
)
def test_any_action_object_or_text_is_applied_whole_or_refused_cleanly(
    seed: int, players: int, steps: int, challenge: bool, action: object
) -> None:
    if action is None:
        return
    game = _game_part_way(seed, players, steps, challenge)
    before = game.state()
    try:
        game.apply(action)  # type: ignore[arg-type]
    except BuyWordError as error:
        assert str(error)
        assert game.state() == before
        return
    # Accepted: its notation parses back, and the record replays to the same state.
    assert parse_action(game.actions[-1]) is not None
    assert GameRecord.of(game).replay(WORDS).state() == game.state()


# ----------------------------------------------------------------------- tile sets


def _letters(**letters: tuple[int, int]) -> dict:
    return {"letters": {k: {"tiles": t, "pips": p} for k, (t, p) in letters.items()},
            "wild": {"tiles": 9, "pips": 1}}


@pytest.mark.parametrize(
    "data,reason",
    [(_letters(A=(1_000_000_000, 1)), "letters.A.tiles should be at most 1,000"),
     (_letters(A=(600, 1), B=(401, 1)), "1,001 letter tiles"),
     (_letters(A=(5, 11)), "letters.A.pips should be at most 10"),
     (_letters(A=(5, 0)), "letters.A.pips should be at least 1"),
     ({**_letters(A=(5, 1)), "wild": {"tiles": 101, "pips": 1}}, "wild.tiles should be at most"),
     ({**_letters(A=(5, 1)), "wild": {"tiles": 9, "pips": 10**8}}, "wild.pips should be at most"),
     ({**_letters(A=(5, 1)), "wild": {"tiles": 9}}, "wild has no 'pips'"),
     ({**_letters(A=(5, 1)), "name": ["x"]}, "name should be text, not a list"),
     ({**_letters(A=(5, 1)), "name": "x" * 41}, "name should have at most 40 characters"),
     (_letters(A=("5", 1)), "letters.A.tiles should be a whole number, not text"),
     ({"letters": {"A": 5}}, "letters.A should be a table"),
     ({"letters": {}}, "no letter tiles"), ({}, "the set has no 'letters'"),
     ({"letters": {"AB": {"tiles": 1, "pips": 1}}}, "not a letter")],
)
def test_tile_sets_beyond_the_bounds_are_refused(data: dict, reason: str) -> None:
    with pytest.raises(TileSetError, match=reason) as refused:
        tiles_from(data, "tile set 'x.toml'")
    assert str(refused.value).startswith("tile set 'x.toml': ") and "\n" not in str(refused.value)


def test_an_old_save_with_a_billion_tiles_is_refused_at_once() -> None:
    """Rules from a save go through the same check as a tile-set file."""
    rules = rules_data(Rules())
    rules["tiles"]["letters"]["E"]["tiles"] = 10**8
    with pytest.raises(TileSetError, match="1,000"):
        rules_from(rules)


def test_the_largest_allowed_tile_set_plays() -> None:
    data = _letters(**{letter: (38, 10) for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:26]})
    data["letters"]["Z"]["tiles"] = 1000 - 38 * 25
    data["wild"] = {"tiles": 100, "pips": 10}
    tiles = tiles_from(data, "tile set")
    assert tiles.letter_total == 1000
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1, rules=Rules(tiles=tiles))
    assert game.tile_count() == (1000, 100)


def test_a_deeply_nested_tile_set_file_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 20_000 + "]" * 20_000 + "\n")
    with pytest.raises(TileSetError, match="nested too deeply"):
        read_tiles(path)
    assert sys.getrecursionlimit() < 20_000


def test_a_tile_set_folder_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(TileSetError, match="a folder, not a regular file") as error:
        read_tiles(tmp_path)
    assert str(tmp_path) in str(error.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    """Opening a FIFO for reading waits for a writer: the old code hung here for ever."""
    pipe = tmp_path / "tiles.toml"
    os.mkfifo(pipe)
    with pytest.raises(TileSetError, match="named pipe"):
        read_tiles(pipe)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TileSetError, match="a device, not a regular file"):
        read_tiles("/dev/zero")


def test_a_tile_set_file_too_big_is_refused_with_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text("# padding\n" * 10_000)
    with pytest.raises(TileSetError, match="larger than 64 kB"):
        read_tiles(path)


def test_reading_stops_one_byte_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 11)
    assert read_limited(path, what="test file", limit=11) == b"x" * 11
    with pytest.raises(BuyWordError, match="larger than 10 bytes"):
        read_limited(path, what="test file", limit=10)
    with pytest.raises(BuyWordError, match="does not exist"):
        read_limited(tmp_path / "missing", what="test file", limit=10)
