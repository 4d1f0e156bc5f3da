"""A hosted game's record is kept the moment the game ends, as a local game's is when its
results show: a host whose process dies on the results screen still has the finished game
in its games folder. Leaving the results afterwards records nothing again."""

from __future__ import annotations

import random

from net_helpers import table

from buyword.net.commands import save_as_played
from buyword.net.server import TableServer
from buyword.store import Store
from buyword.store.setup import GameSetup, Seat
from buyword.table import Wait
from buyword.table.autosave import Autosave

ANN, BOB = Seat("Ann"), Seat("Bob")


async def test_a_hosted_game_is_recorded_as_it_ends_and_only_once() -> None:
    session = table(ANN, BOB, seed=4)
    server = TableServer(session, reserved=frozenset({0}))  # wired as `buyword host` wires it
    store = Store(memory=True)
    setup = GameSetup(seats=(ANN, BOB), seed=4, private_hands=True)
    autosave = Autosave.start(store, session, setup, hosted=True)
    save_as_played(server, autosave)
    rng = random.Random(4)
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        assert not store.data.names("games")  # nothing recorded while the game is on
        session.act(awaiting.seats[0], str(rng.choice(session.game.legal_actions())))
    # The last move kept the record: the host's screen is still to show the results.
    records = store.data.names("games")
    assert len(records) == 1 and store.peek_game().saved is None
    ratings = store.table_ratings().to_json()
    autosave.finish(session)  # what `buyword host` does once the host leaves the results
    assert store.data.names("games") == records
    assert store.table_ratings().to_json() == ratings  # the people are rated once
