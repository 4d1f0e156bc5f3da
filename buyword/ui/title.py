"""The title screen: continue, start a solo, daily or table game, how to play, settings, quit."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from buyword.engine import default_tiles
from buyword.ui import saving
from buyword.ui.text import literal
from buyword.ui.widgets import Rack

if TYPE_CHECKING:
    from buyword.ui.app import BuyWordApp

#: The menu: option id, label.
MENU: tuple[tuple[str, str], ...] = (
    ("solo", "New solo game"),
    ("table", "New table game (2–4 players)"),
    ("help", "How to play"),
    ("settings", "Settings"),
    ("quit", "Quit"),
)


class TitleScreen(Screen[None]):
    """The game's name spelled in tiles, a line on what it is, the menu and the solo record."""

    CSS_PATH = "title.tcss"
    BINDINGS = [
        Binding("c", "choose('continue')", "Continue"),
        Binding("s", "choose('solo')", "Solo"),
        Binding("d", "choose('daily')", "Daily"),
        Binding("t", "choose('table')", "Table"),
        Binding("h", "choose('help')", "How to play"),
        Binding("o", "choose('settings')", "Settings"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    @property
    def buyword(self) -> BuyWordApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """Name, tagline, menu."""
        with Vertical(id="title-box"):
            with Center():
                yield Rack(default_tiles(), id="title-tiles")
            yield Static("Sid Sackson's word game with an economy", id="tagline")
            yield Static(
                "Buy letter tiles at [b](pips)²[/b]. Sell words at [b](pips)²[/b].",
                id="pitch",
            )
            # What the store has to say: a save moved aside, a disk that cannot be written.
            yield Static(id="notice", markup=False)
            yield Static(id="warning", markup=False)
            with Center():
                yield OptionList(id="menu")
            yield Static(id="scores")
        yield Footer()

    def on_mount(self) -> None:
        """Spell the name in tiles and put the cursor on the menu."""
        self.query_one("#title-tiles", Rack).tiles = "BUYWORD"
        self.show_store()
        self.query_one("#menu").focus()

    def on_screen_resume(self) -> None:
        """Back from a game: the saved game, the daily and the scores may have changed."""
        self.show_store()

    def entries(self) -> list[tuple[str, str]]:
        """The menu now: Continue first when a game is saved, the daily after the solo game."""
        app = self.buyword
        entries = list(MENU)
        entries.insert(1, ("daily", saving.daily_label(app.store, date.today())))
        if app.resumable is not None:
            entries.insert(0, ("continue", f"Continue {app.resumable.describe()}"))
        return entries

    def show_store(self) -> None:
        """Set the menu, the notices and the solo record from the app's store."""
        app = self.buyword
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        # A saved game's names are the player's text: shown as text, never markup.
        menu.add_options([Option(literal(label), id=key) for key, label in self.entries()])
        menu.highlighted = 0
        for name, text in (("notice", "\n".join(app.notices)), ("warning", app.store.warning),
                           ("scores", saving.title_scores(app.store,
                                                          app.stored_settings.rules()))):
            widget = self.query_one(f"#{name}", Static)
            widget.update(literal(text or ""))  # notices and warnings name files: text
            widget.display = bool(text)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Continue only when there is a saved game."""
        if action == "choose" and parameters and parameters[0] == "continue":
            return self.buyword.resumable is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A menu choice."""
        self.action_choose(event.option.id or "")

    def action_choose(self, choice: str) -> None:
        """Do what the menu entry says."""
        app = self.buyword
        match choice:
            case "continue":
                app.continue_game()
            case "daily":
                app.start_daily()
            case "solo":
                app.action_new_game(solo=True)
            case "table":
                app.action_new_game(solo=False)
            case "help":
                app.action_help("rules")
            case "settings":
                app.action_settings()
            case "quit":
                app.exit(0)
