"""Themes (docs/rules.md, "Themes"): named word lists, the base-form rule, and `fits`.

A theme is a list of words of the bundled dictionary, built from Princeton WordNet by
`scripts/build_themes.py` (one or more of WordNet's lexicographer files, such as noun.animal).
A word fits a theme when it is on the list, or when one of its base forms is: the base forms
are found by WordNet's own detachment rules (the ones its `morphy` uses), so "cats" fits
animals because "cat" does, and "ran" fits motion because WordNet's exception list maps it to
"run". The lists already hold every word of the bundled dictionary that fits (inflected forms
included), so for those words the list decides alone; at play time the detachment rules extend a
theme to the words of another word list that the bundled one lacks.
"""

from __future__ import annotations

import threading
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from buyword.engine.errors import BuyWordError
from buyword.engine.tiles import TileSet
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon


class ThemeError(BuyWordError):
    """A theme that does not exist, or theme data that cannot be read."""


@dataclass(frozen=True)
class Theme:
    """One theme: its name (as in rules and records), how players see it, where it comes from."""

    name: str  # a short lower-case name: "animals"
    title: str  # how the table shows it: "Animals"
    kind: str  # completes "HORSE is a word but not ...": "an animal"
    pos: str  # WordNet's part of speech, "noun" or "verb": which endings come off
    lexicographer_files: tuple[str, ...]  # WordNet's files the list is built from


#: The bundled themes, in the order the new-game form lists them.
THEMES: tuple[Theme, ...] = (
    Theme("animals", "Animals", "an animal", "noun", ("noun.animal",)),
    Theme("food", "Food and drink", "food or drink", "noun", ("noun.food",)),
    Theme("plants", "Plants", "a plant", "noun", ("noun.plant",)),
    Theme("body", "The body", "part of the body", "noun", ("noun.body",)),
    Theme("people", "People", "a person", "noun", ("noun.person",)),
    Theme("places", "Places", "a place", "noun", ("noun.location",)),
    Theme("artifacts", "Things made by people", "a thing made by people", "noun",
          ("noun.artifact",)),
    Theme("feelings", "Feelings", "a feeling", "noun", ("noun.feeling",)),
    Theme("motion", "Moving", "a way of moving", "verb", ("verb.motion",)),
    Theme("time", "Time", "a word of time", "noun", ("noun.time",)),
)

#: Theme name -> Theme.
THEMES_BY_NAME: dict[str, Theme] = {theme.name: theme for theme in THEMES}

#: WordNet's detachment rules (morphy, in WordNet's morph.c): an ending and what replaces it.
#: Nouns lose plural endings, verbs their -s, -ed and -ing endings, adjectives comparative ones.
DETACHMENT: dict[str, tuple[tuple[str, str], ...]] = {
    "noun": (
        ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
        ("men", "man"), ("ies", "y"),
    ),
    "verb": (
        ("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
        ("ing", "e"), ("ing", ""),
    ),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
}


def detached(word: str, pos: str) -> set[str]:
    """The forms WordNet's detachment rules give for `word` (lower case) as a `pos` word.

    Only the rules: WordNet's morphy then keeps the forms that are WordNet lemmas, and the
    irregular forms come from its exception lists (the build script reads those). As in
    WordNet, a noun of two letters or fewer, or ending in "ss" (glass, boss), is not cut.
    """
    if pos == "noun" and (len(word) <= 2 or word.endswith("ss")):
        return set()
    return {
        word[: len(word) - len(ending)] + replacement
        for ending, replacement in DETACHMENT[pos]
        if word.endswith(ending) and len(word) > len(ending)
    }


def theme_named(name: str) -> Theme:
    """The bundled theme called `name`; ThemeError listing the themes if there is none."""
    theme = THEMES_BY_NAME.get(name.strip().lower())
    if theme is None:
        raise ThemeError(
            f"{name!r} is not a theme; the themes are {', '.join(t.name for t in THEMES)}"
        )
    return theme


class ThemeBook:
    """The bundled theme lists, read on first use: what the engine asks `fits` of.

    The engine knows no word lists: a `Game` played with a theme is given a ThemeBook as its
    `themes`, and asks it `fits(word, theme)` and `kind(theme)` for a refusal's wording.
    """

    def __init__(self, lists: dict[str, Iterable[str]] | None = None,
                 listed: Lexicon | None = None) -> None:
        """The bundled lists, or `lists` (theme name -> words, for tests) instead.

        `listed` is the dictionary the lists were built from (the bundled one, loaded on first
        need; none with `lists`): its words fit only if they are on a list.
        """
        self._words: dict[str, frozenset[str]] = {}
        if lists is not None:
            for name, words in lists.items():
                self._words[theme_named(name).name] = frozenset(w.lower() for w in words)
        self._given = lists is not None
        self._listed = listed if listed is not None or lists is None else Lexicon([])
        self._lock = threading.Lock()

    def __deepcopy__(self, memo: dict[int, object]) -> ThemeBook:
        """The lists never change once read: a copied game shares them (as it may share a
        lock-guarded cache, which cannot be copied)."""
        return self

    def words(self, name: str) -> frozenset[str]:
        """Every word of the theme's list (lower case), read from the package on first use."""
        theme = theme_named(name)
        words = self._words.get(theme.name)
        if words is None:
            if self._given:
                raise ThemeError(f"no word list was given for the theme {theme.name!r}")
            words = self._words[theme.name] = _read_list(theme.name)
        return words

    def fits(self, word: str, theme: str) -> bool:
        """Whether `word` (any case) or one of its base forms is on the theme's list."""
        if not word.isascii() or not word.isalpha():
            return False
        word = word.lower()
        words = self.words(theme)
        if word in words:
            return True
        # The list holds every fitting word of the dictionary it was built from; cutting an
        # ending off one of those would chain inflections ("sawed" from "saw", from "see").
        if word in self._listed_words():
            return False
        return not words.isdisjoint(detached(word, theme_named(theme).pos))

    def _listed_words(self) -> Lexicon:
        """The dictionary the lists were built from (the bundled one, read on first need)."""
        with self._lock:
            if self._listed is None:
                self._listed = Lexicon.bundled()
            return self._listed

    def kind(self, theme: str) -> str:
        """What a word of the theme is, in a player's words: "an animal"."""
        return theme_named(theme).kind

    def title(self, theme: str) -> str:
        """The theme's name as the table shows it: "Food and drink"."""
        return theme_named(theme).title

    def lexicon(self, theme: str, dictionary: Iterable[str], source: str = "") -> Lexicon:
        """The words of `dictionary` that fit `theme`: the index a themed finder is built over.

        A theme restricts the words searched, so hints, the sale preview and the computer
        players only ever meet words that may be sold this round.
        """
        words = self.words(theme)
        listed = self._listed_words()
        about = theme_named(theme)
        fitting = [
            w for w in dictionary
            if w in words or (w not in listed and not words.isdisjoint(detached(w, about.pos)))
        ]
        return Lexicon(fitting, source or f"{about.title.lower()} words of the game's dictionary")

    def __iter__(self) -> Iterator[Theme]:
        """The bundled themes, in the form's order."""
        return iter(THEMES)


class ThemeFinders:
    """Word finders over one dictionary's words of each theme, built on first use and shared.

    What hints, the sale preview and the computer players of a themed game search: call it
    with the round's theme (`game.theme`). Safe to call from worker threads.
    """

    def __init__(self, book: ThemeBook, dictionary: Lexicon, tiles: TileSet | None = None
                 ) -> None:
        """Finders for `dictionary`'s words of each of `book`'s themes, priced by `tiles`."""
        self.book = book
        self.dictionary = dictionary
        self.tiles = tiles
        self._finders: dict[str, WordFinder] = {}
        self._lock = threading.Lock()

    def __call__(self, theme: str) -> WordFinder:
        """The finder over the dictionary's words that fit `theme` (ThemeError if unknown)."""
        name = theme_named(theme).name
        with self._lock:
            finder = self._finders.get(name)
            if finder is None:
                words = self.book.lexicon(name, self.dictionary)
                finder = self._finders[name] = WordFinder.themed(words, name, self.tiles)
            return finder


def _read_list(name: str) -> frozenset[str]:
    """A theme's word list from the installed package's data folder."""
    try:
        data = resources.files("buyword.data").joinpath(f"themes/{name}.txt").read_bytes()
        text = data.decode("ascii")
    except (OSError, UnicodeDecodeError):
        raise ThemeError(
            f"the theme list data/themes/{name}.txt is missing or damaged: reinstall BuyWord"
        ) from None
    return frozenset(text.split())


def manifest() -> dict[str, Any]:
    """The themes' manifest (data/themes/manifest.toml): source package, counts, SHA-256s."""
    try:
        text = resources.files("buyword.data").joinpath("themes/manifest.toml").read_text(
            encoding="utf-8"
        )
        return tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        raise ThemeError(
            "the theme manifest data/themes/manifest.toml is missing or damaged: reinstall "
            "BuyWord"
        ) from None
