"""Learn to play: the table screen with a lesson panel, drawn from a `Tutorial`.

The screen is the table screen, playing the guided game's `Tutorial` as its source: every
answer goes through the tutorial, which lets through only what the lesson waits for and
refuses the rest in the player's words (shown on the message line, as any refusal is). The
panel under the players says which lesson is on, what it teaches and what to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.content import Content
from textual.widgets import Static

from buyword.table import Wait
from buyword.ui.screens.table import TableScreen
from buyword.ui.text import literal

if TYPE_CHECKING:
    from textual import events

    from buyword.store.setup import GameSetup
    from buyword.table.lessons import Tutorial
    from buyword.table.session import TableSession

#: The table's keys a lesson may ask for, with the key action each one runs: pressed while
#: that action cannot be taken now, the lesson says what it waits for instead.
LESSON_KEYS: dict[str, tuple[str, tuple[object, ...]]] = {
    "r": ("roll", ()), "b": ("buy", ()), "d": ("discard", ()), "x": ("drop", ()),
    **{str(count): ("choose", (count,)) for count in range(2, 6)},
}


class LearnScreen(TableScreen):
    """The guided first game: a table screen with the lesson on beside the play."""

    CSS_PATH: ClassVar = [*TableScreen.CSS_PATH, "learn.tcss"]

    def __init__(self, tutorial: Tutorial, setup: GameSetup) -> None:
        """The table of `tutorial`'s game, set up as `setup` (the lesson setup)."""
        super().__init__(tutorial, setup)
        self.tutorial = tutorial

    def on_mount(self) -> None:
        """The lesson panel goes under the players, in the price list's place (the price
        list is under Prices in help), before the table is first drawn."""
        self.query_one("#side").mount(Static(id="lesson"), after="#players")
        super().on_mount()

    def draw(self) -> None:
        """The table as any game draws it, and the lesson on now."""
        super().draw()
        self.show_lesson()

    def show_lesson(self) -> None:
        """The panel: the lesson's number and name, what it says, and what to do."""
        panels = self.query("#lesson")
        if not panels:
            return  # drawn before the panel is mounted
        panel = panels.first(Static)
        tutorial = self.tutorial
        panel.set_class(tutorial.finished, "-finished")
        panel.border_title = literal(tutorial.progress)
        if tutorial.finished:
            panel.update("The game is over: the results rate your money.")
            return
        if not tutorial.on_script:
            panel.update("This game has left the lessons' script: play on as in any game.")
            return
        step = tutorial.step
        todo = Content.assemble(("→ ", "bold $accent"),
                                (f"{step.key[0].upper()}{step.key[1:]}.", "bold"))
        panel.update(Content("\n").join([literal(step.text), todo]))
        panel.border_subtitle = "Ctrl+Q: stop for now"

    def on_key(self, event: events.Key) -> None:
        """A table key that does nothing now is answered with what the lesson waits for
        (a key that does something goes through the tutorial, which says the same)."""
        if self.idle_key(event.key):
            event.stop()
            self.show_message(self.tutorial.not_yet(), error=True)
            return
        super().on_key(event)

    def idle_key(self, key: str) -> bool:
        """Whether `key` is a table key that would do nothing now, for the player to act
        (not while selling: letters type into the word box)."""
        known = LESSON_KEYS.get(key)
        if known is None or not self._person_to_act() or self.view.awaiting.wait is Wait.SELL:
            return False
        return self.check_action(*known) is not True

    def finished_session(self) -> TableSession:
        """The session whose results are shown (the tutorial's game)."""
        return self.tutorial.session
