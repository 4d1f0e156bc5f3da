"""The host's seats panel, on the host's own screen at a table its server serves.

Handed the host's powers (`buyword.table.source.HostPowers`), the panel shows who plays each
seat and who is here, and redraws itself whenever the server says a player came or went or a
seat changed hands (told from the server's task, so posted to itself). It also runs the
host's two commands: the join codes again (F6), and handing a gone player's seat to a
computer (F7). What they say goes up as `MessageLine.Say`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from buyword.engine import BuyWordError
from buyword.ui.text import literal, markup
from buyword.ui.widgets.message_line import MessageLine

if TYPE_CHECKING:
    from buyword.table.source import HostPowers


class SeatsPanel(Static):
    """Who plays each seat at the host's table, and who is here (F6: how to join)."""

    class Changed(Message):
        """A player came or went, or a seat changed hands (from the server's task)."""

    def __init__(self, host: HostPowers, *, id: str | None = None) -> None:
        """The panel of the table `host` serves."""
        super().__init__(id=id)
        self.host = host

    def on_mount(self) -> None:
        """Follow the server: redraw whenever its seats change."""
        self.host.watch(lambda: self.post_message(self.Changed()))
        self._draw()

    def on_seats_panel_changed(self, message: SeatsPanel.Changed) -> None:
        """Redraw the panel."""
        message.stop()
        self._draw()

    def _draw(self) -> None:
        if not self.is_attached:
            return
        self.update(Content("\n").join([markup("[b]Seats[/b] (F6: how to join)"),
                                        *(literal(line) for line in self.host.seat_lines())]))

    def show_codes(self) -> None:
        """The host's F6: show the join codes again."""
        from buyword.ui.dialogs.host import CodesScreen

        self.app.push_screen(CodesScreen(self.host.codes()))

    def hand_over(self) -> None:
        """The host's F7: choose a gone player's seat and the computer level that plays it
        on."""
        from buyword.bots import LEVELS
        from buyword.ui.dialogs.host import HandOverScreen

        seats = self.host.handed_over()
        if not seats:
            self.post_message(MessageLine.Say("Every other seat is already a computer's."))
            return
        self.app.push_screen(HandOverScreen(seats, LEVELS), self._handed_over)

    def _handed_over(self, choice: tuple[int, str] | None) -> None:
        if choice is None:
            return
        seat, level = choice
        try:
            said = self.host.hand_to_computer(seat, level)
        except BuyWordError as error:
            self.post_message(MessageLine.Say(str(error), error=True))
            return
        self.post_message(MessageLine.Say(said))
