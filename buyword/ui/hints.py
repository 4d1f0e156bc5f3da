"""Hints: the best words the current hand can sell now, from the word finder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

if TYPE_CHECKING:
    from buyword.words.finder import Candidate


class HintsScreen(ModalScreen[None]):
    """A short list of sellable words, best first; any listed key closes it."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,enter,f2", "close", "Close")]

    def __init__(self, hand: str, wilds: int, found: list[Candidate]) -> None:
        """Hints for `hand` with `wilds` wild tiles."""
        super().__init__()
        self.hand = hand
        self.wilds = wilds
        self.found = found

    def compose(self) -> ComposeResult:
        """The words as a table: word (wild in lower case), pips, price."""
        with Vertical(classes="dialog", id="hints"):
            yield Static("Hints", classes="dialog-title")
            yield Static(self._table() if self.found else "No word can be sold from these tiles.")
            yield Static(
                "A game played with hints is marked as such in its result.", classes="dialog-note"
            )
        yield Footer()

    def _table(self) -> Table:
        table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
        table.add_column("word")
        table.add_column("pips", justify="right")
        table.add_column("pays", justify="right")
        for candidate in self.found:
            table.add_row(candidate.notation, str(candidate.pips), f"${candidate.price}")
        return table

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
