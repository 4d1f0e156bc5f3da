"""Variants' rules on one page: the new-game form's F1 on a variant's box, and F1 at a table
with variants (those it plays)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from buyword.engine.rules import Variant
from buyword.ui.dialogs.help import PAGE_KEYS


class VariantRulesScreen(ModalScreen[None]):
    """The pages of variants from the variants registry (`Variant.page`), one after the
    other. Esc closes."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("escape,q,f1", "close", "Close"),
        *PAGE_KEYS,
    ]

    def __init__(self, variant: Variant, *more: Variant) -> None:
        """The rules of `variant` (and of `more`, after it)."""
        super().__init__()
        self.variants = (variant, *more)

    def compose(self) -> ComposeResult:
        """The page, scrolling in a small window."""
        with Vertical(classes="dialog", id="variant-rules"), VerticalScroll():
            yield Markdown("\n\n---\n\n".join(variant.page for variant in self.variants))
        yield Footer()

    def action_scroll(self, how: str) -> None:
        """Scroll the page (a line or a page)."""
        getattr(self.query_one(VerticalScroll), f"scroll_{how}")(animate=False)

    def action_close(self) -> None:
        """Back to where it was opened (the form, the table)."""
        self.dismiss(None)
