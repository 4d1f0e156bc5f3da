"""What a new game is set up with: the seats (people and computer levels), rules, dictionary, tile
set, theme, variants, hints, the coach and privacy. The one setup model: the new-game form
fills a `GameSetup`, the command line and the host build one, the table session plays it, a
saved game carries it in its `meta` (`to_meta` / `from_meta`), and the player's settings keep
the default one (`buyword.store.settings`).

The choices the form offers are named here (`TILE_LIMIT_CHOICES`, `WORD_LENGTHS`), and
`problems` checks values against them, so nothing is kept that the form could not show.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, cast

from buyword.engine import VARIANTS, BuyWordError, Rules, TileSet, TileSetError, default_tiles
from buyword.store.codec import Plain, convert, form_of, given, plain
from buyword.store.tiles import read_tiles, tiles_data, tiles_from

if TYPE_CHECKING:
    from buyword.store.saves import SavedGame


class DictionaryChoice(StrEnum):
    """Which word list decides what may be sold."""

    BUNDLED = "bundled"
    COMMON = "common"
    FILE = "file"


#: Dictionary choices: the bundled list, its common words only, or a word-list file.
DICTIONARIES: tuple[str, ...] = tuple(choice.value for choice in DictionaryChoice)
#: The tile limits the form offers (None: no limit).
TILE_LIMIT_CHOICES: tuple[int | None, ...] = (8, 10, None)
#: The shortest words the form offers.
WORD_LENGTHS: tuple[int, ...] = (2, 3, 4, 5)

#: The longest name a seat shows (the form allows 12; the command line is cut to this).
NAME_LENGTH = 20


#: The `theme` setting for a new theme each round (drawn from all the bundled themes).
EACH_ROUND = "each-round"

#: The variants by name.
_VARIANTS = {v.name: v for v in VARIANTS}


def table_name(text: str) -> str:
    """A name as a seat keeps it: control and invisible format characters go, and it is cut
    to NAME_LENGTH. (Screens show it as text, brackets and all: see `buyword.ui.text`.)"""
    kept = []
    for char in text:
        kind = unicodedata.category(char)
        if kind in ("Zl", "Zp") or char in "\t\n\r":
            kept.append(" ")
        elif kind not in ("Cc", "Cf", "Cs"):
            kept.append(char)
    name = " ".join("".join(kept).split())[:NAME_LENGTH].strip()
    return name or "Player"


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a name, and a computer level (None for a person).

    The name is made safe to show (see `table_name`) whatever was typed or passed in.
    """

    name: str
    level: str | None = None

    def __post_init__(self) -> None:
        """Names typed or passed in lose control characters and are cut to length."""
        object.__setattr__(self, "name", table_name(self.name))

    @property
    def human(self) -> bool:
        """True when a person plays this seat."""
        return self.level is None

    @property
    def label(self) -> str:
        """The name as the table shows it: computers carry their level."""
        return self.name if self.human else f"{self.name} ({self.level})"


@dataclass(frozen=True)
class GameSetup:
    """Everything chosen before a game starts; `seed` None means "pick one and show it"."""

    seats: tuple[Seat, ...] = (Seat("You"),)
    seed: int | None = None
    tile_limit: int | None = 8
    min_word_length: int = 2
    dictionary: DictionaryChoice = DictionaryChoice.BUNDLED
    word_file: str = ""
    challenge: bool = False
    hints: bool = False
    #: The coach: Master weighs each person's decisions as they play (docs/review.md, "Coach").
    coach: bool = False
    private_hands: bool = True
    #: Family words (docs/playing.md): the offensive words are left out of the dictionary, so
    #: no computer sells one and a person's is refused by name. On for a new game; a save from
    #: before the setting had none (it was played with the full list).
    family_words: bool = True
    #: The front of the bag, stacked (tests and puzzles); the seed shuffles the rest.
    bag: str | None = None
    #: The tile-set file the player named ("" for the bundled set), and the set read from it.
    tiles_file: str = ""
    tiles: TileSet | None = None
    #: Themes (docs/rules.md, Themes): "" for none, a theme's name for one all game, or EACH_ROUND.
    theme: str = ""
    #: The table variants played (docs/variants.md), by name (`buyword.engine.VARIANTS`).
    variants: tuple[str, ...] = ()
    #: The guided first game ("Learn to play", `buyword.table.lessons`): its table teaches
    #: lesson by lesson, and its money is not scored.
    lesson: bool = False

    def __post_init__(self) -> None:
        """Variants are kept in the registry's order, each once; an unknown name is refused,
        and so is a coach setting that is not true or false."""
        if not isinstance(self.coach, bool):
            raise BuyWordError(f"the coach is on or off (true or false), not {self.coach!r}")
        if not isinstance(self.family_words, bool):
            raise BuyWordError("family words are on or off (true or false), not "
                               f"{self.family_words!r}")
        known = [v.name for v in VARIANTS]
        unknown = [name for name in self.variants if name not in known]
        if unknown:
            raise BuyWordError(f"{unknown[0]!r} is not a variant; choose from "
                               f"{', '.join(known)}")
        object.__setattr__(self, "variants",
                           tuple(name for name in known if name in self.variants))

    @property
    def humans(self) -> int:
        """How many seats people play."""
        return sum(seat.human for seat in self.seats)

    @property
    def solo(self) -> bool:
        """A one-seat game, rated against the rulebook's $800 / $900 / $1000."""
        return len(self.seats) == 1

    @property
    def challenge_allowed(self) -> bool:
        """Challenge mode needs two or more players (people or computers) to challenge."""
        return len(self.seats) >= 2

    def plays(self, variant: str) -> bool:
        """Whether this setup plays the variant named `variant` (at a table it fits)."""
        return variant in self.variants and (
            len(self.seats) >= 2 or not _VARIANTS[variant].needs_table)

    def table_problem(self) -> str:
        """Why this table is too small for a variant chosen ("" if it is not): the rules'
        own refusal."""
        chosen = Rules().with_variants(self.variants)
        return chosen.table_problem(len(self.seats)) or ""

    def coach_problem(self) -> str:
        """Why the coach cannot be on in this game ("" if it can, or it is off): a variant
        or themes Master's rollouts do not play (`Rules.unmodelled`)."""
        missing = self.rules().unmodelled() if self.coach else None
        if missing is None:
            return ""
        return (f"the coach cannot weigh a game with {missing} (Master's rollouts play the "
                "printed rules only)")

    @property
    def hand_off(self) -> bool:
        """Whether the screen is handed between people (private hands with 2+ people)."""
        return self.private_hands and self.humans >= 2

    def rules(self) -> Rules:
        """The engine's rule settings for this setup."""
        themes, each_round = self._themes()
        return Rules(
            tile_limit=self.tile_limit,
            min_word_length=self.min_word_length,
            challenge_mode=self.challenge and self.challenge_allowed,
            tiles=self.tiles or default_tiles(),
            themes=themes,
            theme_each_round=each_round,
        ).with_variants(v.name for v in VARIANTS if self.plays(v.name))

    @classmethod
    def from_rules(cls, rules: Rules, seats: tuple[Seat, ...], seed: int | None = None
                   ) -> GameSetup:
        """The setup that plays `rules` at these seats: every setting a setup holds is read
        from the rules (tile limit, shortest word, challenge, tile set, theme, variants)."""
        theme = EACH_ROUND if rules.theme_each_round else (rules.themes[0] if rules.themes
                                                             else "")
        return cls(seats=seats, seed=seed, tile_limit=rules.tile_limit,
                   min_word_length=rules.min_word_length, challenge=rules.challenge_mode,
                   tiles=None if rules.tiles == default_tiles() else rules.tiles, theme=theme,
                   variants=tuple(v.name for v in VARIANTS if getattr(rules, v.name)),
                   family_words=False)  # the rules do not say: the full list, as before it

    def _themes(self) -> tuple[tuple[str, ...], bool]:
        """The rules' theme settings for the `theme` chosen: the themes, and whether one is
        drawn each round."""
        if not self.theme:
            return (), False
        if self.theme != EACH_ROUND:
            return (self.theme,), False
        from buyword.words.themes import THEMES

        return tuple(theme.name for theme in THEMES), True

    def with_seed(self, seed: int | None) -> GameSetup:
        """The same setup with this seed (None: a fresh random one when the game starts)."""
        return replace(self, seed=seed)

    def with_levels(self, levels: tuple[str | None, ...]) -> GameSetup:
        """The setup with the seats as a save's per-seat computer `levels` stand: a seat
        handed to a computer during play keeps that computer. A person's seat never comes
        back from a computer, so a None (or a missing level, in an older save) keeps the
        seat as the setup had it."""
        seats = tuple(replace(seat, level=levels[i]) if i < len(levels) and levels[i] else seat
                      for i, seat in enumerate(self.seats))
        return replace(self, seats=seats)

    def to_meta(self) -> dict[str, Any]:
        """A JSON-ready form for a game record's `meta` (read back by `from_meta`)."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["tiles"] = None if self.tiles is None else tiles_data(self.tiles)
        return cast(dict[str, Any], plain(SetupForm(**values)))

    @classmethod
    def from_meta(cls, data: object) -> GameSetup:
        """Rebuild a setup from `to_meta` output; unknown keys are ignored, a value of the
        wrong type is refused by name (RecordError). A save from before the variants were one
        list has a true/false key for each (`auction: true`); one from before the coach has
        none (the coach is off), and one from before family words was played with the full
        list (family words off)."""
        values = given(convert(data, SetupForm, "the saved setup"))
        values.setdefault("family_words", False)  # played before the setting: the full list
        if "variants" not in values and isinstance(data, dict):
            values["variants"] = tuple(v.name for v in VARIANTS if data.get(v.name) is True)
        if values.get("tiles") is not None:
            values["tiles"] = tiles_from(values["tiles"], "the saved setup's tile set")
        return cls(**values)


#: A setup as a save's meta keeps it: every field of `GameSetup`, the tile set in its file's
#: layout.
SetupForm = form_of(GameSetup, "SetupForm", {"tiles": Plain | None})


def load_tiles(path: str) -> TileSet | None:
    """The tile set in a TOML file (None for a blank path: the bundled set).

    Raises TileSetError, in a player's words, for any file that cannot be used.
    """
    if not path.strip():
        return None
    try:
        return read_tiles(path.strip())
    except ValueError as error:  # TileSetError, or a path the system cannot take at all
        if isinstance(error, TileSetError):
            raise
        raise TileSetError(f"cannot read tile set {path!r}: {error}") from None


def custom_tiles(rules: Rules) -> str:
    """The name of the game's tile set if it is not the bundled one, else ''."""
    return "" if rules.tiles == default_tiles() else rules.tiles.name


def setup_of(saved: SavedGame) -> GameSetup:
    """The setup a saved game was played with, to resume or review it by: its own, with the
    seats as they stood when saved (a seat handed to a computer stays the computer's), or,
    for an old or hand-edited save, one rebuilt from the record's rules, which carry every
    rule of the game."""
    record = saved.record
    try:
        setup = GameSetup.from_meta(saved.options["setup"])
        if len(setup.seats) == len(record.players) and setup.seed in (None, record.seed):
            return setup.with_seed(record.seed).with_levels(saved.bots)
    except Exception:  # an old or hand-edited save: fall back to what the record says
        pass
    seats = tuple(Seat(name, saved.bot(seat)) for seat, name in enumerate(record.players))
    return GameSetup.from_rules(record.rules, seats, seed=record.seed)
