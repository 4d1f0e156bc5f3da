"""The Textual app: title, new games, the table, results; `run_app` and `run_replay` start it.

All game-starting goes through `BuyWordApp.start_game` (a setup, optionally a record to
resume), and every action through `TableScreen.play`, which posts `TableScreen.Played`:
autosave and history hook in there.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from buyword.engine import BuyWordError, Game, GameRecord
from buyword.ui.options import GameSetup, Seat, Settings
from buyword.ui.services import Bot, Services

if TYPE_CHECKING:
    from buyword.cli import PlayOptions
    from buyword.ui.table import TableScreen
    from buyword.words.lexicon import Lexicon

#: Seeds the app picks are short, so a player can note one down and play the bag again.
_SEED_RANGE = 1_000_000


class BuyWordApp(App[int]):
    """BuyWord for the terminal. Tests inject a small `lexicon`, a stacked `bag` and settings."""

    TITLE = "BuyWord"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("question_mark", "help('keys')", "Keys", priority=True),
        Binding("f1", "help('rules')", "Help", show=False),
    ]

    def __init__(
        self,
        options: PlayOptions | None = None,
        *,
        lexicon: Lexicon | None = None,
        bag: str | None = None,
        settings: Settings | None = None,
        setup: GameSetup | None = None,
    ) -> None:
        """`options` from the command line; the rest are for tests and embedding."""
        super().__init__()
        self.options = options
        self.services = Services(lexicon)
        self.bag = bag
        self.settings = settings or Settings()
        self.first_setup = setup
        self.last_setup: GameSetup | None = None

    # ------------------------------------------------------------------ start-up

    def on_mount(self) -> None:
        """Title first; the dictionary loads once it has painted; a game if asked for."""
        from buyword.ui.title import TitleScreen

        self.theme = self.settings.theme
        self.push_screen(TitleScreen())
        setup = self.first_setup or self._setup_from_options()
        if setup is not None:
            self.start_game(setup)
        self.call_after_refresh(self._load_dictionary)

    def _setup_from_options(self) -> GameSetup | None:
        options = self.options
        if options is None:
            return None
        if options.resume:
            self.notify("There is no saved game to continue yet.", severity="warning")
        if not options.starts_game:
            return None
        names = options.players or ("You",)
        return GameSetup(seats=tuple(Seat(name) for name in names), seed=options.seed)

    @work(thread=True, exclusive=True, group="dictionary", exit_on_error=False)
    def _load_dictionary(self) -> None:
        """Load the bundled dictionary in the background so a new game starts at once."""
        try:
            self.services.bundled()
        except Exception as error:  # reported when a game needs it, not as a traceback
            self.call_from_thread(self.notify, f"The dictionary did not load: {error}",
                                  severity="error")

    @property
    def animate(self) -> bool:
        """Whether to animate (the player's setting, and Textual's TEXTUAL_ANIMATIONS)."""
        return self.settings.animations and self.animation_level != "none"

    # ------------------------------------------------------------------ games

    def start_game(self, setup: GameSetup, record: GameRecord | None = None) -> None:
        """Start a game (or resume `record`): the one place every game begins.

        The dictionary and computer players are built in a worker; the table opens when they
        are ready. A blank seed is replaced by a random one, shown on the table.
        """
        if setup.seed is None:
            setup = setup.with_seed(random.SystemRandom().randrange(1, _SEED_RANGE))
        if setup.bag is None and self.bag is not None:
            setup = GameSetup(**{**setup.__dict__, "bag": self.bag})
        self.last_setup = setup
        if not self.services.ready:
            self.notify("Shuffling the bag and opening the dictionary…", timeout=2)
        self._prepare_game(setup, record)

    @work(thread=True, exclusive=True, group="start", exit_on_error=False)
    def _prepare_game(self, setup: GameSetup, record: GameRecord | None) -> None:
        """Build the dictionary, computer players and game off the UI thread."""
        try:
            lexicon = self.services.dictionary_for(setup)
            bots: dict[int, Bot] = {
                seat: self.services.make_bot(player.level, lexicon, setup.seed * 10 + seat)
                for seat, player in enumerate(setup.seats)
                if player.level is not None
            }
            if record is not None:
                game = record.replay(lexicon)
            else:
                game = Game.new([seat.name for seat in setup.seats], dictionary=lexicon,
                                seed=setup.seed, rules=setup.rules(), bag=setup.bag)
        except BuyWordError as error:
            self.call_from_thread(self.notify, str(error), title="Cannot start the game",
                                  severity="error", timeout=8)
            return
        except Exception as error:  # e.g. computer players not installed: say so, calmly
            self.call_from_thread(self.notify, f"{type(error).__name__}: {error}",
                                  title="Cannot start the game", severity="error", timeout=8)
            return
        self.call_from_thread(self.open_table, game, setup, bots)

    def open_table(self, game: Game, setup: GameSetup, bots: dict[int, Bot]) -> None:
        """Show the table for a ready game, above the title screen."""
        from buyword.ui.table import TableScreen

        self._back_to_title()
        self.push_screen(TableScreen(game, setup, bots))

    def show_results(self, table: TableScreen) -> None:
        """The game is over: the results screen."""
        from buyword.ui.results import ResultsScreen

        self.push_screen(ResultsScreen(table.game, table.setup, table.state.hints_used))

    def show_title(self) -> None:
        """Back to the title screen."""
        self._back_to_title()

    def _back_to_title(self) -> None:
        from buyword.ui.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    def on_table_screen_played(self, message: object) -> None:
        """Every applied action arrives here: the hook for autosave (issue 6)."""

    # ------------------------------------------------------------------ menus and dialogs

    def action_new_game(self, solo: bool) -> None:
        """Ask for the options of a new game, then start it."""
        from buyword.ui.new_game import NewGameScreen
        from buyword.ui.services import bots_available

        defaults = self.last_setup if self.last_setup and self.last_setup.solo == solo else None
        if defaults is not None:
            defaults = defaults.with_seed(None)
        screen = NewGameScreen(solo, bots_available(), defaults)
        self.push_screen(screen, self._new_game_chosen)

    def _new_game_chosen(self, setup: GameSetup | None) -> None:
        if setup is not None:
            self.start_game(setup)

    def action_help(self, tab: str = "rules") -> None:
        """How to play, the key map and the price list."""
        from buyword.ui.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(tab))

    def action_settings(self) -> None:
        """Change animations, computer speed and theme."""
        from buyword.ui.settings_screen import SettingsScreen

        themes = sorted(self.available_themes)
        self.push_screen(SettingsScreen(self.settings, themes), self._settings_chosen)

    def _settings_chosen(self, settings: Settings | None) -> None:
        if settings is not None:
            self.settings = settings
            self.theme = settings.theme

    def game_in_progress(self) -> bool:
        """Whether a game is open and not over (quitting then asks first)."""
        from buyword.ui.table import TableScreen

        return any(
            isinstance(screen, TableScreen) and screen.game.outcome() is None
            for screen in self.screen_stack
        )

    async def action_quit(self) -> None:
        """Quit; during a game, ask first."""
        from buyword.ui.confirm import ConfirmScreen

        if not self.game_in_progress():
            self.exit(0)
            return
        question = ConfirmScreen("Quit this game?", "The game in progress will be lost.")
        self.push_screen(question, lambda yes: self.exit(0) if yes else None)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette: the game's main actions, then Textual's own (themes…)."""
        from buyword.ui.table import TableScreen

        if isinstance(screen, TableScreen):
            for action, title in screen.palette_actions():
                yield SystemCommand(title, "Table action", partial(screen.run_action, action))
        yield SystemCommand("New solo game", "Start a solo game",
                            partial(self.action_new_game, True))
        yield SystemCommand("New table game", "Start a game for 2-4 players",
                            partial(self.action_new_game, False))
        yield SystemCommand("How to play", "The rules in short", self.action_help)
        yield SystemCommand("Keys", "The key map", partial(self.action_help, "keys"))
        yield SystemCommand("Price list", "Pips to dollars", partial(self.action_help, "prices"))
        yield SystemCommand("Settings", "Animations, computer speed, theme",
                            self.action_settings)
        yield from super().get_system_commands(screen)


def run_app(options: PlayOptions) -> int:
    """Run the game as the command line asked; returns the exit code."""
    app = BuyWordApp(options)
    result = app.run()
    return result if isinstance(result, int) else (app.return_code or 0)


def run_replay(path: str) -> int:
    """Step through a saved game record, round by round; a bad file is refused in words."""
    from buyword.ui.replay import ReplayApp, load_record

    try:
        record, games = load_record(path)
    except BuyWordError as error:
        print(f"buyword replay: {error}", file=sys.stderr)
        return 1
    app = ReplayApp(record, games)
    result = app.run()
    return result if isinstance(result, int) else (app.return_code or 0)
