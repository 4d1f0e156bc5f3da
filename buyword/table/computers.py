"""Computer players' seeds.

One formula gives every computer seat its seed, from the game's seed and the seat, wherever a
computer plays: at the app's table, in the results screen's "Expert on the same bag", and in
`buyword sim`. So the same seed gives the same game in all three.
"""

from __future__ import annotations


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the computer player in `seat` (from 0) of the game played with `seed`."""
    return seed * 16 + seat
