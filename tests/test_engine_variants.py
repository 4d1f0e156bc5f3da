"""One test (at least) per rule and per decision of the table variants (auction, trade, draft)."""

from __future__ import annotations

import re

import pytest
from engine_helpers import WORDS, play, stacked
from hypothesis import given
from hypothesis import strategies as st

from buyword.engine import (
    Accept,
    Auction,
    Bid,
    BuyWordError,
    Decline,
    Game,
    GameRecord,
    IllegalAction,
    MalformedAction,
    Match,
    Offer,
    Pass,
    Phase,
    Pick,
    Rules,
    parse_action,
)
from buyword.engine import events as ev
from buyword.engine.rules import VARIANTS, variant
from buyword.store.records import decode_record, encode_record
from buyword.store.rules_codec import rules_data, rules_from


def refused(game: Game, action: str, reason: str) -> None:
    """`action` is refused with `reason` and the game is exactly as before."""
    before = game.state()
    assert reason in (game.why_not(action) or "")
    with pytest.raises(BuyWordError, match=re.escape(reason)):
        game.apply(action)
    assert game.state() == before


def money(game: Game) -> list[int]:
    return [p.money for p in game.players]


# ---------------------------------------------------------------- variants as rule settings


def test_variants_are_off_by_default_and_the_printed_round_has_none_of_their_steps() -> None:
    rules = Rules()
    assert (rules.auction, rules.trade, rules.trade_money, rules.draft) == (False,) * 4
    assert rules.variants() == ()
    game = play(stacked("QZXEAT", 2), "roll 3")
    assert game.phase is Phase.BUY and game.draft_tiles == ""
    assert Auction() not in game.legal_actions()
    refused(game, "auction", "only played with the auction variant")


@pytest.mark.parametrize("setting,words", [("auction", "auction"), ("trade", "trade"),
                                           ("trade_money", "trade with money")])
def test_variants_needing_other_players_are_refused_solo_naming_the_rule(setting: str,
                                                                         words: str) -> None:
    with pytest.raises(BuyWordError, match=f"{words} needs 2 or more players"):
        stacked("", 1, **{setting: True})
    assert stacked("", 2, **{setting: True}).rules.variants() == (words,)


def test_several_variants_refused_solo_are_all_named() -> None:
    with pytest.raises(BuyWordError, match="auction and trade with money need 2 or more"):
        stacked("", 1, auction=True, trade_money=True, draft=True)


def test_draft_is_allowed_solo_and_any_combination_at_a_table() -> None:
    assert stacked("", 1, draft=True).rules.variants() == ("tile draft",)
    rules = stacked("", 3, auction=True, trade=True, trade_money=True, draft=True).rules
    assert rules.variants() == ("auction", "trade with money", "tile draft")
    assert rules.describe().endswith("auction, trade with money, tile draft")


def test_variant_settings_round_trip_and_old_rules_without_them_still_read() -> None:
    rules = Rules(auction=True, trade_money=True, draft=True)
    assert rules_from(rules_data(rules)) == rules
    old = rules_data(Rules())
    for name in ("auction", "trade", "trade_money", "draft"):
        del old[name]
    assert rules_from(old) == Rules()
    with pytest.raises(BuyWordError, match="auction should be true or false, not text"):
        rules_from({"auction": "yes"})


# ---------------------------------------------------------------- notation

VARIANT_NOTATIONS = ["auction", "bid 1", "bid 40", "pass", "match", "offer 2", "offer 3 +10",
                     "offer 1 -25", "accept", "decline", "pick Q"]


@pytest.mark.parametrize("text", VARIANT_NOTATIONS)
def test_variant_notation_round_trips_and_repr_evaluates(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    namespace = {c.__name__: c for c in (Auction, Bid, Pass, Match, Offer, Accept, Decline, Pick)}
    assert eval(repr(action), namespace) == action  # noqa: S307 - our own repr


@pytest.mark.parametrize(
    "text,reason",
    [("bid", "exactly one"), ("bid 0", "at least \\$1"), ("bid -5", "whole number"),
     ("bid $5", "whole number"), ("bid 1234567890", "whole number"), ("bid 4.5", "whole number"),
     ("pass 2", "takes nothing"), ("match 3", "takes nothing"), ("offer", "offer SEAT"),
     ("offer 0", "numbered from 1"), ("offer two", "whole number"), ("offer 123", "whole"),
     ("offer 2 10", "\\+N"), ("offer 2 +0", "at least \\$1"), ("offer 2 +x", "whole number"),
     ("offer 2 +5 +5", "offer SEAT"), ("pick", "exactly one"), ("pick q", "in capitals"),
     ("pick QU", "in capitals"), ("accept now", "takes nothing")],
)
def test_malformed_variant_actions_say_why(text: str, reason: str) -> None:
    with pytest.raises(MalformedAction, match=reason):
        parse_action(text)


@pytest.mark.parametrize("make", [lambda: Bid(0), lambda: Bid(True), lambda: Offer(0),
                                  lambda: Offer(2, "5"), lambda: Pick("q"), lambda: Pick("")])
def test_variant_actions_validate_their_own_fields(make: object) -> None:
    with pytest.raises(MalformedAction):
        make()  # type: ignore[operator]


# ---------------------------------------------------------------- auction


def auction_game(players: int = 3, bag: str = "QZXEATTEAEAT", **rules: object) -> Game:
    """Ann (seat 1, leader) has drawn QZX ($144); the others drew EAT or TEA."""
    return play(stacked(bag, players, auction=True, **rules), "roll 3")


def test_auction_is_offered_at_a_buy_turn_instead_of_buying_or_discarding() -> None:
    game = auction_game()
    assert Auction() in game.legal_actions()
    events = game.apply("auction")
    assert [str(e) for e in events] == ["Ann auctioned QZX"]
    assert game.phase is Phase.AUCTION and game.auction.tiles == "QZX"
    refused(game, "buy", "Bob is to bid for Ann's tiles or pass")


def test_bidding_starts_left_of_the_seller_and_goes_clockwise_once_round() -> None:
    game = play(stacked("EATEATQZXTEA", 4, auction=True), "roll 3", "buy", "buy")
    assert game.current == 2  # Cat auctions her QZX
    game.apply("auction")
    assert game.auction.bidders == (3, 0, 1)
    seen = []
    for action in ("bid 5", "pass", "bid 9"):
        seen.append(game.current)
        game.apply(action)
    assert seen == [3, 0, 1]
    # One lap only: the bidding is over and the seller decides.
    assert game.current == 2 and not game.auction.bidding
    refused(game, "bid 20", "the bidding is over")


def test_a_bid_is_at_least_1_more_than_the_high_bid_and_no_more_than_the_bidders_money() -> None:
    game = auction_game()
    game.apply("auction")
    assert Bid(1) in game.legal_actions() and Bid(200) in game.legal_actions()
    assert Bid(201) not in game.legal_actions()
    refused(game, "bid 201", "Bob has $200; they cannot bid $201")
    game.apply("bid 40")
    refused(game, "bid 40", "the high bid is $40; a bid must be more")
    assert Bid(40) not in game.legal_actions() and Bid(41) in game.legal_actions()
    game.apply("bid 41")
    assert (game.auction.high_bid, game.auction.high_bidder) == (41, 2)


def test_the_seller_matches_the_high_bid_pays_the_bank_and_keeps_the_tiles() -> None:
    game = auction_game()
    events = play(game, "auction", "bid 40", "pass").apply("match")
    assert money(game) == [160, 200, 200]  # the bidder pays nothing; the seller pays the bank
    assert game.players[0].hand == "QXZ" and game.players[0].drawn == ""
    assert [str(e) for e in events] == ["Ann matched: QZX for $40"]
    assert game.phase is Phase.BUY and game.current == 1  # Bob's buy turn, his draw untouched
    assert game.players[1].drawn == "EAT"


def test_the_log_tells_the_auction_in_words() -> None:
    game = play(auction_game(), "auction", "bid 40", "pass", "match")
    words = [str(e) for e in game.log if isinstance(e, ev.Auctioned | ev.BidMade | ev.BidPassed
                                                   | ev.AuctionWon)]
    assert words == ["Ann auctioned QZX", "Bob bid $40", "Cat passed", "Ann matched: QZX for $40"]


def test_the_seller_who_lets_go_gets_nothing_the_high_bidder_pays_the_bank() -> None:
    game = auction_game()
    events = play(game, "auction", "bid 40", "bid 50").apply("pass")
    assert money(game) == [200, 200, 150]
    assert [str(e) for e in events] == ["Ann let them go: Cat bought QZX for $50"]
    # Tiles won join the winner's hand at once; the winner's own draw is untouched.
    assert game.players[2].hand == "QXZ" and game.players[2].drawn == "TEA"
    assert game.players[0].drawn == "" and game.players[0].hand == ""
    play(game, "buy", "discard")
    assert game.players[2].hand == "QXZ" and game.phase is Phase.SELL


def test_the_seller_decides_only_after_the_bidding() -> None:
    game = play(auction_game(), "auction")
    refused(game, "match", "the bidding is not over: Bob is to bid or pass")


def test_the_seller_cannot_match_beyond_their_money_so_must_let_go() -> None:
    # Cat pays Ann $150 in a trade, leaving Cat $50; then Cat auctions Ann's old QZX.
    game = play(trade_game(money_too=True, auction=True), "offer 3 -150", "accept", "pass",
                "pass", "buy", "buy", "auction", "bid 100", "pass")
    assert money(game) == [341, 191, 50] and game.current == 2
    assert game.legal_actions() == [Pass()]
    refused(game, "match", "Cat has $50; matching the high bid costs $100, so they must pass")
    game.apply("pass")
    assert game.players[0].hand == "AEQTXZ" and money(game) == [241, 191, 50]


def test_a_failed_auction_falls_back_to_buy_or_discard_and_cannot_be_called_again() -> None:
    game = auction_game()
    events = play(game, "auction", "pass").apply("pass")
    assert [str(e) for e in events] == ["Cat passed",
                                        "Nobody bid for QZX: Ann must buy or discard them"]
    assert game.phase is Phase.BUY and game.current == 0
    assert set(game.legal_actions()) == {parse_action("buy"), parse_action("discard")}
    refused(game, "auction", "nobody bid for Ann's draw, so Ann must buy it or discard it")
    game.apply("buy")  # at the usual price
    assert money(game) == [200 - 144, 200, 200] and game.players[0].hand == "QXZ"
    # The next buyer may auction again: the refusal was for Ann's failed auction only.
    assert Auction() in game.legal_actions()


def test_a_failed_auction_the_seller_cannot_afford_ends_in_a_forced_discard() -> None:
    game = auction_game(starting_money=100)
    play(game, "auction", "pass", "pass")
    assert game.legal_actions() == [parse_action("discard")]
    (event,) = game.apply("discard")
    assert isinstance(event, ev.Discarded) and event.forced


def test_a_bidder_without_money_can_only_pass() -> None:
    game = play(stacked("QZXEATTEA", 3, auction=True, starting_money=144), "roll 3", "buy")
    assert money(game) == [0, 144, 144]
    play(game, "auction", "pass")  # Bob auctions EAT; Cat passes; Ann, with $0, is next
    assert game.current == 0 and game.legal_actions() == [Pass()]
    refused(game, "bid 1", "Ann has $0; they cannot bid $1")


def test_an_auction_in_a_two_player_game_has_one_bidder() -> None:
    game = auction_game(players=2, bag="QZXEAT")
    game.apply("auction")
    assert game.auction.bidders == (1,)
    play(game, "bid 7")
    assert game.current == 0 and set(game.legal_actions()) == {Match(), Pass()}


# ---------------------------------------------------------------- trade, trade with money


def trade_game(players: int = 3, money_too: bool = False, **rules: object) -> Game:
    """Ann drew QZX, Bob EAT, Cat TEA (and Dan EAT); the trading step begins with Ann."""
    bag = "QZXEATTEAEAT"
    setting = {"trade_money": True} if money_too else {"trade": True}
    return play(stacked(bag, players, **setting, **rules), "roll 3")


def draws(game: Game) -> list[str]:
    return [p.drawn for p in game.players]


def test_the_trading_step_sits_between_draw_and_buy() -> None:
    game = trade_game()
    assert game.phase is Phase.TRADE and game.current == 0
    refused(game, "buy", "'buy' is not possible now: Ann is to offer a trade or pass")
    play(game, "pass", "pass", "pass")
    assert game.phase is Phase.BUY and game.current == 0
    refused(game, "offer 2", "'offer 2' is not possible now: Ann is to buy or discard")


def test_each_player_from_the_leader_clockwise_makes_at_most_one_offer() -> None:
    game = play(stacked("QZXEATTEA", 3, trade=True), "roll 3")
    turns = []
    for action in ("offer 3", "decline", "pass", "offer 1", "accept"):
        turns.append(game.current)
        game.apply(action)
    # Ann offers (Cat answers), Bob passes, Cat offers (Ann answers): then buying begins.
    assert turns == [0, 2, 1, 2, 0]
    assert game.phase is Phase.BUY


def test_the_trading_step_starts_with_the_leader() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], dictionary=WORDS, seed=1, leader=1,
                    rules=Rules(trade=True), bag="QZXEATTEA")
    game.apply("roll 3")
    assert game.current == 1 and game.players[1].drawn == "QZX"


def test_an_accepted_offer_swaps_the_whole_draws_at_once() -> None:
    game = trade_game()
    offered = game.apply("offer 2")
    assert [str(e) for e in offered] == ["Ann offered Bob QZX for EAT"]  # draws are face up
    assert game.current == 1 and set(game.legal_actions()) == {Accept(), Decline()}
    events = game.apply("accept")
    assert [str(e) for e in events] == ["Bob accepted: Ann and Bob swapped draws"]
    assert draws(game) == ["EAT", "QZX", "TEA"] and money(game) == [200] * 3


def test_a_declined_offer_changes_nothing_but_the_turn() -> None:
    game = trade_game()
    game.apply("offer 3")
    events = game.apply("decline")
    assert [str(e) for e in events] == ["Cat declined Ann's offer"]
    assert draws(game) == ["QZX", "EAT", "TEA"] and game.current == 1


def test_a_draw_may_be_traded_more_than_once() -> None:
    game = play(trade_game(), "offer 2", "accept", "offer 3", "accept")
    # Bob took Ann's QZX, then passed it on to Cat for her TEA.
    assert draws(game) == ["EAT", "TEA", "QZX"]


def test_while_an_offer_waits_only_its_answer_is_possible() -> None:
    game = play(trade_game(), "offer 2")
    refused(game, "pass", "Bob is to accept or decline Ann's offer")
    refused(game, "offer 3", "Bob is to accept or decline Ann's offer")
    refused(game, "buy", "Bob is to accept or decline Ann's offer")


def test_answers_need_an_offer_and_offers_need_another_seat() -> None:
    game = trade_game()
    refused(game, "accept", "there is no offer to answer")
    refused(game, "decline", "there is no offer to answer")
    refused(game, "offer 1", "Ann cannot trade with themselves")
    refused(game, "offer 4", "there is no seat 4 at this table")
    assert Offer(1) not in game.legal_actions()
    assert {Offer(2), Offer(3), Pass()} == set(game.legal_actions())


def test_payments_come_only_with_trade_with_money() -> None:
    game = trade_game()
    refused(game, "offer 2 +5", "only in the trade-with-money variant")
    refused(game, "offer 2 -5", "only in the trade-with-money variant")


def test_with_money_the_cash_moves_between_the_two_traders_and_nowhere_else() -> None:
    game = trade_game(money_too=True)
    offered = game.apply("offer 2 +30")
    assert [str(e) for e in offered] == ["Ann offered Bob QZX for EAT, paying $30"]
    events = game.apply("accept")
    assert [str(e) for e in events] == [
        "Bob accepted: Ann and Bob swapped draws; Ann paid Bob $30"]
    assert money(game) == [170, 230, 200] and sum(money(game)) == 600
    assert draws(game) == ["EAT", "QZX", "TEA"]
    play(game, "offer 1 -20", "accept")  # Bob asks Ann for $20 to swap back
    assert money(game) == [150, 250, 200] and draws(game) == ["QZX", "EAT", "TEA"]


def test_a_payment_is_never_more_than_the_payer_holds() -> None:
    game = trade_game(money_too=True, starting_money=50)
    assert Offer(2, 50) in game.legal_actions() and Offer(2, 51) not in game.legal_actions()
    assert Offer(3, -50) in game.legal_actions() and Offer(3, -51) not in game.legal_actions()
    refused(game, "offer 2 +51", "Ann has $50; they cannot pay $51")
    refused(game, "offer 2 -51", "Bob has $50; they cannot pay $51")
    play(game, "offer 2 -50", "accept")
    assert money(game) == [100, 0, 50]
    game.apply("offer 3")
    # Bob, now without money, may still trade without cash.
    assert money(game) == [100, 0, 50]


def test_trading_and_auction_combine_a_traded_draw_can_be_auctioned() -> None:
    game = play(trade_game(auction=True), "offer 2", "accept", "pass", "pass")
    assert game.phase is Phase.BUY and game.players[0].drawn == "EAT"
    play(game, "buy", "auction", "bid 60", "pass", "pass")
    assert game.players[2].hand == "QXZ" and money(game) == [191, 200, 140]


# ---------------------------------------------------------------- tile draft


def test_the_leader_lays_out_draw_count_times_players_tiles_face_up() -> None:
    game = stacked("QZXEATTEA", 3, draft=True)
    events = game.apply("roll 3")
    assert [str(e) for e in events][1:] == ["Ann laid out QZXEATTEA for the draft"]
    assert game.phase is Phase.DRAFT and game.draft_tiles == "QZXEATTEA"
    assert game.bag_size == 108 - 9 and all(p.drawn == "" for p in game.players)
    assert game.tile_count() == (108, 9)
    assert game.legal_actions() == [Pick(c) for c in "AEQTXZ"]


def test_draft_order_repeats_clockwise_every_lap_not_a_snake() -> None:
    game = play(stacked("QZXEAT", 3, draft=True), "roll 2")
    order = []
    for letter in "QZXEAT":
        order.append(game.current)
        game.apply(f"pick {letter}")
    assert order == [0, 1, 2, 0, 1, 2]  # a snake would be 0, 1, 2, 2, 1, 0
    assert draws(game) == ["QE", "ZA", "XT"]
    # Each then buys or discards their set as usual, from the leader.
    assert game.phase is Phase.BUY and game.current == 0
    assert game.offer_price(0) == 25


def test_draft_starts_with_the_leader() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], dictionary=WORDS, seed=1, leader=2,
                    rules=Rules(draft=True), bag="QZXEAT")
    game.apply("roll 2")
    assert game.current == 2
    assert "Cat laid out" in str(game.log[-1])


def test_only_a_face_up_tile_can_be_picked() -> None:
    game = play(stacked("QZXEAT", 3, draft=True), "roll 2", "pick Q")
    refused(game, "pick Q", "there is no Q among the face-up tiles (ZXEAT)")
    refused(game, "buy", "Bob is to pick one of the face-up tiles")
    (event,) = game.apply("pick Z")
    assert str(event) == "Bob picked Z"


def test_solo_draft_the_single_player_takes_all_the_tiles() -> None:
    game = play(stacked("QUIZ", 1, draft=True), "roll 4")
    for letter in "ZIQU":
        assert game.current == 0
        game.apply(f"pick {letter}")
    assert game.players[0].drawn == "ZIQU" and game.phase is Phase.BUY


def test_draft_then_trade_then_buy() -> None:
    game = play(stacked("QZXEAT", 3, draft=True, trade=True), "roll 2",
                *(f"pick {c}" for c in "QZXEAT"))
    assert game.phase is Phase.TRADE
    play(game, "offer 3", "accept")
    assert draws(game) == ["XT", "ZA", "QE"]


def _drain_draft(game: Game) -> None:
    """Draft and discard rounds of 5 until 8 tiles are left (108 = 10 x 10 + 8, 2 players)."""
    while game.bag_size > 8:
        play(game, "roll 5")
        while game.phase is Phase.DRAFT:
            game.apply(game.legal_actions()[0])
        play(game, *["discard"] * game.seats, *["done"] * game.seats)


def test_no_draft_when_the_bag_cannot_serve_it_the_final_round_begins() -> None:
    game = stacked("", 2, draft=True)
    _drain_draft(game)
    game.apply("roll 5")  # 10 needed, 8 left
    assert game.final_round and game.phase is Phase.SELL and game.draft_tiles == ""
    assert game.tile_count() == (108, 9)


def test_a_draft_that_empties_the_bag_makes_the_final_round() -> None:
    game = stacked("", 2, draft=True)
    _drain_draft(game)
    game.apply("roll 4")  # exactly 8: drafted as usual, then the game ends after selling
    assert game.phase is Phase.DRAFT and game.final_round and game.bag_size == 0
    while game.phase is Phase.DRAFT:
        game.apply(game.legal_actions()[0])
    play(game, "discard", "discard", "done", "done")
    assert game.phase is Phase.OVER


# ---------------------------------------------------------------- records, replays, state


def test_a_game_with_every_variant_records_and_replays_identically() -> None:
    game = stacked("QZXEATTEA", 3, draft=True, trade_money=True, auction=True)
    play(game, "roll 3", *(f"pick {c}" for c in "QZXEATTEA"), "offer 2 +10", "accept",
         "pass", "offer 2", "decline", "auction", "bid 30", "pass", "match", "buy", "buy")
    text = encode_record(GameRecord.of(game))
    record = decode_record(text)
    assert record.rules == game.rules
    again = record.replay(WORDS)
    assert again.state() == game.state()
    assert [str(e) for e in again.log] == [str(e) for e in game.log]


def test_state_and_dump_show_the_variant_state() -> None:
    game = play(auction_game(), "auction", "bid 40")
    assert "auction: 1 sells QZX, high bid $40 by 2" in game.dump()
    before = game.state()
    game.apply("pass")
    assert game.state() != before  # the auction's progress is part of the state
    draft = play(stacked("QZXEAT", 2, draft=True, trade_money=True), "roll 3")
    assert "draft: QZXEAT" in draft.dump()
    play(draft, *(f"pick {c}" for c in "QZXEAT"), "offer 2 -5")
    assert "offer: 1 -> 2 payment -5" in draft.dump()


def test_a_refused_variant_action_is_not_recorded() -> None:
    game = auction_game()
    with pytest.raises(IllegalAction):
        game.apply("match")
    assert game.actions == ["roll 3"]


@pytest.mark.parametrize("action,reason", [
    ("auction", "only played with the auction variant"),
    ("bid 5", "only played with the auction variant"),
    ("match", "only played with the auction variant"),
    ("offer 2", "only played with the trade or trade-with-money variant"),
    ("accept", "only played with the trade or trade-with-money variant"),
    ("decline", "only played with the trade or trade-with-money variant"),
    ("pick E", "picked only in the tile-draft variant"),
    ("pass", "'pass' is not possible now: Ann is to buy or discard their draw"),
])
def test_a_variant_move_at_a_table_without_the_variant_names_the_rule(action: str,
                                                                      reason: str) -> None:
    refused(play(stacked("EATTEA", 2), "roll 3"), action, reason)


VARIANT_TABLES = {
    "draft": lambda: play(stacked("QZXEAT", 2, draft=True), "roll 3"),
    "trade": lambda: play(stacked("QZXEAT", 2, trade_money=True), "roll 3"),
    "offer": lambda: play(stacked("QZXEAT", 2, trade_money=True), "roll 3", "offer 2 -5"),
    "auction": lambda: play(stacked("QZXEAT", 2, auction=True), "roll 3", "auction"),
    "seller": lambda: play(stacked("QZXEAT", 2, auction=True), "roll 3", "auction", "bid 9"),
}


@given(st.sampled_from(sorted(VARIANT_TABLES)),
       st.one_of(st.text(max_size=30),
                 st.sampled_from(VARIANT_NOTATIONS).map(lambda t: t + " 7"),
                 st.from_regex(r"(bid|offer|pick) [-+0-9A-Za-z]{0,12}( [-+0-9]{0,12})?",
                               fullmatch=True)))
def test_any_text_in_a_variant_phase_either_applies_or_is_refused_cleanly(table: str,
                                                                           text: str) -> None:
    game = VARIANT_TABLES[table]()
    before = game.state()
    try:
        game.apply(text)
    except BuyWordError as error:
        assert str(error)
        assert game.state() == before


@pytest.mark.parametrize("chosen", [v.name for v in VARIANTS])
def test_with_variants_plays_the_variant_named_and_keeps_those_already_played(
        chosen: str) -> None:
    """`Rules.with_variants` (the command line's --variant, the new-game form's choices)
    turns on exactly the variants named, by field or by --variant name, and turns none off."""
    alone = Rules().with_variants([chosen])
    assert [v.name for v in VARIANTS if getattr(alone, v.name)] == [chosen]
    assert Rules().with_variants([variant(chosen).option]) == alone
    both = Rules(auction=True).with_variants([chosen])
    assert both.auction and getattr(both, chosen)


def test_with_variants_refuses_a_name_that_is_no_variant() -> None:
    with pytest.raises(KeyError):
        Rules().with_variants(["poker"])
