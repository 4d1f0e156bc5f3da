"""The stats screen: solo results over time, per rule set, as a histogram and a trend line, with
the share of fair, good and outstanding games and the best words sold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual_plotext import PlotextPlot

from buyword.store.stats import histogram, store_stats
from buyword.ui.tabletop import tabletop_of
from buyword.ui.text import dollar_ticks, literal, whole_ticks

if TYPE_CHECKING:
    from buyword.store.puzzles import PuzzleProgress
    from buyword.store.stats import RuleSetStats
    from buyword.ui.tabletop import Tabletop

#: What the screen says before the first solo game is finished.
NO_GAMES = ("No solo games yet. Finish a solo game (S on the title screen) and your results "
            "show here, game after game, for each set of rules you play.")


class RuleSetPanel(Vertical):
    """One rule set's solo games: the summary, the two charts, the rating bands, best words."""

    def __init__(self, stats: RuleSetStats) -> None:
        """The panel of one rule set's `stats`."""
        super().__init__(classes="ruleset")
        self.stats = stats

    def compose(self) -> ComposeResult:
        """Summary line, histogram and trend side by side, bands and words below."""
        stats = self.stats
        yield Static(literal(stats.summary()), classes="stats-summary")
        with Horizontal(classes="stats-charts"):
            yield PlotextPlot(classes="stats-histogram")
            yield PlotextPlot(classes="stats-trend")
        yield Static(literal(f"Ratings: {stats.bands_text()}"), classes="stats-bands")
        yield Static(literal(f"Best words: {stats.words_text()}"), classes="stats-words")

    def on_mount(self) -> None:
        """Title the box and draw both charts."""
        self.border_title = literal(self.stats.title)
        self._histogram(self.query_one(".stats-histogram", PlotextPlot))
        self._trend(self.query_one(".stats-trend", PlotextPlot))

    def _histogram(self, plot: PlotextPlot) -> None:
        brackets = histogram(self.stats.money)
        plt = plot.plt
        plt.bar([f"${start:,}" for start, _ in brackets], [games for _, games in brackets])
        most = max(games for _, games in brackets)
        ticks: list[float] = list(range(0, most + 1, max(1, most // 4)))  # whole games only
        plt.yticks(ticks)
        plt.title("Money at the end")
        plt.ylabel("games")

    def _trend(self, plot: PlotextPlot) -> None:
        stats = self.stats
        games = list(range(1, stats.games + 1))
        plt = plot.plt
        plt.scatter(games, list(stats.money), marker="dot")
        plt.plot(games, list(stats.trend), label="trend")
        plt.xticks(whole_ticks(1, stats.games))  # games are whole, even with only one
        money = [*stats.money, *stats.trend]
        plt.yticks(*dollar_ticks(min(money), max(money)))
        if stats.games == 1:
            plt.xlim(0, 2)
        plt.title("Game by game")
        plt.xlabel("game")


class PuzzlePanel(Vertical):
    """The puzzle rating: now, with its deviation, and attempt by attempt."""

    def __init__(self, progress: PuzzleProgress) -> None:
        """The panel of the player's puzzle `progress` (at least one attempt)."""
        super().__init__(id="stats-puzzles")
        self.progress = progress

    def compose(self) -> ComposeResult:
        """The rating line and its history."""
        yield Static(literal(self.progress.summary()), id="stats-puzzle-rating")
        yield PlotextPlot(id="stats-puzzle-history")

    def on_mount(self) -> None:
        """Title the box and draw the rating after each attempt, with its deviation's band."""
        self.border_title = "Puzzles"
        attempts = self.progress.attempts
        tries = list(range(1, len(attempts) + 1))
        plt = self.query_one(PlotextPlot).plt
        ratings = [a.rating for a in attempts]
        plt.plot(tries, ratings, label="rating")
        plt.plot(tries, [a.rating + a.deviation for a in attempts], label="± deviation",
                 color="gray")
        plt.plot(tries, [a.rating - a.deviation for a in attempts], color="gray")
        tries_marked: list[float] = list(whole_ticks(1, len(attempts)))
        plt.xticks(tries_marked)
        if len(attempts) == 1:
            plt.xlim(0, 2)
        plt.title("Puzzle rating, attempt by attempt")
        plt.xlabel("attempt")


class StatsScreen(Screen[None]):
    """Every rule set's solo results, read from the store in a worker."""

    CSS_PATH = "stats.tcss"
    BINDINGS = [Binding("escape,t", "app.pop_screen", "Back")]

    @dataclass
    class Read(Message):
        """The stats were read from the store (empty: no solo games yet)."""

        stats: list[RuleSetStats]
        error: str = ""
        #: The puzzle progress (None: no puzzle tried yet).
        puzzles: PuzzleProgress | None = None
        #: The named people's table ratings, a line each, best first (none: no table game).
        table: tuple[str, ...] = ()

    @property
    def buyword(self) -> Tabletop:
        """The app, as the screens see it (see `Tabletop`)."""
        return tabletop_of(self.app)

    def compose(self) -> ComposeResult:
        """A scrolling page, filled once the store has been read."""
        with VerticalScroll(id="stats"):
            yield Static("[b]Your solo games[/b], per set of rules", id="stats-headline")
        yield Footer()

    def on_mount(self) -> None:
        """Read the scores and the finished games off the UI thread."""
        self.query_one("#stats").loading = True
        self._read()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def _read(self) -> None:
        try:
            store = self.buyword.store
            progress = store.puzzle_progress()
            people = sorted(store.table_ratings().people.items(), key=lambda p: -p[1].mu)
            table = tuple(f"{name} {r.shown} ± {r.sigma:.1f} ({r.games} game"
                          f"{'' if r.games == 1 else 's'})" for name, r in people)
            self.post_message(self.Read(store_stats(store),
                                        puzzles=progress if progress.attempts else None,
                                        table=table))
        except Exception as problem:  # a store that cannot be read is said, never a traceback
            self.post_message(self.Read([], str(problem)))

    def on_stats_screen_read(self, message: StatsScreen.Read) -> None:
        """Show each rule set's panel, or say kindly that there is nothing yet."""
        page = self.query_one("#stats")
        page.loading = False
        if message.puzzles is not None:
            page.mount(PuzzlePanel(message.puzzles))
        if message.table:
            ratings = Static(Content("\n").join(literal(line) for line in message.table),
                             id="stats-table-ratings")
            ratings.border_title = "Table ratings (OpenSkill)"
            page.mount(ratings)
        if message.error:
            page.mount(Static(literal(f"The scores could not be read: {message.error}"),
                              id="stats-empty"))
        elif not message.stats:
            page.mount(Static(literal(NO_GAMES), id="stats-empty"))
        else:
            page.mount(*(RuleSetPanel(stats) for stats in message.stats))
