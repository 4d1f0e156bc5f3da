"""The game record: rules, players, seed, bag order and every action, as JSON that replays."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from buyword.engine.errors import BuyWordError, RecordError, quoted
from buyword.engine.rules import Rules
from buyword.engine.themes import Themes

if TYPE_CHECKING:  # the game is loaded to replay, not to read a record (start-up reads some)
    from buyword.engine.crossword import Grid
    from buyword.engine.dictionary import Dictionary
    from buyword.engine.game import Game

#: The record format's version; readers migrate older versions and refuse newer ones.
RECORD_FORMAT = 1


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game exactly: chance outcomes are written out."""

    players: tuple[str, ...]
    seed: int
    rules: Rules
    bag: str
    actions: tuple[str, ...]
    leader: int = 0
    meta: dict[str, object] = field(default_factory=dict, compare=False)
    #: The dictionary's verdict on each challenged word (lower case), as the game ruled.
    rulings: dict[str, bool] = field(default_factory=dict)
    #: Themed games: each round's theme as played (the rules say which themes and how), and
    #: the theme lists' verdict on each challenged word, as "theme:word".
    themes: tuple[str, ...] = ()
    theme_rulings: dict[str, bool] = field(default_factory=dict)
    #: The crossword variant: the grid the actions built, written out so a record shows the
    #: table's words (a replay checks it); None in other games.
    grid: Grid | None = field(default=None, compare=False)

    @classmethod
    def of(cls, game: Game, **meta: object) -> GameRecord:
        """The record of a game so far."""
        return cls(
            game.names, game.seed, game.rules, game.start_bag, tuple(game.actions),
            game.first_leader, dict(meta), dict(game.rulings), tuple(game.round_themes),
            dict(game.theme_rulings), game.grid if game.rules.crossword else None,
        )

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (see `from_dict`)."""
        return {
            "format": RECORD_FORMAT,
            "players": list(self.players),
            "seed": self.seed,
            "leader": self.leader,
            "rules": self.rules.to_dict(),
            "bag": self.bag,
            "actions": list(self.actions),
            "rulings": self.rulings,
            "meta": self.meta,
        } | self._theme_dict() | self._grid_dict()

    def _grid_dict(self) -> dict[str, object]:
        """The crossword grid, as tiles and as a picture to read; nothing in other games."""
        if self.grid is None:
            return {}
        return {"grid": self.grid.to_dict() | {"picture": self.grid.picture().splitlines()}}

    def _theme_dict(self) -> dict[str, object]:
        """The themes played and their rulings; nothing for an unthemed game (older readers
        then see exactly the record they know)."""
        if not self.themes:
            return {}
        return {"themes": list(self.themes), "theme_rulings": self.theme_rulings}

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record; RecordError says what is wrong with a malformed one."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        version = data.get("format")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError("this is not a BuyWord game record (no format version)")
        if version > RECORD_FORMAT:
            raise RecordError(
                f"this game was saved by a newer BuyWord (format {version}; this one reads "
                f"up to {RECORD_FORMAT})"
            )
        try:
            players = tuple(str(p) for p in data["players"])
            actions = tuple(data["actions"])
            if not all(isinstance(a, str) for a in actions):
                raise RecordError("the record's actions must be text")
            rules = Rules.from_dict(data.get("rules", {}))
            seed, bag, leader = data["seed"], data["bag"], data.get("leader", 0)
            if not isinstance(seed, int) or not isinstance(bag, str) or not isinstance(leader, int):
                raise RecordError("the record's seed, bag or leader has the wrong type")
            meta = data.get("meta", {})
            rulings = data.get("rulings", {})
            if not isinstance(rulings, dict) or not all(
                isinstance(w, str) and isinstance(v, bool) for w, v in rulings.items()
            ):
                raise RecordError("the record's challenge rulings must map words to true/false")
            themes, theme_rulings = _read_themes(data)
            grid = _read_grid(data.get("grid"))
            return cls(players, seed, rules, bag, actions, leader,
                       meta if isinstance(meta, dict) else {}, rulings, themes, theme_rulings,
                       grid)
        except KeyError as missing:
            raise RecordError(f"the game record has no {missing.args[0]!r}") from None
        except (TypeError, ValueError) as error:
            if isinstance(error, RecordError):
                raise
            raise RecordError(f"the game record is malformed: {error}") from None

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the game record is not valid JSON ({error.msg})") from None
        return cls.from_dict(data)

    def replay(self, dictionary: Dictionary, upto: int | None = None,
               themes: Themes | None = None) -> Game:
        """The game after its first `upto` actions (all by default). RecordError if one fails.

        A themed game needs `themes`, the theme lists (e.g. `buyword.words.themes.ThemeBook`).
        """
        from buyword.engine.game import Game

        if self.rulings:
            dictionary = _Ruled(dictionary, self.rulings)
        if self.theme_rulings and themes is not None:
            themes = _RuledThemes(themes, self.theme_rulings)
        try:
            game = Game.new(list(self.players), dictionary=dictionary, seed=self.seed,
                            rules=self.rules, bag=self.bag, leader=self.leader, themes=themes)
        except BuyWordError as error:
            raise RecordError(f"the game record cannot be set up: {error}") from None
        for number, action in enumerate(self.actions[:upto], start=1):
            try:
                game.apply(action)
            except BuyWordError as error:
                raise RecordError(
                    f"action {number} ({quoted(action)}) no longer replays: {error}"
                ) from None
        if upto is None and self.grid is not None and game.grid != self.grid:
            raise RecordError("the record's crossword grid differs from the one its actions build")
        played = tuple(game.round_themes)
        if upto is None and self.themes and played != self.themes:
            raise RecordError(
                f"the record's round themes ({', '.join(self.themes)}) differ from the ones "
                f"its seed draws ({', '.join(played)})"
            )
        return game


class _Ruled:
    """A dictionary whose verdicts on challenged words are the ones the game made."""

    def __init__(self, dictionary: Dictionary, rulings: dict[str, bool]) -> None:
        self.dictionary = dictionary
        self.rulings = rulings

    def is_word(self, word: str) -> bool:
        """The recorded ruling for a challenged word; the dictionary for any other."""
        ruling = self.rulings.get(word)
        return self.dictionary.is_word(word) if ruling is None else ruling


class _RuledThemes:
    """Theme lists whose verdicts on challenged words are the ones the game made."""

    def __init__(self, themes: Themes, rulings: dict[str, bool]) -> None:
        self.themes = themes
        self.rulings = rulings

    def fits(self, word: str, theme: str) -> bool:
        """The recorded ruling for a challenged word; the theme lists for any other."""
        ruling = self.rulings.get(f"{theme}:{word}")
        return self.themes.fits(word, theme) if ruling is None else ruling

    def kind(self, theme: str) -> str:
        """What a word of the theme is, from the theme lists."""
        return self.themes.kind(theme)


def _read_themes(data: dict[str, object]) -> tuple[tuple[str, ...], dict[str, bool]]:
    """A record's round themes and theme rulings (absent in unthemed and older records)."""
    themes = data.get("themes", [])
    rulings = data.get("theme_rulings", {})
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        raise RecordError("the record's round themes must be a list of theme names")
    if not isinstance(rulings, dict) or not all(
        isinstance(w, str) and isinstance(v, bool) for w, v in rulings.items()
    ):
        raise RecordError("the record's theme rulings must map words to true/false")
    return tuple(themes), rulings


def _read_grid(data: object) -> Grid | None:
    """A record's crossword grid (absent in other games and in older records)."""
    if data is None:
        return None
    # Loaded only here: a record of another game (the title reads a save's) needs no grid.
    from buyword.engine.crossword import Grid

    if isinstance(data, dict):
        data = {key: value for key, value in data.items() if key != "picture"}
    return Grid.from_dict(data)
