"""A yes/no question, e.g. "Quit this game?"."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from buyword.ui.text import literal


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True for yes, False for no."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str | Content = "") -> None:
        """Ask `question`, with a line of `detail` under it."""
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(classes="dialog", id="confirm"):
            # The question may quote the players' names: shown as text, never markup.
            yield Static(literal(self.question), classes="dialog-title")
            if self.detail:
                yield Static(self.detail, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Yes", id="yes", variant="error", compact=True)
                yield Button("No", id="no", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        """No is the safe default."""
        self.query_one("#no").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click answers too."""
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer by key."""
        self.dismiss(yes)
