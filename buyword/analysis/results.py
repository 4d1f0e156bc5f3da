"""A finished game for its results screen: `GameResults` holds the game, gives the
`ResultsView` to draw (`buyword.table.views`, the view a hosted table sends its screens too),
and does what the results offer with the game: the review, a computer player's game on the
same bag, the round-by-round comparison.

The screen draws the view and asks `GameResults` for the rest; it never reads the `Game`.
No Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

from buyword.engine import BuyWordError, Game, GameRecord
from buyword.table.views import results_view

if TYPE_CHECKING:
    from buyword.analysis.compare import MasterAhead, RoundPair
    from buyword.analysis.review_report import ToReview
    from buyword.store.saves import JsonObject
    from buyword.store.setup import GameSetup
    from buyword.table.services import Services
    from buyword.table.session import TableSession


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
        from buyword.table.weighing import unreviewable

        return unreviewable(self.record)

    def to_review(self, seat: int, setup: GameSetup, appraisals: tuple[JsonObject, ...] = ()
                  ) -> ToReview:
        """The game ready for Master to review `seat`'s decisions, with the coach's
        `appraisals` made while it was played."""
        from buyword.analysis.review_report import ToReview

        return ToReview(self.record, seat, setup, appraisals)

    def played_ahead(self, ahead: MasterAhead) -> bool:
        """Whether `ahead` is Master's game on this game's bag (begun as it began)."""
        return ahead.is_for(self._game)

    def ready_ahead(self, ahead: MasterAhead) -> GameResults | None:
        """Master's game on this bag, played ahead, if it has finished (never waits)."""
        game = ahead.ready()
        return None if game is None or game.outcome() is None else GameResults(game)

    def play_beside(self, level: str, services: Services, *, jobs: int = 1,
                    progress: Callable[[int, int], object] | None = None,
                    cancelled: Callable[[], bool] | None = None,
                    rounds: Callable[[list[RoundPair]], object] | None = None
                    ) -> GameResults | None:
        """The computer player of `level` playing this solo game's bag to the end
        (`buyword.analysis.compare.play_beside`, with `services`' words); None if cancelled.
        `rounds` is handed both games round by round, as far as the computer's has gone,
        each time one of its rounds ends. Raises BuyWordError if its game could not be
        finished."""
        from buyword.analysis.compare import play_beside
        from buyword.words.lexicon import Lexicon

        game = self._game
        words = game.dictionary
        if not isinstance(words, Lexicon):  # a solo game is played with a word list
            raise BuyWordError("this game's dictionary is not a word list to play its bag with")
        finder = services.finder(words, game.rules.tiles)
        themed = services.theme_finders(words, game.rules.tiles) if game.rules.themes else None
        so_far = None if rounds is None else (
            lambda other: rounds(self.rounds_so_far(other)))
        other = play_beside(game, level, finder, jobs=jobs, theme_finders=themed,
                            cancelled=cancelled, progress=progress, rounds=so_far)
        if other is None:
            return None
        if other.outcome() is None:
            raise BuyWordError("its game did not finish")
        return GameResults(other)

    def rounds_so_far(self, other: Game) -> list[RoundPair]:
        """This solo game and `other`, a game on its bag still being played, round by round
        as far as `other` has finished its rounds."""
        from buyword.analysis.compare import compare_games, seat_rounds

        return compare_games(self._game, other)[:len(seat_rounds(other))]

    def rounds_beside(self, other: GameResults) -> list[RoundPair]:
        """This solo game and `other` on the same bag, round by round."""
        from buyword.analysis.compare import compare_games

        return compare_games(self._game, other._game)
