"""Computer players in the crossword variant: placements from the move generator, by level.

A placement is chosen afresh before each sale, since every sale changes the grid. The moves are
those of the move generator (`buyword.words.crossword.Board`) over the words this player knows,
so every word a computer's placement forms (side words included) is one it knows, and hence a
word of the game's dictionary; in a themed round the word placed must also be a word of the
round's theme that it knows. Which move, if any, a level plays is its own valuation
(`Bot.place`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from buyword.engine.actions import Action, Done, Sell
from buyword.words.crossword import Board, FinderWords, Move

if TYPE_CHECKING:
    from buyword.bots.index import WordIndex
    from buyword.bots.view import SeatView


class Placer(Protocol):
    """What the crossword moves ask of a computer player (`buyword.bots.base.Bot` is one):
    the words it knows, the grids it has built, and its choice of placement."""

    vocabulary: WordIndex
    boards: dict[object, Board]
    themed: Callable[[str], WordIndex] | None

    @property
    def placement_breadth(self) -> int:
        """How many of the dearest placements the player weighs."""
        ...

    def knows(self, word: str, min_length: int = 1, index: WordIndex | None = None) -> bool:
        """Whether `word` is a word this player knows (of `index`)."""
        ...

    def words_of(self, view: SeatView) -> WordIndex:
        """The words this player knows that may be sold now."""
        ...

    def place(self, view: SeatView, moves: list[Move]) -> Move | None:
        """The placement to sell next, of `moves`, or None to stop selling."""
        ...


def moves(bot: Placer, view: SeatView) -> list[Move]:
    """The dearest placements of this seat's hand that form only words the bot knows, as
    many as the bot weighs (`Bot.placement_breadth`), dearest first (in a themed round,
    placing a word of the theme): exactly the top of every such placement, found without
    listing them all."""
    board = _board(bot, view)
    themed = bot.themed(view.theme) if view.theme is not None and bot.themed else None
    if themed is None:
        return board.best_moves(view.hand, view.wilds, bot.placement_breadth)
    shortest = view.rules.min_word_length
    return board.best_moves(view.hand, view.wilds, bot.placement_breadth,
                            keep=lambda move: bot.knows(move.formed[0][0], shortest, themed))


def _board(bot: Placer, view: SeatView) -> Board:
    """The grid analysed with the bot's vocabulary; kept while the grid stays the same (a bot
    often decides several times on one grid: challenges, the turns of other seats)."""
    finder = bot.vocabulary.finder
    key = (view.grid, id(finder), view.rules.min_word_length)
    cached = bot.boards.get(key)
    if cached is None:
        bot.boards.clear()  # one grid at a time: the old ones never come back
        cached = bot.boards[key] = Board(view.grid, finder, FinderWords.of(finder),
                                         view.rules.min_word_length)
    return cached


def next_placement(bot: Placer, view: SeatView) -> Action:
    """This seat's next crossword sale, or `done` when the bot sells no more this turn."""
    move = bot.place(view, moves(bot, view))
    if move is None:
        return Done()
    if move.start is None:
        return Sell(move.notation)  # the game's first word: across at 0,0
    row, col = move.start
    return Sell(move.notation, row, col, move.direction)


def knows_sale(bot: Placer, view: SeatView, words: tuple[tuple[str, int], ...]) -> bool:
    """Whether the bot knows every word a placement formed (the word placed among the round's
    theme's words, in a themed round): a computer challenges a placement it doubts."""
    shortest = view.rules.min_word_length
    placed, *sides = (word for word, _ in words)
    return bot.knows(placed, shortest, bot.words_of(view)) and all(
        bot.knows(word, shortest, bot.vocabulary) for word in sides)
