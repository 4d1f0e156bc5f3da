"""Making the index faster must not change how any level plays: the same seeds give exactly the
actions recorded before (tests/data/bot_actions.json), so the measured levels table stays true."""

from __future__ import annotations

import json

import pytest
from bots_replay import FIXTURE, GAMES, play
from words_helpers import index_cache

from buyword.table.services import Services

RECORDED = json.loads(FIXTURE.read_text())


@pytest.mark.slow
@pytest.mark.parametrize(("name", "levels", "seed", "settings"), GAMES, ids=[g[0] for g in GAMES])
def test_levels_make_the_recorded_actions(name, levels, seed, settings):
    finder, lexicon = Services.shared(index_cache()).words()
    actions = play(levels, seed, settings, finder, lexicon)
    expected = RECORDED[name]
    first = next((i for i, (a, b) in enumerate(zip(actions, expected, strict=False)) if a != b),
                 min(len(actions), len(expected)))
    assert actions == expected, (
        f"{name}: action {first} is {actions[first:first + 1]}, recorded "
        f"{expected[first:first + 1]}"
    )
