"""`buyword review GAME.json`: read a saved game, have Master weigh a person's decisions, and
print them as rich tables (or JSON). Also how a screen gets Master for a game. No Textual."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from functools import partial
from typing import TYPE_CHECKING, Any

import msgspec

from buyword.analysis.cluster import ClusterError
from buyword.analysis.review import DEFAULT_BUDGET, GameReview, review_game
from buyword.engine import BuyWordError, GameRecord, RecordError
from buyword.engine.wording import visible
from buyword.store import Store, read_game_file
from buyword.store.codec import convert, parse_json, plain
from buyword.store.saves import JsonObject
from buyword.store.setup import GameSetup, Seat, setup_of
from buyword.store.stats import RecordedWords
from buyword.table.weighing import (
    DEFAULT_ROLLOUTS,
    NOISE,
    Appraiser,
    DecisionMaker,
    Reviewed,
    ReviewError,
    Weighed,
    review_master,
    unreviewable,
)

if TYPE_CHECKING:
    from buyword.table.services import Services

#: The exit status of a refusal (as every command-line refusal).
USAGE_ERROR = 2
#: The most rollouts an option `--rollouts` gives Master.
MAX_ROLLOUTS = 1000
#: The processes a review uses by default: every core (at most this many).
MAX_JOBS = 8


def default_jobs() -> int:
    """The processes a review spreads its decisions over by default: one a core. Only where
    processes fork (not Windows): a forked process starts with this one's Master."""
    if sys.platform == "win32":
        return 1
    return max(1, min(MAX_JOBS, os.cpu_count() or 1))


@dataclass(frozen=True)
class ToReview:
    """A saved game ready to review: its record, the seat, and how the table was set."""

    record: GameRecord
    seat: int
    setup: GameSetup
    #: The coach's appraisals made during the game (`buyword.table.coach`): the review
    #: uses them instead of weighing those decisions again.
    appraisals: tuple[JsonObject, ...] = ()

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people played."""
        return tuple(seat for seat, s in enumerate(self.setup.seats) if s.human)


def read_for_review(path: str, seat: str | None = None) -> ToReview:
    """The saved game at `path` (or kept under that name), the seat to review (a number from 1
    or a name; by default the first person's) and its setup.

    Raises ReviewError (or RecordError) in a player's words for a file or seat that will not do.
    """
    saved = read_game_file(Store().find_record(path))
    record = saved.record
    accept = RecordedWords()
    record.replay(accept, themes=accept)  # RecordError, naming the action, if one fails
    why_not = unreviewable(record)
    if why_not is not None:
        raise ReviewError(why_not)
    setup = setup_of(saved)
    people = tuple(n for n, s in enumerate(setup.seats) if s.human)
    if not people:
        raise ReviewError("every seat of this game was a computer: there is nobody to review")
    return ToReview(record, pick_seat(setup.seats, people, seat), setup, saved.appraisals)


def pick_seat(seats: tuple[Seat, ...], people: tuple[int, ...], chosen: str | None) -> int:
    """The seat `chosen` names (its number from 1, or its player's name), or the first person's;
    ReviewError if it is no person's seat."""
    if chosen is None:
        return people[0]
    text = chosen.strip()
    names = [seat.name.casefold() for seat in seats]
    if text.isdigit() and 1 <= int(text) <= len(seats):
        number = int(text) - 1
    elif text.casefold() in names:
        number = names.index(text.casefold())
    else:
        raise ReviewError(f"--seat {chosen!r}: the seats are 1 to {len(seats)} "
                          f"({visible(', '.join(s.name for s in seats))})")
    if number not in people:
        raise ReviewError(f"--seat {chosen!r}: {visible(seats[number].name)} was a computer; the "
                          f"people were {visible(', '.join(seats[n].name for n in people))}")
    return number


def master_for(services: Services, todo: ToReview) -> tuple[Appraiser, DecisionMaker]:
    """The Master level for the game's dictionary, tile set and themes, and its `Decision`.

    Raises ReviewError when the game's dictionary cannot be read or Master is not installed.
    """
    try:
        from buyword.bots.master import Decision
    except ImportError:
        raise ReviewError("the Master level is not installed in this BuyWord") from None
    rules = todo.record.rules
    try:
        lexicon = services.dictionary_for(todo.setup)
    except (BuyWordError, OSError) as error:
        raise ReviewError(f"the game's dictionary cannot be read: {error}") from None
    finder = services.finder(lexicon, rules.tiles)
    themes = services.theme_finders(lexicon, rules.tiles) if rules.themes else None
    try:
        return review_master(finder, themes), Decision
    except ImportError:
        raise ReviewError("the Master level is not installed in this BuyWord") from None


@dataclass(frozen=True)
class MasterRecipe:
    """How a process that did not inherit Master builds it for a game (a Ray task)."""

    todo: ToReview
    cache_dir: str | None

    def __call__(self) -> Appraiser:
        """The Master `master_for` makes, in this process."""
        from buyword.table.services import Services

        return master_for(Services(cache_dir=self.cache_dir), self.todo)[0]


@dataclass(frozen=True)
class ReviewOptions:
    """`buyword review`'s options (the command line builds them: `buyword.cli`)."""

    file: str  # the saved game
    seat: str | None = None  # whose decisions, by seat number or name (None: the first person)
    budget: float | None = None  # Master's seconds a decision, instead of rollouts
    json: bool = False  # print JSON instead of tables
    rollouts: int | None = None  # Master's rollouts an option (None: `DEFAULT_ROLLOUTS`)
    jobs: int | None = None  # processes to weigh on (None: one a core)
    ray: str | None = None  # weigh as Ray tasks at this address ("local")
    cache_dir: str | None = None  # where the word index is kept


def review_main(options: ReviewOptions) -> int:
    """Run `buyword review`; returns the exit status (2, with one line on stderr, for input
    that will not do). Master's budget: rollouts an option, or seconds a decision instead;
    spread over processes, or Ray tasks."""
    from buyword.table.services import Services

    budget, rollouts, jobs, as_json = options.budget, options.rollouts, options.jobs, options.json
    cache_dir = options.cache_dir

    if budget is not None and rollouts is not None:
        return _refuse("--budget and --rollouts: give Master seconds or rollouts, not both")
    if budget is not None and (not budget > 0 or budget > 60):
        return _refuse(f"--budget {budget}: give Master 0.01 to 60 seconds a decision")
    if rollouts is not None and not 2 <= rollouts <= MAX_ROLLOUTS:
        return _refuse(f"--rollouts {rollouts}: give Master 2 to {MAX_ROLLOUTS} rollouts "
                       "an option")
    if jobs is not None and jobs < 1:
        return _refuse(f"--jobs {jobs}: use at least one process")
    if budget is None and rollouts is None:
        rollouts = DEFAULT_ROLLOUTS
    try:
        todo = read_for_review(options.file, options.seat)
        master, decision = master_for(Services(cache_dir=cache_dir), todo)
    except BuyWordError as error:  # RecordError and ReviewError are both
        return _refuse(str(error))
    spread = Processes(default_jobs() if jobs is None else jobs, options.ray,
                       MasterRecipe(todo, cache_dir))
    try:
        review = run_review(todo, master, decision, budget, progress=not as_json, rollouts=rollouts,
                      spread=spread)
    except (ClusterError, ReviewError) as error:
        return _refuse(str(error))
    if as_json:
        print(report_json(review))
    else:
        print_review(review)
    return 0


# ----------------------------------------------------------------- the JSON report
#
# `buyword review --json` prints the review in these forms (the one typed codec, msgspec): its
# figures rounded to the cent, as a person reads them. `read_report` reads one back, refusing a
# value of the wrong type by its field.


@dataclass(frozen=True, kw_only=True)
class DecisionReport(Weighed):
    """One decision of the report: the decision and Master's estimates (to the cent), and the
    dollars lost. (A dataclass, as `Weighed` is: msgspec writes and reads it as it does the
    report's other forms, its fields in the same order.)"""

    lost: float  # the loss the summary counts: 0 within the noise
    estimated_lost: float
    uncertainty: float
    within_noise: bool
    noise: float
    rollouts: int


class RoundReport(msgspec.Struct, kw_only=True):
    """One round of the report: your money, what was left on the table, Master's forecast."""

    round: int
    money: int
    left: float
    expected: float
    master_estimate: float | None


class ReviewReport(msgspec.Struct, kw_only=True):
    """The review as `buyword review --json` prints it (seat numbered from 1)."""

    seat: int
    name: str
    final_money: int
    budget: float | None
    rollouts: int | None
    complete: bool
    planned: int
    left_on_table: float
    left_uncertainty: float
    accuracy: float | None
    median_uncertainty: float | None
    noise: float
    costliest: list[int]  # the costliest decisions' numbers, from 1
    decisions: list[DecisionReport]
    rounds: list[RoundReport]


def _cents(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _weighed_in_cents(decision: Weighed) -> dict[str, Any]:
    """A decision's `Weighed` fields, its estimates rounded to the cent."""
    values = {field.name: getattr(decision, field.name) for field in fields(Weighed)}
    return {name: round(value, 2) if isinstance(value, float) else value
            for name, value in values.items()}


def review_report(review: GameReview) -> ReviewReport:
    """The review's report (what `buyword review --json` prints)."""
    accuracy = review.accuracy
    decisions = [DecisionReport(
        **_weighed_in_cents(d), lost=round(d.counted, 2), estimated_lost=round(d.lost, 2),
        uncertainty=round(d.uncertainty, 2), within_noise=d.within_noise,
        noise=round(d.noise, 2), rollouts=d.rollouts) for d in review.decisions]
    rounds = [RoundReport(round=r.round, money=r.money, left=round(r.left, 2),
                          expected=round(r.expected, 2), master_estimate=_cents(r.estimate))
              for r in review.rounds]
    return ReviewReport(
        seat=review.seat + 1, name=review.name, final_money=review.final_money,
        budget=review.budget, rollouts=review.rollouts, complete=review.complete,
        planned=review.planned, left_on_table=round(review.left_on_table, 2),
        left_uncertainty=round(review.left_uncertainty, 2),
        accuracy=None if accuracy is None else round(accuracy, 1),
        median_uncertainty=_cents(review.median_uncertainty), noise=NOISE,
        costliest=[review.decisions.index(d) + 1 for d in review.costliest()],
        decisions=decisions, rounds=rounds)


def report_json(review: GameReview) -> str:
    """The review as `buyword review --json` prints it (indented, non-ASCII escaped, as
    the standard library writes it: the format of every earlier version)."""
    return json.dumps(plain(review_report(review)), indent=2)


def read_report(raw: bytes | str) -> ReviewReport:
    """A report `buyword review --json` printed; RecordError naming the field that does not
    fit (or saying the text is not JSON)."""
    try:
        data = parse_json(raw)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"the review report is not JSON ({error})") from None
    report: ReviewReport = convert(data, ReviewReport, "the review report")
    return report


@dataclass(frozen=True)
class Processes:
    """Where a review's decisions are weighed: `jobs` processes, or Ray tasks at `ray` (each
    building Master with `remake`)."""

    jobs: int = 1
    ray: str | None = None
    remake: MasterRecipe | None = None


def _refuse(message: str) -> int:
    print(f"buyword review: {message}", file=sys.stderr)
    return USAGE_ERROR


def run_review(todo: ToReview, master: Appraiser, decision: DecisionMaker, budget: float | None,
                progress: bool, rollouts: int | None = None, spread: Processes | None = None
               ) -> GameReview:
    """The review, with a progress bar on stderr when asked. Ctrl+C stops it after the
    decisions Master is weighing, and what was weighed is printed. The coach's appraisals
    kept in the game are used again (those made with the same budget)."""
    from buyword.table.coach import known_appraisals

    stop = threading.Event()
    spread = spread or Processes()
    weigh = partial(review_game, todo.record, todo.seat, master, decision,
                    private_hands=todo.setup.private_hands, budget=budget, rollouts=rollouts,
                    jobs=spread.jobs, ray=spread.ray, remake=spread.remake,
                    cancelled=stop.is_set, known=known_appraisals(todo.appraisals))
    with _stopped_by_ctrl_c(stop):
        if not progress:
            return weigh()
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        columns = ("[progress.description]{task.description}", BarColumn(),
                   MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("Master is weighing your decisions (Ctrl+C stops)", total=None)

            def tell(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            return weigh(progress=tell)


@contextmanager
def _stopped_by_ctrl_c(stop: threading.Event) -> Iterator[None]:
    """While inside, Ctrl+C sets `stop` instead of raising KeyboardInterrupt (only in the main
    thread, where Python lets a handler be set)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, lambda number, frame: stop.set())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def summary_lines(review: GameReview) -> list[str]:
    """The summary in a player's words: money, what was left on the table, the accuracy."""
    lines = [f"{visible(review.name)} finished with ${review.final_money:,}."]
    if not review.decisions:
        return [*lines, "There was no decision to review."]
    left = f"${review.left_on_table:,.0f}"
    if review.left_on_table:
        left += f" (± ${review.left_uncertainty:,.0f})"
    counted = sum(1 for d in review.decisions if d.counted)
    lines.append(f"Left on the table: {left}, in {counted} of {len(review.decisions)} "
                 "decisions that Master's estimates clearly beat.")
    lines.append(f"Accuracy: {review.accuracy:.0f}% of your decisions were as good as Master's "
                 f"best, within the noise of its estimates (at least {NOISE:g} standard errors).")
    median = review.median_uncertainty
    if median is not None:
        lines.append(f"Where Master chose differently, a decision's loss is known to about "
                     f"± ${median:,.0f} (the median standard error), so a loss of "
                     f"${max(1, round(NOISE * median)):,} or more stands out from the noise.")
    if not review.complete:
        lines.append(f"Cancelled: {len(review.decisions)} of {review.planned} decisions weighed.")
    return lines


def lost_text(decision: Reviewed) -> str:
    """'$0' for Master's own choice, 'about the same (± $8)' for another within the noise
    (as far as the rollouts can tell: a loss up to the noise), else '$45 ± 6'."""
    if decision.within_noise:
        if decision.agreed:
            return "$0"
        return f"about the same (± ${decision.noise:,.0f})"
    return f"${decision.counted:,.0f} ± {decision.uncertainty:,.0f}"


def print_review(review: GameReview) -> None:
    """The review as rich tables on stdout: every decision, the costliest marked ▲, the
    money round by round beside Master's expectation, and the summary."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    console = Console()
    console.width = max(console.width, 100)  # piped output defaults to 80 columns
    costly = {id(d) for d in review.costliest()}
    table = Table(title=f"Every decision of {escape(visible(review.name))}, weighed by Master "
                        f"({budget_text(review)}; ▲ the costliest)",
                  title_justify="left", expand=True)
    for column in ("#", "Rnd", "You", "Master", "Lost"):
        wide = column in ("You", "Master")
        table.add_column(column, justify="left" if wide else "right", overflow="fold",
                         ratio=1 if wide else None, no_wrap=not wide)
    for number, decision in enumerate(review.decisions, start=1):
        mark = "▲" if id(decision) in costly else ""
        master = "same" if decision.agreed else decision.master
        table.add_row(f"{mark}{number}", str(decision.round), Text(decision.yours),
                      Text(master), lost_text(decision),
                      style="bold" if mark else "")
    console.print(table)
    console.print(money_table(review))
    console.print("Master's expectation: your money plus what you had left on the table so "
                  "far. Master's forecast: the money at the end Master expected at the round's "
                  "first decision, had it played on from there.\n")
    for line in summary_lines(review):
        console.print(Text(line))


def budget_text(review: GameReview) -> str:
    """Master's budget in a review: '48 rollouts an option' or '0.3 s a decision'."""
    if review.budget is None:
        return f"{review.rollouts} rollouts an option"
    return f"{review.budget:g} s a decision"


def money_table(review: GameReview) -> object:
    """Round by round: your money after it, what was left on the table by then, and so the
    money Master expected you could have had (the chart's two lines, as a table)."""
    from rich.table import Table

    table = Table(title="Money round by round", title_justify="left")
    for column in ("Rnd", "Your money", "Left so far", "Master's expectation",
                   "Master's forecast"):
        table.add_column(column, justify="right")
    for line in review.rounds:
        forecast = "" if line.estimate is None else f"${line.estimate:,.0f}"
        table.add_row(str(line.round), f"${line.money:,}", f"${line.left:,.0f}",
                      f"${line.expected:,.0f}", forecast)
    return table


__all__ = ["DEFAULT_BUDGET", "ReviewOptions", "ReviewReport", "ToReview", "master_for",
           "print_review", "read_for_review", "read_report", "report_json", "review_main",
           "review_report", "summary_lines"]
