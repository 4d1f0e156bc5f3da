"""Puzzles and the player's progress at them, as files: the puzzle set (`data/puzzles.json`,
mined by `buyword puzzles build`) and the progress kept beside the scores (`puzzles.json` in the
data folder). Both are read by the one typed codec (`buyword.store.codec`): a value of the wrong
type or out of bounds is refused by its field's path, and nothing of a refused file is kept.
The layouts are docs/files.md's, "Puzzles"; docs/puzzles.md says what a puzzle is.

A puzzle's position is what its seat could see when the decision was made (hand, money, wilds,
the draw, the unseen tiles, the round, the bag's size, the others' public counts), never the
bag's order or another hand: it is built from the seat's `SeatView`
(`buyword.table.puzzles.position_of`), and a view is built back from it to weigh it again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date
from typing import Annotated, Any, Literal, cast

import msgspec
from msgspec import Meta

from buyword.engine import RecordError, Rules
from buyword.store.codec import Count, convert, parse_json, plain
from buyword.store.rules_codec import rules_data, rules_from

#: The puzzle set's format version (docs/files.md, "Puzzles").
PUZZLES_FORMAT = 1
#: The progress file's format version.
PROGRESS_FORMAT = 1
#: The progress file, in the data folder beside the scores.
PROGRESS = "puzzles.json"
#: Your own puzzles (the costliest decisions of your finished games), in the data folder.
PERSONAL = "my_puzzles.json"
#: The largest puzzle set or progress file read, in bytes.
PUZZLES_LIMIT = 50_000_000

#: The kinds of decision a puzzle asks for: the draw count on CHOICE, buy or discard, which
#: words to sell, what to drop at the tile limit, and where the wild goes (a sale whose two
#: best answers spend the wild differently: in another word or place, or not at all).
KINDS = ("choose", "buy", "sell", "drop", "wild")
Kind = Literal["choose", "buy", "sell", "drop", "wild"]
#: The themes a puzzle may carry (docs/puzzles.md, "Themes").
THEMES = ("wild", "buy small", "sell long", "limit", "end of bag", "choice")
Theme = Literal["wild", "buy small", "sell long", "limit", "end of bag", "choice"]
#: A puzzle's rating starts here, with this deviation, before anything has solved it.
START_RATING = 1500.0
START_DEVIATION = 350.0
#: Glicko-2's volatility for a new rating (Glickman's suggested 0.06).
START_VOLATILITY = 0.06

Rating = Annotated[float, Meta(ge=0, le=5000)]
Deviation = Annotated[float, Meta(ge=0, le=1000)]
Volatility = Annotated[float, Meta(gt=0, le=10)]
Money = Annotated[int, Meta(ge=-1_000_000, le=1_000_000)]
Tiles = Annotated[str, Meta(max_length=500)]


# ----------------------------------------------------------------- the model


@dataclass(frozen=True)
class Rival:
    """Another seat as the puzzle's seat saw it: public counts only."""

    name: str
    money: int
    wilds: int
    tiles: int


@dataclass(frozen=True)
class Position:
    """What the puzzle's seat could see when it decided (its `SeatView`, less the log)."""

    seat: int
    names: tuple[str, ...]
    phase: str  # a `Phase` value: "choose", "buy", "sell" or "drop"
    round: int
    leader: int
    final_round: bool
    die: int | str | None
    draw_count: int | None
    hand: str
    money: int
    wilds: int
    drawn: str
    bag_size: int
    unseen: str  # the tiles the seat could not see, sorted
    over_limit: int
    rivals: tuple[Rival, ...] = ()


@dataclass(frozen=True)
class Answer:
    """One answer Master weighed: its actions in the game's notation, in a player's words,
    the money Master expects from it at the end, and what it loses against the best."""

    actions: tuple[str, ...]
    says: str  # "buy", "choose 3", "sell CAT, DOG", "drop Q X"
    worth: float
    stderr: float
    right: bool
    loses: int  # dollars against the best answer (0 for a right one)


@dataclass(frozen=True)
class Source:
    """Where a puzzle was mined: the game's seed and levels (of your own game: its players'
    names), and the decision's place."""

    seed: int
    levels: tuple[str, ...]
    index: int  # actions before the decision in the game's record
    rollouts: int  # Master's rollouts an option, in the appraisal and in the confirmation


@dataclass(frozen=True)
class Puzzle:
    """A position and one decision with a clearly best answer."""

    id: str
    kind: str
    position: Position
    themes: tuple[str, ...]
    answers: tuple[Answer, ...]
    explanation: str  # one line in the coach's words
    rating: float = START_RATING
    deviation: float = START_DEVIATION
    #: The computer levels whose own choice here is a right answer.
    solved_by: tuple[str, ...] = ()
    source: Source | None = None

    @property
    def right(self) -> tuple[Answer, ...]:
        """The answers that count as right."""
        return tuple(a for a in self.answers if a.right)


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of one file, all played by `rules`, and how they were built."""

    rules: Rules
    puzzles: tuple[Puzzle, ...]
    built: dict[str, Any] = field(default_factory=dict)  # the command, seeds and figures

    def by_id(self) -> dict[str, Puzzle]:
        """The puzzles by id."""
        return {p.id: p for p in self.puzzles}

    def daily(self, day: date) -> Puzzle:
        """The day's puzzle: the same for everyone on that date, on any machine."""
        if not self.puzzles:
            raise RecordError("there are no puzzles")
        digest = hashlib.sha256(f"buyword-puzzle-{day.isoformat()}".encode("ascii")).digest()
        return sorted(self.puzzles, key=lambda p: p.id)[
            int.from_bytes(digest[:8], "big") % len(self.puzzles)]


#: The shipped puzzle set, in the package's data (the repository's data/ folder).
BUNDLED = "puzzles.json"


def bundled_puzzles() -> PuzzleSet:
    """The puzzles that ship with BuyWord (`data/puzzles.json`). RecordError, in a player's
    words, when the file is missing or damaged."""
    from importlib.resources import files

    try:
        raw = (files("buyword.data") / BUNDLED).read_bytes()
    except OSError as error:
        raise RecordError(f"the puzzles that ship with BuyWord cannot be read "
                          f"({error.strerror or error})") from None
    return puzzle_set_from(raw, "the puzzle file")


def puzzle_id(seed: int, index: int, seat: int) -> str:
    """A puzzle's id: the game's seed, the decision's place and the seat (stable, unique)."""
    return f"{seed}-{index}-{seat + 1}"


# ----------------------------------------------------------------- the forms


class _RivalForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    name: Annotated[str, Meta(max_length=100)]
    money: Money
    wilds: Count
    tiles: Count


class _PositionForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    seat: Count
    names: list[Annotated[str, Meta(max_length=100)]]
    phase: Literal["choose", "buy", "sell", "drop"]
    round: Count
    leader: Count
    final_round: bool
    die: int | str | None
    draw_count: Count | None
    hand: Tiles
    money: Money
    wilds: Count
    drawn: Tiles
    bag_size: Count
    unseen: Tiles
    over_limit: Count
    rivals: list[_RivalForm] = []


class _AnswerForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    actions: list[Annotated[str, Meta(max_length=200)]]
    says: Annotated[str, Meta(max_length=300)]
    worth: float
    stderr: Annotated[float, Meta(ge=0)]
    right: bool
    loses: Annotated[int, Meta(ge=0, le=1_000_000)]


class _SourceForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    seed: int
    levels: list[str]
    index: Count
    rollouts: Annotated[int, Meta(ge=1)]


class _PuzzleForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    id: Annotated[str, Meta(min_length=1, max_length=100)]
    kind: Kind
    position: _PositionForm
    themes: list[Theme] = []
    answers: Annotated[list[_AnswerForm], Meta(min_length=2)]
    explanation: Annotated[str, Meta(max_length=500)]
    rating: Rating = START_RATING
    deviation: Deviation = START_DEVIATION
    solved_by: list[str] = []
    source: _SourceForm | None = None


class _PuzzleSetForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    format: Annotated[int, Meta(ge=1, le=PUZZLES_FORMAT)]
    rules: dict[str, Any]
    built: dict[str, Any] = {}
    puzzles: list[_PuzzleForm]


def _puzzle(form: _PuzzleForm) -> Puzzle:
    p = form.position
    position = Position(p.seat, tuple(p.names), p.phase, p.round, p.leader, p.final_round,
                        p.die, p.draw_count, p.hand, p.money, p.wilds, p.drawn, p.bag_size,
                        p.unseen, p.over_limit,
                        tuple(Rival(r.name, r.money, r.wilds, r.tiles) for r in p.rivals))
    answers = tuple(Answer(tuple(a.actions), a.says, a.worth, a.stderr, a.right, a.loses)
                    for a in form.answers)
    if not any(a.right for a in answers):
        raise RecordError(f"the puzzle {form.id!r} has no right answer")
    source = None if form.source is None else Source(
        form.source.seed, tuple(form.source.levels), form.source.index, form.source.rollouts)
    return Puzzle(form.id, form.kind, position, tuple(form.themes), answers, form.explanation,
                  form.rating, form.deviation, tuple(form.solved_by), source)


def puzzle_set_from(raw: bytes | str, what: str = "the puzzle file") -> PuzzleSet:
    """The puzzle set in `raw` (JSON); RecordError, naming the field, for a damaged one."""
    try:
        data = parse_json(raw)
    except (ValueError, RecursionError):
        raise RecordError(f"{what} is not JSON (damaged?)") from None
    if isinstance(data, dict) and isinstance(data.get("format"), int) \
            and data["format"] > PUZZLES_FORMAT:
        raise RecordError(f"{what} is of a newer format ({data['format']}) than this version "
                          f"reads ({PUZZLES_FORMAT}): update BuyWord")
    form = convert(data, _PuzzleSetForm, what)
    puzzles = tuple(_puzzle(p) for p in form.puzzles)
    ids = [p.id for p in puzzles]
    if len(set(ids)) != len(ids):
        raise RecordError(f"{what} holds a puzzle id twice")
    return PuzzleSet(rules_from(form.rules, f"{what}'s rules"), puzzles, dict(form.built))


def puzzle_data(puzzle: Puzzle) -> dict[str, Any]:
    """One puzzle as JSON-ready data (the file's layout)."""
    return cast(dict[str, Any], plain(puzzle))


def puzzle_set_json(puzzles: PuzzleSet) -> str:
    """The puzzle set as the file holds it: one puzzle a line, for readable diffs."""
    import json

    head = {"format": PUZZLES_FORMAT, "rules": rules_data(puzzles.rules),
            "built": puzzles.built}
    lines = [json.dumps(puzzle_data(p), separators=(",", ":"), ensure_ascii=True)
             for p in puzzles.puzzles]
    text = json.dumps(head, indent=1, ensure_ascii=True)[:-2]
    return text + ',\n "puzzles": [\n' + ",\n".join(lines) + "\n ]\n}\n"


# ----------------------------------------------------------------- the player's progress


@dataclass
class Glicko:
    """A Glicko-2 rating on Glicko's scale: the rating, its deviation and its volatility."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True)
class Attempt:
    """One puzzle tried: when, which, the answer, whether it was right, the rating after."""

    when: str  # ISO date and time
    puzzle: str
    answer: str
    right: bool
    rating: float
    deviation: float


@dataclass
class PuzzleProgress:
    """The player's puzzle rating, every attempt, and each tried puzzle's local rating (an
    attempt moves the puzzle's rating too)."""

    rating: Glicko = field(default_factory=Glicko)
    attempts: list[Attempt] = field(default_factory=list)
    puzzles: dict[str, Glicko] = field(default_factory=dict)

    def tried(self) -> set[str]:
        """The ids of the puzzles tried."""
        return {a.puzzle for a in self.attempts}

    def summary(self) -> str:
        """"Puzzle rating 1512 ± 180 after 12 attempts, 8 right"."""
        right = sum(a.right for a in self.attempts)
        tries = len(self.attempts)
        return (f"Puzzle rating {round(self.rating.rating)} ± {round(self.rating.deviation)} "
                f"after {tries} attempt{'' if tries == 1 else 's'}, {right} right")

    def to_json(self) -> str:
        """The progress file's text."""
        import json

        data = {"format": PROGRESS_FORMAT, "rating": plain(self.rating),
                "attempts": plain(self.attempts),
                "puzzles": {k: plain(v) for k, v in self.puzzles.items()}}
        return json.dumps(data, indent=1, ensure_ascii=True) + "\n"


class _GlickoForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    rating: Rating
    deviation: Deviation
    volatility: Volatility


class _AttemptForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    when: Annotated[str, Meta(max_length=40)]
    puzzle: Annotated[str, Meta(max_length=100)]
    answer: Annotated[str, Meta(max_length=300)]
    right: bool
    rating: Rating
    deviation: Deviation


class _ProgressForm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    format: Annotated[int, Meta(ge=1, le=PROGRESS_FORMAT)]
    rating: _GlickoForm
    attempts: list[_AttemptForm] = []
    puzzles: dict[str, _GlickoForm] = {}


def _glicko(form: _GlickoForm) -> Glicko:
    return Glicko(form.rating, form.deviation, form.volatility)


def progress_from(raw: bytes | str, what: str = "your puzzle progress") -> PuzzleProgress:
    """The progress in `raw` (JSON); RecordError, naming the field, for a damaged file."""
    try:
        data = parse_json(raw)
    except (ValueError, RecursionError):
        raise RecordError(f"{what} is not JSON (damaged?)") from None
    form = convert(data, _ProgressForm, what)
    return PuzzleProgress(
        _glicko(form.rating),
        [Attempt(a.when, a.puzzle, a.answer, a.right, a.rating, a.deviation)
         for a in form.attempts],
        {k: _glicko(v) for k, v in form.puzzles.items()})
