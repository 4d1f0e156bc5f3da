"""The key bar at the foot of a screen: Textual's `Footer`, rebuilt only when its keys change
(`Footer`, the title's), or greyed in place while the same keys show (`KeysFooter`, the table's,
in `buyword.ui.widgets.keys_footer`). Either shows every key whole or not at all: where the
keys do not fit, the spaces around them go first, then keys, whole."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey  # not exported by textual.widgets (8.2)

#: The key that lists every key ("? Keys"): a narrow footer drops it last, as it leads to
#: the keys dropped.
HELP_KEY = "question_mark"


class Footer(TextualFooter):
    """Textual's footer, made cheaper to open a screen with (the title's start-up).

    Textual's mounts all its keys afresh each time the screen's bindings change, even when
    the keys it shows stay the same, and a screen's bindings change several times as it opens
    (the title's four times before its first frame, once more after it). This one rebuilds
    once for all the changes before the next refresh, and not at all when the keys it shows
    are the same. Its keys also start as compact as the footer is, instead of compact and
    then restyled twice each as they are bound to it.

    Where its keys do not fit beside the command palette's, it never shows one cut ("? Ke"):
    it turns compact (Textual's style with less space around each key), and if that is not
    enough it drops keys whole, the last first but the help key last of all.
    """

    _rebuild_pending = False
    #: Whether the keys were built while the screen was under a dialog, to fit once it is on
    #: top again.
    _fit_later = False
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
        leaves it compact). Each build starts roomy, and is fitted once laid out."""
        self.compact = False
        for widget in super().compose():
            if isinstance(widget, FooterKey) and "compact" in (widget._reactive_connect or {}):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        """A new width: every key again, roomy, then fitted."""
        self.compact = False
        self._show_all()
        self.call_after_refresh(self._fit)

    def _show_all(self) -> None:
        for item in self._items():
            item.display = True

    def _items(self) -> list[Widget]:
        """The keys (and groups of keys) shown from the left, all but the command palette's."""
        return [child for child in self.children if not child.has_class("-command-palette")]

    def _fit(self) -> None:
        """Make the keys fit beside the command palette's, each whole: compact first, and if
        that is not enough, without the keys there is no room for (looked at once laid out:
        a key's width is what Textual lays it out at)."""
        if not self.is_attached or not self.size.width:
            return
        if not self.screen.is_current:
            # Under a dialog the screen is not laid out again, so the keys' widths would
            # never come: fit once it is on top again (`_rebuild`), not on every refresh.
            self._fit_later = True
            return
        self._fit_later = False
        items = self._items()
        widths = [_key_room(item) for item in items]
        if not all(item.display for item in items) or not all(widths):
            self._show_all()  # a key left out or not laid out yet: measure all again
            self.call_after_refresh(self._fit)
            return
        palette = sum(_key_room(child) for child in self.children if child not in items)
        room = self.size.width - palette
        if sum(widths) <= room:
            return
        if not self.compact:
            self.compact = True
            self.call_after_refresh(self._fit)
            return
        # The help key first, then from the left: each key that still fits is kept.
        order = sorted(range(len(items)),
                       key=lambda i: (getattr(items[i], "key", None) != HELP_KEY, i))
        kept: set[int] = set()
        for i in order:
            if widths[i] <= room:
                kept.add(i)
                room -= widths[i]
        for i, item in enumerate(items):
            item.display = i in kept

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
        elif self._fit_later:
            self.call_after_refresh(self._fit)


def _key_room(widget: Widget) -> int:
    """The columns a laid-out key takes in the footer's row, its margins included."""
    margin = widget.styles.margin
    return widget.outer_size.width + margin.left + margin.right
