"""The final round on a joined screen: the round box says what a local table says ("No draws:
sell" when the bag could not serve the draw), from the seat's view alone, and the bag's last
tiles, which leave the game face down, are in no seat's view."""

from __future__ import annotations

import pytest
from net_helpers import table

from buyword.net.protocol import view_message
from buyword.net.remote import SeatLink
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.ui.status import draw_line, round_lines

#: Ten rounds of five draws take 100 of the 108 tiles: eight are left for the last roll.
ROUNDS_OF_FIVE = 10


def _play_rounds(session: TableSession, rounds: int) -> None:
    """Roll 5 and discard every draw, `rounds` times (nobody sells: the bag just empties)."""
    answers = {Wait.BUY: "discard", Wait.SELL: "done"}
    for _ in range(rounds):
        assert session.awaiting().wait is Wait.ROLL
        session.act(session.awaiting().seats[0], "roll 5")
        while session.awaiting().wait is not Wait.ROLL:
            wait, seats = session.awaiting().wait, session.awaiting().seats
            session.act(seats[0], answers[wait])


def _joined(session: TableSession, seat: int) -> SeatLink:
    """What a screen joined to `session` at `seat` knows: the one view the server sent it."""
    remote = SeatLink(lambda _text: None)
    remote.take(view_message(session, seat))
    return remote


@pytest.mark.parametrize(("roll", "nobody_draws", "line"), [
    ("roll 5", True, "No draws: sell"),  # 10 needed, 8 in the bag: nobody draws
    ("roll 4", False, "Draw 4 each"),  # 8 needed, 8 in the bag: drawn, then the last sale
])
def test_a_joined_seat_sees_the_final_rounds_draw_line_a_local_table_shows(
        roll: str, nobody_draws: bool, line: str) -> None:
    session = table(Seat("Ann"), Seat("Bob"))
    _play_rounds(session, ROUNDS_OF_FIVE)
    assert session.game.bag_size == 8
    session.act(session.awaiting().seats[0], roll)
    assert session.game.final_round and session.game.nobody_draws is nobody_draws
    local = round_lines(session.table_view(0), tumbling=False)
    assert local[0] == "FINAL ROUND" and local[3] == line
    for seat in (0, 1):
        joined = _joined(session, seat)
        assert joined.view.nobody_draws is nobody_draws
        assert round_lines(joined.view, tumbling=False) == local
        assert draw_line(joined.view, tumbling=True) == "Rolling…"


def test_the_bags_last_tiles_are_in_no_seats_view_when_nobody_draws() -> None:
    session = table(Seat("Ann"), Seat("Bob"))
    _play_rounds(session, ROUNDS_OF_FIVE)
    left = session.game.bag
    session.act(session.awaiting().seats[0], "roll 5")
    for seat in (0, 1):
        view = view_message(session, seat)["view"]
        assert view["nobody_draws"] is True
        final = [line["text"] for line in view["log"]
                 if line["text"].startswith("Final round")]
        # (The seat's unseen tiles hold them, mixed with every tile it cannot see, sorted.)
        shown = {**view, "seat": {k: v for k, v in view["seat"].items()
                                  if k not in ("hand", "unseen")}}
        assert final and left not in repr(shown)


def test_before_the_final_round_a_joined_seat_sees_the_draw() -> None:
    session = table(Seat("Ann"), Seat("Bob"))
    session.act(0, "roll 3")
    joined = _joined(session, 1)
    assert not joined.view.nobody_draws
    assert round_lines(joined.view, tumbling=False)[3] == "Draw 3 each"
