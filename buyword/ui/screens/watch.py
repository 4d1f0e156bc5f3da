"""Watching a game open in another window: its save, read-only, shown again as it changes."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Static

from buyword.engine import BuyWordError
from buyword.store import Store
from buyword.table.replay import Replay, load_replay
from buyword.ui.screens.replay import ReplayScreen

#: How often the other window's save is looked at, in seconds (a stat; read only if changed).
POLL_SECONDS = 1.0


def load_watched(store: Store, slot: str) -> Replay:
    """The game in `slot` as replay shows it to a watcher (at a table of several, the hands
    hidden while it is on). Raises BuyWordError (RecordError) if it cannot be read now, with
    the reason in words."""
    path = store.slot_path(slot)
    if path is None:
        raise BuyWordError("progress is kept in memory only, so there is no save to watch")
    return load_replay(str(path), watching=True)


class WatchScreen(ReplayScreen):
    """The replay view of another window's game, following its save as it is written.

    Nothing here writes or moves the other window's files. The view stays at the latest
    round unless the player steps back through the rounds; then it stays where they are.
    """

    BINDINGS = [
        Binding("q,escape", "leave", "Back to the title"),
    ]

    def __init__(self, store: Store, slot: str, replay: Replay) -> None:
        """Watch `slot` of `store`, already read as `replay`."""
        super().__init__(replay)
        self.store = store
        self.slot = slot
        self.at = self.last
        self._stamp = store.slot_stamp(slot)
        #: Why the view has stopped following (the other window closed or finished), if it has.
        self.ended: str | None = None

    def on_mount(self) -> None:
        """Show the latest round and keep looking for new moves."""
        super().on_mount()
        self.set_interval(POLL_SECONDS, self.poll)

    def poll(self) -> None:
        """Show the save again if the other window has written it since."""
        stamp = self.store.slot_stamp(self.slot)
        if stamp is None:
            self.ended = "The other window has finished or closed this game."
        elif stamp != self._stamp:
            self._stamp = stamp
            try:
                replay = load_watched(self.store, self.slot)
            except BuyWordError:
                return  # read again at the next change; the last good view stays
            following = self.at == self.last
            self.replay = replay
            self.at = self.last if following else min(self.at, self.last)
            self.ended = None
        elif not self.store.still_open_elsewhere(self.slot):
            self.ended = "The other window has closed; the game can be continued from the title."
        self._show()

    def _show(self) -> None:
        super()._show()
        view = self.replay.frames[self.at].view
        where = f"round {view.seat.round}" if view.outcome is None else "the end of the game"
        state = self.ended or f"Watching a game open in another window, at {where}."
        self.query_one("#prompt", Static).update(
            f"{state} Read-only. ←/→ step through rounds; Esc goes back."
        )

    def action_leave(self) -> None:
        """Back to where the player came from (the title)."""
        self.dismiss(None)
