"""What a screen may ask of the app: the `Tabletop` the app implements.

Screens import this, never `buyword.ui.app`, so the arrows inside `buyword.ui` point one
way: the app knows its screens, a screen knows only this narrow face of the app (plus
Textual's own `App`, for pushing and popping screens).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from textual.app import App

    from buyword.store import SavedGame, Store
    from buyword.store.settings import Settings
    from buyword.store.setup import GameSetup
    from buyword.table import TableSession
    from buyword.table.services import Services
    from buyword.ui.options import PlayOptions


class Tabletop(Protocol):
    """The app as the screens see it: where games start and end, and what they share."""

    #: The dictionary, tile sets and themes every game loads.
    services: Services
    #: Saved games, settings and scores.
    store: Store
    #: The player's settings.
    settings: Settings
    #: Messages for the title to show (the store's, and the app's own).
    notices: list[str]
    #: The save Continue resumes (None when there is none to resume).
    resumable: SavedGame | None
    #: The game the command line asked for, started once the title shows (None otherwise).
    first_setup: GameSetup | None
    #: How `buyword` was started (None in tests that make the app themselves).
    options: PlayOptions | None

    @property
    def animations_on(self) -> bool:
        """Whether to animate."""
        ...

    def start_game(self, setup: GameSetup, saved: SavedGame | None = None,
                   daily: date | None = None) -> None:
        """Start a game (or resume `saved`)."""
        ...

    def continue_game(self) -> None:
        """Resume the autosaved game."""
        ...

    def start_learning(self) -> None:
        """Start the guided first game (Learn to play)."""
        ...

    def start_puzzles(self) -> None:
        """The puzzles' menu: today's, the next, a theme, your mistakes."""
        ...

    def start_daily(self) -> None:
        """Start today's daily solo."""
        ...

    def show_results(self, session: TableSession, setup: GameSetup) -> None:
        """Show the results of the game `session` played."""
        ...

    def show_title(self) -> None:
        """Go back to the title."""
        ...

    def action_new_game(self, solo: bool) -> None:
        """Open the new-game form."""
        ...

    def action_help(self, tab: str = "rules") -> None:
        """Open the help at `tab`."""
        ...

    def action_settings(self) -> None:
        """Open the settings."""
        ...

    def action_stats(self) -> None:
        """Open the statistics."""
        ...


def tabletop_of(app: App[Any]) -> Tabletop:
    """`app` as a screen may use it: the screens run only in BuyWord's one app, a Tabletop
    (the checker sees Textual's App, whatever its kind)."""
    return cast("Tabletop", app)
