"""The bridge between the app and the store: saves, resumed setups, settings and score lines.

Plain functions, no Textual: the app calls these with its `Store` (buyword.store), so the
screens stay about showing the game.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from buyword.engine import Rules, default_tiles
from buyword.engine.wording import plural
from buyword.store import DICTIONARIES, SavedGame, Store, daily_seed
from buyword.store import Settings as StoredSettings
from buyword.store.settings import DictionaryChoice
from buyword.ui import options

if TYPE_CHECKING:
    from buyword.engine import Game
    from buyword.store import Finished
    from buyword.ui.options import GameSetup, Seat

#: The name the daily solo's player plays under.
DAILY_NAME = "You"


def default_setup(stored: StoredSettings, solo: bool) -> GameSetup:
    """A new game's options as the player last chose them (rules and dictionary)."""
    # `options.GameSetup`: a game's setup loads with the first game, not with the title.
    seat, setup = options.Seat, options.GameSetup
    seats = (seat("You"),) if solo else setup(seats=(seat("Ann"), seat("Bob"))).seats
    choice = stored.dictionary if stored.dictionary in DICTIONARIES else "bundled"
    return setup(seats=seats, tile_limit=stored.tile_limit,
                     min_word_length=stored.min_word_length, challenge=stored.challenge_mode,
                     dictionary=DictionaryChoice(choice), word_file=stored.word_file,
                     hints=stored.hints)


def with_setup(stored: StoredSettings, setup: GameSetup) -> StoredSettings:
    """The stored settings with this setup's rules and dictionary as the new defaults."""
    return replace(stored, tile_limit=setup.tile_limit, min_word_length=setup.min_word_length,
                   challenge_mode=setup.challenge, dictionary=str(setup.dictionary),
                   word_file=setup.word_file, hints=setup.hints)


def new_save(game: Game, setup: GameSetup, daily: date | None = None) -> SavedGame:
    """The first save of a new game: its setup rides along, to be resumed with it."""
    return SavedGame.of(
        game,
        bots=tuple(seat.level for seat in setup.seats),
        hints=tuple(0 for _ in setup.seats),
        daily=None if daily is None else daily.isoformat(),
        options={"setup": setup.to_meta()},
    )


def lose_question(saved: SavedGame) -> str:
    """What to ask before a new game replaces an unfinished one."""
    names = ", ".join(saved.players)
    return (f"You have a game in progress ({names} — round {saved.round}). "
            "Start a new game and lose it?")


def updated_save(saved: SavedGame, game: Game, hints_used: bool,
                 seats: tuple[Seat, ...] | None = None) -> SavedGame:
    """The save after another action (hints are counted for the whole table), with the
    `seats` as they stand now when given (the session's: a seat may have gone to a computer)."""
    hints = tuple(max(h, int(hints_used)) for h in saved.hints) or (int(hints_used),)
    bots = None if seats is None else tuple(seat.level for seat in seats)
    return replace(saved.updated(game, bots), hints=hints)


def setup_of(saved: SavedGame) -> GameSetup:
    """The setup to resume a save with: its own, or one rebuilt from the record."""
    record = saved.record
    try:
        setup = options.GameSetup.from_meta(saved.options["setup"])
        if len(setup.seats) == len(record.players) and setup.seed == record.seed:
            return setup.with_levels(saved.bots)  # the seats as they stood when saved
    except Exception:  # an old or hand-edited save: fall back to what the record says
        pass
    seats = tuple(options.Seat(name, saved.bot(seat))
                  for seat, name in enumerate(record.players))
    rules = record.rules
    return options.GameSetup(seats=seats, seed=record.seed, tile_limit=rules.tile_limit,
                     min_word_length=rules.min_word_length, challenge=rules.challenge_mode,
                     tiles=None if rules.tiles == default_tiles() else rules.tiles)


def daily_setup(day: date) -> GameSetup:
    """The daily solo: the printed rules, the bundled dictionary, the seed of the day."""
    return options.GameSetup(seats=(options.Seat(DAILY_NAME),), seed=daily_seed(day))


def title_scores(store: Store, rules: Rules) -> str:
    """The solo record under the default rules, for the title ("" before any solo game)."""
    stats = store.solo_stats(rules)
    hinted = store.solo_stats(rules, hinted=True)
    lines = []
    if stats.games:
        lines.append(f"Solo: {stats.line()}")
    if hinted.games:
        lines.append(f"With hints: best ${hinted.best} over {plural(hinted.games, 'game')}")
    return "\n".join(lines)


def daily_label(store: Store, day: date) -> str:
    """The title's daily entry: today's result once the scored attempt is finished."""
    entry = store.daily(day)
    if entry is None:
        return "Daily solo"
    if entry.money is None:
        return "Daily solo (started today)"
    return f"Daily solo (today: ${entry.money})"


def results_lines(finished: Finished) -> str:
    """What the results screen says about the record: a new best, the record, or why not."""
    if finished.note:
        return f"[i]{finished.note}[/i]"
    solo = finished.solo
    if solo is None:
        return ""
    lines = []
    if solo.new_best and solo.counted:
        previous = "" if solo.previous_best is None else f" (was ${solo.previous_best})"
        lines.append(f"[b]New personal best![/b]{previous}")
    kind = "solo record with hints" if solo.score.hinted else "solo record"
    lines.append(f"Your {kind}: {solo.stats.line()}")
    return "\n".join(lines)
