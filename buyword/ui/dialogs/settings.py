"""Settings: animations, how fast computer players move, Master's game played ahead, and the
colours."""

from __future__ import annotations

from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Select, Static

from buyword.store.settings import BOT_SPEEDS, Settings
from buyword.ui.widgets.tick import Tick


class SettingsScreen(ModalScreen[Settings | None]):
    """Dismisses with the new settings (Save) or None (Esc). The theme previews at once."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Save")]

    def __init__(self, settings: Settings, themes: list[str]) -> None:
        """Edit `settings`; `themes` are the theme names the app offers."""
        super().__init__()
        self.settings = settings
        self.themes = themes

    def compose(self) -> ComposeResult:
        """One row per setting, then Save / Cancel."""
        s = self.settings
        with Vertical(classes="dialog", id="settings"):
            yield Static("Settings", classes="dialog-title")
            with Grid(id="settings-grid"):
                yield Static("Animations", classes="label")
                yield Tick("die tumbles when rolled", s.animations, id="animations",
                               compact=True)
                yield Static("Computer speed", classes="label")
                yield Select([(name, name) for name in BOT_SPEEDS], value=s.bot_speed,
                             allow_blank=False, id="speed", compact=True)
                yield Static("Master's game", classes="label")
                yield Tick("played as you play (solo)", s.master_ahead, id="master-ahead",
                           compact=True)
                yield Static("Colours", classes="label")
                yield Select([(name, name) for name in self.themes], value=s.theme,
                             allow_blank=False, id="theme", compact=True)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save", id="save", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
        yield Footer()

    @on(Select.Changed, "#theme")
    def _preview_theme(self, event: Select.Changed) -> None:
        self.app.theme = str(event.value)

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        """Keep the new settings."""
        self.dismiss(
            replace(
                self.settings,
                animations=self.query_one("#animations", Checkbox).value,
                bot_speed=str(self.query_one("#speed", Select).value),
                master_ahead=self.query_one("#master-ahead", Checkbox).value,
                theme=str(self.query_one("#theme", Select).value),
            )
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Forget the changes (and the previewed theme)."""
        self.app.theme = self.settings.theme
        self.dismiss(None)
