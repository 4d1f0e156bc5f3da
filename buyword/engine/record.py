"""The game record: rules, players, seed, bag order and every action, which replays.

It is written as JSON, and read back, by the typed codec outside the engine
(`buyword.store.codec`); `RECORD_FORMAT` is the format's version."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
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


    def redealt(self, dictionary: Dictionary, seed: int, rules: Rules) -> Game:
        """The game this record's decisions make on a fresh deal: `seed` and `rules` (not the
        record's), the bag and every roll of the die drawn from the seed, and `dictionary`
        (not the record's rulings) judging every word. What the record honestly earns on
        that deal, whatever its file says of bags, dice and rulings. RecordError if one of
        its decisions cannot be made there.
        """
        if isinstance(dictionary, _Ruled):
            dictionary = dictionary.dictionary
        decisions = tuple("roll" if action.split()[:1] == ["roll"] else action
                          for action in self.actions)
        return replace(self, seed=seed, rules=rules, bag="", actions=decisions, rulings={},
                       themes=(), theme_rulings={}, grid=None).replay(dictionary)


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
