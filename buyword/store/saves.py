"""The save file: a game record wrapped with what the app needs to resume, and its migrations.

A save is JSON: `{"save_format": 1, "game_id": ..., "record": <GameRecord>, "bots": [...],
"hints": [...], "daily": ..., "options": {...}, "started_at": ..., "saved_at": ...}`, plus
`"coach"` (per seat, like hints) and `"appraisals"` (the coach's, to be used again by the
review) in a coached game, and `"result"` once the game is finished. The record inside carries
its own format version (`RECORD_FORMAT`), read by `buyword.store.records`. Older save formats
are upgraded step by step by `MIGRATIONS`; a newer one is refused with a message, never guessed
at. Both are read and written by the typed codec (`SaveForm`).
"""

from __future__ import annotations

import json
import typing
import uuid
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

from buyword import engine
from buyword.engine import RecordError
from buyword.store.codec import Count, Plain, convert, parse_json, plain

if TYPE_CHECKING:
    from buyword.engine import Game, GameRecord

T = TypeVar("T")

#: A JSON object as a save holds it: its values are checked where they are read.
JsonObject = dict[str, Any]

#: The save file's format version. Bump it, and add a step to MIGRATIONS, when the layout changes.
SAVE_FORMAT = 1


def now_text() -> str:
    """The local time now, as saves and scores write it (ISO 8601, to the second)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def new_game_id() -> str:
    """A short unique id for one game, so finishing it twice records it once."""
    return uuid.uuid4().hex[:12]


@dataclass(frozen=True)
class SavedGame:
    """A game in progress (or finished) as saved: its record and the app's own metadata."""

    record: GameRecord
    game_id: str = field(default_factory=new_game_id)
    #: Per seat: a computer player's level (e.g. "hard"), or None for a person.
    bots: tuple[str | None, ...] = ()
    #: Per seat: hints used so far. A solo game with hints is scored separately.
    hints: tuple[int, ...] = ()
    #: The daily solo's date (YYYY-MM-DD) when this game is a daily attempt.
    daily: str | None = None
    #: App-level options the UI needs to resume (JSON-ready values only).
    options: JsonObject = field(default_factory=dict)
    started_at: str = field(default_factory=now_text)
    saved_at: str = ""
    #: How the game ended (see `result_of`), present once it is finished.
    result: JsonObject | None = None
    #: The round the game is in as the table numbers it (0: a save from before this was kept).
    at_round: int = 0
    #: Per seat: 1 if the coach weighed that person's decisions (a coached solo game is
    #: scored separately, like one with hints). Empty in a save from before the coach.
    coach: tuple[int, ...] = ()
    #: The coach's appraisals of people's decisions, JSON-ready (`buyword.table.coach`):
    #: a resumed game keeps them, and its review uses them again.
    appraisals: tuple[JsonObject, ...] = ()

    @classmethod
    def of(cls, game: Game, *, bots: tuple[str | None, ...] = (), hints: tuple[int, ...] = (),
           daily: str | None = None, options: JsonObject | None = None) -> SavedGame:
        """A save of `game` at the round it is in, with the seats' computer levels and hints,
        the daily's date and the app's options (see the fields)."""
        # `engine.GameRecord`, not an import: the record's module loads when a save is first
        # read or made, so a start with no save to offer does not load it.
        return cls(engine.GameRecord.of(game), bots=bots, hints=hints, daily=daily,
                   options={} if options is None else options, at_round=game.round)

    def updated(self, game: Game, bots: tuple[str | None, ...] | None = None) -> SavedGame:
        """The same save with `game`'s record now (the metadata kept), and with `bots` as
        the seats stand now when given (a seat handed to a computer during play)."""
        record = engine.GameRecord.of(game)
        if bots is None:
            return replace(self, record=record, at_round=game.round)
        return replace(self, record=record, at_round=game.round, bots=tuple(bots))

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.record.players

    @property
    def solo(self) -> bool:
        """True for a one-player game (the kind that is scored)."""
        return len(self.record.players) == 1

    def hinted_by(self, seats: Collection[int]) -> SavedGame:
        """The same save with `seats` marked as having used hints (marks already made stay:
        a resumed game keeps those of its earlier sittings)."""
        marks = self.hints or (0,) * len(self.players)
        hints = tuple(max(used, int(seat in seats)) for seat, used in enumerate(marks))
        return replace(self, hints=hints)

    @property
    def hinted(self) -> bool:
        """True if any hint was used: such solo scores are listed apart."""
        return any(self.hints)

    def coached_by(self, seats: Collection[int], appraisals: Sequence[JsonObject] = ()
                   ) -> SavedGame:
        """The same save with `seats` marked as coached (marks already made stay) and the
        coach's `appraisals` as they stand now (when given)."""
        marks = self.coach or (0,) * len(self.players)
        coach = tuple(max(used, int(seat in seats)) for seat, used in enumerate(marks))
        if not any(coach):
            coach = self.coach
        return replace(self, coach=coach, appraisals=tuple(appraisals) or self.appraisals)

    @property
    def coached(self) -> bool:
        """True if the coach weighed anyone's decisions: such solo scores are listed apart."""
        return any(self.coach)

    @property
    def round(self) -> int:
        """The round being played, as the table shows it (a round that has ended waits for
        the next one's roll). An older save without it counts the rolls."""
        if self.at_round:
            return self.at_round
        return max(1, sum(1 for action in self.record.actions if action.startswith("roll")))

    def bot(self, seat: int) -> str | None:
        """The computer level playing `seat`, or None for a person."""
        return self.bots[seat] if 0 <= seat < len(self.bots) else None

    def describe(self, game: Game | None = None) -> str:
        """One line for a Continue button: who plays, and which round (from `game` if given)."""
        names = []
        for seat, name in enumerate(self.players):
            level = self.bot(seat)
            names.append(f"{name} ({level})" if level else name)
        rounds = game.round if game is not None else self.round
        kind = "daily solo" if self.daily else ("solo" if self.solo else "table")
        if self.lesson:
            kind = "learn to play"
        return f"{kind}: {', '.join(names)} · round {rounds}"

    @property
    def lesson(self) -> bool:
        """True for the guided first game ("Learn to play"): resumed at its lesson, never
        scored."""
        setup = self.options.get("setup")
        return isinstance(setup, dict) and setup.get("lesson") is True

    def to_json(self) -> str:
        """The save as JSON text (ASCII only, so any name survives any file system)."""
        return json.dumps(save_data(self), indent=1, ensure_ascii=True)


#: A computer level as a save names it ("" and null: a person).
_Level = str | None


class SaveForm(msgspec.Struct, kw_only=True):
    """A save as written (format 1; older formats are upgraded first, by `MIGRATIONS`).
    The per-seat lists may be shorter than the table (an older save): missing seats are a
    person, no hints, no coach."""

    save_format: int
    game_id: str = ""
    #: Read by `buyword.store.records.record_from` (loaded with the first save read).
    record: Plain
    bots: tuple[_Level, ...] = ()
    hints: tuple[Count, ...] = ()
    daily: str | None = None
    options: Plain = {}
    started_at: str = ""
    saved_at: str = ""
    result: Plain | None | UnsetType = UNSET
    round: Count | UnsetType = UNSET
    coach: tuple[Count, ...] | UnsetType = UNSET
    appraisals: tuple[Plain, ...] | UnsetType = UNSET


def save_from(data: dict[str, Any]) -> SavedGame:
    """Read an up-to-date save (run `upgrade` first); RecordError names what is wrong."""
    from buyword.store.records import record_from

    form: SaveForm = convert(data, SaveForm, "the save")
    saved = record_from(form.record)
    seats = len(saved.players)

    def per_seat(values: tuple[T, ...], blank: T) -> tuple[T, ...]:
        return tuple(values[seat] if seat < len(values) else blank for seat in range(seats))

    return SavedGame(
        record=saved,
        game_id=form.game_id or _derived_id(data),
        bots=per_seat(tuple(level or None for level in form.bots), None),
        hints=per_seat(form.hints, 0),
        daily=form.daily,
        options=form.options,
        started_at=form.started_at,
        saved_at=form.saved_at,
        result=None if form.result is UNSET else form.result,
        at_round=0 if form.round is UNSET else form.round,
        coach=() if form.coach is UNSET else per_seat(form.coach, 0),
        appraisals=() if form.appraisals is UNSET else form.appraisals,
    )


def save_data(saved: SavedGame) -> dict[str, Any]:
    """The save as JSON-ready data (`save_from` reads it back)."""
    from buyword.store.records import record_data

    form = SaveForm(
        save_format=SAVE_FORMAT, game_id=saved.game_id, record=record_data(saved.record),
        bots=saved.bots, hints=saved.hints, daily=saved.daily, options=saved.options,
        started_at=saved.started_at, saved_at=saved.saved_at,
        result=UNSET if saved.result is None else saved.result,
        round=saved.at_round or UNSET, coach=saved.coach if any(saved.coach) else UNSET,
        appraisals=saved.appraisals or UNSET)
    return typing.cast(dict[str, Any], plain(form))


def _derived_id(data: JsonObject) -> str:
    """A stable id for a save written without one (so re-reading it gives the same id)."""
    import hashlib  # only for an old save without an id: start-up need not load it

    text = json.dumps(data.get("record"), sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:12]


# ----------------------------------------------------------------- versions and migrations


def _from_v0(data: JsonObject) -> JsonObject:
    """Version 0 saved the bare game record, with bots and hints in the record's meta."""
    meta = data.get("meta")
    if not isinstance(meta, dict):
        meta = {}
    record = {key: value for key, value in data.items() if key != "meta"}
    return {
        "save_format": 1,
        "record": record,
        "bots": meta.get("bots", []),
        "hints": meta.get("hints", []),
        "daily": meta.get("daily"),
        "options": {},
        "started_at": "",
        "saved_at": meta.get("saved_at", ""),
    }


#: MIGRATIONS[n] turns a version-n save into a version n+1 save.
MIGRATIONS: dict[int, Callable[[JsonObject], JsonObject]] = {0: _from_v0}


def save_version(data: JsonObject) -> int:
    """The format version of a parsed save; RecordError if it is not a BuyWord save at all."""
    version = data.get("save_format")
    if version is None and "actions" in data and "format" in data:
        return 0  # a bare game record: how version 0 saved
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("it is not a BuyWord save (it has no save format version)")
    return version


def upgrade(data: JsonObject) -> JsonObject:
    """Bring a parsed save up to SAVE_FORMAT; RecordError for a newer or unknown version."""
    version = save_version(data)
    if version > SAVE_FORMAT:
        raise RecordError(
            f"it was saved by a newer BuyWord (save format {version}; this one reads up to "
            f"{SAVE_FORMAT})"
        )
    while version < SAVE_FORMAT:
        step = MIGRATIONS.get(version)
        if step is None:
            raise RecordError(f"its save format {version} is not one this BuyWord knows")
        data = step(data)
        version += 1
    return data


def read_save(raw: bytes) -> SavedGame:
    """Parse a save file's bytes, upgrading old formats; RecordError says what is wrong."""
    if not raw.strip():
        raise RecordError("the file is empty (it was probably cut off while being written)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is damaged (it is not text)") from None
    try:
        data = parse_json(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"the file is damaged or cut off ({error.msg} at line {error.lineno})"
        ) from None
    except RecursionError:
        raise RecordError("the file is damaged (it is nested too deeply)") from None
    if not isinstance(data, dict):
        raise RecordError("it is not a BuyWord save (not a JSON object)")
    return save_from(upgrade(data))


def result_of(game: Game) -> JsonObject | None:
    """A finished game's result, as kept in its record file (None if not finished)."""
    outcome = game.outcome()
    if outcome is None:
        return None
    return {
        "finished_at": now_text(),
        "reason": outcome.reason,
        "standings": [
            {"place": s.place, "seat": s.seat, "name": s.name, "money": s.money}
            for s in outcome.standings
        ],
        "winners": list(outcome.winners),
        "rating": outcome.rating,
    }
