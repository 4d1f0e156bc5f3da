"""How a tile's marks are drawn: its pips as dots, a wild, a hidden letter (no Textual here,
so that the title can draw its tiles without loading the table's widgets)."""

from __future__ import annotations

#: The pip mark on a tile.
PIP = "•"
#: How a wild tile shows before it plays a letter.
WILD_MARK = "✱"
#: A tile whose letter is hidden (private hands).
HIDDEN = "▪"


def pip_marks(pips: int) -> str:
    """A tile's pips drawn as dots ('•••' for 3)."""
    return PIP * pips
