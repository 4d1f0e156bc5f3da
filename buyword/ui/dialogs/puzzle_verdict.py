"""A puzzle answered: right or not, what each answer is worth, the coach's explanation and
the rating change; then the next puzzle, another try, or the title."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from buyword.ui.text import literal


class VerdictScreen(ModalScreen[str]):
    """Dismisses with "next", "again" or "title"."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("n", "answer('next')", "Next puzzle"),
        Binding("t", "answer('again')", "Try again"),
        Binding("escape", "answer('title')", "Title"),
    ]

    def __init__(self, right: bool, lines: list[str]) -> None:
        """Say the verdict (`right`), then `lines`: each answer's worth, the explanation,
        the rating."""
        super().__init__()
        self.right = right
        self.lines = lines

    def compose(self) -> ComposeResult:
        """The verdict, the lines and three buttons."""
        with Vertical(classes="dialog", id="verdict"):
            yield Static(literal(self.lines[0]), classes="dialog-title", id="verdict-title")
            yield Static(Content("\n").join(literal(line) for line in self.lines[1:]),
                         classes="dialog-body", id="verdict-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Next puzzle", id="next", variant="primary", compact=True)
                yield Button("Try again", id="again", compact=True)
                yield Button("Title", id="title", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        """Next is the usual way on."""
        self.query_one("#next").focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click answers too."""
        self.dismiss(event.button.id or "title")

    def action_answer(self, choice: str) -> None:
        """Answer by key."""
        self.dismiss(choice)
