"""Watching a game open in another window: its save, read-only, shown again as it changes."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Static

from buyword.engine import BuyWordError, Game, GameRecord
from buyword.store import Store
from buyword.ui.replay import ReplayScreen, load_record
from buyword.ui.widgets.game_log import GameLog
from buyword.ui.widgets.rack import Rack

#: How often the other window's save is looked at, in seconds (a stat; read only if changed).
POLL_SECONDS = 1.0


def load_watched(store: Store, slot: str) -> tuple[GameRecord, list[Game]]:
    """The game in `slot` as replay shows it. Raises BuyWordError (RecordError) if it cannot
    be read now, with the reason in words."""
    path = store.slot_path(slot)
    if path is None:
        raise BuyWordError("progress is kept in memory only, so there is no save to watch")
    return load_record(str(path))


class WatchScreen(ReplayScreen):
    """The replay view of another window's game, following its save as it is written.

    Nothing here writes or moves the other window's files. The view stays at the latest
    round unless the player steps back through the rounds; then it stays where they are.
    """

    # Paths are read from this module's folder: the replay's styles, from here.
    CSS_PATH = ["table.tcss", "../widgets/board.tcss"]

    BINDINGS = [
        Binding("q,escape", "leave", "Back to the title"),
    ]

    def __init__(self, store: Store, slot: str, record: GameRecord, games: list[Game]) -> None:
        """Watch `slot` of `store`, already read as `record` and `games`."""
        super().__init__(record, games)
        self.store = store
        self.slot = slot
        self.at = len(games) - 1
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
                record, games = load_watched(self.store, self.slot)
            except BuyWordError:
                return  # read again at the next change; the last good view stays
            following = self.at == len(self.games) - 1
            self.record, self.games = record, games
            self.at = len(games) - 1 if following else min(self.at, len(games) - 1)
            self.ended = None
        elif not self.store.still_open_elsewhere(self.slot):
            self.ended = "The other window has closed; the game can be continued from the title."
        self._show()

    def _show(self) -> None:
        game = self.games[self.at]
        # At a table the hands are private while the game is on (as on the players' screen).
        private = game.outcome() is None and len(game.players) > 1
        self.query_one(GameLog).private = private  # the log then hides the letters drawn
        super()._show()
        if private:
            self._hide_hands(game)
        where = f"round {game.round}" if game.outcome() is None else "the end of the game"
        state = self.ended or f"Watching a game open in another window, at {where}."
        self.query_one("#prompt", Static).update(
            f"{state} Read-only. ←/→ step through rounds; Esc goes back."
        )

    def _hide_hands(self, game: Game) -> None:
        """A watcher sees how many tiles each player holds (as the scoreboard shows), not which.
        """
        # The racks just mounted are the last ones: the old ones may not be removed yet.
        racks = [child for child in self.query_one("#hands").children
                 if isinstance(child, Rack)][-len(game.players):]
        for rack, player in zip(racks, game.players, strict=False):
            count = len(player.hand)
            rack.tiles, rack.wilds = "", 0  # the wilds are counted on the scoreboard
            rack.empty_text = f"{count} tile{'s' if count != 1 else ''}, hidden while playing"

    def action_leave(self) -> None:
        """Back to where the player came from (the title)."""
        self.dismiss(None)
