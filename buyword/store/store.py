"""The store: one object the app asks to save, resume, record, score and remember settings.

Nothing here raises for a bad file or a bad disk. A bad file is moved aside and reported in a
player's words; a folder that cannot be written makes the store keep things in memory and set
`warning` ("Progress is not being saved: ...") for the UI to show.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from buyword.engine import RecordError, Rules
from buyword.engine.inputs import read_limited, utf8_text
from buyword.engine.wording import trouble, visible
from buyword.store.files import (
    SAVE_LIMIT,
    SCORES_LIMIT,
    SETTINGS_LIMIT,
    FileRefused,
    Files,
    describe_os_error,
)
from buyword.store.locks import Lock
from buyword.store.places import Places, locate
from buyword.store.saves import SavedGame, new_game_id, now_text, read_save, result_of
from buyword.store.scores import (
    DailyEntry,
    ScoreBook,
    SoloResult,
    SoloScore,
    SoloStats,
    daily_rules,
    daily_seed,
    rules_key,
)
from buyword.store.settings import Settings, SettingsRefused, parse_settings

if TYPE_CHECKING:
    from buyword.engine import Dictionary, Game, Themes
    from buyword.store.outcomes import Finished, PastGame
    from buyword.store.puzzles import Puzzle, PuzzleProgress
    from buyword.store.table_ratings import TableRatings

T = TypeVar("T")

#: The game in progress (data folder): the first window's save slot.
CURRENT = "current.json"
#: Save slots of further games, one file each, for windows that find CURRENT open elsewhere.
SLOTS = "slots"
#: Finished games, one record file each (data folder).
GAMES = "games"
#: Solo scores and daily attempts (data folder).
SCORES = "scores.json"
#: The player's settings (config folder).
SETTINGS = "settings.toml"
#: Held while a finished game's record name is chosen and the record written (the lock file
#: is .games.lock, beside the GAMES folder).
RECORDS_LOCK = GAMES
#: What Continue says when another window opened the game first.
OPEN_ELSEWHERE = ("That game is open in another window now: it goes on there. Watch it from "
                  "the title, or start a game of your own.")


#: What the results screen says of the guided first game's money (it is never scored).
LESSON_NOTE = ("Learn to play is practice on a short bag, so it is not scored. In a full "
               "game of 108 tiles, $800 is fair, $900 good and $1,000 outstanding.")


@dataclass(frozen=True)
class Loaded:
    """What `Store.load_game` found: a game to resume, or a message about a bad save, or neither."""

    saved: SavedGame | None = None
    game: Game | None = None
    message: str | None = None

    @property
    def replayed(self) -> bool:
        """Whether the save replayed into a game to resume."""
        return self.game is not None


@dataclass(frozen=True)
class Slot:
    """One save slot: its game (None if unreadable) and whether another window is playing it."""

    name: str  # CURRENT or "slots/....json"
    saved: SavedGame | None
    open_elsewhere: bool = False

    def describe(self) -> str:
        """One line for Continue: who plays, the round, and when it was last saved."""
        if self.saved is None:
            return "a saved game that cannot be read just now"
        return self.saved.describe() + (f" · {self.when}" if self.when else "")

    @property
    def when(self) -> str:
        """When the game was last saved, to the minute ("2026-11-30 11:20"; "" if unknown)."""
        return "" if self.saved is None else _day_and_time(
            self.saved.saved_at or self.saved.started_at)


def _day_and_time(text: str) -> str:
    """A save's time to the minute ("2026-11-30 11:20"), or "" if it has none."""
    try:
        return datetime.fromisoformat(text).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return ""


class _Held:
    """The save slot this window plays in, its lock, and the game in it. A plain class, not a
    dataclass: making a dataclass costs start-up about 0.5 ms, and this one is never compared
    or shown."""

    __slots__ = ("game_id", "lock", "name")

    def __init__(self, name: str, lock: Lock, game_id: str | None = None) -> None:
        """Slot `name`, held with `lock`, playing `game_id`."""
        self.name = name
        self.lock = lock
        self.game_id = game_id


class Store:
    """The player's files: autosave, finished games, scores, daily solo and settings."""

    def __init__(self, root: str | os.PathLike[str] | None = None, *,
                 environ: dict[str, str] | None = None, memory: bool = False) -> None:
        """Use `root` for every file if given, else $BUYWORD_HOME, else the platform's folders.

        With `memory`, nothing touches the disk and there is no warning (tests, embedding).
        """
        places = Places(None, None) if memory else locate(root, environ)
        self.data = Files(places.data, places.problem, "Progress is")
        self.config = Files(places.config, places.problem, "Settings are")
        self.data.probe()
        if places.config != places.data:
            self.config.probe()
        self.data.clean_temporaries()
        if places.config != places.data:
            self.config.clean_temporaries()
        #: Messages for the player (bad files moved aside, settings reset), oldest first.
        self.messages: list[str] = []
        self._book: ScoreBook | None = None
        self._book_stamp: tuple[int, int] | None = None
        #: The slot this window plays in (see "the game in progress" below).
        self._held: _Held | None = None
        #: The settings as last read or written, so a save changes only what the player did.
        self._settings_seen: Settings | None = None

    # ----------------------------------------------------------------- state for the UI

    @property
    def warning(self) -> str | None:
        """"Progress is not being saved: ..." while files live in memory only, else None."""
        return self.data.warning or self.config.warning

    def take_messages(self) -> list[str]:
        """The messages not yet shown, emptied (so each is shown once)."""
        messages, self.messages = self.messages, []
        return messages

    def where(self) -> dict[str, Path | None]:
        """Where each kind of file lives (for docs/files.md, history and error messages)."""
        return {
            "saved game": self.data.path(CURRENT),
            "finished games": self.data.path(GAMES),
            "scores": self.data.path(SCORES),
            "settings": self.config.path(SETTINGS),
        }

    def _kept(self, files: Files, name: str) -> str:
        """Move a bad file aside; say where it went, in a sentence."""
        kept = files.move_aside(name)
        if kept is None:
            return "It was left as it is and will not be used this session."
        return f"It was kept as {files.path(kept)}."

    # ----------------------------------------------------------------- the game in progress
    #
    # Each game in progress has a save slot: CURRENT, or slots/ID.json for a further game. The
    # window playing a game holds its slot's OS lock (see locks.py) until the game ends or the
    # window closes, so no other window writes over it, and a crash never leaves it locked.

    @property
    def slot(self) -> str | None:
        """The save slot this window is playing in (None before its game's first save)."""
        return None if self._held is None else self._held.name

    def has_saved_game(self) -> bool:
        """True if this window's slot (or, before it has one, CURRENT) holds a saved game."""
        return self.data.exists(self.slot or CURRENT)

    def kept_game(self) -> SavedGame | None:
        """The game this window's slot holds where the next start will look for it: what
        quitting now leaves. None if nothing is there (the disk refused every save, or the
        data folder was moved or replaced since) or it cannot be read."""
        if self._held is None:
            return None
        try:
            raw = self.data.lasting(self._held.name)
            return None if raw is None else read_save(raw)
        except Exception:  # untrusted input: unreadable means nothing is kept
            return None

    def save_game(self, saved: SavedGame) -> bool:
        """Autosave the game in progress; True if it reached the disk (else see `warning`).

        It goes to this window's slot: the one its game was resumed from, or for a new game
        CURRENT if no other window plays it, else a slot of its own. Another window's save is
        never written over.
        """
        slot = self._slot_for(saved.game_id)
        return self.data.write(slot, replace(saved, saved_at=now_text()).to_json())

    def _slot_for(self, game_id: str) -> str:
        """The slot `game_id` is saved in, claiming one for a new game."""
        held = self._held
        if held is not None:
            # A new game in this window replaces the old one in its slot (the app asks first).
            held.game_id = game_id
            return held.name
        lock = self.data.try_lock(CURRENT)
        name = CURRENT
        if lock is None:  # another window plays CURRENT: this game gets a slot of its own
            name = f"{SLOTS}/{new_game_id()}.json"
            lock = self.data.try_lock(name)
            assert lock is not None  # a fresh name: nobody else can hold it
        self._held = _Held(name, lock, game_id)
        return name

    def _claim(self, game_id: str) -> str | None:
        """Take the slot holding `game_id` for this window; its name, or None if another
        window plays it. A game in no slot (never saved, or deleted) claims nothing."""
        if self._held is not None and self._held.game_id == game_id:
            return self._held.name
        for name in self._slot_names():
            if self._game_id_in(name) != game_id:
                continue
            lock = self.data.try_lock(name)
            if lock is None:
                return None
            if self._game_id_in(name) != game_id:  # replaced before the lock was had
                lock.release()
                continue
            self.release()
            self._held = _Held(name, lock, game_id)
            return name
        return ""

    def _game_id_in(self, name: str) -> str | None:
        """The game id saved in slot `name`, or None if it cannot be read (nothing is moved)."""
        try:
            raw = self.data.read(name)
            return None if raw is None else read_save(raw).game_id
        except Exception:  # untrusted input: unreadable means "not that game"
            return None

    def release(self) -> None:
        """Let go of this window's slot (its game ended, or the window closes)."""
        held, self._held = self._held, None
        if held is not None:
            # A further slot's lock file goes with it; CURRENT's stays for the next window.
            held.lock.release(remove=held.name != CURRENT and not self.data.exists(held.name))

    def _slot_names(self) -> list[str]:
        """CURRENT, then the further slots (newest first)."""
        names = [name for name in self.data.names(SLOTS) if name.endswith(".json")
                 and not Path(name).name.startswith(".")]
        names.sort(key=lambda name: self.data.stamp(name) or (0, 0), reverse=True)
        return [CURRENT, *names]

    def saved_games(self) -> list[Slot]:
        """Every saved game in progress, CURRENT first, each marked if another window plays it.

        A slot another window plays is only read; a bad save in a free slot is moved aside
        and explained in `messages`, as Continue would.
        """
        slots = []
        for name in self._slot_names():
            if not self.data.exists(name) and not self._is_odd(name):
                continue
            if self.data.locked_elsewhere(name):
                slots.append(Slot(name, self._read_quietly(name), open_elsewhere=True))
                continue
            peeked = self._peek(name)
            if peeked.message:
                self.messages.append(peeked.message)
            if peeked.saved is not None:
                slots.append(Slot(name, peeked.saved))
        return slots

    def _is_odd(self, name: str) -> bool:
        """True if `name` is there but is not a regular file (a pipe, a folder): bad, not absent.
        """
        path = self.data.path(name)
        try:
            return path is not None and self.data.memory is None and (
                path.exists() and not path.is_file())
        except (OSError, ValueError):
            return False

    def open_elsewhere(self) -> Slot | None:
        """The game in CURRENT when another window is playing it (its save read, not touched)."""
        if not self.data.locked_elsewhere(CURRENT):
            return None
        return Slot(CURRENT, self._read_quietly(CURRENT), open_elsewhere=True)

    def slot_path(self, name: str) -> Path | None:
        """Where slot `name` is on disk (None when files are kept in memory only)."""
        return None if self.data.in_memory else self.data.path(name)

    def slot_stamp(self, name: str) -> tuple[int, int] | None:
        """A value that changes whenever slot `name` is saved again (None once it is gone)."""
        return self.data.stamp(name)

    def still_open_elsewhere(self, name: str) -> bool:
        """True while another window plays slot `name` (for a window watching it)."""
        return self.data.locked_elsewhere(name)

    def _read_quietly(self, name: str) -> SavedGame | None:
        """Slot `name` read without moving anything (it may be another window's)."""
        try:
            raw = self.data.read(name)
            return None if raw is None else read_save(raw)
        except Exception:  # untrusted input, possibly caught mid-replace: shown as unreadable
            return None

    def peek_game(self) -> Loaded:
        """The game in CURRENT read but not replayed (quick: no dictionary needed).

        For the title screen's Continue entry; nothing while another window plays it. A
        damaged or too-new save is moved aside and explained here already. `resume` then
        replays it.
        """
        if self.data.locked_elsewhere(CURRENT):
            return Loaded()
        return self._peek(CURRENT)

    def _peek(self, name: str) -> Loaded:
        try:
            raw = self.data.read(name, SAVE_LIMIT, "a save")
            if raw is None:
                return Loaded()
            return Loaded(read_save(raw))
        except Exception as error:  # a save is untrusted input: any failure means a bad file
            return Loaded(message=self._bad_save(error, name))

    def resume(self, saved: SavedGame, dictionary: Dictionary,
               themes: Themes | None = None, levels: Sequence[str] = ()) -> Loaded:
        """Replay a peeked save (a themed game needs the theme lists, `themes`), taking its
        slot for this window. A computer seat must play one of `levels` (if given).

        If another window has opened it meanwhile, the message says so; if it no longer
        replays, it is moved aside and explained.
        """
        name = self._claim(saved.game_id)
        if name is None:
            return Loaded(message=OPEN_ELSEWHERE)
        try:
            _check_levels(saved, levels)
            return Loaded(saved, saved.record.replay(dictionary, themes=themes))
        except Exception as error:  # e.g. a changed dictionary refuses a word sold earlier
            # Only the slot this window took is moved aside; a save in no slot moves nothing.
            message = self._bad_save(error, name or None)
            self.release()
            return Loaded(message=message)

    def load_game(self, dictionary: Dictionary) -> Loaded:
        """The saved game, replayed; a bad save is moved aside and explained, never raised."""
        peeked = self.peek_game()
        if peeked.saved is None:
            return peeked
        return self.resume(peeked.saved, dictionary)

    def _bad_save(self, error: Exception, name: str | None = CURRENT) -> str:
        """Move the save in slot `name` aside (None: nothing to move); the message that says
        why and where it went."""
        if isinstance(error, RecordError):
            reason = str(error)
        else:
            reason = f"it is damaged ({trouble(error)})"
        kept = "" if name is None else f"{self._kept(self.data, name)} "
        return f"Your saved game could not be resumed: {reason}. {kept}Starting fresh."

    def clear_game(self) -> None:
        """Forget the game in progress in this window (it finished, or was abandoned).

        Without a slot of its own, this is CURRENT, unless another window is playing it.
        """
        if self._held is None and self.data.locked_elsewhere(CURRENT):
            return  # another window's game is never this one's to forget
        self.data.delete(self.slot or CURRENT)
        self.release()

    # ----------------------------------------------------------------- finished games

    def finish_game(self, saved: SavedGame, game: Game) -> Finished:
        """Keep a finished game's record, score a solo game, and clear its autosave.

        Calling it again for the same game changes nothing and scores nothing twice; another
        window's save is never cleared.
        """
        result = result_of(game)
        if result is None:
            raise ValueError("finish_game needs a game that is over")
        final = replace(saved.updated(game), result=result, saved_at=now_text())
        with self.data.exclusive(RECORDS_LOCK):  # two windows never pick the same name
            name = self._record_name(final)
            newly = not self.data.exists(name)
            if newly:
                self.data.write(name, final.to_json())
        # The guided first game teaches on a short bag: its money is no solo score.
        solo: SoloResult | None
        note: str | None
        if final.lesson:
            solo, note = None, LESSON_NOTE
        else:
            solo, note = self._score(final, game) if final.solo else (None, None)
        ratings = () if final.solo or final.lesson or not newly \
            else self._rate_table(final, game)
        self._forget(saved.game_id)
        from buyword.store.outcomes import Finished  # with the first finished game

        return Finished(name, None if self.data.in_memory else self.data.path(name), solo, note,
                        ratings)

    def _rate_table(self, final: SavedGame, game: Game) -> tuple[str, ...]:
        """A table game of several seats moves its people's ratings (once: when its record
        is first written); each seat's line, as the results screen shows it."""
        from buyword.store.table_ratings import TABLE_RATINGS, rate_table

        bots = final.bots or (None,) * game.seats
        seats = [(name, bots[n] if n < len(bots) else None)
                 for n, name in enumerate(game.names)]
        with self.data.exclusive(TABLE_RATINGS):
            ratings = self.table_ratings()
            changes = rate_table(ratings, seats, [p.money for p in game.players])
            if changes:
                self.data.write(TABLE_RATINGS, ratings.to_json())
        return tuple(change.describe() for change in changes)

    def table_ratings(self) -> TableRatings:
        """The named people's table ratings (a damaged file is moved aside, with a message,
        and they start again)."""
        from buyword.store.table_ratings import TABLE_RATINGS, TableRatings, table_ratings_from

        try:
            raw = self.data.read(TABLE_RATINGS, SCORES_LIMIT, "a ratings file")
            return TableRatings() if raw is None else table_ratings_from(raw)
        except RecordError as error:
            self.messages.append(f"The table ratings could not be read: {error}. "
                                 f"{self._kept(self.data, TABLE_RATINGS)} They start again.")
            return TableRatings()

    def _forget(self, game_id: str) -> None:
        """Clear the autosave of a finished game: this window's slot, or CURRENT if it holds
        that game and no other window plays it."""
        if self._held is not None:
            if self._held.game_id in (game_id, None):
                self.clear_game()
            return
        if not self.data.locked_elsewhere(CURRENT) and self._game_id_in(CURRENT) == game_id:
            self.data.delete(CURRENT)

    def _record_name(self, saved: SavedGame) -> str:
        """games/YYYYmmdd-HHMMSS-<id>.json; the existing name if this game was kept already."""
        for name in self.data.names(GAMES):
            if name.endswith(f"-{saved.game_id}.json"):
                return name
        stamp = re.sub(r"[^0-9T]", "", (saved.result or {}).get("finished_at", ""))[:15]
        stamp = stamp.replace("T", "-") or "game"
        return f"{GAMES}/{stamp}-{saved.game_id}.json"

    def _score(self, saved: SavedGame, game: Game) -> tuple[SoloResult | None, str | None]:
        rules = game.rules
        money = saved.result["standings"][0]["money"] if saved.result else 0
        if saved.daily is not None:
            # The daily's score is what its decisions earn on the day's own deal, never what
            # its file says: an edited bag, die, rules or ruling would otherwise be scored.
            honest = _daily_money(saved, game)
            if isinstance(honest, str):
                return None, f"This daily solo is not scored: {honest}."
            money, rules = honest, daily_rules()
        score = SoloScore(saved.game_id, money, rules_key(rules), rules.describe(),
                          saved.record.seed, now_text(), saved.hinted, saved.daily,
                          saved.coached)

        def add(book: ScoreBook) -> tuple[tuple[SoloResult | None, str | None], bool]:
            daily = saved.daily
            if daily is not None:
                entry = book.daily.get(daily)
                if entry is None:  # begin_daily was not called: this is still the day's first
                    book.daily[daily] = DailyEntry(daily, saved.game_id, saved.started_at)
                elif entry.game_id != saved.game_id:
                    note = (f"The daily solo for {daily} was already played; this run is not "
                            "scored.")
                    return (None, note), False
            result = book.add(score, rules)
            return (result, None), result.counted

        return self._update_scores(add)

    def find_record(self, name: str) -> str:
        """`name` as given if it is a file, else the finished game of that name, if kept.

        So `buyword replay 20261129-173000-ab12.json`, as `buyword history` lists it, works
        from any folder.
        """
        try:
            if Path(name).exists():
                return name
        except (OSError, ValueError):
            return name
        base = os.path.basename(name)
        kept = f"{GAMES}/{base}"
        path = self.data.path(kept)
        if base and path is not None and self.data.exists(kept):
            return str(path)
        return name

    def past_games(self) -> list[PastGame]:
        """Every finished game kept, newest first; unreadable files are listed with the reason."""
        from buyword.store.outcomes import PastGame  # for `buyword history`, not the title

        games = []
        names = [name for name in self.data.names(GAMES) if name.endswith(".json")]
        for name in sorted(names, key=self._age, reverse=True):
            try:
                raw = self.data.read(name, SAVE_LIMIT, "a game record")
                if raw is None:
                    raise RecordError("the file cannot be read")
                games.append(PastGame(name, self.data.path(name), read_save(raw)))
            except Exception as error:  # any bad file is listed, never fatal
                reason = str(error) if isinstance(error, RecordError) else trouble(error)
                games.append(PastGame(name, self.data.path(name), None, reason))
        return games

    def _age(self, name: str) -> tuple[str, int]:
        """Sorts records oldest first: by the time in the name, then (same second) by mtime."""
        path = self.data.path(name)
        try:
            mtime = path.stat().st_mtime_ns if path is not None else 0
        except (OSError, ValueError):
            mtime = 0
        return Path(name).name[:15], mtime

    # ----------------------------------------------------------------- scores and the daily solo

    def scores(self) -> ScoreBook:
        """The score book (read again whenever another window has changed the file; a bad
        file is moved aside and the book starts empty)."""
        stamp = self.data.stamp(SCORES)
        if self._book is None or stamp != self._book_stamp:
            self._book_stamp = stamp  # taken first: a change while reading is read next time
            self._book = self._read_scores()
        return self._book

    def _read_scores(self) -> ScoreBook:
        try:
            raw = self.data.read(SCORES, SCORES_LIMIT, "a scores file")
            if raw is None:
                return ScoreBook()
            return ScoreBook.from_bytes(raw)
        except RecordError as error:
            self.messages.append(
                f"Your solo scores could not be read: {error}. {self._kept(self.data, SCORES)} "
                "Scores start again from here."
            )
            return ScoreBook()

    def _update_scores(self, change: Callable[[ScoreBook], tuple[T, bool]]) -> T:
        """Apply one change to the score book as it is on disk now, merge-safe.

        Under the scores lock: read the file afresh (another window may have added a score
        since), apply `change` (which says whether it changed anything), write it back
        atomically. So two windows finishing at once keep both scores.
        """
        with self.data.exclusive(SCORES):
            self._book = None
            book = self.scores()
            result, changed = change(book)
            if changed:
                self.data.write(SCORES, book.to_json())
                self._book_stamp = self.data.stamp(SCORES)
        return result

    def solo_stats(self, rules: Rules, hinted: bool = False, coached: bool = False
                   ) -> SoloStats:
        """The solo record under `rules` (hinted games are a separate record, and so are
        coached ones)."""
        return self.scores().stats(rules, hinted, coached)

    def daily(self, day: date) -> DailyEntry | None:
        """That day's daily attempt, if one was started."""
        return self.scores().daily.get(day.isoformat())

    def begin_daily(self, day: date, game_id: str) -> bool:
        """Note that `game_id` is `day`'s daily attempt; True if it is the scored one.

        The first attempt of the day is scored, even if abandoned; later ones are practice.
        Two windows starting the daily at once: the first to write is the scored one.
        """
        key = day.isoformat()

        def begin(book: ScoreBook) -> tuple[bool, bool]:
            entry = book.daily.get(key)
            if entry is not None:
                return entry.game_id == game_id, False
            book.daily[key] = DailyEntry(key, game_id, now_text())
            return True, True

        return self._update_scores(begin)

    # ----------------------------------------------------------------- puzzle progress

    def puzzle_progress(self) -> PuzzleProgress:
        """The player's puzzle rating and attempts (a damaged file is moved aside, with a
        message saying where it was kept, and the rating starts again: docs/puzzles.md)."""
        from buyword.store.puzzles import PROGRESS, PUZZLES_LIMIT, PuzzleProgress, progress_from

        try:
            raw = self.data.read(PROGRESS, PUZZLES_LIMIT, "a puzzle progress file")
            if raw is None:
                return PuzzleProgress()
            return progress_from(raw)
        except RecordError as error:
            self.messages.append(
                f"Your puzzle progress could not be read: {error}. "
                f"{self._kept(self.data, PROGRESS)} Your puzzle rating starts again from here.")
            return PuzzleProgress()

    def update_puzzle_progress(self, change: Callable[[PuzzleProgress], T]) -> T:
        """Apply `change` to the puzzle progress as it is on disk now, and keep it (under its
        lock, so two windows solving at once keep both attempts); `change`'s answer."""
        from buyword.store.puzzles import PROGRESS

        with self.data.exclusive(PROGRESS):
            progress = self.puzzle_progress()
            result = change(progress)
            self.data.write(PROGRESS, progress.to_json())
        return result

    def personal_puzzles(self) -> tuple[Puzzle, ...]:
        """Your own puzzles, made from your finished games' costliest decisions (a damaged
        file is moved aside, with a message, and they start again)."""
        from buyword.store.puzzles import PERSONAL, PUZZLES_LIMIT, puzzle_set_from

        try:
            raw = self.data.read(PERSONAL, PUZZLES_LIMIT, "a puzzle file")
            if raw is None:
                return ()
            return puzzle_set_from(raw, "your own puzzles").puzzles
        except RecordError as error:
            self.messages.append(f"Your own puzzles could not be read: {error}. "
                                 f"{self._kept(self.data, PERSONAL)}")
            return ()

    def add_personal_puzzles(self, puzzles: Sequence[Puzzle]) -> int:
        """Keep `puzzles` among your own (one of the same id is replaced); how many you have."""
        from buyword.store.puzzles import PERSONAL, PuzzleSet, puzzle_set_json

        with self.data.exclusive(PERSONAL):
            kept = {p.id: p for p in self.personal_puzzles()}
            kept.update((p.id, p) for p in puzzles)
            ordered = tuple(sorted(kept.values(), key=lambda p: p.id))
            self.data.write(PERSONAL, puzzle_set_json(PuzzleSet(Rules(), ordered)))
        return len(kept)

    # ----------------------------------------------------------------- settings

    def load_settings(self) -> Settings:
        """The player's settings; an unreadable file gives the defaults and a message."""
        settings = self._read_settings()
        self._settings_seen = settings
        return settings

    def _read_settings(self) -> Settings:
        try:
            raw = self.config.read(SETTINGS, SETTINGS_LIMIT, "a settings file")
            if raw is None:
                return Settings()
            settings, problems = parse_settings(utf8_text(raw))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError,
                FileRefused, SettingsRefused) as error:
            self.messages.append(
                f"Your settings could not be read ({_settings_problem(error)}); using the "
                f"defaults. {self._kept(self.config, SETTINGS)}"
            )
            return Settings()
        self.messages.extend(problems)
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Keep the settings; True if they reached the disk (else see `warning`).

        Merge-safe: only the values that differ from the settings this store last read or
        wrote are changed in the file as it is now, so two windows changing different
        settings keep both changes.
        """
        with self.config.exclusive(SETTINGS):
            seen = self._settings_seen
            if seen is not None:
                before = seen.values()
                changed = {name: value for name, value in settings.values().items()
                           if value != before[name]}
                settings = self._read_settings().with_values(changed)
            written = self.config.write(SETTINGS, settings.to_toml())
            self._settings_seen = settings
        return written


def _settings_problem(error: Exception) -> str:
    """Why the settings file could not be read, in a few words."""
    if isinstance(error, UnicodeDecodeError):
        return "it is not text"
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    return str(error)


def _check_levels(saved: SavedGame, levels: Sequence[str]) -> None:
    """RecordError if a computer seat of the save plays none of `levels` (the computer
    players' levels, from `buyword.bots`; empty: not checked)."""
    for seat, level in enumerate(saved.bots):
        if levels and level is not None and level.strip().lower() not in levels:
            raise RecordError(f"seat {seat + 1}'s computer level {visible(level)!r} is not one "
                              f"this game has ({', '.join(levels)})")


def read_game_file(path: str | os.PathLike[str]) -> SavedGame:
    """A game record file (a finished game, an autosave or a bare record) for `buyword replay`.

    Raises RecordError with a message naming the file and saying what is wrong.
    """
    shown = _shown(path)
    try:
        raw = read_limited(path, what="a game record", limit=SAVE_LIMIT, error=FileRefused,
                           named=False)
    except FileRefused as error:
        raise RecordError(f"cannot open {shown}: {error}") from None
    except (OSError, ValueError) as error:
        raise RecordError(f"cannot open {shown}: {describe_os_error(error)}") from None
    try:
        return read_save(raw)
    except RecordError as error:
        raise RecordError(f"cannot replay {shown}: {error}") from None
    except Exception as error:  # untrusted input: any failure means a bad file
        raise RecordError(f"cannot replay {shown}: it is damaged ({trouble(error)})"
                          ) from None


def _shown(path: str | os.PathLike[str], limit: int = 160) -> str:
    """A file name as a message shows it: quoted, control characters escaped, long ones cut."""
    text = repr(os.fspath(path))
    return text if len(text) <= limit else text[: limit - 2] + "…'"


def _daily_money(saved: SavedGame, game: Game) -> int | str:
    """What a finished daily solo earned on its day's deal (the day's seed and printed rules,
    the bag and die drawn from the seed, the game's dictionary judging every word), or why
    it cannot be scored."""
    try:
        day = date.fromisoformat(saved.daily or "")
    except ValueError:
        return "its day is not a date"
    if len(saved.record.players) != 1:
        return "it is not a solo game"
    try:
        redealt = saved.record.redealt(game.dictionary, daily_seed(day), daily_rules())
    except RecordError as error:
        return f"its moves do not replay on the day's deal ({error})"
    outcome = redealt.outcome()
    if outcome is None:
        return "its moves do not finish the day's game"
    return outcome.standings[0].money
