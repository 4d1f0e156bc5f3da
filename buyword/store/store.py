"""The store: one object the app asks to save, resume, record, score and remember settings.

Nothing here raises for a bad file or a bad disk. A bad file is moved aside and reported in a
player's words; a folder that cannot be written makes the store keep things in memory and set
`warning` ("Progress is not being saved: ...") for the UI to show.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from buyword.engine import Dictionary, Game, RecordError, Rules, Themes
from buyword.store.files import Files, describe_os_error
from buyword.store.places import Places, locate
from buyword.store.saves import SavedGame, now_text, read_save, result_of
from buyword.store.scores import (
    DailyEntry,
    ScoreBook,
    SoloResult,
    SoloScore,
    SoloStats,
    rules_key,
)
from buyword.store.settings import Settings, parse_settings

#: The game in progress (data folder).
CURRENT = "current.json"
#: Finished games, one record file each (data folder).
GAMES = "games"
#: Solo scores and daily attempts (data folder).
SCORES = "scores.json"
#: The player's settings (config folder).
SETTINGS = "settings.toml"


@dataclass(frozen=True)
class Loaded:
    """What `Store.load_game` found: a game to resume, or a message about a bad save, or neither."""

    saved: SavedGame | None = None
    game: Game | None = None
    message: str | None = None


@dataclass(frozen=True)
class Finished:
    """What `Store.finish_game` did: where the record went and what the solo score meant."""

    name: str  # the record's name in the data folder ("games/...json")
    path: Path | None  # where it is on disk (None when kept in memory only)
    solo: SoloResult | None = None  # a scored solo game's result
    note: str | None = None  # e.g. why a solo game was not scored


@dataclass(frozen=True)
class PastGame:
    """One finished game as `buyword history` lists it."""

    name: str
    path: Path | None
    saved: SavedGame | None  # None if the file could not be read
    problem: str | None = None


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
        #: Messages for the player (bad files moved aside, settings reset), oldest first.
        self.messages: list[str] = []
        self._book: ScoreBook | None = None

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
        """Where each kind of file lives (for the README, history and error messages)."""
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

    def has_saved_game(self) -> bool:
        """True if there is a game in progress to offer as Continue (not yet checked)."""
        return self.data.exists(CURRENT)

    def save_game(self, saved: SavedGame) -> bool:
        """Autosave the game in progress; True if it reached the disk (else see `warning`)."""
        return self.data.write(CURRENT, replace(saved, saved_at=now_text()).to_json())

    def peek_game(self) -> Loaded:
        """The saved game read but not replayed (quick: no dictionary needed).

        For the title screen's Continue entry; a damaged or too-new save is moved aside and
        explained here already. `resume` then replays it.
        """
        raw = self.data.read(CURRENT)
        if raw is None:
            return Loaded()
        try:
            return Loaded(read_save(raw))
        except Exception as error:  # a save is untrusted input: any failure means a bad file
            return Loaded(message=self._bad_save(error))

    def resume(self, saved: SavedGame, dictionary: Dictionary,
               themes: Themes | None = None) -> Loaded:
        """Replay a peeked save (a themed game needs the theme lists, `themes`); if it no
        longer replays it is moved aside and explained."""
        try:
            return Loaded(saved, saved.record.replay(dictionary, themes=themes))
        except Exception as error:  # e.g. a changed dictionary refuses a word sold earlier
            return Loaded(message=self._bad_save(error))

    def load_game(self, dictionary: Dictionary) -> Loaded:
        """The saved game, replayed; a bad save is moved aside and explained, never raised."""
        peeked = self.peek_game()
        if peeked.saved is None:
            return peeked
        return self.resume(peeked.saved, dictionary)

    def _bad_save(self, error: Exception) -> str:
        """Move the save aside; the message that says why and where it went."""
        if isinstance(error, RecordError):
            reason = str(error)
        else:
            reason = f"it is damaged ({type(error).__name__})"
        return (f"Your saved game could not be resumed: {reason}. "
                f"{self._kept(self.data, CURRENT)} Starting fresh.")

    def clear_game(self) -> None:
        """Forget the game in progress (it finished, or the player abandoned it)."""
        self.data.delete(CURRENT)

    # ----------------------------------------------------------------- finished games

    def finish_game(self, saved: SavedGame, game: Game) -> Finished:
        """Keep a finished game's record, score a solo game, and clear the autosave.

        Calling it again for the same game changes nothing and scores nothing twice.
        """
        result = result_of(game)
        if result is None:
            raise ValueError("finish_game needs a game that is over")
        final = replace(saved.updated(game), result=result, saved_at=now_text())
        name = self._record_name(final)
        if not self.data.exists(name):
            self.data.write(name, final.to_json())
        solo, note = self._score(final, game.rules) if final.solo else (None, None)
        self.clear_game()
        return Finished(name, None if self.data.in_memory else self.data.path(name), solo, note)

    def _record_name(self, saved: SavedGame) -> str:
        """games/YYYYmmdd-HHMMSS-<id>.json; the existing name if this game was kept already."""
        for name in self.data.names(GAMES):
            if name.endswith(f"-{saved.game_id}.json"):
                return name
        stamp = re.sub(r"[^0-9T]", "", (saved.result or {}).get("finished_at", ""))[:15]
        stamp = stamp.replace("T", "-") or "game"
        return f"{GAMES}/{stamp}-{saved.game_id}.json"

    def _score(self, saved: SavedGame, rules: Rules) -> tuple[SoloResult | None, str | None]:
        book = self.scores()
        daily = saved.daily
        if daily is not None:
            entry = book.daily.get(daily)
            if entry is None:  # begin_daily was not called: this is still the day's first
                book.daily[daily] = DailyEntry(daily, saved.game_id, saved.started_at)
            elif entry.game_id != saved.game_id:
                note = f"The daily solo for {daily} was already played; this run is not scored."
                return None, note
        money = saved.result["standings"][0]["money"] if saved.result else 0
        score = SoloScore(saved.game_id, money, rules_key(rules), rules.describe(),
                          saved.record.seed, now_text(), saved.hinted, daily)
        result = book.add(score, rules)
        if result.counted:
            self._write_scores(book)
        return result, None

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
        games = []
        names = [name for name in self.data.names(GAMES) if name.endswith(".json")]
        for name in sorted(names, key=self._age, reverse=True):
            raw = self.data.read(name)
            try:
                if raw is None:
                    raise RecordError("the file cannot be read")
                games.append(PastGame(name, self.data.path(name), read_save(raw)))
            except Exception as error:  # any bad file is listed, never fatal
                reason = str(error) if isinstance(error, RecordError) else type(error).__name__
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
        """The score book (read once; a bad file is moved aside and the book starts empty)."""
        if self._book is None:
            self._book = self._read_scores()
        return self._book

    def _read_scores(self) -> ScoreBook:
        raw = self.data.read(SCORES)
        if raw is None:
            return ScoreBook()
        try:
            return ScoreBook.from_bytes(raw)
        except RecordError as error:
            self.messages.append(
                f"Your solo scores could not be read: {error}. {self._kept(self.data, SCORES)} "
                "Scores start again from here."
            )
            return ScoreBook()

    def _write_scores(self, book: ScoreBook) -> None:
        self.data.write(SCORES, book.to_json())

    def solo_stats(self, rules: Rules, hinted: bool = False) -> SoloStats:
        """The solo record under `rules` (hinted games are a separate record)."""
        return self.scores().stats(rules, hinted)

    def daily(self, day: date) -> DailyEntry | None:
        """That day's daily attempt, if one was started."""
        return self.scores().daily.get(day.isoformat())

    def begin_daily(self, day: date, game_id: str) -> bool:
        """Note that `game_id` is `day`'s daily attempt; True if it is the scored one.

        The first attempt of the day is scored, even if abandoned; later ones are practice.
        """
        book = self.scores()
        key = day.isoformat()
        entry = book.daily.get(key)
        if entry is not None:
            return entry.game_id == game_id
        book.daily[key] = DailyEntry(key, game_id, now_text())
        self._write_scores(book)
        return True

    # ----------------------------------------------------------------- settings

    def load_settings(self) -> Settings:
        """The player's settings; an unreadable file gives the defaults and a message."""
        raw = self.config.read(SETTINGS)
        if raw is None:
            return Settings()
        try:
            settings, problems = parse_settings(raw.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            reason = "it is not text" if isinstance(error, UnicodeDecodeError) else str(error)
            self.messages.append(
                f"Your settings could not be read ({reason}); using the defaults. "
                f"{self._kept(self.config, SETTINGS)}"
            )
            return Settings()
        self.messages.extend(problems)
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Keep the settings; True if they reached the disk (else see `warning`)."""
        return self.config.write(SETTINGS, settings.to_toml())


def read_game_file(path: str | os.PathLike[str]) -> SavedGame:
    """A game record file (a finished game, an autosave or a bare record) for `buyword replay`.

    Raises RecordError with a message naming the file and saying what is wrong.
    """
    shown = _shown(path)
    try:
        raw = Path(path).read_bytes()
    except (OSError, ValueError) as error:
        raise RecordError(f"cannot open {shown}: {describe_os_error(error)}") from None
    try:
        return read_save(raw)
    except RecordError as error:
        raise RecordError(f"cannot replay {shown}: {error}") from None
    except Exception as error:  # untrusted input: any failure means a bad file
        raise RecordError(f"cannot replay {shown}: it is damaged ({type(error).__name__})"
                          ) from None


def _shown(path: str | os.PathLike[str], limit: int = 80) -> str:
    """A file name as a message shows it: quoted, control characters escaped, long ones cut."""
    text = repr(os.fspath(path))
    return text if len(text) <= limit else text[: limit - 2] + "…'"
