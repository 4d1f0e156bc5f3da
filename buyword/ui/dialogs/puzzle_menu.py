"""Which puzzles: today's, the next near your rating, a theme to practise, or your own
mistakes. Dismisses with the choice ("daily", "next", "theme:wild", "mine") or None."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from buyword.store.puzzles import THEMES
from buyword.ui.text import literal

#: What each theme is called in the menu.
THEME_NAMES = {"wild": "the wild", "buy small": "buying small", "sell long": "selling long",
               "limit": "the tile limit", "end of bag": "the end of the bag",
               "choice": "CHOICE: how many to draw"}


class PuzzleMenuScreen(ModalScreen[str | None]):
    """The puzzles' menu (see the module's docstring)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("d", "pick('daily')", "Today's"),
        Binding("n", "pick('next')", "Next"),
        Binding("m", "pick('mine')", "Your mistakes"),
        Binding("escape", "pick(None)", "Back"),
    ]

    def __init__(self, rating: str, mistakes: int) -> None:
        """The menu, saying the player's `rating`; "your mistakes" when they have some."""
        super().__init__()
        self.rating = rating
        self.mistakes = mistakes

    def compose(self) -> ComposeResult:
        """The rating and the choices."""
        options = [Option("Today's puzzle                D", id="daily"),
                   Option("Next, near your rating        N", id="next")]
        options += [Option(f"Practise {THEME_NAMES[theme]}", id=f"theme:{theme}")
                    for theme in THEMES]
        if self.mistakes:
            options.append(Option(f"Your mistakes ({self.mistakes})", id="mine"))
        with Vertical(classes="dialog", id="puzzle-menu"):
            yield Static("Puzzles", classes="dialog-title")
            yield Static(literal(self.rating), classes="dialog-body")
            yield OptionList(*options, id="puzzle-choices")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A choice by Enter or click."""
        self.dismiss(event.option.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """M only when there are mistakes to practise."""
        if action == "pick" and parameters and parameters[0] == "mine":
            return self.mistakes > 0
        return True

    def action_pick(self, choice: str | None) -> None:
        """A choice by key."""
        self.dismiss(choice)
