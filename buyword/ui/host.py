"""`buyword host` on the host's screen: the host's own seat, the join codes, who is connected,
and handing a gone player's seat to a computer.

The host plays like any joined player (`RemoteTableScreen`, fed straight from the server in
this process by `HostSeat`); the server runs in the same event loop as the screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from buyword.ui.screens.joined import RemoteTableScreen
from buyword.ui.shell import TableShell
from buyword.ui.widgets import PIECES_CSS

if TYPE_CHECKING:
    from buyword.net.remote import HostSeat


class HostApp(TableShell[None]):
    """`buyword host`: the host's own seat at the table this process serves."""

    CRASH_WHERE = "buyword host"
    QUIT_SAYS = "Close the table for everyone (asks first)"

    CSS_PATH = PIECES_CSS  # the table pieces' styles, each beside its widget
    TITLE = "BuyWord"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, host: HostSeat, colours: str | None = None) -> None:
        """Play `host`'s seat while its server serves the table, in the colour scheme
        `colours` (the player's)."""
        super().__init__()
        self.host = host
        self.colours = colours

    def on_mount(self) -> None:
        """Open the table, in the player's colours."""
        self.use_colours(self.colours)
        server = self.host.server
        self.sub_title = f"hosting on {server.host}:{server.port}"
        self.push_screen(RemoteTableScreen(self.host.table, self.host))

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

    def crash_resume(self, record: str | None) -> str | None:
        """A hosted game is saved after every move: `--continue` serves it again."""
        return "The game is saved: buyword host --continue serves it again."

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette: the table's actions, the host's commands, then Textual's own."""
        yield from self.table_commands(screen)
        if isinstance(screen, RemoteTableScreen) and screen.host is not None:
            yield SystemCommand("Join codes", "Show the join codes and who is connected",
                                screen.action_codes)
            yield SystemCommand("Hand a seat to a computer",
                                "A gone player's seat is played by a computer from now on",
                                screen.action_hand_over)
        yield from self.help_commands()
        yield from self.variant_commands()
        yield from self.textual_commands(screen)
