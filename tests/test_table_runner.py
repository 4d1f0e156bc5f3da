"""The table runner on its own (no Textual, no Pilot): who acts next, the hand-off of a
shared screen, a sale skipped when the seat can sell nothing, the challenge window, undo, the
computers played at full speed and paced in an event loop, and a seeded whole game."""

from __future__ import annotations

import asyncio
import time

from buyword.engine import BuyWordError, default_tiles
from buyword.store.setup import GameSetup, Seat
from buyword.table import Played, Refused, TableSession, Thought, Undone, Wait
from buyword.table.runner import TableRunner
from buyword.table.source import Update
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "aeon", "one", "eon", "tidies",
         "tides", "diet", "edit", "quiz", "zoo")
LEXICON = Lexicon(WORDS, "the runner test words")
FINDER = WordFinder(LEXICON, default_tiles())

ANN, BOB, CY = Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")
#: Roll 4: Ann draws AEON, Bob TEAS, Cy QZXJ ($256: Cy cannot afford it).
DEAL = "AEON" "TEAS" "QZXJ"


def table(*seats: Seat, bag: str = DEAL, private: bool = True, challenge: bool = False,
          seed: int = 3, variants: tuple[str, ...] = ()) -> TableSession:
    """A table of `seats` on the test words, the bag stacked with `bag`."""
    setup = GameSetup(seats=seats, seed=seed, bag=bag, private_hands=private,
                      challenge=challenge, variants=variants)
    return TableSession.new(setup, LEXICON, FINDER)


def watched(runner: TableRunner) -> list[Update]:
    """Every update the runner sends its shared screen, from now on."""
    updates: list[Update] = []
    runner.subscribe(updates.append)
    return updates


def ok(result: Played | Refused | Undone) -> Played | Undone:
    """The result, which must be accepted."""
    assert not isinstance(result, Refused), result
    return result


def person_answer(session: TableSession, seat: int) -> str:
    """What a scripted person answers: buy what they can afford, sell nothing, pass."""
    awaiting = session.awaiting()
    game = session.game
    if awaiting.wait is Wait.BUY:
        return "buy" if game.why_not("buy") is None else "discard"
    answer = {Wait.ROLL: "roll", Wait.CHOOSE: "choose 3", Wait.SELL: "done",
              Wait.CHALLENGE: "pass"}.get(awaiting.wait)
    return answer if answer is not None else str(game.legal_actions()[0])


# ---------------------------------------------------------------------- the shared screen


def test_the_screen_is_handed_to_the_next_person_and_taken_by_them() -> None:
    runner = TableRunner(table(ANN, BOB, Seat("Cy")))
    updates = watched(runner)
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    view = updates[-1].view
    assert view is not None and view.handing_to == 1  # Bob is asked to take the screen
    assert view.viewer is None and view.players[0].hand is None  # Ann's tiles are gone
    assert isinstance(updates[-1].played, Played)
    runner.take_screen(1)
    view = updates[-1].view
    assert view is not None and view.handing_to is None and view.viewer == 1
    assert sorted(view.players[1].drawn or "") == sorted("TEAS")  # his draw, in sight


def test_no_hand_off_back_to_the_person_who_held_the_screen_through_a_computer() -> None:
    runner = TableRunner(table(ANN, CY, BOB))
    updates = watched(runner)
    runner.begin()
    assert runner.holder is None and runner.handing_to == 0  # Ann takes the screen first
    runner.take_screen(0)
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    assert runner.holder is None and runner.held_by == 0  # Cy (a computer) is asked
    runner.play_out()  # Cy discards; then Bob buys: he is handed the screen
    assert runner.handing_to == 2
    assert updates[-1].view is not None and updates[-1].view.handing_to == 2


def test_one_person_holds_the_screen_all_game() -> None:
    runner = TableRunner(table(ANN, CY))
    assert runner.holder == 0
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    assert runner.table_view().viewer == 0 and runner.handing_to is None


def test_everyone_asked_in_the_challenge_window_lets_the_sale_stand_at_once() -> None:
    runner = TableRunner(table(ANN, BOB, Seat("Cy"), challenge=True, private=False))
    updates = watched(runner)
    for answer in ("roll 4", "buy"):
        ok(runner.submit(0, answer))
    ok(runner.submit(1, "buy"))
    ok(runner.submit(2, "discard"))
    ok(runner.submit(0, "sell AEON"))
    assert runner.session.awaiting().wait is Wait.CHALLENGE
    told = len(updates)
    runner.let_stand((1, 2))
    assert len(updates) == told + 1  # one update for everyone's pass
    assert runner.session.awaiting().wait is Wait.SELL


def test_an_undo_is_told_with_what_was_taken_back() -> None:
    runner = TableRunner(table(ANN))
    updates = watched(runner)
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    undone = runner.undo(0)
    assert isinstance(undone, Undone) and updates[-1].undone == undone
    assert runner.session.awaiting().wait is Wait.BUY


def test_a_refused_answer_tells_nobody_and_changes_nothing() -> None:
    runner = TableRunner(table(ANN, CY))
    updates = watched(runner)
    result = runner.submit(0, "buy")
    assert isinstance(result, Refused) and "roll" in str(result)
    assert updates == [] and runner.session.game.actions == []


# ---------------------------------------------------------------------- nothing to sell


def _to_bobs_sale(runner: TableRunner, bob_buys: bool) -> None:
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    runner.take_screen(1)
    ok(runner.submit(1, "buy" if bob_buys else "discard"))
    runner.take_screen(0)
    ok(runner.submit(0, "done"))


def test_a_person_who_can_sell_nothing_is_not_handed_the_screen_to_press_esc() -> None:
    runner = TableRunner(table(ANN, BOB))
    updates = watched(runner)
    _to_bobs_sale(runner, bob_buys=False)  # Bob holds no letter tile, only wilds
    session = runner.session
    assert not session.can_sell(1)
    assert session.game.actions[-2:] == ["done", "done"]  # Bob's sale is done for him
    assert session.game.round == 2 and session.awaiting().wait is Wait.ROLL  # Bob leads now
    assert not any(u.view is not None and u.view.handing_to == 1
                   and u.view.awaiting.wait is Wait.SELL for u in updates)


def test_a_person_who_can_sell_is_asked_as_usual() -> None:
    runner = TableRunner(table(ANN, BOB))
    _to_bobs_sale(runner, bob_buys=True)
    assert runner.session.awaiting().seats == (1,) and runner.handing_to == 1


def test_in_challenge_mode_a_seller_left_with_nothing_to_sell_is_not_asked_again() -> None:
    # Her sale stands once the others have seen it (no undo in challenge mode), so nothing
    # she could do is left but Esc: the table finishes her selling for her.
    runner = TableRunner(table(ANN, BOB, challenge=True, private=False))
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    ok(runner.submit(1, "buy"))
    ok(runner.submit(0, "sell AEON"))  # all her letter tiles
    runner.let_stand((1,))
    session = runner.session
    assert not session.can_sell(0) and session.why_not_undo(0) is not None
    assert session.game.actions[-1] == "done"  # Ann's sale, finished for her
    assert session.awaiting().wait is Wait.SELL and session.awaiting().seats == (1,)


def test_at_a_hosted_table_a_seller_left_with_nothing_to_sell_is_not_asked_again() -> None:
    # Each person has their own screen there, and a move stands once sent (no undo).
    runner = TableRunner(table(ANN, BOB), shared_screen=False)
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    ok(runner.submit(1, "buy"))
    ok(runner.submit(0, "sell AEON"))  # all her letter tiles
    session = runner.session
    assert not session.can_sell(0)
    assert session.game.actions[-1] == "done"  # Ann's sale, finished for her
    assert session.awaiting().wait is Wait.SELL and session.awaiting().seats == (1,)


def test_a_solo_player_with_nothing_to_sell_still_finishes_selling_themselves() -> None:
    runner = TableRunner(table(ANN))
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "discard"))  # nothing in hand: the discard may still be taken back
    assert runner.session.awaiting().wait is Wait.SELL
    assert isinstance(runner.undo(0), Undone)


def test_in_crossword_a_wild_may_still_make_a_word_with_the_grid() -> None:
    session = table(ANN, BOB, variants=("crossword",), private=False)
    runner = TableRunner(session)
    ok(runner.submit(0, "roll 4"))
    ok(runner.submit(0, "buy"))
    ok(runner.submit(1, "discard"))
    ok(runner.submit(0, "sell AEON"))  # the grid holds a word now
    ok(runner.submit(0, "done"))
    player = session.game.player(1)
    assert player.hand == "" and player.wilds > 0
    assert session.can_sell(1)  # a wild laid beside the grid's letters may make a word
    assert session.awaiting().seats == (1,)


# ---------------------------------------------------------------------- whole games


def _played_by_session(seats: tuple[Seat, ...], seed: int) -> list[str]:
    session = table(*seats, bag="", seed=seed, challenge=True)
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        if awaiting.computer:
            session.step()
        else:
            assert awaiting.seat is not None
            ok(session.act(awaiting.seat, person_answer(session, awaiting.seat)))
    return list(session.game.actions)


def test_a_seeded_whole_game_through_the_runner_is_the_sessions_own() -> None:
    seats = (ANN, Seat("Ed", "medium"), BOB)
    runner = TableRunner(table(*seats, bag="", seed=11, challenge=True))
    session = runner.session
    runner.begin()
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        if runner.handing_to is not None:
            runner.take_screen(runner.handing_to)
            continue
        assert not awaiting.computer  # the runner plays the computers itself
        if awaiting.wait is Wait.CHALLENGE:
            runner.let_stand(awaiting.seats)
        else:
            assert awaiting.seat is not None
            ok(runner.submit(awaiting.seat, person_answer(session, awaiting.seat)))
        runner.play_out()
    assert session.game.outcome() is not None
    assert list(session.game.actions) == _played_by_session(seats, 11)


def test_computers_alone_play_out_at_full_speed() -> None:
    runner = TableRunner(table(CY, Seat("Ed", "medium"), bag="", seed=5), shared_screen=False)
    thoughts = []
    assert runner.play_out(thoughts.append)
    assert runner.session.game.outcome() is not None
    assert len(thoughts) == len(runner.session.game.actions)


def test_play_out_stops_when_cancelled() -> None:
    runner = TableRunner(table(CY, Seat("Ed", "medium"), bag="", seed=5), shared_screen=False)
    assert not runner.play_out(cancelled=lambda: True)
    assert runner.session.game.actions == []


# ---------------------------------------------------------------------- in an event loop


async def _until(holds: object, what: str, within: float = 60.0) -> None:
    """Wait until `holds()` (a computer's move is played in a thread, in its own time);
    `within` seconds is only where a runner that never gets there gives up."""
    deadline = time.monotonic() + within
    while not holds():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.001)


async def test_computers_play_in_the_loop_until_a_person_is_asked() -> None:
    runner = TableRunner(table(CY, ANN, bag=DEAL[8:] + DEAL[:8]))
    updates = watched(runner)
    runner.start()
    await _until(lambda: not runner.session.awaiting().computer, "Ann is asked")
    assert runner.session.game.actions[0].startswith("roll")  # Cy rolled, in a thread
    assert any(update.played is not None and update.played.seat == 0 for update in updates)
    runner.close()


async def test_a_screen_that_cannot_show_a_move_holds_the_computers_until_woken() -> None:
    runner = TableRunner(table(CY, ANN))
    shown = False
    runner.start(may_play=lambda: shown)
    await asyncio.sleep(0.05)
    assert runner.session.game.actions == []  # Cy has decided, and waits to be shown
    shown = True
    runner.wake()
    await _until(lambda: runner.session.game.actions, "Cy's roll is played")
    runner.close()


async def test_skipping_ahead_cuts_a_computers_pause_short() -> None:
    session = table(CY, ANN)
    session.step_delay = 60.0
    runner = TableRunner(session)
    runner.start()
    await asyncio.sleep(0.05)
    assert session.game.actions == []  # a minute's pause for people to follow
    runner.skip_ahead()
    await _until(lambda: session.game.actions, "Cy's roll is played at once")
    runner.close()


async def test_a_computer_whose_turn_vanished_as_it_began_thinking_stops_nothing() -> None:
    session = table(CY, ANN)
    think = session.think
    tries: list[int] = []

    def racing() -> Thought:  # the seat changed hands just as the worker began
        tries.append(1)
        if len(tries) == 1:
            raise BuyWordError("no computer player is to act")
        return think()

    session.think = racing  # type: ignore[method-assign]  # the race, made to happen
    runner = TableRunner(session)
    runner.start()
    await _until(lambda: session.game.actions, "Cy plays after all")
    assert len(tries) >= 2  # it thought again, and played
    runner.close()
