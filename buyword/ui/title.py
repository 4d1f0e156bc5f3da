"""The title screen: start a solo or table game, read how to play, change settings, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from buyword.engine import default_tiles
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
    """The game's name spelled in tiles, a line on what it is, and the menu."""

    CSS_PATH = "title.tcss"
    BINDINGS = [
        Binding("s", "choose('solo')", "Solo"),
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
            with Center():
                yield OptionList(*(Option(label, id=key) for key, label in MENU), id="menu")
        yield Footer()

    def on_mount(self) -> None:
        """Spell the name in tiles and put the cursor on the menu."""
        self.query_one("#title-tiles", Rack).tiles = "BUYWORD"
        self.query_one("#menu").focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A menu choice."""
        self.action_choose(event.option.id or "")

    def action_choose(self, choice: str) -> None:
        """Do what the menu entry says."""
        app = self.buyword
        match choice:
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
