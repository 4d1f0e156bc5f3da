"""Rule settings: every number of docs/rules.md lives here or in the tile-set data, not in code."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from buyword.engine.errors import BuyWordError
from buyword.engine.tiles import TileSet, default_tiles

#: The die's face that lets the leader choose the draw count.
CHOICE = "choice"

#: Tile-limit settings a table may choose (docs/rules.md, "Rule settings"); None: no limit.
TILE_LIMITS: tuple[int | None, ...] = (8, 10, None)

class Variant(NamedTuple):
    """One table variant, as the engine, the new-game form, the command line, `buyword sim`
    and the rules page name it. (A named tuple: the rules load with the title, and one is a
    fifth of a dataclass to make.)"""

    #: The `Rules` field that turns it on (and the setup's).
    name: str
    #: As `--variant` takes it: "trade-money".
    option: str
    #: The new-game form's check box: "Trade with money".
    label: str
    #: In a player's words, in a sentence: "trade with money".
    words: str
    #: One line saying what it changes.
    help: str
    #: How it plays, in a sentence or two (help's Variants page, the palette, `--help`).
    how: str
    #: Its rules on one page (Markdown): help's Variants page and the new-game form's F1.
    page: str
    #: Whether it needs two or more players at the table (a solo game cannot play it).
    needs_table: bool = False
    #: Whether Master's rollouts play it out (if not, Master plays it as Expert does).
    in_rollouts: bool = False


#: The table variants, in the order the form and the help list them. Adding a variant is one
#: entry here (and a `Rules` field of its name) plus its rules.
VARIANTS: tuple[Variant, ...] = (
    Variant("auction", "auction", "Auction", "auction",
            "a draw may be offered for auction",
            "instead of buying or discarding your draw, put it up for auction: each other "
            "player bids once or passes, then you match the high bid or let the tiles go "
            "(the winner pays the bank)",
            """\
**Auction** *(2 or more players)*: a draw you would not buy at its price may still be worth
something to someone.

- **When.** At your buy turn you may put your whole draw up for auction (**A**) instead of
  buying or discarding it.
- **Bids.** Starting with the player to your left, each other player bids once or passes
  (**P**): a whole number of dollars, at least $1, more than the high bid, and no more than
  they hold. Type it and press **Enter**.
- **The seller decides last.** Match the high bid (**M**: you take the tiles and pay that
  amount) or let the high bidder have them at their bid (**P**).
- **Nobody bids?** The auction has failed: buy at the usual price, if you can afford it, or
  discard.
- **Money.** The winner pays the bank, never the seller. Tiles won join the winner's hand at
  once; their own draw is untouched.

Notation: `auction`, `bid N`, `pass`, `match`.
""",
            needs_table=True),
    Variant("trade", "trade", "Trade", "trade",
            "a trading step, swapping whole draws",
            "after the draw and before anyone buys, each player may offer one other player "
            "a swap of whole draws; they accept or decline",
            """\
**Trade** *(2 or more players)*: swap a draw you do not want for one you do.

- **When.** Once everyone has drawn, before anyone buys, comes a trading step. The draws lie
  face up, with their seat numbers, pips and prices.
- **Offers.** Starting with the leader and going left, each player may offer one other player
  a swap of their whole draws (type the seat number, **Enter**), or make no offer (**P**).
  Never single tiles.
- **Answers.** The player offered accepts (**Y**) or declines (**N**). An accepted swap is
  immediate, and a draw may change hands more than once.
- **Then buy as usual.** Each player buys or discards the draw they now hold.

Notation: `offer SEAT`, `accept`, `decline`, `pass`.
""",
            needs_table=True),
    Variant("trade_money", "trade-money", "Trade with money", "trade with money",
            "trading, and an offer may carry cash",
            "trades where money may change hands too: an offer of +$N you pay, or "
            "-$N they pay",
            """\
**Trade with money** *(2 or more players)*: the trading step, where an offer may carry cash.

- **Everything of Trade**: a trading step after the draw, one offer each from the leader to
  the left, whole draws only, accept (**Y**) or decline (**N**).
- **Cash.** An offer may add a payment: `2 +5` offers seat 2 a swap and you pay them $5;
  `2 -5` asks them to pay you $5. Nobody may pay more than they hold.
- **The one exception.** This is the only time money passes between players rather than to
  or from the bank.

Notation: `offer SEAT +N`, `offer SEAT -N`, `accept`, `decline`, `pass`.
""",
            needs_table=True),
    Variant("draft", "draft", "Tile draft", "tile draft",
            "the round's tiles are laid face up and picked in turn",
            "the leader lays everyone's tiles face up; in turn each player takes one until "
            "all are taken, then buys or discards the tiles taken",
            """\
**Tile draft**: everyone's tiles are laid face up, and you pick the ones you want.

- **The draw.** The leader draws the round's tiles for everyone (draw count × players) and
  lays them face up.
- **Picking.** Starting with the leader and going left, each player takes one tile in turn
  (type its letter) until all are taken. The order repeats every lap; it is not a snake.
- **Buying.** Each player then buys or discards the tiles they took, all or nothing, at
  (their pips)².
- **Solo.** You take every tile yourself: allowed, but a draft is at its best at a table.

Notation: `pick L`.
"""),
    Variant("crossword", "crossword", "Crossword", "crossword",
            "sold words stay on a shared grid and new words cross them",
            "sold words stay on the table in a grid; each new word crosses the words "
            "there, and its price counts the pips of the tiles it reuses",
            """\
**Crossword**: sold words stay on the table, and new words must cross them.

- **The grid.** One shared grid, unbounded in every direction. The first word starts it;
  every later word crosses the words already there.
- **Placing.** A word goes across or down in a straight line, reuses at least one tile on the
  table and lays at least one from your hand (one wild at most, as usual). Arrows or a click
  choose its first square; **Tab** turns it.
- **Paid.** Every word the placement forms or extends, across and down, must be a word, and
  each pays (its pips)², the reused tiles' pips included.
- **Tiles on the table** never go back to a hand and do not count toward the tile limit.

Notation: `sell WORD at ROW,COL across|down`.
"""),
)


def variant(name: str) -> Variant:
    """The variant whose `Rules` field or `--variant` name is `name`; KeyError if none."""
    for entry in VARIANTS:
        if name in (entry.name, entry.option):
            return entry
    raise KeyError(name)


def variant_names(text: str) -> tuple[str, ...]:
    """The `Rules` fields of a comma-separated list of variants as the command line spells
    them ("auction,trade-money"); a clear error naming any that is not a variant."""
    spelled = {entry.option: entry.name for entry in VARIANTS}
    names = [part.strip().lower() for part in (text or "").split(",") if part.strip()]
    unknown = [name for name in names if name not in spelled]
    if unknown:
        raise BuyWordError(f"{', '.join(map(repr, unknown))} is not a variant; "
                           f"use {', '.join(spelled)}")
    return tuple(dict.fromkeys(spelled[name] for name in names))


#: The largest number any rule setting may hold (dollars, tiles, letters): far beyond any
#: table, and bounded as a tile set's numbers are, so a hand-edited save cannot start a game
#: whose amounts overflow the screen.
MAX_SETTING = 1_000_000


def _whole(value: object, minimum: int = 0) -> bool:
    """A whole number (not a bool) of at least `minimum` and at most MAX_SETTING."""
    return isinstance(value, int) and not isinstance(value, bool) and \
        minimum <= value <= MAX_SETTING


def _wholes(values: object, minimum: int = 0) -> bool:
    """A non-empty tuple (at most 100 long) of whole numbers of at least `minimum`."""
    return isinstance(values, tuple) and 0 < len(values) <= 100 and \
        all(_whole(v, minimum) for v in values)


def _names(values: object) -> bool:
    """A tuple of distinct names made of letters a-z (theme names)."""
    return isinstance(values, tuple) and all(
        isinstance(v, str) and v.isascii() and v.isalpha() and v.islower() for v in values
    ) and len(set(values)) == len(values)


@dataclass(frozen=True)
class Rules:
    """The rule settings of one game (docs/rules.md, "Rule settings"); defaults: printed rules."""

    starting_money: int = 200
    #: Wild tiles each player gets, by number of players (docs/rules.md, "Set-up").
    wilds_per_player: tuple[int, ...] = (8, 4, 3, 2)
    die_faces: tuple[int | str, ...] = (2, 3, 4, 5, CHOICE, CHOICE)
    draw_choices: tuple[int, ...] = (2, 3, 4, 5)
    tile_limit: int | None = 8
    min_word_length: int = 2
    #: Strict mode (False): the dictionary checks each sale. Challenge mode (True): table rule.
    challenge_mode: bool = False
    challenge_penalty: int = 20
    #: Solo rating thresholds, highest first (docs/rules.md, "Solo rating").
    solo_ratings: tuple[tuple[int, str], ...] = (
        (1000, "outstanding"),
        (900, "good"),
        (800, "fair"),
    )
    tiles: TileSet = field(default_factory=default_tiles)
    #: Themes (docs/rules.md): every word sold must also fit the round's theme. One name: that
    #: theme all game. With `theme_each_round`, each round draws one of these (a new one each
    #: round) with the game's seed. Empty: no theme (the printed rules).
    themes: tuple[str, ...] = ()
    theme_each_round: bool = False
    #: Table variants, off by default; any combination may be played.
    auction: bool = False
    trade: bool = False
    #: Trade with money: trading, and cash may go with an offer (implies `trade`).
    trade_money: bool = False
    draft: bool = False
    #: The crossword variant (docs/rules.md, "Crossword"): sold words stay on the table in one
    #: grid, and each new word crosses them, reusing their tiles and paying every word formed.
    crossword: bool = False

    def __post_init__(self) -> None:
        """Refuse settings no game could be played with (e.g. from a hand-edited save)."""
        problems = [
            ("starting_money", _whole(self.starting_money)),
            ("wilds_per_player", _wholes(self.wilds_per_player)),
            ("die_faces", bool(self.die_faces) and all(
                f == CHOICE or (_whole(f) and f in self.draw_choices) for f in self.die_faces)),
            ("draw_choices", _wholes(self.draw_choices, minimum=1)),
            ("tile_limit", self.tile_limit is None or _whole(self.tile_limit)),
            ("min_word_length", _whole(self.min_word_length, minimum=1)),
            ("challenge_mode", isinstance(self.challenge_mode, bool)),
            ("challenge_penalty", _whole(self.challenge_penalty)),
            ("solo_ratings", all(
                isinstance(r, tuple) and len(r) == 2 and _whole(r[0]) and isinstance(r[1], str)
                for r in self.solo_ratings)),
            ("tiles", isinstance(self.tiles, TileSet)),
            ("themes", _names(self.themes)),
            # One theme all game, or several to draw from each round.
            ("theme_each_round", isinstance(self.theme_each_round, bool) and _names(self.themes)
             and (bool(self.themes) if self.theme_each_round else len(self.themes) <= 1)),
            *((v.name, isinstance(getattr(self, v.name), bool)) for v in VARIANTS),
        ]
        bad = [name for name, ok in problems if not ok]
        if bad:
            raise BuyWordError(f"these rule settings have impossible values: {', '.join(bad)}")

    @property
    def max_players(self) -> int:
        """The largest table these rules set wilds for (4)."""
        return len(self.wilds_per_player)

    def wilds_for(self, players: int) -> int:
        """Wild tiles each player starts with at a table of `players`."""
        if not 1 <= players <= self.max_players:
            raise BuyWordError(
                f"BuyWord is played by 1 to {self.max_players} players, not {players}"
            )
        return self.wilds_per_player[players - 1]

    def solo_rating(self, money: int) -> str:
        """The rulebook's verdict on a solo result: outstanding, good, fair or keep practising."""
        for threshold, name in self.solo_ratings:
            if money >= threshold:
                return name
        return "keep practising"

    @property
    def trading(self) -> bool:
        """Whether the round has a trading step (trade, or trade with money)."""
        return self.trade or self.trade_money

    def with_variants(self, names: Iterable[str]) -> Rules:
        """These rules with the variants `names` played too (their `Rules` fields or
        `--variant` names); KeyError for a name that is no variant."""
        on = {variant(name).name for name in names}
        return replace(
            self, auction=self.auction or "auction" in on, trade=self.trade or "trade" in on,
            trade_money=self.trade_money or "trade_money" in on,
            draft=self.draft or "draft" in on, crossword=self.crossword or "crossword" in on)

    def variants(self) -> tuple[str, ...]:
        """The table variants played, in a player's words ("auction", "tile draft", ...)."""
        return tuple(v.words for v in self.played())

    def played(self) -> tuple[Variant, ...]:
        """The table variants these rules play (trade with money stands for the trade too)."""
        played = [v for v in VARIANTS if getattr(self, v.name)]
        if self.trade_money:  # trade with money says it all
            played = [v for v in played if v.name != "trade"]
        return tuple(played)

    def unmodelled(self) -> str | None:
        """What of these rules Master's rollouts do not play (the first variant not
        `in_rollouts`, or themes), in a player's words, or None: the coach and the review
        cannot weigh such a game."""
        unmodelled = [v for v in self.played() if not v.in_rollouts]
        if unmodelled:
            return f"the {unmodelled[0].words} variant"
        if self.themes:
            return "themes"
        return None

    def table_problem(self, players: int) -> str | None:
        """Why these variants cannot be played by `players`, or None if they can."""
        if players >= 2:
            return None
        needy = [v.words for v in self.played() if v.needs_table]
        if not needy:
            return None
        return f"{' and '.join(needy)} need{'s' if len(needy) == 1 else ''} 2 or more players"

    def describe(self) -> str:
        """A one-line summary a player recognises: the settings that differ from the box."""
        limit = "no tile limit" if self.tile_limit is None else f"tile limit {self.tile_limit}"
        mode = "challenge mode" if self.challenge_mode else "strict dictionary"
        text = f"{limit}, words of {self.min_word_length}+ letters, {mode}{self._theme_text()}"
        return ", ".join((text, *self.variants()))

    def _theme_text(self) -> str:
        """", theme: animals" / ", a new theme each round (of 10)" / "" (no theme)."""
        if self.theme_each_round:
            return f", a new theme each round (of {len(self.themes)})"
        return f", theme: {self.themes[0]}" if self.themes else ""
