"""Handing a seat to a computer is the table session's own change (the host asks for it when
a player has gone): the seat keeps its name, tiles and money, and a computer plays it on."""

from __future__ import annotations

import pytest
from net_helpers import table

from buyword.engine import BuyWordError
from buyword.store.setup import Seat
from buyword.table import Wait

ANN, BOB, CY = Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")


def test_a_gone_players_seat_is_played_by_a_computer_of_the_chosen_level() -> None:
    session = table(ANN, BOB, seed=5)
    assert session.awaiting().seats == (0,) and not session.awaiting().computer
    assert session.act(0, "roll 3").__class__.__name__ == "Played"
    money, names = session.game.player(1).money, session.game.names
    session.seat_computer(1, "easy")
    assert session.seats[1] == Seat("Bob", "easy") and session.people == (0,)
    assert session.game.names == names and session.game.player(1).money == money
    while session.awaiting().seats != (1,):
        session.act(0, session.game.legal_actions()[0])
    assert session.awaiting().computer  # Bob's turn is now a computer's
    while session.awaiting().wait is not Wait.OVER:
        if session.awaiting().computer:
            session.step()
        else:
            session.act(0, session.game.legal_actions()[-1])
    assert any(str(e).startswith("Bob ") for e in session.game.log[-40:])


def test_only_a_persons_seat_and_a_known_level_can_be_handed_over() -> None:
    session = table(ANN, BOB, CY, seed=6)
    for seat, level in ((2, "easy"), (7, "easy"), (-1, "easy"), (1, "grandmaster")):
        with pytest.raises(BuyWordError):
            session.seat_computer(seat, level)
    assert session.people == (0, 1) and set(session.bots) == {2}  # nothing changed
