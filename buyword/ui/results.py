"""The end of a game: standings, money over the rounds, best words, and the solo rating."""

from __future__ import annotations

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
from textual.widgets import Button, Footer, Sparkline, Static
from textual_plotext import PlotextPlot

from buyword.engine import Game
from buyword.engine import events as ev
from buyword.engine.wording import conjugate, is_you
from buyword.table.compare import RoundPair, SeatRound, compare_games
from buyword.ui.board import Board
from buyword.ui.options import GameSetup, custom_tiles
from buyword.ui.text import literal, markup

if TYPE_CHECKING:
    from buyword.ui.app import BuyWordApp


def best_sale(game: Game, seat: int) -> ev.Sold | None:
    """The seat's best-paid word (the first of equals), or None if they sold nothing."""
    sales = [e for e in game.log if isinstance(e, ev.Sold) and e.seat == seat]
    return max(sales, key=lambda sale: sale.price, default=None)


def rating_line(game: Game, money: int) -> str:
    """'$1,024: outstanding' against the rulebook's thresholds."""
    marks = " · ".join(f"${t:,} {name}" for t, name in reversed(game.rules.solo_ratings))
    return f"[b]{game.rules.solo_rating(money)}[/b]  ({marks})"


class PlayerResult(Horizontal):
    """One line of standings: place, name, money, the money sparkline, best word."""

    def __init__(self, game: Game, seat: int, place: int, label: str) -> None:
        """The result of `seat` in a finished `game`."""
        super().__init__(classes="result-row")
        self.game = game
        self.seat = seat
        self.place = place
        self.label = label

    def compose(self) -> ComposeResult:
        """The row's cells."""
        game, seat = self.game, self.seat
        money = game.player(seat).money
        history = [row[seat] for row in game.money_history()]
        best = best_sale(game, seat)
        best_text = f"{best.word.upper()} ${best.price}" if best else "no word sold"
        winner = " -winner" if self.place == 1 else ""
        yield Static(literal(f"{self.place}. {self.label}"), classes=f"result-name{winner}")
        yield Static(f"${money:,}", classes="result-money")
        yield Sparkline(history, classes="result-spark")
        yield Static(literal(best_text), classes="result-best")


class ResultsScreen(Screen[None]):
    """Final standings, then play again, same bag again, or back to the title."""

    CSS_PATH = ["results.tcss", "board.tcss"]
    BINDINGS = [
        Binding("n", "again", "Play again"),
        Binding("s", "same_seed", "Same bag again"),
        Binding("e", "expert", "Expert's game"),
        Binding("r", "review", "Review"),
        Binding("t,escape", "title", "Title"),
    ]

    @dataclass
    class ExpertPlayed(Message):
        """The Expert replay of this bag finished (game None, with a reason, if it could not)."""

        game: Game | None
        error: str = ""

    def __init__(self, game: Game, setup: GameSetup, hints_used: bool,
                 record_line: str = "") -> None:
        """Results of a finished `game`; `record_line` tells the solo record (a new best?)."""
        super().__init__()
        self.game = game
        self.setup = setup
        self.hints_used = hints_used
        self.record_line = record_line
        self.expert: Game | None = None
        self.expert_running = False
        #: Whose money the chart shows, in order (the labels of its lines).
        self.charted: list[str] = []
        self._reviewable: bool | None = None

    @property
    def buyword(self) -> BuyWordApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """Headline, standings, rating or winners, and the game's settings."""
        game = self.game
        outcome = game.outcome()
        assert outcome is not None
        # One scrolling page: the round-by-round comparison is longer than any terminal.
        with VerticalScroll(id="results"):
            yield Static(self._headline(), id="headline")
            with Vertical(id="standings"):
                for standing in outcome.standings:
                    label = self.setup.seats[standing.seat].label
                    yield PlayerResult(game, standing.seat, standing.place, label)
            yield Static(self._verdict(), id="verdict")
            if self.reviewable:
                yield Button("R  Review with Master", id="review-button", compact=True)
            if game.rules.crossword:
                yield self._final_grid()
            yield PlotextPlot(id="money-chart")
            with Vertical(id="compare-box"):
                with Horizontal(id="compare"):
                    yield Vertical(id="compare-you", classes="compare-side")
                    yield Vertical(id="compare-expert", classes="compare-side")
                yield Static(id="compare-rounds")
            settings = f"Seed {game.seed} · {game.round} rounds · {game.rules.describe()}"
            if tiles := custom_tiles(game.rules):
                settings += f" · tiles: {tiles}"
            yield Static(literal(settings), id="settings-line")
        yield Footer()

    def on_mount(self) -> None:
        """Title the boxes."""
        self.query_one("#standings").border_title = "Standings · money over the rounds"
        self.query_one("#compare-box").display = False
        self.draw_money()

    def draw_money(self) -> None:
        """Every player's money round by round, one line each (and Expert's, once played)."""
        plot = self.query_one("#money-chart", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        lines = [(self.setup.seats[seat].label, [row[seat] for row in self.game.money_history()])
                 for seat in range(self.game.seats)]
        if self.expert is not None:
            lines.append(("Expert", [row[0] for row in self.expert.money_history()]))
        self.charted = [label for label, _ in lines]
        for label, money in lines:
            plt.plot(list(range(len(money))), money, label=label, marker="braille")
        plt.title("Money round by round")
        plt.xlabel("round")
        plot.refresh()

    def _final_grid(self) -> Board:
        """The crossword game's grid as the game ended."""
        board = Board(id="final-grid")
        board.grid = self.game.grid
        board.border_title = f"The table · {len(self.game.grid)} tiles"
        return board

    def _headline(self) -> Content:
        outcome = self.game.outcome()
        assert outcome is not None
        if self.game.seats == 1:
            money = self.game.player(0).money
            return markup(f"[b]Game over[/b] — $reason. You finished with [b]${money:,}[/b].",
                          reason=outcome.reason)
        names = " and ".join(self.game.names[s] for s in outcome.winners)
        verb = "share the win" if len(outcome.winners) > 1 else conjugate("win", is_you(names))
        return markup(f"[b]Game over[/b] — $reason. [b]$names[/b] {verb}!",
                      reason=outcome.reason, names=names)

    def _verdict(self) -> str:
        game = self.game
        lines = []
        if game.seats == 1:
            lines.append(f"Solo rating: {rating_line(game, game.player(0).money)}")
        if self.hints_used:
            lines.append("[i]Played with hints.[/i]")
        if self.record_line:
            lines.append(self.record_line)
        return "\n".join(lines)

    @property
    def reviewable(self) -> bool:
        """Whether Master can review this game: a person played, computer players exist, and
        the rules are ones its rollouts play (no table variant, theme or crossword)."""
        if self._reviewable is None:
            from buyword.ui.services import bots_available

            self._reviewable = any(seat.human for seat in self.setup.seats) and \
                bots_available() and self._why_no_review() is None
        return self._reviewable

    def _why_no_review(self) -> str | None:
        from buyword.engine import GameRecord
        from buyword.table.review import unreviewable

        return unreviewable(GameRecord.of(self.game))

    def action_review(self) -> None:
        """Master weighs each decision of the first person at the table, on its own screen."""
        from buyword.engine import GameRecord
        from buyword.table.review_report import ToReview
        from buyword.ui.review import ReviewScreen

        seat = next(n for n, s in enumerate(self.setup.seats) if s.human)
        self.app.push_screen(ReviewScreen(ToReview(GameRecord.of(self.game), seat, self.setup)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The review button does what R does."""
        if event.button.id == "review-button":
            event.stop()
            self.action_review()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The Expert replay is for solo games, once computer players exist; the review
        needs a person's decisions."""
        if action == "review":
            return self.reviewable
        if action == "expert":
            from buyword.ui.services import bots_available

            if self.game.seats != 1 or not bots_available():
                return False
            return None if self.expert_running or self.expert else True
        return True

    def action_again(self) -> None:
        """The same table and options with a fresh bag."""
        self.buyword.start_game(self.setup.with_seed(None))

    def action_same_seed(self) -> None:
        """The same bag and die rolls again."""
        self.buyword.start_game(self.setup.with_seed(self.game.seed))

    def action_title(self) -> None:
        """Back to the title screen."""
        self.buyword.show_title()

    def action_expert(self) -> None:
        """"How would Expert have done with the same bag?" — played in a worker."""
        self.expert_running = True
        self.refresh_bindings()
        self.query_one("#compare-box").display = True
        self.query_one("#compare").loading = True
        self._play_expert()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def _play_expert(self) -> None:
        """Replay the seed (same bag, same rolls) with the Expert computer player."""
        from buyword.table import play_computers

        game = self.game
        try:
            services = self.buyword.services
            finder = services.finder(game.dictionary, game.rules.tiles)
            themed = services.theme_finders(game.dictionary, game.rules.tiles) \
                if game.rules.themes else None
            expert = play_computers(("expert",), game.seed, game.dictionary, finder,
                                    rules=game.rules, names=("Expert",), bag=game.start_bag,
                                    themes=game.themes, theme_finders=themed)
            result: Game | None = expert if expert.outcome() else None
            error = "" if result else "the Expert did not finish"
        except Exception as problem:  # shown on screen, never a traceback
            result, error = None, str(problem)
        self.post_message(self.ExpertPlayed(result, error))

    def on_results_screen_expert_played(self, message: ResultsScreen.ExpertPlayed) -> None:
        """Show both solo games side by side."""
        self.expert_running = False
        self.expert = message.game
        compare = self.query_one("#compare")
        compare.loading = False
        self.refresh_bindings()
        if message.game is None:
            why = literal(f"No Expert game: {message.error}")
            self.query_one("#compare-you").mount(Static(why))
            return
        you, expert = self.query_one("#compare-you"), self.query_one("#compare-expert")
        you.border_title = f"You · ${self.game.player(0).money:,}"
        expert.border_title = f"Expert · ${message.game.player(0).money:,}"
        self.draw_money()
        you.mount(*self._side(self.game))
        expert.mount(*self._side(message.game))
        rounds = self.query_one("#compare-rounds", Static)
        rounds.update(rounds_table(compare_games(self.game, message.game), "Expert"))

    def _side(self, game: Game) -> list[Static | Sparkline]:
        money = game.player(0).money
        best = best_sale(game, 0)
        best_text = f"best {best.word.upper()} ${best.price}" if best else "no word sold"
        sold = sum(1 for e in game.log if isinstance(e, ev.Sold))
        return [
            Sparkline([row[0] for row in game.money_history()], classes="compare-spark"),
            Static(markup(f"[b]{game.rules.solo_rating(money)}[/b] · {sold} words · $best",
                          best=best_text)),
        ]


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
