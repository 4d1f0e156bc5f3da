"""What the engine needs of a dictionary: the rules and the crossword grid ask it one thing,
and a dictionary played with the family words setting one more."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


class Dictionary(Protocol):
    """What the engine needs of a dictionary: is this (lower-case a-z) word acceptable?"""

    def is_word(self, word: str) -> bool:
        """True if `word` may be sold."""
        ...


@runtime_checkable
class LeavesOut(Protocol):
    """A dictionary played with the family words setting (docs/rules.md, "Family words"): it
    names the offensive words it leaves out, which are refused at the sale in either selling
    mode, before any money moves (a challenge is about the dictionary, and these are no
    question of it)."""

    def leaves_out(self, word: str) -> bool:
        """True if `word` (lower-case a-z) is an offensive word the table does not sell."""
        ...


def is_left_out(dictionary: object, word: str) -> bool:
    """Whether `dictionary` leaves `word` out (the family words setting)."""
    return isinstance(dictionary, LeavesOut) and dictionary.leaves_out(word.lower())


def left_out(dictionary: object, word: str) -> str | None:
    """Why `word` may not be sold at all with `dictionary` (the family words setting leaves it
    out), in a player's words; None if it may be offered."""
    if is_left_out(dictionary, word):
        return f"{word.upper()!r} is left out by the family words setting (no offensive words)"
    return None
