"""A seat at a hosted table on this screen: the usual table, driven by the server's views.

`RemoteTableScreen` is the table screen drawing a `RemoteTable` (`buyword.net.remote`): it
shows only this seat's hand, asks only this seat (the challenge prompt, the drop dialog, the
variants' keys), and sends its answers to the server; every view the server sends redraws it.
No hand-off screens: each player has their own screen. When the link breaks it says so and
the table comes back when the seat is taken back with its token. `JoinApp` runs it for
`buyword join`; `buyword.ui.host` adds the host's panels.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from buyword.engine import Challenge
from buyword.store.setup import GameSetup, Seat
from buyword.table import Answer, Awaiting, Pass, Played, Wait
from buyword.ui.table import TableScreen
from buyword.ui.text import literal, markup
from buyword.ui.widgets import Rack

if TYPE_CHECKING:
    from buyword.engine.crossword import Grid, Square
    from buyword.net.remote import JoinedTable, RemoteTable


class RemoteTableScreen(TableScreen):
    """The table screen for one seat at a hosted table (see the module's docstring)."""

    def __init__(self, table: RemoteTable) -> None:
        """Draw `table`, which has had its first view."""
        names = table.view["names"] if table.view else [table.name]
        setup = GameSetup(seats=tuple(Seat(name) for name in names))  # names only: not used
        super().__init__(table, setup)
        self.table = table
        self.state.viewer = table.seat
        #: The dialog asking this seat now (challenge or drop), and what it asks about.
        self._dialog: ModalScreen[Any] | None = None
        self._asked: tuple[str, int] | None = None
        self._results_shown = False
        self._offered_quit = False

    def on_mount(self) -> None:
        """Redraw whenever the server says something."""
        self.table.on_change = self._table_changed
        super().on_mount()

    def on_unmount(self) -> None:
        """Stop redrawing a screen that has gone."""
        if self.table.on_change == self._table_changed:
            self.table.on_change = None

    @dataclass
    class TableChanged(Message):
        """The server said something (a view, a refusal) or the link changed."""

        kind: str

    def _table_changed(self, kind: str) -> None:
        # Called from the link's task, outside the screen's context: redraw from a message.
        self.post_message(self.TableChanged(kind))

    def on_remote_table_screen_table_changed(self, message: TableChanged) -> None:
        """Redraw, and show a refusal."""
        kind = message.kind
        if not self.is_attached:
            return
        if kind == "refused" and self.table.refusal:
            self.show_message(self.table.refusal, error=True)
        self.advance()
        if kind == "link" and self.table.ended is not None and not self.table.over:
            self._offer_to_quit()

    def _offer_to_quit(self) -> None:
        """The table cannot be played from here any more: say why, and offer to quit (a
        "no" leaves the table on screen as it last stood)."""
        from buyword.ui.confirm import ConfirmScreen

        if self._offered_quit:
            return
        self._offered_quit = True
        self._close_dialog()
        why = self.table.ended
        detail = literal(f"{why[0].upper()}{why[1:]}.")  # the server's words: text, not markup
        question = ConfirmScreen("You are no longer at this table. Quit?",
                                 detail)  # type: ignore[arg-type]
        self.app.push_screen(question, lambda yes: self.app.exit() if yes else None)

    # ------------------------------------------------------------------ turn flow

    def _my_turn(self, awaiting: Awaiting) -> bool:
        return self.table.seat in awaiting.seats and not awaiting.computer

    def advance(self) -> None:
        """Show the table as the server last described it; ask this seat if it is asked."""
        table = self.table
        self.state.viewer = table.seat
        self.state.busy = table.in_flight or table.lost or table.ended is not None
        awaiting = table.awaiting()
        asked = self._asking(awaiting)
        if self._dialog is not None and asked != self._asked:
            self._close_dialog()  # the table moved on (someone else challenged first ...)
        self.refresh_view()
        if awaiting.wait is Wait.OVER:
            self._show_results()
            return
        if self.state.busy or asked is None or self._dialog is not None:
            return
        if awaiting.wait is Wait.CHALLENGE:
            self._offer_challenge(awaiting)
        else:
            self._hand_to(table.seat)

    def _asking(self, awaiting: Awaiting) -> tuple[str, int] | None:
        """What this seat is asked now (the kind of input, and how far the log has got), or
        None when it is not asked."""
        if not self._my_turn(awaiting) or awaiting.wait is Wait.OVER:
            return None
        return (str(awaiting.wait), len(self.table.log))

    def _close_dialog(self) -> None:
        dialog, self._dialog, self._asked = self._dialog, None, None
        if dialog is not None and dialog.is_attached and self.app.screen is dialog:
            dialog.dismiss(None)

    def _hand_to(self, seat: int) -> None:
        """This seat is asked: focus what it needs (the drop dialog opens by itself)."""
        self.state.viewer = seat
        self.refresh_view()
        from textual.widgets import Input

        wait = self.table.awaiting().wait
        if wait is Wait.SELL:
            self.query_one("#word", Input).focus()
        elif self._typing_amount():
            self.query_one("#amount", Input).focus()
        else:
            self.set_focus(None)
        if wait is Wait.DROP:
            self.action_drop()

    def push_dialog(self, dialog: ModalScreen[Any], done: Any) -> None:
        """Open a dialog asking this seat; it closes by itself if the table moves on."""
        self._dialog, self._asked = dialog, self._asking(self.table.awaiting())

        def answered(value: Any) -> None:
            if self._dialog is not dialog:
                return  # closed because the table moved on: not an answer
            self._dialog = self._asked = None
            done(value)

        self.app.push_screen(dialog, answered)

    def _offer_challenge(self, awaiting: Awaiting) -> None:
        """Ask this seat alone whether it challenges the sale (the same prompt, word or not)."""
        from buyword.ui.challenge import ChallengeScreen

        sale = awaiting.sale
        assert sale is not None
        dialog = ChallengeScreen(str(sale), [(self.table.seat + 1, self.table.name)],
                                 self.game.rules.challenge_penalty)
        self.push_dialog(dialog, self._challenged_remotely)

    def _challenged_remotely(self, number: int | None) -> None:
        self.play(Challenge(number) if number is not None else Pass())

    def action_drop(self) -> None:
        """Open the tile-limit dialog when this seat is over the limit."""
        from buyword.ui.drop import DropScreen

        awaiting = self.table.awaiting()
        if awaiting.wait is not Wait.DROP or not self._person_to_act() or self._dialog:
            return
        player = self.game.player(self.table.seat)
        over = self.game.over_limit(self.table.seat)
        dialog = DropScreen(player.name, player.hand, over, self.game.rules.tiles,
                            self.game.rules.tile_limit or 0)
        self.push_dialog(dialog, self._dropped)

    def play(self, action: Answer | str, seat: int | None = None) -> bool:
        """Send this seat's answer to the server (the reply redraws the screen)."""
        return super().play(action, self.table.seat)

    def _after(self, played: Played) -> None:
        """An answer has gone to the server: wait for its reply (no key does anything)."""
        self._clear_refusal()
        self.state.busy = True
        self.refresh_view()

    def _person_to_act(self) -> bool:
        """Whether this seat is asked now and the screen is free to answer."""
        awaiting = self.table.awaiting()
        return (super()._person_to_act() and awaiting.seat == self.table.seat
                and not self.table.in_flight and not self.table.lost
                and self.table.ended is None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """As at a local table, without the computers' skip (the host paces them)."""
        if action == "skip":
            return False
        return super().check_action(action, parameters)

    def no_hints_reason(self) -> str:
        """Why F2 shows no hints now: the host decides whether the table plays with them."""
        if not self.table.hints_allowed:
            return "Hints are off at this table: the host allows them with buyword host --hints."
        return super().no_hints_reason()

    # ------------------------------------------------------------------ drawing

    def last_placed(self, grid: Grid) -> frozenset[Square]:
        """The squares of the last word placed, as the server counted them."""
        return self.table.game.last_placed

    def words_placed(self) -> int:
        """How many words have been placed, as the server counted them."""
        return self.table.game.words_placed

    def _prompt(self, awaiting: Awaiting) -> Content:
        """Whose turn it is: this seat's prompt, the link's state, or what the table waits
        for (never another seat's price or tiles)."""
        table = self.table
        if table.ended is not None:
            return markup("[b]You are no longer at this table:[/b] $why", why=table.ended)
        if table.lost:
            return markup("[b reverse] Connection lost — reconnecting… [/]")
        if self._my_turn(awaiting) or awaiting.wait is Wait.OVER:
            return super()._prompt(awaiting)
        return markup("Waiting: $words.", words=table.waiting_for())

    def _show_racks(self, awaiting: Awaiting) -> None:
        """As at a local table; and while others decide on their draws, this seat's own
        draw stays in sight (nobody else holds this screen)."""
        super()._show_racks(awaiting)
        mine = self.game.player(self.table.seat).drawn
        if awaiting.wait is not Wait.BUY or awaiting.seat == self.table.seat or not mine:
            return
        drawn = self.query_one("#drawn", Rack)
        drawn.tiles, drawn.face_down, drawn.display = mine, False, True
        drawn.border_title = literal(f"Your draw · {len(mine)} tiles · "
                                     f"${self.game.offer_price(self.table.seat)}")

    def _show_side(self) -> None:
        """As at a local table, but the seed deals the bag: it is shown only at the end."""
        super()._show_side()
        if self.game.seed is None:
            self.query_one("#players").border_subtitle = "hosted table"

    def _show_results(self) -> None:
        if self._results_shown:
            return
        self._results_shown = True
        self.app.push_screen(RemoteResultsScreen(self.table))


class RemoteResultsScreen(Screen[None]):
    """The end of a hosted game: the standings as the server sent them."""

    CSS_PATH = "results.tcss"
    BINDINGS = [Binding("q,escape", "leave", "Leave the table")]

    def __init__(self, table: RemoteTable) -> None:
        """The results of `table`'s finished game."""
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        """The reason the game ended, the standings, and the seed that dealt the bag."""
        outcome = self.table.view["outcome"] if self.table.view else None
        with Vertical(id="results"):
            yield Static("Game over", classes="dialog-title")
            if outcome is not None:
                yield Static(literal(outcome["reason"]), id="reason")
                lines = Content("\n").join(
                    literal(f"{s['place']}. {s['name']}  ${s['money']:,}"
                            + ("  (you)" if s["seat"] == self.table.seat else ""))
                    for s in outcome["standings"])
                yield Static(lines, id="standings")
            seed = self.table.view["seed"] if self.table.view else None
            yield Static(literal(f"The bag was dealt with seed {seed}."), id="seed")
        yield Footer()

    def action_leave(self) -> None:
        """Close the table's screen."""
        self.app.exit()


def table_commands(screen: object) -> Iterator[SystemCommand]:
    """The command palette's table actions for a hosted table's screen (those legal now)."""
    if isinstance(screen, RemoteTableScreen):
        for action, title in screen.palette_actions():
            yield SystemCommand(title, "Table action", partial(screen.run_action, action))


class JoinApp(App[None]):
    """`buyword join`: one seat at a hosted table, on this screen."""

    CSS_PATH = "app.tcss"
    TITLE = "BuyWord"
    BINDINGS = [Binding("ctrl+q", "quit", "Leave", priority=True)]

    def __init__(self, joined: JoinedTable) -> None:
        """Play the seat `joined` holds."""
        super().__init__()
        self.joined = joined

    def on_mount(self) -> None:
        """Open the table."""
        self.sub_title = f"{self.joined.table.name} at {self.joined.host}:{self.joined.port}"
        self.push_screen(RemoteTableScreen(self.joined.table))
        if self.joined.table.hints_allowed:  # load the word list before the first F2
            self.run_worker(self.joined.table.prepare_hints, thread=True, exclusive=True)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette: the table's actions, then Textual's own."""
        yield from table_commands(screen)
        yield from super().get_system_commands(screen)

    async def action_quit(self) -> None:
        """Leave the table: the seat stays this player's, to take back with the token."""
        await self.joined.leave()
        self.exit()
