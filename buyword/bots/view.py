"""What one seat may know of the game: a frozen snapshot a computer player decides from.

The view holds the seat's hand, money and wilds, every visible draw, the bag's size and the
tiles still in it as a sorted multiset (known to anyone who watched the draws) — never the bag's
order, and never a reference to the live game, so a player cannot change it or peek.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from buyword.engine import Auction, AuctionState, Buy, Game, Phase, Rules, TradeOffer
from buyword.engine.events import Sold


@dataclass(frozen=True)
class Opponent:
    """What the table sees of another player."""

    seat: int
    money: int
    hand: str
    wilds: int


@dataclass(frozen=True)
class SeatView:
    """A read-only picture of the game from one seat."""

    seat: int
    seats: int
    phase: Phase
    round: int
    leader: int
    current: int | None
    draw_count: int | None
    final_round: bool
    hand: str
    money: int
    wilds: int
    drawn: str  # this seat's draw, waiting for buy or discard
    draws: tuple[str, ...]  # every seat's visible draw this round, by seat
    bag_size: int
    unseen: str  # the tiles still in the bag, sorted (their order is hidden)
    over_limit: int
    can_buy: bool  # the engine would let this seat buy its draw now
    opponents: tuple[Opponent, ...]
    last_sale: Sold | None
    rules: Rules
    #: Table variants: the face-up draft tiles, the auction under way, the trade offer waiting
    #: for its answer, and whether this seat may put its draw up for auction now.
    draft_tiles: str = ""
    auction: AuctionState | None = None
    trade_offer: TradeOffer | None = None
    can_auction: bool = False

    @classmethod
    def of(cls, game: Game, seat: int) -> SeatView:
        """The view of `game` from `seat` (reads the game, never changes it)."""
        players = game.players
        me = players[seat]
        # The bag's contents follow from what everyone has seen leave it; its order does not.
        out = Counter(game.removed + game.draft_tiles)
        for p in players:
            out.update(p.hand)
            out.update(p.drawn)
        left = Counter(game.rules.tiles.bag()) - out
        return cls(
            seat=seat,
            seats=game.seats,
            phase=game.phase,
            round=game.round,
            leader=game.leader,
            current=game.current,
            draw_count=game.draw_count,
            final_round=game.final_round,
            hand=me.hand,
            money=me.money,
            wilds=me.wilds,
            drawn=me.drawn,
            draws=tuple(p.drawn for p in players),
            bag_size=game.bag_size,
            unseen="".join(sorted(left.elements())),
            over_limit=game.over_limit(seat),
            can_buy=game.current == seat and game.is_legal(Buy()),
            opponents=tuple(
                Opponent(p.seat, p.money, p.hand, p.wilds) for p in players if p.seat != seat
            ),
            last_sale=game.last_sale,
            rules=game.rules,
            draft_tiles=game.draft_tiles,
            auction=game.auction,
            trade_offer=game.trade_offer,
            can_auction=game.current == seat and game.is_legal(Auction()),
        )

    @property
    def offer_price(self) -> int:
        """What this seat's draw costs."""
        return self.rules.tiles.price_of(self.drawn)

    @property
    def tile_limit(self) -> int | None:
        """The most letter tiles a hand may keep between rounds (None: no limit)."""
        return self.rules.tile_limit
