"""One test (at least) per rule of docs/rules.md, each failing if its rule broke."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import WORDS, WordSet, play, stacked

from buyword.engine import (
    CHOICE,
    BuyWordError,
    Choose,
    Done,
    Game,
    IllegalAction,
    Phase,
    Roll,
    Rules,
    TileSet,
    default_tiles,
    price,
)
from buyword.engine import events as ev

# ---------------- docs/rules.md "Components", "The tile set", "Prices"


def test_tile_set_has_108_letters_182_pips_and_9_one_pip_wilds() -> None:
    tiles = default_tiles()
    assert tiles.letter_total == 108
    assert tiles.pips_of(tiles.bag()) == 182
    assert (tiles.wilds, tiles.wild_pips) == (9, 1)


@pytest.mark.parametrize(
    "letter,count,pips",
    [("A", 8, 1), ("B", 2, 3), ("C", 4, 2), ("D", 4, 2), ("E", 10, 1), ("F", 3, 3), ("G", 4, 2),
     ("H", 4, 2), ("I", 8, 1), ("J", 2, 4), ("K", 2, 2), ("L", 4, 2), ("M", 3, 3), ("N", 6, 1),
     ("O", 8, 1), ("P", 4, 2), ("Q", 1, 4), ("R", 6, 1), ("S", 5, 1), ("T", 6, 1), ("U", 4, 1),
     ("V", 3, 3), ("W", 2, 3), ("X", 1, 4), ("Y", 2, 3), ("Z", 2, 4)],
)
def test_each_letter_count_and_pips_match_the_rules_table(letter: str, count: int,
                                                           pips: int) -> None:
    tiles = default_tiles()
    assert (tiles.counts[letter], tiles.pips[letter]) == (count, pips)


def test_decision_the_108th_tile_is_an_eighth_i_matching_a() -> None:
    assert default_tiles().counts["I"] == default_tiles().counts["A"] == 8


def test_published_price_examples() -> None:
    tiles = default_tiles()
    assert tiles.price_of("DES") == 16
    assert tiles.price_of("MBL") == 64


def test_the_die_has_faces_2_to_5_and_two_choice_faces_rolled_uniformly() -> None:
    assert sorted(map(str, Rules().die_faces)) == ["2", "3", "4", "5", CHOICE, CHOICE]
    faces = Counter()
    for seed in range(600):
        game = Game.new(["Ann"], dictionary=WORDS, seed=seed)
        game.apply("roll")
        faces[game.die] += 1
    assert set(faces) == {2, 3, 4, 5, CHOICE}
    assert 200 - 60 < faces[CHOICE] < 200 + 60  # 2 faces of 6
    assert all(100 - 45 < faces[n] < 100 + 45 for n in (2, 3, 4, 5))


def test_pricing_is_pips_squared() -> None:
    table = {1: 1, 2: 4, 3: 9, 4: 16, 5: 25, 6: 36, 7: 49, 8: 64, 9: 81, 10: 100, 11: 121,
             12: 144, 13: 169, 14: 196, 15: 225, 20: 400, 25: 625}
    assert {p: price(p) for p in table} == table


# ---------------- docs/rules.md "Set-up"


@pytest.mark.parametrize("players,wilds", [(1, 8), (2, 4), (3, 3), (4, 2)])
def test_setup_money_wilds_and_full_bag(players: int, wilds: int) -> None:
    game = stacked("", players)
    assert [p.money for p in game.players] == [200] * players
    assert [p.wilds for p in game.players] == [wilds] * players
    assert game.bag_size == 108 and "?" not in game.bag  # wilds never go into the bag
    assert Counter(game.bag) == Counter(default_tiles().bag())
    assert game.leader == 0 and game.phase is Phase.ROLL and game.round == 1


@pytest.mark.parametrize("players", [0, 5])
def test_only_one_to_four_players(players: int) -> None:
    with pytest.raises(BuyWordError, match="1 to 4 players"):
        Game.new(["P"] * players, dictionary=WORDS)


def test_players_may_choose_the_first_leader() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], dictionary=WORDS, seed=1, leader=2)
    assert game.leader == 2 and game.current == 2


def test_same_seed_same_bag_different_seed_different_bag() -> None:
    assert stacked("").bag == stacked("").bag
    other = Game.new(["Ann"], dictionary=WORDS, seed=2)
    assert other.bag != stacked("").bag


# ---------------- docs/rules.md "A round": 1. Roll


@pytest.mark.parametrize("face", [2, 3, 4, 5])
def test_a_number_is_the_draw_count(face: int) -> None:
    game = play(stacked("", 2), f"roll {face}")
    assert game.draw_count == face
    assert [len(p.drawn) for p in game.players] == [face, face]


def test_choice_lets_the_leader_choose_2_to_5() -> None:
    game = play(stacked("", 2), "roll choice")
    assert game.phase is Phase.CHOOSE and game.current == 0
    assert game.legal_actions() == [Choose(2), Choose(3), Choose(4), Choose(5)]
    for bad in ("choose 1", "choose 6", "buy", "roll"):
        assert not game.is_legal(bad)
    game.apply("choose 4")
    assert game.draw_count == 4 and game.phase is Phase.BUY


def test_only_the_roll_is_possible_at_the_start_of_a_round() -> None:
    game = stacked("")
    assert game.legal_actions() == [Roll()]
    with pytest.raises(IllegalAction, match="Ann is to roll the die"):
        game.apply("buy")


# ---------------- docs/rules.md "A round": 2. Draw, 3. Buy or discard


def test_draw_starts_with_the_leader_and_goes_left() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], dictionary=WORDS, seed=1, bag="ABCDEF", leader=1)
    game.apply("roll 2")
    assert [p.drawn for p in game.players] == ["EF", "AB", "CD"]
    assert [p.hand for p in game.players] == ["", "", ""]  # kept apart until bought


def test_buy_order_starts_with_the_leader_and_price_is_pips_squared() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], dictionary=WORDS, seed=1, bag="QZXJEE", leader=1)
    game.apply("roll 2")
    assert game.current == 1 and game.offer_price() == price(8)  # Bob: QZ
    game.apply("buy")
    assert game.current == 2  # then Cat, then Ann
    game.apply("discard")
    assert game.current == 0
    game.apply("buy")
    assert game.phase is Phase.SELL and game.current == 1
    assert game.players[1].money == 200 - 64 and game.players[1].hand == "QZ"
    assert game.players[2].money == 200 and game.players[2].hand == ""
    assert game.players[0].money == 200 - 4 and game.players[0].hand == "EE"


def test_a_player_who_cannot_afford_must_discard() -> None:
    game = play(stacked("QZXJJZ" + "QZ"[:0]), "roll 5")  # 4+4+4+4+4 = 20 pips: $400
    assert game.offer_price() == 400
    assert [str(a) for a in game.legal_actions()] == ["discard"]
    with pytest.raises(IllegalAction, match=r"Ann has \$200; these tiles cost \$400"):
        game.apply("buy")
    assert game.players[0].money == 200 and game.phase is Phase.BUY
    game.apply("discard")
    assert game.players[0].hand == ""
    assert Counter(game.removed) == Counter("QZXJJ")


def test_buy_takes_all_or_nothing() -> None:
    game = play(stacked("TEA"), "roll 3", "buy")
    assert game.players[0].hand == "AET"


# ---------------- docs/rules.md "A round": 4. Sell; "Word validity"


def test_selling_pays_pips_squared_and_removes_the_tiles() -> None:
    game = play(stacked("QUIZ"), "roll 4", "buy")
    assert game.players[0].money == 200 - 100
    game.apply("sell QUIZ")
    assert game.players[0].money == 200
    assert game.players[0].hand == ""
    assert "QUIZ" in game.removed


def test_a_wild_stands_for_a_letter_and_its_pip_counts() -> None:
    game = play(stacked("QUI"), "roll 3", "buy")  # 6 pips, $36
    game.apply("sell QUIz")
    p = game.players[0]
    assert p.money == 200 - 36 + price(4 + 1 + 1 + 1)
    assert p.wilds == 7 and p.hand == ""
    assert game.removed_wilds == 1


def test_at_most_one_wild_per_word() -> None:
    game = play(stacked("QU"), "roll 2", "buy")
    assert "only one wild" in game.why_not("sell QUiz")
    game_state = game.state()
    with pytest.raises(BuyWordError):
        game.apply("sell QUiz")
    assert game.state() == game_state


def test_a_wild_is_needed_to_play_a_letter_not_held() -> None:
    game = play(stacked("QUI"), "roll 3", "buy")
    assert game.why_not("sell QUIZ") == "'QUIZ' needs a Z you don't hold"


def test_no_wild_left_means_no_wild_word() -> None:
    game = play(stacked("QUI", wilds_per_player=(0, 4, 3, 2)), "roll 3", "buy")
    assert game.players[0].wilds == 0
    assert game.why_not("sell QUIz") == "'QUIZ' needs a wild tile and you have none left"


def test_strict_mode_refuses_a_word_not_in_the_dictionary() -> None:
    game = play(stacked("TAE"), "roll 3", "buy")
    before = game.state()
    with pytest.raises(IllegalAction, match="'TAE' is not in the dictionary"):
        game.apply("sell TAE")
    assert game.state() == before


def test_words_match_case_insensitively_on_letters_only() -> None:
    game = Game.new(["Ann"], dictionary=WordSet("Tea"), seed=1, bag="TEA")
    play(game, "roll 3", "buy", "sell TEA")
    assert game.players[0].hand == ""


def test_minimum_word_length_default_2_and_setting() -> None:
    game = play(stacked("ATEA"), "roll 4", "buy")
    game.apply("sell AT")  # 2 letters are enough by default
    game3 = play(stacked("ATEA", min_word_length=3), "roll 4", "buy")
    assert game3.why_not("sell AT") == "'AT' is too short: words need at least 3 letters"
    game1 = play(stacked("ATEA", min_word_length=1), "roll 4", "buy")
    game1.apply("sell A")


def test_sellers_go_in_seat_order_from_the_leader_and_may_sell_several_or_none() -> None:
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1, bag="TEAATE", leader=1)
    play(game, "roll 3", "buy", "buy")
    assert game.current == 1
    play(game, "sell TEA", "done")
    assert game.current == 0
    play(game, "sell AT", "done")  # sells only part of the hand
    assert game.phase is Phase.ROLL and game.players[0].hand == "E"


def test_sell_is_refused_outside_the_selling_step() -> None:
    game = play(stacked("TEA"), "roll 3")
    assert "to buy or discard" in game.why_not("sell TEA")


# ---------------- docs/rules.md "A round": 5. Tile limit, 6. Pass the die


def test_tile_limit_8_drops_down_to_8_and_wilds_do_not_count() -> None:
    game = play(stacked("EEEEEAAAAA"), "roll 5", "buy", "done", "roll 5", "buy", "done")
    assert game.phase is Phase.DROP and game.over_limit(0) == 2 and game.players[0].wilds == 8
    assert "drop exactly 2" in game.why_not("drop E")
    assert "holds no Z" in game.why_not("drop ZE")
    game.apply("drop EA")
    assert len(game.players[0].hand) == 8 and game.phase is Phase.ROLL


def test_the_tile_limit_step_comes_after_everyone_has_sold() -> None:
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1, bag="EEEEEAAAAAIIIIIOOOOO")
    play(game, "roll 5", "buy", "buy", "done", "done", "roll 5")
    play(game, "buy", "buy", "done")
    assert game.phase is Phase.SELL and game.current == 0  # Bob (leader) done; Ann sells
    game.apply("done")
    assert game.phase is Phase.DROP and game.current == 1  # the leader drops first


@pytest.mark.parametrize("limit,over", [(10, False), (None, False), (8, True)])
def test_tile_limit_setting(limit: int | None, over: bool) -> None:
    game = play(stacked("EEEEEAAAAA", tile_limit=limit), "roll 5", "buy", "done", "roll 5",
                "buy", "done")
    assert (game.phase is Phase.DROP) is over


def test_the_die_passes_left_and_solo_keeps_it() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], dictionary=WORDS, seed=1)
    for leader in (0, 1, 2, 0):
        assert game.leader == leader
        play(game, "roll 2", "discard", "discard", "discard", "done", "done", "done")
    solo = stacked("")
    play(solo, "roll 2", "discard", "done")
    assert solo.leader == 0 and solo.round == 2


# ---------------- docs/rules.md "The end of the game", "Winning", "Solo rating"


def _drain(game: Game, leave: int) -> None:
    """Play discard-only rounds of 5 until `leave` tiles or fewer would remain."""
    while game.bag_size - 5 * game.seats >= leave and game.phase is not Phase.OVER:
        play(game, "roll 5", *["discard"] * game.seats, *["done"] * game.seats)


def test_final_round_when_the_bag_cannot_serve_the_draw() -> None:
    game = stacked("", 2)
    _drain(game, 8)  # 108 - 10*10 = 8 left
    assert game.bag_size == 8
    game.apply("roll 5")  # needs 10
    assert game.final_round and game.phase is Phase.SELL and game.bag_size == 0
    assert all(p.drawn == "" for p in game.players)  # nobody draws or buys
    assert isinstance(game.log[-1], ev.FinalRound)
    play(game, "done", "done")
    assert game.phase is Phase.OVER and game.outcome() is not None


def test_final_round_skips_the_tile_limit_and_unsold_tiles_are_worthless() -> None:
    game = stacked("EEEEEAAAAAEEEEE")
    play(game, "roll 5", "buy", "done", "roll 5", "buy", "done", "drop EA")
    money = game.players[0].money
    _drain(game, 1)
    assert game.bag_size < 5
    play(game, "roll 5", "done")
    assert game.phase is Phase.OVER and len(game.players[0].hand) == 8
    assert game.outcome().standings[0].money == money


def test_exactly_enough_tiles_is_a_normal_round_then_the_end() -> None:
    game = stacked("", 2)
    _drain(game, 8)
    assert game.bag_size == 8  # 108 = 10 * 10 + 8
    play(game, "roll 4", "buy", "buy")  # exactly 8: drawn and bought normally
    assert game.bag_size == 0 and game.final_round and game.phase is Phase.SELL
    play(game, "done", "done")
    assert game.phase is Phase.OVER


def test_choice_may_pick_a_count_the_bag_can_still_serve() -> None:
    game = stacked("", 2)
    _drain(game, 8)  # 8 left
    play(game, "roll choice", "choose 3")  # 6 of 8: a normal round
    assert game.phase is Phase.BUY and not game.final_round and game.bag_size == 2
    game2 = stacked("", 2)
    _drain(game2, 8)
    play(game2, "roll choice", "choose 5")  # 10 of 8: the final round
    assert game2.final_round and game2.phase is Phase.SELL


def test_the_winner_has_the_most_money_and_equal_money_shares_the_win() -> None:
    game = Game.new(["Ann", "Bob", "Cat"], dictionary=WORDS, seed=1, bag="TEAEAT")
    play(game, "roll 2", "buy", "buy", "discard", "done", "done", "done")
    _drain(game, 0)
    play(game, "roll 5", "done", "done", "done")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (2,)
    assert [s.name for s in outcome.standings] == ["Cat", "Ann", "Bob"]
    tie = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1)
    _drain(tie, 0)
    play(tie, "roll 5", "done", "done")
    assert tie.outcome().winners == (0, 1)
    assert [s.place for s in tie.outcome().standings] == [1, 1]


@pytest.mark.parametrize(
    "money,rating",
    [(799, "keep practising"), (800, "fair"), (899, "fair"), (900, "good"), (999, "good"),
     (1000, "outstanding"), (1500, "outstanding")],
)
def test_solo_rating(money: int, rating: str) -> None:
    assert Rules().solo_rating(money) == rating


def test_solo_outcome_carries_the_rating_and_a_table_does_not() -> None:
    game = stacked("")
    _drain(game, 0)
    play(game, "roll 5", "done")
    assert game.outcome().rating == "keep practising"  # $200
    table = stacked("", 2)
    _drain(table, 0)
    play(table, "roll 5", "done", "done")
    assert table.outcome().rating is None


def test_nothing_is_possible_after_the_end() -> None:
    game = stacked("")
    _drain(game, 0)
    play(game, "roll 5", "done")
    assert game.legal_actions() == []
    assert "the game is over" in game.why_not("roll")


# ---------------- docs/rules.md "Strict and challenge mode"


def _challenge_game(word_bag: str = "TAETEA", money: int = 200) -> Game:
    game = Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1, bag=word_bag,
                    rules=Rules(challenge_mode=True, starting_money=money))
    return play(game, "roll 3", "buy", "buy")


def test_challenge_mode_accepts_any_word_at_the_sale() -> None:
    game = _challenge_game()
    game.apply("sell TAE")
    assert game.players[0].money == 200 - 9 + 9


def test_a_successful_challenge_reverses_the_sale_and_fines_the_seller() -> None:
    game = _challenge_game()
    game.apply("sell TAe")
    assert "challenge 2" in map(str, game.legal_actions())
    game.apply("challenge 2")
    ann, bob = game.players
    assert ann.hand == "AET" and ann.wilds == 4  # tiles and wild back
    assert ann.money == 200 - 9 - 20 and bob.money == 191
    assert game.tile_count() == (108, 9)
    assert isinstance(game.log[-1], ev.Challenged) and not game.log[-1].valid


def test_a_failed_challenge_fines_the_challenger() -> None:
    game = _challenge_game()
    game.apply("sell TEA")
    game.apply("challenge 2")
    ann, bob = game.players
    assert ann.money == 191 + 9 and bob.money == 191 - 20 and ann.hand == ""


def test_a_penalty_never_takes_a_player_below_zero() -> None:
    game = _challenge_game(money=16)  # Bob pays $9 for his draw, keeping $7
    game.apply("sell TEA")
    game.apply("challenge 2")
    assert game.players[1].money == 0


def test_challenge_window_closes_at_the_sellers_next_action() -> None:
    game = _challenge_game("TAETEAAT")
    game.apply("sell TAE")
    game.apply("done")
    assert "no sale to challenge" in game.why_not("challenge 1")
    game.apply("sell TEA")
    assert "cannot challenge their own word" in game.why_not("challenge 2")
    assert "no seat 3" in game.why_not("challenge 3")
    game.apply("challenge 1")
    assert "no sale to challenge" in game.why_not("challenge 1")  # once only


def test_challenges_need_challenge_mode() -> None:
    game = play(Game.new(["Ann", "Bob"], dictionary=WORDS, seed=1, bag="TEATEA"),
                "roll 3", "buy", "buy", "sell TEA")
    assert game.why_not("challenge 2") == "challenges are only played in challenge mode"
    assert game.legal_actions() == [Done()]


def test_a_custom_tile_set_changes_pips_and_the_bag() -> None:
    tiles = TileSet({"A": 3, "B": 3}, {"A": 2, "B": 5}, wilds=8)
    game = Game.new(["Ann"], dictionary=WordSet("ab"), seed=1, rules=Rules(tiles=tiles), bag="AB")
    assert game.bag_size == 6
    play(game, "roll 2", "buy", "sell AB")
    assert game.players[0].money == 200 - 49 + 49
