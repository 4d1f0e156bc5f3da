"""The sell box: the word the seller types, what selling it would do, and Enter to sell it.

Handed the table's link (to ask it for previews), the screen's board cursor (where a
crossword game's word starts) and, at each new `TableView`, whether a person sells at this
screen now (`show`), the box asks the table what selling the word typed would do (a
`SalePreview`: at once at a table played here, when the host answers at a hosted one) and
shows it on the feedback line under the word: the price, or why it cannot be sold. What the
preview shows elsewhere (the tiles it takes, marked on the hand; a crossword game's ghost
tiles on the board) goes up as `Shown`. F2's hints are asked here too, shown in a dialog, and
a word picked goes into the box (a crossword game's placement goes up as `Placed`, for the
board's cursor). Enter sells the word once its preview has come,
through the `Seller` (the screen), at once: a message would be handled after the keys typed
behind Enter (see `InOrderInput`), so RATE Enter Esc would clear RATE rather than sell it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Static

from buyword.engine import BuyWordError, Sell
from buyword.engine.crossword import Square
from buyword.engine.wording import dollars
from buyword.table import SalePreview, Wait
from buyword.ui.text import literal, markup
from buyword.ui.widgets.board import notation, placed_word
from buyword.ui.widgets.word_input import WordInput

if TYPE_CHECKING:
    from buyword.table import Answer, TableView
    from buyword.table.source import TableLink
    from buyword.ui.screens.crossword import BoardCursor

#: What the feedback line says in a crossword game before a word is typed.
HOW_TO = "Arrows or a click choose the first square, Tab turns across/down; type the word."


def preview_text(preview: SalePreview) -> Content:
    """A crossword game's feedback line: every word formed and the total, or why it cannot
    be placed (in challenge mode the session leaves out the dictionary's verdict)."""
    if preview.reason is not None:
        return literal(f"✗ {preview.reason}")
    placement = preview.placement
    if placement is None:
        return literal(HOW_TO)
    words = " + ".join(f"{formed.word} {dollars(formed.price)}" for formed in preview.words)
    total = f" = {dollars(preview.price)}" if len(preview.words) > 1 else ""
    return markup("✓ [b]$placement[/b] · $words$total — Enter sells",
                  placement=str(placement), words=words, total=total)


def word_text(preview: SalePreview) -> Content | str:
    """The feedback line of a word sold from the hand: the word, its pips and price, or why
    it cannot be sold."""
    if preview.reason is not None:
        return literal(f"✗ {preview.reason}")
    if not preview.notation:
        return "Letters from your hand, and one wild at most."
    wild = f" · wild={preview.wild}" if preview.wild else ""
    return markup(f"✓ [b]$notation[/b]$wild · {preview.pips} pips · "
                  f"[b]{dollars(preview.price)}[/b] — Enter sells",
                  notation=preview.notation.upper(), wild=wild)


def placement_typed(view: TableView, cursor: BoardCursor, typed: str) -> str:
    """The typed word as a placement at the board's cursor (the wild covering a missing
    letter), as a crossword game's preview asks the table."""
    seat = view.seat.current
    if seat is None or not typed:
        return typed
    player = view.players[seat]
    word = placed_word(view.seat.grid, cursor.square, cursor.direction, typed,
                       player.hand or "", player.wilds)
    return notation(word, cursor.square, cursor.direction)


def sale_of(preview: SalePreview, *, crossword: bool) -> Sell | None:
    """The sale a preview makes (None: a crossword preview with no placement)."""
    if not crossword:
        return Sell(preview.notation)
    placement = preview.placement
    if placement is None:
        return None
    return Sell(placement.word, placement.row, placement.col, placement.direction)


class Seller(Protocol):
    """Who sends what a box's Enter asks (the table screen): a sale, or a bid box's bid."""

    def play(self, action: Answer | str) -> bool:
        """Send a person's answer (a sale, a bid ...) to the table; whether it took it (a
        refusal is said on the message line)."""
        ...

    def show_message(self, text: str, *, error: bool = False) -> None:
        """Say `text` on the message line (`error`: a refusal)."""
        ...


class SellBox(Vertical):
    """The word box and the feedback line, shown while a person sells at this screen."""

    @dataclass
    class Previewed(Message):
        """The table's answer to a preview asked for (see `ask`)."""

        #: What the word box held when it was asked.
        text: str
        #: What the table was asked (a crossword game's placement at the board's cursor).
        asked: str
        preview: SalePreview
        #: Enter asked it: the word is sold if the box still holds it.
        sell: bool = False

    @dataclass
    class Shown(Message):
        """A preview shown: what it shows beyond the box (the hand's marks, the board's
        ghost tiles)."""

        typed: str
        preview: SalePreview

    @dataclass
    class Hinted(Message):
        """The hints asked of the table (see `hint`), for `seat`."""

        seat: int
        found: Sequence[Any]

    @dataclass
    class Placed(Message):
        """A crossword game's hint picked: its word, placed from `square` going `direction`
        (the board's cursor goes there, and the word into the box)."""

        word: str
        square: Square
        direction: str

    def __init__(self, table: TableLink, seller: Seller, cursor: BoardCursor, *,
                 id: str | None = None) -> None:
        """A box asking `table` for previews and selling through `seller`; a crossword
        game's word starts at `cursor`."""
        super().__init__(id=id)
        self.table = table
        self.seller = seller
        self.cursor = cursor
        #: The table as the screen last drew it (None until it is first drawn).
        self.view: TableView | None = None
        #: Whether a person sells at this screen now (and holds it).
        self.selling = False

    def compose(self) -> ComposeResult:
        """The word box, then the feedback line."""
        yield WordInput(id="word", placeholder="type a word · Enter sells · Esc when done",
                        short_placeholder="type a word · Enter sells", on_submit=self.sell)
        yield Static(id="feedback")

    def show(self, view: TableView, *, selling: bool) -> None:
        """The box for `view`: shown (and able to take focus) while a person sells at this
        screen; emptied once the table no longer awaits a sale."""
        self.view, self.selling = view, selling
        # A class on the box, not on the screen: a class changed on the screen restyles every
        # widget of the table (the racks' tiles too) at each turn; on the box, only the box.
        self.set_class(selling, "-shown")
        word = self.query_one(WordInput)
        # A disabled word box cannot take focus, so letter keys reach the table's bindings.
        word.disabled = not selling
        if view.awaiting.wait is not Wait.SELL:
            self.clear()
        elif selling and view.rules.crossword and not word.value:
            self.query_one("#feedback", Static).update(HOW_TO)

    def clear(self) -> None:
        """Empty the box and its feedback line (after an undo, or once the sale is over; the
        screen clears the hand's marks itself once no sale is awaited)."""
        word = self.query_one(WordInput)
        if word.value:
            word.value = ""  # (the empty box's preview comes up as `Shown`)
        self._feedback("", SalePreview(), crossword=False)

    def take(self, word: str) -> None:
        """A hint picked: `word` goes into the box (Enter then sells it)."""
        box = self.query_one(WordInput)
        box.value = word
        box.cursor_position = len(box.value)
        box.focus()

    def retype(self) -> None:
        """The board's cursor moved or turned: preview the same word from there."""
        self.ask(self.query_one(WordInput).value)  # shown when it comes

    def on_input_changed(self, event: Input.Changed) -> None:
        """A letter typed or taken back: preview the word now in the box."""
        event.stop()
        self.ask(event.value)

    def ask(self, text: str, *, sell: bool = False) -> None:
        """Ask the table what selling `text` would do now (for the seller); the answer comes
        as a `Previewed` message: taken at once when the table answers at once (played here),
        so keys pressed after Enter come after; posted when the host's answer comes. `sell`:
        Enter asked, to sell it."""
        asked = self._asked(text, strip=sell)
        seat = None if self.view is None else self.view.seat.current
        asking = True

        def reply(preview: SalePreview) -> None:
            message = self.Previewed(text, asked, preview, sell)
            if asking:  # answered at once (a table played here): taken at once
                self._previewed(message)
            else:  # the host's answer, from the link's task
                self.post_message(message)

        if seat is None:
            reply(SalePreview())
            return
        self.table.ask_preview(seat, asked, reply)
        asking = False

    def on_sell_box_previewed(self, message: SellBox.Previewed) -> None:
        """A preview has come: show it if the word box (and the board's cursor) still ask
        for it, or sell the word Enter asked to sell."""
        word = self.query_one(WordInput).value
        if message.sell:
            fresh = (word.startswith(message.text)  # and the cursor has not moved
                     and message.asked == self._asked(message.text))
        else:
            fresh = message.asked == self._asked(word, strip=False)
        if fresh:  # else it answers a word typed over, or a square left, since
            self._previewed(message)

    def _previewed(self, message: SellBox.Previewed) -> None:
        if message.sell:
            self._sell(message.text, message.preview)
        else:
            self._show(message.text, message.preview, crossword=self._crossword())

    def _crossword(self) -> bool:
        return self.view is not None and self.view.rules.crossword

    def _asked(self, text: str, *, strip: bool = True) -> str:
        """What a preview of `text` asks the table now (see `ask`)."""
        typed = text.strip() if strip else text
        if self.view is None or not self.view.rules.crossword:
            return typed
        return placement_typed(self.view, self.cursor, typed)

    def _show(self, typed: str, preview: SalePreview, *, crossword: bool) -> None:
        """What selling the word typed would do: the line under the word box here, the rest
        up (`Shown`)."""
        self._feedback(typed, preview, crossword=crossword)
        self.post_message(self.Shown(typed, preview))

    def _feedback(self, typed: str, preview: SalePreview, *, crossword: bool) -> None:
        feedback = self.query_one("#feedback", Static)
        feedback.set_class(preview.reason is not None, "-error")
        if crossword:
            feedback.update(preview_text(preview) if typed else literal(HOW_TO))
        else:
            feedback.update(word_text(preview))

    def sell(self, value: str) -> None:
        """Enter in the word box: sell `value` (the word typed), or say why it cannot be sold
        (once the table's preview of it has come)."""
        if not self.selling:
            return
        if not value.strip():
            self.seller.show_message("Type a word to sell, or press Esc when you are done.")
            return
        self.ask(value, sell=True)

    def _sell(self, value: str, preview: SalePreview) -> None:
        """Sell the word box's `value` as `preview` says, or say why it cannot be sold."""
        if not self.selling:
            return
        if preview.reason is not None:
            self.seller.show_message(f"✗ {preview.reason}", error=True)
            return
        word = self.query_one(WordInput)
        sale = sale_of(preview, crossword=self._crossword())
        if sale is not None and self.seller.play(sale):
            # Only the word sold leaves the box: letters typed after its Enter (a paste, a
            # burst of keys) reached the box before the sale and stay typed.
            word.value = word.value[len(value):] if word.value.startswith(value) else ""

    # ------------------------------------------------------------------ hints

    def hint(self) -> None:
        """F2: ask the table for the best words this hand can sell now (it marks the game as
        hinted); they are shown when they come (`Hinted`)."""
        view = self.view
        seat = None if view is None else view.awaiting.seat
        if seat is None or not self.selling:
            return
        asking = True

        def reply(found: Sequence[Any]) -> None:
            message = self.Hinted(seat, found)
            if asking:  # found at once (a table played here): shown at once
                self.on_sell_box_hinted(message)
            else:  # the host's answer, from the link's task
                self.post_message(message)

        try:
            self.table.ask_hints(seat, reply)
        except BuyWordError as error:
            self.seller.show_message(f"No hints: {error}", error=True)
        asking = False

    def on_sell_box_hinted(self, message: SellBox.Hinted) -> None:
        """The hints have come: show them if it is still that seat's selling turn (words, or
        a crossword game's placements, one to pick)."""
        from buyword.ui.dialogs.board_hints import PlacementHintsScreen, hint_square
        from buyword.ui.dialogs.hints import HintsScreen

        view = self.view
        if (not self.is_attached or view is None or not self.selling
                or view.awaiting.seat != message.seat):
            return
        found = message.found
        if not view.rules.crossword:
            self.app.push_screen(HintsScreen(view.seat.hand, view.seat.wilds, list(found)),
                                 self._picked)
            return

        def placed(index: int | None) -> None:
            if index is not None:
                hint = found[index]
                self.post_message(self.Placed(hint.notation, hint_square(hint), hint.direction))

        self.app.push_screen(PlacementHintsScreen(list(found)), placed)

    def _picked(self, notation: str | None) -> None:
        """A hint chosen in the hints window goes into the word box (Enter then sells it)."""
        if notation is None or self.view is None or self.view.awaiting.wait is not Wait.SELL:
            return
        self.take(notation.upper())
