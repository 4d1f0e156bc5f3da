"""The table's key bar: the footer's keys greyed out or lit up in place while the same keys
show, instead of built again (see `buyword.ui.widgets.footer` for the footer it extends)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets._footer import FooterKey  # not exported by textual.widgets (8.2)

from buyword.ui.widgets.footer import Footer

#: One shown key: its key, action, label, group and tooltip (what the footer lays out).
Shown = tuple[str, str, str, Binding.Group | None, str]
#: Whether each shown action works now (what changes in place).
States = dict[str, bool]


class KeysFooter(Footer):
    """The table's footer: while the same keys show, it greys them out or lights them up in
    place instead of building them again.

    On the table the bindings change every turn, mostly only to grey out or light up a key,
    and mounting a dozen keys cost more than the rest of the turn's drawing together.
    """

    #: The keys shown now, as `_layout` lists them (None before the first build).
    _keys: tuple[Shown, ...] | None = None

    def compose(self) -> ComposeResult:
        """The footer's keys, remembering which they are."""
        self._keys = self._layout(self.screen)[0] if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """The same keys: grey out or light up each one as it now works; other keys: build
        the footer again."""
        if (self._keys is not None and screen is self.screen and self.is_attached
                and screen.app.app_focus):
            shown, states = self._layout(screen)
            if shown == self._keys:
                self._set_states(states)
                return
        super().bindings_changed(screen)

    def _layout(self, screen: Screen[Any]) -> tuple[tuple[Shown, ...], States]:
        """The keys the footer shows for `screen`, and each action's state (the first of its
        bindings decides, as in `Footer.compose`)."""
        shown: list[Shown] = []
        states: States = {}
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, (_, binding, enabled, tooltip) in screen.active_bindings.items():
            if binding.show or key == palette:
                shown.append((key, binding.action, binding.description, binding.group, tooltip))
                states.setdefault(binding.action, enabled)
        return tuple(shown), states

    def _set_states(self, states: States) -> None:
        for key in self.query(FooterKey):
            disabled = not states.get(key.action, True)
            # FooterKey keeps its state in `_disabled` (a click on a greyed key only rings the
            # bell) and shows it with the -disabled class, as when it is made.
            if key._disabled != disabled:  # noqa: SLF001
                key._disabled = disabled  # noqa: SLF001
                key.set_class(disabled, "-disabled")
