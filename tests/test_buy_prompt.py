"""The buy prompt's words, as the table screen renders them (markup made plain): the price is
followed by its own punctuation and a space before the keys, at a local table, solo, with the
auction offered, and when the draw cannot be afforded."""

from __future__ import annotations

import re
from dataclasses import replace

from net_helpers import FINDER, LEXICON

from buyword.engine import Game
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.ui.status import prompt_template
from buyword.ui.text import markup

#: A price run into the next word ("$25or discard"): what the prompt must never show.
RUN_ON = re.compile(r"\$\d+[A-Za-z(]")


def buy_prompt(*seats: Seat, bag: str = "QZXJTEAO", money: int | None = None,
               **variants: bool) -> str:
    """The first buyer's prompt, rendered as plain text."""
    setup = GameSetup(seats=seats, seed=2, bag=bag,
                      variants=tuple(name for name, on in variants.items() if on))
    rules = setup.rules() if money is None else replace(setup.rules(), starting_money=money)
    # A poorer player (for the refusal's words) starts with less, as the rules allow.
    game = Game.new([seat.name for seat in seats], dictionary=LEXICON, seed=2, rules=rules,
                    bag=bag)
    session = TableSession.of(game, setup, FINDER)
    session.act(0, "roll 3" if session.game.why_not("roll 3") is None else "roll")
    if session.awaiting().wait is Wait.CHOOSE:
        session.act(0, "choose 3")
    assert session.game.player(0).money == (200 if money is None else money)
    awaiting = session.awaiting()
    assert awaiting.wait is Wait.BUY and awaiting.seat == 0
    return markup(prompt_template(session.table_view(0)), name=seats[0].name, word="").plain


def test_the_price_is_spaced_from_the_keys_in_every_buy_prompt() -> None:
    cost = 12 ** 2  # QZX: 4 + 4 + 4 pips
    prompts = [
        buy_prompt(Seat("You")),
        buy_prompt(Seat("Ann"), Seat("Bob")),
        buy_prompt(Seat("Ann"), Seat("Bob"), auction=True),
        buy_prompt(Seat("Ann"), Seat("Bob"), money=100),
    ]
    assert prompts[0] == f"Buy these tiles for ${cost}? B buys, D discards."
    assert prompts[1] == f"Ann, buy these tiles for ${cost}? B buys, D discards."
    assert prompts[2] == (f"Ann, buy these tiles for ${cost}? B buys, D discards, "
                          "A puts them up for auction.")
    assert prompts[3] == (f"Ann, you cannot afford these tiles (${cost}; you have $100): "
                          "press D to discard them.")
    assert not [p for p in prompts if RUN_ON.search(p)]
