"""The command palette: Textual's, made safe against fast typing (loaded when first opened)."""

from __future__ import annotations

import contextlib

from textual.command import CommandPalette
from textual.css.query import NoMatches


class _CommandPalette(CommandPalette):
    """Textual's command palette, minus two crashes found by the monkey test when keys arrive
    faster than the palette's search runs (Textual 8.2): the search can finish after the
    palette has closed and look for its list in vain (NoMatches), and Page Down on a list
    filled but not yet laid out looks up a line that is not there yet (KeyError)."""

    def _watch__list_visible(self) -> None:
        with contextlib.suppress(NoMatches):
            super()._watch__list_visible()

    def _action_command_list(self, action: str) -> None:
        with contextlib.suppress(KeyError, NoMatches):
            super()._action_command_list(action)
