"""A checkbox that reads as a tick."""

from __future__ import annotations

from textual.widgets import Checkbox


class Tick(Checkbox):
    """A checkbox whose mark says on or off without colour: ✓ when ticked, blank when not."""

    # Textual's is a class attribute; this one is read per box, as its value stands.
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802 - Textual's name
        """The mark inside the box, by value."""
        return "✓" if self.value else " "
