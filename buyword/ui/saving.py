"""The bridge between the app and the store: saves, resumed setups, settings and score lines.

Plain functions, no Textual: the app calls these with its `Store` (buyword.store), so the
screens stay about showing the game.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from rich.markup import escape

from buyword.engine.wording import dollars, plural
from buyword.store import SavedGame, Store, daily_seed
from buyword.store.settings import REMEMBERED, Settings
from buyword.store.setup import GameSetup, Seat

if TYPE_CHECKING:
    from buyword.engine import Rules
    from buyword.store import Finished

#: The name the daily solo's player plays under.
DAILY_NAME = "You"


def default_setup(stored: Settings, solo: bool) -> GameSetup:
    """A new game's options as the player last chose them (the settings' default setup)."""
    seats = (Seat("You"),) if solo else stored.table_seats
    return replace(stored.new_game, seats=seats)


def with_setup(stored: Settings, setup: GameSetup) -> Settings:
    """The stored settings with this setup's remembered settings as the new defaults (and a
    table game's seats, for the table form next time)."""
    seats = stored.table_seats if setup.solo else setup.seats
    return replace(stored, table_seats=seats, new_game=replace(
        stored.new_game, **{name: getattr(setup, name) for name in REMEMBERED}))


def lose_question(saved: SavedGame) -> str:
    """What to ask before a new game replaces an unfinished one."""
    names = ", ".join(saved.players)
    return (f"You have a game in progress ({names} — round {saved.round}). "
            "Start a new game and lose it?")


def daily_setup(day: date) -> GameSetup:
    """The daily solo: the printed rules, the bundled dictionary, the seed of the day."""
    return GameSetup(seats=(Seat(DAILY_NAME),), seed=daily_seed(day))


def title_scores(store: Store, rules: Rules) -> str:
    """The solo record under the default rules, for the title ("" before any solo game): a
    line each, short enough not to wrap at 60 columns (how often each rating was reached is
    in Solo stats, R, and on the results), so the title fits its window with every entry."""
    stats = store.solo_stats(rules)
    hinted = store.solo_stats(rules, hinted=True)
    lines = []
    if stats.games:
        lines.append(f"Solo: best {dollars(stats.best or 0)}, average "
                     f"{dollars(round(stats.average or 0))} over {plural(stats.games, 'game')}")
    if hinted.games:
        lines.append(f"With hints: best {dollars(hinted.best or 0)} over "
                     f"{plural(hinted.games, 'game')}")
    coached = store.solo_stats(rules, coached=True)
    if coached.games:
        lines.append(f"With coach: best {dollars(coached.best or 0)} over "
                     f"{plural(coached.games, 'game')}")
    return "\n".join(lines)


def daily_label(store: Store, day: date) -> str:
    """The title's daily entry: today's result once the scored attempt is finished."""
    entry = store.daily(day)
    if entry is None:
        return "Daily solo"
    if entry.money is None:
        return "Daily solo (started today)"
    return f"Daily solo (today: {dollars(entry.money)})"


def results_lines(finished: Finished) -> str:
    """What the results screen says about the record: a new best, the record, or why not."""
    if finished.note:
        return f"[i]{finished.note}[/i]"
    if finished.ratings:
        return "Ratings: " + escape(", ".join(finished.ratings))
    solo = finished.solo
    if solo is None:
        return ""
    lines = []
    if solo.new_best and solo.counted:
        previous = "" if solo.previous_best is None else f" (was {dollars(solo.previous_best)})"
        lines.append(f"[b]New personal best![/b]{previous}")
    kind = "solo record" + (" with hints" if solo.score.hinted else "") + (
        " with coach" if solo.score.coached else "")
    lines.append(f"Your {kind}: {solo.stats.line()}")
    return "\n".join(lines)


def quit_detail(store: Store, playing: SavedGame | None) -> str:
    """What quitting the game in progress (`playing`, as last saved) leaves, as the disk holds
    it now: never "saved" for a save that is not there (the data folder was replaced)."""
    kept = store.kept_game()
    if playing is None or kept is None or kept.game_id != playing.game_id:
        why = f" {store.warning}" if store.warning else ""
        return f"The game in progress will be lost: it could not be saved.{why}"
    if len(kept.record.actions) >= len(playing.record.actions):
        return "The game is saved: choose Continue on the title next time."
    return (f"Your game as of round {kept.at_round} is saved; the moves since could not be "
            "(the disk refused them). Continue resumes it from there.")
