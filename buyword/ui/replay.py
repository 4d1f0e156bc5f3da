"""Replay: step through a finished game's record round by round, read-only."""

from __future__ import annotations

import copy
import os
import sys

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from buyword.engine import BuyWordError, Game, GameRecord, RecordError
from buyword.engine import events as ev
from buyword.engine.crossword import last_placement
from buyword.engine.inputs import not_regular
from buyword.store import Store, read_game_file
from buyword.store.stats import RecordedWords
from buyword.ui.text import markup
from buyword.ui.widgets import PIECES_CSS
from buyword.ui.widgets.board import Board
from buyword.ui.widgets.die import DieFace
from buyword.ui.widgets.game_log import GameLog
from buyword.ui.widgets.rack import Rack
from buyword.ui.widgets.scoreboard import PlayerLine, Scoreboard


def load_record(path: str) -> tuple[GameRecord, list[Game]]:
    """Read a record and replay it; the games at the start and after each round.

    Raises RecordError (a BuyWordError) saying what is wrong with a bad file.
    """
    # Finished games, autosaves and bare engine records all read; the message names the file.
    record = read_game_file(path).record
    # Challenges replay from the verdicts written in the record, so no dictionary is needed.
    dictionary = RecordedWords()
    record.replay(dictionary, themes=dictionary)  # RecordError, naming the action, if one fails
    game = record.replay(dictionary, upto=0, themes=dictionary)
    games = [copy.deepcopy(game)]
    # One pass, keeping a copy at each round's end (replaying once per round would be slow).
    for action in record.actions:
        if any(isinstance(e, ev.RoundEnded) for e in game.apply(action)):
            games.append(copy.deepcopy(game))
    if games[-1].actions != game.actions:  # an unfinished game: show where it stopped
        games.append(game)
    return record, games


def round_roll(game: Game) -> int | str | None:
    """The face the latest round was rolled on ("choice" for CHOICE), None before any roll."""
    return next((e.face for e in reversed(game.log) if isinstance(e, ev.Rolled)), None)


class ReplayScreen(Screen[None]):
    """One round at a time: the die, the players, every hand and the log so far."""

    CSS_PATH = ["screens/table.tcss", "widgets/board.tcss"]
    BINDINGS = [
        Binding("left,p", "step(-1)", "Previous round"),
        Binding("right,n", "step(1)", "Next round"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, record: GameRecord, games: list[Game]) -> None:
        """Show `games` (one per round boundary) of `record`."""
        super().__init__()
        self.record = record
        self.games = games
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

    def _show(self) -> None:
        game = self.games[self.at]
        # At a round's end the engine's die is put away: show the face that round was rolled.
        self.query_one(DieFace).face = game.die if game.die is not None else round_roll(game)
        where = "the start" if self.at == 0 else f"the end of round {self.at}"
        if game.outcome() is not None:
            where = "the end of the game"
        self.query_one("#round-info", Static).update(
            f"[b]Replay[/b]\n{self.at}/{len(self.games) - 1}\nBag {game.bag_size}"
        )
        self.query_one("#prompt", Static).update(
            f"Replay of seed {self.record.seed}: [b]{where}[/b]. ←/→ step through rounds."
        )
        self.query_one(Scoreboard).lines = tuple(
            PlayerLine(p.name, p.money, p.wilds, len(p.hand), False, p.seat == game.leader)
            for p in game.players
        )
        hands = self.query_one("#hands")
        hands.remove_children()
        for player in game.players:
            rack = Rack(game.rules.tiles, classes="replay-hand")
            rack.border_title = markup(f"$name · ${player.money}", name=player.name)
            hands.mount(rack)
            rack.tiles, rack.wilds, rack.empty_text = player.hand, player.wilds, "no tiles"
        self._show_grid(game)
        log = self.query_one(GameLog)
        log.clear()
        log.shown = 0
        log.show(game.log)
        # The log's own scroll is refused while its scrollbar is not laid out yet (the first
        # round that overflows it), which left it at the top: scroll once the screen is laid
        # out, to this round's end.
        self.call_after_refresh(log.scroll_end, animate=False, immediate=True, force=True)

    def _show_grid(self, game: Game) -> None:
        """The crossword grid as it stood then, its last word highlighted."""
        board = self.query_one(Board)
        board.display = game.rules.crossword
        if game.rules.crossword:
            board.grid = game.grid
            board.last = last_placement(game.log, game.grid)
            board.border_title = f"Table · {len(game.grid)} tiles"

    def action_step(self, delta: int) -> None:
        """A round forward or back."""
        self.at = max(0, min(len(self.games) - 1, self.at + delta))
        self._show()

    def action_jump(self, index: int) -> None:
        """To the start or the end."""
        self.at = index % len(self.games)
        self._show()


class ReplayApp(App[int]):
    """`buyword replay FILE`: the replay screen alone."""

    TITLE = "BuyWord replay"
    CSS_PATH = PIECES_CSS  # the table pieces' styles, each beside its widget

    def __init__(self, record: GameRecord, games: list[Game]) -> None:
        """Replay `record`, already stepped into `games`."""
        super().__init__()
        self.record = record
        self.games = games

    def on_mount(self) -> None:
        """Open the replay."""
        self.push_screen(ReplayScreen(self.record, self.games))


#: The exit status when the file cannot be replayed (as for every command-line refusal).
USAGE_ERROR = 2


def run_replay(path: str) -> int:
    """`buyword replay FILE`: step through a saved game; a bad file is one line on stderr and
    exit status 2."""
    try:
        found = Store().find_record(path)
        _check_regular(found)
        record, games = load_record(found)
    except BuyWordError as error:
        print(f"buyword replay: {error}", file=sys.stderr)
        return USAGE_ERROR
    app = ReplayApp(record, games)
    result = app.run()
    return result if isinstance(result, int) else (app.return_code or 0)


def _check_regular(path: str) -> None:
    """RecordError if `path` is a folder, a named pipe or a device: reading one would fail or
    wait for ever. A missing file is left to the reader, which says so."""
    try:
        reason = not_regular(os.stat(path).st_mode)
    except (OSError, ValueError):
        return
    if reason:
        raise RecordError(f"cannot open {path!r}: it is {reason}, not a file")
