"""The slow things a game needs (dictionary, word finder, computer players), built once, lazily.

The bundled dictionary takes about a second to load, so the app builds it in a worker after
the title screen has painted; everything here is safe to call from a worker thread. A word
finder prices words, so there is one per dictionary *and* tile set: hints, computer players and
the sale preview of a game played with another tile set all price as the engine does.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

from buyword.engine import TileSet, default_tiles
from buyword.store.setup import DictionaryChoice

if TYPE_CHECKING:
    from buyword.store.setup import GameSetup
    from buyword.words.finder import FinderBeingBuilt, WordFinder
    from buyword.words.lexicon import Lexicon
    from buyword.words.themes import ThemeBook, ThemeFinders


#: The process's shared Services (see `Services.shared`), and the lock making it once.
_SHARED: list[Services] = []
_SHARED_LOCK = threading.Lock()


class Services:
    """Dictionaries and word finders for the app; an injected dictionary (tests) is used
    instead of the bundled one."""

    def __init__(self, lexicon: Lexicon | None = None,
                 cache_dir: str | os.PathLike[str] | None = None) -> None:
        """`lexicon` replaces the bundled dictionary (tests use a small word set); word
        indexes are cached in `cache_dir` if given (the user's cache folder)."""
        self._bundled = lexicon
        self._cache_dir = cache_dir
        self._lock = threading.Lock()
        # (id of the dictionary, the tile set's prices) -> (the dictionary, its finder); holding
        # the dictionary keeps its id from being reused by another one.
        self._finders: dict[tuple[object, ...], tuple[Lexicon, WordFinder | FinderBeingBuilt]] = {}
        self._common: Lexicon | None = None
        # id of a whole dictionary -> (it, the same with family words): see `dictionary_for`.
        self._family: dict[int, tuple[Lexicon, Lexicon]] = {}
        self._themes: ThemeBook | None = None
        # Keyed as `_finders`: the theme finders over a dictionary, for one tile set.
        self._theme_finders: dict[tuple[object, ...], tuple[Lexicon, ThemeFinders]] = {}

    @classmethod
    def shared(cls, cache_dir: str | os.PathLike[str] | None = None) -> Services:
        """This process's one set of words: what `buyword sim` and training workers, the
        results screen's replays and a joined screen load the bundled dictionary through, once
        a process. `cache_dir` (the word index's cache folder) is taken from the first call
        that gives one."""
        with _SHARED_LOCK:
            if not _SHARED:
                _SHARED.append(cls(cache_dir=cache_dir))
            elif cache_dir is not None and _SHARED[0]._cache_dir is None:
                _SHARED[0]._cache_dir = cache_dir
            return _SHARED[0]

    def words(self, tiles: TileSet | None = None) -> tuple[WordFinder, Lexicon]:
        """The bundled dictionary's word finder pricing with `tiles` (the bundled set by
        default), and the dictionary."""
        lexicon = self.bundled()
        return self.finder(lexicon, tiles or default_tiles()), lexicon

    @property
    def ready(self) -> bool:
        """True once the bundled dictionary is loaded (no wait to start a default game)."""
        return self._bundled is not None

    def bundled(self) -> Lexicon:
        """The default dictionary, loaded on first use (about a second)."""
        with self._lock:
            if self._bundled is None:
                from buyword.words.lexicon import Lexicon

                self._bundled = Lexicon.bundled()
            return self._bundled

    def dictionary_for(self, setup: GameSetup) -> Lexicon:
        """The dictionary a setup asks for, with its offensive words left out when the setup
        plays family words (`Lexicon.family`). Raises LexiconError for a bad word-list file
        (or a missing family list)."""
        lexicon = self._whole_dictionary(setup)
        if not setup.family_words:
            return lexicon
        with self._lock:  # one family dictionary for each (so one word finder for it)
            kept = self._family.get(id(lexicon))
            if kept is None or kept[0] is not lexicon:
                kept = self._family[id(lexicon)] = (lexicon, lexicon.family())
            return kept[1]

    def _whole_dictionary(self, setup: GameSetup) -> Lexicon:
        """The dictionary a setup asks for, every word of it."""
        if setup.dictionary is DictionaryChoice.FILE:
            from buyword.words.lexicon import Lexicon

            return Lexicon.from_file(setup.word_file)
        bundled = self.bundled()
        if setup.dictionary is DictionaryChoice.COMMON:
            with self._lock:
                if self._common is None:
                    self._common = bundled.common_only()
                return self._common
        return bundled

    def finder(self, lexicon: Lexicon, tiles: TileSet, *, wait: bool = True) -> WordFinder:
        """The word finder over a dictionary, pricing with `tiles` (built once per pair).

        With `wait` False a finder not built yet comes back as a `FinderBeingBuilt`, built in
        a thread of its own from its `start` (or its first question) and answering as the
        finder once it is: the first table opens without waiting for its word index."""
        from buyword.words.finder import FinderBeingBuilt, WordFinder

        key = (id(lexicon), tuple(sorted(tiles.pips.items())), tiles.wild_pips)
        with self._lock:
            kept = self._finders.get(key)
            if kept is None or kept[0] is not lexicon:
                def build() -> WordFinder:
                    return WordFinder(lexicon, tiles, cache_dir=self._cache_dir)

                finder = build() if wait else FinderBeingBuilt(build, start=False)
                kept = self._finders[key] = (lexicon, finder)
            found = kept[1]
        if wait and isinstance(found, FinderBeingBuilt):
            return found.finder()
        # Without `wait`, perhaps a FinderBeingBuilt: it answers as the finder (its own
        # __getattr__), so a table takes it for one.
        return found  # type: ignore[return-value]

    @property
    def themes(self) -> ThemeBook:
        """The bundled theme lists (a themed game's `themes`), read as each is first needed."""
        from buyword.words.themes import ThemeBook

        with self._lock:
            if self._themes is None:
                self._themes = ThemeBook(listed=self._bundled)
            return self._themes

    def theme_finders(self, lexicon: Lexicon, tiles: TileSet) -> ThemeFinders:
        """The finders over a dictionary's words of each theme, pricing with `tiles` (built
        once per pair, each theme's on first use): what a themed game's hints and computers
        search, called with the round's theme."""
        from buyword.words.themes import ThemeFinders

        themes = self.themes
        key = (id(lexicon), tuple(sorted(tiles.pips.items())), tiles.wild_pips)
        with self._lock:
            kept = self._theme_finders.get(key)
            if kept is None or kept[0] is not lexicon:
                finders = ThemeFinders(themes, lexicon, tiles)
                kept = self._theme_finders[key] = (lexicon, finders)
            return kept[1]

