"""Hints in a crossword game: the best placements of the hand on the grid, one to pick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from buyword.engine.crossword import Square, WordFormed
from buyword.engine.wording import dollars
from buyword.ui.text import literal


class Hint(Protocol):
    """What a placement hint tells (the move generator's `Move`)."""

    notation: str  # the word, the wild's letter in lower case
    start: Square | None  # None: a first word, across at 0,0
    direction: str
    price: int

    @property
    def words(self) -> tuple[WordFormed, ...]:
        """Every word formed, with its price."""
        ...


def hint_square(hint: Hint) -> Square:
    """The first square of a hint (0,0 for a first word)."""
    return hint.start or (0, 0)


def hint_line(hint: Hint) -> str:
    """One row of the list: word, square, direction, the words formed and the price."""
    row, col = hint_square(hint)
    formed = ", ".join(f"{w.word} {dollars(w.price)}" for w in hint.words[1:])
    also = f"  (+ {formed})" if formed else ""
    pays = f"${hint.price:,}"
    return f"{hint.notation:<10} {row:>3},{col:<3} {hint.direction:<6} {pays:>6}{also}"


class PlacementHintsScreen(ModalScreen[int | None]):
    """The best placements, best first; Enter (or a click) picks one: its index in the list."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,f2", "close", "Close")]

    def __init__(self, found: Sequence[Hint]) -> None:
        """Hints listing `found`."""
        super().__init__()
        self.found = list(found)

    def compose(self) -> ComposeResult:
        """The placements as a list to pick from."""
        with Vertical(classes="dialog", id="hints"):
            yield Static("Hints · the best placements", classes="dialog-title")
            if self.found:
                yield Static("word       square    dir      pays", classes="dialog-note")
                yield OptionList(*(Option(literal(hint_line(hint))) for hint in self.found),
                                 id="placements", classes="dialog-list", compact=True)
                yield Static("Enter puts the word at its square; you still sell it.",
                             classes="dialog-note")
            else:
                yield Static("No word can be placed from these tiles.")
            yield Static(
                "A game played with hints is marked as such in its result.", classes="dialog-note"
            )
        yield Footer()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_close(self) -> None:
        """Back to the table, nothing picked."""
        self.dismiss(None)
