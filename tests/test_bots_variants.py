"""Computer players in the table variants: each decision follows the bot's valuation, and every
level plays every variant legally."""

from __future__ import annotations

from itertools import product

import pytest
from engine_helpers import play, stacked
from words_helpers import index_cache

from buyword.analysis.sim import parse_variants
from buyword.bots import variants
from buyword.bots.view import SeatView
from buyword.cli import main
from buyword.engine import (
    Accept,
    Auction,
    Bid,
    Decline,
    Game,
    Match,
    Offer,
    Pass,
    Phase,
    Pick,
    Rules,
    Sell,
)
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.table.services import Services
from buyword.table.views import seat_view


class Valuer:
    """A bot whose valuation is a table: what a draw adds to this seat's hand (`mine`) or to
    another player's (`theirs`), in dollars; 0 for draws not listed."""

    def __init__(self, mine: dict[str, float], theirs: dict[str, float] | None = None,
                 buys: bool = False) -> None:
        self.mine, self.theirs, self.buys = mine, theirs or {}, buys

    def worths(self, view: SeatView, draws: list[str], hand: str | None = None,
               wilds: int | None = None) -> list[float]:
        table = self.mine if hand is None else self.theirs
        return [table.get(draw, 0.0) for draw in draws]

    def buy(self, view: SeatView) -> bool:
        return self.buys


def view(game: Game) -> SeatView:
    """The view the table session gives the seat to act (private hands)."""
    return seat_view(game, game.current, {game.current})


# ---------------------------------------------------------------- draft


def test_draft_picks_the_tile_worth_most_its_price_counted() -> None:
    game = play(stacked("QZXEAT", 3, draft=True), "roll 2")
    # Q adds $50 but costs $16: $34; E adds $30 and costs $1: $29.
    assert variants.decide(Valuer({"Q": 50, "E": 30}), view(game)) == Pick("Q")
    assert variants.decide(Valuer({"Q": 40, "E": 30}), view(game)) == Pick("E")


def test_draft_values_the_whole_set_picked_so_far() -> None:
    game = play(stacked("QZXEAT", 3, draft=True), "roll 2", "pick Q", "pick Z", "pick X")
    assert variants.decide(Valuer({"QA": 60, "QE": 40}), view(game)) == Pick("A")


# ---------------------------------------------------------------- auction


def auction_view(*actions: str, **rules: object) -> Game:
    return play(stacked("QZXEATTEA", 3, auction=True, **rules), "roll 3", *actions)


def test_a_draw_worth_buying_is_bought_not_auctioned() -> None:
    assert variants.decide(Valuer({"QZX": 300}, buys=True), view(auction_view())) is None


def test_a_draw_too_dear_to_buy_but_of_some_worth_is_auctioned() -> None:
    game = auction_view()
    assert variants.decide(Valuer({"QZX": 100}), view(game)) == Auction()
    assert variants.decide(Valuer({"QZX": 0}), view(game)) is None  # worthless: discard it


def test_nobody_is_asked_to_bid_who_has_no_money() -> None:
    game = auction_view(starting_money=0)
    assert variants.decide(Valuer({"QZX": 100}), view(game)) is None


def test_a_bidder_bids_a_share_of_the_worth_within_its_money() -> None:
    game = auction_view("auction")
    assert variants.decide(Valuer({"QZX": 100}), view(game)) == Bid(80)
    game = auction_view("auction", starting_money=50)
    assert variants.decide(Valuer({"QZX": 100}), view(game)) == Bid(50)


def test_a_bidder_passes_when_the_high_bid_is_beyond_its_share_of_the_worth() -> None:
    game = auction_view("auction", "bid 90")
    assert variants.decide(Valuer({"QZX": 100}), view(game)) == Pass()
    assert variants.decide(Valuer({"QZX": 200}), view(game)) == Bid(160)


def test_the_seller_matches_when_the_tiles_are_worth_the_high_bid() -> None:
    game = auction_view("auction", "bid 80", "pass")
    assert variants.decide(Valuer({"QZX": 100}), view(game)) == Match()
    assert variants.decide(Valuer({"QZX": 60}), view(game)) == Pass()


# ---------------------------------------------------------------- trade


def trade_game(money_too: bool = False) -> Game:
    """Ann (to act) drew QZX, Bob EAT, Cat TEA."""
    setting = {"trade_money": True} if money_too else {"trade": True}
    return play(stacked("QZXEATTEA", 3, **setting), "roll 3")


def test_offer_the_swap_that_raises_own_value_most_when_the_other_gains_too() -> None:
    # To Ann: QZX is worth $144 - $144 = 0, EAT $40 - $9 = $31, TEA $20 - $9 = $11.
    mine = {"QZX": 144, "EAT": 40, "TEA": 20}
    theirs = {"QZX": 200, "EAT": 9, "TEA": 9}  # the others gain from QZX
    assert variants.decide(Valuer(mine, theirs), view(trade_game())) == Offer(2)


def test_no_offer_without_money_when_the_other_would_lose() -> None:
    mine = {"QZX": 144, "EAT": 40, "TEA": 20}
    theirs = {"QZX": 0, "EAT": 30, "TEA": 30}
    assert variants.decide(Valuer(mine, theirs), view(trade_game())) == Pass()


def test_with_money_pay_the_other_what_they_would_lose_and_a_dollar() -> None:
    mine = {"QZX": 144, "EAT": 60, "TEA": 20}
    theirs = {"QZX": 0, "EAT": 19, "TEA": 30}  # Bob would lose $10 swapping EAT for QZX
    assert variants.decide(Valuer(mine, theirs), view(trade_game(True))) == Offer(2, 11)


def test_with_money_ask_half_the_other_players_gain() -> None:
    mine = {"QZX": 144, "EAT": 40, "TEA": 20}
    theirs = {"QZX": 184, "EAT": 9, "TEA": 9}  # Bob and Cat would gain $40
    assert variants.decide(Valuer(mine, theirs), view(trade_game(True))) == Offer(2, -20)


def test_accept_an_offer_that_raises_own_value_with_the_payment() -> None:
    game = play(trade_game(True), "offer 2 +5")  # Bob is asked: his EAT for QZX and $5
    bob = {"EAT": 20, "QZX": 144}  # EAT is worth $11 to Bob, QZX nothing
    assert variants.decide(Valuer(bob), view(game)) == Decline()
    game = play(trade_game(True), "offer 2 +12")
    assert variants.decide(Valuer(bob), view(game)) == Accept()


# ---------------------------------------------------------------- whole games


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return Services.shared(index_cache()).words()


def play_checked(levels: list[str], seed: int, words: tuple, rules: Rules) -> Game:
    """Bots play a whole game at a table session (private hands); each action is checked legal
    before it is applied."""
    finder, lexicon = words
    names = [f"P{i}" for i in range(len(levels))]
    game = Game.new(names, dictionary=lexicon, seed=seed, rules=rules)
    seats = [Seat(name, level) for name, level in zip(names, levels, strict=True)]
    session = TableSession(game, seats, finder)
    while session.awaiting().wait is not Wait.OVER:
        before = game.state()
        decision = session.think()
        action = decision.action
        assert game.state() == before
        assert decision.error is None, decision.error
        assert game.why_not(action) is None, f"{levels[decision.seat]}: {action}\n{game.dump()}"
        if isinstance(action, Sell):
            assert lexicon.is_word(action.word.lower())
        session.play(decision)
    return game


COMBINATIONS = [c for c in product((False, True), repeat=4) if any(c)]


@pytest.mark.slow
@pytest.mark.parametrize("combination", COMBINATIONS)
def test_computers_play_every_variant_combination_legally(combination, words) -> None:
    auction, trade, trade_money, draft = combination
    rules = Rules(auction=auction, trade=trade, trade_money=trade_money, draft=draft)
    game = play_checked(["greedy", "easy", "medium"], 3, words, rules)
    assert game.phase is Phase.OVER
    kinds = {type(e).__name__ for e in game.log}
    if draft:
        assert "Picked" in kinds
    if trade or trade_money:
        assert "Offered" in kinds or "NoOffer" in kinds


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_every_level_plays_all_variants_together(seed, words) -> None:
    rules = Rules(auction=True, trade_money=True, draft=True)
    game = play_checked(["expert", "hard", "medium", "easy"], seed, words, rules)
    kinds = {type(e).__name__ for e in game.log}
    assert {"Picked", "Offered", "Auctioned", "BidMade"} <= kinds


def test_draft_solo_is_played_by_a_computer(words) -> None:
    game = play_checked(["medium"], 4, words, Rules(draft=True))
    assert game.phase is Phase.OVER


def test_sim_plays_variants_and_names_them(capsys) -> None:
    code = main(["sim", "--players", "easy,greedy", "--games", "2", "--seed", "3", "--json",
                 "--variant", "auction,trade-money,draft"])
    assert code == 0
    import json

    report = json.loads(capsys.readouterr().out)
    assert report["variants"] == ["auction", "trade with money", "tile draft"]


@pytest.mark.parametrize("text,tables,message", [
    ("auction,magic", [("easy", "easy")], "'magic' is not a variant"),
    ("trade", [("easy",)], "trade needs 2 or more players"),
])
def test_sim_refuses_variants_it_cannot_play(text, tables, message) -> None:
    from buyword.analysis.sim import SimError

    with pytest.raises(SimError, match=message):
        parse_variants(text, tables)
    assert parse_variants("", tables) == Rules()


def test_sim_bad_variant_exits_2(capsys) -> None:
    assert main(["sim", "--players", "easy", "--variant", "auction", "--games", "1"]) == 2
    assert "auction needs 2 or more players" in capsys.readouterr().err


def test_the_view_shows_the_variant_state_and_hides_draft_tiles_from_the_bag() -> None:
    game = play(stacked("QZXEAT", 2, draft=True, auction=True), "roll 3")
    seen = seat_view(game, 0, {0})
    assert seen.draft_tiles == "QZXEAT"
    assert "Q" not in seen.unseen and "X" not in seen.unseen  # the only Q and X are face up
    play(game, *(f"pick {c}" for c in "QZXEAT"))
    assert seat_view(game, 0, {0}).can_auction and not seat_view(game, 1, {1}).can_auction
    game.apply("auction")
    bidder = seat_view(game, 1, {1})
    assert bidder.auction == game.auction
    assert bidder.draws[0] == game.auction.tiles  # the draw up for auction is shown
    assert bidder.opponents[0].hand is None  # the seller's hand is not
