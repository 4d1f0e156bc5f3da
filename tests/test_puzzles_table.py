"""A puzzle at the table (the turn flow, without a screen): its position posed as a game that
shows the seat exactly what it saw, every tile accounted for; the seat's answer judged instead
of played, so the game never passes the decision and no computer acts; a sale's words sold one
by one, then judged together, and taken back for the next try."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from words_helpers import index_cache

from buyword.engine import Buy, BuyWordError, Discard, Done, Game, Phase, Rules, Sell
from buyword.store.puzzles import THEMES, Answer, Position, Puzzle
from buyword.table.puzzles import (
    PuzzleTable,
    heading,
    posed_game,
    position_of,
    puzzle_panel,
    puzzle_session,
    table_names,
)
from buyword.table.services import Services
from buyword.table.session import Played, Refused
from buyword.table.weighing import view_at

#: The fields of a seat's view a posed game must give back exactly.
SEEN = ("phase", "round", "leader", "current", "die", "draw_count", "final_round", "hand",
        "money", "wilds", "drawn", "bag_size", "unseen", "over_limit", "can_buy")


@pytest.fixture(scope="module")
def words():
    """The bundled dictionary's word finder and lexicon (built once per process)."""
    return Services.shared(index_cache()).words()


def _puzzle(position: Position, right: tuple[str, ...], wrong: tuple[str, ...]) -> Puzzle:
    return Puzzle("7-9-2", "buy", position, (),
                  (Answer(right, " ".join(right), 900.0, 2.0, True, 0),
                   Answer(wrong, " ".join(wrong), 870.0, 2.0, False, 30)),
                  "Discarding was worth about $30 more.")


def _midgame(words, seat: int) -> Game:
    """A three-seat game some rounds in, at `seat`'s buy (the bag and the die by seed)."""
    game = Game.new(["Ann", "Bob", "Cy"], dictionary=words[1], seed=11, rules=Rules())
    while not (game.phase is Phase.BUY and game.current == seat and game.round >= 3):
        legal = game.legal_actions()
        choice = next((a for a in legal if isinstance(a, Buy)), None) \
            or next((a for a in legal if isinstance(a, Done | Discard)), legal[0])
        game.apply(choice)
    return game


def test_a_posed_game_shows_the_seat_what_it_saw(words) -> None:
    game = _midgame(words, 1)
    view = view_at(game, 1)
    puzzle = _puzzle(position_of(view), ("buy",), ("discard",))
    posed = posed_game(puzzle, Rules(), words[1])
    again = view_at(posed, 1)
    assert {f: getattr(again, f) for f in SEEN} == {f: getattr(view, f) for f in SEEN}
    assert [(o.money, o.wilds, o.tiles) for o in again.opponents] == \
        [(o.money, o.wilds, o.tiles) for o in view.opponents]
    # Every tile accounted for: the bag, the hands, the draws and the tiles out of the game.
    tiles = posed.bag + posed.removed + "".join(p.hand + p.drawn for p in posed.players)
    assert Counter(tiles) == Counter(Rules().tiles.bag())
    assert posed.removed_wilds + posed.box_wilds + sum(p.wilds for p in posed.players) == \
        Rules().tiles.wilds


def test_the_puzzle_table_names_you_and_your_rivals_not_the_mining_games_computers(words) -> None:
    mined = position_of(view_at(_midgame(words, 1), 1))
    mined = replace(mined, names=("1 medium", "2 hard", "3 easy"),
                    rivals=tuple(replace(r, name=name)
                                 for r, name in zip(mined.rivals, ("1 medium", "3 easy"),
                                                    strict=True)))
    puzzle = _puzzle(mined, ("buy",), ("discard",))
    session = puzzle_session(puzzle, Rules(), words[1], words[0])
    assert session.game.names == ("Rival 1", "You", "Rival 2")
    panel = puzzle_panel(puzzle, "Daily puzzle").text
    assert "The others: Rival 1 $" in panel and "; Rival 2 $" in panel
    assert not any(level in panel for level in ("easy", "medium", "hard"))
    assert table_names(replace(mined, seat=0, names=("2 hard", "1 medium"))) == ("You", "Rival")


def test_a_buy_puzzle_is_answered_wrong_then_right_and_the_game_stays(words) -> None:
    game = _midgame(words, 0)
    puzzle = _puzzle(position_of(view_at(game, 0)), ("discard",), ("buy",))
    session = puzzle_session(puzzle, Rules(), words[1], words[0])
    table = PuzzleTable(puzzle, session)
    hand, drawn = session.game.player(0).hand, session.game.player(0).drawn
    assert isinstance(table.act(0, Buy()), Played)
    assert table.verdict is not None and not table.verdict.right
    lines = table.shown.lines(puzzle)
    assert lines[0] == "Not the best: buy." and lines[-1] == puzzle.explanation
    assert "discard: about $900 at the end" in lines
    assert "buy: about $870 at the end (−$30)" in lines
    assert (session.game.phase, session.game.player(0).hand, session.game.player(0).drawn) == \
        (Phase.BUY, hand, drawn)
    assert isinstance(table.act(0, "discard"), Played)
    assert table.shown.right and not table.verdict.right  # the first answer is the one rated
    assert session.awaiting().seats == (0,) and not session.awaiting().computer


def test_a_sale_is_sold_word_by_word_then_judged_and_taken_back(words) -> None:
    position = Position(0, ("You",), "sell", 4, 0, False, 3, 3, "ACDGOT", 150, 2, "", 60,
                        "".join(sorted("EEEIIOOUUAARRSSTTNNLL" * 2 + "BCDFGHKMPW")), 0)
    puzzle = Puzzle("1-50-1", "sell", position, ("sell long",),
                    (Answer(("sell CAT", "sell DOG", "done"), "sell CAT, DOG", 900.0, 2.0,
                            True, 0),
                     Answer(("done",), "sell nothing", 880.0, 2.0, False, 20)),
                    "Selling CAT, DOG was worth about $20 more.")
    session = puzzle_session(puzzle, Rules(), words[1], words[0])
    table = PuzzleTable(puzzle, session)
    assert isinstance(table.act(0, Sell("DOG")), Played)
    assert session.game.player(0).hand == "ACT"
    assert not isinstance(table.undo(0), Refused)
    assert session.game.player(0).hand == "ACDGOT"  # taken back, from the posed position
    assert isinstance(table.undo(0), Refused)
    for word in ("DOG", "CAT"):
        assert isinstance(table.act(0, Sell(word)), Played)
    assert isinstance(table.act(0, Done()), Played)
    assert table.verdict.right and table.verdict.said == "sell DOG, CAT"
    assert session.game.player(0).hand == "ACDGOT" and session.game.phase is Phase.SELL


def test_a_position_the_tile_set_cannot_hold_is_refused(words) -> None:
    position = Position(0, ("You",), "buy", 2, 0, False, 3, 3, "QQ", 200, 8, "Q", 50, "", 0)
    puzzle = _puzzle(position, ("discard",), ("buy",))
    with pytest.raises(BuyWordError, match="holds more QQ tiles than the tile set"):
        posed_game(puzzle, Rules(), words[1])


def test_the_puzzle_table_shows_no_seed_and_no_level_for_the_rival_who_never_plays(words) -> None:
    from buyword.table.runner import TableRunner
    from buyword.ui.status import seed_line

    game = _midgame(words, 0)
    puzzle = _puzzle(position_of(view_at(game, 0)), ("discard",), ("buy",))
    session = puzzle_session(puzzle, Rules(), words[1], words[0])
    runner = TableRunner(session, source=PuzzleTable(puzzle, session),
                         lesson=lambda: puzzle_panel(puzzle, "Puzzle"))
    view = runner.table_view()
    # The posed game's seed deals nothing the player could use again: none under the players.
    assert "seed" not in seed_line(view) and str(session.game.seed) not in seed_line(view)
    # The rivals are computers only so that nobody is asked for them: no "·Expert".
    assert [view.level_shown(seat) for seat in range(3)] == [None, None, None]
    assert view.seats[1].level is not None  # still a computer's seat at the table


#: The room for a title in the puzzle panel's border at 80x24 ("Daily puzzle · 2026-12-…"
#: was cut there); at 60x18 the panel has no border.
TITLE_ROOM = 24


def test_every_puzzle_panel_title_fits_and_the_date_or_rating_is_in_the_text(words) -> None:
    modes = ["daily", "next", "mine", *(f"theme:{theme}" for theme in THEMES)]
    titles = {mode: heading(mode, 1512.4, "2026-12-05") for mode in modes}
    assert all(len(title) <= TITLE_ROOM for title, _ in titles.values()), titles
    assert titles["daily"] == ("Daily puzzle",
                               "The puzzle of 2026-12-05, the same for everyone.")
    assert titles["theme:end of bag"] == ("Practice · end of bag", "Your rating: 1512.")
    puzzle = _puzzle(position_of(view_at(_midgame(words, 0), 0)), ("discard",), ("buy",))
    panel = puzzle_panel(puzzle, *titles["next"])
    assert panel.title == "Puzzle" and panel.text.endswith("Your rating: 1512.")
