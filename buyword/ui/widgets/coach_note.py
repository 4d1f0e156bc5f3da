"""The coach's line on the table screen: what the coach said, shown to whoever may hear it.

The table (a runner, or a hosted seat's link) tells the coach's lines from its own task, in
line with its updates: the screen posts them (`Told`) where it draws the updates, and hands
them on (`hear`). The line shows, from the `TableView` it is handed (`show`), only those its
screen's holder may hear (`buyword.ui.status.may_hear`): with private hands a
seat's own line waits for that seat's person and hides while another person holds the screen.
A seat's line leaves when its person starts their next decision (`ShownLine`), or at once
when an undo takes back the move it spoke of (`unsay`). A line for everyone stays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widgets import Static

from buyword.ui.status import may_hear
from buyword.ui.text import literal

if TYPE_CHECKING:
    from buyword.table import TableView, Undone
    from buyword.table.coach import CoachLine, ShownLine
    from buyword.table.source import Said


class CoachNote(Static):
    """The coach's latest words that the screen's holder may hear (hidden when there are
    none, or when another person holds the screen)."""

    @dataclass
    class Told(Message):
        """The coach has said something (told from the table's task). Posted to the screen,
        in line with the table's updates, so a line is heard with the view it follows."""

        said: CoachLine | Said

    def __init__(self, *, id: str | None = None) -> None:
        """An empty line, hidden until the coach says something its holder may hear."""
        super().__init__(id=id)
        self.display = False
        #: What the coach said that the screen's holder may not hear yet (pass and play).
        self.waiting: list[CoachLine | Said] = []
        #: Whose the line on screen is (None: everyone's, or none shown).
        self.coached: int | None = None
        #: The seat's line on screen, which leaves when its person's next decision starts
        #: (None: none shown, or one for everyone, which stays).
        self.shown: ShownLine | None = None
        #: The table as the screen last drew it (None until it is first drawn).
        self.view: TableView | None = None
        #: Where the earliest decision the lines shown speak of starts in the game's record
        #: (None: a line that judges no one decision; see `CoachLine.decision`).
        self.about: int | None = None

    def hear(self, said: CoachLine | Said) -> None:
        """What the coach said (F6's answer, or a line told): shown if it may be now, else
        kept for its person."""
        self.waiting.append(said)
        if self.view is not None:
            self.show(self.view)

    def unsay(self, undone: Undone) -> None:
        """After an undo: what the coach said of the undone move's seat about a decision
        from that move on spoke of a move that no longer stands, so its line leaves the
        screen and its untold lines are dropped (a line on an earlier decision, such as the
        buy before an undone sale, stays). The decision is open again; the coach weighs it
        afresh and speaks once it is made again."""
        def taken_back(said: CoachLine | Said) -> bool:
            return said.seat == undone.seat and _since(said, undone.at)

        self.waiting = [said for said in self.waiting if not taken_back(said)]
        if self.coached == undone.seat and (self.about is None or self.about >= undone.at):
            self._fall_silent()

    def show(self, view: TableView) -> None:
        """The coach's latest lines that `view`'s holder may hear (a seat's own lines wait
        for its person at a pass-and-play table); hidden when another person holds it."""
        self.view = view
        told = [said for said in self.waiting if may_hear(view, said.seat)]
        if told:
            self.waiting = [said for said in self.waiting if said not in told]
            self.update(literal("\n".join(said.text for said in told)))
            seat = self.coached = told[-1].seat
            decisions = [at for at in map(_decision, told) if at is not None]
            self.about = min(decisions) if len(decisions) == len(told) else None
            if seat is None:
                self.shown = None  # for everyone (the coach has stopped): it stays
            else:
                from buyword.table.coach import ShownLine

                self.shown = ShownLine.shown(seat, view)
            self.display = True
        if self.shown is not None and not self.shown.stands(view):
            self._fall_silent()  # its person has started their next decision
            return
        if told:
            return
        seat = self.coached
        if self.display and seat is not None and not view.may_see(seat):
            self.display = False  # another person holds the screen now

    def _fall_silent(self) -> None:
        """The line leaves the screen (what it said no longer applies)."""
        self.shown = None
        self.update("")
        self.display = False


def _decision(said: CoachLine | Said) -> int | None:
    """Where the decision a line speaks of starts in the game's record (None: a `Said`,
    which judges no decision)."""
    return getattr(said, "decision", None)


def _since(said: CoachLine | Said, at: int) -> bool:
    """Whether `said` may speak of a move `at` or later in the game's record."""
    decision = _decision(said)
    return decision is None or decision >= at
