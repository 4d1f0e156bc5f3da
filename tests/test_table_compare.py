"""The results screen's "Expert beside you": two games on one bag, round by round."""

from __future__ import annotations

import random

from engine_helpers import WORDS, play, stacked

from buyword.analysis.compare import (
    RoundPair,
    SeatRound,
    compare_games,
    compare_records,
    mark_swings,
    seat_rounds,
)
from buyword.engine import Game, GameRecord, Rules


def _random_solo(seed: int, choices: int) -> Game:
    """A solo game on `seed` played by random legal actions (`choices` seeds their choice)."""
    rng = random.Random(choices)
    game = Game.new(["You"], dictionary=WORDS, seed=seed, rules=Rules())
    while game.outcome() is None:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _quiz_game() -> Game:
    """Round 1: buys QUIZ and sells it for $100 each; round 2: buys TEAS for $16, sells EAT."""
    game = stacked("QUIZTEAS")
    return play(game, "roll 4", "buy", "sell QUIZ", "done", "roll 4", "buy", "sell EAT",
                "done")


def test_each_round_lists_what_was_bought_and_sold_and_the_money_after() -> None:
    game = _quiz_game()
    [first, second] = compare_games(game, game)[:2]
    assert first.you.bought == (("QUIZ", 100),) and first.you.sold == (("QUIZ", 100),)
    assert first.you.money == 200
    assert second.you.bought == (("TEAS", 16),) and second.you.sold == (("EAT", 9),)
    assert second.you.money == 200 - 16 + 9
    assert first.you.bought_text() == "bought QUIZ $100"
    assert second.you.sold_text() == "sold EAT $9"
    assert SeatRound((), (), 200, ("XQ", "ZZ")).bought_text() == "discarded XQ, discarded ZZ"


def test_every_round_accounts_for_the_money() -> None:
    for seed in range(5):
        game = _random_solo(seed, seed)
        pairs = compare_games(game, game)
        assert len(pairs) == sum(1 for _ in game.money_history()) - 1
        money = game.rules.starting_money
        for pair in pairs:
            side = pair.you
            money += sum(p for _, p in side.sold) - sum(p for _, p in side.bought)
            assert side.money == money == game.money_history()[pair.round][0]
            assert pair.gap == 0 and pair.swing == 0 and not pair.marked


def test_the_gap_and_its_largest_swings_are_marked() -> None:
    yours, other = _random_solo(1, 1), _random_solo(1, 7)
    pairs = compare_games(yours, other)
    gaps = [p.other.money - p.you.money for p in pairs]
    assert [p.gap for p in pairs] == gaps
    assert [p.swing for p in pairs] == [g - b for g, b in zip(gaps, [0, *gaps[:-1]], strict=True)]
    marked = [p for p in pairs if p.marked]
    assert 0 < len(marked) <= 3
    unmarked = [abs(p.swing) for p in pairs if not p.marked]
    assert min(abs(p.swing) for p in marked) >= max(unmarked, default=0)


def test_mark_swings_picks_the_largest_moves_either_way_earliest_first() -> None:
    def pair(number: int, swing: int) -> RoundPair:
        side = SeatRound((), (), 200)
        return RoundPair(number, side, side, 0, swing)

    pairs = mark_swings([pair(1, 5), pair(2, -40), pair(3, 0), pair(4, 40), pair(5, 10),
                         pair(6, 10)], 3)
    assert [p.round for p in pairs if p.marked] == [2, 4, 5]
    assert not any(p.marked for p in mark_swings([pair(1, 0), pair(2, 0)]))


def test_a_shorter_game_shows_its_final_money_in_the_rounds_it_did_not_reach() -> None:
    short = _quiz_game()
    long = _random_solo(short.seed, 3)
    pairs = compare_games(short, long)
    assert len(pairs) == max(len(short.money_history()), len(long.money_history())) - 1
    for pair in pairs[2:]:
        assert pair.you.money == 193 and pair.you.bought == () and pair.you.sold == ()
        assert pair.you.bought_text() == "no draw" and pair.you.sold_text() == "sold nothing"


def test_records_compare_as_their_games_do() -> None:
    yours, other = _random_solo(2, 2), _random_solo(2, 9)
    from_records = compare_records(GameRecord.of(yours), GameRecord.of(other))
    assert from_records == compare_games(yours, other)


def test_the_rounds_so_far_stop_where_the_game_still_played_has_got_to() -> None:
    from buyword.analysis.results import GameResults

    yours, other = _random_solo(1, 1), Game.new(["You"], dictionary=WORDS, seed=1,
                                                rules=Rules())
    rng = random.Random(7)
    while other.round < 4:  # three rounds over, the fourth begun
        other.apply(rng.choice(other.legal_actions()))
    so_far = GameResults(yours).rounds_so_far(other)
    assert [pair.round for pair in so_far] == [1, 2, 3]
    assert [pair.other for pair in so_far] == seat_rounds(other)
