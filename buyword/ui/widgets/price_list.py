"""The price list: what each number of pips costs, (pips)²."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from buyword.engine import price
from buyword.ui.marks import PIP


class PriceList(Static):
    """Pips to dollars: what a draw costs and a word pays."""

    def __init__(self, rows: int = 8, *, id: str | None = None) -> None:
        """A two-column list of 2 x `rows` prices."""
        super().__init__(id=id)
        self.rows = rows

    def render(self) -> Text:
        """'1 → $1    9 → $81' and so on, two columns."""
        text = Text(no_wrap=True)
        for row in range(1, self.rows + 1):
            if row > 1:
                text.append("\n")
            for pips in (row, row + self.rows):
                text.append(f"{pips:>2}", style="bold")
                text.append(f" {PIP} ${price(pips):<4} ")
        return text
