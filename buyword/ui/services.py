"""The slow things a game needs (dictionary, word finder, computer players), built once, lazily.

The bundled dictionary takes about a second to load, so the app builds it in a worker after
the title screen has painted; everything here is safe to call from a worker thread.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Protocol

from buyword.ui.options import DictionaryChoice, GameSetup

if TYPE_CHECKING:
    from buyword.words.finder import Candidate, WordFinder
    from buyword.words.lexicon import Lexicon
    from buyword.words.themes import ThemeBook, ThemeFinders


class Bot(Protocol):
    """A computer player: reads the game, returns one legal action, never changes the game."""

    def act(self, game: Any, seat: int) -> Any:
        """The action this seat takes now."""
        ...

    def challenge(self, game: Any, seat: int) -> Any:
        """Challenge mode: this seat's challenge of the last sale, or None to let it stand."""
        ...


def bots_available() -> bool:
    """Whether the computer players package is installed (it is written alongside the app)."""
    try:
        import buyword.bots as bots
    except ImportError:
        return False
    return hasattr(bots, "make_bot")


class Services:
    """Dictionary, finders and bots for the app; injected pieces (tests) take precedence."""

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        """`lexicon` replaces the bundled dictionary (tests use a small word set)."""
        self._bundled = lexicon
        self._lock = threading.Lock()
        self._finders: dict[int, WordFinder] = {}
        self._common: Lexicon | None = None
        self._themes: ThemeBook | None = None
        self._theme_finders: dict[int, ThemeFinders] = {}

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
        """The dictionary a setup asks for. Raises LexiconError for a bad word-list file."""
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

    def finder(self, lexicon: Lexicon) -> WordFinder:
        """The word finder over a dictionary (built once per dictionary)."""
        from buyword.words.finder import WordFinder

        with self._lock:
            finder = self._finders.get(id(lexicon))
            if finder is None:
                finder = self._finders[id(lexicon)] = WordFinder(lexicon)
            return finder

    @property
    def themes(self) -> ThemeBook:
        """The bundled theme lists (a themed game's `themes`), read as each is first needed."""
        from buyword.words.themes import ThemeBook

        with self._lock:
            if self._themes is None:
                self._themes = ThemeBook(listed=self._bundled)
            return self._themes

    def theme_finders(self, lexicon: Lexicon) -> ThemeFinders:
        """The finders over a dictionary's words of each theme (built once per theme)."""
        from buyword.words.themes import ThemeFinders

        themes = self.themes
        with self._lock:
            finders = self._theme_finders.get(id(lexicon))
            if finders is None:
                finders = self._theme_finders[id(lexicon)] = ThemeFinders(themes, lexicon)
            return finders

    def finder_for(self, lexicon: Lexicon, theme: str | None) -> WordFinder:
        """The finder hints and the sale preview search this round: over the round's theme's
        words in a themed game (`game.theme`), else over the whole dictionary."""
        return self.finder(lexicon) if theme is None else self.theme_finders(lexicon)(theme)

    def best_words(
        self, lexicon: Lexicon, hand: str, wilds: int, min_length: int, limit: int = 8,
        theme: str | None = None,
    ) -> list[Candidate]:
        """The best words this hand can sell now, best first (the hints); within `theme`."""
        finder = self.finder_for(lexicon, theme)
        return finder.find(hand, wilds, min_length=min_length)[:limit]

    def make_bot(self, level: str, lexicon: Lexicon, seed: int, themed: bool = False) -> Bot:
        """A computer player of this level playing with this dictionary (and, if `themed`,
        within each round's theme)."""
        from buyword.bots import make_bot

        themes = self.theme_finders(lexicon) if themed else None
        return make_bot(level, self.finder(lexicon), seed, themes)
