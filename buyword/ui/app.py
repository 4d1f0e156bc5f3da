"""BuyWord's one Textual app, whatever it opens: the title and the games played here, the
host's own seat (`buyword host`), a joined seat (`buyword join`) or a replay (`buyword
replay`). `run_app` and `run_replay` start it; `buyword.cli` starts it for host and join.

What differs with what it opens is data, an `Opening` (`buyword.ui.options`): the first
screen, the sub-title, what Quit asks, what a crash report says, and the few palette commands
of a hosted or joined seat. Everything else is the same on every screen that shows a table:
the keys (? shows the key map, F1 how to play, or a variant table's own rules), the command
palette (the table's actions legal now, the help's pages, each variant's rules, and Textual's
own under the game's names: "Colours" for the colour scheme, a Quit that says what it does),
the colours, the size classes and the too-small notice.

A game played here goes through `BuyWordApp.start_game` (a setup, optionally a save to
resume), which builds a table session (buyword.table) and the table screen that draws it. The
session calls the app back after every move: the app autosaves there, and records the game in
the store when it ends (buyword.store). The app never reads a screen's state. None of that
life cycle runs at a hosted, joined or replayed table.

An error nobody foresaw does not end in a traceback: the app keeps the game (it is saved after
every move; the app saves it once more), writes a report to the data folder
(`buyword.store.crashes`), and shows what happened, where the report is and how to resume; it
stops when the person closes that screen, and the same words are left on the terminal. A
second error while that screen is up gets Textual's own handling.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.message import Message
from textual.screen import Screen

from buyword.engine import BuyWordError, TileSetError
from buyword.store import SavedGame, Store
from buyword.store.crashes import crash_message, kept_save, write_crash_report
from buyword.table.services import Services
from buyword.ui import saving
from buyword.ui.options import Opening, PlayOptions, ReplayOptions
from buyword.ui.widgets import PIECES_CSS

if TYPE_CHECKING:
    from buyword.analysis.compare import MasterAhead
    from buyword.engine import Rules
    from buyword.net.remote import HostSeat, SeatLink
    from buyword.store.puzzles import Puzzle, PuzzleSet
    from buyword.store.settings import Settings
    from buyword.store.setup import GameSetup
    from buyword.table import Appraised, Marked, Played, TableSession, Undone
    from buyword.table.autosave import Autosave
    from buyword.table.puzzles import PuzzleTable
    from buyword.table.session import TableOptions
    from buyword.words.finder import WordFinder
    from buyword.words.lexicon import Lexicon
    from buyword.words.themes import ThemeFinders


#: Seconds from the title's first frame to the start of what start-up put off (the
#: dictionary's loading thread, the garbage collector's first pass over everything start-up
#: made). Started with the frame, they held up its writing to the terminal; a person takes
#: several times longer to choose from the menu, and a game started sooner waits for the
#: dictionary anyway.
AFTER_TITLE = 0.1


def event_clock() -> float:
    """Now, by the clock Textual stamps every event with (so that a key's `time` compares with
    it): a new message's own `time`, rather than importing Textual's private clock."""
    return Message().time


@cache
def style_files() -> tuple[str, ...]:
    """Every style file of the app's screens, dialogs and table pieces (each `.tcss` under
    `buyword/ui`), as Textual names a screen's file (its absolute path): the pieces first, then
    the rest in a fixed order, so that rules of the same weight always meet in the same
    order."""
    ui = Path(__file__).parent
    pieces = [ui / path for path in PIECES_CSS]
    rest = sorted(set(ui.rglob("*.tcss")) - set(pieces))
    return tuple(str(path.resolve()) for path in (*pieces, *rest))


#: Seeds the app picks are short, so a player can note one down and play the bag again.
_SEED_RANGE = 1_000_000

#: The size classes of every screen that draws a table: below 80x24 a compact layout
#: (-narrow, -short), down to the 60x18 minimum.
WIDTHS = [(0, "-narrow"), (80, "-wide")]
HEIGHTS = [(0, "-short"), (24, "-tall")]


class BuyWordApp(App[int]):
    """BuyWord for the terminal, whatever it opens (see the module's docstring). Tests inject
    a small `lexicon`, a stacked `bag` and settings.

    `store` keeps saves, scores and settings; without one everything stays in memory.
    """

    TITLE = "BuyWord"
    # Only the title's styles at start-up: the first screen, read with the app because a
    # screen's own file read as it first shows makes Textual parse the whole stylesheet again.
    # Every other screen's and piece's styles are read once the title has painted
    # (`read_styles`).
    CSS_PATH = "screens/title.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help('keys')", "Keys", priority=True),
        Binding("f1", "help('rules')", "Help", show=False),
        # A joined seat's only: not in the footer (the table's keys need its room); in the
        # palette and the docs.
        Binding("f7", "token", "Rejoin token", show=False),
    ]
    # The same compact table at a joined, hosted or replayed table as at one played here.
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS
    #: The words shown once an error stopped the app (None until then).
    crash_said: str | None = None
    #: Where the crash report went (None: none written).
    crash_report: Path | None = None

    def __init__(
        self,
        options: PlayOptions | None = None,
        *,
        opening: Opening | None = None,
        lexicon: Lexicon | None = None,
        bag: str | None = None,
        settings: Settings | None = None,
        setup: GameSetup | None = None,
        store: Store | None = None,
        cache_dir: Path | None = None,
    ) -> None:
        """`options` from the command line, for a game played here; `opening`: what the app
        opens (by default the title, to play here); the rest are for tests and embedding."""
        super().__init__()
        #: What the app opens (`Opening`): what differs between play, host, join and replay.
        self.opening = opening if opening is not None else Opening()
        self.sub_title = self.opening.sub_title
        #: When the screen on top last changed, by the clock events are stamped with.
        self._screen_changed_at = 0.0
        self.options = options
        self.services = Services(lexicon, cache_dir)
        self.bag = bag
        self.store = store if store is not None else Store(memory=True)
        #: The player's settings (the store's one model); `settings` overrides them (tests).
        self.settings = settings if settings is not None else self.store.load_settings()
        #: The game on the table (None when no game is open).
        self.session: TableSession | None = None
        self.first_setup = setup
        self.last_setup: GameSetup | None = None
        #: The game on the table as saved (None when no game is open).
        #: The game in progress's autosave (None between games).
        self.autosave: Autosave | None = None
        #: The saved game the title offers to continue, and why a save could not be used.
        self.resumable: SavedGame | None = None
        self.notices: list[str] = []
        self._warned = False
        #: The last finished game and what its results screen says about the solo record.
        self._record_line: tuple[TableSession | None, str] = (None, "")
        #: Whether to switch the garbage collector on once the title has painted (`run_app`
        #: does, when the command line paused it for start-up).
        self.resume_collector = False
        #: Master's game on the solo bag being played, begun with it (`MasterAhead`).
        self.ahead: MasterAhead | None = None
        #: The puzzles, once read (`bundled_puzzles`; tests may set their own).
        self.puzzle_set: PuzzleSet | None = None
        #: The day whose daily puzzle is offered (None: today; tests set one).
        self.puzzle_day: date | None = None

    # ------------------------------------------------------------------ start-up

    def get_default_screen(self) -> Screen[Any]:
        """The app's first screen, the base of the stack, under every other: the title, or the
        hosted, joined or replayed table the app opens (`first_table`).

        Not pushed over Textual's blank default screen: composing, laying out and painting
        that one too cost the start-up a frame. What the title shows from the store (the
        theme, a save to continue, the store's notices) is read here, before it composes.
        """
        from buyword.ui.screens.title import TitleScreen

        self._use_theme(self.settings.theme)
        if not self.opening.plays_here:
            self.read_styles()  # not the title: the table's pieces are on the first screen
            return self.first_table()
        self.look_for_save()
        self.notices.extend(self.store.take_messages())
        return TitleScreen()

    def first_table(self) -> Screen[Any]:
        """The screen a replay, or a seat at a hosted table, opens on."""
        opening = self.opening
        if opening.replay is not None:
            from buyword.ui.screens.replay import ReplayScreen

            return ReplayScreen(opening.replay)
        link = opening.link
        assert link is not None  # not played here: hosted, joined or replayed
        return self.seat_table(link, opening.host)

    def seat_table(self, link: SeatLink, host: HostSeat | None) -> Screen[Any]:
        """The table screen of a seat at a hosted table, drawn from `link`; `host`: the
        host's own seat, with the host's powers (the one place it is built)."""
        from buyword.ui.screens.table import TableScreen

        return TableScreen(link, host=host)

    def on_mount(self) -> None:
        """A game if asked for, over the title; the dictionary loads once the title has
        painted. Not at a hosted, joined or replayed table: no game starts here."""
        if not self.opening.plays_here:
            return
        if self.first_setup is not None:  # tests and embedding: the caller means this game
            self._begin_game(self.first_setup, None, None)
        elif (setup := self._setup_from_options()) is not None:
            self.start_game(setup)  # from the command line: asks before losing a saved game
        elif self.options is not None and self.options.puzzles:
            self.call_after_refresh(self.start_puzzles)
        self.call_after_refresh(self._title_shown)

    def _title_shown(self) -> None:
        """The title's first frame is drawn: what start-up put off starts a moment later."""
        self.set_timer(AFTER_TITLE, self._after_title)

    def _after_title(self) -> None:
        """Start what start-up put off: the garbage collector (when `run_app` found it
        paused), the other screens' styles and the dictionary."""
        if self.resume_collector:
            gc.enable()
        self.read_styles()
        self._load_dictionary()

    def _use_theme(self, theme: str) -> None:
        """Show the colour scheme `theme` (the player's setting); an unknown one (a
        hand-edited settings file) is reported on the title, not fatal: the default stays."""
        try:
            self.theme = theme
        except Exception:
            self.settings = replace(self.settings, theme=self.theme)
            self.notices.append(f"Settings: there are no colours {theme!r}; using {self.theme!r}.")

    def look_for_save(self) -> None:
        """Read the autosave (not replayed yet) for Continue; a bad one becomes a notice."""
        peeked = self.store.peek_game()
        self.resumable = peeked.saved
        if peeked.message:
            self.notices.append(peeked.message)

    def _setup_from_options(self) -> GameSetup | None:
        options = self.options
        if options is None:
            return None
        if options.resume:
            if self.resumable is not None:
                self.continue_game()
                return None
            self.notify("There is no saved game to continue.", severity="warning")
        if not options.starts_game:
            return None
        if options.learn:
            from buyword.table.lessons import learn_setup

            return learn_setup()
        from buyword.store.setup import Seat, load_tiles

        names = options.players or ("You",)
        try:
            tiles = load_tiles(options.tiles or "")
        except TileSetError as error:  # the command line checked it; it may have changed since
            self.notify(str(error), title="Cannot start the game", severity="error", timeout=8,
                        markup=False)
            return None
        # The new-game form's defaults (rules, dictionary, hints), whatever the variants.
        defaults = saving.default_setup(self.settings, solo=len(names) == 1)
        setup = replace(defaults, seats=tuple(Seat(name) for name in names), seed=options.seed,
                        tiles_file=options.tiles or "", tiles=tiles,
                        variants=tuple(options.variants))
        if problem := setup.coach_problem():  # the form's Coach, with the command's variants
            self.notify(f"The coach is off in this game: {problem}.", title="Coach",
                        timeout=8, markup=False)
            setup = replace(setup, coach=False)
        return setup

    @work(thread=True, exclusive=True, group="dictionary", exit_on_error=False)
    def _load_dictionary(self) -> None:
        """Load the bundled dictionary in the background so a new game starts at once."""
        try:
            self.services.bundled()
        except Exception as error:  # reported when a game needs it, not as a traceback
            self.call_from_thread(self.notify, f"The dictionary did not load: {error}",
                                  severity="error", markup=False)

    @property
    def playing(self) -> SavedGame | None:
        """The save of the game in progress, as last written (None between games)."""
        return None if self.autosave is None else self.autosave.saved

    @property
    def animations_on(self) -> bool:
        """Whether to animate (the player's setting, and Textual's TEXTUAL_ANIMATIONS)."""
        return self.settings.animations and self.animation_level != "none"

    # ------------------------------------------------------------------ games

    def continue_game(self) -> None:
        """Resume the autosaved game (Continue, `buyword --continue`)."""
        from buyword.store.setup import setup_of

        saved = self.resumable
        if saved is not None:
            self.start_game(setup_of(saved), saved)

    def start_learning(self) -> None:
        """Learn to play: the guided first game (the title's L, `buyword learn`)."""
        from buyword.table.lessons import learn_setup

        self.start_game(learn_setup())

    def start_daily(self) -> None:
        """Today's daily solo: the same bag and rolls for every player today. The first
        attempt is the day's only scored one, so one click never spends it: it asks first
        (later runs that day are practice and start at once)."""
        today = date.today()
        if self.store.daily(today) is not None:
            self.start_game(saving.daily_setup(today), daily=today)
            return
        from buyword.ui.dialogs.confirm import ConfirmScreen

        question = ConfirmScreen(
            "Start today's daily solo?",
            "Only your first attempt each day is scored, even if you leave it unfinished. "
            "Yes starts it; No (Esc) keeps it for later.",
        )
        self.push_screen(question, lambda yes: self.start_game(
            saving.daily_setup(today), daily=today) if yes else None)

    def start_puzzles(self) -> None:
        """Puzzles (the title's P, `buyword puzzles`): the menu of today's puzzle (the same
        for everyone), the next near your rating, a theme to practise, your mistakes."""
        from buyword.ui.dialogs.puzzle_menu import PuzzleMenuScreen

        progress = self.store.puzzle_progress()
        rating = (progress.summary() if progress.attempts else
                  "Your puzzle rating starts at 1500: each answer moves it.")
        mistakes = len(self.store.personal_puzzles())
        self.push_screen(PuzzleMenuScreen(rating, mistakes),
                         lambda mode: self.play_puzzles(mode) if mode else None)

    def play_puzzles(self, mode: str) -> None:
        """Open a puzzle: "daily" (today's), "next" (the nearest your rating), "theme:NAME"
        (the nearest of a theme) or "mine" (your own mistakes). The puzzles and the table
        are read and set in a worker; a damaged puzzle file is said in one line."""
        self._prepare_puzzle(mode)

    @work(thread=True, exclusive=True, group="start", exit_on_error=False)
    def _prepare_puzzle(self, mode: str) -> None:
        from buyword.engine import RecordError
        from buyword.store.puzzles import bundled_puzzles
        from buyword.table.puzzles import heading, offer, puzzle_session

        try:
            puzzles = self.puzzle_set or bundled_puzzles()
            self.puzzle_set = puzzles
            progress = self.store.puzzle_progress()
            pool = self.store.personal_puzzles() if mode == "mine" else puzzles.puzzles
            theme = mode.removeprefix("theme:") if mode.startswith("theme:") else None
            if mode == "daily":
                today = self.puzzle_day or date.today()
                puzzle: Puzzle | None = puzzles.daily(today)
                title = heading(mode, progress.rating.rating, today.isoformat())
            else:
                puzzle = offer(pool, progress, theme=theme)
                title = heading(mode, progress.rating.rating)
            if puzzle is None:
                raise RecordError("there is no such puzzle yet")
            lexicon = self.services.bundled()
            session = puzzle_session(puzzle, puzzles.rules, lexicon,
                                     self._finder(lexicon, puzzles.rules))
        except (RecordError, BuyWordError) as error:
            self.call_from_thread(self._cannot_start, f"The puzzles cannot be played: {error}")
            return
        self.call_from_thread(self._open_puzzle, puzzle, session, title, mode)

    def _open_puzzle(self, puzzle: Puzzle, session: TableSession, title: tuple[str, str],
                     mode: str) -> None:
        """Show the puzzle on the table screen, its panel saying what it asks; each answer is
        judged (`PuzzleTable`), the first one rated."""
        from buyword.store.setup import GameSetup
        from buyword.table.puzzles import PuzzleTable, puzzle_panel
        from buyword.table.runner import TableRunner
        from buyword.ui.screens.table import TableScreen

        self._back_to_title()
        table = PuzzleTable(puzzle, session)
        runner = TableRunner(session, source=table, lesson=lambda: puzzle_panel(puzzle, *title))
        runner.coach_stopped = "The coach keeps quiet at a puzzle: the answer is yours to find"
        screen = TableScreen(runner, GameSetup(seats=session.seats))
        tries = [0]

        def moved(_: object) -> None:
            if table.shown is not None and table.tries > tries[0]:
                tries[0] = table.tries
                self._puzzle_answered(table, mode)

        runner.subscribe(moved, screen=False)
        # Esc leaves an unanswered puzzle (the table dismisses itself): back to the menu.
        self.push_screen(screen, lambda _: self.start_puzzles())

    def _puzzle_answered(self, table: PuzzleTable, mode: str) -> None:
        """Rate the first answer (yours and the puzzle's ratings move), then say the
        verdict: the next puzzle, another try, or the title."""
        from buyword.store.saves import now_text
        from buyword.table.puzzles import rate_attempt
        from buyword.ui.dialogs.puzzle_verdict import VerdictScreen

        shown = table.shown
        assert shown is not None
        lines = shown.lines(table.puzzle)
        if table.tries == 1:
            verdict = table.verdict
            assert verdict is not None
            change = self.store.update_puzzle_progress(
                lambda progress: rate_attempt(progress, table.puzzle, verdict.answer,
                                              now_text()))
            lines.append(change.describe())
        else:
            lines.append("Practice: only your first answer is rated.")

        def chosen(choice: str | None) -> None:
            if choice == "next":  # today's leads on to the rest; a theme goes on with it
                self.play_puzzles("next" if mode == "daily" else mode)
            elif choice == "title":
                self._back_to_title()

        self.push_screen(VerdictScreen(shown.right, lines), chosen)

    def start_game(self, setup: GameSetup, saved: SavedGame | None = None,
                   daily: date | None = None) -> None:
        """Start a game (or resume `saved`): the one place every game begins.

        A new game would replace an unfinished saved one, so the player is asked first; No
        (the default) keeps it, and the title offers it as Continue. The dictionary and
        computer players are built in a worker; the table opens when they are ready. A blank
        seed is replaced by a random one, shown on the table.
        """
        unfinished = self.unfinished_save() if saved is None else None
        if unfinished is None:
            self._begin_game(setup, saved, daily)
            return
        from buyword.ui.dialogs.confirm import ConfirmScreen

        question = ConfirmScreen(
            saving.lose_question(unfinished),
            "Yes starts the new game; No (Esc) keeps the one in progress.",
        )
        self.push_screen(question, lambda yes: self._begin_game(setup, None, daily) if yes
                         else None)

    def unfinished_save(self) -> SavedGame | None:
        """The unfinished game a new one would replace: the one on the table, or Continue's."""
        if self.playing is not None and self.game_in_progress():
            return self.playing
        return self.resumable

    def _begin_game(self, setup: GameSetup, saved: SavedGame | None,
                    daily: date | None) -> None:
        if setup.seed is None:
            setup = setup.with_seed(random.SystemRandom().randrange(1, _SEED_RANGE))
        if setup.bag is None and self.bag is not None:
            setup = replace(setup, bag=self.bag)
        self.last_setup = setup
        from buyword.ui.dialogs.setting_table import SettingTableScreen

        # Building the game takes a moment (up to 2 s for the first one): show that it is
        # happening rather than the title again. open_table (or a failure) takes it away.
        self.push_screen(SettingTableScreen(first=not self.services.ready))
        self._prepare_game(setup, saved, daily)

    @work(thread=True, exclusive=True, group="start", exit_on_error=False)
    def _prepare_game(self, setup: GameSetup, saved: SavedGame | None,
                      daily: date | None) -> None:
        """Build the dictionary, computer players and game off the UI thread."""
        # Loaded here, not at start-up: the title paints without the game, session, computers.
        from buyword.table.session import TableSession

        try:
            lexicon = self.services.dictionary_for(setup)
            options: TableOptions = {"on_change": self._autosave,
                                     "step_delay": self.settings.step_delay}
            if saved is not None:
                # Names go into the screens' markup: made safe as a new game's are.
                names = tuple(seat.name for seat in setup.seats)
                if len(names) == len(saved.record.players):
                    saved = replace(saved, record=replace(saved.record, players=names))
                from buyword.bots import BOT_NAMES

                resumed = self.store.resume(saved, lexicon, self.services.themes, BOT_NAMES)
                if not resumed.replayed:  # it no longer replays: moved aside, explained
                    self.call_from_thread(self._save_unusable, resumed.message or "")
                    return
                rules = saved.record.rules
                options["theme_finders"] = self._theme_finders(lexicon, rules)
                session = TableSession.resume(resumed, setup, self._finder(lexicon, rules),
                                              **options)
            else:
                rules = setup.rules()
                options["theme_finders"] = self._theme_finders(lexicon, rules)
                session = TableSession.new(setup, lexicon, self._finder(lexicon, rules),
                                           self.services.themes if rules.themes else None,
                                           **options)
        except BuyWordError as error:
            self.call_from_thread(self._cannot_start, str(error))
            return
        except Exception as error:  # e.g. computer players not installed: say so, calmly
            from buyword.engine.wording import trouble

            self.call_from_thread(self._cannot_start, trouble(error))
            return
        self.call_from_thread(self.open_table, session, setup, saved, daily)

    def _finder(self, lexicon: Lexicon, rules: Rules) -> WordFinder:
        """One finder for a game: its dictionary and tile set price every word. Not waited
        for: a first game's index is built while its table opens."""
        return self.services.finder(lexicon, rules.tiles, wait=False)

    def _theme_finders(self, lexicon: Lexicon, rules: Rules) -> ThemeFinders | None:
        """A themed game's finders of each theme's words (None for a game without themes)."""
        return self.services.theme_finders(lexicon, rules.tiles) if rules.themes else None

    def _cannot_start(self, message: str) -> None:
        """The game could not be set up: take the "Setting the table…" notice away and say
        why."""
        from buyword.ui.dialogs.setting_table import SettingTableScreen

        if isinstance(self.screen, SettingTableScreen):
            self.pop_screen()
        self.notify(message, title="Cannot start the game", severity="error", timeout=8,
                    markup=False)

    def _save_unusable(self, message: str) -> None:
        """A save that could not be resumed: say so on the title; the player starts afresh."""
        self.resumable = None
        self.notices.append(message)
        from buyword.ui.screens.title import TitleScreen

        self._back_to_title()
        if isinstance(self.screen, TitleScreen):
            self.screen.show_store()

    def open_table(self, session: TableSession, setup: GameSetup,
                   saved: SavedGame | None = None, daily: date | None = None) -> None:
        """Show the table for a ready game, above the title screen; save it from the start."""
        from buyword.table.autosave import Autosave, first_save
        from buyword.table.runner import TableRunner
        from buyword.ui.screens.table import TableScreen

        self._back_to_title()
        runner = TableRunner(session)
        if setup.lesson:  # Learn to play: the same table, its views carrying the lesson
            from buyword.table.lessons import Tutorial

            tutorial = Tutorial(session)
            runner = TableRunner(session, source=tutorial, lesson=tutorial.lesson_view)
        table = TableScreen(runner, setup)
        if saved is None:
            saved = first_save(session, setup, daily=daily)
        self.session = session
        self.autosave = Autosave(self.store, saved)
        self.resumable = None
        self.notices.clear()  # what the title said about an old save no longer applies
        if daily is not None and not self.store.begin_daily(daily, saved.game_id):
            self.notify("You have played today's daily already: this run is practice and "
                        "is not scored.", title="Daily solo", timeout=8)
        self.autosave.write(session)
        self.push_screen(table)
        # A first game's word index is built once the table has painted (not while it
        # opens: both would share the processor). Nothing asks for it before a person acts.
        start = getattr(type(session.finder), "start", None)
        if start is not None:
            self.call_after_refresh(start, session.finder)
        self._begin_master_ahead(session, setup)
        self._warn_if_not_saving()

    def _begin_master_ahead(self, session: TableSession, setup: GameSetup) -> None:
        """Start Master on a solo game's bag, for the results screen (if the settings say
        so, and Master's rollouts play these rules); stop the last game's."""
        from buyword.analysis.compare import MasterAhead

        if self.ahead is not None:
            self.ahead.close()
            self.ahead = None
        if not self.settings.master_ahead or not MasterAhead.worth_playing(session, setup):
            return
        self._start_master_ahead(session)

    def _start_master_ahead(self, session: TableSession) -> None:
        """Fork Master's process once the word index is built: never waiting for it (the
        app would wait too as it closes), and never before (a process forked while the
        index is being built would wait for a build that never ends there)."""
        from buyword.analysis.compare import MasterAhead

        if session is not self.session or self.ahead is not None or session.over:
            return  # another game opened meanwhile, or this one is over
        finder = session.finder
        if not getattr(finder, "ready", True):
            self.set_timer(0.5, partial(self._start_master_ahead, session))
            return
        built = getattr(finder, "finder", None)
        self.ahead = MasterAhead.of(session, built() if callable(built) else finder)

    def on_unmount(self) -> None:
        """Stop Master's game ahead: nothing will ask for it."""
        if self.ahead is not None:
            self.ahead.close()

    def _warn_if_not_saving(self) -> None:
        """Tell the player once, visibly, when progress cannot be saved."""
        warning = self.store.warning
        if warning and not self._warned:
            self._warned = True
            self.notify(warning, title="Not saving", severity="warning", timeout=15, markup=False)

    def show_results(self, session: TableSession, setup: GameSetup) -> None:
        """The game is over: record it (and score a solo game), then the results screen."""
        from buyword.analysis.results import GameResults
        from buyword.ui.screens.results import ResultsScreen

        if self.autosave is not None and session is self.session:
            finished = self.autosave.finish(session)
            self._record_line = (session, saving.results_lines(finished))
            self.autosave = None
            self._warn_if_not_saving()
        recorded, line = self._record_line
        record_line = line if recorded is session else ""
        results = GameResults.of(session)
        ahead = self.ahead if self.ahead is not None and results.played_ahead(self.ahead) \
            else None
        self.push_screen(ResultsScreen(results, setup, session.hints_used, record_line,
                                       coached=session.coach_used,
                                       appraisals=tuple(session.appraisals), ahead=ahead))

    def show_title(self) -> None:
        """Back to the title screen (Master's game ahead stops: its game was left)."""
        if self.ahead is not None:
            self.ahead.close()
            self.ahead = None
        self._back_to_title()

    def _back_to_title(self) -> None:
        from buyword.ui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        self.call_later(self.fit_window)  # the too-small notice, if it was popped too

    def _autosave(self, session: TableSession,
                  change: Played | Undone | Marked | Appraised) -> None:
        """The session calls this after every move, undo, new hints or coach mark and kept
        appraisal: save it (a finished game is recorded instead, by `show_results`)."""
        if self.autosave is None or session is not self.session:
            return
        self.autosave.update(session)
        self._warn_if_not_saving()

    # ------------------------------------------------------------------ menus and dialogs

    def action_new_game(self, solo: bool) -> None:
        """Ask for the options of a new game, then start it."""
        from buyword.ui.screens.new_game import NewGameScreen

        defaults = self.last_setup if self.last_setup and self.last_setup.solo == solo else None
        if defaults is not None:
            defaults = defaults.with_seed(None)
        else:
            defaults = saving.default_setup(self.settings, solo)
            if self.options is not None and self.options.tiles:  # `buyword --tiles FILE`
                defaults = replace(defaults, tiles_file=self.options.tiles)
        screen = NewGameScreen(solo, defaults)
        self.push_screen(screen, self._new_game_chosen)

    def _new_game_chosen(self, setup: GameSetup | None) -> None:
        if setup is not None:
            self._keep_settings(saving.with_setup(self.settings, setup))
            self.start_game(setup)

    def _keep_settings(self, settings: Settings) -> None:
        """Remember settings for next time (in memory only if the disk refuses)."""
        if settings != self.settings:
            self.settings = settings
            self.store.save_settings(settings)
        if self.session is not None:
            self.session.step_delay = settings.step_delay

    def action_settings(self) -> None:
        """Change animations, computer speed and theme."""
        from buyword.ui.dialogs.settings import SettingsScreen

        themes = sorted(self.available_themes)
        self.push_screen(SettingsScreen(self.settings, themes), self._settings_chosen)

    def action_stats(self) -> None:
        """Solo results over time, per rule set (the title's R and the palette)."""
        from buyword.ui.screens.stats import StatsScreen

        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen())

    def _settings_chosen(self, settings: Settings | None) -> None:
        if settings is not None:
            self._use_theme(settings.theme)
            self._keep_settings(settings)

    def game_in_progress(self) -> bool:
        """Whether a game is open here and not over (quitting then asks first)."""
        from buyword.ui.screens.table import TableScreen

        session = self.session
        return (session is not None and not session.over
                and any(isinstance(screen, TableScreen) for screen in self.screen_stack))

    def quit_question(self) -> tuple[str, str] | None:
        """What Quit asks first (the question and its detail); None: it quits at once. A
        game played here asks during the game (it is saved); a hosted table asks while its
        game is on and the table is still there."""
        link = self.opening.link
        if link is not None:
            return None if link.over or link.ended is not None else self.opening.leaving
        if not self.game_in_progress():
            return None
        return "Quit this game?", saving.quit_detail(self.store, self.playing)

    async def action_quit(self) -> None:
        """Quit, asking first when there is something to lose (`quit_question`). Quit again
        while it asks, or in a window too small to answer in, quits at once (the game is
        saved)."""
        from buyword.ui.dialogs.confirm import ConfirmScreen
        from buyword.ui.dialogs.too_small import TooSmallScreen

        question = self.quit_question()
        screen = self.screen
        if question is None or isinstance(screen, TooSmallScreen) or (
                isinstance(screen, ConfirmScreen) and screen.question == question[0]):
            await self._quit(True)
            return
        self.push_screen(ConfirmScreen(*question), self._quit)

    async def _quit(self, yes: bool | None) -> None:
        """Quit if `yes`; a joined seat leaves its table first (the seat stays its player's,
        to take back with the token)."""
        if not yes:
            return
        if self.opening.joined is not None:
            await self.opening.joined.leave()
        self.exit(0)

    def action_token(self) -> None:
        """A joined seat's F7: show the command that takes the seat back, over the table."""
        from buyword.ui.dialogs.host import TokenScreen

        if self.opening.rejoin and not isinstance(self.screen, TokenScreen):
            self.push_screen(TokenScreen(self.opening.rejoin))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F7's rejoin token only at a joined seat (a hosting table's F7 is the screen's)."""
        if action == "token":
            return bool(self.opening.rejoin)
        return True

    # ------------------------------------------------------------------ unforeseen errors

    def crash_folder(self) -> Path | None:
        """Where a crash report goes: this store's data folder (where a hosted game is
        saved too)."""
        return self.store.data.root

    def crash_record(self) -> str | None:
        """An unforeseen error: the game in progress saved once more, its save's text for
        the report (None: no game here). A hosted game is saved by its server after every
        move, in the data folder; a joined game is the host's."""
        if self.opening.host is not None:
            return kept_save(self.crash_folder())
        playing = self.playing
        if playing is None:
            return None
        self.store.save_game(playing)
        return playing.to_json()

    def crash_resume(self, record: str | None) -> str | None:
        """How the person goes on, in a sentence (None: there was no game to go on with)."""
        if self.opening.resume:
            return self.opening.resume
        if record is None:
            return None
        return "Your game is saved: start BuyWord again and choose Continue to resume it."

    async def _dispatch_message(self, message: Message) -> None:
        """The app's own messages (every key binding's action runs here): an error in one
        would end the app's message loop, and with it the screen that says what happened,
        so the first is reported here and the loop goes on."""
        try:
            await super()._dispatch_message(message)
        except Exception as error:
            if self.crash_said is not None:
                raise
            self._handle_exception(error)

    def _handle_exception(self, error: Exception) -> None:
        """Textual's hook for an unhandled error: the calm way the first time (see the
        module's docstring)."""
        if self.crash_said is not None:  # a second error: Textual's own way out
            super()._handle_exception(error)
            return
        try:
            record = self.crash_record()
        except Exception:  # the report must be written, with or without the game's record
            record = None
        self.crash_report = write_crash_report(self.crash_folder(), error,
                                               where=self.opening.where, record=record)
        said = self.crash_said = crash_message(self.crash_report, self.crash_resume(record))
        # As Textual does: the app ends with status 1, and a test (Pilot) re-raises the error
        # when it closes the app, so no test passes over one.
        self._return_code = 1
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        from buyword.ui.dialogs.crash import CrashScreen

        try:
            self.push_screen(CrashScreen(said), lambda _: self.exit(return_code=1, message=said))
        except Exception:  # the screens themselves are broken: the words on the terminal
            self.exit(return_code=1, message=said)

    # ------------------------------------------------------------------ small windows

    def on_resize(self) -> None:
        """Below the minimum size a notice covers the screens; when the window grows it goes."""
        self.call_later(self.fit_window)

    def fit_window(self) -> None:
        """Show or remove the too-small notice for the window's size now."""
        from buyword.ui.dialogs.too_small import TooSmallScreen, too_small

        covered = isinstance(self.screen, TooSmallScreen)
        if too_small(self.size):
            if not covered:
                self.push_screen(TooSmallScreen())
        elif covered:
            self.pop_screen()

    @on(events.Mount)
    def _follow_the_screens(self) -> None:
        """Be told, at once, whenever the screen on top changes (`_screen_changed`): Textual's
        own signal, rather than overriding its push, pop and switch."""
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """The screen on top is now `screen` (pushed, switched to, or uncovered).

        Keys typed before now were meant for the screen that was on top then (a form that took
        a while to open would take a key typed ahead into its first box): `on_event` drops
        them. A screen other than the title needs the table pieces' styles (`read_styles`,
        normally read already), and a new screen its size classes before it composes. While
        the window is too small, the notice goes back on top of a screen that covered it.
        """
        from buyword.ui.dialogs.too_small import TooSmallScreen, too_small
        from buyword.ui.screens.title import TitleScreen

        self._screen_changed_at = event_clock()
        if isinstance(screen, TooSmallScreen):
            return
        if not isinstance(screen, TitleScreen):
            self.read_styles()
        if not screen.is_mounted:
            self._give_size_classes(screen)
        if too_small(self.size):
            self.call_later(self.fit_window)

    def _give_size_classes(self, screen: Screen[Any]) -> None:
        """Give a screen about to show the size classes (-narrow or -wide, -short or -tall)
        that Textual would give it when its first resize event arrives.

        Why: that event comes after the screen is composed, and a class added to a screen
        restyles every widget on it; given here, before there are any, the event finds
        nothing to change. Opening the new-game form and help cost a restyle less.
        """
        breakpoints = [
            (screen.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is not None
             else self.HORIZONTAL_BREAKPOINTS, self.size.width),
            (screen.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is not None
             else self.VERTICAL_BREAKPOINTS, self.size.height)]
        for points, cells in breakpoints:
            reached = [name for at, name in sorted(points or [], reverse=True) if cells >= at]
            for _, name in points or []:
                screen.set_class(bool(reached) and name == reached[0], name)

    async def on_event(self, event: events.Event) -> None:
        """Textual's handling, except that a key pressed before the screen on top now was
        shown reaches nothing: it was meant for another screen (the one it was typed at)."""
        if (isinstance(event, events.Key) and not event.is_forwarded
                and event.time < self._screen_changed_at):
            return
        await super().on_event(event)

    def read_styles(self) -> None:
        """Read the style files of every screen and table piece (`style_files`) into the app's
        stylesheet, and parse only those: once, soon after the title has painted (or as the
        first other screen shows, if that is sooner).

        Why: a screen whose file is not in the stylesheet yet makes Textual read it as the
        screen first shows and parse every source of the stylesheet again, about 20 ms of
        processor time at a table. Read here, each screen finds its files there already, and
        Textual's `parse` parses only the files it has not parsed before.
        """
        new = [path for path in style_files() if not self.stylesheet.has_source(path)]
        for path in new:
            self.stylesheet.read(path)
        if new:
            self.stylesheet.parse()

    def action_command_palette(self) -> None:
        """The command palette (Textual's, made safe against fast typing: `buyword.ui.palette`)."""
        # Textual's is_open asks for an App[object] (it reads only the screen on top).
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            from buyword.ui.palette import _CommandPalette  # made when first opened

            self.push_screen(_CommandPalette(id="--command-palette"))

    # ------------------------------------------------------------------ help and palette

    def action_help(self, tab: str = "rules") -> None:
        """How to play, the variants, the key map and the price list."""
        from buyword.ui.dialogs.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(tab))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette: the table's actions legal now, the game's main actions (or
        a hosted or joined seat's), the help, the variants, then Textual's own (colours…)."""
        yield from self.table_commands(screen)
        if self.opening.plays_here:
            yield from self.game_commands()
        yield from self.seat_commands(screen)
        yield from self.help_commands()
        if self.opening.plays_here:
            yield SystemCommand("Settings", "Animations, computer speed, colours",
                                self.action_settings)
            yield SystemCommand("Solo stats", "Your solo results over time, per rule set",
                                self.action_stats)
        yield from self.variant_commands()
        yield from self.textual_commands(screen)

    def table_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The table's actions a person may take now, on a table screen."""
        from buyword.ui.screens.table import TableScreen

        if isinstance(screen, TableScreen):
            for action, title in screen.palette_actions():
                yield SystemCommand(title, "Table action", partial(screen.run_action, action))

    def game_commands(self) -> Iterable[SystemCommand]:
        """The games played here: new ones, learning, puzzles."""
        yield SystemCommand("New solo game", "Start a solo game",
                            partial(self.action_new_game, True))
        yield SystemCommand("New table game", "Start a game for 2–4 players",
                            partial(self.action_new_game, False))
        yield SystemCommand("Learn to play", "A short guided game, lesson by lesson",
                            self.start_learning)
        yield SystemCommand("Puzzles", "Today's puzzle, practice near your rating, your "
                            "mistakes", self.start_puzzles)

    def seat_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """A joined seat's rejoin token; the host's join codes and hand-over (at its table)."""
        from buyword.ui.screens.table import TableScreen

        if self.opening.rejoin:
            yield SystemCommand("Rejoin token", "The command that takes your seat back (F7)",
                                self.action_token)
        if isinstance(screen, TableScreen) and screen.host is not None:
            yield SystemCommand("Join codes", "Show the join codes and who is connected",
                                screen.action_codes)
            yield SystemCommand("Hand a seat to a computer",
                                "A gone player's seat is played by a computer from now on",
                                screen.action_hand_over)

    def help_commands(self) -> Iterable[SystemCommand]:
        """The help's pages: how to play, the key map, the price list."""
        yield SystemCommand("How to play", "The rules in short", self.action_help)
        yield SystemCommand("Keys", "The key map", partial(self.action_help, "keys"))
        yield SystemCommand("Price list", "Pips to dollars", partial(self.action_help, "prices"))

    def variant_commands(self) -> Iterable[SystemCommand]:
        """A palette entry for each variant: what it does, opening help's Variants page."""
        from buyword.engine.rules import VARIANTS

        for variant in VARIANTS:
            needs = " (2 or more players)" if variant.needs_table else ""
            yield SystemCommand(f"Variant: {variant.label}",
                                f"{variant.how.capitalize()}{needs}",
                                partial(self.action_help, "variants"))

    def textual_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands, in the game's words: its "Keys" panel would list Keys
        twice (the help's key map is ours); its "Theme" is the colour scheme ("Theme" is the
        words a themed game accepts); its Quit says what ours does (`Opening.quit_says`)."""
        for command in super().get_system_commands(screen):
            if command.title == "Theme":
                yield SystemCommand("Colours", "Change the colour scheme", command.callback)
            elif command.title == "Quit":
                yield SystemCommand("Quit", self.opening.quit_says, command.callback)
            elif command.title != "Keys":
                yield command

#: The exit status when a record cannot be replayed (as for every command-line refusal).
USAGE_ERROR = 2


def run_app(options: PlayOptions) -> int:
    """Run the game as the command line asked; returns the exit code. A garbage collector
    paused for start-up (as `buyword.cli` pauses it) is switched on once the title has
    painted."""
    from buyword.store.places import cache_folder

    app = BuyWordApp(options, store=Store(), cache_dir=cache_folder())
    app.resume_collector = not gc.isenabled()  # paused for start-up by the command line
    result = app.run()
    return result if isinstance(result, int) else (app.return_code or 0)


def run_replay(options: ReplayOptions) -> int:
    """`buyword replay FILE`: step through a saved game; a bad file is one line on stderr and
    exit status 2."""
    import sys

    from buyword.table.replay import load_replay

    store = Store()
    try:
        replay = load_replay(store.find_record(options.file))
    except BuyWordError as error:
        print(f"buyword replay: {error}", file=sys.stderr)
        return USAGE_ERROR
    app = BuyWordApp(opening=Opening.replaying(replay), store=store)
    result = app.run()
    return result if isinstance(result, int) else (app.return_code or 0)
