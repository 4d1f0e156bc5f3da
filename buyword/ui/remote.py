"""`buyword join`: one seat at a hosted table on this screen (`JoinApp`), drawn by the
joined table screen (`buyword.ui.screens.joined.RemoteTableScreen`)."""

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
    from buyword.net.remote import JoinedTable


class JoinApp(TableShell[None]):
    """`buyword join`: one seat at a hosted table, on this screen."""

    CRASH_WHERE = "buyword join"
    QUIT_SAYS = "Leave the table (asks first; your seat stays yours)"

    CSS_PATH = PIECES_CSS  # the table pieces' styles, each beside its widget
    TITLE = "BuyWord"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Leave", priority=True),
        # Not in the footer (the table's keys need its room); in the palette and the docs.
        Binding("f7", "token", "Rejoin token", show=False),
    ]

    def __init__(self, joined: JoinedTable, colours: str | None = None) -> None:
        """Play the seat `joined` holds, in the colour scheme `colours` (the player's)."""
        super().__init__()
        self.joined = joined
        self.colours = colours

    def on_mount(self) -> None:
        """Open the table, in the player's colours."""
        self.use_colours(self.colours)
        self.sub_title = f"{self.joined.table.name} at {self.joined.host}:{self.joined.port}"
        self.push_screen(RemoteTableScreen(self.joined.table))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette: the table's actions, the rejoin token, the help and the
        variants, then Textual's own."""
        yield from self.table_commands(screen)
        yield SystemCommand("Rejoin token", "The command that takes your seat back (F7)",
                            self.action_token)
        yield from self.help_commands()
        yield from self.variant_commands()
        yield from self.textual_commands(screen)

    def crash_record(self) -> str | None:
        """The host keeps the game: nothing of it is saved here."""
        return None

    def crash_resume(self, record: str | None) -> str | None:
        """The seat stays this player's: their token takes it back."""
        return f"Your seat stays yours: {self.rejoin_command()} takes it back."

    def rejoin_command(self) -> str:
        """The command that takes this seat back after a drop: `buyword join HOST:PORT TOKEN`."""
        return f"buyword join {self.joined.host}:{self.joined.port} {self.joined.table.token}"

    def action_token(self) -> None:
        """Show the rejoin command again (F7), over the table."""
        from buyword.ui.dialogs.host import TokenScreen

        if not isinstance(self.screen, TokenScreen):
            self.push_screen(TokenScreen(self.rejoin_command()))

    async def action_quit(self) -> None:
        """Leave the table: the seat stays this player's, to take back with the token. While
        the game is on and the table still there, ask first."""
        from buyword.ui.dialogs.confirm import ConfirmScreen

        table = self.joined.table
        if table.over or table.ended is not None or isinstance(self.screen, ConfirmScreen):
            await self._leave(True)
            return
        question = ConfirmScreen(
            "Leave this table?",
            f"Your seat stays yours: {self.rejoin_command()} takes it back.")
        self.push_screen(question, self._leave)

    async def _leave(self, yes: bool | None) -> None:
        if yes:
            await self.joined.leave()
            self.exit()
