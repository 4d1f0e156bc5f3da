"""What one seat may know of the game: a frozen snapshot a computer player decides from.

Plain data: the table session builds it (`buyword.table.views.seat_view`) from the live game and
the table's privacy rule, and a bot never sees anything else. With private hands the view holds
the seat's own hand, wilds, money and draw, the public record (every sale, discard, drop, price
paid, tile counts) and the multiset of tiles the seat cannot see (the bag plus the other hidden
hands and draws, mixed, sorted): never their order or owner. Without private hands the other
hands and draws are part of the view, and only the bag is unseen.

This module imports no part of the engine that holds a game, so a bot cannot reach one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from buyword.engine.crossword import Grid
from buyword.engine.events import Event, Sold
from buyword.engine.phase import Phase
from buyword.engine.rules import Rules
from buyword.engine.variants import AuctionState, TradeOffer


@dataclass(frozen=True)
class Opponent:
    """What one seat may see of another player: `hand` and `drawn` are None when hidden."""

    seat: int
    name: str
    money: int
    wilds: int
    tiles: int  # letter tiles in hand (public: the table can count them)
    hand: str | None
    drawn: str | None
    drawn_tiles: int = 0  # tiles in their draw (public: the table can count them)


@dataclass(frozen=True)
class SeatView:
    """A read-only picture of the game from one seat.

    A computer player is always given its own seat's view. A screen that nobody holds (between
    people at a private table) is drawn from the view of no seat (`seat` None): no hand, draw
    or money of its own, and every player among `opponents`.
    """

    seat: int | None
    seats: int
    names: tuple[str, ...]
    phase: Phase
    round: int
    leader: int
    current: int | None
    die: int | str | None
    draw_count: int | None
    final_round: bool
    hand: str
    money: int
    wilds: int
    drawn: str  # this seat's draw, waiting for buy or discard
    draws: tuple[str | None, ...]  # each seat's draw as this seat sees it (None: hidden)
    bag_size: int
    unseen: str  # the tiles this seat cannot see, sorted (their order and owners are hidden)
    over_limit: int
    can_buy: bool  # the engine would let this seat buy its draw now
    opponents: tuple[Opponent, ...]
    last_sale: Sold | None
    rules: Rules
    private: bool  # whether other players' hands and draws are hidden from this seat
    log: tuple[Event, ...] = ()  # the game's log as this seat may read it
    theme: str | None = None  # this round's theme (docs/rules.md, Themes), None in an unthemed game
    #: Table variants: the face-up draft tiles, the auction under way, the trade offer waiting
    #: for its answer, and whether this seat may put its draw up for auction now.
    draft_tiles: str = ""
    auction: AuctionState | None = None
    trade_offer: TradeOffer | None = None
    can_auction: bool = False
    #: The crossword variant: the words on the table (public, like every sale).
    grid: Grid = field(default_factory=Grid)

    @property
    def own_seat(self) -> int:
        """The seat this view is of: a computer player is always given its own seat's view
        (ValueError for the view of no seat, which nobody decides from)."""
        if self.seat is None:
            raise ValueError("the view of no seat has no decisions to make")
        return self.seat

    @property
    def offer_price(self) -> int:
        """What this seat's draw costs."""
        return self.rules.tiles.price_of(self.drawn)

    @property
    def tile_limit(self) -> int | None:
        """The most letter tiles a hand may keep between rounds (None: no limit)."""
        return self.rules.tile_limit
