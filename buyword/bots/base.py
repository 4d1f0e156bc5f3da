"""The computer-player interface: `act(view)` returns one action, `challenge(view, sale)` says
whether to challenge a sale.

A bot decides from a `SeatView` (what its seat may know, built by the table session) and its
own `random.Random`; it never holds the game. Selling is many actions (each word, then `done`);
a bot plans the whole sale once, remembers it by the hand it was planned for, and hands out one
word per call.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from buyword.bots import crossword, variants
from buyword.bots.index import Word, WordIndex, take
from buyword.bots.view import SeatView
from buyword.engine.actions import Action, Buy, Choose, Discard, Done, Drop, Roll, Sell
from buyword.engine.errors import IllegalAction
from buyword.engine.events import Sold
from buyword.engine.phase import Phase
from buyword.engine.tiles import price
from buyword.words.crossword import Board, Move


class Bot:
    """A computer player: the one interface every level implements. Subclasses decide."""

    #: The level's name, as `make_bot` knows it.
    level = "bot"

    def __init__(self, index: WordIndex, seed: int) -> None:
        """A player knowing the words of `index`, deciding with `random.Random(seed)`."""
        self.index = index
        #: All the words this player knows (`index` becomes a theme's words in a themed round).
        self.vocabulary = index
        #: The crossword variant: the grid analysed for move generation (see `bots.crossword`).
        self.boards: dict[object, Board] = {}
        self.seed = seed
        self.rng = random.Random(seed)
        # The planned sale: (round, seat, hand, wilds) -> the next word's notation, or None
        # for `done`. Cleared each round.
        self._sale: dict[tuple[int, int, str, int], str | None] = {}
        self._sale_round: int | None = None
        #: In a themed game: the words this player knows of a theme (set by `make_bot`).
        self.themed: Callable[[str], WordIndex] | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level} seed={self.seed}>"

    # ----------------------------------------------------------------- the interface

    def act(self, view: SeatView) -> Action:
        """The action this seat takes now, its turn (`view.current == view.seat`)."""
        if view.current != view.seat:
            raise IllegalAction(f"it is not seat {view.own_seat + 1}'s turn")
        return self.decide(view)

    def challenge(self, view: SeatView, sale: Sold) -> bool:
        """Challenge mode: whether this seat challenges `sale` (another seat's).

        A computer challenges a word it does not know, judged by its own vocabulary, as a person
        would: a lower level may challenge a real but rare word and pay the penalty.
        """
        if sale.seat == view.seat:
            return False
        if sale.words:  # a crossword placement: every word it formed
            return not crossword.knows_sale(self, view, sale.words)
        return not self.knows(sale.word, view.rules.min_word_length, self.words_of(view))

    def knows(self, word: str, min_length: int = 1, index: WordIndex | None = None) -> bool:
        """Whether `word` (any case, sell notation allowed) is a word this player knows (of
        `index`, by default the words it searches now)."""
        letters = word.upper()
        if len(letters) < min_length or not letters.isascii() or not letters.isalpha():
            return False
        index = self.index if index is None else index
        code = index.codes.code(letters)  # None: no word needs that many of one letter
        return code is not None and letters in index.exact.get(code, "").split()

    def words_of(self, view: SeatView) -> WordIndex:
        """The words this player knows that may be sold now: in a themed round, the theme's."""
        if view.theme is not None and self.themed is not None:
            return self.themed(view.theme)
        return self.index

    def decide(self, view: SeatView) -> Action:
        """The action for the seat whose turn it is, by phase."""
        # A themed round: only the theme's words may be sold, so only they are searched.
        if view.theme is not None and self.themed is not None:
            self.index = self.themed(view.theme)
        # The shortest word is a rule setting of this game, not of the shared index.
        self.index = self.index.at_least(view.rules.min_word_length)
        variant = variants.decide(self, view)  # the table variants' moves, if any
        if variant is not None:
            return variant
        match view.phase:
            case Phase.ROLL:
                return Roll()
            case Phase.CHOOSE:
                return Choose(self.choose(view))
            case Phase.BUY:
                if view.can_buy and self.buy(view):
                    return Buy()
                return Discard()
            case Phase.SELL:
                if view.rules.crossword:
                    return crossword.next_placement(self, view)
                return self._next_sale(view)
            case Phase.DROP:
                return Drop(self.drop(view))
        raise IllegalAction(f"there is nothing to decide: the game is {view.phase}")

    # ----------------------------------------------------------------- decisions

    def choose(self, view: SeatView) -> int:
        """The draw count after a CHOICE roll."""
        return min(view.rules.draw_choices)

    def buy(self, view: SeatView) -> bool:
        """Whether to buy this seat's draw (only asked when it is affordable)."""
        raise NotImplementedError

    def sell(self, view: SeatView) -> list[Word]:
        """The words to sell this turn, in order."""
        raise NotImplementedError

    @property
    def placement_breadth(self) -> int:
        """The crossword variant: how many of the dearest placements `place` is shown."""
        return 1

    def place(self, view: SeatView, moves: list[Move]) -> Move | None:
        """The crossword variant: the placement to sell next (of `moves`, dearest first), or
        None to stop selling. Here: the dearest, only when the hand is over the tile limit or
        the game ends (the greedy baseline's rule); levels weigh what each leaves."""
        if moves and (view.final_round or view.over_limit):
            return moves[0]
        return None

    def worths(self, view: SeatView, draws: list[str], hand: str | None = None,
               wilds: int | None = None) -> list[float]:
        """What each of `draws` would add to a hand (this seat's by default), in dollars.

        Here: how much dearer the best word becomes. Levels weigh possible futures instead.
        """
        hand = view.hand if hand is None else hand
        wilds = view.wilds if wilds is None else wilds
        now = price(self.index.best_pips(hand, wilds))
        return [float(price(self.index.best_pips(hand + d, wilds)) - now) for d in draws]

    def drop(self, view: SeatView) -> str:
        """The letter tiles to drop at the tile limit (exactly `view.over_limit` of them)."""
        keep = self.keep(view, len(view.hand) - view.over_limit)
        return take(view.hand, keep)

    def keep(self, view: SeatView, size: int) -> str:
        """The `size` tiles to keep: by default those holding the dearest word."""
        best: tuple[int, str] = (-1, "")
        for kept in sorted(set(combinations(view.hand, size))):
            tiles = "".join(kept)
            score = self.index.best_pips(tiles, view.wilds)
            if score > best[0]:
                best = (score, tiles)
        return best[1]

    # ----------------------------------------------------------------- selling, word by word

    def _next_sale(self, view: SeatView) -> Action:
        if self._sale_round != view.round:
            self._sale.clear()
            self._sale_round = view.round
        state = (view.round, view.own_seat, view.hand, view.wilds)
        if state not in self._sale:
            self._plan_sale(view, state)
        notation = self._sale[state]
        return Done() if notation is None else Sell(notation)

    def _plan_sale(self, view: SeatView, state: tuple[int, int, str, int]) -> None:
        """Plan the whole turn's sale and remember each step by the hand it starts from."""
        round_, seat, hand, wilds = state
        for word in self.sell(view):
            self._sale[(round_, seat, hand, wilds)] = self.index.notation(word.letters, word.wild)
            hand, wilds = take(hand, word.letters), wilds - word.wild
        self._sale[(round_, seat, hand, wilds)] = None
