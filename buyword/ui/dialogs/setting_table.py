""""Setting the table…": shown from Start until the game's table opens (the dictionary, the
computers and the game are built in a worker meanwhile)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import LoadingIndicator, Static


class SettingTableScreen(ModalScreen[None]):
    """A small notice with a loading indicator; the app removes it when the table opens."""

    CSS_PATH = "dialogs.tcss"
    # Keys wait: the table is about to open (Ctrl+Q still quits).
    BINDINGS = [Binding("escape", "nothing", show=False)]

    def __init__(self, first: bool = False) -> None:
        """`first`: the dictionary is still opening too (the first game of a session)."""
        super().__init__()
        self.first = first

    def compose(self) -> ComposeResult:
        """The words and the indicator."""
        with Vertical(classes="dialog", id="setting-table"):
            yield Static("Setting the table…", classes="dialog-title")
            detail = ("Shuffling the bag and opening the dictionary."
                      if self.first else "Shuffling the bag.")
            yield Static(detail, classes="dialog-note")
            yield LoadingIndicator()

    def action_nothing(self) -> None:
        """Esc does nothing here: the game is being set up."""
