"""The unseen-tiles panel: its numbers are the seat's `SeatView.unseen` (what the computer
players reason with), it follows the person holding the screen, and it is wired to F3 / U."""

from __future__ import annotations

from collections import Counter

import pytest
from rich.console import Console
from rich.text import Text
from ui_helpers import make_app, settle, small_lexicon, table

from buyword.engine import default_tiles
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession
from buyword.ui.dialogs.handoff import HandOffScreen
from buyword.ui.widgets.unseen import HIDDEN_NOTE, Unseen, pip_groups, unseen_for, unseen_table
from buyword.words.finder import WordFinder

LEXICON = small_lexicon()
FINDER = WordFinder(LEXICON, default_tiles())


def session(*seats: Seat, private: bool = True) -> TableSession:
    """A table of `seats` (seed 5), the bag stacked so the first draws are known."""
    setup = GameSetup(seats=seats, seed=5, bag="QUIZ" "STAR" "EEEE", private_hands=private)
    return TableSession.new(setup, LEXICON, FINDER)


def counts(unseen: Unseen) -> Counter[str]:
    """The panel's numbers as a multiset."""
    return Counter({letter: count for letter, count, _ in unseen.letters if count})


def shown_counts(shown: str) -> Counter[str]:
    """The numbers a player reads on the panel ("1• A8 E10 ..."), as a multiset."""
    entries = [entry for entry in shown.split() if not entry.endswith("•")]
    return Counter({entry[0]: int(entry[1:]) for entry in entries if int(entry[1:])})


def test_the_panel_counts_are_the_seats_view_of_the_unseen_tiles() -> None:
    table_ = session(Seat("Ann"), Seat("Bob"), Seat("Cy", "easy"))
    table_.act(0, "roll 4")
    for seat in range(3):
        unseen = unseen_for(table_.table_view(seat))
        assert unseen is not None and unseen.seat == seat
        assert counts(unseen) == Counter(table_.view(seat).unseen)
        assert unseen.total == len(table_.view(seat).unseen) == 108 - 4
    ann = unseen_for(table_.table_view(0))
    assert ann is not None
    assert [letter for letter, _, _ in ann.letters] == sorted(default_tiles().pips)
    assert ("Q", 0, 4) in ann.letters and ("E", 10, 1) in ann.letters  # Ann holds the Q draw
    bob = unseen_for(table_.table_view(1))
    assert bob is not None and ("Q", 1, 4) in bob.letters  # Bob cannot see Ann's draw


def test_at_a_hand_off_the_panel_shows_nobodys_tiles() -> None:
    private = session(Seat("Ann"), Seat("Bob"))
    assert private.hand_off and unseen_for(private.table_view(None)) is None
    open_table = session(Seat("Ann"), Seat("Bob"), private=False)
    open_table.act(0, "roll 4")
    watched = unseen_for(open_table.table_view(None))  # open hands: the seat to act's, the bag
    assert watched is not None and watched.seat == 0
    assert counts(watched) == Counter(open_table.game.bag)


def test_the_panel_is_one_row_per_pip_value_and_dims_letters_all_gone() -> None:
    unseen = Unseen(0, "Ann", (("A", 5, 1), ("B", 0, 3), ("E", 10, 1), ("Q", 1, 4)))
    assert pip_groups(unseen) == [(1, [("A", 5), ("E", 10)]), (3, [("B", 0)]), (4, [("Q", 1)])]
    console = Console(width=26, color_system=None)
    with console.capture() as shown:
        console.print(unseen_table(unseen))
    assert [line.rstrip() for line in shown.get().splitlines()] == [
        "1• A5 E10", "3• B0", "4• Q1"]
    assert unseen.total == 16
    row = list(unseen_table(unseen).columns[1].cells)[1]
    assert isinstance(row, Text) and any("dim" in str(span.style) for span in row.spans)


def test_the_bundled_tile_set_fits_five_rows_at_the_side_columns_width() -> None:
    solo = session(Seat("Ann"))
    unseen = unseen_for(solo.table_view(0))
    assert unseen is not None
    console = Console(width=26, color_system=None)  # the side column's inside at 60 wide
    with console.capture() as shown:
        console.print(unseen_table(unseen))
    assert len(shown.get().splitlines()) == 5
    assert shown_counts(shown.get()) == Counter(solo.game.bag)  # nothing drawn yet: the bag


@pytest.mark.slow
async def test_f3_and_u_toggle_the_panel_which_follows_the_screen() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=5, bag="QUIZ" "STAR")
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        panel = screen.query_one("#unseen")
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter", "r", "4")
        await pilot.pause()
        assert not panel.display and screen.query_one("#prices").display
        await pilot.press("f3")
        await pilot.pause()
        assert panel.display and not screen.query_one("#prices").display
        assert panel.unseen is not None and panel.unseen.seat == 0
        assert counts(panel.unseen) == Counter(screen.session.view(0).unseen)
        assert ("Q", 0, 4) in panel.unseen.letters  # Ann sees her own Q
        total = len(screen.session.view(0).unseen)
        assert str(panel.border_title) == f"Unseen · {total} tiles"
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        assert panel.unseen is None and str(panel.render()) == HIDDEN_NOTE  # nobody's tiles
        await pilot.press("enter")
        await pilot.pause()
        assert panel.unseen is not None and panel.unseen.seat == 1
        assert counts(panel.unseen) == Counter(screen.session.view(1).unseen)
        assert ("Q", 1, 4) in panel.unseen.letters and str(panel.border_subtitle) == "for Bob"
        await pilot.press("u")
        await pilot.pause()
        assert not panel.display
