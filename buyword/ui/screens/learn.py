"""Learn to play: the table screen with a lesson panel, drawn from a `Tutorial`.

The screen is the table screen, playing the guided game's `Tutorial` as its source: every
answer goes through the tutorial, which lets through only what the lesson waits for and
refuses the rest in the player's words (shown on the message line, as any refusal is). The
panel under the players says which lesson is on, what it teaches and what to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.content import Content
from textual.widgets import Static

from buyword.table import Wait
from buyword.ui.screens.table import TableScreen
from buyword.ui.text import literal

if TYPE_CHECKING:
    from textual import events
    from textual.screen import ModalScreen

    from buyword.store.setup import GameSetup
    from buyword.table.lessons import Tutorial
    from buyword.table.runner import TableRunner

#: The table's keys a lesson may ask for, with the key action each one runs: pressed while
#: that action cannot be taken now, the lesson says what it waits for instead.
LESSON_KEYS: dict[str, tuple[str, tuple[object, ...]]] = {
    "r": ("roll", ()), "b": ("buy", ()), "d": ("discard", ()), "x": ("drop", ()),
    **{str(count): ("choose", (count,)) for count in range(2, 6)},
}


class LearnScreen(TableScreen):
    """The guided first game: a table screen with the lesson on beside the play."""

    CSS_PATH: ClassVar = [*TableScreen.CSS_PATH, "learn.tcss"]

    def __init__(self, runner: TableRunner, tutorial: Tutorial, setup: GameSetup) -> None:
        """The table of `tutorial`'s game, run by `runner` (whose answers go through the
        tutorial), set up as `setup` (the lesson setup)."""
        super().__init__(runner, setup)
        self.tutorial = tutorial
        #: Why the lesson refused the last drop (said in the reopened tile-limit dialog).
        self.drop_refused = ""

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
        """A table key that does nothing now, or a key that is no action at all (Q, 7), is
        answered with what the lesson waits for (a key that does something goes through the
        tutorial, which says the same)."""
        if self.idle_key(event.key) or self._no_action(event):
            event.stop()
            self.show_message(self.tutorial.not_yet(), error=True)
            return
        super().on_key(event)

    def _no_action(self, event: events.Key) -> bool:
        """Whether `event` is a letter or digit bound to nothing, pressed while the player is
        to act on the lesson and not typing a word."""
        char = event.character or ""
        if len(char) != 1 or not char.isalnum() or not char.isascii():
            return False
        if not self._person_to_act() or self.view.awaiting.wait is Wait.SELL:
            return False
        if self.tutorial.finished or not self.tutorial.on_script:
            return False
        return event.key not in self.active_bindings

    def push_dialog(self, dialog: ModalScreen[Any], done: Any) -> None:
        """The tile-limit dialog carries the lesson's text (it would cover the panel), and a
        drop the lesson does not take opens it again with the reason."""
        from buyword.ui.dialogs.drop import DropScreen

        if not isinstance(dialog, DropScreen) or self.tutorial.finished \
                or not self.tutorial.on_script:
            super().push_dialog(dialog, done)
            return
        dialog.note = (f"✗ {self.drop_refused}" if self.drop_refused
                       else self.tutorial.step.text)

        def dropped(letters: str | None) -> None:
            self.drop_refused = ""
            done(letters)
            if letters is not None and self.view.awaiting.wait is Wait.DROP:
                # Refused (the lesson's reason is on the message line): ask again, with it.
                self.drop_refused = self.tutorial.not_yet(f"drop {letters}")
                self.action_drop()

        super().push_dialog(dialog, dropped)

    def idle_key(self, key: str) -> bool:
        """Whether `key` is a table key that would do nothing now, for the player to act
        (not while selling: letters type into the word box)."""
        known = LESSON_KEYS.get(key)
        if known is None or not self._person_to_act() or self.view.awaiting.wait is Wait.SELL:
            return False
        return self.check_action(*known) is not True
