"""The box a word to sell is typed in."""

from __future__ import annotations

from collections.abc import Callable

from textual import events

from buyword.ui.widgets.in_order_input import InOrderInput


class WordInput(InOrderInput):
    """The box a word to sell is typed in: it takes letters only, so every other key (? for
    help, F2 for hints, Esc) reaches the app's and the table's bindings even while it has
    focus."""

    def __init__(self, *, id: str | None = None, placeholder: str = "",
                 short_placeholder: str | None = None,
                 on_submit: Callable[[str], object] | None = None) -> None:
        """A compact box that accepts only letters; Enter hands the word to `on_submit`.
        `short_placeholder` stands in for `placeholder` when the box is too narrow for it."""
        super().__init__(id=id, placeholder=placeholder, restrict=r"[A-Za-z]*",
                         on_submit=on_submit)
        self.long_placeholder = placeholder
        self.short_placeholder = short_placeholder or placeholder

    def on_resize(self, event: events.Resize) -> None:
        """The placeholder that fits the box whole. Why: Textual cuts a long one off
        mid-phrase ("type a word · Enter sells ·" in a 60-column window)."""
        fits = len(self.long_placeholder) <= self.content_region.width
        self.placeholder = self.long_placeholder if fits else self.short_placeholder

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Only letters are this box's; Textual would otherwise keep `?` from the help key."""
        return character is not None and character.isascii() and character.isalpha()
