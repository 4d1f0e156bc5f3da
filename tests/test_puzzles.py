"""Puzzles: a clear decision made into a puzzle from the seat's view only, its file read back
by the typed codec (and a damaged one refused by its field), an answer judged, the ratings an
attempt moves (Glicko-2, checked against Glickman's worked example), and progress kept in the
store. Master weighs a fixed number of rollouts, so the figures do not depend on the machine.
"""

from __future__ import annotations

import json
import math
from dataclasses import fields, replace

import pytest
from words_helpers import index_cache

from buyword.analysis.puzzles import (
    LEVELS,
    SOLVERS,
    MineTask,
    appraiser,
    disputed,
    load_level_ratings,
    mistakes,
    play_record,
    rated_levels,
    rating_band,
    rerated,
    sampled,
    spread,
    wanted,
)
from buyword.analysis.review import review_game
from buyword.bots import make_bot
from buyword.bots.master import Appraisal, Decision, Estimate
from buyword.cli import main
from buyword.engine import Discard, Done, Game, GameRecord, RecordError, Rules, Sell
from buyword.engine.actions import parse_action
from buyword.store import Store
from buyword.store.puzzles import (
    PERSONAL,
    PROGRESS,
    Glicko,
    Position,
    PuzzleProgress,
    PuzzleSet,
    Source,
    progress_from,
    puzzle_id,
    puzzle_set_from,
    puzzle_set_json,
)
from buyword.store.table_ratings import SkillRating, rate_game, skill_model
from buyword.table.puzzles import (
    clear_gap,
    confirmed,
    judge,
    level_answer,
    make_puzzle,
    offer,
    prompt,
    rate_attempt,
    starting_rating,
    updated,
    view_of,
)
from buyword.table.services import Services
from buyword.table.weighing import (
    Moment,
    decision_stream,
    moments,
    replay_start,
    review_master,
    view_at,
)

ROLLOUTS = 24


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return Services.shared(index_cache()).words()


def _junk_view(words):
    """Two seats; round 1 draws Q, X and Z for seat 1 ($144: only ZaX, $81, sells from them),
    and the other seat's hand is hidden from it."""
    game = Game.new(["You", "Ann"], dictionary=words[1], seed=5, rules=Rules(),
                    bag="QXZ" + "ABC")
    game.apply("roll 3")
    return game, view_at(game, 0)


@pytest.fixture(scope="module")
def junk(words):
    """The junk draw as a puzzle, with the appraisal it was made from."""
    game, view = _junk_view(words)
    master = appraiser(words[0])
    appraisal = master.appraisal(view, stream="5/1", rollouts=ROLLOUTS)
    source = Source(5, ("easy", "expert"), 1, ROLLOUTS)
    puzzle = make_puzzle(view, appraisal, source, puzzle_id(5, 1, 0))
    assert puzzle is not None
    return game, view, appraisal, puzzle


def test_a_clear_decision_becomes_a_puzzle_in_the_coachs_words(junk) -> None:
    _, view, appraisal, puzzle = junk
    assert clear_gap(appraisal) >= 10
    assert puzzle.kind == "buy" and prompt(puzzle) == "Buy or discard?"
    assert [a.says for a in puzzle.right] == ["discard"]
    bought = next(a for a in puzzle.answers if a.says == "buy")
    assert not bought.right and bought.loses >= 10
    # The coach's own line on buying: what discarding was worth more, and why.
    assert puzzle.explanation.startswith("Discarding was worth about $")
    assert "these tiles cost $144" in puzzle.explanation


def _sale_puzzle(best: tuple[str, ...], second: tuple[str, ...]):
    """A sale from ACDGOT with two wilds, weighed as `best` (sold words) $30 ahead of
    `second`."""
    position = Position(0, ("You",), "sell", 4, 0, False, 3, 3, "ACDGOT", 150, 2, "", 60,
                        "".join(sorted("EEEIIOOUUAARRSSTTNNLL" * 2 + "BCDFGHKMPW")), 0)
    view = view_of(position, Rules())
    estimates = tuple(Estimate(Decision((*map(Sell, words), Done())), mean, 2.0, 96)
                      for words, mean in ((best, 900.0), (second, 870.0)))
    appraisal = Appraisal(estimates, (0.0, 1.0), (0.0, 30.0))
    return make_puzzle(view, appraisal, Source(1, ("easy", "easy"), 50, 96), "1-50-0")


@pytest.mark.parametrize(("best", "second", "kind"), [
    (("CAt",), ("CAT",), "wild"),  # spend the wild on the T, or not at all
    (("CAt",), ("cAT",), "wild"),  # the wild for the T, or for the C
    (("CAt",), ("DOg",), "wild"),  # the wild in one word, or in another
    (("CAt", "DOG"), ("CAt",), "sell"),  # the wild alike: which words to sell
    (("CAT",), ("DOG",), "sell"),
])
def test_a_sale_whose_two_best_answers_spend_the_wild_differently_asks_where_it_goes(
        best, second, kind) -> None:
    puzzle = _sale_puzzle(best, second)
    assert puzzle is not None and puzzle.kind == kind
    assert prompt(puzzle) == {"wild": "Where does the wild go, if anywhere?",
                              "sell": "Which words do you sell?"}[kind]


def test_a_position_holds_only_what_the_seat_sees(junk) -> None:
    game, view, _, puzzle = junk
    position = puzzle.position
    assert (position.hand, position.drawn, position.money) == (view.hand, "QXZ", 200)
    # Ann's draw (ABC) is among the unseen tiles, mixed and sorted, and nowhere else.
    ann = game.player(1)
    assert ann.drawn == "ABC"
    assert position.unseen == "".join(sorted(position.unseen))
    assert all(position.unseen.count(t) == view.unseen.count(t) for t in "ABCQXZ")
    data = json.loads(puzzle_set_json(PuzzleSet(Rules(), (puzzle,))))["puzzles"][0]
    assert data["position"]["rivals"] == [{"name": "Ann", "money": 200, "wilds": 4, "tiles": 0}]
    assert "ABC" not in json.dumps(data["position"])


def test_the_view_is_built_back_from_the_position(junk) -> None:
    _, view, _, puzzle = junk
    again = view_of(puzzle.position, Rules())
    for f in fields(view):
        if f.name in ("log", "opponents", "draws"):
            continue
        assert getattr(again, f.name) == getattr(view, f.name), f.name
    assert [(o.seat, o.money, o.tiles, o.hand) for o in again.opponents] == \
        [(o.seat, o.money, o.tiles, None) for o in view.opponents]


def test_the_answer_is_confirmed_on_another_stream(words, junk) -> None:
    _, _, appraisal, puzzle = junk
    master = appraiser(words[0])
    again = master.appraisal(view_of(puzzle.position, Rules()), stream="5/1/confirm",
                             rollouts=ROLLOUTS)
    assert again.estimates != appraisal.estimates  # other lucks
    assert confirmed(appraisal, again)


def test_a_close_decision_is_no_puzzle(words, junk) -> None:
    _, view, appraisal, _ = junk
    buy, discard = sorted(appraisal.estimates, key=lambda e: e.decision.describe())
    close = replace(appraisal, estimates=(discard, replace(buy, mean=discard.mean - 9)))
    assert clear_gap(close) is None
    noisy = replace(appraisal, estimates=(discard, replace(buy, mean=discard.mean - 30,
                                                           stderr=20.0)))
    assert clear_gap(noisy) is None
    assert make_puzzle(view, close, Source(5, (), 1, ROLLOUTS), "x") is None


def test_answers_are_judged_and_levels_try_them(words, junk) -> None:
    _, view, _, puzzle = junk
    assert judge(puzzle, (Discard(),)).right
    expert = make_bot("expert", words[0], 1)
    assert level_answer(expert, view_of(puzzle.position, Rules())) == (Discard(),)


# ----------------------------------------------------------------- the file


def test_the_puzzle_file_reads_back_as_written(junk) -> None:
    puzzle = junk[3]
    built = {"runs": [{"command": "buyword puzzles build --seed 5"}]}
    text = puzzle_set_json(PuzzleSet(Rules(), (puzzle,), built))
    read = puzzle_set_from(text)
    assert read.puzzles == (puzzle,) and read.rules == Rules() and read.built == built


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: d["puzzles"][0].update(rating="high"),
     "the puzzle file's puzzles[0].rating should be a decimal number, not text"),
    (lambda d: d["puzzles"][0]["position"].update(phase="roll"),
     "the puzzle file's puzzles[0].position.phase 'roll' is not one this version knows"),
    (lambda d: d["puzzles"][0].update(answers=d["puzzles"][0]["answers"][:1]),
     "the puzzle file's puzzles[0].answers should have at least 2 entries"),
    (lambda d: d.update(format=9), "newer format (9)"),
])
def test_a_damaged_puzzle_file_is_refused_by_its_field(junk, change, said) -> None:
    data = json.loads(puzzle_set_json(PuzzleSet(Rules(), (junk[3],))))
    change(data)
    with pytest.raises(RecordError) as refused:
        puzzle_set_from(json.dumps(data))
    assert said in str(refused.value)


def test_no_right_answer_is_refused(junk) -> None:
    data = json.loads(puzzle_set_json(PuzzleSet(Rules(), (junk[3],))))
    for answer in data["puzzles"][0]["answers"]:
        answer["right"] = False
    with pytest.raises(RecordError, match="has no right answer"):
        puzzle_set_from(json.dumps(data))


# ----------------------------------------------------------------- ratings


def test_glicko2_gives_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): a 1500 (RD 200) player beats a 1400
    # (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300): 1464.06, RD 151.52, 0.05999.
    after = updated(Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0),
                                              (Glicko(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_glicko2_with_no_games_only_widens_the_deviation() -> None:
    # The paper's step 6 alone: a player who sat out keeps rating and volatility, and the
    # deviation grows to sqrt(phi^2 + sigma^2) on Glicko-2's scale.
    after = updated(Glicko(1500, 200, 0.06), [])
    assert (after.rating, after.volatility) == (1500, 0.06)
    assert after.deviation == pytest.approx(math.hypot(200 / 173.7178, 0.06) * 173.7178)
    assert after.deviation == pytest.approx(200.27, abs=0.01)


def test_glicko2_depends_only_on_rating_differences() -> None:
    # The same example 500 points lower moves by exactly as much (the glicko2 package's step 5
    # read the rating where Glickman has the deviation: its volatility drifted here).
    games = [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]
    high = updated(Glicko(1500, 200, 0.06), [(Glicko(r, d), s) for r, d, s in games])
    low = updated(Glicko(1000, 200, 0.06), [(Glicko(r - 500, d), s) for r, d, s in games])
    assert low.rating == pytest.approx(high.rating - 500, abs=1e-6)
    assert low.deviation == pytest.approx(high.deviation, rel=1e-9)
    assert low.volatility == pytest.approx(high.volatility, rel=1e-9)


def test_an_attempt_moves_both_ratings(junk) -> None:
    puzzle = junk[3]
    progress = PuzzleProgress()
    change = rate_attempt(progress, puzzle, judge(puzzle, (Discard(),)), "2026-12-05T08:00")
    assert change.after > change.before == 1500
    assert progress.puzzles[puzzle.id].rating < puzzle.rating
    wrong = next(a for a in puzzle.answers if not a.right)
    second = rate_attempt(progress, puzzle, wrong, "2026-12-05T08:01")
    assert second.after < second.before
    assert [a.right for a in progress.attempts] == [True, False]
    assert change.describe().startswith(f"Rating {round(change.after)} ± ")


def test_a_puzzle_solved_by_every_level_starts_low() -> None:
    levels = {"easy": Glicko(1200, 60), "medium": Glicko(1400, 60), "expert": Glicko(1800, 60)}
    easy = starting_rating(levels, ("easy", "medium", "expert"))
    hard = starting_rating(levels, ("expert",))
    none = starting_rating(levels, ())
    assert easy.rating < hard.rating < none.rating


def test_puzzles_are_offered_near_the_rating(junk) -> None:
    puzzle = junk[3]
    puzzles = [replace(puzzle, id=f"p{r}", rating=r, themes=("wild",) if r == 1900 else ())
               for r in (1100, 1450, 1900)]
    progress = PuzzleProgress()
    assert offer(puzzles, progress).id == "p1450"
    progress.rating = Glicko(2000, 100)
    assert offer(puzzles, progress).id == "p1900"
    assert offer(puzzles, progress, theme="wild").id == "p1900"
    progress.rating = Glicko(1000, 100)
    assert offer(puzzles, progress, theme="wild").id == "p1900"
    assert offer(puzzles, progress, kind="drop") is None


# ----------------------------------------------------------------- progress in the store


def test_progress_is_kept_and_read_back(tmp_path, junk) -> None:
    puzzle = junk[3]
    store = Store(tmp_path)
    store.update_puzzle_progress(
        lambda p: rate_attempt(p, puzzle, puzzle.right[0], "2026-12-05T08:00"))
    again = Store(tmp_path).puzzle_progress()
    assert again.rating.rating > 1500 and [a.puzzle for a in again.attempts] == [puzzle.id]
    assert progress_from(again.to_json()) == again


def test_a_damaged_progress_file_is_kept_aside_with_a_message(tmp_path) -> None:
    store = Store(tmp_path)
    path = store.data.path(PROGRESS)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "rating": {"rating": "high", "deviation": 1, '
                    '"volatility": 0.06}}', encoding="utf-8")
    progress = store.puzzle_progress()
    assert progress == PuzzleProgress()
    message = " ".join(store.take_messages())
    assert "puzzle progress could not be read" in message and "rating.rating" in message
    kept = [p for p in path.parent.iterdir() if p.name.startswith(PROGRESS + ".bad-")]
    assert len(kept) == 1 and '"high"' in kept[0].read_text(encoding="utf-8")


def test_puzzles_are_rated_from_the_levels_that_solve_them(junk) -> None:
    puzzle = junk[3]
    puzzles = PuzzleSet(Rules(), (replace(puzzle, id="all", solved_by=SOLVERS),
                                  replace(puzzle, id="expert", solved_by=("expert",)),
                                  replace(puzzle, id="none", solved_by=())))
    levels = {"easy": Glicko(1250, 50), "medium": Glicko(1400, 50), "hard": Glicko(1550, 50),
              "expert": Glicko(1700, 50), "master": Glicko(1900, 50)}
    rated = {p.id: p for p in rerated(puzzles, levels).puzzles}
    assert rated["all"].rating < rated["expert"].rating < rated["none"].rating
    assert all(p.deviation < 350 for p in rated.values())


# ----------------------------------------------------------------- the build


def _build(tmp_path, name: str, jobs: int) -> dict:
    out = tmp_path / name
    assert main(["puzzles", "build", "--seed", "3", "--games", "2", "--decisions", "2",
                 "--rollouts", "8", "--jobs", str(jobs), "--out", str(out)]) == 0
    read = puzzle_set_from(out.read_bytes())
    [run] = read.built["runs"]
    assert run["games"] == 2 and run["candidates"] == 4
    assert run["command"] == ("buyword puzzles build --seed 3 --games 2 --rollouts 8 "
                              "--decisions 2")
    return {p.id: p for p in read.puzzles}


@pytest.mark.slow
def test_a_build_is_the_same_in_one_process_or_two(tmp_path, capsys) -> None:
    one = _build(tmp_path, "one.json", 1)
    two = _build(tmp_path, "two.json", 2)
    assert one == two
    assert all(p.source.seed in (3, 4) and p.source.rollouts == 8 for p in one.values())
    assert "puzzles in" in capsys.readouterr().out


def test_a_build_weighs_only_the_kinds_asked_for_and_the_decisions_the_levels_dispute(
        words) -> None:
    record = play_record(("easy", "hard"), 7)
    found = moments(record, (0, 1))
    task = MineTask(7, ("easy", "hard"), 8, kinds=("drop", "wild"), disputed=True)
    chosen = wanted(record, found, task)
    everything = wanted(record, found, replace(task, kinds=(), disputed=False))
    assert [m.index for m in everything] == [m.index for m in found]
    assert chosen and {m.kind for m in chosen} <= {"drop", "wild"}
    assert {m.index for m in chosen} < {m.index for m in found if m.kind in ("drop", "sell")}
    levels = [make_bot(name, words[0], 7) for name in SOLVERS]
    game, done, chosen_at = replay_start(record), 0, {m.index for m in chosen}
    for moment in found:
        for text in record.actions[done:moment.index]:
            game.apply(parse_action(text))
        done = moment.index
        view = view_at(game, moment.seat)
        stream = decision_stream(7, moment.index)
        answers = set()
        for bot in levels:
            bot.rng.seed(f"{stream}/level")
            answers.add(level_answer(bot, view))
        assert disputed(levels, view, stream) == (len(answers) > 1)
        if moment.index in chosen_at:  # the levels answer it in more than one way
            assert len(answers) > 1 and (moment.kind == "drop" or view.wilds > 0), moment
        elif moment.kind == "drop":  # a drop left out: the levels all answer it alike
            assert len(answers) == 1, moment


def test_an_unknown_kind_is_refused_in_one_line(capsys) -> None:
    assert main(["puzzles", "build", "--kinds", "buy,wilds"]) == 2
    assert "--kinds: 'wilds' is not a kind of decision (choose, buy, sell, drop, wild)" in \
        capsys.readouterr().err


def test_a_spread_says_what_it_kept_and_keeps_the_earlier_spreads(tmp_path, junk,
                                                                   capsys) -> None:
    out = tmp_path / "puzzles.json"
    puzzles = [replace(junk[3], id=f"p{n}", rating=1000.0 + 300 * n) for n in range(4)]
    out.write_text(puzzle_set_json(PuzzleSet(Rules(), tuple(puzzles), {"runs": [{}]})),
                   encoding="utf-8")
    assert main(["puzzles", "spread", "--keep", "3", "--out", str(out)]) == 0
    assert main(["puzzles", "spread", "--keep", "2", "--out", str(out)]) == 0
    read = puzzle_set_from(out.read_bytes())
    assert [p.id for p in read.puzzles] == ["p0", "p1"]
    assert [(s["kept"], s["of"], s["after_runs"]) for s in
            (*read.built["earlier_spreads"], read.built["spread"])] == [(3, 4, 1), (2, 3, 1)]
    assert "by rating: 900–1099 1, 1300–1499 1" in capsys.readouterr().out


def test_a_games_sample_takes_the_rare_decisions_first() -> None:
    found = [Moment(n, 0, n // 4 + 1, "choose" if n % 10 == 3 else "buy", ()) for n in range(40)]
    chosen = sampled(found, 8)
    assert len(chosen) == 8 and [m.index for m in chosen] == sorted(m.index for m in chosen)
    assert {m.index for m in chosen if m.kind == "choose"} == {3, 13, 23, 33}
    # Half the sample at most: the others are not crowded out.
    chosen = sampled(found, 4)
    assert [m.kind for m in chosen].count("choose") == 2


def test_the_kept_puzzles_are_spread_over_kinds_and_difficulty(junk) -> None:
    puzzle = junk[3]
    buys = [replace(puzzle, id=f"b{n:02}", rating=1000.0) for n in range(20)]
    hard = [replace(puzzle, id=f"h{n}", rating=1650.0) for n in range(3)]
    sells = [replace(puzzle, id=f"s{n}", kind="sell", rating=1000.0) for n in range(2)]
    kept = spread([*buys, *hard, *sells], 9)
    assert len(kept) == 9
    assert sum(p.id.startswith("b") for p in kept) == 4
    assert {p.id for p in kept} >= {"h0", "h1", "h2", "s0", "s1"}
    assert [rating_band(r) for r in (1099.9, 1100.0, 1299.9, 1300.0, 1650.0)] == \
        [-1, 0, 0, 1, 2]


# ----------------------------------------------------------------- your mistakes


def test_your_costliest_decision_becomes_your_own_puzzle(tmp_path, words) -> None:
    # Solo: round 1 draws Q, X and Z ($144), and you buy them, then sell nothing.
    game = Game.new(["You"], dictionary=words[1], seed=5, rules=Rules(), bag="QXZ")
    for action in ("roll 3", "buy", "done"):
        game.apply(action)
    record = GameRecord.of(game)
    review = review_game(record, 0, review_master(words[0]), Decision, rollouts=16)
    [bought] = review.costliest()
    assert bought.yours == "buy"
    [puzzle] = mistakes(review, record, words[0], rollouts=ROLLOUTS)
    assert puzzle.kind == "buy" and [a.says for a in puzzle.right] == ["discard"]
    assert puzzle.position.drawn == "QXZ" and puzzle.source.levels == ("You",)
    store = Store(tmp_path)
    assert store.add_personal_puzzles([puzzle]) == 1
    assert Store(tmp_path).personal_puzzles() == (puzzle,)


def test_damaged_own_puzzles_are_kept_aside_with_a_message(tmp_path) -> None:
    store = Store(tmp_path)
    path = store.data.path(PERSONAL)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    assert store.personal_puzzles() == ()
    assert "Your own puzzles could not be read: your own puzzles is not JSON" in \
        " ".join(store.take_messages())
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(PERSONAL + ".bad-")]


def test_rate_levels_without_games_rates_the_puzzles_from_the_kept_ratings(tmp_path, junk,
                                                                          capsys) -> None:
    ratings = tmp_path / "levels.json"
    out = tmp_path / "puzzles.json"
    assert main(["puzzles", "rate-levels", "--games", "0", "--ratings", str(ratings),
                 "--out", str(out)]) == 2
    assert "there are no level ratings" in capsys.readouterr().out
    levels = {"easy": (5.0, 2.0), "medium": (15.0, 2.0), "hard": (25.0, 2.0),
              "expert": (35.0, 2.0), "master": (40.0, 2.0)}  # 910 to 1942 on Glicko's scale
    ratings.write_text(json.dumps({"format": 2, "levels": {
        name: {"mu": mu, "sigma": sigma} for name, (mu, sigma) in levels.items()}}),
        encoding="utf-8")
    hard = replace(junk[3], solved_by=("hard", "expert"))
    out.write_text(puzzle_set_json(PuzzleSet(Rules(), (hard,))), encoding="utf-8")
    assert main(["puzzles", "rate-levels", "--games", "0", "--ratings", str(ratings),
                 "--out", str(out)]) == 0
    [rated] = puzzle_set_from(out.read_bytes()).puzzles
    assert 1200 < rated.rating < 1500 and rated.deviation < 350


def test_the_levels_are_rated_by_openskill_from_games_of_two_three_and_four() -> None:
    results = [(1, 0, ("easy", "hard"), (500, 700)),
               (1, 1, ("easy", "medium", "expert"), (400, 600, 800)),
               (1, 2, ("master", "expert", "hard", "medium"), (900, 800, 700, 600)),
               (2, 0, ("hard", "easy"), (650, 650))]  # level money: a draw
    skills = rated_levels(results)
    assert min(skills, key=lambda name: skills[name].mu) == "easy"  # never ahead of anyone
    assert skills["expert"].mu > skills["medium"].mu and skills["master"].mu > SkillRating().mu
    assert [skills[n].games for n in LEVELS] == [3, 2, 3, 2, 1]
    # The same games, one at a time, through the table's own rating of a game.
    model, again = skill_model(), {name: SkillRating() for name in LEVELS}
    for _, _, levels, money in results:
        again.update(zip(levels, rate_game(model, [again[n] for n in levels], money),
                         strict=True))
    assert again == skills
    assert load_level_ratings(None) != {name: Glicko() for name in LEVELS}  # the shipped ones
