"""The bid box of the table variants: a bid in an auction, or a trade offer, typed and sent.

Handed each new `TableView` and whether the person to act types an amount now (`show`;
`buyword.ui.status.types_amount` decides), the box shows itself with the placeholder for
what is asked, and empties itself once it is not asked. Enter sends "bid N" or "offer ..."
through the `Seller` (the screen) at once, for the same reason as the sell box's Enter (see
`InOrderInput`); an empty Enter says what to type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical

from buyword.table import Wait
from buyword.ui.widgets.amount_input import AmountInput

if TYPE_CHECKING:
    from buyword.table import TableView
    from buyword.ui.widgets.sell_box import Seller


def amount_placeholder(view: TableView) -> str:
    """What the box says before an amount is typed: how to bid, or how to write an offer."""
    if view.awaiting.wait is Wait.AUCTION:
        return "type your bid in dollars · Enter bids · P passes"
    if view.rules.trade_money:
        return "seat, then +N you pay or -N they pay · Enter · P passes"
    return "seat number to offer a swap · Enter offers · P passes"


class BidBox(Vertical):
    """The amount box, shown while the person to act types a bid or a trade offer."""

    def __init__(self, seller: Seller, *, id: str | None = None) -> None:
        """A box sending what is typed through `seller`."""
        super().__init__(id=id)
        self.seller = seller
        #: The table as the screen last drew it (None until it is first drawn).
        self.view: TableView | None = None
        #: Whether the person to act types an amount here now.
        self.typing = False

    def compose(self) -> ComposeResult:
        """The amount box."""
        yield AmountInput(id="amount", on_submit=self.send)

    def show(self, view: TableView, *, typing: bool) -> None:
        """The box for `view`: shown, with what to type, while the person to act types an
        amount (`typing`); emptied and unable to take focus otherwise."""
        self.view, self.typing = view, typing
        self.set_class(typing, "-shown")  # on the box, not the screen (see the sell box)
        amount = self.query_one(AmountInput)
        amount.disabled = not typing
        if not typing and amount.value:
            amount.value = ""
        if typing:
            amount.placeholder = amount_placeholder(view)

    def send(self, value: str) -> None:
        """Enter in the box: `value` as a bid in an auction, an offer in a trading step."""
        if not self.typing or self.view is None:
            return
        typed = " ".join(value.split())
        if not typed:
            self.seller.show_message("Type an amount, or press P to pass.")
            return
        verb = "bid" if self.view.awaiting.wait is Wait.AUCTION else "offer"
        if self.seller.play(f"{verb} {typed}"):
            self.query_one(AmountInput).value = ""
