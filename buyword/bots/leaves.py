"""Leave values learned by self-play: what keeping some tiles is worth, beyond what they sell for.

The way strong Scrabble engines value a leave: play many games, and for every turn note the
tiles a player kept and how much money that player made over the next rounds; a leave's value
is the mean result of the turns that kept it, minus the mean of all turns that kept as many
tiles (at the same stage of the bag and with as many wilds): how many tiles to keep is judged
by the sampled futures (`buyword.bots.levels`), the table says which letters are worth it.
`buyword train` (in `buyword.table.train`) plays the games and fits the table; this module is
the table itself, plain data a computer player reads.

To stay small enough to ship, the table holds leaves of at most `max_leave` letters. A turn that
kept more counts towards each of its distinct sub-leaves of that size, and a long leave is
valued as the mean of those sub-leaves' values: the estimate the fit itself made. A leave seen
rarely is pulled towards the mean of its own sub-leaves (one letter fewer), so a few lucky
turns cannot give it a large value.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations
from pathlib import Path

#: Stages of the bag: more than two thirds full, more than a third, the rest.
STAGES = 3

#: Wild counts told apart: none, one, two or more.
WILD_BUCKETS = 3

#: The bundled table's file name in `buyword.data`.
BUNDLED = "leaves.json"

#: The file format's version, written in every table file.
FORMAT = 1


class LeaveTableError(ValueError):
    """A leave table file that cannot be read (not JSON, or not a table of this format)."""


def stage_of(bag_size: int, full: int) -> int:
    """The stage of the bag (0 early, 1 middle, 2 late) when it holds `bag_size` of `full`."""
    if full <= 0 or bag_size * 3 > full * 2:
        return 0
    return 1 if bag_size * 3 > full else 2


def wild_bucket(wilds: int) -> int:
    """The wild count as the table tells it apart: 0, 1, or 2 for two and more."""
    return min(max(wilds, 0), WILD_BUCKETS - 1)


def sub_leaves(tiles: str, size: int) -> list[str]:
    """The distinct sub-multisets of `size` letters of the tiles (each sorted); the tiles
    themselves, sorted, when they are no more than `size`."""
    key = "".join(sorted(tiles))
    if len(key) <= size:
        return [key]
    return sorted({"".join(chosen) for chosen in combinations(key, size)})


@dataclass
class LeaveTable:
    """Dollar values of kept leaves, by (sorted letters, wild bucket, stage of the bag)."""

    #: (leave, wild bucket, stage) -> value in dollars, relative to an average turn
    values: dict[tuple[str, int, int], float]
    #: The longest leave the table holds; longer ones are valued from their sub-leaves.
    max_leave: int = 3
    #: How the table was made: the command, its seed, games played (written in the file).
    about: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._memo: dict[tuple[str, int, int], float] = {}

    def value(self, tiles: str, wilds: int, stage: int) -> float:
        """What keeping `tiles` (letter tiles) with `wilds` wilds is worth at `stage`."""
        key = ("".join(sorted(tiles)), wild_bucket(wilds), stage)
        found = self._memo.get(key)
        if found is None:
            leaves = sub_leaves(key[0], self.max_leave)
            found = sum(self._held(leave, key[1], stage) for leave in leaves) / len(leaves)
            self._memo[key] = found
        return found

    def _held(self, leave: str, bucket: int, stage: int) -> float:
        """A leave of at most `max_leave` letters: its value, or for one the games never
        kept, the mean of its sub-leaves' (0 for nothing kept)."""
        found = self.values.get((leave, bucket, stage))
        if found is not None:
            return found
        if not leave:
            return 0.0
        smaller = sub_leaves(leave, len(leave) - 1)
        return sum(self._held(s, bucket, stage) for s in smaller) / len(smaller)

    def __len__(self) -> int:
        """How many leaves the table holds."""
        return len(self.values)

    # ------------------------------------------------------------------ files

    def to_json(self) -> str:
        """The table as JSON text (one entry per line, sorted, so a rebuild diffs cleanly)."""
        rows = [f'    ["{leave}", {bucket}, {stage}, {round(value, 2)}]'
                for (leave, bucket, stage), value in sorted(self.values.items())]
        head = json.dumps({"format": FORMAT, "max_leave": self.max_leave, "about": self.about},
                          indent=2)
        return head[:-2] + ',\n  "values": [\n' + ",\n".join(rows) + "\n  ]\n}\n"

    def save(self, path: str | Path) -> None:
        """Write the table to `path`."""
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def from_json(cls, text: str, source: str = "the leave table") -> LeaveTable:
        """Read a table from JSON text; LeaveTableError (naming `source`) if it is not one."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise LeaveTableError(f"{source} is not a leave table of format {FORMAT}")
            values = {(str(leave), int(bucket), int(stage)): float(value)
                      for leave, bucket, stage, value in data["values"]}
            return cls(values, int(data["max_leave"]), dict(data.get("about", {})))
        except LeaveTableError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise LeaveTableError(f"{source} is not a leave table ({error})") from None

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


def fit(turns: Iterable[tuple[str, int, int, float]], max_leave: int = 3,
        smoothing: float = 20.0, about: Mapping[str, object] | None = None) -> LeaveTable:
    """Fit a table from turns (kept tiles, wilds, stage, dollars made over the next rounds).

    Each turn's result less the mean of the turns at its stage and wild bucket that kept as
    many tiles is credited
    to each distinct sub-leave of `max_leave` letters of what it kept (to the whole leave if
    shorter). A leave's value is the mean credit, shrunk towards the mean of its sub-leaves'
    values with the weight of `smoothing` turns.
    """
    rows = [(tiles, wild_bucket(wilds), stage, result) for tiles, wilds, stage, result in turns]
    # Turns are compared with those that kept as many tiles: how many to keep is what the
    # sampled futures judge; the table learns which letters are worth keeping.
    sums: dict[tuple[int, int, int], list[float]] = {}
    for tiles, bucket, stage, result in rows:
        total = sums.setdefault((bucket, stage, len(tiles)), [0.0, 0])
        total[0] += result
        total[1] += 1
    credit: dict[tuple[str, int, int], list[float]] = {}
    for tiles, bucket, stage, result in rows:
        total, count = sums[(bucket, stage, len(tiles))]
        residual = result - total / count
        leaves = sub_leaves(tiles, max_leave)
        for leave in leaves:
            entry = credit.setdefault((leave, bucket, stage), [0.0, 0])
            entry[0] += residual
            entry[1] += 1
    table = LeaveTable({}, max_leave, dict(about or {}))
    # Shortest leaves first: each leave's prior is the value of its sub-leaves, already fitted
    # (or, for those no turn kept, valued from their own sub-leaves).
    for key in sorted(credit, key=lambda k: (len(k[0]), k)):
        leave, bucket, stage = key
        total, count = credit[key]
        prior = 0.0
        if leave:
            smaller = sub_leaves(leave, len(leave) - 1)
            prior = sum(table._held(s, bucket, stage) for s in smaller) / len(smaller)
        table.values[key] = (total + smoothing * prior) / (count + smoothing)
    return table
