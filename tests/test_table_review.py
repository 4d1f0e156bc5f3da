"""The game review: a person's decisions in a saved game, weighed by a stand-in for Master.

The stand-in values each decision by a fixed table (so every figure is known in advance); the
real Master is exercised in tests/test_table_review_master.py.
"""

from __future__ import annotations

import json
import math
import os
import random
import signal
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from engine_helpers import WORDS, play, stacked

from buyword.analysis.cluster import ClusterError
from buyword.analysis.review import GameReview, review_game
from buyword.analysis.review_report import (
    ToReview,
    lost_text,
    print_review,
    read_report,
    report_json,
    review_report,
    run_review,
    summary_lines,
)
from buyword.bots.master import Appraisal
from buyword.bots.view import SeatView
from buyword.engine import (
    Action,
    Buy,
    Choose,
    Discard,
    Done,
    Drop,
    Game,
    GameRecord,
    Phase,
    RecordError,
    Rules,
    Sell,
)
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession
from buyword.table.weighing import (
    Reviewed,
    ReviewError,
    decision_stream,
    moments,
    noise_bar,
    same,
    view_at,
)


@dataclass(frozen=True)
class Plan:
    """The test's Decision: actions, and a description."""

    actions: tuple[Action, ...]

    def describe(self) -> str:
        """The actions' notation."""
        return ", ".join(str(a) for a in self.actions)


@dataclass(frozen=True)
class Guess:
    """The test's Estimate."""

    decision: Plan
    mean: float
    stderr: float
    rollouts: int = 10


#: What the stand-in adds to the money for each kind of first action.
WORTH = {"buy": 50.0, "discard": 0.0, "done": 0.0}


class StandIn:
    """A Master stand-in: buying is worth $50 more than discarding, a draw count n is worth n,
    each word sold $10; every estimate has a standard error of `stderr`."""

    def __init__(self, stderr: float = 3.0) -> None:
        self.stderr = stderr
        self.views: list[SeatView] = []
        self.budgets: list[float | None] = []
        self.streams: list[str | None] = []

    def value(self, view: SeatView, plan: Plan) -> float:
        first = plan.actions[0]
        if isinstance(first, Choose):
            return view.money + first.count
        if isinstance(first, Sell):
            return view.money + 10.0 * sum(isinstance(a, Sell) for a in plan.actions)
        return view.money + WORTH.get(str(first).split()[0], 0.0)

    def appraise(self, view: SeatView, also: Sequence[Plan] = (),
                 budget: float | None = None) -> list[Guess]:
        self.views.append(view)
        self.budgets.append(budget)
        candidates: list[Plan] = {
            Phase.CHOOSE: [Plan((Choose(n),)) for n in (2, 3, 4, 5)],
            Phase.BUY: [Plan((Buy(),)), Plan((Discard(),))],
            Phase.SELL: [Plan((Done(),))],
        }.get(view.phase, [])
        candidates += [p for p in also if p not in candidates]
        guesses = [Guess(p, self.value(view, p), self.stderr) for p in candidates]
        return sorted(guesses, key=lambda g: -g.mean)

    def appraisal(self, view: SeatView, also: Sequence[Plan] = (), budget: float | None = None,
                  stream: str | None = None, rollouts: int | None = None) -> Appraisal:
        """`appraise` as Master's appraisal: each comparison's error is both errors combined
        (the stand-in's estimates are not paired)."""
        self.streams.append(stream)
        guesses = self.appraise(view, also, budget)
        first = guesses[0]
        return Appraisal(tuple(guesses),  # type: ignore[arg-type]
                         tuple(0.0 if g is first else math.hypot(first.stderr, g.stderr)
                               for g in guesses),
                         tuple(first.mean - g.mean for g in guesses))


def _record(game: Game) -> GameRecord:
    return GameRecord.of(game)


def _solo() -> Game:
    """Round 1: buys QUIZ, sells it; round 2: discards TEAS (a bad decision), sells nothing;
    round 3: a CHOICE roll, draws 2 and buys."""
    game = stacked("QUIZTEASAT")
    return play(game, "roll 4", "buy", "sell QUIZ", "done", "roll 4", "discard", "done",
                "roll choice", "choose 2", "buy", "done")


def test_the_persons_decisions_are_found_in_order_with_each_rounds_selling_as_one() -> None:
    found = moments(_record(_solo()), (0,))
    assert [(m.round, m.kind) for m in found] == [
        (1, "buy"), (1, "sell"), (2, "buy"), (2, "sell"), (3, "choose"), (3, "buy"),
        (3, "sell")]
    assert found[1].actions == (Sell("QUIZ"), Done())
    assert found[3].actions == (Done(),)
    assert found[4].actions == (Choose(2),)


def test_a_bad_decision_is_flagged_as_costly_and_counted() -> None:
    master = StandIn()
    review = review_game(_record(_solo()), 0, master, Plan, budget=0.01)
    discard = review.decisions[2]
    assert (discard.round, discard.kind, discard.yours, discard.master) == (
        2, "buy", "discard", "buy")
    assert discard.lost == 50 and not discard.within_noise and discard.counted == 50
    assert discard.uncertainty == pytest.approx(3 * 2 ** 0.5)
    # Buying when Master buys, and selling QUIZ (worth more than selling nothing), cost nothing.
    assert review.decisions[0].agreed and review.decisions[0].lost == 0
    assert review.decisions[1].agreed and review.decisions[1].yours == "sell QUIZ, done"
    # Choosing 2 tiles when 5 was best is $3 off: within the noise, so not counted.
    choose = review.decisions[4]
    assert choose.master == "choose 5" and choose.lost == 3 and choose.within_noise
    assert review.left_on_table == 50
    assert review.costliest() == [discard]
    assert review.accuracy == pytest.approx(100 * 6 / 7)
    assert master.budgets == [0.01] * 7 and review.complete


def test_with_no_noise_every_dollar_lost_counts() -> None:
    review = review_game(_record(_solo()), 0, StandIn(stderr=0.0), Plan)
    assert review.left_on_table == 53 and review.left_uncertainty == 0
    assert [d.kind for d in review.costliest()] == ["buy", "choose"]
    assert review.accuracy == pytest.approx(100 * 5 / 7)


def test_master_is_shown_the_view_the_table_session_would_build() -> None:
    master = StandIn()
    record = _record(_solo())
    review_game(record, 0, master, Plan)
    # The view before the discard, built by a session holding the same game.
    game = record.replay(WORDS, upto=5)
    session = TableSession(game, (Seat("Ann"),), None)  # type: ignore[arg-type]
    assert master.views[2] == session.view(0) == view_at(game, 0)


def test_money_round_by_round_beside_masters_expectation() -> None:
    review = review_game(_record(_solo()), 0, StandIn(stderr=0.0), Plan)
    money = [r.money for r in review.rounds]
    assert money == [200, 200, 200 - 4]  # QUIZ bought and sold at $100; then 2 tiles at $4
    assert review.final_money == 196
    # $50 left in round 2 (the discard), $3 more in round 3 (choosing 2 tiles, not 5).
    assert [r.left for r in review.rounds] == [0, 50, 53]
    assert [r.expected for r in review.rounds] == [200, 250, 249]
    # Master's own estimate at each round's first decision: the money then, plus what buying
    # (or choosing 5) adds.
    assert [r.estimate for r in review.rounds] == [250, 250, 205]


def test_cancelling_stops_between_decisions_and_keeps_what_was_weighed() -> None:
    told: list[tuple[int, int]] = []
    review = review_game(_record(_solo()), 0, StandIn(), Plan,
                         progress=lambda done, total: told.append((done, total)),
                         cancelled=lambda: len(told) >= 2)
    assert told == [(1, 7), (2, 7)]
    assert len(review.decisions) == 2 and review.planned == 7 and not review.complete
    assert review.final_money == 196  # the money is still the game's end


def _table() -> GameRecord:
    """Ann and Bob (people) and Cy (a computer) play two rounds; hands are private."""
    rng = random.Random(3)
    game = Game.new(["Ann", "Bob", "Cy"], dictionary=WORDS, seed=4, rules=Rules())
    while game.round <= 2 and game.outcome() is None:
        legal = game.legal_actions()
        sells = [a for a in legal if isinstance(a, Sell)]
        game.apply(sells[0] if sells else rng.choice(legal))
    return GameRecord.of(game)


def test_computer_seats_are_skipped_and_each_person_reviewed_on_their_own() -> None:
    record = _table()
    everyone = moments(record, (0, 1, 2))
    people = moments(record, (0, 1))
    assert {m.seat for m in everyone} == {0, 1, 2}
    assert people == [m for m in everyone if m.seat != 2]
    master = StandIn()
    review = review_game(record, 1, master, Plan)
    assert review.name == "Bob" and len(review.decisions) == sum(m.seat == 1 for m in people)
    assert {v.seat for v in master.views} == {1}
    # Private hands: Bob's views never hold another seat's hand or draw.
    assert all(o.hand is None and o.drawn is None for v in master.views for o in v.opponents)
    open_master = StandIn()
    review_game(record, 1, open_master, Plan, private_hands=False)
    assert all(o.hand is not None for v in open_master.views for o in v.opponents)


def test_a_sale_reversed_by_a_challenge_is_not_part_of_the_decision() -> None:
    game = play(stacked("TEAQUI", players=2, challenge_mode=True), "roll 3", "buy", "buy",
                "sell TAE", "challenge 2", "sell TEA", "done", "done")
    [buy, selling] = moments(GameRecord.of(game), (0,))
    assert selling.kind == "sell" and selling.actions == (Sell("TEA"), Done())
    # A challenge that fails leaves the sale in it.
    game = play(stacked("TEAQUI", players=2, challenge_mode=True), "roll 3", "buy", "buy",
                "sell TEA", "challenge 2", "done", "done")
    assert moments(GameRecord.of(game), (0,))[1].actions == (Sell("TEA"), Done())


def test_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(ReviewError, match="no seat 4; its players are Ann, Bob, Cy"):
        review_game(_table(), 3, StandIn(), Plan)


def test_the_same_words_in_another_order_are_the_same_decision() -> None:
    assert same((Sell("CAT"), Sell("DOG"), Done()), (Sell("DOG"), Sell("CAT"), Done()))
    assert not same((Sell("CAt"), Done()), (Sell("CAT"), Done()))  # the wild elsewhere
    assert same((Drop("XQ"),), (Drop("QX"),))


def test_the_summary_as_json() -> None:
    review = review_game(_record(_solo()), 0, StandIn(stderr=0.0), Plan)
    data = read_report(report_json(review))
    assert data == review_report(review)
    assert data.left_on_table == 53 and data.accuracy == pytest.approx(71.4)
    assert data.costliest == [3, 5] and data.complete is True
    assert data.decisions[2].yours == "discard" and data.decisions[2].lost == 50
    assert [r.money for r in data.rounds] == [200, 200, 196]
    assert [r.expected for r in data.rounds] == [200, 250, 249]


def test_the_json_report_is_as_every_earlier_version_printed_it() -> None:
    """tests/data/formats/review_v1.json: this review, printed before the typed codec."""
    review = review_game(_record(_solo()), 0, StandIn(stderr=0.0), Plan)
    old = (Path(__file__).parent / "data" / "formats" / "review_v1.json").read_text()
    assert report_json(review) + "\n" == old
    assert read_report(old) == review_report(review)


@pytest.mark.parametrize(("damage", "named"), [
    (lambda data: data.update(seat="1"), "the review report's seat should be a whole number"),
    (lambda data: data["decisions"][1].pop("kind"), "report's decisions[1] has no 'kind'"),
    (lambda data: data["rounds"][0].update(left=[1]), "rounds[0].left should be a decimal number"),
])
def test_a_malformed_report_is_refused_in_one_line_naming_the_field(damage, named: str) -> None:
    review = review_game(_record(_solo()), 0, StandIn(stderr=0.0), Plan)
    data = json.loads(report_json(review))
    damage(data)
    with pytest.raises(RecordError) as refused:
        read_report(json.dumps(data))
    assert named in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(RecordError, match="not JSON"):
        read_report("{")


def test_the_terminal_shows_every_decision_the_costliest_and_the_summary(capsys) -> None:
    print_review(review_game(_record(_solo()), 0, StandIn(stderr=0.0), Plan, budget=0.3))
    out = capsys.readouterr().out
    assert "weighed by Master (0.3 s a decision" in out
    assert "▲3 " in out and "▲5 " in out and out.count("▲") == 3  # and one in the title
    assert "$50 ± 0" in out and "choose 5" in out and "same" in out
    assert "Left on the table: $53 (± $0), in 2 of 7 decisions" in out
    assert "Accuracy: 71% of your decisions" in out
    assert "$249" in out  # round 3: $196 and $53 left on the table
    assert "$205" in out  # round 3: Master's forecast at choosing the draw count


def test_a_loss_from_few_rollouts_must_clear_a_higher_bar() -> None:
    """Two rollouts' standard errors are rough: Student's t, not 2, says what is noise."""
    lost = [Reviewed(2, "buy", "discard", "buy", 100.0, 3.0, 150.0, 3.0, rollouts=n)
            for n in (1, 2, 3, 30, 500)]
    assert [d.within_noise for d in lost] == [True, True, False, False, False]
    assert noise_bar(2) == pytest.approx(12.706) and noise_bar(4) == pytest.approx(3.182)
    assert noise_bar(31) == pytest.approx(2.042) and noise_bar(32) == noise_bar(1000) == 2


def test_an_empty_review_has_no_accuracy() -> None:
    empty = GameReview(0, "Ann", (), (), 200, 0, 0.3)
    assert empty.accuracy is None and empty.left_on_table == 0 and empty.complete
    one = Reviewed(1, "buy", "discard", "buy", 100.0, 4.0, 110.0, 3.0)
    assert one.uncertainty == 5 and one.within_noise and one.counted == 0


class Interrupted(StandIn):
    """The stand-in, with Ctrl+C pressed while it weighs the second decision."""

    def appraise(self, view: SeatView, also: Sequence[Plan] = (),
                 budget: float | None = None) -> list[Guess]:
        if len(self.views) == 1:
            os.kill(os.getpid(), signal.SIGINT)
        return super().appraise(view, also, budget)


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                    reason="Python delivers Ctrl+C to the main thread only")
def test_ctrl_c_in_the_terminal_stops_after_the_decision_being_weighed() -> None:
    before = signal.getsignal(signal.SIGINT)
    todo = ToReview(_record(_solo()), 0, GameSetup(seats=(Seat("Ann"),)))
    review = run_review(todo, Interrupted(), Plan, 0.3, progress=False)
    assert len(review.decisions) == 2 and review.planned == 7 and not review.complete
    assert signal.getsignal(signal.SIGINT) is before
    assert "Cancelled: 2 of 7 decisions weighed." in summary_lines(review)


def test_another_choice_within_the_noise_is_about_the_same_not_nothing(capsys) -> None:
    review = review_game(_record(_solo()), 0, StandIn(stderr=3.0), Plan)
    choose = review.decisions[4]  # choose 2 where Master chose 5, $3 less: within the noise
    assert choose.within_noise and not choose.agreed
    # The paired error of the loss (the stand-in's: both combined, $4.24) times Student's t
    # for ten rollouts (2.262): losses up to about $10 cannot be told from none.
    assert choose.noise == pytest.approx(3 * 2 ** 0.5 * 2.262, abs=0.01)
    assert lost_text(choose) == "about the same (± $10)"
    assert lost_text(review.decisions[0]) == "$0"  # Master's own choice
    assert review.median_uncertainty == pytest.approx(3 * 2 ** 0.5)  # the two that differ
    print_review(review)
    out = capsys.readouterr().out
    assert "about the same (± $10)" in out and "48 rollouts an option" in out
    assert any("known to about ± $4" in line for line in summary_lines(review))


def test_each_decision_is_weighed_on_its_own_stream_of_luck() -> None:
    master = StandIn()
    record = _record(_solo())
    review_game(record, 0, master, Plan)
    starts = [m.index for m in moments(record, (0,))]
    assert master.streams == [decision_stream(record.seed, i) for i in starts]
    assert len(set(master.streams)) == 7


def test_appraisals_kept_are_used_again_not_weighed_twice() -> None:
    record = _record(_solo())
    kept: dict = {}
    first = review_game(record, 0, StandIn(), Plan, known=kept)
    assert len(kept) == 7
    again = StandIn()
    second = review_game(record, 0, again, Plan, known=kept)
    assert again.views == [] and review_report(second) == review_report(first)
    other = StandIn()
    review_game(record, 0, other, Plan, rollouts=12, known=kept)  # another budget
    assert len(other.views) == 7


def test_ray_needs_a_recipe_for_master_and_says_when_it_is_missing() -> None:
    record = _record(_solo())
    with pytest.raises(ReviewError, match="cannot be sent to Ray"):
        review_game(record, 0, StandIn(), Plan, ray="local")
    try:
        import ray  # noqa: F401
    except ImportError:
        with pytest.raises(ClusterError, match="Ray is not installed"):
            review_game(record, 0, StandIn(), Plan, ray="local", remake=StandIn)
