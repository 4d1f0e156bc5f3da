"""The key bar at the foot of a screen: Textual's `Footer`, rebuilt only when its keys change
(`Footer`, the title's), or greyed in place while the same keys show (`KeysFooter`, the table's,
in `buyword.ui.widgets.keys_footer`)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey  # not exported by textual.widgets (8.2)


class Footer(TextualFooter):
    """Textual's footer, made cheaper to open a screen with (the title's start-up).

    Textual's mounts all its keys afresh each time the screen's bindings change, even when
    the keys it shows stay the same, and a screen's bindings change several times as it opens
    (the title's four times before its first frame, once more after it). This one rebuilds
    once for all the changes before the next refresh, and not at all when the keys it shows
    are the same. Its keys also start as compact as the footer is, instead of compact and
    then restyled twice each as they are bound to it.
    """

    _rebuild_pending = False
    #: What the keys shown now were built from (None before the first build).
    _shown: list[object] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """The screen's bindings changed: look again after the refresh (once, however many
        changes come before it). As Textual's, but for the one pending look."""
        self._bindings_ready = True
        if not screen.app.app_focus or self._rebuild_pending:
            return
        if self.is_attached and screen is self.screen:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    def compose(self) -> ComposeResult:
        """Textual's keys; each one bound to the footer's `compact` starts as compact as the
        footer is, its class set to match (the command palette's key is not bound: Textual
        leaves it compact)."""
        for widget in super().compose():
            if isinstance(widget, FooterKey) and "compact" in (widget._reactive_connect or {}):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def shown_keys(self) -> list[object]:
        """What the footer's keys are built from: each binding it shows, whether it is
        enabled and its tooltip, then the command palette's key (as `Footer.compose` reads
        them)."""
        active = self.screen.active_bindings
        shown: list[object] = [(binding, enabled, tooltip)
                               for _, binding, enabled, tooltip in active.values() if binding.show]
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        shown.append(None if palette is None else palette[1:])
        return shown

    async def _rebuild(self) -> None:
        self._rebuild_pending = False  # a change from here on needs a look of its own
        shown = self.shown_keys()
        if shown != self._shown:
            self._shown = shown
            await self.recompose()
