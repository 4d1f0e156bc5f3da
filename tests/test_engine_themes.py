"""The themes variant in the engine (RULES §7.6): the theme setting, the sale check, challenges,
the round-by-round theme sequence and records."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from engine_helpers import WORDS, play

from buyword.engine import BuyWordError, Game, GameRecord, IllegalAction, RecordError, Rules
from buyword.engine import events as ev
from buyword.store.records import decode_record, encode_record, record_data, record_from
from buyword.store.rules_codec import rules_data, rules_from

THEME_LISTS = {
    "animals": {"cat", "zoo"},  # "zoo" is no animal, but a list is what the tables say
    "food": {"tea", "eat"},
    "time": {"ate", "tact"},
}
KINDS = {"animals": "an animal", "food": "food or drink", "time": "a word of time"}


class FakeThemes:
    """Theme lists for the engine's `themes` protocol, without any word data."""

    def fits(self, word: str, theme: str) -> bool:
        """True if the word is on the theme's list."""
        return word in THEME_LISTS[theme]

    def kind(self, theme: str) -> str:
        """What a word of the theme is; BuyWordError for an unknown theme."""
        if theme not in KINDS:
            raise BuyWordError(f"{theme!r} is not a theme")
        return KINDS[theme]


def themed(bag: str, players: int = 1, seed: int = 1, **rules: object) -> Game:
    names = ["Ann", "Bob", "Cy"][:players]
    return Game.new(names, dictionary=WORDS, seed=seed, rules=Rules(**rules), bag=bag,
                    themes=FakeThemes())


# ------------------------------------------------------------------ the setting


def test_the_printed_rules_have_no_theme():
    game = Game.new(["Ann"], dictionary=WORDS, seed=1)
    assert Rules().themes == () and game.theme is None and game.round_themes == []


@pytest.mark.parametrize("settings", [
    {"themes": ("animals", "food")},  # two themes, but not one a round
    {"theme_each_round": True},  # a theme a round, from none
    {"themes": ("Animals",)},
    {"themes": ("animals", "animals"), "theme_each_round": True},
    {"themes": "animals"},
    {"themes": ([],)},
])
def test_impossible_theme_settings_are_refused(settings):
    with pytest.raises(BuyWordError, match="impossible values: theme"):
        Rules(**settings)


def test_a_themed_game_needs_theme_lists_that_know_its_themes():
    with pytest.raises(BuyWordError, match="no theme lists were given"):
        Game.new(["Ann"], dictionary=WORDS, rules=Rules(themes=("animals",)))
    with pytest.raises(BuyWordError, match="'pirates' is not a theme"):
        Game.new(["Ann"], dictionary=WORDS, rules=Rules(themes=("pirates",)),
                 themes=FakeThemes())


def test_rules_with_themes_read_back_and_describe_themselves():
    rules = Rules(themes=("animals", "food"), theme_each_round=True)
    assert rules_from(rules_data(rules)) == rules
    assert rules_from({}) == Rules()  # an old record without the fields
    assert "a new theme each round (of 2)" in rules.describe()
    assert "theme: animals" in Rules(themes=("animals",)).describe()
    assert "theme" not in Rules().describe()


# ------------------------------------------------------------------ selling


def test_a_sale_must_be_a_word_and_fit_the_theme_and_the_refusal_says_which_failed():
    game = play(themed("CATEZ", themes=("animals",)), "roll 5", "buy")
    before = game.state()
    assert game.why_not("sell TEA") == "'TEA' is a word but not an animal (the theme is animals)"
    assert game.why_not("sell CAZ") == "'CAZ' is not in the dictionary"
    assert game.state() == before
    with pytest.raises(IllegalAction, match="a word but not an animal"):
        game.apply("sell TEA")
    assert game.state() == before
    game.apply("sell CAT")
    assert game.players[0].hand == "EZ"


def test_an_unthemed_game_sells_any_dictionary_word():
    game = play(themed("TEAX"), "roll 4", "buy")
    assert game.why_not("sell TEA") is None


def test_the_roll_shows_the_theme_in_the_log():
    game = play(themed("CATE", themes=("animals",)), "roll 4")
    assert str(game.log[0]) == "Round 1 (theme: animals): Ann rolled 4"


# ------------------------------------------------------------------ challenge mode


def _challenged(word: str, bag: str) -> Game:
    game = themed(bag, players=2, themes=("animals",), challenge_mode=True)
    play(game, "roll 3", "buy", "buy")
    game.apply(f"sell {word}")
    game.apply("challenge 2")
    return game


def test_a_challenge_of_a_word_that_is_valid_but_off_theme_succeeds():
    game = _challenged("TEA", "TEAXYZ")
    event = game.log[-1]
    assert not event.valid and event.off_theme == "an animal"
    assert "TEA: a word, but not an animal! The sale is reversed" in str(event)
    assert game.players[0].hand == "AET"  # tiles back to the seller
    assert game.players[0].money == 200 - 9 - 20  # paid for the draw, fined $20
    assert game.theme_rulings == {"animals:tea": False}


def test_a_challenge_of_a_word_on_theme_fails():
    game = _challenged("CAT", "CATXYZ")
    assert game.log[-1].valid
    assert game.players[1].money == 200 - price_of("XYZ") - 20


def test_a_challenge_of_a_non_word_succeeds_as_before():
    game = _challenged("XYZ", "XYZCAT")
    assert not game.log[-1].valid and game.log[-1].off_theme is None
    assert "not a word!" in str(game.log[-1])


def price_of(tiles: str) -> int:
    return Rules().tiles.price_of(tiles)


# ------------------------------------------------------------------ a theme each round


def _rounds(seed: int, rounds: int = 6) -> list[str]:
    game = themed("", seed=seed, themes=("animals", "food", "time"), theme_each_round=True)
    while game.round <= rounds and game.outcome() is None:
        game.apply("done" if game.phase == "sell" else "discard" if game.phase == "buy"
                   else "roll 2")
    return list(game.round_themes)


def test_the_round_by_round_theme_sequence_is_fixed_by_the_seed():
    first = _rounds(seed=5)
    assert first == _rounds(seed=5)
    assert len(first) == 7  # rounds 1-7: the 7th's theme is known before its roll
    assert set(first) <= {"animals", "food", "time"}
    assert all(a != b for a, b in zip(first, first[1:], strict=False))  # a new theme each round
    assert any(_rounds(seed) != first for seed in range(6, 12))


def test_the_theme_sequence_does_not_depend_on_the_players_decisions():
    rules = Rules(themes=("animals", "food", "time"), theme_each_round=True)
    a = Game.new(["Ann"], dictionary=WORDS, seed=9, rules=rules, themes=FakeThemes())
    b = Game.new(["Ann"], dictionary=WORDS, seed=9, rules=rules, themes=FakeThemes())
    for game, choice in ((a, "buy"), (b, "discard")):
        for _ in range(4):
            play(game, "roll 2", choice, "done")
            if game.phase == "drop":
                game.apply(game.legal_actions()[0])
    assert a.round_themes == b.round_themes


def test_the_theme_sequence_is_the_same_in_another_python_process():
    code = (
        "import sys; sys.path.insert(0, 'tests');"
        "from test_engine_themes import _rounds; print(','.join(_rounds(seed=5)))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert result.stdout.strip() == ",".join(_rounds(seed=5))


# ------------------------------------------------------------------ records


def test_a_themed_record_carries_the_themes_and_replays():
    game = themed("TEAXYZCAT", players=2, themes=("animals", "food", "time"),
                  theme_each_round=True, challenge_mode=True)
    play(game, "roll 3", "buy", "buy")
    theme = game.theme
    word = "TEA" if theme != "food" else "XYZ"
    game.apply(f"sell {word}")
    game.apply("challenge 2")
    play(game, "done", "done", "roll 2")
    record = decode_record(encode_record(GameRecord.of(game)))
    assert record.themes == tuple(game.round_themes) and len(record.themes) == 2
    assert record.rules.themes == ("animals", "food", "time")
    again = record.replay(WORDS, themes=FakeThemes())
    assert again.state() == game.state()


def test_an_unthemed_record_has_no_theme_keys():
    game = play(Game.new(["Ann"], dictionary=WORDS, seed=1), "roll 2")
    data = record_data(GameRecord.of(game))
    assert "themes" not in data and "theme_rulings" not in data
    assert record_from(data).replay(WORDS).state() == game.state()


def test_a_record_whose_themes_disagree_with_its_seed_is_refused():
    game = themed("", themes=("animals", "food", "time"), theme_each_round=True)
    play(game, "roll 2", "discard", "done")
    data = record_data(GameRecord.of(game))
    data["themes"] = ["food", "food"] if game.round_themes != ["food", "food"] else ["time"] * 2
    with pytest.raises(RecordError, match="round themes"):
        record_from(data).replay(WORDS, themes=FakeThemes())
    data["themes"] = "animals"
    with pytest.raises(RecordError, match="the game record's themes should be a list, not text"):
        record_from(data)


def test_a_themed_record_replayed_without_theme_lists_says_so():
    game = themed("", themes=("animals",))
    with pytest.raises(RecordError, match="no theme lists were given"):
        GameRecord.of(game).replay(WORDS)


# ------------------------------------------------------------------ random play-outs


@pytest.mark.slow
@pytest.mark.parametrize("challenge", [False, True])
def test_random_themed_games_keep_every_invariant_and_replay(challenge):
    from test_engine_playout import _check_invariants, _random_action

    kinds = set()
    for seed in range(150):
        rng = random.Random(seed)
        if seed % 2:
            rules = Rules(themes=("food",), challenge_mode=challenge)
        else:
            rules = Rules(themes=("animals", "food", "time"), theme_each_round=True,
                          challenge_mode=challenge)
        players = 1 + seed % 3 if not challenge else 2 + seed % 2
        game = Game.new(["Ann", "Bob", "Cy"][:players], dictionary=WORDS, seed=seed,
                        rules=rules, themes=FakeThemes())
        theme_of_round = {}
        for _ in range(5000):
            if game.outcome() is not None:
                break
            theme_of_round[game.round] = game.theme
            before = game.state()
            try:
                events = game.apply(_random_action(game, rng))
            except BuyWordError:
                assert game.state() == before
                continue
            for event in events:
                if isinstance(event, ev.Sold) and not challenge:
                    assert event.word.lower() in THEME_LISTS[game.theme]
                if isinstance(event, ev.Challenged):
                    kinds.add("off theme" if event.off_theme else str(event.valid))
            _check_invariants(game)
        assert game.outcome() is not None
        assert game.round_themes == [theme_of_round[r] for r in sorted(theme_of_round)]
        replayed = decode_record(encode_record(GameRecord.of(game))).replay(
            WORDS, themes=FakeThemes())
        assert replayed.state() == game.state()
    if challenge:  # random play met every kind of ruling
        assert kinds == {"off theme", "True", "False"}
