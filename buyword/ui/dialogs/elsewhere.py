"""A second window on the same data folder: the game is open elsewhere; play apart, or watch."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from buyword.store import Slot

#: What the player may do here: choice id, label. Every new game here gets a save of its own.
CHOICES: tuple[tuple[str, str], ...] = (
    ("solo", "Start a separate solo game"),
    ("table", "Start a separate table game"),
    ("watch", "Watch it here (read-only)"),
    ("title", "Back to the title"),
)


class ElsewhereScreen(ModalScreen[str | None]):
    """Says a game is open in another window; dismisses with "solo", "table", "watch" or None.

    A separate game is kept as its own save, so the other window's game is never written
    over; Continue lists both once the other window has closed.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "choose('title')", "Back to the title")]

    def __init__(self, slot: Slot) -> None:
        """`slot` is the game the other window is playing."""
        super().__init__()
        self.slot = slot

    def compose(self) -> ComposeResult:
        """What is going on, and the choices."""
        with Vertical(classes="dialog", id="elsewhere"):
            yield Static("A game is open in another window", classes="dialog-title")
            yield Static(
                # The players' names are their own text: escaped so they stay text.
                f"{escape(self.slot.describe())}\n\nIt goes on there and is saved there. A "
                "game you start here is kept as a separate save, listed by Continue.",
                classes="dialog-body",
            )
            yield OptionList(*(Option(label, id=key) for key, label in CHOICES),
                             id="elsewhere-choices", classes="dialog-list")
        yield Footer()

    def on_mount(self) -> None:
        """The choices have the keyboard."""
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice made."""
        self.action_choose(event.option.id or "title")

    def action_choose(self, choice: str) -> None:
        """Close with the choice (None: back to the title)."""
        self.dismiss(None if choice == "title" else choice)
