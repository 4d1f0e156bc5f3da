"""The crossword variant in the game: the rule setting, the grid in the state, selling a
placement, pricing, the challenge of a whole placement, records and the tile count."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import WordSet, play

from buyword.engine import (
    BuyWordError,
    Game,
    GameRecord,
    IllegalAction,
    MalformedAction,
    Phase,
    Rules,
    Sell,
    parse_action,
)
from buyword.engine import events as ev
from buyword.engine.crossword import Grid
from buyword.store import SavedGame, Store
from buyword.store.records import decode_record, encode_record, record_data, record_from
from buyword.store.rules_codec import rules_data, rules_from

WORDS = WordSet("quiz", "qi", "zit", "it", "at", "cat", "cats", "ti", "za", "zap", "tab", "ta",
                "tic", "quit", "quits")


def crossword(bag: str, players: int = 1, **rules: object) -> Game:
    """A crossword game whose bag starts with `bag` (the rest shuffled by seed 1)."""
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    return Game.new(names, dictionary=WORDS, seed=1, rules=Rules(crossword=True, **rules),
                    bag=bag)


def solo_round(game: Game, draw: str) -> Game:
    """A solo round up to selling: roll the draw's size, buy it."""
    return play(game, f"roll {len(draw)}", "buy")


def next_solo_round(game: Game, draw: str) -> Game:
    """Finish selling, then the next solo round up to selling."""
    return solo_round(play(game, "done"), draw)


def test_crossword_is_a_rule_setting_off_by_default_and_named_in_the_summary() -> None:
    assert Rules().crossword is False
    assert "crossword" in Rules(crossword=True).describe()
    assert rules_from(rules_data(Rules(crossword=True, auction=True))).crossword
    # A save from before the variant names no such setting: it loads as an ordinary game.
    old = rules_data(Rules())
    del old["crossword"]
    assert rules_from(old) == Rules()
    with pytest.raises(BuyWordError, match="crossword"):
        Rules(crossword="yes")  # type: ignore[arg-type]


def test_sell_notation_carries_a_placement_and_reads_back() -> None:
    action = parse_action("sell QUiZ at -1,3 down")
    assert action == Sell("QUiZ", -1, 3, "down")
    assert str(action) == "sell QUiZ at -1,3 down"
    assert str(parse_action("sell QUIZ")) == "sell QUIZ"
    assert eval(repr(action)) == action
    for bad in ("sell QUIZ at 0,3", "sell QUIZ at 0,3 sideways", "sell QUIZ at x,3 down"):
        with pytest.raises(MalformedAction, match="not a placement"):
            parse_action(bad)
    with pytest.raises(MalformedAction):
        Sell("QUIZ", 0, None, "down")


def test_the_first_word_goes_across_at_0_0_and_stays_on_the_table() -> None:
    game = solo_round(crossword("QUIZ"), "QUIZ")
    events = game.apply("sell QUIZ")
    sold = events[0]
    assert isinstance(sold, ev.Sold)
    assert (sold.at, sold.price, sold.words) == ("0,0 across", 100, (("QUIZ", 100),))
    assert str(sold) == "Ann sold QUIZ at 0,0 across for $100"
    assert game.grid.letter((0, 0)) == "Q" and game.grid.letter((0, 3)) == "Z"
    assert game.player(0).hand == "" and game.removed == ""  # on the grid, not out of play
    assert game.tile_count() == (108, 9)


def test_the_first_word_may_name_0_0_but_no_other_square() -> None:
    game = solo_round(crossword("QUIZ"), "QUIZ")
    assert "starts at 0,0" in game.why_not("sell QUIZ at 2,2 across")
    play(game, "sell QUIZ at 0,0 down")
    assert game.grid.letter((3, 0)) == "Z"


def test_a_later_word_must_cross_and_pays_the_reused_tiles_pips() -> None:
    game = next_solo_round(solo_round(crossword("QUIZ" "IT"), "QUIZ"), "IT")
    play(game, "sell QUIZ")
    before = game.player(0).money
    assert "say where ZIT goes" in game.why_not("sell ZIT")
    assert "reusing at least one tile" in game.why_not("sell IT at 5,5 across")
    assert "lays no tile from your hand" in game.why_not("sell QUIZ at 0,0 across")
    sold = game.apply("sell ZIT at 0,3 down")[0]
    assert isinstance(sold, ev.Sold)
    # Z (4, reused) + I + T = 6 pips: $36, though only I and T came from the hand.
    assert (sold.letters, sold.pips, sold.price) == ("IT", 6, 36)
    assert game.player(0).money == before + 36
    assert game.tile_count() == (108, 9)


def test_extending_a_word_forms_the_longer_word_and_pays_every_tile() -> None:
    game = next_solo_round(solo_round(crossword("QUIT" "SA"), "QUIT"), "SA")
    play(game, "sell QUIT")
    assert "runs into the QUIT" in game.why_not("sell TS at 0,3 across")
    sold = game.apply("sell QUITS at 0,0 across")[0]
    assert isinstance(sold, ev.Sold)
    # Q 4 + U + I + T + S = 8 pips: $64 for laying one S.
    assert (sold.letters, sold.words) == ("S", (("QUITS", 64),))


def test_a_side_word_that_is_no_word_is_refused_in_a_players_words() -> None:
    game = solo_round(crossword("QUIZ" "IT" "TA"), "QUIZ")
    play(game, "sell QUIZ")
    next_solo_round(game, "IT")
    play(game, "sell QI at 0,0 down")  # I laid at 1,0
    # IT across from that I lays T at 1,1, just under the U: it forms UT down.
    before = game.state()
    with pytest.raises(IllegalAction, match="would form UT, which is not a word"):
        game.apply("sell IT at 1,0 across")
    assert game.state() == before


def test_a_placement_forming_a_side_word_pays_both() -> None:
    # QUIZ across, ZIT down from its Z (I at 1,3, T at 2,3); then TI across at 1,2 lays a T
    # just under the I of QUIZ (forming IT down) and reuses the I at 1,3.
    game = solo_round(crossword("QUIZ" "IT" "T"), "QUIZ")
    play(game, "sell QUIZ")
    next_solo_round(game, "IT")
    play(game, "sell ZIT at 0,3 down")
    next_solo_round(game, "TI")
    hand = game.player(0).hand
    assert "T" in hand
    money = game.player(0).money
    sold = game.apply("sell TI at 1,2 across")[0]
    assert isinstance(sold, ev.Sold)
    # TI (T 1 + I 1 = 2 pips: $4) and the side word IT down (I of QUIZ + T: $4).
    assert sold.words == (("TI", 4), ("IT", 4)) and sold.price == 8
    assert game.player(0).money == money + 8
    assert "(TI $4 + IT $4)" in str(sold)


def test_a_wild_on_the_table_is_later_reused_as_its_letter_at_1_pip() -> None:
    game = solo_round(crossword("QUZ" "IT"), "QUZ")
    play(game, "sell QUiZ")  # the wild plays the I
    assert game.grid.get((0, 2)).wild and game.player(0).wilds == 7
    next_solo_round(game, "IT")
    # IT down from the wild I at 0,2: the wild counts 1 pip, as any I would here.
    sold = game.apply("sell IT at 0,2 down")[0]
    assert isinstance(sold, ev.Sold) and sold.price == 4 and sold.letters == "T"
    assert "mark the wild on a square you fill" in game.why_not("sell iT at 0,2 down")
    assert game.tile_count() == (108, 9)


def test_a_position_is_refused_outside_the_crossword_variant() -> None:
    game = Game.new(["Ann"], dictionary=WORDS, seed=1, bag="QUIZ")
    play(game, "roll 4", "buy")
    with pytest.raises(IllegalAction, match="only in the crossword variant"):
        game.apply("sell QUIZ at 0,0 across")


def test_a_challenged_bad_placement_is_reversed_whole() -> None:
    game = crossword("QUIZ" "AAAA" "TIXE" "EEEE", players=2, challenge_mode=True)
    play(game, "roll 4", "buy", "buy", "sell QUIZ", "done", "done")
    play(game, "roll 4")  # Bob leads round 2: Bob draws TIXE, Ann EEEE
    play(game, "buy", "buy")
    bob = game.player(1)
    assert "T" in bob.hand and "X" in bob.hand
    grid, money = game.grid, bob.money
    # XI down to the I of QUIZ is no word in this dictionary; challenge mode sells it anyway.
    sold = game.apply("sell XI at -1,2 down")[0]
    assert isinstance(sold, ev.Sold) and sold.price == 25
    assert game.grid.letter((-1, 2)) == "X"
    challenged = game.apply("challenge 1")[0]
    assert isinstance(challenged, ev.Challenged) and not challenged.valid
    assert challenged.failed == "XI" and challenged.reversed_price == 25
    assert "placement is reversed" in str(challenged)
    assert game.grid == grid  # the X came off the grid
    after = game.player(1)
    assert after.hand == bob.hand and after.money == money - 20  # price back, then penalty
    assert game.rulings == {"xi": False}
    assert game.tile_count() == (108, 9)


def test_a_challenge_checks_every_word_formed_and_a_good_placement_stands() -> None:
    game = crossword("QUIZ" "AAAA" "TIXE" "EEEE", players=2, challenge_mode=True)
    play(game, "roll 4", "buy", "buy", "sell QUIZ", "done", "done", "roll 4", "buy", "buy")
    ann, bob = game.player(0).money, game.player(1).money
    play(game, "sell IT at 0,2 down")
    challenged = game.apply("challenge 1")[0]
    assert isinstance(challenged, ev.Challenged) and challenged.valid
    assert game.grid.letter((1, 2)) == "T" and game.rulings == {"it": True}
    assert (game.player(0).money, game.player(1).money) == (ann - 20, bob + 4)


def test_dump_and_state_show_the_grid() -> None:
    game = solo_round(crossword("QUIZ"), "QUIZ")
    before = game.state()
    play(game, "sell QUIZ")
    assert game.state() != before
    assert "Q U I Z" in game.dump() and "grid" in game.dump()
    assert "grid" not in Game.new(["Ann"], dictionary=WORDS, seed=1).dump()


def test_a_record_replays_the_grid() -> None:
    game = next_solo_round(solo_round(crossword("QUIZ" "IT"), "QUIZ"), "IT")
    play(game, "sell QUIZ")
    play(game, "sell ZIT at 0,3 down")
    record = decode_record(encode_record(GameRecord.of(game)))
    again = record.replay(WORDS)
    assert again.grid == game.grid and again.state() == game.state()
    assert isinstance(again.grid, Grid) and again.phase is Phase.SELL


def test_a_record_writes_the_grid_out_and_a_replay_checks_it() -> None:
    game = solo_round(crossword("QUIZ"), "QUIZ")
    play(game, "sell QUIZ")
    data = record_data(GameRecord.of(game))
    assert data["grid"]["picture"][-1].endswith("Q U I Z")
    assert record_from(data).grid == game.grid
    data["grid"]["tiles"][0][2] = "X"  # a hand-edited grid no longer matches the actions
    with pytest.raises(BuyWordError, match="grid differs"):
        record_from(data).replay(WORDS)
    assert "grid" not in record_data(GameRecord.of(Game.new(["Ann"], dictionary=WORDS, seed=1)))


def test_a_saved_crossword_game_resumes_with_its_grid(tmp_path: Path) -> None:
    game = next_solo_round(solo_round(crossword("QUIZ" "IT"), "QUIZ"), "IT")
    play(game, "sell QUIZ", "sell ZIT at 0,3 down")
    store = Store(tmp_path)
    assert store.save_game(SavedGame.of(game))
    loaded = Store(tmp_path).load_game(WORDS)
    assert loaded.message is None and loaded.game is not None
    assert loaded.game.grid == game.grid and loaded.game.state() == game.state()
