"""Computer players: pure functions of a read-only view of the game and their own RNG.

    from buyword.bots import LEVELS, make_bot
    bot = make_bot("expert", finder, seed=7)
    action = bot.act(view)              # view: the SeatView the table session built
    bot.challenge(view, sale)           # challenge mode: True to challenge another seat's sale

A bot never holds the game: the table session (buyword.table) builds each seat's view, asks
the bot, and applies its action.

Levels differ in how well they decide and in how many words they know: lower levels only know
words above a wordfreq Zipf frequency, so they miss rare words the way people do. Every level
sells only words of the game's dictionary.
"""

from __future__ import annotations

from collections.abc import Callable

from buyword.bots.base import Bot
from buyword.bots.greedy import GreedyBot
from buyword.bots.index import WordIndex
from buyword.bots.leaves import LeaveTable
from buyword.bots.levels import LEVEL_STYLES, LevelBot, Style
from buyword.bots.master import Decision, Estimate, MasterBot
from buyword.bots.view import SeatView
from buyword.words.finder import WordFinder

#: The computer players' levels, weakest first (the one list: screens, settings and `sim`).
#: Master is Expert's valuation with rollouts on top (`buyword.bots.master`).
LEVELS: tuple[str, ...] = (*LEVEL_STYLES, "master")

#: Every name `make_bot` accepts: the levels and the greedy baseline.
BOT_NAMES: tuple[str, ...] = (*LEVELS, "greedy")


def make_bot(level: str, finder: WordFinder, seed: int,
             themes: Callable[[str], WordFinder] | None = None,
             budget: float | None = None) -> Bot:
    """A computer player of `level` ("easy" ... "master", or "greedy") for a game played with
    `finder`'s dictionary (a `buyword.words.finder.WordFinder`), deciding with `seed`.
    `budget` is Master's seconds a decision (None: its default, 1 s); other levels ignore it.

    In a themed game, `themes` gives the finder over the dictionary's words of a theme (a
    `buyword.words.themes.ThemeFinders`): each round the player searches only the words of
    that round's theme, its level's vocabulary within them.

    The first bot of a lower level on a finder builds that level's common-words vocabulary
    (about half a second: do it off the UI's thread); later bots share it. Raises ValueError
    for an unknown level.
    """
    name = level.strip().lower()
    bot: Bot
    if name == "greedy":
        zipf = None
        bot = GreedyBot(WordIndex.common(finder, None), seed)
    elif name == "master":
        zipf = None
        bot = MasterBot(WordIndex.common(finder, None), seed, budget=budget,
                        leaves=bundled_leaves())
    else:
        style = LEVEL_STYLES.get(name)
        if style is None:
            raise ValueError(f"{level!r} is not a computer player; the levels are "
                             f"{', '.join(BOT_NAMES)}")
        zipf = style.zipf
        leaves = bundled_leaves() if style.leave_weight else None
        bot = LevelBot(WordIndex.common(finder, zipf), seed, style, name, leaves)
    if themes is not None:
        bot.themed = lambda theme: WordIndex.common(themes(theme), zipf)
    return bot


_BUNDLED: list[LeaveTable | None] = []


def bundled_leaves() -> LeaveTable | None:
    """The leave values shipped in `data/leaves.json` (read once), or None if there are none:
    used by the levels whose `Style.leave_weight` is not 0."""
    if not _BUNDLED:
        _BUNDLED.append(LeaveTable.bundled())
    return _BUNDLED[0]


__all__ = ["BOT_NAMES", "LEVELS", "LEVEL_STYLES", "Bot", "Decision", "Estimate", "GreedyBot",
           "LevelBot", "MasterBot", "SeatView", "Style", "bundled_leaves", "make_bot"]
