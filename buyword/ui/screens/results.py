"""The end of a game: standings, money over the rounds, best words, and the solo rating."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Footer, ProgressBar, Sparkline, Static
from textual_plotext import PlotextPlot

from buyword.analysis.compare import BESIDE_ROLLOUTS, MasterAhead, RoundPair, SeatRound
from buyword.analysis.results import GameResults
from buyword.engine.wording import conjugate, is_you
from buyword.store.setup import GameSetup, custom_tiles
from buyword.table.views import ResultsView, SeatResult
from buyword.ui.tabletop import tabletop_of
from buyword.ui.text import dollar_ticks, literal, markup, whole_ticks
from buyword.ui.widgets.board import Board

if TYPE_CHECKING:
    from buyword.store.saves import JsonObject
    from buyword.ui.tabletop import Tabletop


def rating_line(view: ResultsView, money: int) -> str:
    """'[b]outstanding[/b]  ($800 fair · ...)' against the rulebook's thresholds."""
    return f"[b]{view.rating(money)}[/b]  ({view.rating_marks()})"


class PlayerResult(Horizontal):
    """One line of standings: place, name, money, the money sparkline, best word."""

    def __init__(self, result: SeatResult, place: int, label: str) -> None:
        """A seat's `result`, at `place`, named `label`."""
        super().__init__(classes="result-row")
        self.result = result
        self.place = place
        self.label = label

    def compose(self) -> ComposeResult:
        """The row's cells."""
        result = self.result
        winner = " -winner" if self.place == 1 else ""
        yield Static(literal(f"{self.place}. {self.label}"), classes=f"result-name{winner}")
        yield Static(f"${result.money:,}", classes="result-money")
        yield Sparkline(list(result.history), classes="result-spark")
        yield Static(literal(result.best_text), classes="result-best")


#: The computer players a solo game can be compared with, and their names on the screen.
BESIDE = {"expert": "Expert", "master": "Master"}


class ResultsScreen(Screen[None]):
    """Final standings, then play again, same bag again, or back to the title."""

    CSS_PATH = ["results.tcss", "../widgets/board.tcss"]
    # Esc cancels a comparison being played (listed first, it wins while one is), and
    # otherwise asks before going back to the title (selling ends on a double Esc: a third
    # one typed ahead must not throw the results away). E, M and R are buttons that show
    # their keys, so the footer (60 columns) has room for the rest.
    BINDINGS = [
        Binding("n", "again", "Again"),
        Binding("s", "same_seed", "Same bag"),
        Binding("e", "beside('expert')", "Expert", show=False),
        Binding("m", "beside('master')", "Master", show=False),
        Binding("r", "review", "Review", show=False),
        Binding("escape", "cancel", "Cancel"),
        Binding("escape", "leave", "Title"),
        Binding("t", "leave", "Title", show=False),
    ]

    @dataclass
    class BesidePlayed(Message):
        """A computer player's game on this bag is over: finished, or None with a reason if
        it could not be played, or None without one if it was cancelled."""

        level: str
        results: GameResults | None
        error: str = ""

    @dataclass
    class BesideRounds(Message):
        """The computer player's game on this bag has finished another round: both games
        round by round, as far as it has gone."""

        level: str
        pairs: list[RoundPair]

    @dataclass
    class BesideProgressed(Message):
        """The computer player's game on this bag has drawn `drawn` of the `bag`'s tiles."""

        drawn: int
        bag: int

    def __init__(self, results: GameResults | ResultsView, setup: GameSetup, hints_used: bool,
                 record_line: str = "", *, coached: bool = False,
                 appraisals: tuple[JsonObject, ...] = (), ahead: MasterAhead | None = None
                 ) -> None:
        """The `results` of a finished game (or only their view, where the game is elsewhere:
        see `JoinedResultsScreen`); `record_line` tells the solo record (a new best?).
        `coached`: the coach weighed the game's decisions, and `appraisals` are the ones it
        kept (the review uses them again); `ahead`: Master's game on this bag, begun as the
        game began."""
        super().__init__()
        self.ahead = ahead
        #: The game's results here, to review and compare (None: only the view was sent).
        self.results = results if isinstance(results, GameResults) else None
        #: What the screen draws of the game.
        self.view = results.view if isinstance(results, GameResults) else results
        self.setup = setup
        self.hints_used = hints_used
        self.coached = coached
        self.appraisals = appraisals
        self.record_line = record_line
        #: The computer players' games on this bag, by level, once played.
        self.beside: dict[str, GameResults] = {}
        #: The level whose game on this bag is being played, if one is.
        self.playing: str | None = None
        #: The level whose game is shown beside the person's, if one is.
        self.shown: str | None = None
        self.cancelling = threading.Event()
        #: Whose money the chart shows, in order (the labels of its lines).
        self.charted: list[str] = []
        self._reviewable: bool | None = None

    @property
    def buyword(self) -> Tabletop:
        """The app, as the screens see it (see `Tabletop`)."""
        return tabletop_of(self.app)

    @property
    def expert(self) -> GameResults | None:
        """Expert's game on this bag, once played."""
        return self.beside.get("expert")

    @property
    def comparable(self) -> bool:
        """Whether a computer player can replay this game's bag: a solo game, played here."""
        return self.view.solo and self.results is not None

    @property
    def master_plays(self) -> bool:
        """Whether Master's own search plays this game: its rollouts model the rules (no
        table variant, theme or crossword; there it would only play as Expert does)."""
        return self.results is not None and self.results.why_no_review is None

    def compose(self) -> ComposeResult:
        """Headline, standings, rating or winners, and the game's settings."""
        view = self.view
        # One scrolling page: the round-by-round comparison is longer than any terminal.
        with VerticalScroll(id="results"):
            yield Static(self._headline(), id="headline")
            with Vertical(id="standings"):
                for standing in view.outcome.standings:
                    yield PlayerResult(view.players[standing.seat], standing.place,
                                       self.label(standing.seat))
            verdict = self._verdict()
            # Nothing to say (a table game without hints or coach): no blank lines for it.
            yield Static(verdict, id="verdict").set_styles(display="block" if verdict else "none")
            with Horizontal(id="results-buttons"):
                if self.comparable:
                    yield Button("E  Expert's game", id="expert-button", compact=True)
                    if self.master_plays:
                        yield Button("M  Master's game", id="master-button", compact=True)
                if self.reviewable:
                    # Short enough for the three buttons on one line at 60 columns.
                    yield Button("R  Review", id="review-button", compact=True)
            if view.rules.crossword:
                yield self._final_grid()
            yield PlotextPlot(id="money-chart")
            with Vertical(id="compare-box"):
                yield Static(id="compare-status")
                yield ProgressBar(id="compare-progress", show_eta=False)
                with Horizontal(id="compare"):
                    yield Vertical(id="compare-you", classes="compare-side")
                    yield Vertical(id="compare-other", classes="compare-side")
                yield Static(id="compare-rounds")
            settings = f"Seed {view.seed} · {view.rounds} rounds · {view.rules.describe()}"
            if tiles := custom_tiles(view.rules):
                settings += f" · tiles: {tiles}"
            yield Static(literal(settings), id="settings-line")
        yield Footer()

    def label(self, seat: int) -> str:
        """How the standings and the chart name `seat` ('Ann', 'Bob (expert)')."""
        return self.setup.seats[seat].label

    def on_mount(self) -> None:
        """Title the boxes."""
        self.query_one("#standings").border_title = "Standings · money over the rounds"
        self.query_one("#compare-box").display = False
        self.query_one("#compare").display = False
        self.query_one("#results-buttons").display = bool(self.query("#results-buttons Button"))
        self.draw_money()

    def on_unmount(self) -> None:
        """Leaving the screen stops a comparison being played after its current step."""
        self.cancelling.set()

    def draw_money(self) -> None:
        """Every player's money round by round, one line each (and the computer players',
        once played on this bag)."""
        plot = self.query_one("#money-chart", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        lines = [(self.label(p.seat), list(p.history)) for p in self.view.players]
        for level, name in BESIDE.items():
            if level in self.beside:
                lines.append((name, list(self.beside[level].view.players[0].history)))
        self.charted = [label for label, _ in lines]
        for label, money in lines:
            plt.plot(list(range(len(money))), money, label=label, marker="braille")
        rounds = max(len(money) for _, money in lines) - 1
        plt.xticks(whole_ticks(0, rounds))  # rounds are whole
        plt.yticks(*dollar_ticks(min(min(money) for _, money in lines),
                                 max(max(money) for _, money in lines)))
        plt.title("Money round by round")
        plt.xlabel("round")
        plot.refresh()

    def _final_grid(self) -> Board:
        """The crossword game's grid as the game ended."""
        board = Board(id="final-grid")
        board.grid = self.view.grid
        board.border_title = f"The table · {len(self.view.grid)} tiles"
        return board

    def _headline(self) -> Content:
        view = self.view
        outcome = view.outcome
        if view.solo:
            money = view.players[0].money
            return markup(f"[b]Game over[/b] — $reason. You finished with [b]${money:,}[/b].",
                          reason=outcome.reason)
        names = " and ".join(view.players[s].name for s in outcome.winners)
        verb = "share the win" if len(outcome.winners) > 1 else conjugate("win", is_you(names))
        return markup(f"[b]Game over[/b] — $reason. [b]$names[/b] {verb}!",
                      reason=outcome.reason, names=names)

    def _verdict(self) -> str:
        view = self.view
        lines = []
        if view.solo:
            lines.append(f"Solo rating: {rating_line(view, view.players[0].money)}")
        if self.hints_used:
            lines.append("[i]Played with hints.[/i]")
        if self.coached:
            lines.append("[i]Played with the coach.[/i]")
        if self.record_line:
            lines.append(self.record_line)
        return "\n".join(lines)

    @property
    def reviewable(self) -> bool:
        """Whether Master can review this game: a person played, and the rules are ones its
        rollouts play (no table variant, theme or crossword)."""
        if self._reviewable is None:
            self._reviewable = any(seat.human for seat in self.setup.seats) and \
                self.master_plays
        return self._reviewable

    def action_review(self) -> None:
        """Master weighs each decision of a person at the table, on its own screen: the one
        person, or the one picked when several played."""
        from buyword.ui.screens.review import ReviewWhom

        people = tuple((n, s.name) for n, s in enumerate(self.setup.seats) if s.human)
        if len(people) == 1:
            self.review_seat(people[0][0])
        else:
            self.app.push_screen(ReviewWhom(people), self.review_seat)

    def review_seat(self, seat: int | None) -> None:
        """Open the review of `seat`'s decisions (None: nobody's, nothing happens)."""
        from buyword.ui.screens.review import ReviewScreen

        if seat is not None and self.results is not None:
            self.app.push_screen(ReviewScreen(self.results.to_review(seat, self.setup,
                                                                     self.appraisals)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The buttons do what their keys do."""
        event.stop()
        match event.button.id:
            case "review-button":
                self.action_review()
            case "expert-button":
                self.action_beside("expert")
            case "master-button":
                self.action_beside("master")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The comparisons are for solo games, once computer players exist (Master's for the
        rules its rollouts play), one at a time (greyed out while one is played, or for the
        one shown); Esc cancels the one being played; the review needs a person's
        decisions."""
        if action == "review":
            return self.reviewable
        if action == "beside":
            if not self.comparable or (parameters[0] == "master" and not self.master_plays):
                return False
            return None if self.playing or parameters[0] == self.shown else True
        if action == "cancel":
            return self.playing is not None
        return True

    def action_again(self) -> None:
        """The same table and options with a fresh bag (the guided game: from its start, on
        the bag its lessons are laid out on)."""
        if self.setup.lesson:
            self.buyword.start_learning()
            return
        self.buyword.start_game(self.setup.with_seed(None))

    def action_same_seed(self) -> None:
        """The same bag and die rolls again."""
        self.buyword.start_game(self.setup.with_seed(self.view.seed))

    #: What leaving asks first (the results are not kept on screen anywhere else).
    LEAVING = ("Leave the results?", "Back to the title; this game's results close.")

    def action_leave(self) -> None:
        """Leave the results, once the player says so (`LEAVING` asks)."""
        from buyword.ui.dialogs.confirm import ConfirmScreen

        self.app.push_screen(ConfirmScreen(*self.LEAVING),
                             lambda yes: self.leave() if yes else None)

    def leave(self) -> None:
        """Back to the title screen."""
        self.buyword.show_title()

    def action_beside(self, level: str) -> None:
        """"How would Expert (or Master) have done with the same bag?" — played in a worker,
        or shown at once if it was played already."""
        if not self.check_action("beside", (level,)):
            return  # a button pressed while its key is greyed out
        self.query_one("#compare-box").display = True
        if level == "master" and level not in self.beside and self.ahead is not None:
            ready = self.results.ready_ahead(self.ahead) if self.results else None
            if ready is not None:  # played while the person played: shown at once, no bar
                self.beside[level] = ready
                self.query_one("#compare-progress").display = False
                self.draw_money()
            else:  # not done yet: played now on every core, the same game sooner
                self.ahead.close()
            self.ahead = None
        if level in self.beside:
            self._show(level)
            return
        self.playing = level
        self.cancelling.clear()
        self.refresh_bindings()
        self.query_one("#compare-progress", ProgressBar).update(total=None, progress=0)
        self.query_one("#compare-progress").display = True
        self.query_one("#compare").display = False  # another's game, if shown: rounds to come
        self.query_one("#compare-rounds", Static).update("")
        self._status(f"{_who(level)} is getting ready to play your bag… (Esc cancels)")
        self.query_one("#compare-status").scroll_visible(animate=False)
        self._play_beside(level)

    def action_cancel(self) -> None:
        """Stop the comparison being played; the results stay as they were."""
        if self.playing is not None:
            self.cancelling.set()
            self._status(f"Cancelling {BESIDE[self.playing]}'s game…")

    def _status(self, text: str) -> None:
        status = self.query_one("#compare-status", Static)
        status.update(literal(text))
        status.display = bool(text)

    @work(thread=True, exclusive=True, exit_on_error=False)
    def _play_beside(self, level: str) -> None:
        """Replay the seed (same bag, same rolls) with the computer player of `level`."""
        from buyword.analysis.review_report import default_jobs

        assert self.results is not None  # offered only for a game played here (`comparable`)
        try:
            finished = self.results.play_beside(
                level, self.buyword.services, jobs=default_jobs(),
                cancelled=self.cancelling.is_set,
                progress=lambda drawn, bag: self.post_message(self.BesideProgressed(drawn, bag)),
                rounds=lambda pairs: self.post_message(self.BesideRounds(level, pairs)))
            error = ""
        except Exception as problem:  # shown on screen, never a traceback
            finished, error = None, str(problem)
        self.post_message(self.BesidePlayed(level, finished, error))

    def on_results_screen_beside_progressed(self, message: ResultsScreen.BesideProgressed
                                            ) -> None:
        """Move the bar: the tiles gone from the bag."""
        self.query_one("#compare-progress", ProgressBar).update(total=message.bag,
                                                                progress=message.drawn)
        if self.playing and not self.cancelling.is_set():
            self._status(f"{_who(self.playing)} is playing your bag, with the same die rolls, "
                         f"round by round below: {message.drawn} of {message.bag} tiles out "
                         f"of the bag… (Esc cancels)")

    def on_results_screen_beside_rounds(self, message: ResultsScreen.BesideRounds) -> None:
        """Another round of the computer's game: the table so far, under the bar."""
        if message.level == self.playing and not self.cancelling.is_set():
            rounds = self.query_one("#compare-rounds", Static)
            rounds.update(rounds_table(message.pairs, BESIDE[message.level]))

    def on_results_screen_beside_played(self, message: ResultsScreen.BesidePlayed) -> None:
        """Show both solo games side by side (cancelled: leave the results as they were)."""
        self.playing = None
        self.query_one("#compare-progress").display = False
        self.refresh_bindings()
        self._status("")
        if message.results is None:
            if message.error:
                self._status(f"No {BESIDE[message.level]} game: {message.error}")
            elif self.shown is None:
                self.query_one("#compare-box").display = False
            if self.shown is None:  # the rounds shown while it played: not a game now
                self.query_one("#compare-rounds", Static).update("")
            else:
                self._show(self.shown)
            return
        self.beside[message.level] = message.results
        self.draw_money()
        self._show(message.level)

    def _show(self, level: str) -> None:
        """`level`'s game on this bag beside the person's, and round by round."""
        other_game = self.beside[level]
        you_money, other_money = self.view.players[0].money, other_game.view.players[0].money
        self.shown = level
        self.refresh_bindings()
        self.query_one("#compare").display = True
        you, other = self.query_one("#compare-you"), self.query_one("#compare-other")
        you.remove_children()
        other.remove_children()
        you.border_title = f"You · ${you_money:,}"
        other.border_title = f"{BESIDE[level]} · ${other_money:,}"
        you.mount(*self._side(self.view))
        other.mount(*self._side(other_game.view))
        rounds = self.query_one("#compare-rounds", Static)
        if self.results is not None:
            rounds.update(rounds_table(self.results.rounds_beside(other_game), BESIDE[level]))

    def _side(self, view: ResultsView) -> list[Static | Sparkline]:
        mine = view.players[0]
        best_text = f"best {mine.best_text}" if mine.best else mine.best_text
        return [
            Sparkline(list(mine.history), classes="compare-spark"),
            Static(markup(f"[b]{view.rating(mine.money)}[/b] · {mine.words} words · $best",
                          best=best_text)),
        ]


class JoinedResultsScreen(ResultsScreen, inherit_bindings=False):
    """The results at a hosted table's seat: the same page as at a table of one screen, drawn
    from the results the host sent with its last view. The game stays with the host, so
    there is no review, comparison or new game here; leaving closes the table's screen."""

    # Esc asks first, as on the results at home: a sale ends on a double Esc, and a third
    # one typed ahead must not close the results.
    # In the footer: the page's one key (the app's Ctrl+Q, which at a finished table leaves at
    # once, is hidden on every screen, as at home).
    BINDINGS = [Binding("escape,q", "leave", "Leave the table")]

    def __init__(self, view: ResultsView, setup: GameSetup, seat: int | None) -> None:
        """The results `view` at `seat`'s screen (None: a screen holding no seat), with the
        table's seats in `setup`."""
        super().__init__(view, setup, hints_used=False)
        self.seat = seat

    def label(self, seat: int) -> str:
        """The seat's name, and "(you)" for this screen's own."""
        return super().label(seat) + (" (you)" if seat == self.seat else "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only leaving: the rest needs the game, which the host holds."""
        return action == "leave"

    LEAVING = ("Leave the table?", "The game is over; this closes its results.")

    def leave(self) -> None:
        """Close the table's screen."""
        self.app.exit()


def _who(level: str) -> str:
    """The computer player's name, with Master's search: 'Master (48 rollouts an option)'."""
    if level == "master":
        return f"Master ({BESIDE_ROLLOUTS} rollouts an option)"
    return BESIDE[level]


def rounds_table(pairs: list[RoundPair], other: str) -> Table:
    """Round by round, what you and `other` bought and sold and the money after; the rounds
    where the gap moved most are marked ▲ and bold."""
    table = Table(title=f"Round by round · gap: {other}'s money minus yours, and how much it "
                        "moved (▲ the rounds it moved most)",
                  title_justify="left", expand=True, show_lines=True, padding=(0, 1))
    table.add_column("Rnd", no_wrap=True)
    table.add_column("You", overflow="fold", ratio=1)
    table.add_column(other, overflow="fold", ratio=1)
    table.add_column("Gap", no_wrap=True, justify="right")
    for pair in pairs:
        style = "bold" if pair.marked else ""
        mark = "▲" if pair.marked else " "
        swing = f"\n{_signed(pair.swing)}" if pair.swing else ""
        table.add_row(Text(f"{mark}{pair.round}"), _round_cell(pair.you), _round_cell(pair.other),
                      Text(f"{_signed(pair.gap)}{swing}"), style=style)
    return table


def _signed(dollars: int) -> str:
    """'+$45', '-$9', '$0'."""
    sign = "+" if dollars > 0 else "-" if dollars < 0 else ""
    return f"{sign}${abs(dollars):,}"


def _round_cell(side: SeatRound) -> Text:
    """A side's round in three short lines: bought (or discarded), sold, money after."""
    return Text(f"{side.bought_text()}\n{side.sold_text()}\nmoney ${side.money:,}")
