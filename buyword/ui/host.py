"""`buyword host` on the host's screen: the host's own seat, the join codes, who is connected,
and handing a gone player's seat to a computer.

The host plays like any joined player (`RemoteTableScreen`, fed straight from the server in
this process by `HostSeat`); the server runs in the same event loop as the screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from buyword.engine import BuyWordError
from buyword.ui.remote import RemoteTableScreen, table_commands
from buyword.ui.text import literal, markup
from buyword.ui.widgets import PIECES_CSS

if TYPE_CHECKING:
    from buyword.net.remote import HostSeat
    from buyword.net.server import TableServer


def seat_lines(server: TableServer, host_seat: int) -> list[str]:
    """One line per seat for the host: who plays it and whether they are connected."""
    lines = []
    for seat, s in enumerate(server.session.seats):
        if seat == host_seat:
            state = "you, at this screen"
        elif not s.human:
            state = f"computer ({s.level})"
        elif seat in server.clients:
            state = "connected"
        elif seat in server.claimed:
            state = "gone — may come back with their token"
        else:
            state = f"not joined yet · code {server.codes.get(seat, '?')}"
        lines.append(f"{seat + 1} {s.name}: {state}")
    return lines


class CodesScreen(ModalScreen[None]):
    """The join codes and where the table listens (the host reads them out to the players)."""

    CSS_PATH = "dialogs/dialogs.tcss"
    BINDINGS = [Binding("escape,enter,f6", "close", "Close")]

    def __init__(self, lines: list[str]) -> None:
        """Show `lines` (the server's description and each seat's state)."""
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        """The lines, and how to close."""
        with Vertical(classes="dialog", id="codes"):
            yield Static("Join this table", classes="dialog-title")
            yield Static(Content("\n").join(literal(line) for line in self.lines),
                         classes="dialog-body")
            yield Static("A player types the command shown for their seat. Esc closes.",
                         classes="dialog-note")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class HandOverScreen(ModalScreen[tuple[int, str] | None]):
    """Choose a person's seat and the computer level that plays it from now on."""

    CSS_PATH = "dialogs/dialogs.tcss"
    BINDINGS = [Binding("escape", "close", "Cancel")]

    def __init__(self, seats: list[tuple[int, str]], levels: tuple[str, ...]) -> None:
        """`seats`: (seat, name) of the people's seats that may be handed over."""
        super().__init__()
        self.choices = [(seat, level) for seat, _ in seats for level in levels]
        self.labels = [f"{name} → computer ({level})" for _, name in seats for level in levels]

    def compose(self) -> ComposeResult:
        """The choices, one per seat and level."""
        with Vertical(classes="dialog", id="hand-over"):
            yield Static("Hand a seat to a computer", classes="dialog-title")
            yield OptionList(*(Option(literal(label)) for label in self.labels))
            yield Static("The seat keeps its tiles and money; its player cannot come back. "
                         "Esc cancels.", classes="dialog-note")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice made."""
        self.dismiss(self.choices[event.option_index])

    def action_close(self) -> None:
        """No change."""
        self.dismiss(None)


class HostTableScreen(RemoteTableScreen):
    """The host's own seat, with the players' states and the host's commands."""

    BINDINGS = [
        Binding("f6", "codes", "Join codes"),
        Binding("f7", "hand_over", "Seat to computer"),
    ]

    def __init__(self, host: HostSeat) -> None:
        """The host plays `host.table`'s seat at `host.server`'s table."""
        super().__init__(host.table)
        self.host = host

    def on_mount(self) -> None:
        """Add the seats' panel under the players, kept up to date by the server."""
        super().on_mount()
        self.query_one("#side").mount(Static(id="connected"))
        self.host.on_update = lambda: self.post_message(self.SeatsChanged())
        self._show_connected()

    class SeatsChanged(Message):
        """A player came or went, or a seat changed hands (from the server's task)."""

    def on_host_table_screen_seats_changed(self, _message: SeatsChanged) -> None:
        """Redraw the seats' panel."""
        self._show_connected()

    def _show_connected(self) -> None:
        if not self.is_attached:
            return
        lines = seat_lines(self.host.server, self.table.seat)
        self.query_one("#connected", Static).update(
            Content("\n").join([markup("[b]At the table[/b] (F6: join codes)"),
                                *(literal(line) for line in lines)]))

    def action_codes(self) -> None:
        """Show the join codes again."""
        server = self.host.server
        self.app.push_screen(CodesScreen(server.describe()
                                         + seat_lines(server, self.table.seat)))

    def hand_over_seats(self) -> list[tuple[int, str]]:
        """The people's seats the host may hand to a computer (every one but the host's)."""
        session = self.host.server.session
        return [(seat, session.seats[seat].name) for seat in session.people
                if seat != self.table.seat]

    def action_hand_over(self) -> None:
        """Choose a gone player's seat and the computer level that plays it on."""
        from buyword.bots import LEVELS

        seats = self.hand_over_seats()
        if not seats:
            self.show_message("Every other seat is already a computer's.")
            return
        self.app.push_screen(HandOverScreen(seats, LEVELS), self._handed_over)

    def _handed_over(self, choice: tuple[int, str] | None) -> None:
        if choice is None:
            return
        seat, level = choice
        try:
            self.host.server.hand_to_computer(seat, level)
        except BuyWordError as error:
            self.show_message(str(error), error=True)
            return
        name = self.host.server.session.seats[seat].name
        self.show_message(f"A computer ({level}) plays {name}'s seat now.")


class HostApp(App[None]):
    """`buyword host`: the host's own seat at the table this process serves."""

    CSS_PATH = PIECES_CSS  # the table pieces' styles, each beside its widget
    TITLE = "BuyWord"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, host: HostSeat) -> None:
        """Play `host`'s seat while its server serves the table."""
        super().__init__()
        self.host = host

    def on_mount(self) -> None:
        """Open the table."""
        server = self.host.server
        self.sub_title = f"hosting on {server.host}:{server.port}"
        self.push_screen(HostTableScreen(self.host))

    async def action_quit(self) -> None:
        """Close the table; while the game is on, ask first (it closes for everyone)."""
        from buyword.ui.dialogs.confirm import ConfirmScreen

        if self.host.table.over or \
                isinstance(self.screen, ConfirmScreen):
            self.exit()
            return
        question = ConfirmScreen(
            "Close this table for everyone?",
            "The game is saved: buyword host --continue serves it again.")
        self.push_screen(question, lambda yes: self.exit() if yes else None)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette: the table's actions, the host's commands, then Textual's own."""
        yield from table_commands(screen)
        if isinstance(screen, HostTableScreen):
            yield SystemCommand("Join codes", "Show the join codes and who is connected",
                                screen.action_codes)
            yield SystemCommand("Hand a seat to a computer",
                                "A gone player's seat is played by a computer from now on",
                                screen.action_hand_over)
        yield from super().get_system_commands(screen)
