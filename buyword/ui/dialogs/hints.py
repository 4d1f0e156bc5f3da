"""Hints: the best words the current hand can sell now, from the word finder. Picking one
(Enter or a click) puts it in the word box."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from buyword.words.finder import Candidate


def hint_line(candidate: Candidate, width: int) -> str:
    """One hint as a row: the word (a wild's letter in lower case), its pips and its price."""
    return f"{candidate.notation:<{width}}  {candidate.pips:>4}  {'$' + str(candidate.price):>5}"


class HintsScreen(ModalScreen[str | None]):
    """A short list of sellable words, best first. Enter or a click picks one (dismissed with
    its notation); Esc or F2 closes with None."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,f2", "close", "Close")]

    def __init__(self, hand: str, wilds: int, found: list[Candidate]) -> None:
        """Hints for `hand` with `wilds` wild tiles."""
        super().__init__()
        self.hand = hand
        self.wilds = wilds
        self.found = found

    def compose(self) -> ComposeResult:
        """The words as a list to pick from: word (wild in lower case), pips, price."""
        with Vertical(classes="dialog", id="hints"):
            yield Static("Hints · Enter or a click puts the word in the box",
                         classes="dialog-title")
            if self.found:
                width = max(4, *(len(c.notation) for c in self.found))
                yield Static(f"{'word':<{width}}  {'pips':>4}  {'pays':>5}", id="hints-head")
                yield OptionList(*(Option(hint_line(c, width), id=c.notation)
                                   for c in self.found), id="hints-list", compact=True)
            else:
                yield Static("No word can be sold from these tiles.")
            yield Static(
                "A game played with hints is marked as such in its result.", classes="dialog-note"
            )
        yield Footer()

    @on(OptionList.OptionSelected, "#hints-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        """Back to the table, nothing picked."""
        self.dismiss(None)
