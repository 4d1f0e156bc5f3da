"""Undo at the table (docs/rules.md, "Undo"), on the session alone (no Textual): what a person
may take back, every refusal, and that the game afterwards is the game played without it."""

from __future__ import annotations

import pytest
from words_helpers import EveryWordFits

from buyword.bots import make_bot
from buyword.engine import Game, GameRecord, Rules, default_tiles
from buyword.engine import events as ev
from buyword.store.setup import GameSetup, Seat
from buyword.table import Played, Refused, TableSession, Undone, Wait
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "aeon", "one", "eon", "tidies",
         "tides", "diet", "edit", "quiz", "zoo", "sit", "tie", "ties", "rate", "tear", "no",
         "on", "in", "is", "it", "to", "do", "go")
LEXICON = Lexicon(WORDS, "the undo test words")
FINDER = WordFinder(LEXICON, default_tiles())

ANN, BOB, CY = Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")

#: Roll 4: Ann draws AEON, Bob TEAS, Cy QZXJ.
DEAL = "AEON" "TEAS" "QZXJ"


def table(*seats: Seat, bag: str = DEAL, private: bool = False, challenge: bool = False,
          tile_limit: int | None = 8, **options: object) -> TableSession:
    """A table of `seats` on the session test words, its bag stacked with `bag` (seed 3)."""
    setup = GameSetup(seats=seats, seed=3, bag=bag, private_hands=private, challenge=challenge,
                      tile_limit=tile_limit)
    return TableSession.new(setup, LEXICON, FINDER, **options)


def act(session: TableSession, seat: int, *answers: str) -> None:
    """`seat` gives each answer in turn; every one must be accepted."""
    for answer in answers:
        result = session.act(seat, answer)
        assert isinstance(result, Played), result


def without_last(session: TableSession) -> Game:
    """The game played from the start with every action but the last (the reference)."""
    game = session.game
    again = Game.new(list(game.names), dictionary=LEXICON, seed=game.seed, rules=game.rules,
                     bag=game.start_bag, leader=game.first_leader)
    for action in game.actions[:-1]:
        again.apply(action)
    return again


def undo_equals_never_played(session: TableSession, seat: int) -> Undone:
    """Undo `seat`'s last move and check the game, its record and its chance are those of the
    game played without it."""
    reference = without_last(session)
    undone = session.undo(seat)
    assert isinstance(undone, Undone), undone
    assert session.game.state() == reference.state()
    assert session.game.chance_state() == reference.chance_state()
    assert GameRecord.of(session.game) == GameRecord.of(reference)
    assert session.game.log == reference.log
    return undone


def refusal(session: TableSession, seat: int) -> str:
    """Why `seat` may not undo now; also checks that trying changes nothing."""
    state = session.game.state()
    reason = session.why_not_undo(seat)
    assert reason is not None and not session.can_undo(seat)
    result = session.undo(seat)
    assert isinstance(result, Refused) and str(result) == reason
    assert session.game.state() == state
    return reason


# ---------------------------------------------------------------------- what may be taken back


def test_a_strict_sale_is_taken_back_and_the_record_keeps_only_what_stands() -> None:
    solo = table(Seat("You"), bag="SEAT")
    act(solo, 0, "roll 4", "buy", "sell SEAT")
    assert solo.game.player(0).money == 200 - 16 + 16
    undone = undo_equals_never_played(solo, 0)
    assert undone == Undone(0, undone.action, undone.at) and str(undone) == "the sale of SEAT"
    player = solo.game.player(0)
    assert (player.hand, player.money) == ("AEST", 184)
    assert not any(isinstance(e, ev.Sold) for e in solo.log_for(0))
    assert solo.awaiting().wait is Wait.SELL  # the seller sells again, or something else
    act(solo, 0, "sell EAT")
    assert GameRecord.of(solo.game).actions == ("roll 4", "buy", "sell EAT")


def test_undo_goes_back_move_by_move_within_the_turn_but_never_past_the_roll() -> None:
    solo = table(Seat("You"), bag="SEAT")
    act(solo, 0, "roll 4", "buy", "sell TEA")
    undo_equals_never_played(solo, 0)  # the sale
    undo_equals_never_played(solo, 0)  # then the buy: the draw is back, undecided
    assert solo.awaiting().wait is Wait.BUY and solo.game.player(0).drawn == "SEAT"
    assert refusal(solo, 0) == "Nothing to undo: the die has been rolled since"


def test_a_buy_or_discard_is_taken_back_before_the_next_seat_decides() -> None:
    for choice in ("buy", "discard"):
        open_table = table(ANN, BOB)
        act(open_table, 0, "roll 4", choice)
        assert open_table.awaiting().seats == (1,)  # Bob has not decided yet
        undo_equals_never_played(open_table, 0)
        assert open_table.game.player(0).drawn == "AEON"
        assert open_table.awaiting().wait is Wait.BUY and open_table.awaiting().seats == (0,)


def test_a_drop_is_taken_back_until_the_next_roll() -> None:
    solo = table(Seat("You"), bag="AEIOU" "AEIOS")
    act(solo, 0, "roll 5", "buy", "done", "roll 5", "buy", "done")
    assert solo.awaiting().wait is Wait.DROP
    act(solo, 0, "drop AA")
    assert solo.awaiting().wait is Wait.ROLL  # the round ended: nothing new is known yet
    assert str(undo_equals_never_played(solo, 0)) == "dropping AA"
    assert solo.awaiting().wait is Wait.DROP and len(solo.game.player(0).hand) == 10
    act(solo, 0, "drop AA", "roll 2")
    assert refusal(solo, 0) == "Nothing to undo: the die has been rolled since"


def test_undo_is_autosaved() -> None:
    saved: list[object] = []
    solo = table(Seat("You"), bag="SEAT", on_change=lambda s, what: saved.append(what))
    act(solo, 0, "roll 4", "buy")
    undone = solo.undo(0)
    assert isinstance(undone, Undone) and saved[-1] == undone
    assert len(saved) == 3  # the roll, the buy, the undo
    act(solo, 0, "discard")
    assert str(solo.undo(0)) == "discarding the draw"
    act(solo, 0, "buy")
    assert str(solo.undo(0)) == "buying the draw"


# ---------------------------------------------------------------------- what stands


def test_nothing_to_undo_at_the_start_and_after_a_choice() -> None:
    solo = table(Seat("You"), bag="SEAT")
    assert refusal(solo, 0) == "Nothing to undo yet"
    act(solo, 0, "roll choice")
    assert refusal(solo, 0) == "Nothing to undo: the die has been rolled since"
    act(solo, 0, "choose 4")
    assert refusal(solo, 0) == "Nothing to undo: the tiles have been drawn since"


def test_finishing_selling_stands() -> None:
    solo = table(Seat("You"), bag="SEAT")
    act(solo, 0, "roll 4", "buy", "sell TEA", "done")
    assert "not taken back" in refusal(solo, 0)


def test_another_seats_move_stands_for_everyone_else() -> None:
    open_table = table(ANN, BOB)
    act(open_table, 0, "roll 4", "buy")
    assert refusal(open_table, 1) == "Nothing to undo: the last move was Ann's"
    act(open_table, 1, "buy")
    assert refusal(open_table, 0) == "Nothing to undo: the last move was Bob's"
    undo_equals_never_played(open_table, 1)  # Bob's own, before Ann sells


def test_a_computers_move_stands_and_it_cannot_be_taken_back_while_it_plays() -> None:
    with_cy = table(ANN, BOB, CY)
    act(with_cy, 0, "roll 4", "buy")
    act(with_cy, 1, "buy")
    assert with_cy.awaiting().computer
    assert refusal(with_cy, 1) == "Nothing to undo: Cy is already playing"
    assert refusal(with_cy, 2) == "Nothing to undo: Cy is a computer player"
    with_cy.step()
    assert refusal(with_cy, 1) == "Nothing to undo: the last move was Cy's"


def test_at_the_hand_off_the_move_stands() -> None:
    private = table(ANN, BOB, private=True)
    assert private.hand_off
    act(private, 0, "roll 4", "buy")
    assert refusal(private, 0) == "Nothing to undo: the screen has passed to Bob"


def test_a_sale_open_to_challenge_stands_and_so_does_a_challenge() -> None:
    bag = "SEATN" "AEIOU"
    challenged = table(ANN, BOB, bag=bag, challenge=True)
    act(challenged, 0, "roll 5", "buy")
    act(challenged, 1, "buy")
    act(challenged, 0, "sell SEAT")
    assert challenged.awaiting().wait is Wait.CHALLENGE
    assert refusal(challenged, 0) == ("Nothing to undo: the other players have seen SEAT "
                                      "(challenge mode)")
    act(challenged, 1, "pass")  # the window closed: still seen
    assert refusal(challenged, 0).startswith("Nothing to undo: the other players have seen")
    act(challenged, 0, "sell No")  # N and a wild O
    act(challenged, 1, "challenge 2")
    assert refusal(challenged, 0) == "Nothing to undo: a challenge has been decided since"


def test_a_drop_that_shows_the_next_rounds_theme_stands() -> None:
    rules = Rules(themes=("food", "animals"), theme_each_round=True)
    game = Game.new(["You"], dictionary=LEXICON, seed=3, rules=rules, bag="AEIOU" "AEIOS",
                    themes=EveryWordFits())
    solo = TableSession(game, (Seat("You"),), FINDER)
    act(solo, 0, "roll 5", "buy", "done", "roll 5", "buy", "done", "drop AA")
    assert refusal(solo, 0) == "Nothing to undo: the next round's theme has been shown"


def test_nothing_to_undo_when_the_game_is_over_or_for_a_seat_not_at_the_table() -> None:
    solo = table(Seat("You"), bag="SEAT")
    act(solo, 0, "roll 4", "buy")
    assert refusal(solo, 3) == "there is no seat 4 at this table"
    act(solo, 0, "done")
    while solo.awaiting().wait is not Wait.OVER:
        act(solo, 0, "roll 5" if solo.awaiting().wait is Wait.ROLL else
            "discard" if solo.awaiting().wait is Wait.BUY else "done")
    assert refusal(solo, 0) == "Nothing to undo: the game is over"


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("challenge", [False, True])
def test_in_whole_games_every_undo_restores_the_game_exactly(challenge: bool) -> None:
    """People play whole games (a computer chooses their moves); after every move a person may
    take back, undo and check the game is exactly as before it, then play it again."""
    people = (Seat("Ann"), Seat("Bob"), Seat("Dee"))
    session = table(*people, bag="", challenge=challenge, tile_limit=8)
    choosers = {seat: make_bot("easy", FINDER, 40 + seat) for seat in range(3)}
    undone = 0
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        seat = awaiting.seats[0]
        if awaiting.wait is Wait.CHALLENGE:
            act(session, seat, "pass")
            continue
        before = session.game.state()
        action = choosers[seat].act(session.view(seat))
        act(session, seat, str(action))
        assert session.last_mover() in (None, seat)
        if session.can_undo(seat):
            assert isinstance(session.undo(seat), Undone)
            assert session.game.state() == before
            undone += 1
            act(session, seat, str(action))
    assert undone > 20
    assert session.game.tile_count() == (108, 9)


def test_a_record_that_no_longer_replays_keeps_the_move_and_says_why() -> None:
    class Words:
        """A dictionary that can forget a word (as an edited word-list file would)."""

        def __init__(self) -> None:
            self.words = {"seat", "at"}

        def is_word(self, word: str) -> bool:
            return word in self.words

    words = Words()
    game = Game.new(["You"], dictionary=words, seed=3, bag="SEATT")
    solo = TableSession(game, (Seat("You"),), FINDER)
    act(solo, 0, "roll 5", "buy", "sell SEAT", "sell aT")  # a wild A and the second T
    words.words.discard("seat")
    state = solo.game.state()
    result = solo.undo(0)  # `can_undo` does not replay the record, so only `undo` finds out
    assert isinstance(result, Refused) and solo.game.state() == state
    assert str(result).startswith("Nothing to undo: the game cannot be played again without")
    assert "SEAT" in str(result)
