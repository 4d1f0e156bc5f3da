"""Seeded random games under every combination of the table variants, checking the invariants.

Auction, trade, trade with money and tile draft, in all 16 combinations (the ones needing
other players at tables of 2-4), with random legal and illegal actions: after every refused
action the state is exactly as before; after every step all 117 tiles are accounted for, money
is never below $0 and every dollar is explained by the log; an accepted trade moves cash only
between its two traders and changes nothing else but their draws.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from engine_helpers import WORDS
from test_engine_playout import (
    JUNK,
    MoneyLedger,
    _count_money,
    _expected_money,
    _kind,
    any_legal_action,
)

from buyword.engine import BuyWordError, Game, Phase, PlayerState, Rules, spell
from buyword.engine import events as ev

#: Every combination of the four variants: (auction, trade, trade with money, tile draft).
COMBINATIONS = list(product((False, True), repeat=4))
VARIANT_JUNK = ["auction", "bid 1", "bid 5000", "bid 0", "pass", "match", "offer 1", "offer 2",
                "offer 5", "offer 2 +3", "offer 2 -3", "offer 1 +999999", "accept", "decline",
                "pick Q", "pick E", "pick q", "offer 2 +0"]


def _rules(combination: tuple[bool, ...], seed: int) -> Rules:
    auction, trade, trade_money, draft = combination
    return Rules(auction=auction, trade=trade, trade_money=trade_money, draft=draft,
                 tile_limit=(8, 10, None)[seed % 3], challenge_mode=seed % 2 == 1)


def _players(rules: Rules, seed: int) -> int:
    """1-4 players; variants that need others get 2-4."""
    return 1 + seed % 4 if rules.table_problem(1) is None else 2 + seed % 3


def _random_action(game: Game, rng: random.Random) -> str:
    """A random action, legal or not, mixing the variants' choices with the printed rules'."""
    roll = rng.random()
    if roll < 0.08:
        return rng.choice(JUNK)
    if roll < 0.16:
        return rng.choice(VARIANT_JUNK)
    if game.phase is Phase.DROP:
        return any_legal_action(game, rng)
    legal = [str(a) for a in game.legal_actions()]
    if game.phase is Phase.SELL and roll < 0.5:
        p = game.players[game.current]
        if game.rules.challenge_mode and roll < 0.25 and p.hand:
            return "sell " + "".join(rng.sample(p.hand, min(len(p.hand), 3)))
        word = rng.choice(sorted(WORDS.words))
        try:
            return "sell " + spell(word, p.hand, p.wilds).notation
        except BuyWordError:
            return "sell " + word.upper()
    if game.phase is Phase.BUY and "auction" in legal and roll < 0.45:
        return "auction"
    if game.phase is Phase.BUY and "buy" in legal and roll < 0.8:
        return "buy"
    # Passing, accepting and declining are one choice among hundreds of bids and offers;
    # give them a fair share so every ending of an auction and a trade happens.
    short = [a for a in legal if a.split()[0] not in ("bid", "offer")]
    if short and roll < 0.6:
        return rng.choice(short)
    return rng.choice(legal)


def _count_variant_money(money: list[int], event: ev.Event) -> None:
    """The printed rules' accounting plus auctions (winner pays the bank) and trade payments."""
    _count_money(money, event)
    if isinstance(event, ev.AuctionWon):
        money[event.seat] -= event.price
    elif isinstance(event, ev.Traded):
        money[event.seat] -= event.payment
        money[event.to_seat] += event.payment


def _check_trade(old: tuple[PlayerState, ...], game: Game, events: list[ev.Event]) -> None:
    """An accepted trade swaps the two draws, moves the payment between them, nothing else."""
    trade = next((e for e in events if isinstance(e, ev.Traded)), None)
    if trade is None:
        return
    assert trade.payment == 0 or game.rules.trade_money, game.dump()
    a, b = trade.seat, trade.to_seat
    for seat, (was, now) in enumerate(zip(old, game.players, strict=True)):
        if seat not in (a, b):
            assert was == now, game.dump()
        else:
            assert (was.hand, was.wilds) == (now.hand, now.wilds), game.dump()
    assert (game.players[a].drawn, game.players[b].drawn) == (old[b].drawn, old[a].drawn)
    assert game.players[a].money == old[a].money - trade.payment
    assert game.players[b].money == old[b].money + trade.payment


def _check_invariants(game: Game, ledger: MoneyLedger) -> None:
    assert game.tile_count() == (108, 9), game.dump()
    money = [p.money for p in game.players]
    assert min(money) >= 0, game.dump()
    assert money == ledger.expected(game), game.dump()
    if game.phase is Phase.ROLL and game.rules.tile_limit is not None:
        assert all(len(p.hand) <= game.rules.tile_limit for p in game.players), game.dump()


def play_random_variant_game(combination: tuple[bool, ...], seed: int) -> Game:
    """Play one game under these variants with random (often illegal) actions."""
    rng = random.Random(seed)
    rules = _rules(combination, seed)
    players = _players(rules, seed)
    game = Game.new(["Ann", "Bob", "Cat", "Dan"][:players], dictionary=WORDS, seed=seed,
                    rules=rules, leader=rng.randrange(players))
    ledger = MoneyLedger(game, _count_variant_money)
    for _ in range(8000):
        if game.outcome() is not None:
            whole_log = _expected_money(game, _count_variant_money)
            assert [p.money for p in game.players] == whole_log, game.dump()
            return game
        before, seats = game.state(), game.players
        action = _random_action(game, rng)
        listed = action in {str(a) for a in game.legal_actions()}
        try:
            events = game.apply(action)
        except BuyWordError as error:
            assert str(error)
            assert game.state() == before, action
            assert not listed, f"legal_actions() lists {action!r}, refused: {error}"
        else:
            # legal_actions() lists every legal action but sales and rolls with a given face.
            assert listed or action.split()[0] in ("sell", "roll"), action
            _check_trade(seats, game, events)
        _check_invariants(game, ledger)
    raise AssertionError(f"game {seed} did not end:\n{game.dump()}")


def _variant_kind(event: ev.Event) -> str:
    if isinstance(event, ev.AuctionWon):
        return "matched" if event.matched else "let go"
    if isinstance(event, ev.Traded) and event.payment:
        return "paid trade"
    return _kind(event)


#: How many games of each variant alone are played, and of each mixture.
ALONE_GAMES, MIXED_GAMES = 40, 12
#: Of the games of a variant alone, the ones in the fast set: enough for every way the variant
#: can end to happen (trading with money, the slowest, has shown them all by its eighth game).
FAST_GAMES = 12


def _name(combination: tuple[bool, ...]) -> str:
    return "+".join(n for n, on in zip(("auction", "trade", "money", "draft"), combination,
                                       strict=True) if on) or "none"


def _params() -> list[object]:
    """Each variant alone: its first dozen games in the fast set, the other 28 with the whole
    suite; none (the plain play-outs cover it), the pairs, the triples and all four run with
    the whole suite."""
    params = []
    for combination in COMBINATIONS:
        name = _name(combination)
        if sum(combination) == 1:
            params.append(pytest.param(combination, range(FAST_GAMES), id=name))
            params.append(pytest.param(combination, range(FAST_GAMES, ALONE_GAMES),
                                       id=f"{name}-more", marks=pytest.mark.slow))
        else:
            params.append(pytest.param(combination, range(MIXED_GAMES), id=name,
                                       marks=pytest.mark.slow))
    return params


@pytest.mark.parametrize(("combination", "seeds"), _params())
def test_random_games_under_every_variant_combination_keep_every_invariant(
        combination: tuple[bool, ...], seeds: range) -> None:
    seen: set[str] = set()
    # Forty games of each variant alone (in two parts); a dozen of each mixture, enough for
    # every way each variant can end to happen in it (the mixtures' thousands of moves add
    # little beyond). Each part sees every way on its own.
    for seed in seeds:
        game = play_random_variant_game(combination, seed)
        assert game.outcome() is not None and game.phase is Phase.OVER
        seen.update(_variant_kind(event) for event in game.log)
    auction, trade, trade_money, draft = combination
    # Each variant in play was really exercised, every way it can end.
    expected = {"Bought", "Sold", "Dropped", "FinalRound"}
    if auction:
        expected |= {"Auctioned", "BidMade", "BidPassed", "matched", "let go", "AuctionFailed"}
    if trade or trade_money:
        expected |= {"Offered", "Traded", "Declined", "NoOffer"}
    if trade_money:
        expected |= {"paid trade"}
    if draft:
        expected |= {"DraftLaidOut", "Picked"}
    assert expected <= seen, expected - seen
    # ...and variants not in play never happened.
    if not auction:
        assert "Auctioned" not in seen
    if not (trade or trade_money):
        assert "Offered" not in seen
    if not trade_money:
        assert "paid trade" not in seen
    if not draft:
        assert "Picked" not in seen
