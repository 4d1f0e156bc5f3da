"""The engine's errors: one small tree, each message in a player's words."""

#: How much of a refused value a message quotes.
_QUOTED = 60


def quoted(value: object) -> str:
    """`repr(value)` for a message, cut short so a huge input cannot flood the screen."""
    try:
        text = repr(value)
    except ValueError:  # an int too long for Python to write out in decimal
        return "a number far too large"
    return text if len(text) <= _QUOTED else text[: _QUOTED - 1] + "…"


class BuyWordError(ValueError):
    """Anything the game refuses. The game state is exactly as before it was raised."""


class MalformedAction(BuyWordError):
    """The text is not an action at all (e.g. 'sell Q2', 'choose 9')."""


class IllegalAction(BuyWordError):
    """A well-formed action that the rules do not allow now (e.g. buying what you can't afford)."""


class TileSetError(BuyWordError):
    """A tile-set file that cannot be read or does not describe a tile set."""


class RecordError(BuyWordError):
    """A game record that cannot be read or does not replay."""
