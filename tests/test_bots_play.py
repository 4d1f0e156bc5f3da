"""Computer players: every action legal, the live game never changed, only dictionary words,
the same seeds giving the same game, and Expert clearly stronger than the greedy baseline."""

from __future__ import annotations

import random
import statistics

import pytest
from words_helpers import index_cache

from buyword.analysis.sim import play_game
from buyword.bots import BOT_NAMES, LEVELS, make_bot
from buyword.engine import Game, Phase, Rules, Sell
from buyword.engine import events as ev
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.table.services import Services


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return Services.shared(index_cache()).words()


def play_checked(levels, seed, words, rules=None):
    """Play a game of bots at a table session, checking every decision before it is applied;
    returns the game."""
    finder, lexicon = words
    game = Game.new([f"P{i}" for i in range(len(levels))], dictionary=lexicon, seed=seed,
                    rules=rules)
    seats = [Seat(f"P{i}", level) for i, level in enumerate(levels)]
    session = TableSession(game, seats, finder)
    while session.awaiting().wait is not Wait.OVER:
        before = game.state()
        decision = session.think()
        level = levels[decision.seat]
        assert decision.error is None, f"{level} failed: {decision.error}"
        assert game.state() == before, f"{level} changed the game while deciding"
        action = decision.action
        if session.awaiting().wait is not Wait.CHALLENGE:
            assert game.why_not(action) is None, f"{level}: {action} illegal\n{game.dump()}"
        if isinstance(action, Sell):
            assert lexicon.is_word(action.word.lower()), f"{action.word} is not a word"
        session.play(decision)
    return game


def slow(*values: object) -> object:
    """A parameter whose whole game takes over a second: run with the whole suite only."""
    return pytest.param(*values, marks=pytest.mark.slow)


#: Every player but Master, whose whole games take a second a decision (tests/test_bots_master.py
#: plays it at tiny budgets).
QUICK_NAMES = tuple(name for name in BOT_NAMES if name != "master")


@pytest.mark.parametrize(
    "level", [slow(level) if level in ("easy", "hard", "expert") else level
              for level in QUICK_NAMES])
def test_every_level_plays_a_solo_game_legally(level, words):
    game = play_checked([level], 11, words)
    assert game.phase is Phase.OVER
    assert game.outcome().standings[0].money >= 0


@pytest.mark.parametrize("levels", [
    slow(("expert", "easy")),
    ("hard", "medium", "greedy"),
    slow(("easy", "medium", "hard", "expert")),
])
def test_tables_of_two_to_four_play_legally(levels, words):
    for seed in (3, 4):
        game = play_checked(list(levels), seed, words)
        assert game.phase is Phase.OVER


@pytest.mark.parametrize("players", [1, slow(2), slow(3), slow(4)])
def test_random_tables_of_every_size_play_legally(players, words):
    """Seeded tables of random levels, with the box rules and a tile limit of 10."""
    rng = random.Random(players)
    for seed in range(30, 33):
        levels = [rng.choice(QUICK_NAMES) for _ in range(players)]
        rules = Rules(tile_limit=10) if seed % 2 else None
        assert play_checked(levels, seed, words, rules).phase is Phase.OVER


@pytest.mark.slow  # a whole table game by computer players
def test_every_seat_of_a_tight_table_legal_with_no_tile_limit_and_long_words(words):
    rules = Rules(tile_limit=None, min_word_length=4)
    game = play_checked(["greedy", "easy", "medium"], 5, words, rules)
    sold = [a for a in game.actions if a.startswith("sell ")]
    assert sold and all(len(a.split()[1]) >= 4 for a in sold)


@pytest.mark.slow  # a whole computers' game
def test_challenge_mode_computers_sell_only_words_and_judge_by_their_own_vocabulary(words):
    finder, lexicon = words
    rules = Rules(challenge_mode=True)
    game = play_checked(["expert", "expert"], 8, words, rules)
    # Experts know every word of the dictionary and sell only those: nothing to challenge.
    assert any(a.startswith("sell") for a in game.actions)
    assert not any(a.startswith("challenge") for a in game.actions)
    # Easy knows only common words: it challenges a rare one and loses.
    easy, expert = make_bot("easy", finder, 1), make_bot("expert", finder, 1)
    rare = ev.Sold(0, "Ann", "QUIXOTIC", "QUIXOTIC", None, 14, 196)
    common = ev.Sold(0, "Ann", "QUARTZ", "QUARTZ", None, 11, 121)
    bluff = ev.Sold(0, "Ann", "QX", "QX", None, 8, 64)
    view = _view(lexicon, finder, rules)
    assert easy.challenge(view, rare) and not expert.challenge(view, rare)
    assert not easy.challenge(view, common) and not expert.challenge(view, common)
    assert easy.challenge(view, bluff) and expert.challenge(view, bluff)
    own = ev.Sold(1, "Bot", "QX", "QX", None, 8, 64)
    assert not expert.challenge(view, own)  # never its own sale


def _view(lexicon, finder, rules):
    """Seat 2's view of a fresh two-player game."""
    game = Game.new(["Ann", "Bot"], dictionary=lexicon, seed=1, rules=rules)
    return TableSession(game, [Seat("Ann"), Seat("Bot", "expert")], finder).view(1)


@pytest.mark.slow  # whole games by computer players
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
    assert LEVELS == ("easy", "medium", "hard", "expert", "master")


@pytest.mark.slow  # whole games by computer players
def test_expert_beats_the_greedy_baseline_on_fixed_seeds(words):
    """A strength regression check: over the same bags, Expert earns clearly more."""
    finder, lexicon = words
    seeds = range(101, 104)  # Expert makes $350 to $650 more on each
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
