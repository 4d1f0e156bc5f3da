"""The key bar at the foot of a screen: Textual's `Footer`, rebuilt at most once a refresh."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer, which mounts all its keys afresh each time the screen's bindings
    change. A screen's bindings change several times before its first frame (the title's four
    times: its menu filled, focused, the window's size classes set), so this one rebuilds once
    for all the changes made before the next refresh, from the bindings as they are then."""

    _rebuild_pending = False

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings changed: rebuild after the refresh (once, however many
        changes come before it). As Textual's, but for the one pending rebuild."""
        self._bindings_ready = True
        if not screen.app.app_focus or self._rebuild_pending:
            return
        if self.is_attached and screen is self.screen:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_pending = False  # a change from here on needs a rebuild of its own
        await self.recompose()
