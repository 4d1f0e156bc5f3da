"""The key bar at the foot of a screen: Textual's `Footer`, rebuilt only when its keys change
(`Footer`, the title's), or greyed in place while the same keys show (`KeysFooter`, the table's)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
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

    def bindings_changed(self, screen: Screen) -> None:
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

    def bindings_changed(self, screen: Screen) -> None:
        """The same keys: grey out or light up each one as it now works; other keys: build
        the footer again."""
        if (self._keys is not None and screen is self.screen and self.is_attached
                and screen.app.app_focus):
            shown, states = self._layout(screen)
            if shown == self._keys:
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
