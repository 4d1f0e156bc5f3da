"""Computer players' decisions in the table variants: auction, trade, trade with money, draft.

Each decision is a function of the seat's view and the bot's own valuation (`Bot.worths`: what
a set of tiles would add to a hand, in dollars). A draw is worth to a player what it adds to
their hand less its price, or nothing when they would discard it.

- Draft: pick the face-up tile that makes the set worth most.
- Auction: put a draw up for auction when the bot would not buy it at its price but values it
  (a low bid can then be matched); bid up to a share of what the tiles add to the hand; as the
  seller, match when the tiles are worth the high bid.
- Trade: offer the swap that raises the bot's own value most, judging with the same valuation
  whether the other player gains too (with money, paying or asking the difference); accept an
  offer that raises the bot's value, the payment included.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from buyword.engine.actions import Accept, Action, Auction, Bid, Decline, Match, Offer, Pass, Pick
from buyword.engine.phase import Phase

if TYPE_CHECKING:
    from buyword.bots.view import SeatView


class Valuer(Protocol):
    """What the variants' decisions ask of a computer player (`buyword.bots.base.Bot` is
    one): its valuation of draws, and whether it would buy the draw at its price."""

    def worths(self, view: SeatView, draws: list[str], hand: str | None = None,
               wilds: int | None = None) -> list[float]:
        """What each of `draws` would add to a hand (this seat's by default), in dollars."""
        ...

    def buy(self, view: SeatView) -> bool:
        """Whether to buy the tiles drawn."""
        ...

#: A bidder bids this share of what the tiles are worth to it (a first-price auction: bidding
#: the whole worth would leave it nothing to gain).
BID_SHARE = 0.8
#: A trade must gain the bot at least this many dollars (valuations are estimates).
MIN_GAIN = 3.0
#: Of the other player's estimated gain from a trade, the share a bot asks them to pay.
ASK_SHARE = 0.5


def decide(bot: Valuer, view: SeatView) -> Action | None:
    """The variant's decision for the seat to act, or None when the printed rules' applies."""
    match view.phase:
        case Phase.DRAFT:
            return pick(bot, view)
        case Phase.TRADE:
            return answer(bot, view) if view.trade_offer else offer(bot, view)
        case Phase.AUCTION:
            assert view.auction is not None
            return bid(bot, view) if view.auction.bidding else settle(bot, view)
        case Phase.BUY if view.can_auction and should_auction(bot, view):
            return Auction()
    return None


def net_worths(bot: Valuer, view: SeatView, draws: list[str], hand: str | None = None,
               wilds: int | None = None) -> list[float]:
    """Each draw's worth to a player (this seat by default): what it adds less its price,
    never below 0 since the player may discard it."""
    price_of = view.rules.tiles.price_of
    added = bot.worths(view, draws, hand, wilds)
    return [max(0.0, gain - price_of(draw)) for gain, draw in zip(added, draws, strict=True)]


# ---------------------------------------------------------------------- draft


def pick(bot: Valuer, view: SeatView) -> Pick:
    """The face-up tile that makes this seat's set worth most (its price counted)."""
    letters = sorted(set(view.draft_tiles))
    price_of = view.rules.tiles.price_of
    draws = [view.drawn + letter for letter in letters]
    added = bot.worths(view, draws)
    scores = [gain - price_of(draw) for gain, draw in zip(added, draws, strict=True)]
    best = max(range(len(letters)), key=lambda i: (scores[i], -i))
    return Pick(letters[best])


# ---------------------------------------------------------------------- auction


def should_auction(bot: Valuer, view: SeatView) -> bool:
    """Auction a draw the bot would not buy at its price but still values."""
    if view.can_buy and bot.buy(view):
        return False
    if not any(o.money for o in view.opponents):
        return False  # nobody could bid
    (gain,) = bot.worths(view, [view.drawn])
    return gain >= 1


def bid(bot: Valuer, view: SeatView) -> Bid | Pass:
    """Bid a share of what the tiles add to this seat's hand, if that beats the high bid."""
    auction = view.auction
    assert auction is not None
    (gain,) = bot.worths(view, [auction.tiles])
    amount = min(view.money, math.floor(gain * BID_SHARE))
    return Bid(amount) if amount > auction.high_bid else Pass()


def settle(bot: Valuer, view: SeatView) -> Match | Pass:
    """As the seller: match the high bid when the tiles are worth it to this seat."""
    auction = view.auction
    assert auction is not None
    if view.money < auction.high_bid:
        return Pass()
    (gain,) = bot.worths(view, [auction.tiles])
    return Match() if gain >= auction.high_bid else Pass()


# ---------------------------------------------------------------------- trade


def offer(bot: Valuer, view: SeatView) -> Offer | Pass:
    """The offer that raises this seat's value most (with a payment when money may go with
    it), if the other player looks likely to accept; else pass."""
    best: tuple[float, Offer | Pass] = (MIN_GAIN, Pass())
    for other in view.opponents:
        theirs = view.draws[other.seat]
        if not theirs:
            continue
        mine_now, mine_then = net_worths(bot, view, [view.drawn, theirs])
        # With private hands the other hand is hidden: judge the draws as they stand alone.
        their_hand = other.hand if other.hand is not None else ""
        their_now, their_then = net_worths(bot, view, [theirs, view.drawn], their_hand,
                                           other.wilds)
        my_gain, their_gain = mine_then - mine_now, their_then - their_now
        payment = _payment(view, my_gain, their_gain, other.money)
        if payment is None:
            continue
        if my_gain - payment > best[0]:
            best = (my_gain - payment, Offer(other.seat + 1, payment))
    return best[1]


def _payment(view: SeatView, my_gain: float, their_gain: float, their_money: int) -> int | None:
    """The payment that makes the swap fair enough to offer (positive: this seat pays), or None
    when no offer makes sense."""
    if not view.rules.trade_money:
        return 0 if their_gain >= 0 else None
    if their_gain >= 0:
        return -min(their_money, math.floor(their_gain * ASK_SHARE))
    owed = math.ceil(-their_gain) + 1
    return owed if owed <= view.money and my_gain - owed > MIN_GAIN else None


def answer(bot: Valuer, view: SeatView) -> Accept | Decline:
    """Accept an offer that raises this seat's value, the payment included."""
    pending = view.trade_offer
    assert pending is not None
    theirs = view.draws[pending.seat]
    assert theirs is not None, "trading lays every draw face up"
    now, then = net_worths(bot, view, [view.drawn, theirs])
    return Accept() if then - now + pending.payment > 0 else Decline()
