"""Thousands of seeded random games, legal and illegal actions mixed, checking the invariants."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product

import pytest
from engine_helpers import WORDS

from buyword.engine import BuyWordError, Drop, Game, Phase, Rules, spell
from buyword.engine import events as ev
from buyword.words.crossword import Board
from buyword.words.finder import WordFinder

SETTINGS = [
    Rules(tile_limit=limit, min_word_length=length, challenge_mode=challenge)
    for limit, length, challenge in product((8, 10, None), (2, 3), (False, True))
]
JUNK = ["roll", "roll 3", "roll choice", "choose 2", "choose 5", "buy", "discard", "done",
        "sell ZZZ", "sell Q", "drop E", "drop EEEEEEEEEEEEE", "challenge 1", "challenge 4",
        "sell TEA", "sell tEA", "roll 7", "drop", "", "sell quiz"]


def _random_action(game: Game, rng: random.Random) -> str:
    """A random action, legal or not, tilted towards things that move the game on."""
    roll = rng.random()
    if roll < 0.15:
        return rng.choice(JUNK)
    if game.phase is Phase.SELL and roll < 0.5:
        p = game.players[game.current]
        if game.rules.challenge_mode and roll < 0.25 and p.hand:
            return "sell " + "".join(rng.sample(p.hand, min(len(p.hand), 3)))
        word = rng.choice(sorted(WORDS.words))
        try:
            return "sell " + spell(word, p.hand, p.wilds).notation
        except BuyWordError:
            return "sell " + word.upper()
    if game.phase is Phase.BUY and roll < 0.8 and game.is_legal("buy"):
        return "buy"
    return any_legal_action(game, rng)


def any_legal_action(game: Game, rng: random.Random) -> str:
    """One of `game.legal_actions()` at random. At the tile-limit step a drop is made as that
    list makes them (any `over_limit` tiles of the hand) without listing them all: a hand of 24
    tiles has about a million ways to drop 14, which took seconds to list."""
    if game.phase is Phase.DROP:
        seat = game.current
        assert seat is not None
        tiles = rng.sample(list(game.players[seat].hand), game.over_limit(seat))
        return str(Drop("".join(sorted(tiles))))
    return str(rng.choice(game.legal_actions()))


def _count_money(money: list[int], event: ev.Event) -> None:
    """What one logged event does to the players' money: buys, sales, challenges."""
    if isinstance(event, ev.Bought):
        money[event.seat] -= event.price
    elif isinstance(event, ev.Sold):
        money[event.seat] += event.price
    elif isinstance(event, ev.Challenged):
        money[event.seller_seat] -= event.reversed_price
        loser = event.challenger_seat if event.valid else event.seller_seat
        money[loser] -= event.penalty


def _expected_money(game: Game, count: Callable[[list[int], ev.Event], None] = _count_money,
                    ) -> list[int]:
    """Each player's money from the log alone: start, less buys, plus sales, less penalties."""
    money = [game.rules.starting_money] * game.seats
    for event in game.log:
        count(money, event)
    return money


class MoneyLedger:
    """`_expected_money`, read as the log grows: checking after every step costs one pass over
    the log in a whole game instead of one per step. The game's end checks the whole log
    again (`_expected_money`), so an event changed after it was logged is still caught."""

    def __init__(self, game: Game,
                 count: Callable[[list[int], ev.Event], None] = _count_money) -> None:
        """Start from the rules' starting money, nothing of the log read yet."""
        self.money = [game.rules.starting_money] * game.seats
        self.count = count
        self.read = 0

    def expected(self, game: Game) -> list[int]:
        """Each player's money from the log so far."""
        log = game.log
        for event in log[self.read:]:
            self.count(self.money, event)
        self.read = len(log)
        return list(self.money)


def _check_invariants(game: Game, ledger: MoneyLedger | None = None) -> None:
    assert game.tile_count() == (108, 9), game.dump()
    money = [p.money for p in game.players]
    assert min(money) >= 0, game.dump()
    expected = _expected_money(game) if ledger is None else ledger.expected(game)
    assert money == expected, game.dump()
    if game.phase is Phase.ROLL and game.rules.tile_limit is not None:
        assert all(len(p.hand) <= game.rules.tile_limit for p in game.players), game.dump()


def play_random_game(seed: int) -> Game:
    """Play one game with random (often illegal) actions, checking everything after each."""
    rng = random.Random(seed)
    rules = SETTINGS[seed % len(SETTINGS)]
    players = 1 + seed % 4
    game = Game.new(["Ann", "Bob", "Cat", "Dan"][:players], dictionary=WORDS, seed=seed,
                    rules=rules, leader=rng.randrange(players))
    ledger = MoneyLedger(game)
    for _ in range(5000):
        if game.outcome() is not None:
            assert [p.money for p in game.players] == _expected_money(game), game.dump()
            return game
        before = game.state()
        action = _random_action(game, rng)
        try:
            game.apply(action)
        except BuyWordError as error:
            assert str(error)
            assert game.state() == before, action
        _check_invariants(game, ledger)
    raise AssertionError(f"game {seed} did not end:\n{game.dump()}")


#: The 2,000 seeded games in blocks: the first 50 in the fast set (every kind of step has
#: happened by the 21st), the other 1,950 with the whole suite.
GAMES, FAST_GAMES, BLOCK = 2000, 50, 250
BLOCKS = [range(FAST_GAMES), *(
    pytest.param(range(start, min(start + BLOCK, GAMES)), marks=pytest.mark.slow)
    for start in range(FAST_GAMES, GAMES, BLOCK))]


@pytest.mark.parametrize("seeds", BLOCKS, ids=lambda seeds: f"{seeds.start}-{seeds.stop - 1}")
def test_random_games_keep_every_invariant_and_end(seeds: range) -> None:
    seen: set[str] = set()
    for seed in seeds:
        game = play_random_game(seed)
        outcome = game.outcome()
        assert outcome is not None and game.phase is Phase.OVER
        assert outcome.winners == tuple(
            s.seat for s in outcome.standings if s.money == outcome.standings[0].money
        )
        seen.update(_kind(event) for event in game.log)
    # The random play really exercised every kind of step, not just rolls and discards.
    assert {"Bought", "forced discard", "Sold", "wild sale", "Dropped", "FinalRound",
            "challenge upheld", "challenge failed", "Chose"} <= seen


def _kind(event: ev.Event) -> str:
    if isinstance(event, ev.Discarded) and event.forced:
        return "forced discard"
    if isinstance(event, ev.Sold) and event.wild:
        return "wild sale"
    if isinstance(event, ev.Challenged):
        return "challenge failed" if event.valid else "challenge upheld"
    return type(event).__name__


# ---------------------------------------------------------------------- the crossword variant

CROSSWORD_SETTINGS = [
    Rules(crossword=True, tile_limit=limit, min_word_length=length, challenge_mode=challenge)
    for limit, length, challenge in product((8, None), (2, 3), (False, True))
]
#: The move generator over the test words: about half the sales tried are legal placements.
_FINDER = WordFinder(sorted(WORDS.words), Rules().tiles)


def _random_placement(game: Game, rng: random.Random) -> str:
    """A sale on the grid: a legal move, or a random word somewhere near the tiles (often
    refused; in challenge mode a scrambled one may be sold and challenged)."""
    p = game.players[game.current]
    if rng.random() < 0.5:
        board = Board(game.grid, _FINDER, WORDS, game.rules.min_word_length)
        moves = board.best_moves(p.hand, p.wilds, 20)  # the top of `moves()`, found faster
        if moves:
            return f"sell {rng.choice(moves[:20])}"
    word = list(rng.choice(sorted(WORDS.words)).upper())
    if rng.random() < 0.3:
        rng.shuffle(word)  # most likely no word
    if rng.random() < 0.3:
        at = rng.randrange(len(word))
        word[at] = word[at].lower()  # the wild
    text = "".join(word)
    squares = sorted(game.grid.squares())
    if not squares or rng.random() < 0.1:
        return f"sell {text}"
    row, col = rng.choice(squares)
    at = rng.randrange(len(text))
    direction = rng.choice(("across", "down"))
    start = (row, col - at) if direction == "across" else (row - at, col)
    return f"sell {text} at {start[0]},{start[1]} {direction}"


def _grid_lines(game: Game) -> list[str]:
    """Every line of two or more tiles on the grid, across and down, lower case."""
    grid, words = game.grid, []
    for square in grid.squares():
        for direction in ("across", "down"):
            start, run = grid.line(square, direction)
            if start == square and len(run) >= 2:
                words.append("".join(tile.letter for tile in run).lower())
    return words


def play_random_crossword_game(seed: int) -> Game:
    """One crossword game of random actions and placements, checking the invariants after
    each: every tile accounted for (the grid's too), money only to and from the bank, nobody
    below $0, and in strict mode every line on the grid a word."""
    rng = random.Random(seed)
    rules = CROSSWORD_SETTINGS[seed % len(CROSSWORD_SETTINGS)]
    players = 1 + seed % 4
    if rules.challenge_mode and players == 1:
        players = 2
    game = Game.new(["Ann", "Bob", "Cat", "Dan"][:players], dictionary=WORDS, seed=seed,
                    rules=rules, leader=rng.randrange(players))
    for _ in range(5000):
        if game.outcome() is not None:
            return game
        before = game.state()
        if game.phase is Phase.SELL and rng.random() < 0.5:
            action = _random_placement(game, rng)
        else:
            action = _random_action(game, rng)
        try:
            game.apply(action)
        except BuyWordError as error:
            assert str(error)
            assert game.state() == before, action
        _check_invariants(game)
        if not rules.challenge_mode:
            assert all(WORDS.is_word(w) for w in _grid_lines(game)), game.dump()
    raise AssertionError(f"game {seed} did not end:\n{game.dump()}")


# The first 8 games (every kind of placement has happened by the 6th) are in the fast set,
# the other 32 run with the whole suite.
@pytest.mark.parametrize("seeds", [range(8), pytest.param(range(8, 40), marks=pytest.mark.slow)],
                         ids=lambda seeds: f"{seeds.start}-{seeds.stop - 1}")
def test_random_crossword_games_keep_every_invariant_and_end(seeds: range) -> None:
    seen: set[str] = set()
    for seed in seeds:
        game = play_random_crossword_game(seed)
        assert game.outcome() is not None
        seen.update(_kind(event) for event in game.log)
        if any(isinstance(e, ev.Sold) and len(e.words) > 1 for e in game.log):
            seen.add("several words formed")
    # Placements were really made, crossed, challenged and reversed.
    assert {"Sold", "wild sale", "challenge upheld", "challenge failed",
            "several words formed"} <= seen
