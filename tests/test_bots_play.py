"""Computer players: every action legal, the live game never changed, only dictionary words,
the same seeds giving the same game, and Expert clearly stronger than the greedy baseline."""

from __future__ import annotations

import random
import statistics

import pytest

from buyword.bots import BOT_NAMES, LEVELS, make_bot
from buyword.bots.sim import _load_words, play_game
from buyword.bots.view import SeatView
from buyword.engine import Challenge, Game, Phase, Rules, Sell


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return _load_words()


def play_checked(levels, seed, words, rules=None):
    """Play a game of bots, checking every action before it is applied; returns the game."""
    finder, lexicon = words
    game = Game.new([f"P{i}" for i in range(len(levels))], dictionary=lexicon, seed=seed,
                    rules=rules)
    bots = [make_bot(level, finder, seed * 16 + seat) for seat, level in enumerate(levels)]
    while game.current is not None:
        seat = game.current
        before = game.state()
        action = bots[seat].act(game, seat)
        assert game.state() == before, f"{levels[seat]} changed the game while deciding"
        assert game.why_not(action) is None, f"{levels[seat]}: {action} illegal\n{game.dump()}"
        if isinstance(action, Sell):
            assert lexicon.is_word(action.word.lower()), f"{action.word} is not a word"
        game.apply(action)
    return game


@pytest.mark.parametrize("level", BOT_NAMES)
def test_every_level_plays_a_solo_game_legally(level, words):
    game = play_checked([level], 11, words)
    assert game.phase is Phase.OVER
    assert game.outcome().standings[0].money >= 0


@pytest.mark.parametrize("levels", [
    ("expert", "easy"),
    ("hard", "medium", "greedy"),
    ("easy", "medium", "hard", "expert"),
])
def test_tables_of_two_to_four_play_legally(levels, words):
    for seed in (3, 4):
        game = play_checked(list(levels), seed, words)
        assert game.phase is Phase.OVER


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_tables_of_every_size_play_legally(players, words):
    """Seeded tables of random levels, with the box rules and a tile limit of 10."""
    rng = random.Random(players)
    for seed in range(30, 33):
        levels = [rng.choice(BOT_NAMES) for _ in range(players)]
        rules = Rules(tile_limit=10) if seed % 2 else None
        assert play_checked(levels, seed, words, rules).phase is Phase.OVER


def test_every_seat_of_a_tight_table_legal_with_no_tile_limit_and_long_words(words):
    rules = Rules(tile_limit=None, min_word_length=4)
    game = play_checked(["greedy", "easy", "medium"], 5, words, rules)
    sold = [a for a in game.actions if a.startswith("sell ")]
    assert sold and all(len(a.split()[1]) >= 4 for a in sold)


def test_challenge_mode_bots_sell_only_words_and_challenge_only_non_words(words):
    finder, lexicon = words
    rules = Rules(challenge_mode=True)
    game = play_checked(["medium", "hard"], 8, words, rules)
    assert not any(a.startswith("challenge") for a in game.actions)
    # A bluff by the human at seat 1 is challenged by the bot at seat 2.
    game = Game.new(["Ann", "Bot"], dictionary=lexicon, seed=1, rules=rules, bag="QXZJ")
    for action in ("roll 2", "buy", "buy", "sell QX"):
        game.apply(action)
    bot = make_bot("easy", finder, 1)
    before = game.state()
    assert bot.act(game, 1) == Challenge(2)
    assert game.state() == before


def test_a_bot_does_not_challenge_a_real_word(words):
    finder, lexicon = words
    game = Game.new(["Ann", "Bot"], dictionary=lexicon, seed=1,
                    rules=Rules(challenge_mode=True), bag="ATZZ")
    for action in ("roll 2", "buy", "discard", "sell AT"):
        game.apply(action)
    assert make_bot("expert", finder, 1).challenge(game, 1) is None


def test_the_view_knows_the_bag_contents_but_not_its_order(words):
    finder, lexicon = words
    game = Game.new(["Ann", "Bob"], dictionary=lexicon, seed=9)
    game.apply("roll 3")
    view = SeatView.of(game, 0)
    assert view.unseen == "".join(sorted(game.bag)) and view.bag_size == len(game.bag)
    assert view.drawn == game.players[0].drawn
    assert len(view.opponents) == 1 and view.opponents[0].seat == 1


def test_same_seeds_give_the_same_game(words):
    finder, lexicon = words
    first = play_game(["expert", "medium"], 21, finder, lexicon)
    again = play_game(["expert", "medium"], 21, finder, lexicon)
    assert (first.money, first.winners) == (again.money, again.winners)
    one = play_checked(["hard"], 2, words)
    two = play_checked(["hard"], 2, words)
    assert one.actions == two.actions


def test_unknown_level_is_refused(words):
    with pytest.raises(ValueError, match="not a computer player"):
        make_bot("grandmaster", words[0], 1)
    assert LEVELS == ("easy", "medium", "hard", "expert")


def test_expert_beats_the_greedy_baseline_on_fixed_seeds(words):
    """A strength regression check: over the same bags, Expert earns clearly more."""
    finder, lexicon = words
    seeds = range(101, 106)
    expert = [play_game(["expert"], s, finder, lexicon).money[0] for s in seeds]
    greedy = [play_game(["greedy"], s, finder, lexicon).money[0] for s in seeds]
    assert statistics.fmean(expert) > statistics.fmean(greedy) + 150
    assert statistics.fmean(expert) >= 1000


def test_lower_levels_know_fewer_words_all_from_the_dictionary(words):
    finder, lexicon = words
    easy = make_bot("easy", finder, 1).index
    expert = make_bot("expert", finder, 1).index
    assert 0 < len(easy) < len(expert) // 4
    assert all(lexicon.is_word(word) for word in easy.finder.words())
    # A rare word: Expert can sell it, Easy does not know it; both know a common one.
    assert expert.finder.spelled("CIIOQTUX") and not easy.finder.spelled("CIIOQTUX")  # QUIXOTIC
    assert easy.finder.spelled("AQRTUZ")  # QUARTZ
