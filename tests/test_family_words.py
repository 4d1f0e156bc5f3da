"""Family words (docs/playing.md, docs/rules.md): on by default, the offensive words of
data/family.txt are left out of the dictionary. A person's is refused by name before any money
moves, in strict and challenge selling alike, and in a crossword's crossing words; no computer
sells one; a save from before the setting keeps the full list; turning it off restores it."""

from __future__ import annotations

import pytest
from engine_helpers import play

from buyword.engine import Game, IllegalAction, Rules
from buyword.engine import events as ev
from buyword.store.setup import GameSetup, Seat
from buyword.table.services import Services
from buyword.words.lexicon import Lexicon, family_words

WORDS = Lexicon(("tit", "tits", "tea", "eat", "ate", "at", "ta", "ti", "it"), "the test words")
REASON = "'TIT' is left out by the family words setting (no offensive words)"


def two_at_table(dictionary: object, **rules: object) -> Game:
    """Ann holds T I T, Bob T E A, both selling (Ann first)."""
    game = Game.new(["Ann", "Bob"], dictionary=dictionary, seed=1, bag="TITTEA",
                    rules=Rules(**rules))
    return play(game, "roll 3", "buy", "buy")


def test_the_family_list_is_bundled_and_holds_what_a_computer_sold() -> None:
    offensive = family_words()
    assert {"fucked", "fuck", "shit", "cunt"} <= offensive
    assert not {"escort", "snatch", "kill", "god", "butter", "cat"} & offensive
    full = Lexicon.bundled()
    assert full.is_word("fucked") and not full.family().is_word("fucked")
    assert len(full) - len(full.family()) == len(offensive & set(full))


@pytest.mark.parametrize("challenge", [False, True])
def test_a_persons_offensive_word_is_refused_before_any_money_moves(challenge: bool) -> None:
    game = two_at_table(WORDS.family(), challenge_mode=challenge)
    money, hand, log = game.players[0].money, game.players[0].hand, len(game.log)
    with pytest.raises(IllegalAction, match=REASON.replace("(", r"\(").replace(")", r"\)")):
        game.apply("sell TIT")
    assert game.why_not("sell TIT") == REASON
    assert (game.players[0].money, game.players[0].hand, len(game.log)) == (money, hand, log)
    assert not any(str(a).startswith("challenge") for a in game.legal_actions())
    game.apply("sell TI")  # a word the setting does not touch sells as ever
    assert isinstance(game.log[-1], ev.Sold)


def test_with_family_words_off_the_full_list_plays() -> None:
    game = two_at_table(WORDS)
    game.apply("sell TIT")
    assert isinstance(game.log[-1], ev.Sold) and game.log[-1].word == "TIT"


@pytest.mark.parametrize("challenge", [False, True])
def test_a_crossword_placement_that_forms_an_offensive_word_is_refused(challenge: bool) -> None:
    game = two_at_table(WORDS.family(), crossword=True, challenge_mode=challenge)
    with pytest.raises(IllegalAction, match="would form TIT, which the family words setting"):
        game.apply("sell TIT")
    assert game.players[0].hand == "ITT"


def test_the_hand_s_explanation_names_the_setting() -> None:
    assert WORDS.family().explain("TIT", "TIT", 0) == REASON
    assert WORDS.explain("TIT", "TIT", 0) is None


def test_a_computer_never_sells_an_offensive_word_and_does_with_the_full_list() -> None:
    # Computers (and hints) choose among the words of the table's word finder, built over
    # the table's dictionary: with family words, an offensive word is not among them.
    from buyword.bots.index import WordIndex

    def offered(family: bool) -> set[str]:
        services = Services(lexicon=WORDS)
        setup = GameSetup(seats=(Seat("Ann"), Seat("Cy", "hard")), family_words=family)
        lexicon = services.dictionary_for(setup)
        finder = services.finder(lexicon, setup.rules().tiles)
        index = WordIndex.common(finder, None)  # what a computer plans its sales with
        found = {c.word for c in finder.find("TIT", 0)}
        planned = {word.letters for word in index.words_in("TIT", 0)}
        return found | ({"TIT"} if "ITT" in planned else set())

    assert "TIT" in offered(family=False)  # the test can tell: with the full list it is there
    assert "TIT" not in offered(family=True) and "IT" in offered(family=True)


def test_on_by_default_off_for_a_save_from_before_and_remembered() -> None:
    from dataclasses import replace

    from buyword.store.settings import Settings, parse_settings

    assert GameSetup().family_words
    meta = GameSetup(seed=3).to_meta()
    assert GameSetup.from_meta(meta).family_words
    del meta["family_words"]
    assert not GameSetup.from_meta(meta).family_words  # played with the full list
    off = replace(Settings(), new_game=replace(GameSetup(), family_words=False))
    assert not parse_settings(off.to_toml())[0].new_game.family_words
    assert parse_settings("")[0].new_game.family_words
