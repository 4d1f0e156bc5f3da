"""What the engine needs of a dictionary: the rules and the crossword grid ask it one thing."""

from __future__ import annotations

from typing import Protocol


class Dictionary(Protocol):
    """What the engine needs of a dictionary: is this (lower-case a-z) word acceptable?"""

    def is_word(self, word: str) -> bool:
        """True if `word` may be sold."""
        ...
