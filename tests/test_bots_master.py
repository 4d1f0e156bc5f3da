"""Master: its appraisal (what a person did among its estimates, identical decisions valued
identically), legal play at tiny budgets, and rollouts that follow the rules as the engine does.

Every search here counts rollouts (`Search.max_rollouts`) under a budget it never reaches, so
the results do not depend on the machine's speed.
"""

from __future__ import annotations

import random

import pytest
from words_helpers import index_cache

from buyword.bots import LEVELS, LevelBot, MasterBot, make_bot
from buyword.bots import master as master_module
from buyword.bots.index import WordIndex, dearest_words
from buyword.bots.master import PLAYING, Decision, Estimate, Search
from buyword.bots.rollout import Luck, QuickBot, Rollout
from buyword.bots.view import SeatView
from buyword.engine import Buy, Choose, Discard, Done, Drop, Game, Phase, Roll, Rules, Sell
from buyword.engine import events as ev
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait
from buyword.table.services import Services
from buyword.table.weighing import review_master

#: A budget no test reaches: the rollout counts decide when a search stops.
UNHURRIED = 1e9

#: A small, deterministic search.
TINY = Search(breadth=3, horizon=1, min_rollouts=2, max_rollouts=3)


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return Services.shared(index_cache()).words()


def master(words, search: Search = TINY, seed: int = 1) -> MasterBot:
    """A Master over the bundled words, searching as `search` with no time limit."""
    return MasterBot(WordIndex.common(words[0], None), seed, search=search, budget=UNHURRIED)


def solo_at(words, seed: int, phase: Phase, rules: Rules | None = None,
            levels: tuple[str, ...] = ("expert",)):
    """A table of Experts on `seed`, played until seat 1 is to act in `phase`; the session."""
    finder, lexicon = words
    names = [f"P{i}" for i in range(len(levels))]
    game = Game.new(names, dictionary=lexicon, seed=seed, rules=rules)
    session = TableSession(game, [Seat(n, lv) for n, lv in zip(names, levels, strict=True)],
                           finder)
    while not (game.phase is phase and game.current == 0):
        assert session.awaiting().wait is not Wait.OVER, f"no {phase} on seed {seed}"
        session.play(session.think())
    return session


def test_master_is_the_strongest_level_and_make_bot_makes_it(words):
    assert LEVELS[-1] == "master"
    bot = make_bot("master", words[0], 3, budget=0.25)
    assert isinstance(bot, MasterBot) and bot.budget == 0.25 and bot.level == "master"
    assert make_bot("master", words[0], 3).budget == Search().budget == 1.0


def test_appraise_values_what_a_person_did_beside_its_own_choices(words):
    session = solo_at(words, 2, Phase.SELL)
    view = session.view(0)
    bot = master(words)
    person = Decision((Done(),))  # the person sold nothing
    estimates = bot.appraise(view, also=[person])
    assert person in [e.decision for e in estimates]
    assert all(isinstance(e, Estimate) and e.rollouts >= TINY.min_rollouts for e in estimates)
    # After Master's choice: the decisions still in the race (the most rollouts), by mean,
    # then those dropped from it.
    most = max(e.rollouts for e in estimates)
    rest = estimates[1:]
    racing = [e for e in rest if e.rollouts == most]
    assert rest[: len(racing)] == racing
    assert [e.mean for e in racing] == sorted((e.mean for e in racing), reverse=True)
    mine = next(e for e in estimates if e.decision == person)
    assert mine.rollouts == max(e.rollouts for e in estimates)  # never dropped from the race
    # Every estimate is of money at the end: at least what the seat holds now, less nothing
    # it must pay (it can always discard).
    assert all(e.mean >= 0 for e in estimates)


def test_the_same_seed_appraises_the_same(words):
    view = solo_at(words, 2, Phase.BUY).view(0)
    first = master(words).appraise(view)
    again = master(words).appraise(view)
    assert first == again
    assert {e.decision for e in first} == {Decision((Buy(),)), Decision((Discard(),))}


def test_identical_decisions_meet_the_same_luck_and_get_identical_means(words):
    view = solo_at(words, 4, Phase.SELL).view(0)
    bot = master(words, Search(horizon=2, min_rollouts=99, max_rollouts=4))
    nothing = Decision((Done(),))
    first, second = bot.race(view, [nothing, nothing], set(), UNHURRIED)
    assert first.rollouts == second.rollouts == 4
    assert (first.mean, first.stderr) == (second.mean, second.stderr)
    assert first.stderr > 0  # the lucks differ between rollouts


def test_a_budget_in_rollouts_counts_every_options_rollouts_whatever_the_clock(words):
    finder, lexicon = words
    session = TableSession(Game.new(["P0"], dictionary=lexicon, seed=1), [Seat("P0")], finder)
    session.act(0, "roll choice")
    view = session.view(0)  # four draw counts to weigh
    # No option is ever dropped (racing starts after 99 rollouts): four a round.
    search = Search(horizon=1, min_rollouts=99, max_rollouts=1000)

    def appraised(budget: float, rollouts: int) -> list[Estimate]:
        return MasterBot(WordIndex.common(finder, None), 1, search=search, budget=budget,
                         rollouts=rollouts).appraise(view)

    # A nanosecond's budget would stop after two rounds; the count plays on to 20 (another
    # round would take the decision to 24), whatever the clock says.
    estimates = appraised(1e-9, 23)
    assert [e.rollouts for e in estimates] == [5, 5, 5, 5]
    assert appraised(1e9, 23) == estimates
    with pytest.raises(ValueError, match="at least one"):
        MasterBot(WordIndex.common(words[0], None), 1, rollouts=0)


def test_a_decision_that_spends_its_whole_budget_ends_within_it(words, monkeypatch):
    """The budget counts from the start of the decision (Expert's choice of candidates
    included), and the rollouts stop short of it by `Search.reserve`, so a Master that thinks
    its whole second still answers within the second. A fake clock counts the time: 30 ms to
    pick the candidates and 1 ms a rollout."""
    finder, lexicon = words
    session = TableSession(Game.new(["P0"], dictionary=lexicon, seed=1), [Seat("P0")], finder)
    session.act(0, "roll choice")
    view = session.view(0)  # four draw counts, none ever dropped: the budget decides
    now = [0.0]
    monkeypatch.setitem(master_module.CLOCKS, "cpu", lambda: now[0])
    candidates, play = MasterBot.candidates, MasterBot._play

    def slow_candidates(bot: MasterBot, view: SeatView) -> list[Decision]:
        now[0] += 0.030
        return candidates(bot, view)

    def slow_play(bot: MasterBot, *args: object) -> float:
        now[0] += 0.001
        return play(bot, *args)

    monkeypatch.setattr(MasterBot, "candidates", slow_candidates)
    monkeypatch.setattr(MasterBot, "_play", slow_play)
    search = Search(clock="cpu", horizon=1, min_rollouts=10**6, max_rollouts=10**6)
    bot = MasterBot(WordIndex.common(finder, None), 1, search=search, budget=1.0)
    assert bot.choose(view) in view.rules.draw_choices
    # It thought almost all of its second (a round is four rollouts, 4 ms), and no longer.
    assert 1.0 - search.reserve - 0.010 <= now[0] <= 1.0 - search.reserve


def test_at_the_table_master_weighs_each_option_longer_than_a_review_does(words):
    """A Master at a table (thinking a second) plays every option 16 times before it drops
    one or settles; the review and the coach keep the quicker race of before, so what they
    say of a game is unchanged."""
    view = solo_at(words, 1, Phase.BUY).view(0)
    table = make_bot("master", words[0], 1).appraisal(view, stream="s", rollouts=40)
    review = review_master(words[0]).appraisal(view, stream="s", rollouts=40)
    assert [e.rollouts for e in review.estimates] == [6, 6]
    assert min(e.rollouts for e in table.estimates) >= PLAYING.min_rollouts == 16


def test_a_decision_the_seat_cannot_take_is_refused_in_a_players_words(words):
    view = solo_at(words, 2, Phase.SELL).view(0)
    bot = master(words)
    with pytest.raises(ValueError, match="cannot make all of it"):
        bot.appraise(view, also=[Decision((Sell("QUIZZES"), Done()))])
    with pytest.raises(ValueError, match="not a decision of the sell step"):
        bot.appraise(view, also=[Decision((Buy(),))])
    roll = solo_at(words, 2, Phase.ROLL).view(0)
    with pytest.raises(ValueError, match="no decision to appraise"):
        bot.appraise(roll)
    drafted = solo_at(words, 2, Phase.BUY, Rules(draft=True)).view(0)
    with pytest.raises(ValueError, match="cannot appraise a game with"):
        bot.appraise(drafted)


@pytest.mark.parametrize("min_length", [2, 3])
def test_the_rollouts_find_the_dearest_words_in_the_order_the_index_lists_them(words,
                                                                               min_length):
    index = WordIndex.common(words[0], None).at_least(min_length)
    rng = random.Random(min_length)
    bag = Rules().tiles.bag()
    for _ in range(6):
        hand = "".join(sorted(rng.sample(bag, rng.randint(0, 10))))
        wilds = rng.choice((0, 1, 8))
        assert list(dearest_words(index, hand, wilds)) == index.words_in(hand, wilds), hand


def test_in_a_game_the_rollouts_do_not_model_master_decides_as_expert(words):
    view = solo_at(words, 2, Phase.BUY, Rules(draft=True)).view(0)
    expert = make_bot("expert", words[0], 5)
    assert master(words, seed=5).act(view) == expert.act(view)


def test_describe_says_each_decision_in_a_players_words():
    assert Decision((Buy(),)).describe() == "buy"
    assert Decision((Discard(),)).describe() == "discard"
    assert Decision((Choose(3),)).describe() == "choose 3"
    assert Decision((Sell("CAT"), Sell("DOG"), Done())).describe() == "sell CAT, DOG"
    assert Decision((Done(),)).describe() == "sell nothing"
    assert Decision((Drop("QX"),)).describe() == "drop Q X"


def test_choose_weighs_every_draw_count(words):
    finder, lexicon = words
    game = Game.new(["P0"], dictionary=lexicon, seed=1)
    session = TableSession(game, [Seat("P0")], finder)
    session.act(0, "roll choice")
    view = session.view(0)
    assert view.phase is Phase.CHOOSE
    estimates = master(words).appraise(view)
    assert sorted(e.decision.actions[0].count for e in estimates) == [2, 3, 4, 5]


def test_the_quick_expert_values_tiles_exactly_as_the_levels_do(words):
    """Remembering hands changes the rollouts' speed, never a value."""
    index = WordIndex.common(words[0], None)
    quick = QuickBot(index, 0, TINY.policy, "quick expert")
    view = solo_at(words, 2, Phase.SELL).view(0)
    rng = random.Random(5)
    bag = Rules().tiles.bag()
    for _ in range(20):
        tiles = "".join(sorted(rng.sample(bag, rng.randint(0, 9))))
        futures = ["".join(rng.sample(bag, 3)) for _ in range(3)]
        wilds = rng.choice((0, 1, 8))
        assert quick._value(tiles, wilds, futures, {}, view) == pytest.approx(
            index.leave_value(tiles, wilds, futures)), (tiles, futures, wilds)


def test_the_rollouts_drop_at_the_tile_limit_as_expert_weighs_it(words):
    """Not the quick rule (the dearest word, then the handiest tiles): Expert's weighing."""
    session = solo_at(words, 3, Phase.DROP)
    view = session.view(0)
    size = view.tile_limit
    assert size is not None and len(view.hand) > size
    index = WordIndex.common(words[0], None)
    quick = QuickBot(index, 5, TINY.policy, "quick expert")
    expert = LevelBot(index, 5, TINY.policy, "expert")
    kept = quick.keep(view, size)
    assert kept == expert.keep(view, size) and len(kept) == size


def test_options_reaching_the_same_bag_are_valued_against_the_same_end_futures(words):
    view = solo_at(words, 2, Phase.BUY).view(0)
    policy = QuickBot(WordIndex.common(words[0], None), 0, TINY.policy, "quick expert")
    luck = Luck(view.unseen[: view.bag_size], (2, 3), 7)
    ends = []
    for bought in (True, False):  # the hands differ, the bag does not
        rollout = Rollout(view, luck, policy, horizon=1)
        rollout.buy(bought)
        seen = rollout._seen(Phase.ROLL)
        ends.append(rollout._end_futures(seen))
    assert ends[0] == ends[1] and len(ends[0]) == 12 and len(set(ends[0])) > 1


@pytest.mark.slow  # two whole games, a few rollouts a decision
@pytest.mark.parametrize(("levels", "seed"), [(("master",), 3), (("master", "expert"), 5)])
def test_master_plays_whole_games_legally(words, levels, seed):
    finder, lexicon = words
    search = Search(breadth=2, horizon=1, min_rollouts=2, max_rollouts=2)
    names = [f"P{i}" for i in range(len(levels))]
    game = Game.new(names, dictionary=lexicon, seed=seed)
    session = TableSession(game, [Seat(n, lv) for n, lv in zip(names, levels, strict=True)],
                           finder)
    session.bots[0] = MasterBot(WordIndex.common(finder, None), 1, search=search,
                                budget=UNHURRIED)
    while session.awaiting().wait is not Wait.OVER:
        decision = session.think()
        assert game.why_not(decision.action) is None, f"{decision.action}\n{game.dump()}"
        session.play(decision)
    assert game.phase is Phase.OVER


def drive(game: Game, session: TableSession, policy: QuickBot) -> None:
    """Play `game` to the end: seat 1 by `policy`, deciding as in a rollout; another seat
    chooses 2 on CHOICE (as the rollouts take another leader to), discards and sells nothing
    (its play cannot change seat 1's money)."""
    while game.phase is not Phase.OVER:
        seat = game.current
        view = session.view(0)
        match game.phase:
            case Phase.ROLL:
                game.apply(Roll())
            case Phase.CHOOSE:
                game.apply(Choose(policy.choose(view) if seat == 0 else 2))
            case Phase.BUY:
                mine = seat == 0 and view.can_buy and policy.buy(view)
                game.apply(Buy() if mine else Discard())
            case Phase.SELL:
                for word in policy.sell(view) if seat == 0 else ():
                    game.apply(Sell(policy.index.notation(word.letters, word.wild)))
                game.apply(Done())
            case Phase.DROP:
                game.apply(Drop(policy.drop(view)))


@pytest.mark.slow  # whole games by the rollouts' policy
@pytest.mark.parametrize(("seed", "rules", "seats"),
                         [(6, None, 1), (8, None, 2)])
def test_a_rollout_on_the_real_bag_and_rolls_ends_with_the_engines_money(words, seed, rules,
                                                                          seats):
    """Given the game's own bag order and die faces, a rollout to the end of the game and the
    engine, played by the same policy with the same seed, end with the same money (at a table
    of two, the other seat's draws empty the bag and it leads every other round)."""
    finder, lexicon = words
    index = WordIndex.common(finder, None)
    policy = QuickBot(index, 0, TINY.policy, "quick expert")
    names = [f"P{i}" for i in range(seats)]
    game = Game.new(names, dictionary=lexicon, seed=seed, rules=rules)
    # Open hands: seat 1 sees the other draws, so its unseen tiles are the bag, as in a rollout.
    session = TableSession(game, [Seat(n) for n in names], finder, private_hands=False)
    game.apply(Roll())
    while game.phase is Phase.CHOOSE:
        game.apply(Choose(2))
    start = session.view(0)  # round 1's buy: the rollout starts here
    policy.rng.seed(99)
    game.apply(Buy() if start.can_buy else Discard())
    drive(game, session, policy)
    faces = tuple(e.face for e in game.log if isinstance(e, ev.Rolled))[1:]
    luck = Luck(game.start_bag[len(game.start_bag) - start.bag_size:], faces, 99)
    rollout = Rollout(start, luck, policy, horizon=1000)
    assert rollout.buy(start.can_buy) == game.players[0].money


@pytest.mark.parametrize("budget", ["0", "-1", "1000"])
def test_sim_refuses_a_budget_master_cannot_use(budget, capsys):
    from buyword.cli import main

    assert main(["sim", "--players", "master", "--games", "1", "--budget", budget]) == 2
    assert "--budget" in capsys.readouterr().err



def test_the_new_game_form_offers_master_for_a_seat():
    from buyword.ui.screens.new_game import seat_kinds

    assert ("Computer · master", "master") in seat_kinds(optional=False)
