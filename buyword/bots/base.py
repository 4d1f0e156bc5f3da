"""The computer-player interface: `act(game, seat)` returns one legal action and changes nothing.

A bot decides from a `SeatView` (what its seat may know) and its own `random.Random`. Selling
is many actions (each word, then `done`); a bot plans the whole sale once, remembers it by the
hand it was planned for, and hands out one word per call.
"""

from __future__ import annotations

import random
from itertools import combinations

from buyword.bots import variants
from buyword.bots.index import Word, WordIndex, take
from buyword.bots.view import SeatView
from buyword.engine import (
    Action,
    Buy,
    Challenge,
    Choose,
    Discard,
    Done,
    Drop,
    Game,
    IllegalAction,
    Phase,
    Roll,
    Sell,
    price,
)


class Bot:
    """A computer player. Subclasses decide; this class reads the game and keeps it honest."""

    #: The level's name, as `make_bot` knows it.
    level = "bot"

    def __init__(self, index: WordIndex, seed: int) -> None:
        """A player knowing the words of `index`, deciding with `random.Random(seed)`."""
        self.index = index
        self.seed = seed
        self.rng = random.Random(seed)
        # The planned sale: (round, seat, hand, wilds) -> the next word's notation, or None
        # for `done`. Cleared each round.
        self._sale: dict[tuple[int, int, str, int], str | None] = {}
        self._sale_round: int | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level} seed={self.seed}>"

    # ----------------------------------------------------------------- the interface

    def act(self, game: Game, seat: int) -> Action:
        """One legal action for `seat` now. Never changes `game`.

        When it is not this seat's turn, the only thing a bot may do is challenge the last sale
        (challenge mode); `IllegalAction` says there is nothing for it to do.
        """
        view = SeatView.of(game, seat)
        if view.current != seat:
            challenge = self.challenge(game, seat)
            if challenge is None:
                raise IllegalAction(f"it is not seat {seat + 1}'s turn and there is nothing to do")
            return challenge
        action = self.decide(view)
        if isinstance(action, Sell) and not game.dictionary.is_word(action.word.lower()):
            # Never reached with an index built from the game's dictionary; a guard so that a
            # bot handed the wrong word list stays honest rather than bluffing.
            self._sale.clear()
            return Done()
        return action

    def challenge(self, game: Game, seat: int) -> Challenge | None:
        """Challenge mode: `Challenge` if the last sale is not a word (and not ours), else None.

        Bots challenge only on certainty — the game's dictionary — so they never lose $20.
        """
        sale = game.last_sale
        if sale is None or sale.seat == seat or not game.rules.challenge_mode:
            return None
        if game.dictionary.is_word(sale.word.lower()):
            return None
        return Challenge(seat + 1)

    def decide(self, view: SeatView) -> Action:
        """The action for the seat whose turn it is, by phase."""
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
        state = (view.round, view.seat, view.hand, view.wilds)
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
