"""Theme lists: the bundled data, the base-form rule, and themed word finding."""

from __future__ import annotations

import hashlib
import importlib.util
import re
from importlib import resources
from pathlib import Path

import pytest
from words_helpers import bundled_lexicon

from buyword.words.finder import WordFinder
from buyword.words.planner import plan_sale
from buyword.words.solve import solve_main
from buyword.words.themes import (
    THEMES,
    ThemeBook,
    ThemeError,
    ThemeFinders,
    detached,
    manifest,
    theme_named,
)

ROOT = Path(__file__).resolve().parents[1]
BOOK = ThemeBook()


def _script():
    """scripts/build_themes.py as a module (its functions, without running it)."""
    spec = importlib.util.spec_from_file_location("build_themes", ROOT / "scripts" /
                                                  "build_themes.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ the data


def test_there_are_at_least_eight_themes_of_300_words_or_more():
    assert len(THEMES) >= 8
    for theme in THEMES:
        assert len(BOOK.words(theme.name)) >= 300, theme.name


def test_each_theme_file_matches_the_manifest_and_the_scripts_reference_build():
    data = manifest()
    expected = _script().EXPECTED
    assert data["source"]["version"] == "1:3.0-37"
    for theme in THEMES:
        raw = resources.files("buyword.data").joinpath(f"themes/{theme.name}.txt").read_bytes()
        entry = data["themes"][theme.name]
        digest = hashlib.sha256(raw).hexdigest()
        assert (entry["words"], entry["sha256"]) == (len(raw.split()), digest)
        assert expected[theme.name] == (entry["words"], entry["sha256"])


def test_theme_words_are_sorted_lower_case_words_of_the_bundled_dictionary():
    dictionary = bundled_lexicon()
    for theme in THEMES:
        raw = resources.files("buyword.data").joinpath(f"themes/{theme.name}.txt").read_text()
        words = raw.split()
        assert words == sorted(set(words))
        assert all(re.fullmatch(r"[a-z]+", w) and w in dictionary for w in words), theme.name


def test_wordnets_licence_ships_beside_the_lists():
    licence = resources.files("buyword.data").joinpath("themes/LICENSE.txt").read_text()
    assert "Princeton University" in licence and "WordNet" in licence


# Spot checks: a word of the theme and its inflected form fit; a plainly unrelated word
# (also in the bundled dictionary) does not.
SPOT_CHECKS = [
    ("animals", ["cat", "cats", "horse", "mice", "geese", "wolves"], ["algebra", "sofa"]),
    ("food", ["bread", "apples", "coffee", "cheeses"], ["algebra", "violin"]),
    ("plants", ["oak", "tulips", "fern", "daisies"], ["algebra", "engine"]),
    ("body", ["arm", "knees", "teeth", "liver"], ["algebra", "teapot"]),
    ("people", ["baker", "women", "children", "teacher"], ["algebra", "tulip"]),
    ("places", ["city", "towns", "north", "suburb"], ["algebra", "banana"]),
    ("artifacts", ["table", "chairs", "knife", "knives"], ["algebra", "anger"]),
    ("feelings", ["anger", "joys", "fear", "love"], ["algebra", "spoon"]),
    ("motion", ["run", "ran", "running", "jumped", "swims"], ["algebra", "teapot"]),
    ("time", ["day", "weeks", "morning", "autumn"], ["algebra", "giraffe"]),
]


@pytest.mark.parametrize(("theme", "fitting", "unrelated"), SPOT_CHECKS)
def test_spot_checks_per_theme(theme, fitting, unrelated):
    dictionary = bundled_lexicon()
    for word in fitting + unrelated:
        assert word in dictionary, word  # a fair check: every probe is a dictionary word
    assert [w for w in fitting if not BOOK.fits(w, theme)] == []
    assert [w for w in unrelated if BOOK.fits(w, theme)] == []


def test_fits_ignores_case_and_refuses_non_letters():
    assert BOOK.fits("CaTs", "animals")
    assert not BOOK.fits("cat!", "animals")
    assert not BOOK.fits("", "animals")


def test_an_unknown_theme_is_a_clear_error():
    with pytest.raises(ThemeError, match="'pirates' is not a theme; the themes are animals"):
        BOOK.fits("cat", "pirates")
    assert theme_named(" Animals ").name == "animals"


# ------------------------------------------------------------------ the base-form rule


@pytest.mark.parametrize(("word", "pos", "base"), [
    ("cats", "noun", "cat"), ("foxes", "noun", "fox"), ("churches", "noun", "church"),
    ("ponies", "noun", "pony"), ("firemen", "noun", "fireman"), ("buses", "noun", "bus"),
    ("jumped", "verb", "jump"), ("danced", "verb", "dance"), ("walking", "verb", "walk"),
    ("skating", "verb", "skate"), ("flies", "verb", "fly"), ("taller", "adj", "tall"),
])
def test_detachment_rules_give_the_base_form(word, pos, base):
    assert base in detached(word, pos)


def test_detachment_leaves_short_nouns_and_nouns_in_ss_alone():
    assert detached("glass", "noun") == set()
    assert detached("as", "noun") == set()
    assert detached("cat", "noun") == set()


def test_a_word_of_another_dictionary_fits_by_its_base_form():
    # "dingoes" via "es"? WordNet's noun rules have no plain "es": a list of just "dingo"
    # makes "dingos" fit ("s" comes off) but not "dingoes".
    book = ThemeBook({"animals": ["dingo", "fox"]})
    assert book.fits("dingos", "animals")
    assert book.fits("foxes", "animals")
    assert not book.fits("dingoes", "animals")
    assert not book.fits("fo", "animals")


def test_the_bundled_dictionarys_words_of_a_theme_are_exactly_its_list():
    dictionary = bundled_lexicon()
    for theme in THEMES:
        assert set(BOOK.lexicon(theme.name, dictionary)) == BOOK.words(theme.name), theme.name


def test_a_listed_word_is_not_cut_again():
    # "saw" fits motion (the past of "see"); "sawed" is a bundled word that does not, and the
    # "ed" rule must not reach it through "saw".
    assert BOOK.fits("saw", "motion") and "sawed" in bundled_lexicon()
    assert not BOOK.fits("sawed", "motion")


def test_the_scripts_base_forms_use_the_exception_lists():
    script = _script()
    exceptions = {"mice": {"mouse"}}
    assert script.base_forms("mice", "noun", exceptions) == {"mice", "mouse"}
    assert script.base_forms("cats", "noun", {}) == {"cats", "cat"}


def test_the_script_keeps_words_whose_base_form_is_a_lemma_of_the_theme(tmp_path):
    script = _script()
    theme = theme_named("animals")
    numbers = {"noun.animal": 5}
    lemmas = {"noun": {5: {"cat", "mouse", "horse"}}}
    exceptions = {"noun": {"mice": {"mouse"}}}
    words = ["cat", "cats", "mice", "horses", "table", "tables"]
    assert script.theme_words(theme, words, lemmas, numbers, exceptions) == [
        "cat", "cats", "horses", "mice"]


def test_the_script_reads_lemmas_by_lexicographer_file():
    script = _script()
    data = (
        b"  1 This software and database is being provided to you\n"
        b"02084071 05 n 03 dog 0 domestic_dog 0 Canis_familiaris 0 000 | a dog\n"
        b"02121620 05 n 02 cat 0 true_cat 0 000 | a cat\n"
        b"04379243 06 n 01 table 0 000 | a table\n"
    )
    assert script.lemmas_by_file(data) == {5: {"dog", "cat"}, 6: {"table"}}


# ------------------------------------------------------------------ themed word finding


def test_a_theme_restricts_the_index_not_the_results():
    animals = BOOK.lexicon("animals", bundled_lexicon())
    assert "cats" in animals and "table" not in animals
    assert set(animals) <= set(bundled_lexicon())
    finder = WordFinder(animals)
    assert len(finder) == len(animals)
    words = {c.word for c in finder.find("CATSLEB", 0)}
    assert "CAT" in words and "CATS" in words
    assert "TABLE" not in words and "BLEATS" not in words  # dictionary words, not animals


def test_a_themed_lexicon_keeps_only_words_of_the_games_dictionary():
    common = bundled_lexicon().common_only()
    animals = BOOK.lexicon("animals", common)
    assert set(animals) <= set(common)
    assert "cat" in animals and "aardwolf" not in animals


def test_the_planner_sells_only_theme_words():
    finder = WordFinder(BOOK.lexicon("animals", bundled_lexicon()))
    plan = plan_sale(finder, "CATDOGSEAL", 0)
    assert plan.total > 0
    assert all(BOOK.fits(c.word, "animals") for c in plan.words)


def test_theme_finders_build_one_themed_finder_per_theme_and_share_it():
    finders = ThemeFinders(BOOK, bundled_lexicon())
    animals = finders("animals")
    assert animals is finders("Animals") and animals.theme == "animals"
    assert len(animals) == len(BOOK.words("animals"))
    with pytest.raises(ThemeError):
        finders("pirates")


def test_the_sale_preview_explains_an_off_theme_word_as_the_engine_does():
    lexicon = bundled_lexicon()
    assert lexicon.explain("TABLE", "ABELT", 0, theme="animals", themes=BOOK) == (
        "'TABLE' is a word but not an animal (the theme is animals)")
    assert lexicon.explain("CAT", "ACT", 0, theme="animals", themes=BOOK) is None
    assert lexicon.explain("CAt", "AC", 1, theme="animals", themes=BOOK) is None
    assert lexicon.explain("TABLE", "ABELT", 0) is None  # no theme: any word


def test_solve_with_a_theme_lists_only_its_words(capsys):
    assert solve_main("CATSDOGE", 0, None, 2, "animals") == 0
    out = capsys.readouterr().out
    assert "theme animals" in out and "DOGS" in out and "CODES" not in out


def test_solve_with_an_unknown_theme_is_a_clear_message(capsys):
    assert solve_main("CATS", 0, None, 2, "pirates") == 2
    err = capsys.readouterr().err
    assert err.startswith("buyword solve: 'pirates' is not a theme") and "Traceback" not in err


def test_a_themed_game_can_be_copied_and_shares_the_theme_lists():
    import copy

    from buyword.engine import Game, Rules

    game = Game.new(["Ann"], dictionary=bundled_lexicon(), seed=1, themes=BOOK,
                    rules=Rules(themes=("animals",)))
    twin = copy.deepcopy(game)
    assert twin.themes is BOOK and twin.state() == game.state()
