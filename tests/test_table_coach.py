"""The coach on the table session (no Textual): Master weighs a person's decision while they
make it, and the line comes just after it, never before; computers are never coached; with
private hands the coach sees the seat's own view only; F6 marks the game as coached; and the
end-of-game review uses the coach's appraisals instead of weighing those decisions again.
A small rollouts budget keeps each appraisal quick."""

from __future__ import annotations

import json

import pytest
from words_helpers import index_cache

from buyword.analysis.review import review_game
from buyword.analysis.review_report import report_json, review_report
from buyword.bots import MasterBot
from buyword.bots.index import WordIndex
from buyword.bots.master import Decision, Search
from buyword.engine import BuyWordError, GameRecord
from buyword.store import Store
from buyword.store.saves import save_from
from buyword.store.setup import GameSetup, Seat
from buyword.table import Appraised, TableSession
from buyword.table.autosave import Autosave, first_save, saved_now
from buyword.table.coach import Coach, ShownLine, known_appraisals
from buyword.table.services import Services

#: A budget no test reaches: the rollout counts decide when a search stops.
UNHURRIED = 1e9
#: A small, deterministic search, and the rollouts an option the coach (and review) may use.
TINY = Search(breadth=3, horizon=2, min_rollouts=4, max_rollouts=8)
ROLLOUTS = 8


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return Services.shared(index_cache()).words()


class Counting:
    """Master, counting its appraisals and the views it was shown."""

    def __init__(self, words) -> None:
        self.master = MasterBot(WordIndex.common(words[0], None), 1, search=TINY,
                                budget=UNHURRIED)
        self.calls = 0
        self.views: list = []

    def appraisal(self, view, also=(), budget=None, stream=None, rollouts=None):
        self.calls += 1
        self.views.append(view)
        return self.master.appraisal(view, also, budget, stream, rollouts)


def table(words, *seats: Seat, bag: str = "QXZ", coach: bool = True, **options) -> TableSession:
    setup = GameSetup(seats=seats or (Seat("You"),), seed=5, bag=bag, coach=coach)
    return TableSession.new(setup, words[1], words[0], **options)


def coach_of(session: TableSession, master: Counting, **options) -> Coach:
    return Coach(session, master, Decision, rollouts=ROLLOUTS, background=False, **options)


def test_the_line_comes_after_the_decision_never_before(words) -> None:
    session = table(words)
    master = Counting(words)
    coach = coach_of(session, master)
    session.act(0, "roll 3")  # Q X Z drawn: $144 for one word, ZaX ($81)
    assert coach.update() == []  # weighed while the person decides, but nothing said
    assert master.calls >= 1
    session.act(0, "buy")
    lines = coach.update()
    assert len(lines) == 1
    assert lines[0].text.startswith(
        "Coach on your buy of QXZ (round 1): discarding was worth about $")
    assert "these tiles cost $144" in lines[0].text
    assert coach.update() == []  # said once


def test_master_own_choice_is_as_good_as_master(words) -> None:
    session = table(words)
    coach = coach_of(session, Counting(words))
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "discard")
    assert [line.text for line in coach.update()] == [
        "Coach on your discard of QXZ (round 1): as good as Master's choice"]


def test_in_the_background_the_table_never_waits(words) -> None:
    session = table(words)
    woken = []
    coach = Coach(session, Counting(words), Decision, rollouts=ROLLOUTS,
                  on_ready=lambda: woken.append(1))
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "buy")  # at once, whatever the coach is doing
    lines = coach.update()  # perhaps not ready yet: then it comes later
    assert coach.wait(60)
    lines += coach.update()
    coach.close()
    assert len(lines) == 1 and "discarding was worth" in lines[0].text
    assert woken


def test_computers_are_never_coached(words) -> None:
    session = table(words, Seat("You"), Seat("Cy", "easy"), bag="QXZAEI")
    master = Counting(words)
    coach = coach_of(session, master)
    while not session.awaiting().computer:
        awaiting = session.awaiting()
        coach.update()
        session.act(awaiting.seats[0], "discard" if awaiting.wait.value == "buy" else
                    "roll 3" if awaiting.wait.value == "roll" else "done")
    coach.update()
    calls = master.calls
    assert coach.update() == [] and master.calls == calls  # the computer's buy: not weighed
    session.step()
    coach.update()  # the person sells next: weighed
    assert master.calls > calls
    assert all(view.seat == 0 for view in master.views)
    assert session.coached == {0}


def test_with_private_hands_the_coach_sees_the_seat_view_only(words) -> None:
    session = table(words, Seat("Ann"), Seat("Bob"), bag="QXZAEI")
    master = Counting(words)
    coach = coach_of(session, master)
    session.act(0, "roll 3")
    coach.update()
    assert master.views and all(view == session.view(0) for view in master.views)
    assert master.views[0].draws[1] is None  # Bob's draw is hidden from Ann
    session.act(0, "discard")
    lines = coach.update()
    assert lines and all(line.seat == 0 for line in lines)
    assert lines[0].text.startswith("Coach on Ann's discard of QXZ (round 1): ")
    assert all(view.seat == 1 for view in master.views[-1:])  # now Bob decides


def test_off_by_default_and_f6_marks_the_game_as_coached(words) -> None:
    session = table(words, coach=False)
    master = Counting(words)
    coach = coach_of(session, master)
    session.act(0, "roll 3")
    assert coach.update() == [] and master.calls == 0 and not session.coach_used
    line = coach.ask(0)
    assert line.text == "Coach: Master would discard" + line.text.split("discard", 1)[1]
    assert session.coach_used and session.coached == {0}
    session.act(0, "discard")  # the coach goes on from there
    assert [line.text for line in coach.update()] == [
        "Coach on your discard of QXZ (round 1): as good as Master's choice"]
    saved = saved_now(first_save(session, GameSetup(seed=5)), session)
    assert saved.coached and not saved.hinted


def test_f6_refuses_when_there_is_nothing_to_weigh(words) -> None:
    session = table(words)
    coach = coach_of(session, Counting(words))
    with pytest.raises(BuyWordError, match="no decision to weigh"):
        coach.ask(0)  # the roll is luck, not a decision
    assert not session.coach_used


def _play_out(session: TableSession, coach: Coach, rounds: int = 4) -> list[str]:
    """`rounds` rounds of: roll 3, buy what can be afforded, sell nothing; the coach's
    lines."""
    lines = []
    while session.game.round <= rounds:
        awaiting = session.awaiting()
        lines += [line.text for line in coach.update()]
        answer = {"roll": "roll 3", "choose": "choose 3", "buy": "buy", "sell": "done"}.get(
            awaiting.wait.value, "drop " + session.view(0).hand[:session.view(0).over_limit])
        if awaiting.wait.value == "buy" and not session.view(0).can_buy:
            answer = "discard"
        session.act(0, answer)
    return lines + [line.text for line in coach.update()]


@pytest.mark.slow  # a coached game, then its review, and `buyword review` of its file
def test_the_review_uses_the_coach_appraisals(words, tmp_path, capsys) -> None:
    from buyword.cli import main

    session = table(words, bag="QXZAEIRSTLNO")
    master = Counting(words)
    coach = coach_of(session, master)
    _play_out(session, coach)
    record = GameRecord.of(session.game)
    fresh = Counting(words)
    before = review_game(record, 0, fresh, Decision, rollouts=ROLLOUTS)
    assert fresh.calls == len(before.decisions)
    again = Counting(words)
    known = known_appraisals(json.loads(json.dumps(session.appraisals)))
    reused = review_game(record, 0, again, Decision, rollouts=ROLLOUTS,
                         known=known)
    told = len(session.appraisals)
    assert told == len(before.decisions) > 2
    assert again.calls == len(before.decisions) - told == 0
    assert review_report(reused) == review_report(before)

    # `buyword review` of the saved game reads them too. One is marked (Master's choice
    # worth $1,000 more than the coach found): only a review that reads the file's
    # appraisals can print that figure, and one that weighed any decision again with its
    # own Master would print other figures for it.
    saved = saved_now(first_save(session, GameSetup(seed=5, bag="QXZAEIRSTLNO", coach=True)),
                      session)
    data = json.loads(saved.to_json())
    marked = data["appraisals"][0]["appraisal"]["estimates"][0]
    marked["mean"] += 1000
    path = tmp_path / "coached.json"
    path.write_text(json.dumps(data))
    assert main(["review", str(path), "--rollouts", str(ROLLOUTS), "--json", "--jobs", "1"]) == 0
    printed = json.loads(capsys.readouterr().out)["decisions"]
    expected = json.loads(report_json(before))["decisions"]
    assert printed[0]["best_mean"] == round(marked["mean"], 2) != expected[0]["best_mean"]
    assert printed[1:] == expected[1:]


def test_a_resumed_game_keeps_the_appraisals(words) -> None:
    session = table(words, bag="QXZAEIRSTLNO")
    coach = coach_of(session, Counting(words))
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "discard")
    assert coach.update()
    saved = saved_now(first_save(session, GameSetup(seed=5, coach=True)), session)
    back = save_from(json.loads(saved.to_json()))
    assert back.coached and back.appraisals == tuple(session.appraisals)
    resumed = TableSession.of(session.game, GameSetup(seed=5, coach=True), words[0],
                              coach_used=back.coached, appraisals=back.appraisals)
    assert resumed.coach_used and resumed.appraisals == session.appraisals
    master = Counting(words)
    record = GameRecord.of(resumed.game)
    review = review_game(record, 0, master, Decision, rollouts=ROLLOUTS,
                         known=known_appraisals(resumed.appraisals))
    assert review.decisions[0].yours == "discard" and master.calls == len(review.decisions) - 1


def test_an_appraisal_is_saved_when_it_is_kept_not_with_the_next_move(words) -> None:
    # Quitting right after the coach's line must not leave its appraisal to be weighed again.
    setup = GameSetup(seats=(Seat("You"),), seed=5, bag="QXZAEIRSTLNO", coach=True)
    store = Store(memory=True)
    session = table(words, bag="QXZAEIRSTLNO")
    autosave = Autosave.start(store, session, setup)
    changes: list[object] = []
    session.on_change = lambda s, change: (changes.append(change), autosave.update(s))
    coach = coach_of(session, Counting(words))
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "discard")
    assert store.peek_game().saved.appraisals == ()  # the move saved, not yet weighed
    assert coach.update()  # the line: its appraisal kept, and saved
    assert changes[-1] == Appraised(0)
    saved = store.peek_game().saved
    assert saved.appraisals == tuple(session.appraisals) and len(saved.appraisals) == 1
    assert list(saved.record.actions) == list(session.game.actions)


def test_old_setups_and_saves_have_no_coach() -> None:
    meta = GameSetup().to_meta()
    del meta["coach"]
    assert GameSetup.from_meta(meta).coach is False
    assert GameSetup.from_meta(GameSetup(coach=True).to_meta()).coach is True
    with pytest.raises(BuyWordError, match="coach"):
        GameSetup(coach="yes")  # type: ignore[arg-type]


def test_coached_solo_games_are_a_record_of_their_own() -> None:
    from buyword.engine import Rules
    from buyword.store.scores import ScoreBook, SoloScore, rules_key
    from buyword.store.stats import solo_stats

    rules = Rules()
    book = ScoreBook()
    plain = SoloScore("a", 700, rules_key(rules), rules.describe(), 1, "2026-01-01T10:00:00")
    coached = SoloScore("b", 950, rules_key(rules), rules.describe(), 2, "2026-01-02T10:00:00",
                        coached=True)
    book.add(plain, rules)
    assert book.add(coached, rules).new_best  # not compared with the uncoached $700
    assert book.stats(rules).best == 700 and book.stats(rules, coached=True).best == 950
    titles = [stats.title for stats in solo_stats(book)]
    assert titles == [rules.describe(), rules.describe() + " · with coach"]
    again = ScoreBook.from_bytes(book.to_json().encode())
    assert again.stats(rules, coached=True).games == 1


def test_a_decision_taken_back_is_coached_again_when_it_is_made_again(words) -> None:
    session = table(words)
    master = Counting(words)
    coach = coach_of(session, master)
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "buy")
    assert "discarding was worth" in coach.update()[0].text
    session.undo(0)
    assert coach.update() == []  # the buy is back to be decided: nothing to say yet
    session.act(0, "discard")
    assert [line.text for line in coach.update()] == [
        "Coach on your discard of QXZ (round 1): as good as Master's choice"]
    calls = master.calls
    session.undo(0)
    coach.update()
    session.act(0, "discard")
    assert [line.text for line in coach.update()] == [
        "Coach on your discard of QXZ (round 1): as good as Master's choice"]
    assert master.calls == calls  # weighed once: the same decision, the same appraisal
    assert [entry["actions"] for entry in session.appraisals] == [["buy"], ["discard"]]



def test_a_line_names_its_decision_and_leaves_when_the_next_one_starts(words) -> None:
    # Solo: the line on the buy is shown while selling, and leaves when the next decision
    # starts (not at a roll, which is luck).
    session = table(words, bag="QXZAEIRSTLNO")
    coach = coach_of(session, Counting(words))
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "discard")
    (line,) = coach.update()
    assert line.text.startswith("Coach on your discard of ")
    shown = ShownLine.shown(line.seat, session.table_view(0))
    assert shown.through == session.table_view(0).deciding(0) == (1, "sell")  # the selling
    assert shown.stands(session.table_view(0))
    session.act(0, "done")
    assert session.awaiting().wait.value == "roll"
    assert shown.stands(session.table_view(0))  # nobody decides yet
    late = ShownLine.shown(line.seat, session.table_view(0))  # its person decides nothing
    assert late.through is None and late.stands(session.table_view(0))
    session.act(0, "roll 3")
    assert session.table_view(0).deciding(0) is not None
    # A fresh decision: gone.
    assert not shown.stands(session.table_view(0)) and not late.stands(session.table_view(0))


def test_at_pass_and_play_a_line_is_up_through_one_decision_of_its_person(words) -> None:
    session = table(words, Seat("Ann"), Seat("Bob"), bag="QXZAEI")
    coach = coach_of(session, Counting(words))
    answers = {"buy": "discard", "roll": "roll 3", "choose": "choose 3", "sell": "done"}
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "discard")
    (line,) = coach.update()
    assert line.text.startswith("Coach on Ann's discard of QXZ (round 1): ")
    while session.table_view(0).deciding(0) is None:  # Bob's turn: her line waits for her
        awaiting = session.awaiting()
        session.act(awaiting.seats[0], answers[awaiting.wait.value])
    shown = ShownLine.shown(line.seat, session.table_view(0))  # her selling: she holds it
    assert shown.stands(session.table_view(0))
    session.act(0, "done")
    while session.table_view(0).deciding(0) is None:
        awaiting = session.awaiting()
        session.act(awaiting.seats[0], answers[awaiting.wait.value])
    assert not shown.stands(session.table_view(0))  # Ann's next decision: the line is gone


def _judged(words, kind: str, options: list[tuple[tuple, float]], mine: tuple,
            gap_stderr: float = 4.0, told: float | None = None) -> str:
    """The coach's line on `mine` at a decision of `kind`, where Master's options are worth
    `options` (best first)."""
    from buyword.bots.master import Appraisal, Estimate
    from buyword.table.coach import coach_says
    from buyword.table.weighing import Moment, verdict

    estimates = tuple(Estimate(Decision(actions), mean, 3.0, 48) for actions, mean in options)
    appraisal = Appraisal(estimates, tuple(0.0 if n == 0 else gap_stderr
                                           for n in range(len(estimates))),
                          tuple(estimates[0].mean - e.mean for e in estimates))
    session = table(words, bag="QXZ")
    session.act(0, "roll 3")
    view = session.view(0)
    decision = Decision(mine)
    reviewed = verdict(appraisal, decision, Moment(0, 0, 1, kind, mine))
    return coach_says(reviewed, appraisal, decision, view, told)


def test_when_the_sale_wasted_the_wild_the_coach_says_so(words) -> None:
    from buyword.engine import Done, Sell

    said = _judged(words, "sell", [((Done(),), 1400.0), ((Sell("HENrY"), Done()), 1328.0)],
                   (Sell("HENrY"), Done()))
    assert said.startswith("selling nothing was worth about $72 more (± $4): ")
    assert "keeps the wild your HENrY spent" in said
    assert "longer words" not in said
    # A sale that spent no wild is told as before.
    plain = _judged(words, "sell", [((Done(),), 1400.0), ((Sell("HEN"), Done()), 1380.0)],
                    (Sell("HEN"), Done()))
    assert "wild" not in plain and "keeping tiles for longer words" in plain


def test_no_give_or_take_of_no_dollars_and_one_rounding_per_line(words) -> None:
    from buyword.engine import Buy, Choose, Discard

    same = _judged(words, "choose", [((Choose(3),), 1400.0), ((Choose(2),), 1399.8)],
                   (Choose(2),), gap_stderr=0.1)
    assert same == "about the same as Master's choice, drawing 3"  # not "(± $0)"
    exact = _judged(words, "choose", [((Choose(3),), 1400.4), ((Choose(2),), 1380.0)],
                    (Choose(2),), gap_stderr=0.0)
    assert exact.startswith("drawing 3 was worth about $20 more: ")  # no "(± $0)"
    # F6 said $1,360 for drawing 3: the line says $1,360 too, and its sums come out.
    told = _judged(words, "choose", [((Choose(3),), 1359.4), ((Choose(2),), 1338.9)],
                   (Choose(2),), told=1359.6)
    assert told.endswith("Master expects about $1,360 at the end from it, $1,340 from yours")
    assert "worth about $20 more" in told  # 1,360 - 1,340
    # The buy: what the tiles cost less what they add is the gap, to the dollar.
    buy = _judged(words, "buy", [((Discard(),), 1400.6), ((Buy(),), 1300.0)], (Buy(),))
    assert "discarding was worth about $101 more" in buy
    assert "these tiles cost $144 and add about $43 of words" in buy


def test_a_view_says_which_decision_its_seat_is_making(words) -> None:
    # What a joined screen's coach line leaves at: the seat's next decision, read from views.
    session = table(words, Seat("Ann"), Seat("Bob"), bag="QXZAEI")
    assert session.table_view(0).deciding(0) is None  # a roll is luck
    session.act(0, "roll 3")
    assert session.table_view(0).deciding(0) == (1, "buy")
    session.act(0, "discard")
    assert session.table_view(0).deciding(0) is None  # Bob buys
    assert session.table_view(1).deciding(1) == (1, "buy")
    session.act(1, "discard")
    assert session.table_view(0).deciding(0) == (1, "sell")


def test_undoing_a_sale_leaves_the_line_on_the_buy_before_it(words) -> None:
    from buyword.ui.widgets.coach_note import CoachNote

    session = table(words, bag="TEA")
    coach = coach_of(session, Counting(words))
    note = CoachNote()  # the table screen's, as it is fed
    session.act(0, "roll 3")
    coach.update()
    session.act(0, "buy")
    [line] = coach.update()
    assert line.text.startswith("Coach on your buy of TEA (round 1)")
    note.hear(line)
    note.show(session.table_view(0))
    session.act(0, "sell TEA")
    note.show(session.table_view(0))
    undone = session.undo(0)
    assert str(undone) == "the sale of TEA"
    note.unsay(undone)  # the buy stands: so does its line
    note.show(session.table_view(0))
    assert note.display and str(note.content).startswith("Coach on your buy of TEA")
    note.unsay(session.undo(0))  # the buy is taken back: its line goes
    assert not note.display and str(note.content) == ""
