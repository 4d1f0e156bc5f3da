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
from buyword.words.solve import SolveOptions, solve_main
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


# A word fits only by a common sense of it (scripts/build_themes.py, step 5): a coat of fur, a
# cow's bag, a feather's vane, the chat (a songbird) and the sire (a stallion's father) are
# senses nobody plays; a pickpocket is not what DIP means to a player.
SURPRISES = [
    ("animals", ["bag", "bags", "flag", "flags", "vane", "coat", "chat", "sire"]),
    ("people", ["dip", "dips"]),
]
#: Words whose common sense is in the theme, by each route of the rule: the first sense
#: (most often tagged), a third of the tagged uses, and the rare words never tagged.
COMMON = [
    ("animals", ["badger", "chicken", "ostrich", "emu", "rabbit", "oyster", "gull", "gulls"]),
    ("food", ["chicken", "plum", "avocado"]),
    ("people", ["cook", "cooks", "baker"]),
]


@pytest.mark.parametrize(("theme", "words"), SURPRISES)
def test_a_word_does_not_fit_by_a_rare_sense(theme, words):
    dictionary = bundled_lexicon()
    assert all(word in dictionary for word in words)
    assert [w for w in words if BOOK.fits(w, theme)] == []


@pytest.mark.parametrize(("theme", "words"), COMMON)
def test_a_word_fits_by_a_common_sense(theme, words):
    assert [w for w in words if not BOOK.fits(w, theme)] == []


def test_solve_offers_no_animal_by_a_rare_sense(capsys):
    assert solve_main(SolveOptions("LAG", wilds=1, theme="animals")) == 0
    out = capsys.readouterr().out
    assert "hAG" in out  # a hagfish: the word list still answers
    assert "bAG" not in out and "fLAG" not in out


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


@pytest.mark.slow  # every theme against the bundled list
def test_the_bundled_dictionarys_words_of_a_theme_are_exactly_its_list():
    dictionary = bundled_lexicon()
    for theme in THEMES:
        assert set(BOOK.lexicon(theme.name, dictionary)) == BOOK.words(theme.name), theme.name


def test_a_listed_word_is_not_cut_again():
    # "fell" fits motion (the past of "fall"); "felled" is a bundled word that does not (to
    # fell a tree is no way of moving), and the "ed" rule must not reach it through "fell".
    assert BOOK.fits("fell", "motion") and "felled" in bundled_lexicon()
    assert not BOOK.fits("felled", "motion")


def test_the_scripts_base_forms_use_the_exception_lists():
    script = _script()
    exceptions = {"mice": {"mouse"}}
    assert script.base_forms("mice", "noun", exceptions) == {"mice", "mouse"}
    assert script.base_forms("cats", "noun", {}) == {"cats", "cat"}


def test_the_script_keeps_words_whose_base_form_is_a_lemma_of_the_theme(tmp_path):
    script = _script()
    theme = theme_named("animals")
    numbers = {"noun.animal": 5}
    animal, thing = script.Sense(5, 0), script.Sense(6, 0)
    senses = {"noun": {"cat": [animal], "mouse": [animal, thing], "horse": [animal],
                       "table": [thing]}}
    exceptions = {"noun": {"mice": {"mouse"}}}
    words = ["cat", "cats", "mice", "horses", "table", "tables"]
    tagged = {"noun": set(), "verb": set()}
    assert script.theme_words(theme, words, senses, tagged, numbers, exceptions) == [
        "cat", "cats", "horses", "mice"]


def test_the_script_reads_senses_in_wordnets_order_with_their_tag_counts():
    script = _script()
    data = (
        b"  1 This software and database is being provided to you\n"
        b"02084071 05 n 03 dog 0 domestic_dog 0 Canis_familiaris 0 000 | a dog\n"
        b"10114209 18 n 01 dog 1 000 | a fellow\n"
        b"09746536 18 n 01 Badger 0 000 | a Wisconsinite\n"
        b"02447366 05 n 01 badger 0 000 | a badger\n"
        b"10153414 18 n 02 chump 0 gull 0 000 | a person easily deceived\n"
    )
    index = (
        b"  1 This software and database is being provided to you\n"
        b"badger n 2 1 @ 2 0 09746536 02447366  \n"
        b"dog n 2 1 @ 2 2 02084071 10114209  \n"
        b"gull n 1 1 @ 1 0 10153414  \n"
        b"domestic_dog n 1 1 @ 1 0 02084071  \n"
    )
    counts = script.tag_counts(b"dog%1:05:00:: 1 42\ndog%1:18:01:: 2 1\n")
    assert script.senses_by_lemma(index, data, counts, "noun") == {
        "badger": [script.Sense(5, 0)],  # "Badger" the Wisconsinite is another word
        "dog": [script.Sense(5, 42), script.Sense(18, 1)],
        "gull": [script.Sense(18, 0, head=False)],
    }


@pytest.mark.parametrize(("senses", "elsewhere", "fits"), [
    ([(6, 29), (6, 1), (5, 0)], False, False),  # coat: a garment, its fur never tagged
    ([(13, 16), (5, 10)], False, True),  # chicken as an animal: 10 of its 26 tagged uses
    ([(5, 3), (18, 1)], False, True),  # fox: the first, most frequent sense
    ([(10, 0), (5, 0, False), (5, 0, False)], True, False),  # chat: a verb; a talk first
    ([(18, 0, False), (5, 0)], True, True),  # gull: a verb; the bird heads its own synset
    ([(18, 0), (5, 0)], False, True),  # ostrich: never tagged, a sense in two
    ([(6, 0), (6, 0), (6, 0), (5, 0)], False, False),  # vane: never tagged, one in four
])
def test_a_lemma_belongs_to_a_theme_by_a_common_sense(senses, elsewhere, fits):
    script = _script()
    assert script.common_in([script.Sense(*s) for s in senses], {5}, elsewhere) is fits


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
    assert solve_main(SolveOptions("CATSDOGE", theme="animals")) == 0
    out = capsys.readouterr().out
    assert "theme animals" in out and "DOGS" in out and "CODES" not in out


def test_solve_with_an_unknown_theme_is_a_clear_message(capsys):
    assert solve_main(SolveOptions("CATS", theme="pirates")) == 2
    err = capsys.readouterr().err
    assert err.startswith("buyword solve: 'pirates' is not a theme") and "Traceback" not in err


def test_a_themed_game_can_be_copied_and_shares_the_theme_lists():
    import copy

    from buyword.engine import Game, Rules

    game = Game.new(["Ann"], dictionary=bundled_lexicon(), seed=1, themes=BOOK,
                    rules=Rules(themes=("animals",)))
    twin = copy.deepcopy(game)
    assert twin.themes is BOOK and twin.state() == game.state()
