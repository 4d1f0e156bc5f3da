"""The lesson panel of a guided game (Learn to play) or a puzzle, in the price list's place.

Handed the view's `LessonView` (`show`), it shows the lesson's number and name, what it says
and what to do now, and on its foot how to stop: Ctrl+Q in a lesson, Ctrl+L at a puzzle
(`LEAVE_PUZZLE`). Which keys the lesson answers with what it waits for is
`buyword.ui.status.lesson_refuses`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Static

from buyword.ui.text import literal

if TYPE_CHECKING:
    from buyword.table.views import LessonView

#: How to leave a puzzle unanswered, on its panel: the same key at every puzzle (Esc too,
#: except at a sale, where Esc ends the sale and so answers).
LEAVE_PUZZLE = "Ctrl+L: leave the puzzle"


class LessonPanel(Static):
    """What the lesson says now, and what to do (bold, after an arrow)."""

    def show(self, lesson: LessonView) -> None:
        """The panel as `lesson` says (its frame turns green once the lesson is finished)."""
        self.set_class(lesson.finished, "-finished")
        self.border_title = literal(lesson.title)
        if lesson.todo is None:
            self.update(literal(lesson.text))
            return
        todo = Content.assemble(("→ ", "bold $accent"), (lesson.todo, "bold"))
        self.update(Content("\n").join([literal(lesson.text), todo]))
        self.border_subtitle = LEAVE_PUZZLE if lesson.posed else "Ctrl+Q: stop for now"
