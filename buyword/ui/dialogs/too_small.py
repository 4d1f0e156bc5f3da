"""The notice shown instead of a broken layout when the window is smaller than the game needs.

Every screen, form and dialog is laid out to work at `MIN_WIDTH` x `MIN_HEIGHT` (60x18) and
up. Below that the app covers whatever is showing with this notice; when the window grows
again it goes and the game carries on where it was.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

#: The smallest window every screen is laid out for (columns, rows).
MIN_WIDTH, MIN_HEIGHT = 60, 18


def too_small(size: Size) -> bool:
    """Whether a window of `size` is below the minimum."""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def notice(size: Size) -> str:
    """What the notice says for a window of `size`."""
    return (f"Make the window at least {MIN_WIDTH}×{MIN_HEIGHT}\n"
            f"(it is {size.width}×{size.height} now).\n\n"
            "The game carries on when it grows.\nCtrl+Q quits.")


class TooSmallScreen(ModalScreen[None]):
    """Covers the app while the window is too small; keys do nothing here but quit."""

    CSS_PATH = "dialogs.tcss"

    def compose(self) -> ComposeResult:
        """The notice, centred."""
        with Middle(), Center():
            yield Static(notice(self.app.size), id="too-small")

    def on_screen_resume(self) -> None:
        """Go if the window grew while another screen covered this notice (a screen shown
        while the window was too small is covered by a notice of its own, above it)."""
        if not too_small(self.app.size):
            self.dismiss()

    def on_resize(self) -> None:
        """Keep the size it quotes current."""
        for text in self.query("#too-small").results(Static):  # none before compose
            text.update(notice(self.app.size))
