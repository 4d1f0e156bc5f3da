"""The box for an amount of money (a bid, a payment)."""

from __future__ import annotations

from collections.abc import Callable

from buyword.ui.widgets.in_order_input import InOrderInput


class AmountInput(InOrderInput):
    """The box a bid or a trade offer is typed in: it takes digits, signs and spaces only, and
    leaves every other key (P to pass, M to match ...) to the table's bindings."""

    ALLOWED = "0123456789+- "

    def __init__(self, *, id: str | None = None,
                 on_submit: Callable[[str], object] | None = None) -> None:
        """A compact box that accepts only what an amount or an offer is written with;
        Enter hands it to `on_submit`."""
        super().__init__(id=id, restrict=r"[0-9+\- ]*", on_submit=on_submit)

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Only the characters of an amount are this box's; other keys reach the bindings."""
        return character is not None and character in self.ALLOWED
