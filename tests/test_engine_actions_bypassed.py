"""`Game.apply` checks every action's fields itself, whatever its constructor did: an action
made with `object.__new__` and its fields set by hand is refused with a BuyWordError and the
game unchanged, or accepted only if its fields are ones the constructor accepts."""

from __future__ import annotations

from dataclasses import MISSING, fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import advance, new_game

from buyword.engine import BuyWordError, Game, Rules
from buyword.engine.actions import ACTION_KINDS, Choose, Offer, Pick

#: The tables played: the base game and each variant that has actions of its own.
TABLES = (Rules(), Rules(draft=True), Rules(auction=True), Rules(trade=True),
          Rules(trade=True, trade_money=True), Rules(crossword=True),
          Rules(challenge_mode=True))

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(-10**30, 10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=4),
    st.sampled_from(["", "A", "E", "Q", "TEA", "TeA", "choice", "across", "down", "AA"]),
    st.lists(st.integers(0, 3), max_size=2), st.just(b"A"),
)


def bypassed(kind: type, values: dict[str, object]) -> object:
    """An action of `kind` made around its constructor, with these field values."""
    action = object.__new__(kind)
    for name, value in values.items():
        object.__setattr__(action, name, value)
    return action


def snapshot(game: Game) -> tuple:
    """What a player could notice of the game: its state, its record and its log."""
    return (repr(game.state()), tuple(game.actions), len(game.log))


def _table(rules: Rules, steps: int, seed: int) -> Game:
    return advance(new_game(2, seed=seed, rules=rules), steps, seed=seed)


@pytest.mark.slow  # 300 examples, each a game played some way
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 40), st.integers(1, 50),
       st.sampled_from(ACTION_KINDS), st.data())
def test_an_action_made_around_its_constructor_is_checked_by_apply(
        rules: Rules, steps: int, seed: int, kind: type, data: st.DataObject) -> None:
    game = _table(rules, steps, seed)
    # Each field set to a drawn value; one with a default may be left unset.
    values = {f.name: data.draw(VALUES, label=f.name) for f in fields(kind)
              if f.default is MISSING or data.draw(st.booleans(), label=f"set {f.name}")}
    action = bypassed(kind, values)
    before = snapshot(game)
    try:
        game.apply(action)  # type: ignore[arg-type]
    except BuyWordError:
        assert snapshot(game) == before
        return
    # Accepted: the constructor itself must accept these very fields.
    assert kind(**values) == action


def _draft_at_pick() -> Game:
    game = new_game(2, seed=3, rules=Rules(draft=True))
    for _ in range(200):
        if any(isinstance(a, Pick) for a in game.legal_actions()):
            return game
        advance(game, 1, seed=len(game.actions))
    pytest.fail("the draft never offered a pick")


def test_an_empty_pick_takes_no_face_up_tile() -> None:
    game = _draft_at_pick()
    before = snapshot(game)
    with pytest.raises(BuyWordError):
        game.apply(bypassed(Pick, {"letter": ""}))  # type: ignore[arg-type]
    assert snapshot(game) == before


@pytest.mark.parametrize(("kind", "values"), [
    (Offer, {"seat": 2, "payment": 2.5}), (Choose, {"count": 3.0}), (Pick, {"letter": "AB"}),
    (Pick, {}), (Choose, {"count": True}),
])
def test_fractional_or_missing_fields_are_refused_before_anything_changes(
        kind: type, values: dict[str, object]) -> None:
    for rules in TABLES:
        game = _table(rules, 12, 4)
        before = snapshot(game)
        with pytest.raises(BuyWordError):
            game.apply(bypassed(kind, values))  # type: ignore[arg-type]
        assert snapshot(game) == before
