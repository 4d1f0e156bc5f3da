"""Autosave: a game in progress kept in its save slot after every move, the same way at the
app's table and at a hosted one. The save carries the game's setup (to resume it with), the
seats as they stand (a seat handed to a computer stays the computer's) and the seats whose
people were shown hints or coached (with the coach's appraisals)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from buyword.store.saves import SavedGame

if TYPE_CHECKING:
    from buyword.store.outcomes import Finished
    from buyword.store.setup import GameSetup
    from buyword.store.store import Store
    from buyword.table.session import TableSession


def first_save(session: TableSession, setup: GameSetup, *, daily: date | None = None,
               hosted: bool = False) -> SavedGame:
    """The first save of a new game: its setup rides along, to be resumed with it (`hosted`:
    served to other screens, so `buyword host --continue` serves it again)."""
    options: dict[str, object] = {"setup": setup.to_meta()}
    if hosted:
        options["hosted"] = True
    return SavedGame.of(session.game, bots=tuple(seat.level for seat in setup.seats),
                        hints=tuple(0 for _ in setup.seats),
                        daily=None if daily is None else daily.isoformat(), options=options)


def saved_now(saved: SavedGame, session: TableSession) -> SavedGame:
    """`saved` as `session` stands now: its record, its seats (not the setup's) and the seats
    whose people were shown hints or coached (marks of earlier sittings stay), with the
    coach's appraisals."""
    levels = tuple(seat.level for seat in session.seats)
    return saved.updated(session.game, levels).hinted_by(session.hinted).coached_by(
        session.coached, session.appraisals)


class Autosave:
    """A game's save kept up to date in the store: `update` after every move (the session's
    `on_change`); a finished game is the caller's to record (`Store.finish_game`)."""

    def __init__(self, store: Store, saved: SavedGame) -> None:
        """Keep `saved` up to date in `store`."""
        self.store = store
        self.saved = saved
        #: The last save that reached the disk (None: none yet), for saying what is kept.
        self.on_disk: SavedGame | None = None
        #: What recording the finished game did (None: not recorded yet).
        self.finished: Finished | None = None

    @classmethod
    def start(cls, store: Store, session: TableSession, setup: GameSetup, *,
              daily: date | None = None, hosted: bool = False) -> Autosave:
        """A new game's autosave, its first save written now."""
        autosave = cls(store, first_save(session, setup, daily=daily, hosted=hosted))
        autosave.write(session)
        return autosave

    def update(self, session: TableSession, _played: object = None) -> None:
        """The save as `session` stands now, written while the game is on."""
        self.saved = saved_now(self.saved, session)
        self.write(session)

    def finish(self, session: TableSession) -> Finished:
        """Record `session`'s finished game in the store (its save goes), and say what the
        store made of it (where the record went, a solo game's score). Once: asked again,
        it says what the first time did."""
        if self.finished is None:
            self.finished = self.store.finish_game(saved_now(self.saved, session), session.game)
        return self.finished

    def write(self, session: TableSession) -> bool:
        """Write the save unless the game is over; True if it reached the disk."""
        if session.game.outcome() is not None:
            return False
        if self.store.save_game(self.saved):
            self.on_disk = self.saved
            return True
        return False
