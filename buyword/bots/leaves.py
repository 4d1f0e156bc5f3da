"""Leave values learned by self-play: what keeping some tiles is worth, beyond what the sampled
futures already say they are worth.

A computer player values the tiles it keeps (the *leave*) by sampling futures
(`buyword.bots.levels`); that judgement sees one word and one purchase ahead. Training
(`buyword train`, in `buyword.analysis.train`) notes how far it fell short of what each leave proved
worth, and `fit` fits this table to that shortfall, so that a level adds the table's value to
the futures'. The table is factored (per stage of the bag: each letter kept and each extra copy,
the tiles kept, the vowels, the wilds), so a few thousand games fit it, with a smoothed
correction of its own for each short leave kept often. `fit_contrasts` fits the same values to
counterfactual targets (the rollouts' verdict on each of a decision's leading options). The
whole method: docs/solve-and-sim.md, "`buyword train`: learned leave values".
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

#: Stages of the bag: more than two thirds full, more than a third, the rest.
STAGES = 3

#: Wild counts told apart: none, one, two or more.
WILD_BUCKETS = 3

#: Leave lengths told apart: 0 to 8 tiles, the last also standing for more.
LENGTHS = 9

#: Vowel counts told apart: 0 to 4, the last also standing for more.
VOWEL_COUNTS = 5

VOWELS = frozenset("AEIOU")

#: The bundled table's file name in `buyword.data`.
BUNDLED = "leaves.json"

#: The file format's version, written in every table file.
FORMAT = 2

#: The parts of a stage's values: each maps a letter, a count or a wild bucket to dollars.
PARTS = ("letters", "repeats", "length", "vowels", "wilds")

#: The ridge penalty of the fit, in turns: a value estimated from this many turns is halved
#: (towards 0, what the futures alone say), so rare letters cannot get large values.
RIDGE = 100.0

#: How finely the fit tells bag sizes apart when removing what a round is worth at that point
#: of the game (which every option of a decision shares, so the table need not hold it).
BAG_STEP = 4

#: How many leaves' values a table remembers before it starts afresh.
MEMO_LIMIT = 100_000

#: A turn as training records it: kept letter tiles, wilds, tiles in the bag, and the dollars
#: by which the futures' judgement of the kept tiles fell short of what they proved worth.
Turn = tuple[str, int, int, float]

#: A feature of a turn: (stage, part, key) -> how many times it applies.
Feature = tuple[int, str, str]


class LeaveTableError(ValueError):
    """A leave table file that cannot be read (not JSON, or not a table of this format)."""


class _Stage(msgspec.Struct):
    """A stage's values: each part's (`PARTS`; a part this version does not know is passed)."""

    letters: dict[str, float] = {}
    repeats: dict[str, float] = {}
    length: dict[str, float] = {}
    vowels: dict[str, float] = {}
    wilds: dict[str, float] = {}


class LeaveFile(msgspec.Struct, kw_only=True):
    """A leave table's file as the one typed codec (msgspec) reads it (`LeaveTable.to_json`
    writes it, laid out to diff cleanly)."""

    format: Literal[2]  # FORMAT (a test keeps the two in step)
    max_leave: int
    about: dict[str, Any] = {}
    stages: list[_Stage]
    #: The corrections: (sorted leave, wild bucket, stage, dollars).
    values: list[tuple[Annotated[str, msgspec.Meta(pattern="^[A-Z]*$")], int, int, float]]


_DECODER = msgspec.json.Decoder(LeaveFile)


def stage_of(bag_size: int, full: int) -> int:
    """The stage of the bag (0 early, 1 middle, 2 late) when it holds `bag_size` of `full`."""
    if full <= 0 or bag_size * 3 > full * 2:
        return 0
    return 1 if bag_size * 3 > full else 2


def wild_bucket(wilds: int) -> int:
    """The wild count as the table tells it apart: 0, 1, or 2 for two and more."""
    return min(max(wilds, 0), WILD_BUCKETS - 1)


def features(tiles: str, wilds: int, stage: int) -> dict[Feature, float]:
    """What the factored table values in a leave: each letter (and each extra copy), the
    number of tiles, of vowels, and the wilds, all at the stage of the bag."""
    counts = Counter(tiles)
    found: dict[Feature, float] = {
        (stage, "length", str(min(len(tiles), LENGTHS - 1))): 1.0,
        (stage, "vowels", str(min(sum(counts[v] for v in VOWELS), VOWEL_COUNTS - 1))): 1.0,
        (stage, "wilds", str(wild_bucket(wilds))): 1.0,
    }
    for letter, count in counts.items():
        found[(stage, "letters", letter)] = float(count)
        if count > 1:
            found[(stage, "repeats", letter)] = float(count - 1)
    return found


@dataclass
class LeaveTable:
    """Dollar values of kept leaves: factored per stage of the bag, with corrections for short
    leaves kept often (by sorted letters, wild bucket, stage)."""

    #: (stage, part, key) -> dollars; parts are `PARTS`, keys a letter or a count
    weights: dict[Feature, float]
    #: (leave, wild bucket, stage) -> dollars added to the factored value of exactly that leave
    values: dict[tuple[str, int, int], float] = field(default_factory=dict)
    #: The longest leave with a correction of its own.
    max_leave: int = 3
    #: How the table was made: the command, its seed, games played (written in the file).
    about: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._memo: dict[tuple[str, int, int], float] = {}

    def value(self, tiles: str, wilds: int, stage: int) -> float:
        """What keeping `tiles` (letter tiles) with `wilds` wilds is worth at `stage`, in
        dollars beyond what the sampled futures say."""
        # Remembered as asked too (a rollout asks hundreds of thousands of times, and sorting
        # was most of a remembered answer): any (tiles, wilds, stage) has the value of (sorted
        # tiles, wild bucket, stage), so one memory holds both.
        memo = self._memo
        asked = (tiles, wilds, stage)
        found = memo.get(asked)
        if found is None:
            if len(memo) >= MEMO_LIMIT:  # one table serves every game of a process
                memo.clear()
            key = ("".join(sorted(tiles)), wild_bucket(wilds), stage)
            found = memo.get(key)
            if found is None:
                found = memo[key] = self.factored(*key) + self.values.get(key, 0.0)
            memo[asked] = found
        return found

    def factored(self, tiles: str, wilds: int, stage: int) -> float:
        """The factored part of a leave's value (without its own correction)."""
        # `features`, without building its dict: the same terms in the same order (so the same
        # sum to the last bit), for a rollout asks about tens of thousands of new leaves a game.
        get = self.weights.get
        counts: dict[str, int] = {}
        for letter in tiles:
            counts[letter] = counts.get(letter, 0) + 1
        vowels = sum(counts.get(vowel, 0) for vowel in VOWELS)
        terms = [get((stage, "length", str(min(len(tiles), LENGTHS - 1))), 0.0),
                 get((stage, "vowels", str(min(vowels, VOWEL_COUNTS - 1))), 0.0),
                 get((stage, "wilds", str(wild_bucket(wilds))), 0.0)]
        for letter, count in counts.items():
            terms.append(get((stage, "letters", letter), 0.0) * count)
            if count > 1:
                terms.append(get((stage, "repeats", letter), 0.0) * (count - 1))
        return sum(terms)

    def __len__(self) -> int:
        """How many values the table holds (factored ones and corrections)."""
        return len(self.weights) + len(self.values)

    # ------------------------------------------------------------------ files

    def to_json(self) -> str:
        """The table as JSON text: per stage, each part's values; then the corrections, one a
        line, sorted, so a rebuild diffs cleanly."""
        stages = []
        for stage in range(STAGES):
            parts: dict[str, dict[str, float]] = {part: {} for part in PARTS}
            for (at, part, key), value in sorted(self.weights.items()):
                if at == stage:
                    parts[part][key] = round(value, 2)
            stages.append("    " + json.dumps(parts))
        rows = [f"    [{json.dumps(leave)}, {bucket}, {stage}, {round(value, 2)}]"
                for (leave, bucket, stage), value in sorted(self.values.items())]
        head = json.dumps({"format": FORMAT, "max_leave": self.max_leave, "about": self.about},
                          indent=2)
        return (head[:-2] + ',\n  "stages": [\n' + ",\n".join(stages) + "\n  ],\n"
                + '  "values": [\n' + ",\n".join(rows) + "\n  ]\n}\n")

    def save(self, path: str | Path) -> None:
        """Write the table to `path`."""
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "the leave table") -> LeaveTable:
        """Read a table from JSON text; LeaveTableError (naming `source`, and the field that
        does not fit) if it is not one."""
        try:
            form = _DECODER.decode(text)
        except msgspec.ValidationError as error:
            message, at, where = str(error).rpartition(" - at `$")
            field = where.rstrip("`").lstrip(".") if at else ""
            why = f"{message[:1].lower()}{message[1:]}" if at else str(error)
            raise LeaveTableError(f"{source} is not a leave table of format {FORMAT}: "
                                  + (f"its {field}: {why}" if field else why)) from None
        except (msgspec.DecodeError, RecursionError) as error:
            raise LeaveTableError(f"{source} is not a leave table ({error})") from None
        weights = {(stage, part, key): value for stage, parts in enumerate(form.stages)
                   for part in PARTS for key, value in getattr(parts, part).items()}
        values = {(leave, bucket, stage): value for leave, bucket, stage, value in form.values}
        return cls(weights, values, form.max_leave, form.about)

    @classmethod
    def load(cls, path: str | Path) -> LeaveTable:
        """Read the table saved in `path`; LeaveTableError if it cannot be read."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise LeaveTableError(f"cannot read {str(path)!r}: {error.strerror}") from None
        return cls.from_json(text, repr(str(path)))

    @classmethod
    def bundled(cls) -> LeaveTable | None:
        """The table shipped with the game (`data/leaves.json`), or None if there is none."""
        try:
            text = resources.files("buyword.data").joinpath(BUNDLED).read_text("utf-8")
        except (FileNotFoundError, OSError):
            return None
        return cls.from_json(text, BUNDLED)


# ---------------------------------------------------------------------- fitting


def fit(turns: Iterable[Turn], full: int, max_leave: int = 3, smoothing: float = 20.0,
        about: Mapping[str, object] | None = None, ridge: float = RIDGE) -> LeaveTable:
    """Fit a table to turns (kept tiles, wilds, tiles in the bag, shortfall in dollars) of
    games whose bag starts with `full` tiles.

    Each shortfall is first taken relative to the mean of the turns with about as many tiles
    in the bag: what a round makes at that point of the game is the same for every option of
    a decision, and leaves kept early would otherwise be credited with it. The factored values
    are a least-squares fit of that (ridge-penalised by `ridge` turns). Then each leave of at
    most `max_leave` letters gets the mean of what its turns fell short by after the factored
    value, shrunk towards 0 with the weight of `smoothing` turns. ValueError if `ridge` is
    not positive (the parts overlap: every leave has a length, so without a penalty the fit
    has no single answer).
    """
    if ridge <= 0:
        raise ValueError(f"the fit's ridge penalty must be positive, not {ridge!r}")
    bands: dict[int, list[float]] = {}
    rows = []
    for tiles, wilds, bag, result in turns:
        rows.append((tiles, wilds, bag, result, stage_of(bag, full)))
        band = bands.setdefault(bag // BAG_STEP, [0.0, 0])
        band[0] += result
        band[1] += 1
    design = []
    for tiles, wilds, bag, result, stage in rows:
        total, count = bands[bag // BAG_STEP]
        design.append((features(tiles, wilds, stage), result - total / count))
    solved = _ridge(design, ridge)
    table = LeaveTable(solved, {}, max_leave, dict(about or {}))
    credit: dict[tuple[str, int, int], list[float]] = {}
    for (tiles, wilds, _, _, stage), (found, relative) in zip(rows, design, strict=True):
        if len(tiles) > max_leave:
            continue
        predicted = sum(solved[feature] * times for feature, times in found.items())
        entry = credit.setdefault(("".join(sorted(tiles)), wild_bucket(wilds), stage),
                                  [0.0, 0])
        entry[0] += relative - predicted
        entry[1] += 1
    table.values = {key: total / (count + smoothing)
                    for key, (total, count) in credit.items() if total}
    return table


def fit_contrasts(contrasts: Iterable[Sequence[Turn]], full: int,
                  about: Mapping[str, object] | None = None, ridge: float = RIDGE) -> LeaveTable:
    """Fit a table to decisions weighed by rollouts: each contrast is one decision's options,
    each as a turn (the tiles it keeps, wilds, tiles in the bag, and the dollars by which the
    rollouts valued it above the futures' judgement of it), in a bag starting with `full`.

    Only the differences between the options of one decision are fitted: what they share (the
    money already made, the luck still to come) says nothing about what keeping tiles is worth,
    and the options are what the table will be asked to tell apart. These are counterfactual
    targets: each leave is measured against the others the player could have kept, on the same
    sampled futures, not only the leaves it chose. The factored values are fitted (ridge-
    penalised by `ridge` rows); short leaves get no correction of their own.
    """
    if ridge <= 0:
        raise ValueError(f"the fit's ridge penalty must be positive, not {ridge!r}")
    design: list[tuple[dict[Feature, float], float]] = []
    for contrast in contrasts:
        if len(contrast) < 2:
            continue  # one option: nothing to tell apart
        found = [features(tiles, wilds, stage_of(bag, full)) for tiles, wilds, bag, _ in contrast]
        share = 1.0 / len(contrast)
        centre: dict[Feature, float] = {}
        for option in found:
            for feature, times in option.items():
                centre[feature] = centre.get(feature, 0.0) + times * share
        mean = sum(result for *_, result in contrast) * share
        for option, (*_, result) in zip(found, contrast, strict=True):
            row = {feature: option.get(feature, 0.0) - middle
                   for feature, middle in centre.items()}
            design.append(({f: times for f, times in row.items() if times}, result - mean))
    return LeaveTable(_ridge(design, ridge), {}, 0, dict(about or {}))


def _ridge(design: list[tuple[dict[Feature, float], float]],
           penalty: float) -> dict[Feature, float]:
    """Least squares with a ridge penalty: the weights minimising the squared error of
    `design`'s rows (features, target) plus `penalty` times the squared weights."""
    index: dict[Feature, int] = {}
    for found, _ in design:
        for feature in found:
            index.setdefault(feature, len(index))
    size = len(index)
    normal = [[0.0] * size for _ in range(size)]
    target = [0.0] * size
    for found, result in design:
        entries = [(index[feature], times) for feature, times in found.items()]
        for i, times_i in entries:
            target[i] += times_i * result
            row = normal[i]
            for j, times_j in entries:
                row[j] += times_i * times_j
    for i in range(size):
        normal[i][i] += penalty
    solution = _solve(normal, target)
    return {feature: solution[i] for feature, i in index.items()}


def _solve(matrix: list[list[float]], target: list[float]) -> list[float]:
    """Solve `matrix` x = `target` for a symmetric positive definite matrix (elimination;
    the ridge penalty keeps the pivots away from 0). Changes both arguments."""
    size = len(target)
    for i in range(size):
        pivot_row = matrix[i]
        pivot = pivot_row[i]
        for r in range(i + 1, size):
            factor = matrix[r][i] / pivot
            if factor:
                row = matrix[r]
                for c in range(i, size):
                    row[c] -= factor * pivot_row[c]
                target[r] -= factor * target[i]
    solution = [0.0] * size
    for i in range(size - 1, -1, -1):
        row = matrix[i]
        solution[i] = (target[i] - sum(row[c] * solution[c] for c in range(i + 1, size))) / row[i]
    return solution
