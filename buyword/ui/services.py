"""The slow things a game needs (dictionary, word finder, computer players), built once, lazily.

The bundled dictionary takes about a second to load, so the app builds it in a worker after
the title screen has painted; everything here is safe to call from a worker thread.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, Protocol

from buyword.ui.options import DictionaryChoice, GameSetup

if TYPE_CHECKING:
    from buyword.words.finder import Candidate, WordFinder
    from buyword.words.lexicon import Lexicon


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

    def __init__(self, lexicon: Lexicon | None = None,
                 cache_dir: str | os.PathLike[str] | None = None) -> None:
        """`lexicon` replaces the bundled dictionary (tests use a small word set); word
        indexes are cached in `cache_dir` if given (the user's cache folder)."""
        self._bundled = lexicon
        self._cache_dir = cache_dir
        self._lock = threading.Lock()
        self._finders: dict[int, WordFinder] = {}
        self._common: Lexicon | None = None

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
                finder = self._finders[id(lexicon)] = WordFinder(lexicon,
                                                                 cache_dir=self._cache_dir)
            return finder

    def best_words(
        self, lexicon: Lexicon, hand: str, wilds: int, min_length: int, limit: int = 8
    ) -> list[Candidate]:
        """The best words this hand can sell now, best first (the hints)."""
        return self.finder(lexicon).find(hand, wilds, min_length=min_length)[:limit]

    def make_bot(self, level: str, lexicon: Lexicon, seed: int) -> Bot:
        """A computer player of this level playing with this dictionary."""
        from buyword.bots import make_bot

        return make_bot(level, self.finder(lexicon), seed)
