"""The table's round box and prompt as functions of the session (no screen): never stale,
never "You is", and every key they name is a key the table has."""

from __future__ import annotations

import re

from words_helpers import EveryWordFits

from buyword.engine import CHOICE, Roll, default_tiles
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.table.views import LessonView
from buyword.ui.status import (
    backs,
    draw_line,
    draw_rack,
    hand_rack,
    lesson_refuses,
    may_hear,
    no_hints_reason,
    prompt_template,
    round_lines,
)
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

LEXICON = Lexicon(("tea", "eat", "seat"), "the status test words")
FINDER = WordFinder(LEXICON, default_tiles())


def _table(*seats: Seat, private: bool = True, bag: str = "") -> TableSession:
    setup = GameSetup(seats=seats, seed=3, private_hands=private, bag=bag)
    return TableSession.new(setup, LEXICON, FINDER)


def _solo() -> TableSession:
    return _table(Seat("You"))


def _prompt(table: TableSession) -> str:
    return prompt_template(table.table_view(table.awaiting().seat))


def _to_final_round(table: TableSession) -> None:
    """Play on (roll 5, discard, done) until the bag cannot serve the draw."""
    while not table.game.final_round:
        wait = table.awaiting().wait
        answer = {Wait.ROLL: "roll 5", Wait.BUY: "discard", Wait.SELL: "done"}[wait]
        assert not isinstance(table.act(0, answer), str)


def test_choice_says_choice_not_die_not_rolled() -> None:
    table = _solo()
    table.act(0, Roll(CHOICE))
    assert draw_line(table.table_view(0), tumbling=False) == "CHOICE: 2–5 each"
    assert "Press [b]2[/b]–[b]5[/b]" in _prompt(table)
    assert "Type a word" not in _prompt(table)


def test_the_draw_is_not_told_while_the_die_tumbles() -> None:
    table = _solo()
    table.act(0, "roll 4")
    assert draw_line(table.table_view(0), tumbling=True) == "Rolling…"
    assert draw_line(table.table_view(0), tumbling=False) == "Draw 4 each"


def test_the_final_round_is_said_once_and_nobody_draws() -> None:
    table = _solo()
    _to_final_round(table)
    lines = round_lines(table.table_view(0), tumbling=False)
    prompt = _prompt(table)
    assert table.game.nobody_draws
    assert lines[0] == "FINAL ROUND" and lines[3] == "No draws: sell"
    assert "FINAL ROUND" not in prompt and "Draw" not in prompt
    assert "last sale" in prompt


def test_the_bag_line_counts_in_number() -> None:
    table = _solo()
    _to_final_round(table)
    assert round_lines(table.table_view(0), tumbling=False)[2] == "Bag 0 tiles"


def test_a_solo_player_is_you() -> None:
    table = _solo()
    table.act(0, "roll 5")
    table.game._players[0].money = 10  # noqa: SLF001 - too poor to buy the draw
    prompt = _prompt(table)
    assert prompt.startswith("You cannot afford these tiles"), prompt
    assert "you have $10" in prompt and "You has" not in prompt and "$name" not in prompt


def test_over_the_limit_agrees_with_each_seat() -> None:
    def over(table: TableSession) -> str:
        game = table.game
        game._players[0].hand = "AEIORSTUN"  # noqa: SLF001 - one tile over the limit
        game._drop_queue = [0]  # noqa: SLF001
        game.phase = game.phase.DROP
        return _prompt(table)

    assert over(_solo()).startswith("You are over the tile limit: choose 1 tile to drop")
    private = over(_table(Seat("Ann"), Seat("Bob")))
    assert private.startswith("[b]$name[/b], you are over the tile limit")
    open_table = over(_table(Seat("Ann"), Seat("Bob"), private=False))
    assert open_table.startswith("[b]$name[/b] is over the tile limit")


def test_every_key_a_prompt_names_is_bound() -> None:
    from buyword.ui.screens.table import TableScreen

    keys = {key.upper() for binding in TableScreen.BINDINGS
            for key in binding.key.split(",")}  # type: ignore[union-attr]
    keys |= {"ESC", "ENTER"}
    table = _solo()
    seen = set()
    for _ in range(12):
        prompt = _prompt(table)
        named = {k.upper() for k in re.findall(r"\[b\]([A-Za-z0-9]+)\[/b\]", prompt)
                 if not k.startswith("$")}
        assert named <= keys | {"ESCAPE"}, (prompt, named - keys)
        seen |= named
        wait = table.awaiting().wait
        table.act(0, {Wait.ROLL: "roll 2", Wait.BUY: "discard", Wait.SELL: "done"}[wait])
    assert {"R", "B", "D", "ESC"} <= seen


def test_an_empty_hand_says_yet_only_in_the_first_round() -> None:
    from buyword.ui.status import empty_hand

    table = _solo()
    assert empty_hand(table.table_view(0)) == "no tiles yet"
    _to_final_round(table)  # late in the game a hand sold or dropped empty has no tiles
    assert empty_hand(table.table_view(0)) == "no tiles"


def test_the_trade_line_shows_each_draw_with_its_pips_and_price_and_the_offer() -> None:
    from buyword.ui.status import seed_line, variant_line

    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=3, bag="TEAEAT",
                      private_hands=False, variants=("trade",))
    table = TableSession.new(setup, LEXICON, FINDER)
    table.act(0, "roll 3")
    view = table.table_view(0)
    assert view.awaiting.wait is Wait.TRADE
    line = variant_line(view)
    assert line == "Draws on the table · 1 Ann: TEA 3• $9   2 Bob: EAT 3• $9"
    assert seed_line(view) == "trade · seed 3"
    assert variant_line(_solo().table_view(0)) is None  # a plain game: no line


def test_a_hosted_seats_prompt_says_the_links_state_and_whom_the_table_waits_for() -> None:
    from dataclasses import replace

    from buyword.table.views import LinkView

    table = _table(Seat("Ann"), Seat("Bob"))
    bobs = table.table_view(1)  # Ann is to roll
    assert prompt_template(replace(bobs, link=LinkView(1))) == "Waiting: $waiting."
    assert bobs.waiting_for and "Ann" in bobs.waiting_for  # (what fills it in)
    anns = replace(table.table_view(0), link=LinkView(0))
    assert prompt_template(anns) == _prompt(table)  # asked: as at a table played here
    sent = replace(anns, link=LinkView(0, sent=True))
    assert prompt_template(sent) == _prompt(table)  # her answer on its way: still hers
    assert "reconnecting" in prompt_template(replace(anns, link=LinkView(0, lost=True)))
    assert prompt_template(replace(anns, link=LinkView(0, ended="the host has gone"))) == \
        "[b]You are no longer at this table:[/b] $why"


def test_the_message_line_tells_each_sale_and_verdict_marking_a_reversed_sale() -> None:
    from buyword.ui.status import Told, told

    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=3, private_hands=True,
                      challenge=True, bag="TEAETA")
    table = TableSession.new(setup, LEXICON, FINDER)
    for seat, answer in ((0, "roll 3"), (0, "buy"), (1, "buy")):
        table.act(seat, answer)

    def after(seat: int, answer: str) -> list[Told]:
        before = table.table_view(1)  # Bob's screen: Ann's hand is a count there
        assert not isinstance(table.act(seat, answer), str)
        return told(before, table.table_view(1))

    [sold] = after(0, "sell ATE")  # a word the test words do not have: challenge mode
    assert sold.text.startswith("✓ Ann sold ATE for $") and not sold.error
    [verdict] = after(1, "challenge 2")
    assert verdict.text.startswith("⚖ Bob challenged ATE: not a word!") and verdict.error
    after(0, "sell TEA")
    [verdict] = after(1, "challenge 2")
    assert verdict.text.startswith("⚖ Bob challenged TEA: it stands") and not verdict.error
    assert after(0, "done") == []  # nothing the message line tells


def test_a_themed_round_says_its_new_theme_all_round() -> None:
    from buyword.engine import Game, Rules
    from buyword.ui.status import told

    rules = Rules(themes=("food", "animals"), theme_each_round=True)
    game = Game.new(["You"], dictionary=LEXICON, seed=3, rules=rules, bag="AEIOU",
                    themes=EveryWordFits())
    solo = TableSession(game, (Seat("You"),), FINDER)
    before = solo.table_view(0)
    solo.act(0, "roll 5")
    [new] = told(before, solo.table_view(0))
    assert new.text.startswith("New theme this round: ") and new.whole_round


def test_coach_lines_are_heard_only_by_their_seats_person_holding_the_screen() -> None:
    """Private hands, two people at one screen: Ann's coach line is for Ann alone, and only
    once she holds the screen for her own turn; a line for everyone is always heard."""
    table = _table(Seat("Ann"), Seat("Bob"))
    ann_asked = table.awaiting().seat == 0
    assert ann_asked  # Ann leads: she is asked to roll
    ann, bob, nobody = table.table_view(0), table.table_view(1), table.table_view(None)
    assert ann.hand_off
    assert may_hear(ann, 0)
    assert not may_hear(bob, 0)  # Bob holds the screen: Ann's line waits
    assert not may_hear(nobody, 0)  # between people: nobody's line shows
    assert not may_hear(ann, 1)  # Bob's line is not for Ann
    assert not may_hear(ann, 7)  # no such seat
    assert all(may_hear(view, None) for view in (ann, bob, nobody))


def test_coach_lines_at_an_open_table_are_heard_by_everyone() -> None:
    """Open hands: every line may be shown, whoever holds the screen."""
    table = _table(Seat("Ann"), Seat("Bob"), private=False)
    view = table.table_view(None)
    assert may_hear(view, 0) and may_hear(view, 1)


def _lesson(todo: str | None = "Press R") -> LessonView:
    return LessonView("Lesson 1/12 · The die", "Roll the die.", todo, finished=False,
                      not_yet="First roll the die: press R.")


def test_a_lesson_answers_a_table_key_that_would_do_nothing_now() -> None:
    """B while the lesson waits for a roll is answered with what it waits for; R, which
    rolls, goes through; nothing is answered while the player is not to act or types a word."""
    lesson = _lesson()
    assert lesson_refuses(lesson, "b", "b", acting=True, allowed=False, bound=True)
    assert lesson_refuses(lesson, "3", "3", acting=True, allowed=None, bound=True)
    assert not lesson_refuses(lesson, "r", "r", acting=True, allowed=True, bound=True)
    assert not lesson_refuses(lesson, "b", "b", acting=False, allowed=False, bound=True)


def test_a_lesson_answers_a_letter_bound_to_nothing_while_it_has_something_to_do() -> None:
    """Q or 7 do nothing at a table: the lesson says what it waits for, but only while there
    is something to do; F2 or Esc (no character) are not the lesson's to answer."""
    assert lesson_refuses(_lesson(), "q", "q", acting=True, allowed=None, bound=False)
    assert lesson_refuses(_lesson(), "7", "7", acting=True, allowed=None, bound=False)
    assert not lesson_refuses(_lesson(None), "q", "q", acting=True, allowed=None, bound=False)
    assert not lesson_refuses(_lesson(), "f2", None, acting=True, allowed=None, bound=False)
    assert not lesson_refuses(_lesson(), "a", "a", acting=True, allowed=None, bound=True)


def test_why_f2_shows_no_hints_names_the_form_the_host_or_the_selling_turn() -> None:
    """Hints off in this game: the new-game form's tick; hints on: it is not the selling turn
    (of the person at the screen, or of anyone here)."""
    off = _table(Seat("You"))
    assert "tick Hints (F2)" in no_hints_reason(off.table_view(0), acting=True)
    on = TableSession.new(GameSetup(seats=(Seat("You"),), seed=3, hints=True), LEXICON, FINDER)
    view = on.table_view(0)
    assert view.hints
    assert no_hints_reason(view, acting=True).startswith("Hints are for your selling turn")
    assert no_hints_reason(view, acting=False) == "Hints are for the seller, on their selling turn."


def test_a_hidden_hand_reaches_the_rack_only_as_stand_ins() -> None:
    """Private hands at one screen: between people, and to the other person, the hand to
    act is face down, its tiles stand-ins (never its letters); its own person sees it."""
    table = _table(Seat("Ann"), Seat("Bob"), bag="TEAZOO")
    assert not isinstance(table.act(0, "roll 3"), str)
    assert table.awaiting().wait is Wait.BUY and table.awaiting().seat == 0
    ann_draw = table.game.player(0).drawn
    ann = hand_rack(table.table_view(0))
    assert not ann.face_down and ann.title == "Your hand · 0 tiles"  # Ann holds the screen
    drawn = draw_rack(table.table_view(0))
    assert drawn is not None and drawn.tiles == ann_draw and not drawn.face_down
    for viewer in (None, 1):  # between people; Bob holding the screen
        view = table.table_view(viewer)
        draw = draw_rack(view)
        assert draw is not None and draw.face_down and draw.title == "Ann drew 3 tiles"
        assert draw.tiles == backs(view, 3) != ann_draw  # stand-ins, not TEA


def test_no_draw_rack_when_nothing_is_on_the_table() -> None:
    """Before the roll there is no draw to show: the rack above the hand is hidden."""
    table = _table(Seat("You"))
    assert draw_rack(table.table_view(0)) is None
    assert hand_rack(table.table_view(0)).title == "Your hand · 0 tiles"


def test_a_sales_line_stays_once_a_computer_lets_it_stand() -> None:
    from buyword.ui.status import told
    from buyword.ui.widgets.message_line import MessageLine

    setup = GameSetup(seats=(Seat("Ann"), Seat("Cy", "easy")), seed=3, private_hands=True,
                      challenge=True, bag="TEAETA")
    table = TableSession.new(setup, LEXICON, FINDER)
    table.act(0, "roll 3")
    table.act(0, "buy")
    while table.awaiting().seats != (0,) or table.awaiting().wait is not Wait.SELL:
        table.step()  # Cy buys or discards
    line = MessageLine()  # Ann's screen's, as the table screen feeds it
    before = table.table_view(0)
    table.act(0, "sell TEA")
    [sold] = told(before, now := table.table_view(0))
    line.say(sold.text, now)
    assert table.awaiting().wait is Wait.CHALLENGE  # Cy may challenge it
    table.step()  # Cy lets it stand
    line.show(after := table.table_view(0))
    assert after.log[-1].kind == "Sold" and after.awaiting.wait is Wait.SELL  # no verdict
    assert str(line.content).startswith("✓ Ann sold TEA")
    table.act(0, "done")  # Ann's turn is over: the sale's line with it
    line.show(table.table_view(0))
    assert str(line.content) == ""
