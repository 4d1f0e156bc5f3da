"""The host's own seat at the table it serves: the joined table screen, with who is connected
and the host's commands (the join codes, a gone player's seat handed to a computer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from buyword.engine import BuyWordError
from buyword.ui.dialogs.host import CodesScreen, HandOverScreen
from buyword.ui.screens.joined import RemoteTableScreen
from buyword.ui.text import literal, markup

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


class HostTableScreen(RemoteTableScreen):
    """The host's own seat, with the players' states and the host's commands."""

    BINDINGS: ClassVar[list[BindingType]] = [
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
