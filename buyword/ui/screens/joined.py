"""A seat at a hosted table on this screen: the usual table, drawn from the host's views.

`RemoteTableScreen` is the table screen playing a `SeatLink` (`buyword.net.remote`): it draws
the `TableView`s the host sends for this seat, exactly as a local table draws its session's,
asks only this seat (the challenge prompt, the drop dialog, the variants' keys), and sends its
answers, and its questions (a typed word's preview, the hints: their answers come back as
the table screen's messages, as a local table's do), to the host. No hand-off
screens: each player has their own screen. When the link breaks it says so and the table
comes back when the seat is taken back with its token. `buyword.ui.remote.JoinApp` runs it for
`buyword join`, and `buyword.ui.host.HostApp` for the host's own seat: given the host's
powers (`host`), it shows who is connected and offers the host's commands (the join codes, a
gone player's seat handed to a computer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from buyword.engine import BuyWordError
from buyword.store.setup import GameSetup
from buyword.table import Awaiting, Played, TableView, Wait
from buyword.ui.screens.crossword import CrosswordTable
from buyword.ui.screens.table import TableScreen
from buyword.ui.text import literal

if TYPE_CHECKING:
    from buyword.net.remote import HostSeat, SeatLink


class RemoteTableScreen(TableScreen):
    """The table screen for one seat at a hosted table (see the module's docstring)."""

    # Paths are read from this module's folder (the table screen's own styles).
    CSS_PATH = ["table.tcss", "../widgets/board.tcss"]

    def __init__(self, table: SeatLink, host: HostSeat | None = None) -> None:
        """Draw `table`, which has had its first view; `host`: the host's own seat, at the
        table its server serves (with the host's powers)."""
        setup = GameSetup(seats=table.table_view().seats)  # names only: not used
        CrosswordTable.__init__(self)  # no runner here: the host's table runs the game
        self.sit_at(table, setup)
        self.table: SeatLink = table
        self.host = host
        #: The dialog asking this seat now (challenge or drop), and what it asks about.
        self._dialog: ModalScreen[Any] | None = None
        self._asked: tuple[str, int] | None = None
        self._offered_quit = False
        #: The decision this seat was making when the coach's line came (None: none), which
        #: the line leaves after (`TableView.deciding`).
        self.coach_through: tuple[int, str] | None = None

    def on_mount(self) -> None:
        """Redraw whenever the host says something."""
        self.table.on_change = self._table_changed
        super().on_mount()

    def connect(self) -> None:
        """Show the table as the host last described it."""
        self.advance()

    def _die_settled(self) -> None:
        self.advance()

    def on_unmount(self) -> None:
        """Stop redrawing a screen that has gone."""
        if self.table.on_change == self._table_changed:
            self.table.on_change = None

    @dataclass
    class TableChanged(Message):
        """The host said something (a view, a refusal, the coach) or the link changed."""

        kind: str

    def _table_changed(self, kind: str) -> None:
        # Called from the link's task, outside the screen's context: redraw from a message.
        self.post_message(self.TableChanged(kind))

    def on_remote_table_screen_table_changed(self, message: TableChanged) -> None:
        """Redraw, and show a refusal or the coach's line (previews and hints come to the
        table screen's own messages)."""
        kind = message.kind
        if not self.is_attached:
            return
        if kind == "coach":
            self._coach_update()
            return
        if kind == "refused" and self.table.refusal:
            self.show_message(self.table.refusal, error=True)
        self.advance()
        if kind == "link" and self.table.ended is not None and not self.table.over:
            self._offer_to_quit()

    def _coach_update(self) -> None:
        """The host's coach has spoken to this seat (this screen is its own): show its
        latest lines."""
        said = self.table.take_coach()
        if not said:
            return
        line = self.query_one("#coach", Static)
        line.update(literal("\n".join(said)))
        line.display = True
        self.state.coached = self.table.seat
        self.coach_through = self.view.deciding(self.table.seat)

    def _show_coach(self) -> None:
        """The coach's line leaves once this seat starts its next decision (as at a local
        table: docs/review.md, "Coach")."""
        through = self.coach_through
        now = self.view.deciding(self.table.seat)
        line = self.query_one("#coach", Static)
        if line.display and now is not None and now != through:
            line.update("")
            line.display = False

    def action_coach(self) -> None:
        """F6, "what would Master do?": the host's coach answers for this seat's decision
        (its line comes here, or the host says why not)."""
        try:
            self.table.ask_coach(self.table.seat)
        except BuyWordError as error:
            self.show_message(str(error), error=True)

    def _offer_to_quit(self) -> None:
        """The table cannot be played from here any more: say why, and offer to quit (a
        "no" leaves the table on screen as it last stood)."""
        from buyword.ui.dialogs.confirm import ConfirmScreen

        if self._offered_quit:
            return
        self._offered_quit = True
        self._close_dialog()
        why = self.table.ended or "the table has closed"
        detail = literal(f"{why[0].upper()}{why[1:]}.")  # the host's words: text, not markup
        question = ConfirmScreen("You are no longer at this table. Quit?", detail)
        self.app.push_screen(question, lambda yes: self.app.exit() if yes else None)

    # ------------------------------------------------------------------ turn flow

    def _my_turn(self, awaiting: Awaiting) -> bool:
        return self.table.seat in awaiting.seats and not awaiting.computer

    def advance(self, view: TableView | None = None) -> None:
        """Show the table as the host last described it; ask this seat if it is asked."""
        table = self.table
        self.state.busy = table.in_flight or table.lost or table.ended is not None
        view = table.table_view()
        awaiting = view.awaiting
        asked = self._asking(view)
        if self._dialog is not None and asked != self._asked:
            self._close_dialog()  # the table moved on (someone else challenged first ...)
        self.view = view
        if awaiting.wait is Wait.OVER:
            self._show_results()
            return
        if self.state.busy or asked is None or self._dialog is not None:
            return
        if awaiting.wait is Wait.CHALLENGE:
            self._offer_challenge(view)
        else:
            self._focus_for(awaiting.wait)

    def _asking(self, view: TableView) -> tuple[str, int] | None:
        """What this seat is asked now (the kind of input, and how far the log has got), or
        None when it is not asked."""
        if not self._my_turn(view.awaiting) or view.awaiting.wait is Wait.OVER:
            return None
        return (str(view.awaiting.wait), len(view.log))

    def _close_dialog(self) -> None:
        dialog, self._dialog, self._asked = self._dialog, None, None
        if dialog is not None and dialog.is_attached and self.app.screen is dialog:
            dialog.dismiss(None)

    def push_dialog(self, dialog: ModalScreen[Any], done: Any) -> None:
        """Open a dialog asking this seat (one at a time); it closes by itself if the table
        moves on."""
        if self._dialog is not None:
            return
        self._dialog, self._asked = dialog, self._asking(self.view)

        def answered(value: Any) -> None:
            if self._dialog is not dialog:
                return  # closed because the table moved on: not an answer
            self._dialog = self._asked = None
            done(value)

        self.app.push_screen(dialog, answered)

    def _after(self, played: Played) -> None:
        """An answer has gone to the host: wait for its reply (no key does anything)."""
        self._clear_refusal()
        self.state.busy = True
        self.draw()

    # ------------------------------------------------------------------ drawing
