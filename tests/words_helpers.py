"""Shared helpers for the words tests: the bundled finder built once, and slow references."""

from __future__ import annotations

import os
from collections import Counter
from functools import cache
from pathlib import Path

from buyword.engine.tiles import TileSet, default_tiles
from buyword.table.services import Services
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon


def bundled_lexicon() -> Lexicon:
    """The bundled word list, loaded once a process: the one `Services.shared()` holds, so
    that a worker loads it once for the helpers and the code under test alike."""
    return Services.shared(index_cache()).bundled()


def index_cache() -> Path | None:
    """The folder this test run's processes share for word-index cache files (made by
    tests/conftest.py), or None outside pytest."""
    folder = os.environ.get("BUYWORD_TEST_INDEX_CACHE")
    return Path(folder) if folder else None


def half_tile_set(folder: Path) -> Path:
    """A tile set of the bundled pips with half as many of each letter (at least one) and
    all nine wilds: its games are half as long, and its words are priced as the bundled
    set's, so the shared word index serves it."""
    tiles = default_tiles()
    lines = ['name = "Half the bag"', "", "[wild]", "tiles = 9", "pips = 1", "", "[letters]"]
    lines += [f"{letter} = {{ tiles = {max(1, count // 2)}, pips = {tiles.pips[letter]} }}"
              for letter, count in sorted(tiles.counts.items())]
    path = folder / "half.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def bundled_finder() -> WordFinder:
    """The finder over the bundled list, one a process (`Services.shared()`'s): the first
    process of a run builds it (about a second) and saves it to `index_cache()`, the others
    read it."""
    return Services.shared(index_cache()).words()[0]


def naive_find(
    words: list[str], tiles: TileSet, hand: str, wilds: int, min_length: int
) -> list[tuple[str, str | None, int]]:
    """(word, wild letter, pips) for every sellable word, by scanning the whole list.

    The reference the finder must agree with: best price first, ties alphabetical.
    """
    held = Counter(hand)
    found = []
    for word in {w.upper() for w in words}:
        if len(word) < min_length:
            continue
        missing = Counter(word) - held
        short = sum(missing.values())
        if short == 0:
            found.append((word, None, tiles.pips_of(word)))
        elif short == 1 and wilds > 0:
            (letter,) = missing
            found.append((word, letter, tiles.pips_of(word) - tiles.pips[letter] + tiles.wild_pips))
    return sorted(found, key=lambda f: (-f[2], f[0]))


def brute_force_plan(
    words: list[str], tiles: TileSet, hand: str, wilds: int, min_length: int
) -> tuple[int, int]:
    """(most money, fewest wilds for it) over every way of selling disjoint words.

    Tries every word, with no wild or with the wild on each of its letters, recursively.
    Exponential: for small dictionaries and hands only.
    """
    uppers = sorted({w.upper() for w in words if len(w) >= min_length})

    @cache
    def best(left: str, wilds_left: int) -> tuple[int, int]:
        held = Counter(left)
        options = [(0, 0)]
        for word in uppers:
            spellings = [(word, 0)] if not Counter(word) - held else []
            if wilds_left:
                for letter in set(word):
                    tiles_used = word.replace(letter, "", 1)
                    if not Counter(tiles_used) - held:
                        spellings.append((tiles_used, 1))
            for used, wild in spellings:
                pips = tiles.pips_of(used) + wild * tiles.wild_pips
                rest = "".join(sorted((held - Counter(used)).elements()))
                money, spent = best(rest, wilds_left - wild)
                options.append((money + pips * pips, spent + wild))
        return max(options, key=lambda o: (o[0], -o[1]))

    return best("".join(sorted(hand)), wilds)


def home_for_a_game(home: Path) -> Path:
    """Ready BUYWORD_HOME=`home` for a real `buyword` process that plays solo games: share the
    run's index (`share_index_cache`) and, unless the test's settings say otherwise, turn off
    Master's game played ahead; returns `home`.

    Why: a solo game forks Master to play its bag in the background (`master_ahead`, on by
    default), which a test in a real terminal or browser never looks at but which kept a core
    busy while the test ran. Master's game ahead is tested in-process (tests/test_table_beside.py,
    tests/test_ui_beside.py).
    """
    share_index_cache(home)
    settings = home / "settings.toml"
    text = settings.read_text() if settings.exists() else ""
    if "master_ahead" not in text:
        settings.write_text(text + "master_ahead = false\n")
    return home


def share_index_cache(home: Path) -> Path:
    """Point BUYWORD_HOME=`home`'s cache folder at `index_cache()`, and return `home`.

    Why: a `buyword` process started with a fresh home (a host, `solve`, a browser tab's game, a
    game in a terminal) keeps its word index in HOME/cache, as a player's copy does; sharing the
    run's folder there lets it read the index this run has already built (0.3 s) instead of
    building it again (over a second) in every such process. The cold build is tested on its
    own (tests/test_words_cache.py).
    """
    shared = index_cache()
    cache = home / "cache"
    if shared is not None and not cache.exists():
        home.mkdir(parents=True, exist_ok=True)
        cache.symlink_to(shared, target_is_directory=True)
    return home


class EveryWordFits:
    """Theme lists (the engine's themes protocol) that accept every word: a themed game whose
    themes never refuse a sale, for tests of what a theme changes beside the words."""

    def fits(self, word: str, theme: str) -> bool:
        """Every word fits every theme."""
        return True

    def kind(self, theme: str) -> str:
        """What a word of any theme is."""
        return "a thing"
