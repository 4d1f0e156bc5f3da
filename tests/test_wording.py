"""Messages that name a player agree with them: "You have $83", "Ann has $83", "1 tile"."""

from __future__ import annotations

import pytest

from buyword.engine import Buy, Drop, Game, Phase, default_tiles
from buyword.engine import events as ev
from buyword.engine.wording import address, conjugate, plural, possessive, says
from buyword.store.setup import GameSetup, Seat
from buyword.table import Refused, TableSession
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

LEXICON = Lexicon(("tea", "eat", "seat"), "the wording test words")
FINDER = WordFinder(LEXICON, default_tiles())


@pytest.mark.parametrize(("name", "verb", "said"), [
    ("You", "be", "You are"), ("Ann", "be", "Ann is"),
    ("You", "have", "You have"), ("Ann", "have", "Ann has"),
    ("You", "hold", "You hold"), ("Ann", "hold", "Ann holds"),
    ("you", "pay", "You pay"), ("Bob", "pay", "Bob pays"),
    ("Cy", "cannot", "Cy cannot"), ("Di", "match", "Di matches"), ("Di", "carry", "Di carries"),
])
def test_subject_and_verb_agree(name: str, verb: str, said: str) -> None:
    assert says(name, verb) == said


def test_you_is_lower_case_inside_a_sentence() -> None:
    assert says("You", "pay", start=False) == "you pay"
    assert possessive("You", start=False) == "your"
    assert conjugate("be", you=True) == "are"


@pytest.mark.parametrize(("count", "said"), [(0, "0 tiles"), (1, "1 tile"), (2, "2 tiles")])
def test_counts_agree_in_number(count: int, said: str) -> None:
    assert plural(count, "tile") == said


def test_possessive_of_a_name() -> None:
    assert (possessive("Ann"), possessive("You"), possessive("Jess")) == ("Ann's", "Your", "Jess'")


@pytest.mark.parametrize(("text", "said"), [
    ("Ann has $83; these tiles cost $100", "You have $83; these tiles cost $100"),
    ("it is not Ann's turn: Bob is to roll", "it is not your turn: Bob is to roll"),
    ("Ann holds 9 letter tiles; drop 1", "You hold 9 letter tiles; drop 1"),
    ("Ann cannot challenge their own word", "You cannot challenge your own word"),
    ("Ann cannot trade with themselves", "You cannot trade with yourself"),
    ("Anna holds 9 tiles", "Anna holds 9 tiles"),  # another player's name is left alone
    ("Bob matches. Ann passes", "Bob matches. You pass"),
])
def test_a_message_about_a_player_said_to_them(text: str, said: str) -> None:
    assert address(text, "Ann") == said


def _game(*names: str) -> Game:
    return Game.new(list(names), dictionary=LEXICON, seed=5)


def test_engine_refusals_to_you_agree() -> None:
    game = _game("You")
    game.apply("roll 5")
    game._players[0].money = 10  # noqa: SLF001 - a poor player (5 tiles cost at least $25)
    refusal = game.why_not(Buy()) or ""
    assert refusal.startswith("You have $10;"), refusal
    assert "You has" not in refusal and "You is" not in refusal


def test_engine_drop_refusal_counts_in_number() -> None:
    game = _game("You")
    game._players[0].hand = "AEIORSTUN"  # noqa: SLF001 - nine tiles: one over the limit
    game._drop_queue = [0]  # noqa: SLF001
    game.phase = Phase.DROP
    assert (game.why_not(Drop("AE")) or "").startswith("You hold 9 letter tiles; drop exactly 1")
    refusal = game.why_not(Drop("Q")) or ""
    assert refusal.startswith("You hold no Q"), refusal


def test_log_lines_agree_with_you() -> None:
    stands = ev.Challenged(0, "You", 1, "Bob", "tea", True, 0, 20)
    reversed_ = ev.Challenged(1, "Bob", 0, "You", "xq", False, 9, 20)
    declined = ev.Declined(0, "You", 1, "Bob")
    assert "you pay a $20 penalty" in str(stands)
    assert str(reversed_).endswith("and you pay $20")
    assert str(declined) == "Bob declined your offer"


def _session(*seats: Seat, private: bool) -> TableSession:
    setup = GameSetup(seats=seats, seed=3, private_hands=private)
    return TableSession.new(setup, LEXICON, FINDER)


def test_a_private_table_speaks_to_the_seat_on_its_turn() -> None:
    table = _session(Seat("Ann"), Seat("Bob"), private=True)
    assert table.addressed(0) and not table.addressed(1)  # Ann rolls; Bob waits his turn
    refusal = table.act(0, "buy")
    assert isinstance(refusal, Refused)
    assert refusal.message == "'buy' is not possible now: you are to roll the die"


def test_an_open_table_names_the_seats() -> None:
    table = _session(Seat("Ann"), Seat("Bob"), private=False)
    assert not table.addressed(0)
    refusal = table.act(0, "buy")
    assert isinstance(refusal, Refused)
    assert refusal.message == "'buy' is not possible now: Ann is to roll the die"


def test_a_solo_seat_with_computers_is_you() -> None:
    table = _session(Seat("Ann"), Seat("Cy", "easy"), private=True)
    assert table.addressed(0) and not table.addressed(1)


def test_money_reads_one_way_everywhere() -> None:
    from buyword.engine import events as ev
    from buyword.engine.wording import dollars

    assert (dollars(1000), dollars(999), dollars(-5), dollars(0)) == ("$1,000", "$999", "-$5",
                                                                       "$0")
    assert str(ev.Bought(seat=0, name="Ann", tiles="QUIZZES", price=1024)) \
        == "Ann bought QUIZZES for $1,024"


def test_a_range_is_written_with_an_en_dash_as_on_screen() -> None:
    from engine_helpers import WORDS

    from buyword.engine import CHOICE, Buy, Game, Roll
    from buyword.engine.errors import IllegalAction

    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1)
    game.apply(Roll(CHOICE))
    try:
        game.apply(Buy())
    except IllegalAction as refusal:
        assert "(2–5)" in str(refusal) and "2-5" not in str(refusal)
    else:
        raise AssertionError("buying before the draw count was chosen was allowed")
