"""Pass-and-play: a blank screen that hides the last player's tiles until the next is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from buyword.ui.text import markup


class HandOffScreen(ModalScreen[None]):
    """"Pass to Bob — press Enter when ready." Nothing of anyone's hand shows behind it."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("enter", "ready", "I'm ready")]

    def __init__(self, name: str) -> None:
        """Hand the screen to the player called `name`."""
        super().__init__(classes="-opaque")
        self.player = name

    def compose(self) -> ComposeResult:
        """The name, large and clear, and what to press."""
        with Vertical(classes="dialog", id="hand-off"):
            yield Static(markup("Pass to [b]$name[/b]", name=self.player), classes="dialog-title")
            yield Static(
                markup("$name, press [b]Enter[/b] when you are ready.\n"
                       "Everyone else: no peeking at the tiles.", name=self.player),
                classes="dialog-body",
            )
        yield Footer()

    def action_ready(self) -> None:
        """Show the table to the next player."""
        self.dismiss(None)

    def on_click(self) -> None:
        """A click anywhere works as well as Enter."""
        self.dismiss(None)
