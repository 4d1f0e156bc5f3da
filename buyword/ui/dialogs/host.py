"""The hosted table's dialogs: the join codes with who is connected, handing a gone player's
seat to a computer, and a joined player's rejoin token."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from buyword.ui.text import literal


class CodesScreen(ModalScreen[None]):
    """The join codes and where the table listens (the host reads them out to the players)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,enter,f6", "close", "Close")]

    def __init__(self, lines: list[str]) -> None:
        """Show `lines` (the server's description and each seat's state)."""
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        """The lines, and how to close."""
        with Vertical(classes="dialog", id="codes"):
            yield Static("Join this table", classes="dialog-title")
            yield Static(Content("\n").join(literal(line) for line in self.lines),
                         classes="dialog-body")
            yield Static("A player types the command shown for their seat. Esc closes.",
                         classes="dialog-note")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class TokenScreen(ModalScreen[None]):
    """A joined player's rejoin command, shown again at any time (it was printed before the
    full-screen table opened, where it is out of sight for the whole game)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,enter,f7", "close", "Close")]

    def __init__(self, command: str) -> None:
        """Show `command`, the line that takes the seat back."""
        super().__init__()
        self.command = command

    def compose(self) -> ComposeResult:
        """The command, and what it is for."""
        with Vertical(classes="dialog", id="token"):
            yield Static("Your seat's rejoin token", classes="dialog-title")
            yield Static(literal(self.command), classes="dialog-body")
            yield Static("After a dropped connection or a closed window, this command takes "
                         "your seat back. Keep it to yourself: it is your seat's key. "
                         "Esc closes.", classes="dialog-note")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class HandOverScreen(ModalScreen[tuple[int, str] | None]):
    """Choose a person's seat and the computer level that plays it from now on."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, seats: list[tuple[int, str]], levels: tuple[str, ...]) -> None:
        """`seats`: (seat, name) of the people's seats that may be handed over."""
        super().__init__()
        self.choices = [(seat, level) for seat, _ in seats for level in levels]
        self.labels = [f"{name} → computer ({level})" for _, name in seats for level in levels]

    def compose(self) -> ComposeResult:
        """The choices, one per seat and level."""
        with Vertical(classes="dialog", id="hand-over"):
            yield Static("Hand a seat to a computer", classes="dialog-title")
            yield OptionList(*(Option(literal(label)) for label in self.labels))
            yield Static("The seat keeps its tiles and money; its player's token takes it back. "
                         "Esc cancels.", classes="dialog-note")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice made."""
        self.dismiss(self.choices[event.option_index])

    def action_close(self) -> None:
        """No change."""
        self.dismiss(None)
