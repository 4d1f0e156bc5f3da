"""The table's footer: Textual's `Footer`, whose keys are rebuilt only when other keys show."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: One shown key: its key, action, label, group and tooltip (what the footer lays out).
Shown = tuple[str, str, str, Binding.Group | None, str]
#: Whether each shown action works now (what changes in place).
States = dict[str, bool]


class KeysFooter(Footer):
    """A `Footer` that keeps its keys while the same keys show, greying them in place.

    Textual's footer removes and mounts all its keys again whenever the screen's bindings may
    have changed (every focus change, every `refresh_bindings`). On the table that is every
    turn, mostly only to grey out or light up a key, and mounting a dozen keys cost more
    than the rest of the turn's drawing together. Keys that do change are made cheaper too.
    """

    def __init__(self) -> None:
        """An empty footer, filled once the screen's bindings are known."""
        super().__init__()
        self._shown: tuple[Shown, ...] | None = None

    def compose(self) -> ComposeResult:
        """Textual's keys, remembering which they are."""
        self._shown = self._layout(self.screen)[0] if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                # Made in the footer's style: a FooterKey starts compact and is then bound to
                # the footer's style, and each of the two changes restyles it once mounted.
                # (The palette's key is not bound: it stays compact.)
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        """The same keys: grey out or light up each one as it now works; other keys: build
        the footer again (as Textual's does)."""
        if (self._shown is not None and screen is self.screen and self.is_attached
                and screen.app.app_focus):
            shown, states = self._layout(screen)
            if shown == self._shown:
                self._set_states(states)
                return
        super().bindings_changed(screen)

    def _layout(self, screen: Screen) -> tuple[tuple[Shown, ...], States]:
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
