"""A finished game as the results screen shows it: `ResultsView`, and `GameResults`, which
holds the game and does what the results offer with it (the review, a computer player's game
on the same bag, the round-by-round comparison).

The screen draws the view and asks `GameResults` for the rest; it never reads the `Game`.
No Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from buyword.engine import BuyWordError, Game, GameRecord, Rules
from buyword.engine import events as ev
from buyword.engine.crossword import Grid
from buyword.engine.game import Outcome

if TYPE_CHECKING:
    from buyword.store.setup import GameSetup
    from buyword.table.compare import MasterAhead, RoundPair
    from buyword.table.review_report import ToReview
    from buyword.table.services import Services
    from buyword.table.session import TableSession


@dataclass(frozen=True)
class SeatResult:
    """One seat's game at its end: the money, the money round by round, the best word."""

    seat: int
    name: str
    money: int
    history: tuple[int, ...]  # the money at the start and after each round
    best: ev.Sold | None  # the best-paid word (the first of equals), None if nothing sold
    words: int  # how many words the seat sold

    @property
    def best_text(self) -> str:
        """'CAT $25', or 'no word sold'."""
        best = self.best
        return f"{best.word.upper()} ${best.price}" if best else "no word sold"


@dataclass(frozen=True)
class ResultsView:
    """Everything the results screen draws of a finished game."""

    outcome: Outcome
    players: tuple[SeatResult, ...]  # by seat
    rules: Rules
    seed: int | None
    rounds: int
    grid: Grid  # the crossword grid as the game ended (empty in other games)

    @property
    def solo(self) -> bool:
        """Whether one person played alone (the benchmark game)."""
        return len(self.players) == 1

    def rating(self, money: int) -> str:
        """The rulebook's word for a solo game's money ('good')."""
        return self.rules.solo_rating(money)

    def rating_marks(self) -> str:
        """The rulebook's thresholds, lowest first: '$800 fair · $900 good · ...'."""
        return " · ".join(f"${t:,} {name}" for t, name in reversed(self.rules.solo_ratings))


def results_view(game: Game) -> ResultsView:
    """The view of finished `game`'s results."""
    outcome = game.outcome()
    if outcome is None:
        raise BuyWordError("the game is not over yet")
    history = game.money_history()
    sales = [e for e in game.log if isinstance(e, ev.Sold)]
    players = tuple(
        SeatResult(
            seat=p.seat, name=p.name, money=p.money,
            history=tuple(row[p.seat] for row in history),
            best=max((s for s in sales if s.seat == p.seat), key=lambda s: s.price, default=None),
            words=sum(1 for s in sales if s.seat == p.seat))
        for p in game.players)
    return ResultsView(outcome=outcome, players=players, rules=game.rules, seed=game.seed,
                       rounds=game.round, grid=game.grid)


class GameResults:
    """A finished game, for its results: the `view` to draw, and what can be done with it."""

    def __init__(self, game: Game) -> None:
        """The results of `game`, which must be over (BuyWordError if not)."""
        self._game = game
        self.view = results_view(game)

    @classmethod
    def of(cls, session: TableSession) -> GameResults:
        """The results of `session`'s finished game (BuyWordError while it is still on)."""
        return cls(session.game)

    @cached_property
    def record(self) -> GameRecord:
        """The finished game's record (what is saved of it, action by action)."""
        return GameRecord.of(self._game)

    @cached_property
    def why_no_review(self) -> str | None:
        """Why Master can neither review this game nor play its bag with its own search (a
        variant, theme or crossword its rollouts do not model), or None."""
        from buyword.table.review import unreviewable

        return unreviewable(self.record)

    def to_review(self, seat: int, setup: GameSetup, appraisals: tuple[dict, ...] = ()
                  ) -> ToReview:
        """The game ready for Master to review `seat`'s decisions, with the coach's
        `appraisals` made while it was played."""
        from buyword.table.review_report import ToReview

        return ToReview(self.record, seat, setup, appraisals)

    def played_ahead(self, ahead: MasterAhead) -> bool:
        """Whether `ahead` is Master's game on this game's bag (begun as it began)."""
        return ahead.is_for(self._game)

    def ready_ahead(self, ahead: MasterAhead) -> GameResults | None:
        """Master's game on this bag, played ahead, if it has finished (never waits)."""
        game = ahead.ready()
        return None if game is None or game.outcome() is None else GameResults(game)

    def play_beside(self, level: str, services: Services, *, jobs: int = 1,
                    progress: Callable[[int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> GameResults | None:
        """The computer player of `level` playing this solo game's bag to the end
        (`buyword.table.compare.play_beside`, with `services`' words); None if cancelled.
        Raises BuyWordError if its game could not be finished."""
        from buyword.table.compare import play_beside

        game = self._game
        finder = services.finder(game.dictionary, game.rules.tiles)
        themed = services.theme_finders(game.dictionary, game.rules.tiles) \
            if game.rules.themes else None
        other = play_beside(game, level, finder, jobs=jobs, theme_finders=themed,
                            cancelled=cancelled, progress=progress)
        if other is None:
            return None
        if other.outcome() is None:
            raise BuyWordError("its game did not finish")
        return GameResults(other)

    def rounds_beside(self, other: GameResults) -> list[RoundPair]:
        """This solo game and `other` on the same bag, round by round."""
        from buyword.table.compare import compare_games

        return compare_games(self._game, other._game)
