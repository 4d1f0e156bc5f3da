"""`buyword solve`: the best words and the best sale for a set of tiles, as tables."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

from buyword.engine.errors import BuyWordError, quoted
from buyword.engine.tiles import TileSet, default_tiles
from buyword.engine.wording import dollars
from buyword.words.finder import Candidate, WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import SalePlan, plan_sale
from buyword.words.themes import ThemeBook, theme_named

#: How many of the best words the table lists; the rest are counted.
SHOWN_WORDS = 20
#: A hand longer than this is no game position (a tile limit of 8 or 10, and a draw of at most
#: 5): the number of words a hand spells grows steeply with its length (on a busy 2-core
#: machine, 16 letters and 9 wilds took 2 s, 20 letters 6 s, 40 letters over a minute), so
#: longer ones are refused.
MAX_LETTERS = 16
#: Exit status for input the command cannot use (as argparse uses for bad arguments).
USAGE_ERROR = 2


@dataclass(frozen=True)
class SolveOptions:
    """`buyword solve`'s options (the command line builds them: `buyword.cli`)."""

    letters: str  # the letter tiles held, e.g. QUIZEST
    wilds: int = 0  # wild tiles held
    dictionary: str | None = None  # a word-list file; None: the bundled list
    min_length: int = 2  # the shortest word allowed
    theme: str | None = None  # a theme's name: only its words are searched
    tiles: TileSet | None = None  # the tile set that prices the words; None: the bundled set
    #: The folder the word index is kept in between runs (None builds it every time).
    cache_dir: str | os.PathLike[str] | None = None


def solve_main(options: SolveOptions) -> int:
    """Print the best words and the best sale plan for the letters and wild tiles held.

    Returns the exit status: 0, or 2 after a one-line message on stderr when the input cannot
    be used.
    """
    letters, wilds, min_length = options.letters, options.wilds, options.min_length
    theme, dictionary = options.theme, options.dictionary
    tiles = options.tiles or default_tiles()
    try:
        hand = _read_hand(letters, wilds, min_length, tiles.wilds)
        unknown = sorted(set(hand) - set(tiles.pips))
        if unknown:
            raise BuyWordError(f"{quoted(letters)}: the tile set {quoted(tiles.name)} has no "
                               f"{', '.join(unknown)} tiles")
        if theme is not None:
            theme = theme_named(theme).name
        lexicon = Lexicon.bundled() if dictionary is None else Lexicon.from_file(dictionary)
        if theme is not None:
            source = f"{lexicon.source}, theme {theme}"
            lexicon = ThemeBook().lexicon(theme, lexicon, source)
    except BuyWordError as error:
        print(f"buyword solve: {error}", file=sys.stderr)
        return USAGE_ERROR
    finder = WordFinder(lexicon, tiles, cache_dir=options.cache_dir)
    words = finder.find(hand, wilds, min_length)
    plan = plan_sale(finder, hand, wilds, min_length)
    console = Console()
    wild_note = f" + {wilds} wild{'s' if wilds != 1 else ''}" if wilds else ""
    # The word list's name is a file name the player chose: shown as text, never as markup.
    heading = Text(hand, style="bold")
    heading.append(f"{wild_note}: {lexicon.source} ({len(lexicon):,} words)")
    console.print(heading)
    if not words:
        console.print(f"No word of {min_length}+ letters can be made from these tiles.")
        return 0
    console.print(_words_table(words))
    console.print(_plan_table(plan))
    return 0


def _read_hand(letters: str, wilds: int, min_length: int, most_wilds: int) -> str:
    """The hand in capitals, or BuyWordError saying what is wrong with the input.

    `most_wilds` is how many wild tiles the tile set holds: no hand can hold more.
    """
    if len(letters) > MAX_LETTERS:
        raise BuyWordError(f"{len(letters)} letters is too many; at most {MAX_LETTERS}")
    if not letters.isascii() or not letters.isalpha():
        raise BuyWordError(
            f"{quoted(letters)}: give the letter tiles as letters A-Z, e.g. QUIZEST"
        )
    if wilds < 0:
        raise BuyWordError(f"--wilds {wilds}: the number of wild tiles cannot be negative")
    if wilds > most_wilds:
        raise BuyWordError(
            f"--wilds {wilds}: the tile set holds only {most_wilds} wild tiles"
        )
    if min_length < 1:
        raise BuyWordError(f"--min-length {min_length}: words have at least 1 letter")
    return letters.upper()


def _table(title: str) -> Table:
    """A table with the columns every list of words here shares."""
    table = Table(title=title, title_justify="left")
    table.add_column("word")
    table.add_column("tiles used")
    table.add_column("wild", justify="center")
    table.add_column("pips", justify="right")
    table.add_column("price", justify="right")
    return table


def _add(table: Table, candidate: Candidate) -> None:
    """One word as a row: its sell notation, tiles, the wild's letter, pips and price."""
    table.add_row(
        candidate.notation,
        candidate.letters,
        candidate.wild or "",
        str(candidate.pips),
        f"{dollars(candidate.price)}",
    )


def _words_table(words: list[Candidate]) -> Table:
    """The best words, richest first."""
    shown = words[:SHOWN_WORDS]
    more = len(words) - len(shown)
    table = _table(f"Best words ({len(words)} in all)")
    for candidate in shown:
        _add(table, candidate)
    if more:
        table.caption = f"… and {more} more"
    return table


def _plan_table(plan: SalePlan) -> Table:
    """The best set of words to sell now, with the total and what stays in hand."""
    table = _table("Best sale now")
    for candidate in plan.words:
        _add(table, candidate)
    table.add_section()
    table.add_row("total", "", "", "", f"{dollars(plan.total)}")
    wilds = f"; wilds used: {plan.wilds_used}" if plan.wilds_used else ""
    table.caption = f"kept in hand: {plan.leftover or 'nothing'}{wilds}"
    if not plan.exact:
        table.caption += " (the search stopped at its limit: a richer sale may exist)"
    return table
