"""The box a word to sell is typed in."""

from __future__ import annotations

from collections.abc import Callable

from buyword.ui.widgets.in_order_input import InOrderInput


class WordInput(InOrderInput):
    """The box a word to sell is typed in: it takes letters only, so every other key (? for
    help, F2 for hints, Esc) reaches the app's and the table's bindings even while it has
    focus."""

    def __init__(self, *, id: str | None = None, placeholder: str = "",
                 on_submit: Callable[[str], object] | None = None) -> None:
        """A compact box that accepts only letters; Enter hands the word to `on_submit`."""
        super().__init__(id=id, placeholder=placeholder, restrict=r"[A-Za-z]*",
                         on_submit=on_submit)

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Only letters are this box's; Textual would otherwise keep `?` from the help key."""
        return character is not None and character.isascii() and character.isalpha()
