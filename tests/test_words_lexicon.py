"""The dictionary: the bundled list, word-list files, common words only, refusals explained."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from words_helpers import bundled_lexicon

from buyword.engine.errors import BuyWordError
from buyword.engine.tiles import missing_letters
from buyword.words.lexicon import Lexicon, LexiconError

#: The reference build of scripts/build_wordlist.py (scowl 2020.12.07-2, sizes 10-70).
BUNDLED_WORDS = 115_435


# The bundled list


def test_bundled_list_has_the_reference_build_word_count():
    assert len(bundled_lexicon()) == BUNDLED_WORDS


@pytest.mark.parametrize("word", ["quixotic", "colour", "color", "jukebox", "qi", "a", "i"])
def test_bundled_list_accepts_probe_words(word):
    assert bundled_lexicon().is_word(word)


@pytest.mark.parametrize("word", ["london", "mph", "ok", "b", "don't", "café", ""])
def test_bundled_list_refuses_proper_names_abbreviations_and_oddities(word):
    assert not bundled_lexicon().is_word(word)


def test_bundled_words_are_lower_case_a_to_z_only():
    assert all(word.isascii() and word.isalpha() and word.islower() for word in bundled_lexicon())


def test_is_word_ignores_case_and_accepts_sell_notation():
    lexicon = bundled_lexicon()
    assert lexicon.is_word("QUIZ") and lexicon.is_word("QuIz") and lexicon.is_word("QUiZ")
    assert "Jukebox" in lexicon
    assert 42 not in lexicon


def test_kelvin_sign_is_not_the_letter_k():
    # "\u212a".lower() == "k": a non-ASCII word must never match an a-z word.
    assert not Lexicon(["k"]).is_word("\u212a")


def test_the_licence_ships_beside_the_list():
    from importlib import resources

    licence = resources.files("buyword.data").joinpath("words.LICENSE.txt").read_text("utf-8")
    assert "Kevin Atkinson" in licence and "Permission to use, copy, modify" in licence


# Word-list files


def write(tmp_path, content: bytes, name: str = "words.txt"):
    path = tmp_path / name
    path.write_bytes(content)
    return path


def test_word_list_file_lower_cases_and_skips_lines_with_other_characters(tmp_path):
    path = write(tmp_path, b"\xef\xbb\xbfQuiz\r\n  tea \r\ndon't\nx-ray\nna\xc3\xafve\n\nZoo\r")
    lexicon = Lexicon.from_file(path)
    assert sorted(lexicon) == ["quiz", "tea", "zoo"]
    assert lexicon.source == str(path)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "is empty"),
        (b"  \n\n\t\n", "is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        (b"caf\xe9\nth\xe9\n", "not UTF-8 text"),
        (b"don't\n123\nx-ray\n", "no words made only of the letters A-Z"),
    ],
)
def test_unusable_word_list_files_are_refused_with_the_reason(tmp_path, content, reason):
    path = write(tmp_path, content)
    with pytest.raises(LexiconError, match=reason) as raised:
        Lexicon.from_file(path)
    assert str(path) in str(raised.value)
    assert isinstance(raised.value, BuyWordError)


def test_a_missing_word_list_is_refused(tmp_path):
    with pytest.raises(LexiconError, match="does not exist"):
        Lexicon.from_file(tmp_path / "nowhere.txt")


def test_a_folder_is_not_a_word_list(tmp_path):
    with pytest.raises(LexiconError, match="is a folder"):
        Lexicon.from_file(tmp_path)


# Common words only


def test_common_only_keeps_frequent_words():
    common = bundled_lexicon().common_only(3.0)
    assert common.is_word("house") and common.is_word("quiz")
    assert not common.is_word("quixotic") and not common.is_word("zymurgy")
    assert 10_000 < len(common) < len(bundled_lexicon())
    assert len(bundled_lexicon().common_only(4.0)) < len(common)
    assert "common words only" in common.source


@pytest.mark.slow  # asks wordfreq about every bundled word
def test_common_only_agrees_with_wordfreq_zipf_frequency():
    from wordfreq import zipf_frequency

    lexicon = bundled_lexicon()
    sample = random.Random(3).sample(sorted(lexicon), 3000)
    for threshold in (2.5, 3.0, 3.51):
        common = lexicon.common_only(threshold)
        for word in sample:
            assert common.is_word(word) == (zipf_frequency(word, "en") >= threshold), word


def test_importing_the_words_layer_does_not_import_wordfreq():
    # wordfreq costs ~100 ms and ~75 MiB: only "common words only" may load it.
    code = (
        "import sys, buyword.words, buyword.words.lexicon, buyword.words.finder, "
        "buyword.words.planner, buyword.words.solve\n"
        "from buyword.words.lexicon import Lexicon\n"
        "assert Lexicon.bundled().is_word('quiz')\n"
        "assert 'wordfreq' not in sys.modules, 'wordfreq was imported'\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# Refusals explained

WORDS = Lexicon(["quiz", "at", "tea", "eat", "zoo", "jazz"], "test words")


@pytest.mark.parametrize(
    ("word", "hand", "wilds", "min_length", "reason"),
    [
        ("QUIZ", "QUIZ", 0, 2, None),
        ("QUiZ", "QUZ", 1, 2, None),
        ("QUIZ", "QUZ", 1, 2, None),  # the wild is placed on the letter the hand lacks
        ("QU-IZ", "QUIZ", 0, 2, "'QU-IZ' has characters other than the letters A-Z"),
        ("AT", "AT", 0, 3, "'AT' is too short: words need at least 3 letters"),
        ("QUIZ", "QUI", 0, 2, "'QUIZ' needs a Z you don't hold, and you have no wild tile left"),
        ("JAZZ", "JA", 1, 2, "'JAZZ' needs two Zs you don't hold; a word may use only one wild"),
        ("QUIZ", "UI", 3, 2, "'QUIZ' needs a Q and a Z you don't hold; a word may use only one"),
        ("qUIz", "UI", 2, 2, "'qUIz' marks 2 letters as wild; a word may use only one wild"),
        ("QUiZ", "QUIZ", 0, 2, "'QUIZ' needs a wild tile and you have none left"),
        ("ZOE", "ZOE", 0, 2, "'ZOE' is not in the dictionary"),
        ("TAE", "AET", 0, 2, "'TAE' is not in the dictionary"),
    ],
)
def test_explain_gives_the_reason_in_a_players_words(word, hand, wilds, min_length, reason):
    explanation = WORDS.explain(word, hand, wilds, min_length)
    if reason is None:
        assert explanation is None
    else:
        assert explanation is not None and explanation.startswith(reason)


def category(explanation: str | None) -> str | None:
    """Which kind of refusal an explanation gives, read from its wording."""
    if explanation is None:
        return None
    for kind, words in [
        ("malformed", ("characters other than", "marks", "a word to sell is needed")),
        ("short", ("too short",)),
        ("tiles", ("you don't hold", "wild tile")),
        ("dictionary", ("not in the dictionary",)),
    ]:
        if any(w in explanation for w in words):
            return kind
    raise AssertionError(f"unrecognised explanation {explanation!r}")


def expected_category(word: str, hand: str, wilds: int, min_length: int) -> str | None:
    """The first reason that applies, worked out from the rules directly."""
    if not word or not all(c.isascii() and c.isalpha() for c in word):
        return "malformed"
    if sum(c.islower() for c in word) > 1:
        return "malformed"
    if len(word) < min_length:
        return "short"
    marked = any(c.islower() for c in word)
    if marked:
        i = next(i for i, c in enumerate(word) if c.islower())
        if missing_letters(word[:i].upper() + word[i + 1 :].upper(), hand) or wilds < 1:
            return "tiles"
    else:
        missing = missing_letters(word, hand)
        if len(missing) > 1 or (len(missing) == 1 and wilds < 1):
            return "tiles"
    return None if WORDS.is_word(word) else "dictionary"


@given(
    word=st.text(alphabet="QUIZATEOJ-qz", max_size=6),
    hand=st.text(alphabet="QUIZATEOJ", max_size=7),
    wilds=st.integers(0, 2),
    min_length=st.integers(1, 4),
)
def test_explanations_match_the_first_reason_that_applies(word, hand, wilds, min_length):
    explanation = WORDS.explain(word, hand, wilds, min_length)
    assert category(explanation) == expected_category(word, hand, wilds, min_length)
    if category(explanation) == "tiles" and word.isupper():
        # The letters the hand lacks are named, e.g. "needs a Q and two Zs".
        for letter in set(missing_letters(word, hand)):
            assert re.search(rf"\b(a|an|two|three|\d+) {letter}s?\b", explanation), explanation


def test_a_lexicon_made_from_words_keeps_a_to_z_words_lower_cased():
    lexicon = Lexicon(["QUIZ", "Tea", "don't", "café", "x1"], "test")
    assert sorted(lexicon) == ["quiz", "tea"] and lexicon.is_word("quiz")


def test_a_missing_bundled_list_is_explained_in_words(tmp_path, monkeypatch):
    import buyword.words.lexicon as lexicon_module

    monkeypatch.setattr(lexicon_module.resources, "files", lambda package: tmp_path)
    with pytest.raises(LexiconError, match="bundled word list .* is missing or damaged"):
        Lexicon.bundled()


def test_a_word_list_with_an_overlong_word_is_refused_in_one_line(tmp_path):
    path = write(tmp_path, b"tea\n" + b"q" * 10_000_000 + b"\nquiz\n")
    with pytest.raises(LexiconError) as refused:
        Lexicon.from_file(path)
    message = str(refused.value)
    assert message == (f"word list {str(path)!r} has a word of 10,000,000 letters "
                       "(QQQQQQQQQQ…); a word has at most 100")
    assert Lexicon.from_file(write(tmp_path, b"tea\n" + b"q" * 100 + b"\n")).is_word("q" * 100)
