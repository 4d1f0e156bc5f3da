"""Challenge mode: after a sale, the people the table is asking may challenge the word."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from buyword.engine.wording import conjugate, dollars, is_you
from buyword.ui.text import literal, markup


class ChallengeScreen(ModalScreen[int | None]):
    """Asks whether anyone challenges; dismisses with the challenger's seat (from 1) or None
    when the word stands. The prompt is the same whatever the word: it gives nothing away."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("enter", "accept", "No challenge")]

    def __init__(self, sale: str, seats: list[tuple[int, str]], penalty: int, *,
                 opaque: bool = False) -> None:
        """`sale` is the sale's sentence; `seats` the (seat number, name) who may challenge;
        `penalty` what the one who is wrong pays (the game's rules). `opaque` hides the table
        behind the prompt (private hands: the seller's tiles must not show)."""
        super().__init__(classes="-opaque" if opaque else "")
        self.sale = sale
        self.seats = seats
        self.penalty = penalty

    def compose(self) -> ComposeResult:
        """The sale, who may challenge with which key, and what it risks."""
        who = Content("\n").join(
            markup(f"  [b]{number}[/b]  $name {conjugate('challenge', is_you(name))}", name=name)
            for number, name in self.seats
        )
        with Vertical(classes="dialog", id="challenge"):
            yield Static("Challenge?", classes="dialog-title")
            yield Static(literal(f"{self.sale}."), classes="dialog-body")
            yield Static(who, classes="dialog-list")
            yield Static(
                f"The dictionary decides. Whoever is wrong pays {dollars(self.penalty)}; "
                "a word that is not a word is taken back.\nPress [b]Enter[/b] to let it stand.",
                classes="dialog-note",
            )
        yield Footer()

    def on_key(self, event: Key) -> None:
        """A seat number challenges."""
        if event.character and event.character.isdigit():
            seat = int(event.character)
            if any(number == seat for number, _ in self.seats):
                event.stop()
                self.dismiss(seat)

    def action_accept(self) -> None:
        """Nobody challenges: the word stands."""
        self.dismiss(None)
