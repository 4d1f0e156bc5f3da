"""Replay: a finished game's record stepped through round by round, read-only: the table's
view at the start and at each round's end (`buyword.table.replay`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from buyword.engine.wording import dollars
from buyword.table.replay import Replay
from buyword.table.views import TableView
from buyword.ui.text import markup
from buyword.ui.widgets.board import Board
from buyword.ui.widgets.die import DieFace
from buyword.ui.widgets.game_log import GameLog
from buyword.ui.widgets.rack import Rack
from buyword.ui.widgets.scoreboard import PlayerLine, Scoreboard


class ReplayScreen(Screen[None]):
    """One round at a time: the die, the players, every hand and the log so far."""

    CSS_PATH = ["table.tcss", "../widgets/board.tcss"]
    BINDINGS = [
        Binding("left,p", "step(-1)", "Previous round"),
        Binding("right,n", "step(1)", "Next round"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, replay: Replay) -> None:
        """Show `replay`'s frames, one per round boundary, from the start."""
        super().__init__()
        self.replay = replay
        self.at = 0

    def compose(self) -> ComposeResult:
        """The table's layout, with every hand face up."""
        with Horizontal(id="table"):
            with Vertical(id="side"):
                with Horizontal(id="die-box"):
                    yield DieFace(id="die")
                    yield Static(id="round-info")
                yield Scoreboard(id="players")
            with Vertical(id="play"):
                yield Static(id="prompt")
                yield VerticalScroll(id="hands")
                yield Board(id="board")  # the crossword grid, in a crossword game
                yield GameLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        """Show the start of the game."""
        self.query_one("#players").border_title = "Players"
        self.query_one("#log").border_title = "Game log"
        self._show()

    @property
    def last(self) -> int:
        """The index of the last frame."""
        return len(self.replay.frames) - 1

    def _show(self) -> None:
        frame = self.replay.frames[self.at]
        view = frame.view
        self.query_one(DieFace).face = frame.die
        where = "the start" if self.at == 0 else f"the end of round {self.at}"
        if view.outcome is not None:
            where = "the end of the game"
        self.query_one("#round-info", Static).update(
            f"[b]Replay[/b]\n{self.at}/{self.last}\nBag {view.seat.bag_size}"
        )
        self.query_one("#prompt", Static).update(
            f"Replay of seed {self.replay.seed}: [b]{where}[/b]. ←/→ step through rounds."
        )
        leader = view.seat.leader
        self.query_one(Scoreboard).lines = tuple(
            PlayerLine(p.name, p.money, p.wilds, p.tiles, False, p.seat == leader)
            for p in view.players
        )
        hands = self.query_one("#hands")
        hands.remove_children()
        for player in view.players:
            rack = Rack(view.rules.tiles, classes="replay-hand")
            rack.border_title = markup(f"$name · {dollars(player.money)}", name=player.name)
            hands.mount(rack)
            if player.hand is None:  # a game still on, watched: a count, as on the scoreboard
                count = f"{player.tiles} tile{'s' if player.tiles != 1 else ''}"
                rack.tiles, rack.wilds = "", 0  # the wilds are counted on the scoreboard
                rack.empty_text = f"{count}, hidden while playing"
            else:
                rack.tiles, rack.wilds, rack.empty_text = player.hand, player.wilds, "no tiles"
        self._show_grid(view)
        log = self.query_one(GameLog)
        log.clear()
        log.shown = 0
        log.show(list(view.log))  # already as a watcher may read it
        # The log's own scroll is refused while its scrollbar is not laid out yet (the first
        # round that overflows it), which left it at the top: scroll once the screen is laid
        # out, to this round's end.
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True, force=True)

    def _show_grid(self, view: TableView) -> None:
        """The crossword grid as it stood then, its last word highlighted."""
        board = self.query_one(Board)
        board.display = view.rules.crossword
        if view.rules.crossword:
            board.grid = view.seat.grid
            board.last = view.last_placed
            board.border_title = f"Table · {len(view.seat.grid)} tiles"

    def action_step(self, delta: int) -> None:
        """A round forward or back."""
        self.at = max(0, min(self.last, self.at + delta))
        self._show()

    def action_jump(self, index: int) -> None:
        """To the start or the end."""
        self.at = index % len(self.replay.frames)
        self._show()
