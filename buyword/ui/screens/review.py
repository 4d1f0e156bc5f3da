"""The Review screen: Master weighs each decision a person made in the game just played.

The review runs in a worker with a progress bar; Esc cancels it (the decisions weighed so far
are shown) and, once it is over, goes back to the results. Then: the summary, the costliest
decisions, a chart of the person's money against Master's expectation, and every decision.
"""

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
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, ProgressBar, Static
from textual_plotext import PlotextPlot

from buyword.analysis.review import GameReview, review_game
from buyword.analysis.review_report import (
    ToReview,
    default_jobs,
    lost_text,
    master_for,
    summary_lines,
)
from buyword.engine import BuyWordError, Rules
from buyword.engine.wording import possessive
from buyword.table.weighing import DEFAULT_ROLLOUTS
from buyword.ui.tabletop import tabletop_of
from buyword.ui.text import dollar_ticks, literal, whole_ticks

if TYPE_CHECKING:
    from buyword.ui.tabletop import Tabletop


class ReviewScreen(Screen[None]):
    """One person's decisions in a finished game, weighed by Master in a worker."""

    CSS_PATH = "review.tcss"
    # One key, two meanings: `check_action` enables the one that applies now, and the footer
    # shows only that one.
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("escape", "back", "Back")]

    @dataclass
    class Progressed(Message):
        """Another decision weighed."""

        done: int
        total: int

    @dataclass
    class Finished(Message):
        """The review is over (cancelled, it holds what was weighed; None, with a reason,
        if it could not run)."""

        review: GameReview | None
        error: str = ""

    def __init__(self, todo: ToReview, rollouts: int = DEFAULT_ROLLOUTS) -> None:
        """Review `todo`'s seat, Master playing at most `rollouts` rollouts an option at each
        decision (the same review on any machine), on every core."""
        super().__init__()
        self.todo = todo
        self.rollouts = rollouts
        self.review: GameReview | None = None
        self.cancelling = threading.Event()

    @property
    def buyword(self) -> Tabletop:
        """The app, as the screens see it (see `Tabletop`)."""
        return tabletop_of(self.app)

    @property
    def running(self) -> bool:
        """True while Master is still weighing (and the review not cancelled)."""
        return self.review is None and not self.cancelling.is_set()

    def compose(self) -> ComposeResult:
        """The progress first; the review's parts, filled when it is over."""
        name = self.todo.setup.seats[self.todo.seat].name
        with VerticalScroll(id="review"):
            yield Static(literal(f"{possessive(name)} decisions, weighed by Master "
                                 f"({self.rollouts} rollouts an option)"),
                         id="review-headline")
            yield ProgressBar(id="review-progress", show_eta=False)
            yield Static("Master is getting ready…", id="review-status")
            yield Static(id="review-summary")
            yield Static(id="review-costliest")
            yield PlotextPlot(id="review-chart")
            yield Static(id="review-decisions")
        yield Footer()

    def on_mount(self) -> None:
        """Start weighing."""
        self.query_one("#review-chart").display = False
        self._weigh()

    def on_unmount(self) -> None:
        """Leaving the screen (or quitting) stops the review after the decision being
        weighed, so no thread outlives the screen for long."""
        self.cancelling.set()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def _weigh(self) -> None:
        """Build Master for the game's words and weigh every decision (off the UI thread)."""
        try:
            from buyword.table.coach import known_appraisals

            master, decision = master_for(self.buyword.services, self.todo)
            review = review_game(
                self.todo.record, self.todo.seat, master, decision,
                private_hands=self.todo.setup.private_hands, rollouts=self.rollouts,
                jobs=default_jobs(), known=known_appraisals(self.todo.appraisals),
                progress=lambda done, total: self.post_message(self.Progressed(done, total)),
                cancelled=self.cancelling.is_set)
        except BuyWordError as error:
            self.post_message(self.Finished(None, str(error)))
            return
        except Exception as problem:  # shown on screen, never a traceback
            from buyword.engine.wording import trouble

            self.post_message(self.Finished(None, trouble(problem)))
            return
        self.post_message(self.Finished(review))
        self._keep_mistakes(review)

    def _keep_mistakes(self, review: GameReview) -> None:
        """Your costliest decisions become your own puzzles, once the review is shown (a
        game by the printed rules only: every puzzle is played by them). Weighed again at
        the puzzles' budget, kept only when clear (docs/puzzles.md, "Your own mistakes")."""
        record = self.todo.record
        if not review.complete or record.rules != Rules() or self.cancelling.is_set():
            return
        from buyword.analysis.puzzles import mistakes

        services = self.buyword.services
        try:
            finder = services.finder(services.dictionary_for(self.todo.setup), record.rules.tiles)
            made = mistakes(review, record, finder)
        except (BuyWordError, OSError):
            return  # the review stands; no puzzle of this game
        if made and not self.cancelling.is_set():
            self.buyword.store.add_personal_puzzles(made)

    def on_review_screen_progressed(self, message: ReviewScreen.Progressed) -> None:
        """Move the bar."""
        self.query_one(ProgressBar).update(total=message.total, progress=message.done)
        if not self.cancelling.is_set():
            self.query_one("#review-status", Static).update(
                f"Master is weighing decision {message.done} of {message.total}… (Esc cancels)")

    def on_review_screen_finished(self, message: ReviewScreen.Finished) -> None:
        """Show the review (or why there is none)."""
        self.query_one(ProgressBar).display = False
        status = self.query_one("#review-status", Static)
        review = self.review = message.review
        self.refresh_bindings()
        if review is None:
            status.update(literal(f"No review: {message.error}"))
            return
        status.update(f"Cancelled: {len(review.decisions)} of {review.planned} decisions "
                      "weighed.")
        status.display = not review.complete
        self.query_one("#review-summary", Static).update(
            Text("\n".join(line for line in summary_lines(review)
                           if not line.startswith("Cancelled"))))
        self.query_one("#review-costliest", Static).update(costliest_text(review))
        self.query_one("#review-decisions", Static).update(decisions_table(review))
        self._chart(review)

    def _chart(self, review: GameReview) -> None:
        """The person's money round by round against Master's expectation."""
        plot = self.query_one("#review-chart", PlotextPlot)
        plot.display = bool(review.rounds)
        plt = plot.plt
        plt.clear_data()
        rounds = [line.round for line in review.rounds]
        plt.plot(rounds, [line.money for line in review.rounds], label=review.name,
                 marker="braille")
        plt.plot(rounds, [line.expected for line in review.rounds],
                 label="Master's expectation", marker="braille")
        forecast = [(line.round, line.estimate) for line in review.rounds
                    if line.estimate is not None]
        if forecast:
            plt.plot([r for r, _ in forecast], [e for _, e in forecast],
                     label="Master's forecast", marker="braille")
        plt.title("Your money · expectation: yours plus what was left on the table · "
                  "forecast: the final money Master expected")
        plt.xlabel("round")
        # Whole rounds, and dollars as everywhere else ($1,371, not 1371.1).
        plt.xticks(whole_ticks(min(rounds, default=0), max(rounds, default=0)))
        shown = [line.money for line in review.rounds] + [
            line.expected for line in review.rounds] + [e for _, e in forecast]
        plt.yticks(*dollar_ticks(min(shown, default=0), max(shown, default=0)))
        plot.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc cancels while Master weighs, and goes back once the review is over."""
        if action == "cancel":
            return self.running
        if action == "back":
            return not self.running
        return True

    def action_cancel(self) -> None:
        """Stop after the decision Master is weighing; what was weighed is then shown."""
        self.cancelling.set()
        self.query_one("#review-status", Static).update(
            "Cancelling after the decision Master is weighing…")
        self.refresh_bindings()

    def action_back(self) -> None:
        """Back to the results."""
        self.dismiss()


class ReviewWhom(ModalScreen[int | None]):
    """At a table of several people: whose decisions Master should weigh. Dismisses with the
    seat (from 0), or None (Esc)."""

    CSS_PATH = "../dialogs/dialogs.tcss"
    BINDINGS = [
        *(Binding(str(n), f"pick({n})", f"Person {n}", show=False) for n in range(1, 5)),
        Binding("escape", "pick(0)", "Cancel"),
    ]

    def __init__(self, people: tuple[tuple[int, str], ...]) -> None:
        """Choose among `people`: (seat, name) of each person at the table, in seat order."""
        super().__init__()
        self.people = people

    def compose(self) -> ComposeResult:
        """The question, and a button per person (keys 1, 2, ...)."""
        with Vertical(classes="dialog", id="review-whom"):
            yield Static("Whose decisions should Master weigh?", classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                for number, (seat, name) in enumerate(self.people, start=1):
                    yield Button(literal(f"{number}  {name}"), id=f"person-{seat}",
                                 compact=True)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the numbers of people at the table."""
        if action == "pick":
            number = parameters[0]
            return isinstance(number, int) and 0 <= number <= len(self.people)
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click picks that person."""
        event.stop()
        self.dismiss(int((event.button.id or "").removeprefix("person-")))

    def action_pick(self, number: int) -> None:
        """The `number`th person (from 1), or 0 for nobody."""
        self.dismiss(self.people[number - 1][0] if number else None)


def costliest_text(review: GameReview) -> Text:
    """The costliest decisions, one a line: round, what you did, Master's choice, the loss."""
    costly = review.costliest()
    if not costly:
        return Text("No decision lost money beyond the noise: Master could not clearly beat you.")
    text = Text()
    text.append("The costliest decisions", style="bold")
    for decision in costly:
        text.append(f"\nRound {decision.round} · you: {decision.yours} · Master: "
                    f"{decision.master} · lost {lost_text(decision)}")
    return text


def decisions_table(review: GameReview) -> Table:
    """Every decision: round, yours, Master's (or "same"), the dollars lost; ▲ the costliest."""
    costly = {id(d) for d in review.costliest()}
    table = Table(title="Every decision (lost: Master's best estimate minus yours, ± one "
                        "standard error; $0 within the noise)",
                  title_justify="left", expand=True, padding=(0, 1))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Rnd", justify="right", no_wrap=True)
    table.add_column("You", ratio=1, overflow="fold")
    table.add_column("Master", ratio=1, overflow="fold")
    table.add_column("Lost", justify="right", no_wrap=True)
    for number, decision in enumerate(review.decisions, start=1):
        marked = id(decision) in costly
        table.add_row(Text(f"{'▲' if marked else ''}{number}"), str(decision.round),
                      Text(decision.yours), Text("same" if decision.agreed else decision.master),
                      lost_text(decision), style="bold" if marked else "")
    return table
