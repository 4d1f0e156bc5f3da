"""Computer players under a theme (RULES §7.6): they sell only words of the round's theme,
challenge off-theme words, and `buyword sim --theme` measures them."""

from __future__ import annotations

import json

import pytest
from engine_helpers import WordSet, play
from words_helpers import index_cache

from buyword.analysis.sim import SimError, SimOptions, sim_main, theme_rules
from buyword.bots import make_bot
from buyword.engine import Game, Phase, Rules, Sell
from buyword.table.services import Services
from buyword.table.views import seat_view
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.themes import THEMES, ThemeBook, ThemeFinders


@pytest.fixture(scope="module")
def words():
    """The bundled finder and lexicon, the theme lists and the themed finders (one process)."""
    services = Services.shared(index_cache())
    finder, lexicon = services.words()
    return finder, lexicon, services.themes, services.theme_finders(lexicon, finder.tiles)


def play_themed(level: str, seed: int, words, rules: Rules) -> tuple[Game, list[tuple]]:
    """A solo game of `level` to the end; every sale checked against its round's theme."""
    finder, lexicon, book, theme_finders = words
    game = Game.new(["Bot"], dictionary=lexicon, seed=seed, rules=rules, themes=book)
    bot = make_bot(level, finder, seed, theme_finders)
    sales = []
    while game.current is not None:
        action = bot.act(seat_view(game, 0, {0}))
        assert game.why_not(action) is None, f"{action} illegal\n{game.dump()}"
        if isinstance(action, Sell):
            sales.append((game.theme, action.word))
        game.apply(action)
    return game, sales


@pytest.mark.slow
def test_a_themed_solo_game_is_played_to_the_end_within_the_theme(words):
    _, lexicon, book, _ = words
    game, sales = play_themed("hard", 7, words, Rules(themes=("animals",)))
    assert game.phase is Phase.OVER and game.outcome().rating is not None
    assert sales, "the computer sold nothing"
    for theme, word in sales:
        assert theme == "animals"
        assert lexicon.is_word(word.lower()) and book.fits(word.lower(), "animals"), word


@pytest.mark.slow
def test_a_solo_game_with_a_new_theme_each_round_sells_each_rounds_theme(words):
    _, lexicon, book, _ = words
    rules = Rules(themes=tuple(t.name for t in THEMES), theme_each_round=True)
    game, sales = play_themed("expert", 3, words, rules)
    assert game.phase is Phase.OVER
    assert len({theme for theme, _ in sales}) > 1
    for theme, word in sales:
        assert book.fits(word.lower(), theme), (theme, word)


def test_the_seat_view_carries_the_rounds_theme(words):
    _, lexicon, book, _ = words
    game = Game.new(["Bot"], dictionary=lexicon, seed=1, rules=Rules(themes=("food",)),
                    themes=book)
    assert seat_view(game, 0, {0}).theme == "food"
    assert seat_view(Game.new(["Bot"], dictionary=lexicon, seed=1), 0, {0}).theme is None


def test_a_computer_challenges_a_word_off_the_theme_and_not_one_on_it():
    dictionary = WordSet("tea", "cat")
    book = ThemeBook({"animals": ["cat"]})
    rules = Rules(themes=("animals",), challenge_mode=True)
    lexicon = Lexicon(sorted(dictionary.words), "test words")
    bot = make_bot("greedy", WordFinder(lexicon), 1, ThemeFinders(book, lexicon))
    for word, expected in (("TEA", True), ("CAT", False)):
        game = Game.new(["Ann", "Bot"], dictionary=dictionary, seed=1, rules=rules,
                        bag=f"{word}XYZ", themes=book)
        play(game, "roll 3", "buy", "buy", f"sell {word}")
        assert game.last_sale is not None
        assert bot.challenge(seat_view(game, 1, {1}), game.last_sale) is expected


def test_sim_theme_rules():
    assert theme_rules(None) == Rules()
    assert theme_rules("Animals") == Rules(themes=("animals",))
    each = theme_rules("each-round")
    assert each.theme_each_round and len(each.themes) == len(THEMES)
    with pytest.raises(SimError, match="'pirates' is not a theme"):
        theme_rules("pirates")


def test_sim_with_an_unknown_theme_exits_2(capsys):
    options = SimOptions(players=("greedy",), games=1, seed=1, jobs=1, json=True,
                         theme="pirates")
    assert sim_main(options) == 2
    assert "buyword sim: --theme: 'pirates' is not a theme" in capsys.readouterr().err


@pytest.mark.slow
def test_sim_with_a_theme_reports_it(capsys, words):
    options = SimOptions(players=("greedy",), games=2, seed=1, jobs=1, json=True, theme="food")
    assert sim_main(options) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["theme"] == "food" and report["tables"][0]["seats"][0]["games"] == 2
