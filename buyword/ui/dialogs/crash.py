"""The one calm screen shown when an error nobody foresaw stops BuyWord (see
`buyword.ui.app`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from buyword.ui.text import literal


class CrashScreen(ModalScreen[None]):
    """What happened, that the game is saved and how to resume it, and where the report is;
    dismissed (the app then stops) with Enter, Esc or Q."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("enter,escape,q", "close", "Quit")]

    def __init__(self, message: str) -> None:
        """Show `message` (from `buyword.store.crashes.crash_message`)."""
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        """The message and one button."""
        with Vertical(classes="dialog", id="crash"):
            yield Static("BuyWord has to stop", classes="dialog-title")
            # The report's path may hold any characters: shown as text, never markup.
            yield Static(literal(self.message), classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Quit", id="quit", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        """Enter quits."""
        self.query_one("#quit").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click quits too."""
        self.dismiss(None)

    def action_close(self) -> None:
        """Quit by key."""
        self.dismiss(None)
