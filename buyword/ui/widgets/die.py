"""The die: its face drawn in pips, rolled with a short animation."""

from __future__ import annotations

import random
from dataclasses import dataclass

from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static

from buyword.engine import CHOICE

#: Where a die face's pips sit on a 3x3 grid (row, column).
_DIE_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
}


def die_lines(face: int | str | None) -> list[str]:
    """The die's face as three lines of seven cells: pips, 'CHOICE', or blank."""
    if face is None:
        return ["       ", "  ---  ", "       "]
    if face == CHOICE:
        return ["       ", "CHOICE ", "       "]
    grid = [[" "] * 3 for _ in range(3)]
    for row, col in _DIE_PIPS[int(face)]:
        grid[row][col] = "●"
    return [" " + " ".join(row) + " " for row in grid]


class DieFace(Static):
    """The die, drawn as a die. `roll_to` shows a short tumble, then settles on the face."""

    face: reactive[int | str | None] = reactive(None)

    @dataclass
    class Settled(Message):
        """The die has stopped tumbling and shows its face."""

        die: DieFace

    def __init__(self, *, id: str | None = None) -> None:
        """A die showing no face yet."""
        super().__init__(id=id)
        self._shown: int | str | None = None
        self._tumble: Timer | None = None
        self._frames = 0
        # Only for the look of the tumble; the engine's die decides the face.
        self._jitter = random.Random()

    def render(self) -> str:
        """The face inside a rounded box."""
        return "\n".join(die_lines(self._shown))

    def watch_face(self, face: int | str | None) -> None:
        """Show a face set directly (no tumble)."""
        if self._tumble is None:
            self._shown = face
            self.refresh()

    @property
    def tumbling(self) -> bool:
        """True while the roll animation runs."""
        return self._tumble is not None

    def roll_to(self, face: int | str, animate: bool) -> None:
        """Tumble for a moment (when `animate`), then settle on `face` and post Settled."""
        self.set_reactive(DieFace.face, face)
        if not animate:
            self.settle()
            return
        self._frames = 8
        self._tumble = self.set_interval(0.07, self._next_frame)

    def _next_frame(self) -> None:
        self._frames -= 1
        if self._frames <= 0:
            self.settle()
            return
        self._shown = self._jitter.choice((2, 3, 4, 5, 1, 6))
        self.refresh()

    def settle(self) -> None:
        """Stop tumbling now and show the real face (also how a key press skips the tumble)."""
        if self._tumble is not None:
            self._tumble.stop()
            self._tumble = None
        self._shown = self.face
        self.refresh()
        self.post_message(self.Settled(self))
