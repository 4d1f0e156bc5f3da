"""The table's message line, under the prompt: a refusal (marked) or a confirmation.

A message lives as long as the moment it speaks of: the round, the kind of input awaited and
the seat asked when it was said (`whole_round`: the round alone). Handed each new
`TableView` (`show`), the line clears itself once that moment has passed, so it never speaks
of a sale or a refusal rounds ago; a refusal also goes once something succeeds
(`clear_refusal`). Widgets beside it post `Say` for the screen to show.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.widgets import Static

from buyword.table import TableView, Wait
from buyword.ui.text import literal


def moment(view: TableView) -> tuple[int, Wait, int | None]:
    """The round, the kind of input awaited and the seat asked: a message's lifetime. A
    sale's challenge window is part of its seller's selling turn: a sale's line stays once
    everyone has let it stand, as at a table without challenges."""
    awaiting = view.awaiting
    sale = awaiting.sale
    if awaiting.wait is Wait.CHALLENGE and sale is not None:
        return (view.seat.round, Wait.SELL, sale.seat)
    return (view.seat.round, awaiting.wait, awaiting.seat)


class MessageLine(Static):
    """One line of words about the table now (empty when there is nothing to say)."""

    @dataclass
    class Say(Message):
        """Words for the message line, from a widget of the table screen."""

        text: str
        error: bool = False

    def __init__(self, *, id: str | None = None) -> None:
        """An empty line."""
        super().__init__(id=id)
        #: The moment the line speaks of (empty: it speaks of none, or says nothing).
        self.speaks_of: tuple[object, ...] = ()

    def say(self, text: str, view: TableView, *, error: bool = False,
            whole_round: bool = False) -> None:
        """Say `text` (marked as a refusal when `error`) about the moment `view` shows, for as
        long as it lasts (`whole_round`: all round)."""
        self.update(literal(text))
        self.set_class(error, "-error")
        now = moment(view)
        self.speaks_of = now[:1] if whole_round else now

    def show(self, view: TableView) -> None:
        """Clear the line once the moment it was about has passed (`view` is the table now)."""
        until = self.speaks_of
        if until and moment(view)[: len(until)] != until:
            self.say("", view)
            self.speaks_of = ()

    def clear_refusal(self, view: TableView) -> None:
        """A refusal stays until something succeeds; then it would mislead, so it goes."""
        if self.has_class("-error"):
            self.say("", view)
