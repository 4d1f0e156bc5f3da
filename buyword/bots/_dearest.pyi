"""Types of the compiled dearest-word search (buyword/bots/_dearest.c)."""

from collections.abc import Sequence

class Index:
    """A word list's codes, searched for the dearest words a hand makes."""

    def __init__(self, letters: str, mults: Sequence[int], caps: Sequence[int],
                 pips: Sequence[int], wild_pips: int, exact: Sequence[int],
                 with_wild: Sequence[int]) -> None: ...
    def best_pips(self, tiles: str, wild: bool, min_length: int, floor: int, /) -> int | None:
        """The pips of the dearest word the tiles make (`floor` if none is dearer), or None
        for a hand too large for this search."""
    def leave_total(self, tiles: str, futures: Sequence[str], wild: bool, min_length: int,
                    floor: int, /) -> int | None:
        """The total price of the dearest word `tiles` and each future make (`floor`'s if none
        is dearer), or None if a hand is too large for this search."""
    def dearest(self, tiles: str, wild: bool, min_length: int, count: int, longest: int, /
                ) -> list[tuple[str, bool, int]] | None:
        """The first `count` words of at most `longest` tiles, as (letters, wild, pips),
        dearest first; None for a hand too large."""
