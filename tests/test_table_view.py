"""The table view: what a screen at one seat may draw, from the session alone. It reads back
from its plain form unchanged (the form a hosted table sends), on random states of the base
game, the table variants and the crossword variant; and it never holds a hidden tile."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from json_helpers import JSON_VALUES, places

from buyword.analysis.results import GameResults
from buyword.engine import BuyWordError
from buyword.store.setup import GameSetup, Seat
from buyword.table import HIDDEN, TableSession, Wait
from buyword.table.services import Services
from buyword.table.view_codec import decode_view, view_data, view_from
from buyword.words.lexicon import Lexicon

WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "sat", "rat", "tar", "art", "star",
         "rate", "tears", "stare", "one", "eon", "note", "tone", "stone", "diet", "edit",
         "tide", "quiz", "qi", "zit", "it", "ti", "za", "ta", "cat", "tie", "ties", "in", "on")
LEXICON = Lexicon(WORDS, "the table view test words")
SERVICES = Services(LEXICON)

#: The games the views are drawn from: the base game, each table variant, the crossword.
GAMES: dict[str, dict[str, object]] = {
    "base": {},
    "challenge": {"challenge": True},
    "auction": {"variants": ("auction",)},
    "trade": {"variants": ("trade",)},
    "trade money": {"variants": ("trade_money",)},
    "draft": {"variants": ("draft",)},
    "tile limit": {"tile_limit": 8},
    "crossword": {"variants": ("crossword",)},
}


def table(kind: str, seed: int, private: bool = True) -> TableSession:
    """A table of two people and a computer playing `kind` (see GAMES)."""
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")), seed=seed,
                      private_hands=private, **GAMES[kind])  # type: ignore[arg-type]
    return TableSession.new(setup, LEXICON, SERVICES.finder(LEXICON, setup.rules().tiles))


def advance(session: TableSession, moves: int, rng: random.Random) -> None:
    """Play up to `moves` answers: computers think, people answer at random."""
    for _ in range(moves):
        awaiting = session.awaiting()
        if awaiting.wait is Wait.OVER:
            return
        if awaiting.computer:
            session.step()
            continue
        seat = awaiting.seats[0]
        if awaiting.wait is Wait.CHALLENGE:
            session.act(seat, rng.choice(("pass", "pass", f"challenge {seat + 1}")))
            continue
        hints = session.finder.find(session.game.player(seat).hand,
                                    session.game.player(seat).wilds)
        if awaiting.wait is Wait.SELL and hints and not session.game.rules.crossword \
                and rng.random() < 0.7:
            session.act(seat, f"sell {hints[0].notation}")
            continue
        legal = [str(a) for a in session.game.legal_actions()]
        session.act(seat, "buy" if "buy" in legal and rng.random() < 0.7 else rng.choice(legal))


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(sorted(GAMES)), seed=st.integers(1, 10_000),
       moves=st.integers(0, 60), viewer=st.sampled_from((None, 0, 1, 2)),
       private=st.booleans(), own_screen=st.booleans())
def test_a_view_reads_back_from_its_plain_form_unchanged(
        kind: str, seed: int, moves: int, viewer: int | None, private: bool,
        own_screen: bool) -> None:
    session = table(kind, seed, private)
    advance(session, moves, random.Random(seed))
    view = session.table_view(viewer, own_screen=own_screen)
    sent = json.dumps(view_data(view))  # as a hosted table sends it
    assert view_from(json.loads(sent)) == view and decode_view(sent) == view
    # A view sent with only its new log lines continues the screen's earlier one.
    cut = len(view.log) // 2
    assert view_from(json.loads(json.dumps(view_data(view, cut))), view) == view


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_finished_games_view_carries_its_results_and_reads_back(kind: str) -> None:
    session = table(kind, 5)
    assert session.table_view(0).results is None  # nothing to show while the game is on
    advance(session, 10_000, random.Random(5))
    assert session.over
    for viewer, own_screen in ((None, False), (0, False), (1, True)):
        view = session.table_view(viewer, own_screen=own_screen)
        results = view.results
        assert results is not None and results == GameResults.of(session).view
        assert [p.money for p in results.players] == [p.money for p in session.game.players]
        assert results.outcome == view.outcome and results.rules == session.game.rules
        assert view_from(json.loads(json.dumps(view_data(view)))) == view


def test_a_damaged_or_foreign_view_is_refused_with_a_reason() -> None:
    data = view_data(table("base", 3).table_view(0))
    with pytest.raises(BuyWordError, match="a table view of form 2: this screen reads form 3"):
        view_from({**data, "schema": 2})  # a host from before the typed codec
    with pytest.raises(BuyWordError, match="the table's view's seat has no 'seat'"):
        view_from({**data, "seat": {}})
    with pytest.raises(BuyWordError, match="the table's view's seat.money should be a whole "
                       "number, not text"):
        view_from({**data, "seat": {**data["seat"], "money": "lots"}})
    with pytest.raises(BuyWordError, match="log this screen does not have"):
        view_from(view_data(table("base", 3).table_view(0), log_from=2))


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_no_view_holds_a_hidden_hand_or_draw(kind: str) -> None:
    """At every moment of a game, each seat's view (and the view of nobody, between people)
    holds of the others only what the table shows: the hidden letters are not in it at all."""
    session = table(kind, 11)
    rng = random.Random(11)
    while session.awaiting().wait is not Wait.OVER:
        game = session.game
        for viewer in (None, 0, 1, 2):
            for own_screen in (False, True) if viewer is not None else (False,):
                view = session.table_view(viewer, own_screen=own_screen)
                for player in view.players:
                    real = game.player(player.seat)
                    mine = player.seat == viewer
                    assert (player.hand is not None) == mine, (viewer, player)
                    assert player.tiles == len(real.hand)
                    assert player.drawn_tiles == len(real.drawn)
                    if not mine and player.drawn is not None:  # a draw the table sees
                        assert game.rules.trading or game.rules.draft or \
                            game.auction is not None
                for line in view.log:  # the letters going into another's hand are hidden
                    if line.kind in ("Drew", "Bought") and " drew " in line.text:
                        name = line.text.split(" drew ")[0]
                        if viewer is None or name != game.names[viewer]:
                            face_up = game.rules.trading or game.rules.draft
                            assert face_up or HIDDEN in line.text, line
                if viewer is not None and own_screen and view.outcome is None:
                    assert view.seed is None  # the seed deals the bag: not before the end
        advance(session, 1, rng)


def test_a_view_says_who_is_asked_and_why_a_key_is_refused() -> None:
    session = table("base", 5)
    view = session.table_view(0)
    assert view.awaiting.wait is Wait.ROLL and view.awaiting.seats == (0,)
    assert view.refusal("roll") is None
    assert view.refusal("buy") is not None  # nothing drawn yet
    other = session.table_view(1)  # Bob, not asked, is given no key's verdict
    assert other.why_not == {} and "not your turn" in str(other.refusal("roll"))
    assert view.addressed == frozenset({0})  # at a private table, the person at the screen
    assert session.table_view(0, own_screen=True).why_not_undo is not None


@functools.cache
def crossword_view_data() -> str:
    """A crossword table's view, part-way, as a host sends it (made once, when first asked)."""
    session = table("crossword", 8)
    advance(session, 40, random.Random(8))
    return json.dumps(view_data(session.table_view(0, own_screen=True)))


@pytest.mark.slow  # a big hypothesis run over every field
@settings(max_examples=200, deadline=None)
@given(pick=st.data(), value=JSON_VALUES)
def test_any_value_anywhere_in_a_hosts_view_is_read_or_ends_the_table_in_one_line(
        pick: st.DataObject, value: object) -> None:
    """A joined screen handed a view damaged at any one place draws it, or ends the table
    with one line saying what it cannot read (naming the field); it never crashes."""
    from buyword.net.protocol import VERSION
    from buyword.net.remote import SeatLink

    data = json.loads(crossword_view_data())
    where = pick.draw(st.sampled_from(places(data)))
    *parents, last = where
    holder: Any = data
    for key in parents:
        holder = holder[key]
    holder[last] = value
    link = SeatLink(lambda _message: None)
    link.take({"v": VERSION, "type": "view", "view": json.loads(crossword_view_data())})
    before = link.view
    assert before is not None
    link.take({"v": VERSION, "type": "view", "view": data})
    if link.ended is None:
        assert link.view is not None
        return
    assert link.view is before  # the damaged view changed nothing the screen draws
    assert "\n" not in link.ended
    assert link.ended.startswith("this screen cannot read the host's table: ")
    if " should be " in link.ended:  # the codec refused a value: it names the field (a
        # mapping's key as msgspec does, "why_not[...]")
        named = [key for key in where if isinstance(key, str)]
        assert any(key in link.ended for key in named[-2:])


def test_a_hand_off_and_a_lesson_never_go_on_the_wire() -> None:
    from dataclasses import replace

    from buyword.table.views import LessonView

    view = table("base", 3).table_view(0)
    lesson = LessonView("Lesson 1/12 · Roll", "Roll the die.", "Press R.", False, "Not yet")
    local = replace(view, handing_to=1, lesson=lesson)
    sent = view_data(local)
    assert "handing_to" not in sent and "lesson" not in sent
    assert view_from(json.loads(json.dumps(sent))) == view  # read back: neither is there
