"""The table variants at a table session: who is awaited in each variant phase, what each seat
may see (draws face up when trading or drafting, a draw on auction shown, hands hidden), and
whole variant games played by computers through the session."""

from __future__ import annotations

import pytest

from buyword.engine import Auction, Game, Pass, Rules, default_tiles
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.table.views import HIDDEN
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

LEXICON = Lexicon(("at", "ate", "eat", "tea", "seat", "east", "eats", "quiz", "zoo", "tax"),
                  "the variant test words")
FINDER = WordFinder(LEXICON, default_tiles())


def table(bag: str, *seats: Seat, **rules: object) -> TableSession:
    """People (and computers) at a table whose bag starts with `bag`, private hands."""
    game = Game.new([s.name for s in seats], dictionary=LEXICON, seed=5, bag=bag,
                    rules=Rules(**rules))
    return TableSession(game, seats, FINDER)


ANN, BOB, CAT = Seat("Ann"), Seat("Bob"), Seat("Cat")


def test_an_auction_awaits_each_bidder_then_the_seller() -> None:
    session = table("QZXEATTEA", ANN, BOB, CAT, auction=True)
    session.act(0, "roll 3")
    session.act(0, "auction")
    assert session.awaiting().wait is Wait.AUCTION and session.awaiting().seats == (1,)
    assert "bid" in session.waiting_for()
    session.act(1, "bid 5")
    session.act(2, "pass")  # a person's "pass" here is the auction's pass, not a challenge's
    assert session.awaiting().seats == (0,)
    session.act(0, "match")
    assert session.awaiting().wait is Wait.BUY


def test_a_draw_on_auction_is_shown_to_the_bidders_but_hands_stay_hidden() -> None:
    session = table("QZXEATTEA", ANN, BOB, CAT, auction=True)
    session.act(0, "roll 3")
    assert session.view(1).draws[0] is None  # an ordinary draw is private
    session.act(0, Auction())
    bidder = session.view(1)
    assert bidder.auction == session.game.auction and bidder.draws[0] == "QZX"
    assert bidder.opponents[0].hand is None
    assert "Q" not in bidder.unseen  # the only Q is on the table
    assert bidder.draws[2] is None  # Cat's draw is still private


def test_draws_are_face_up_while_trading_and_in_the_log() -> None:
    session = table("QZXEATTEA", ANN, BOB, CAT, trade=True)
    session.act(0, "roll 3")
    assert session.awaiting().wait is Wait.TRADE
    view = session.view(1)
    assert view.draws == ("QZX", "EAT", "TEA")
    assert all(o.hand is None for o in view.opponents)
    drew = [str(e) for e in session.log_for(1) if "drew" in str(e)]
    assert drew and not any(HIDDEN in line for line in drew)
    session.act(0, "offer 2")
    assert session.awaiting().seats == (1,) and session.view(1).trade_offer is not None
    session.act(1, "decline")
    assert session.awaiting().seats == (1,)  # Bob's own turn to offer


def test_a_draft_awaits_the_picker_and_its_tiles_are_public() -> None:
    session = table("QZXEAT", ANN, BOB, draft=True)
    session.act(0, "roll 3")
    assert session.awaiting().wait is Wait.DRAFT and session.awaiting().seats == (0,)
    assert session.view(1).draft_tiles == "QZXEAT"
    session.act(0, "pick Q")
    assert session.awaiting().seats == (1,)
    assert session.view(1).draws[0] == "Q"


def test_the_seat_to_act_may_not_answer_for_another() -> None:
    session = table("QZXEATTEA", ANN, BOB, CAT, auction=True)
    session.act(0, "roll 3")
    session.act(0, "auction")
    assert "not Cat's turn" in str(session.act(2, Pass()))


@pytest.mark.parametrize("rules", [
    {"auction": True}, {"trade": True}, {"trade_money": True}, {"draft": True},
    {"auction": True, "trade_money": True, "draft": True},
])
def test_computers_play_a_variant_game_through_the_session(rules: dict) -> None:
    seats = (Seat("A", "greedy"), Seat("B", "greedy"), Seat("C", "greedy"))
    game = Game.new([s.name for s in seats], dictionary=LEXICON, seed=2,
                    rules=Rules(tile_limit=8, **rules))
    session = TableSession(game, seats, FINDER)
    for _ in range(5000):
        if session.awaiting().wait is Wait.OVER:
            break
        decision = session.think()
        assert decision.error is None, decision.error
        session.play(decision)
    assert game.outcome() is not None
