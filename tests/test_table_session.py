"""The table session on its own (no Textual): turn flow, refusals, the challenge window,
computers on equal terms, pacing, the autosave hook and the seat-seed formula."""

from __future__ import annotations

import subprocess
import sys

import pytest

from buyword.analysis.sim import play_game
from buyword.engine import (
    BuyWordError,
    Challenge,
    Done,
    Game,
    Rules,
    Sell,
    default_tiles,
)
from buyword.engine import events as ev
from buyword.store import SavedGame, Store
from buyword.store.setup import GameSetup, Seat
from buyword.table import (
    Marked,
    Pass,
    Played,
    Refused,
    TableSession,
    Thought,
    Wait,
    play_computers,
    seat_seed,
)
from buyword.table.autosave import Autosave
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

#: A small word list. AEON and TIDIES are real but rare (wordfreq Zipf below 3): the easy and
#: medium computers do not know them; SEAT and TEA they know.
WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "aeon", "one", "eon", "tidies",
         "tides", "diet", "edit", "quiz", "zoo")

LEXICON = Lexicon(WORDS, "the session test words")
FINDER = WordFinder(LEXICON, default_tiles())


def session(*seats: Seat, bag: str = "", challenge: bool = False, private: bool = True,
            hints: bool = False, **options: object) -> TableSession:
    """A table of `seats` on the test words, the bag stacked with `bag` (seed 3)."""
    setup = GameSetup(seats=seats, seed=3, bag=bag, challenge=challenge, private_hands=private,
                      hints=hints)
    return TableSession.new(setup, LEXICON, FINDER, **options)


def played(result: Played | Refused) -> Played:
    """The result, which must be an accepted answer."""
    assert isinstance(result, Played), result
    return result


ANN, BOB, CY = Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")

#: Roll 4: Ann draws AEON, Bob TEAS, Cy QZXJ ($256: Cy cannot afford it).
DEAL = "AEON" "TEAS" "QZXJ"


def to_selling(table: TableSession) -> None:
    """Round 1 up to Ann's selling: roll 4, Ann and Bob buy, Cy's computer decides."""
    played(table.act(0, "roll 4"))
    played(table.act(0, "buy"))
    played(table.act(1, "buy"))
    assert table.awaiting() == table.awaiting()  # asking changes nothing
    assert table.awaiting().computer and table.awaiting().seats == (2,)
    table.step()
    assert table.awaiting().wait is Wait.SELL and table.awaiting().seats == (0,)


# ---------------------------------------------------------------------- turn flow


def test_the_session_says_who_acts_and_with_what_input() -> None:
    table = session(ANN, BOB, CY, bag=DEAL)
    assert (table.awaiting().wait, table.awaiting().seats) == (Wait.ROLL, (0,))
    assert table.awaiting().computer is False
    assert table.waiting_for() == "Ann is to roll the die"
    events = played(table.act(0, "roll 4")).events
    assert [type(e) for e in events] == [ev.Rolled, ev.Drew, ev.Drew, ev.Drew]
    assert (table.awaiting().wait, table.awaiting().seats) == (Wait.BUY, (0,))


@pytest.mark.parametrize(("seat", "answer", "reason"), [
    (1, "roll", "it is not Bob's turn: Ann is to roll the die"),
    (0, "buy", "'buy' is not possible now"),
    (0, "fly away", "is not an action"),
    (0, "pass", "there is no sale to let stand"),
    (0, "challenge 2", "a sale is challenged when the table is asked"),
    (7, "roll", "it is not seat 8's turn"),
])
def test_a_refusal_says_why_and_changes_nothing(seat: int, answer: str, reason: str) -> None:
    saves: list[Played] = []
    table = session(ANN, BOB, CY, bag=DEAL, on_change=lambda _, p: saves.append(p))
    before = table.game.state()
    result = table.act(seat, answer)
    assert isinstance(result, Refused) and reason in result.message
    assert table.game.state() == before and saves == []


def test_every_accepted_move_calls_the_autosave_hook_once() -> None:
    saves: list[Played] = []
    table = session(ANN, BOB, CY, bag=DEAL, on_change=lambda s, p: saves.append(p))
    to_selling(table)
    assert [str(p.action) for p in saves] == ["roll 4", "buy", "buy", "discard"]
    assert saves[0].action.face == 4  # the die's face is written in, as in the record


def test_a_whole_table_game_runs_on_the_session_alone() -> None:
    table = session(ANN, Seat("Ed", "expert"), CY, challenge=True)
    moves = 0
    while (awaiting := table.awaiting()).wait is not Wait.OVER:
        moves += 1
        if awaiting.computer:
            table.step()
            continue
        seat = awaiting.seat
        answer = {Wait.ROLL: "roll", Wait.CHOOSE: "choose 2", Wait.BUY: "discard",
                  Wait.SELL: "done", Wait.CHALLENGE: "pass"}.get(awaiting.wait)
        if answer is None:  # the tile limit
            answer = str(table.game.legal_actions()[0])
        played(table.act(seat, answer))
    outcome = table.game.outcome()
    assert outcome is not None and moves > 50
    assert table.game.tile_count() == (108, 9)


def test_the_session_imports_no_textual() -> None:
    code = ("import sys, buyword.table, buyword.analysis.sim;"
            "print('textual' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"


# ---------------------------------------------------------------------- challenges


def test_everyone_else_is_asked_in_turn_from_the_sellers_left_once() -> None:
    table = session(ANN, BOB, CY, bag=DEAL, challenge=True)
    to_selling(table)
    sale = played(table.act(0, "sell AEON")).events[0]
    assert isinstance(sale, ev.Sold) and table.game.player(0).money == 184 + 16
    # Bob (a person, on Ann's left) first; Ann may not sell on until the table has answered.
    assert table.awaiting().wait is Wait.CHALLENGE and table.awaiting().seats == (1,)
    assert table.awaiting().sale == sale and not table.awaiting().computer
    refused = table.act(0, "done")
    assert isinstance(refused, Refused) and "Bob may challenge AEON" in refused.message
    wrong_seat = table.act(1, "challenge 3")  # only for his own seat
    assert isinstance(wrong_seat, Refused)
    assert wrong_seat.message == "You may challenge AEON or let it stand, nothing else now"
    played(table.act(1, "pass"))
    # Then Cy, an easy computer: it does not know AEON, challenges, and pays for it.
    assert table.awaiting().seats == (2,) and table.awaiting().computer
    decision = table.think()
    assert decision.action == Challenge(3)
    challenged = played(table.play(decision)).events[0]
    assert isinstance(challenged, ev.Challenged) and challenged.valid
    assert table.game.player(2).money == 200 - 20
    assert table.game.player(0).money == 200  # the sale stands
    # The first challenge settled it: Ann sells on.
    assert (table.awaiting().wait, table.awaiting().seats) == (Wait.SELL, (0,))


def test_a_computer_lets_a_word_it_knows_stand_then_the_next_person_is_asked() -> None:
    table = session(ANN, BOB, CY, bag=DEAL, challenge=True)
    to_selling(table)
    played(table.act(0, "done"))
    played(table.act(1, "sell SEAT"))
    assert table.awaiting().seats == (2,) and table.awaiting().computer  # Cy, on Bob's left
    decision = table.think()
    assert isinstance(decision.action, Pass)
    assert table.pause(decision) == 0  # letting a word stand is not worth a pause
    played(table.play(decision))
    assert table.awaiting().wait is Wait.CHALLENGE and table.awaiting().seats == (0,)
    played(table.act(0, Challenge(1)))  # Ann challenges a real word
    assert table.game.player(0).money == 184 - 20
    assert table.game.player(1).money == 184 + 16


def test_people_sitting_together_are_asked_on_one_prompt() -> None:
    table = session(ANN, BOB, Seat("Cy"), bag=DEAL, challenge=True)
    played(table.act(0, "roll 4"))
    for seat in (0, 1, 2):
        played(table.act(seat, "discard" if seat == 2 else "buy"))
    played(table.act(0, "sell AEON"))
    assert table.awaiting().seats == (1, 2)
    played(table.act(2, "pass"))
    assert table.awaiting().seats == (1,)  # Cy passed; Bob may still challenge
    played(table.act(1, "pass"))
    assert table.awaiting().wait is Wait.SELL


def test_the_prompt_is_the_same_for_a_word_and_a_bluff() -> None:
    asked = []
    for word in ("AEON", "EOAN"):  # a real word, and letters that spell nothing
        table = session(ANN, BOB, CY, bag=DEAL, challenge=True)
        to_selling(table)
        played(table.act(0, f"sell {word}"))
        awaiting = table.awaiting()
        asked.append((awaiting.wait, awaiting.seats, awaiting.computer))
        preview = table.preview(0, "EATS")  # nothing about the dictionary in the preview
        assert preview.reason is not None or preview.notation
    assert asked[0] == asked[1] == (Wait.CHALLENGE, (1,), False)


def test_a_bluff_is_challenged_by_a_computer_and_reversed() -> None:
    table = session(ANN, CY, bag="AEONQZXJ", challenge=True)
    played(table.act(0, "roll 4"))
    played(table.act(0, "buy"))
    table.step()
    played(table.act(0, "sell EOAN"))
    decision = table.think()
    assert decision.action == Challenge(2)
    table.play(decision)
    assert table.game.player(0).money == 200 - 16 - 20 and table.game.player(0).hand == "AENO"


def test_the_challenge_mode_preview_shows_tiles_and_price_only() -> None:
    table = session(ANN, BOB, CY, bag=DEAL, challenge=True)
    to_selling(table)
    bluff, word = table.preview(0, "eoan"), table.preview(0, "aeon")
    assert (bluff.reason, bluff.price, bluff.marked) == (None, 16, frozenset(range(4)))
    assert (word.reason, word.price) == (None, 16)
    assert "you don't hold" in (table.preview(0, "zoo").reason or "")
    strict = session(ANN, BOB, CY, bag=DEAL)
    to_selling(strict)
    assert strict.preview(0, "eoan").reason == "'EOAN' is not in the dictionary"


def test_challenge_mode_needs_two_players_in_the_engine_and_the_setup() -> None:
    with pytest.raises(BuyWordError, match="challenge mode needs 2 or more players"):
        Game.new(["Ann"], dictionary=LEXICON, rules=Rules(challenge_mode=True))
    assert not GameSetup(seats=(ANN,), challenge=True).rules().challenge_mode
    # A person and a computer can play it: the computer challenges too.
    assert GameSetup(seats=(ANN, CY), challenge=True).rules().challenge_mode


def test_a_game_resumed_during_the_challenge_window_asks_again() -> None:
    table = session(ANN, BOB, CY, bag=DEAL, challenge=True)
    to_selling(table)
    played(table.act(0, "sell AEON"))
    again = TableSession(table.game, table.seats, FINDER)
    assert again.awaiting().wait is Wait.CHALLENGE and again.awaiting().seats == (1,)


# ---------------------------------------------------------------------- computers


class _Broken:
    """A computer player that fails: the table plays safe for it."""

    def act(self, view: object) -> object:
        raise RuntimeError("out of order")

    def challenge(self, view: object, sale: object) -> bool:
        raise RuntimeError("out of order")


def test_a_broken_computer_plays_safe_and_the_game_goes_on() -> None:
    table = session(ANN, CY, bag="AEONTEAS")
    table.bots[1] = _Broken()  # type: ignore[assignment]
    played(table.act(0, "roll 4"))
    played(table.act(0, "buy"))
    decision = table.think()
    assert decision.action is None and "out of order" in (decision.error or "")
    assert str(played(table.play(decision)).action) == "discard"


def test_a_computer_decision_that_is_out_of_date_is_not_played() -> None:
    table = session(ANN, CY, bag="AEONTEAS")
    played(table.act(0, "roll 4"))
    stale = Thought(1, Done(), 0.0)
    stale_play = table.play(stale)
    assert isinstance(stale_play, Refused)
    assert stale_play.message == "that decision is out of date: the table has moved on"
    assert table.game.current == 0 and table.awaiting().seat == 0  # nothing was played
    with pytest.raises(BuyWordError, match="no computer player is to act"):
        table.think()


def test_pacing_waits_the_step_less_the_thinking_unless_skipping() -> None:
    table = session(ANN, CY, BOB, bag=DEAL, step_delay=0.9)
    played(table.act(0, "roll 4"))
    played(table.act(0, "buy"))
    decision = Thought(1, Sell("TEA"), 0.25)
    assert table.pause(decision) == pytest.approx(0.65)
    assert table.pause(Thought(1, Done(), 2.0)) == 0
    table.skip_ahead()
    assert table.skipping and table.pause(decision) == 0
    table.step()  # Cy plays; Bob, a person, is next: skipping ahead stops there
    assert not table.skipping and table.awaiting().seats == (2,)
    table.skip_ahead()  # nothing to skip at a person's turn
    assert not table.skipping


def test_computers_are_seeded_by_one_formula_shared_with_sim_and_results() -> None:
    table = session(ANN, CY, Seat("Ed", "expert"))
    assert [bot.seed for bot in table.bots.values()] == [seat_seed(3, 1), seat_seed(3, 2)]
    # The results screen's comparison and `buyword sim` play the same game on a seed.
    levels = ("expert", "easy")
    game = play_computers(levels, 41, LEXICON, FINDER)
    result = play_game(levels, 41, FINDER, LEXICON)
    assert tuple(p.money for p in game.players) == result.money
    # The results screen passes the finished game's whole bag: the same game again.
    again = play_computers(levels, 41, LEXICON, FINDER, bag=game.start_bag)
    assert again.actions == game.actions


def test_hints_are_the_sellers_and_mark_the_game() -> None:
    table = session(ANN, BOB, CY, bag=DEAL, hints=True)
    with pytest.raises(BuyWordError, match="hints are for the seller"):
        table.hints(0)
    to_selling(table)
    assert not table.hints_used
    found = table.hints(0)
    assert found[0].word == "AEON" and table.hints_used
    with pytest.raises(BuyWordError, match="hints are off"):
        session(ANN, BOB, bag=DEAL).hints(0)


def test_a_hints_or_coach_mark_is_saved_at_once_not_with_the_next_move() -> None:
    # Quitting between F2 (or F6) and the next move must not leave the game unmarked.
    setup = GameSetup(seats=(ANN, BOB, CY), seed=3, bag=DEAL, hints=True)
    table = TableSession.new(setup, LEXICON, FINDER)
    store = Store(memory=True)
    autosave = Autosave.start(store, table, setup)
    changes: list[object] = []
    table.on_change = lambda s, change: (changes.append(change), autosave.update(s))
    to_selling(table)

    def saved() -> SavedGame:
        peeked = store.peek_game().saved
        assert peeked is not None and list(peeked.record.actions) == list(table.game.actions)
        return peeked

    assert saved().hints == (0, 0, 0) and not saved().coached
    table.hints(0)
    assert saved().hints == (1, 0, 0) and changes[-1] == Marked(0, "hints")
    table.hints(0)  # marked already: nothing more to save
    table.note_coach(1)
    assert saved().coach == (0, 1, 0)
    assert changes[-2:] == [Marked(0, "hints"), Marked(1, "coach")]
