"""Private hands stay private: on the session, no seat's view or log ever holds another seat's
hidden hand or draw, computers included; open tables show everything. And one finder per game:
with an all-4-pip tile set the hint, the computer's valuation and the engine agree on price."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from buyword.bots import MasterBot, SeatView
from buyword.bots.master import Search
from buyword.engine import Rules, TileSet, default_tiles
from buyword.engine import events as ev
from buyword.store.setup import GameSetup, Seat
from buyword.table import HIDDEN, Played, Services, TableSession, Wait
from buyword.table.view_codec import view_data
from buyword.words.lexicon import Lexicon

WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "sat", "rat", "tar", "art", "star",
         "rate", "tears", "stare", "aeon", "one", "eon", "note", "tone", "stone", "diet", "edit",
         "tide", "tides", "quiz", "zoo", "ox", "ax", "in", "on", "no", "is", "it", "its")
LEXICON = Lexicon(WORDS, "the privacy test words")
SERVICES = Services(LEXICON)

#: A Master that plays each decision out a few times, not for a second.
QUICK_MASTER = Search(breadth=2, horizon=2, min_rollouts=2, max_rollouts=2)


class Recorder:
    """Wraps a computer player and keeps every view it was given."""

    def __init__(self, bot: object, seen: list) -> None:
        self.bot, self.seen = bot, seen

    def act(self, view):  # noqa: ANN001, ANN201 - the Bot interface
        self.seen.append(view)
        return self.bot.act(view)

    def challenge(self, view, sale):  # noqa: ANN001, ANN201
        self.seen.append(view)
        return self.bot.challenge(view, sale)


def scripted_game(seats: tuple[Seat, ...], private: bool, seed: int,
                  check: object) -> TableSession:
    """Play a whole game: people answer at random (buy, sell a known word, pass or challenge),
    computers think; `check(session)` runs before every move. A Master searches a few
    rollouts a decision (`QUICK_MASTER`) rather than for a second."""
    setup = GameSetup(seats=seats, seed=seed, challenge=len(seats) > 1, private_hands=private)
    session = TableSession.new(setup, LEXICON, SERVICES.finder(LEXICON, setup.rules().tiles))
    views: list = []
    for seat, bot in list(session.bots.items()):
        if isinstance(bot, MasterBot):
            bot.search, bot.budget = QUICK_MASTER, 1e9
        session.bots[seat] = Recorder(bot, views)  # type: ignore[assignment]
    rng = random.Random(seed)
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        check(session)  # type: ignore[operator]
        if awaiting.computer:
            session.step()
            continue
        seat = awaiting.seats[0]
        assert isinstance(session.act(seat, person_move(session, seat, rng)), Played)
    check(session)  # type: ignore[operator]
    session.views_given = views  # type: ignore[attr-defined]
    return session


def person_move(session: TableSession, seat: int, rng: random.Random) -> str:
    """A plausible move for a person: buy what is affordable, sell a word when one is found."""
    awaiting, game = session.awaiting(), session.game
    if awaiting.wait is Wait.CHALLENGE:
        return rng.choice(("pass", "pass", f"challenge {seat + 1}"))
    if awaiting.wait is Wait.SELL:
        found = session.finder.find(game.player(seat).hand, game.player(seat).wilds)
        return f"sell {found[0].notation}" if found and rng.random() < 0.8 else "done"
    legal = [str(a) for a in game.legal_actions()]
    return "buy" if "buy" in legal else rng.choice(legal)


def hidden_from(session: TableSession, viewer: int | None) -> dict[int, tuple[str, str]]:
    """Every seat's (hand, draw) that `viewer` may not see."""
    return {p.seat: (p.hand, p.drawn) for p in session.game.players
            if not session.may_see(viewer, p.seat)}


#: "Ann drew QZX", "Ann bought QZX for $..": the letters going into a hand.
INTO_HAND = re.compile(r"^(?P<name>.+?) (?:drew|bought) (?P<tiles>\S+)")


def check_private(session: TableSession) -> None:
    """No view or log line of any seat shows another seat's hidden hand or draw."""
    game = session.game
    names = game.names
    for viewer in range(game.seats):
        view = session.view(viewer)
        hidden = hidden_from(session, viewer)
        assert set(hidden) == set(range(game.seats)) - {viewer}
        assert all(o.hand is None and o.drawn is None for o in view.opponents)
        assert all(view.draws[s] is None for s in hidden)
        expected = Counter(game.bag)  # the bag, the tiles it lost face down, hidden tiles
        expected.update("".join(e.removed for e in game.log if isinstance(e, ev.FinalRound)))
        for hand, drawn in hidden.values():
            expected.update(hand + drawn)
        assert Counter(view.unseen) == expected and view.unseen == "".join(sorted(view.unseen))
        for event in session.log_for(viewer):
            match = INTO_HAND.match(str(event))
            if match and match["name"] != names[viewer]:
                assert set(match["tiles"]) == {HIDDEN}, str(event)
    for seat in range(game.seats):  # someone watching the screen between people sees no hand
        if session.people:
            assert seat in hidden_from(session, None)
    check_screens(session)


def check_screens(session: TableSession) -> None:
    """What every screen draws (`TableView`, local or sent to a hosted seat, and the view of
    nobody between people) holds no hidden hand or draw: not in its players, its log, or
    anywhere in the plain form a host sends."""
    game = session.game
    for viewer in (None, *range(game.seats)):
        for own_screen in (False, True) if viewer is not None else (False,):
            view = session.table_view(viewer, own_screen=own_screen)
            sent = view_data(view)
            # (The log is checked line by line below: a sold word may hold a hand's letters.)
            text = repr({**sent, "log": [], "seat": {
                k: v for k, v in sent["seat"].items() if k not in ("hand", "drawn", "unseen")}})
            for player in view.players:
                real = game.player(player.seat)
                if session.may_see(viewer, player.seat):
                    assert (player.hand, player.drawn) == (real.hand, real.drawn)
                    continue
                assert player.hand is None and player.tiles == len(real.hand)
                face_down = (real.hand,) if player.drawn is not None else (real.hand, real.drawn)
                for tiles in face_down:  # (a draw the table sees face up is public)
                    if len(tiles) >= 3:
                        assert tiles not in text, (viewer, player.seat, tiles)
            for line in view.log:
                match = INTO_HAND.match(line.text)
                if match and (viewer is None or match["name"] != game.names[viewer]):
                    assert set(match["tiles"]) == {HIDDEN}, line


@pytest.mark.parametrize(("seats", "seed"), [
    ((Seat("Ann"), Seat("Cy", "easy"), Seat("Ed", "expert")), 5),
    ((Seat("Ann"), Seat("Bob"), Seat("Cy", "medium")), 6),
    ((Seat("Ann"), Seat("Bob"), Seat("Cy"), Seat("Ed", "hard")), 7),
])
def test_a_private_table_never_shows_a_hidden_hand_or_draw(seats, seed) -> None:
    session = scripted_game(seats, private=True, seed=seed, check=check_private)
    views = session.views_given  # type: ignore[attr-defined]
    assert views, "the computers were asked"
    for view in views:  # every view a computer was handed held only its own tiles
        assert all(o.hand is None and o.drawn is None for o in view.opponents)
        assert view.private
        for event in view.log:
            if isinstance(event, ev.Drew | ev.Bought) and event.seat != view.seat:
                assert set(event.tiles) <= {HIDDEN}
    assert any(isinstance(e, ev.Sold) for e in session.game.log)


@pytest.mark.slow  # a whole game with rollouts
def test_a_master_at_a_private_table_decides_from_its_seat_view_only() -> None:
    session = scripted_game((Seat("Ann"), Seat("Mo", "master")), private=True, seed=11,
                            check=check_private)
    views = session.views_given  # type: ignore[attr-defined]
    assert views and all(type(view) is SeatView and view.private for view in views)
    assert all(o.hand is None and o.drawn is None for view in views for o in view.opponents)


def test_masters_rollouts_never_read_the_real_bag_order_or_hidden_hands() -> None:
    """Rearranging what Master cannot see (the bag's order, which unseen tiles the other seat
    holds) leaves its view, and so its appraisal, exactly as it was."""
    setup = GameSetup(seats=(Seat("Ann"), Seat("Mo", "master")), seed=12, private_hands=True)
    session = TableSession.new(setup, LEXICON, SERVICES.finder(LEXICON, setup.rules().tiles))
    game = session.game
    session.act(0, "roll 3")
    session.act(0, "buy" if game.is_legal("buy") else "discard")
    assert game.current == 1 and game.phase.value == "buy"
    master = session.bots[1]
    assert isinstance(master, MasterBot)
    master.search, master.budget = QUICK_MASTER, 1e9
    before = session.view(1)
    appraised = MasterBot(master.index, 1, search=QUICK_MASTER, budget=1e9).appraise(before)
    hidden = list(game.bag + game.player(0).hand)
    random.Random(1).shuffle(hidden)
    ann = game._players[0]  # noqa: SLF001 - rearranging hidden tiles, as no seat could tell
    ann.hand, game.bag = "".join(sorted(hidden[: len(ann.hand)])), "".join(hidden[len(ann.hand):])
    after = session.view(1)
    assert after == before
    assert MasterBot(master.index, 1, search=QUICK_MASTER, budget=1e9).appraise(after) == appraised


def check_open(session: TableSession) -> None:
    """At an open table every hand and draw is part of every view; only the bag (and, from the
    final round on, the tiles it lost face down) is unseen."""
    game = session.game
    gone = [e.removed for e in game.log if isinstance(e, ev.FinalRound)]
    for viewer in range(game.seats):
        view = session.view(viewer)
        assert view.unseen == "".join(sorted(game.bag + "".join(gone))) and not view.private
        assert [o.hand for o in view.opponents] == [p.hand for p in game.players
                                                     if p.seat != viewer]
        assert view.draws == tuple(p.drawn for p in game.players)
    assert [str(e) for e in session.log_for(0)] == [str(e) for e in game.log]


def test_an_open_table_shows_every_hand_and_draw() -> None:
    scripted_game((Seat("Ann"), Seat("Cy", "easy")), private=False, seed=8, check=check_open)


def test_a_table_of_computers_is_watched_openly_but_each_computer_sees_its_own() -> None:
    seats = (Seat("Cy", "easy"), Seat("Ed", "expert"))
    session = scripted_game(seats, private=True, seed=9, check=lambda s: None)
    assert session.log_for(None)[:5] == session.game.log[:5]  # nobody at the table to hide from
    assert all(view.private for view in session.views_given)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- one finder per game

FOUR_PIPS = TileSet(counts=dict(default_tiles().counts), pips=dict.fromkeys(
    default_tiles().counts, 4), wilds=9, wild_pips=1, name="All fours")


def test_with_an_all_4_pip_set_hints_computers_and_the_engine_agree_on_every_price() -> None:
    finder = SERVICES.finder(LEXICON, FOUR_PIPS)
    assert finder is not SERVICES.finder(LEXICON, default_tiles())
    assert finder is SERVICES.finder(LEXICON, FOUR_PIPS)  # built once per dictionary and set
    setup = GameSetup(seats=(Seat("Ann"), Seat("Ed", "expert")), seed=4, tiles=FOUR_PIPS,
                      bag="TEA" "QZX", hints=True)
    session = TableSession.new(setup, LEXICON, finder)
    assert isinstance(session.act(0, "roll 3"), Played)
    assert isinstance(session.act(0, "buy"), Played)  # 12 pips: $144
    assert session.game.player(0).money == 200 - 144
    session.step()  # Ed cannot afford QZX ($2,304) and discards
    assert session.awaiting().wait is Wait.SELL and session.awaiting().seats == (0,)
    hand = session.game.player(0).hand
    hints = session.hints(0)
    bot = session.bots[1]
    wilds = session.game.player(0).wilds
    valued = {(w.letters, w.wild): w.price for w in bot.index.words_in(hand, wilds)}
    assert hints, hand
    # TEA and a wild as S: 4 + 4 + 4 + 1 pips, squared (the bundled pips would say $36).
    assert (hints[0].notation, hints[0].price) == ("EAsT", 169)
    for hint in hints:
        wild_pips = 1 if hint.wild else 0
        assert hint.price == (4 * len(hint.letters) + wild_pips) ** 2
        assert session.preview(0, hint.notation).price == hint.price
        assert valued["".join(sorted(hint.letters)), bool(hint.wild)] == hint.price
    best = hints[0]
    money = session.game.player(0).money
    played = session.act(0, f"sell {best.notation}")
    assert isinstance(played, Played)
    sold = next(e for e in played.events if isinstance(e, ev.Sold))
    assert sold.price == best.price and session.game.player(0).money == money + best.price
    assert Rules(tiles=FOUR_PIPS).tiles.price_of("TEA") == 144


def test_the_bags_last_tiles_stay_unseen_after_the_final_round() -> None:
    # The final round takes the bag's tiles out face down: no seat learns anything from it, so
    # the unseen multiset is unchanged (it must not shrink to just the other hidden hands).
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=3, private_hands=True)
    session = TableSession.new(setup, LEXICON, SERVICES.finder(LEXICON, setup.rules().tiles))
    game = session.game
    while not game.final_round:
        before = session.view(0).unseen
        awaiting = session.awaiting()
        choices = [a for a in game.legal_actions() if str(a) != "buy"]  # discard: no selling
        session.act(awaiting.seat, str(choices[0]) if choices else "roll")
    assert any(isinstance(e, ev.FinalRound) for e in game.log)
    assert session.view(0).unseen == before
    assert len(session.view(0).unseen) >= len(game.player(1).hand)
