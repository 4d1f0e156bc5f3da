"""The game log: the table's events as lines, styled by kind."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import RichLog

from buyword.engine import events as ev
from buyword.table import LogLine, TableView
from buyword.ui.text import visible

#: How the log marks the events a player most wants to see.
_LOG_STYLES: dict[type, str] = {
    ev.Sold: "bold",
    ev.Challenged: "bold italic",
    ev.FinalRound: "bold reverse",
    ev.GameOver: "bold reverse",
    ev.Rolled: "underline",
}

#: The same, by the event's kind as a hosted table's server names it.
_LOG_STYLES_BY_KIND = {kind.__name__: style for kind, style in _LOG_STYLES.items()}


def log_line(event: ev.Event | LogLine) -> Text | None:
    """The log's line for an event (or a `TableView`'s log line, which names its event's kind),
    or None for events that would only clutter it. What a viewer may not see was hidden before
    the line got here (`buyword.table.views.redact`)."""
    kind = getattr(event, "kind", None)  # a hosted table's line names its event's kind
    if kind is not None:
        if kind == ev.RoundEnded.__name__:
            return None
        return Text(visible(event), style=_LOG_STYLES_BY_KIND.get(kind, ""))
    if isinstance(event, ev.RoundEnded):
        return None
    return Text(visible(event), style=_LOG_STYLES.get(type(event), ""))


class GameLog(RichLog, can_focus=False):
    """The game's story in the engine's own sentences, newest at the bottom."""

    def __init__(self, *, id: str | None = None) -> None:
        """An empty log that wraps long sentences."""
        # min_width=1: RichLog would otherwise render every line 78 cells wide and cut what
        # does not fit a narrower log ("($16 back t") instead of wrapping it.
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True,
                         min_width=1)
        self.shown = 0
        #: Whose log it was last written for (see `read_by`): a seat, None or "everyone".
        self.reader: object = "nobody yet"
        self._written: list[Text] = []  # kept to wrap again when the width changes
        self._wrapped_at = 0
        self._rows: dict[tuple[object, ...], list[Strip]] = {}  # see `write`

    def show(self, log: Sequence[ev.Event | LogLine]) -> None:
        """Write the events not yet shown (the engine's log only grows), newest in view."""
        for event in log[self.shown :]:
            line = log_line(event)
            if line is not None:
                self._written.append(line)
                self.write(line, scroll_end=False)  # once, below
        self.shown = len(log)
        self.scroll_end(animate=False, immediate=False)

    def read_by(self, view: TableView) -> None:
        """The log as `view`'s holder may read it. At a private table the lines show the
        reader's own hands only, so the log is written anew when another person holds the
        screen, and when it lost its last lines (an undo); else only new lines are added."""
        reader = view.viewer if view.seat.private else "everyone"  # whose hands it shows
        if reader != self.reader or self.shown > len(view.log):
            self.clear()
            self.shown = 0
            self.reader = reader
        self.show(list(view.log))

    def rewrite(self) -> None:
        """The log lost its last lines (an undo): write it anew for the next view."""
        self.reader = "nobody yet"

    def write(self, content: object, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None,
              animate: bool = False) -> GameLog:
        """`RichLog.write`, reusing the rows a line was wrapped into when the same line was
        written at the same width before: at each hand-off the log is written again for the
        next reader, and nearly all of its lines are the ones just written."""
        if not (isinstance(content, Text) and width is None and self._size_known
                and self.max_lines is None):
            return super().write(content, width, expand, shrink, scroll_end, animate)
        key = (content.plain, tuple(content.spans), str(content.style),
               self.scrollable_content_region.width, expand, shrink)
        rows = self._rows.get(key)
        if rows is None:
            before = len(self.lines)
            super().write(content, width, expand, shrink, scroll_end, animate)
            self._rows[key] = self.lines[before:]
            return self
        self.lines.extend(rows)  # a Strip is never changed in place: rows can be shared
        widest = max((row.cell_length for row in rows), default=0)
        self._widest_line_width = max(self._widest_line_width, widest)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        if self.auto_scroll if scroll_end is None else scroll_end:
            self.scroll_end(animate=animate, immediate=False, x_axis=False)
        return self

    def clear(self) -> GameLog:
        """Empty the log (to write it again for another viewer)."""
        self._written = []
        super().clear()
        return self

    def on_resize(self, event: events.Resize) -> None:
        """Wrap every line again at the new width, and keep the newest lines in view (the
        log changes size as racks come and go, as after a hand-off)."""
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at and self._written:
            self._wrapped_at = width
            self._rows.clear()  # rows of the old width will not be written again
            written = self._written
            super().clear()
            for line in written:
                self.write(line, scroll_end=False)
        self._wrapped_at = width or self._wrapped_at
        self.scroll_end(animate=False, immediate=False)
