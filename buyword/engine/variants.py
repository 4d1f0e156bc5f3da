"""The rulebook's table variants: auction, trade, trade with money and tile draft.

`VariantPlay` is a part of `Game` (a mixin): the variants' state, their phases' legality checks
(which change nothing) and performers (which run only after a check passed), kept apart from the
printed rules' round so each reads on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from buyword.engine import events as ev
from buyword.engine.actions import Accept, Action, Auction, Bid, Decline, Match, Offer, Pass, Pick
from buyword.engine.errors import BuyWordError, IllegalAction
from buyword.engine.phase import VARIANT_PHASES, Phase
from buyword.engine.wording import conjugate, dollars, is_you, possessive, says, they, whom

if TYPE_CHECKING:
    from buyword.engine.rules import Rules


#: Refusals of a variant's actions at a table that does not play it.
NO_AUCTION = "auctions are only played with the auction variant"
NO_TRADE = "trades are only played with the trade or trade-with-money variant"
NO_DRAFT = "tiles are picked only in the tile-draft variant"


@dataclass(frozen=True)
class AuctionState:
    """A draw up for auction: who sells, the tiles, the bidders and the high bid.

    `bidders` are the other seats clockwise from the seller's left, each bidding once; when
    `turn` reaches their number, the seller decides (match or pass).
    """

    seat: int
    tiles: str
    bidders: tuple[int, ...]
    turn: int = 0
    high_bid: int = 0
    high_bidder: int | None = None

    @property
    def bidding(self) -> bool:
        """True while bidders still have their say; False when the seller decides."""
        return self.turn < len(self.bidders)


@dataclass(frozen=True)
class TradeOffer:
    """An offer waiting for its answer: `seat` offers `to` a swap of draws.

    `payment` goes from `seat` to `to`; negative, from `to` to `seat`.
    """

    seat: int
    to: int
    payment: int = 0

    @property
    def payer(self) -> int | None:
        """The seat that pays, or None when no cash goes with the offer."""
        if not self.payment:
            return None
        return self.seat if self.payment > 0 else self.to


def _sorted(tiles: str) -> str:
    return "".join(sorted(tiles))


class _Holdings(Protocol):
    """A player's state as the variants read and change it (Game's own is a _Player)."""

    name: str
    money: int
    wilds: int
    hand: str
    drawn: str


class VariantPlay:
    """The variants' part of `Game`: draft, trading step and auctions."""

    #: The phases this part of the game runs.
    VARIANT_PHASES = VARIANT_PHASES

    # What the mixin uses of Game (set there).
    rules: Rules
    names: tuple[str, ...]
    phase: Phase
    bag: str
    round: int
    final_round: bool
    _players: list[_Holdings]
    _turn: int
    order: Callable[[], list[int]]
    offer_price: Callable[..., int]
    _log: Callable[[ev.Event], None]
    _require: Callable[[Phase, Action], None]
    _next_buyer: Callable[[], None]

    if TYPE_CHECKING:
        @property
        def current(self) -> int | None:
            """The seat whose decision is awaited (Game's), None when the game is over."""

    def _acting(self) -> int:
        """The seat whose decision is awaited: asked only while the game runs."""
        seat = self.current
        assert seat is not None, "the game is over: nobody is awaited"
        return seat

    def _init_variants(self, players: int) -> None:
        """Refuse variants the table is too small for; start with no variant state."""
        problem = self.rules.table_problem(players)
        if problem:
            raise BuyWordError(f"the table has {players} player; {problem}")
        #: Tile draft: the tiles laid face up, not yet picked.
        self.draft_tiles: str = ""
        self._offer: TradeOffer | None = None
        self._auction: AuctionState | None = None
        # (round, seat) of an auction that found no bidder: that seat must now buy or discard.
        self._failed_auction: tuple[int, int] | None = None

    # ----------------------------------------------------------------- reading the state

    @property
    def auction(self) -> AuctionState | None:
        """The auction under way, if any."""
        return self._auction

    @property
    def trade_offer(self) -> TradeOffer | None:
        """The trade offer waiting for its answer, if any."""
        return self._offer

    def _variant_current(self) -> int:
        """Whose decision a variant phase awaits."""
        if self.phase is Phase.DRAFT:
            return self.order()[self._turn % len(self._players)]
        if self.phase is Phase.TRADE:
            return self._offer.to if self._offer else self.order()[self._turn]
        auction = self._auction
        assert auction is not None
        return auction.bidders[auction.turn] if auction.bidding else auction.seat

    def _variant_state(self) -> tuple[object, ...]:
        return (self.draft_tiles, self._offer, self._auction, self._failed_auction)

    def _variant_dump(self) -> list[str]:
        lines = []
        if self.draft_tiles:
            lines.append(f"  draft: {self.draft_tiles}")
        if self._offer:
            offer = self._offer
            lines.append(f"  offer: {offer.seat + 1} -> {offer.to + 1} payment {offer.payment:+d}")
        if self._auction:
            a = self._auction
            high = "-" if a.high_bidder is None else f"${a.high_bid} by {a.high_bidder + 1}"
            lines.append(f"  auction: {a.seat + 1} sells {a.tiles}, high bid {high}, "
                         f"bids heard {a.turn}/{len(a.bidders)}")
        return lines

    def _variant_waiting_for(self) -> str:
        """What a variant phase is waiting for, in words (used in refusals)."""
        name = self.names[self._variant_current()]
        if self.phase is Phase.DRAFT:
            return f"{says(name, 'be', start=False)} to pick one of the face-up tiles"
        if self.phase is Phase.TRADE:
            if self._offer:
                offerer = possessive(self.names[self._offer.seat], start=False)
                return f"{says(name, 'be', start=False)} to accept or decline {offerer} offer"
            return f"{says(name, 'be', start=False)} to offer a trade or pass"
        auction = self._auction
        assert auction is not None
        if auction.bidding:
            seller = possessive(self.names[auction.seat], start=False)
            return f"{says(name, 'be', start=False)} to bid for {seller} tiles or pass"
        high = dollars(auction.high_bid)
        return f"{says(name, 'be', start=False)} to match the {high} bid or pass"

    # ----------------------------------------------------------------- legal actions

    def _buy_variant_actions(self) -> list[Action]:
        """The variants' extra choices at a buy turn (putting the draw up for auction)."""
        return [Auction()] if self.rules.auction and not self._auction_failed() else []

    def _variant_actions(self) -> list[Action]:
        """Every legal action in a variant phase."""
        seat = self._variant_current()
        money = self._players[seat].money
        if self.phase is Phase.DRAFT:
            return [Pick(letter) for letter in sorted(set(self.draft_tiles))]
        if self.phase is Phase.TRADE:
            if self._offer:
                payer = self._offer.payer
                affordable = payer is None or self._players[payer].money >= abs(
                    self._offer.payment)
                return [Accept(), Decline()] if affordable else [Decline()]
            return [Pass(), *self._offers(seat)]
        auction = self._auction
        assert auction is not None
        if auction.bidding:
            return [Pass(), *(Bid(n) for n in range(auction.high_bid + 1, money + 1))]
        return [Match(), Pass()] if money >= auction.high_bid else [Pass()]

    def _offers(self, seat: int) -> list[Offer]:
        """Every offer `seat` may make: to each other seat, with any affordable payment."""
        offers: list[Offer] = []
        mine = self._players[seat].money
        for to in range(len(self._players)):
            if to == seat:
                continue
            offers.append(Offer(to + 1))
            if self.rules.trade_money:
                theirs = self._players[to].money
                offers += [Offer(to + 1, n) for n in range(1, mine + 1)]
                offers += [Offer(to + 1, -n) for n in range(1, theirs + 1)]
        return offers

    # ----------------------------------------------------------------- checks (change nothing)

    def _variant_checkers(self) -> dict[type, Callable[[Any], object]]:
        return {
            Auction: self._check_auction,
            Bid: self._check_bid,
            Pass: self._check_pass,
            Match: self._check_match,
            Offer: self._check_offer,
            Accept: self._check_accept,
            Decline: self._check_decline,
            Pick: self._check_pick,
        }

    def _auction_failed(self) -> bool:
        return self._failed_auction == (self.round, self.current)

    @staticmethod
    def _require_variant(played: bool, refusal: str) -> None:
        """Refuse a variant's action, naming the variant, when the table does not play it."""
        if not played:
            raise IllegalAction(refusal)

    def _check_auction(self, action: Auction) -> None:
        self._require_variant(self.rules.auction, NO_AUCTION)
        self._require(Phase.BUY, action)
        if self._auction_failed():
            name = self.names[self._acting()]
            raise IllegalAction(
                f"nobody bid for {possessive(name, start=False)} draw, so {whom(name)} must buy "
                "it or discard it"
            )

    def _selling_auction(self, action: Action) -> AuctionState:
        self._require_variant(self.rules.auction, NO_AUCTION)
        self._require(Phase.AUCTION, action)
        assert self._auction is not None
        return self._auction

    def _check_bid(self, action: Bid) -> None:
        auction = self._selling_auction(action)
        seat = self._variant_current()
        name = self.names[seat]
        if not auction.bidding:
            raise IllegalAction(
                f"the bidding is over: {name}, the seller, matches the high bid or passes"
            )
        if action.amount <= auction.high_bid:
            raise IllegalAction(
                f"the high bid is {dollars(auction.high_bid)}; a bid must be more than that"
            )
        money = self._players[seat].money
        if action.amount > money:
            raise IllegalAction(
                f"{says(name, 'have')} {dollars(money)}; "
                f"{they(name)} cannot bid {dollars(action.amount)}")

    def _check_pass(self, action: Pass) -> None:
        if self.phase is Phase.TRADE and self._offer is None:
            return
        self._require(Phase.AUCTION, action)

    def _check_match(self, action: Match) -> None:
        auction = self._selling_auction(action)
        if auction.bidding:
            name = self.names[self._variant_current()]
            be = conjugate("be", is_you(name))
            raise IllegalAction(f"the bidding is not over: {whom(name)} {be} to bid or pass")
        seller = self._players[auction.seat]
        if seller.money < auction.high_bid:
            raise IllegalAction(
                f"{says(seller.name, 'have')} {dollars(seller.money)}; matching the high bid costs "
                f"{dollars(auction.high_bid)}, so {they(seller.name)} must pass"
            )

    def _check_offer(self, action: Offer) -> TradeOffer:
        self._require_variant(self.rules.trading, NO_TRADE)
        self._require(Phase.TRADE, action)
        if self._offer is not None:
            raise IllegalAction(f"'{action}' is not possible now: {self._variant_waiting_for()}")
        seat = self._variant_current()
        to = action.seat - 1
        if not 0 <= to < len(self._players):
            raise IllegalAction(f"there is no seat {action.seat} at this table")
        if to == seat:
            name = self.names[seat]
            raise IllegalAction(f"{name} cannot trade with "
                                f"{'yourself' if is_you(name) else 'themselves'}")
        offer = TradeOffer(seat, to, action.payment)
        if offer.payer is not None and not self.rules.trade_money:
            raise IllegalAction("cash goes with a trade only in the trade-with-money variant")
        self._require_funds(offer)
        return offer

    def _require_funds(self, offer: TradeOffer) -> None:
        if offer.payer is None:
            return
        payer = self._players[offer.payer]
        owed = abs(offer.payment)
        if payer.money < owed:
            raise IllegalAction(f"{says(payer.name, 'have')} {dollars(payer.money)}; "
                                f"{they(payer.name)} cannot pay {dollars(owed)}")

    def _answering(self, action: Action) -> TradeOffer:
        self._require_variant(self.rules.trading, NO_TRADE)
        self._require(Phase.TRADE, action)
        if self._offer is None:
            raise IllegalAction(
                f"there is no offer to answer: {self._variant_waiting_for()}"
            )
        return self._offer

    def _check_accept(self, action: Accept) -> None:
        self._require_funds(self._answering(action))

    def _check_decline(self, action: Decline) -> None:
        self._answering(action)

    def _check_pick(self, action: Pick) -> None:
        self._require_variant(self.rules.draft, NO_DRAFT)
        self._require(Phase.DRAFT, action)
        if action.letter not in self.draft_tiles:
            raise IllegalAction(
                f"there is no {action.letter} among the face-up tiles ({self.draft_tiles})"
            )

    # ----------------------------------------------------------------- performing (checked)

    def _perform_variant(self, action: Action, checked: object) -> None:
        """Carry out a checked variant action."""
        match action:
            case Auction():
                self._open_auction()
            case Bid(amount=amount):
                self._bid(amount)
            case Pass() if self.phase is Phase.TRADE:
                seat = self._variant_current()
                self._log(ev.NoOffer(seat, self.names[seat]))
                self._next_trader()
            case Pass():
                self._pass_in_auction()
            case Match():
                assert self._auction is not None
                self._close_auction(self._auction.seat, matched=True)
            case Offer():
                assert isinstance(checked, TradeOffer)
                self._make_offer(checked)
            case Accept():
                self._accept()
            case Decline():
                offer = self._offer
                assert offer is not None
                self._log(ev.Declined(offer.seat, self.names[offer.seat], offer.to,
                                      self.names[offer.to]))
                self._offer = None
                self._next_trader()
            case Pick(letter=letter):
                self._pick(letter)

    # --- draws: the draft, then the trading step

    def _after_draws(self) -> None:
        """Every player has a draw: the trading step if played, else buy or discard."""
        self._turn = 0
        self.phase = Phase.TRADE if self.rules.trading else Phase.BUY

    def _lay_out_draft(self, count: int) -> None:
        """Tile draft: the leader draws everyone's tiles and lays them face up."""
        needed = count * len(self._players)
        self.draft_tiles, self.bag = self.bag[:needed], self.bag[needed:]
        leader = self.order()[0]
        self._log(ev.DraftLaidOut(self.names[leader], self.draft_tiles))
        # A bag emptied by exactly enough tiles makes this the final round.
        self.final_round = not self.bag
        self.phase = Phase.DRAFT
        self._turn = 0

    def _pick(self, letter: str) -> None:
        seat = self._variant_current()
        i = self.draft_tiles.index(letter)
        self.draft_tiles = self.draft_tiles[:i] + self.draft_tiles[i + 1:]
        self._players[seat].drawn += letter
        self._log(ev.Picked(seat, self.names[seat], letter))
        self._turn += 1  # the order repeats clockwise every lap, not a snake
        if not self.draft_tiles:
            self._after_draws()

    def _make_offer(self, offer: TradeOffer) -> None:
        self._offer = offer
        gives, gets = self._players[offer.seat].drawn, self._players[offer.to].drawn
        self._log(ev.Offered(offer.seat, self.names[offer.seat], offer.to, self.names[offer.to],
                             gives, gets, offer.payment))

    def _accept(self) -> None:
        offer = self._offer
        assert offer is not None
        me, them = self._players[offer.seat], self._players[offer.to]
        me.drawn, them.drawn = them.drawn, me.drawn
        # The one payment between players: it moves between these two and nowhere else.
        me.money -= offer.payment
        them.money += offer.payment
        self._log(ev.Traded(offer.seat, me.name, offer.to, them.name, offer.payment))
        self._offer = None
        self._next_trader()

    def _next_trader(self) -> None:
        self._turn += 1
        if self._turn == len(self._players):
            self._turn = 0
            self.phase = Phase.BUY

    # --- auctions

    def _open_auction(self) -> None:
        seat = self.current
        assert seat is not None
        n = len(self._players)
        tiles = self._players[seat].drawn
        bidders = tuple((seat + i) % n for i in range(1, n))
        self._auction = AuctionState(seat, tiles, bidders)
        self.phase = Phase.AUCTION
        self._log(ev.Auctioned(seat, self.names[seat], tiles))

    def _bid(self, amount: int) -> None:
        auction = self._auction
        assert auction is not None
        seat = self._variant_current()
        self._auction = replace(auction, turn=auction.turn + 1, high_bid=amount,
                                high_bidder=seat)
        self._log(ev.BidMade(seat, self.names[seat], amount))

    def _pass_in_auction(self) -> None:
        auction = self._auction
        assert auction is not None
        if not auction.bidding:  # the seller lets the high bidder have the tiles
            assert auction.high_bidder is not None
            self._close_auction(auction.high_bidder, matched=False)
            return
        seat = self._variant_current()
        self._log(ev.BidPassed(seat, self.names[seat]))
        auction = replace(auction, turn=auction.turn + 1)
        self._auction = auction
        if not auction.bidding and auction.high_bidder is None:
            self._fail_auction()

    def _fail_auction(self) -> None:
        """Nobody bid: the seller buys at the usual price or discards, as if none was called."""
        auction = self._auction
        assert auction is not None
        self._auction = None
        self.phase = Phase.BUY
        self._failed_auction = (self.round, auction.seat)
        self._log(ev.AuctionFailed(auction.seat, self.names[auction.seat], auction.tiles))

    def _close_auction(self, winner: int, *, matched: bool) -> None:
        """The tiles join the winner's hand at once; the winner pays the bank, not the seller."""
        auction = self._auction
        assert auction is not None
        buyer = self._players[winner]
        buyer.money -= auction.high_bid
        buyer.hand = _sorted(buyer.hand + auction.tiles)
        self._players[auction.seat].drawn = ""
        self._auction = None
        self.phase = Phase.BUY
        self._log(ev.AuctionWon(winner, buyer.name, auction.seat, self.names[auction.seat],
                                auction.tiles, auction.high_bid, matched))
        self._next_buyer()

