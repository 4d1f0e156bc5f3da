"""The graded computer players: one decision procedure, tuned per level by a `Style`.

The procedure values a hand by sampling possible futures. A *future* is a few tiles drawn at
random from the tiles still in the bag; the value of keeping tiles L is the mean, over the
futures, of the dearest word L plus that future could make. The same futures are used for every
option of one decision (common random numbers), so options are compared on the same luck.

- Selling: each candidate sale (nothing, each good word, good pairs, the dearest whole sale)
  is worth its price now plus the discounted value of what it leaves (trimmed to the tile limit).
- Buying: a draw is bought when it raises the hand's value by more than a share of its price
  (`Style.buy_margin`: the futures see only a round ahead, and a bought tile serves longer).
- Wilds: spending one is charged (`Style.wild_cost`), less as the bag runs out.
- Choosing on CHOICE: the fewest tiles, the cheapest draw to buy; Expert draws more into a full
  hand (`Style.full_hand_draw`), which then keeps its best tiles of more.
- In the final round everything sellable is sold: unsold tiles are worth nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from buyword.bots.base import Bot
from buyword.bots.index import Word, WordIndex, take
from buyword.bots.leaves import LeaveTable, stage_of
from buyword.bots.view import SeatView
from buyword.engine.tiles import price
from buyword.words.crossword import Move

#: Values of kept tiles found so far in one decision, by (tiles, wilds): with the futures, and
#: with none (a seat that cannot pay for any draw).
Caches = tuple[dict[tuple[str, int], float], dict[tuple[str, int], float]]


@dataclass(frozen=True)
class Style:
    """How a level plays: the words it knows and how far and how well it looks ahead."""

    #: Only words with at least this wordfreq Zipf frequency are known (None: all of them).
    zipf: float | None
    #: Futures sampled per decision (more: steadier judgement, slower).
    futures: int = 12
    #: Tiles in each future: about what the seat will buy before it next sells.
    future_tiles: int = 3
    #: How much a dollar of future value is worth against a dollar now.
    discount: float = 0.8
    #: What spending a wild now costs, in dollars (wilds are few and make big words).
    wild_cost: int = 10
    #: Single words considered as a sale, dearest first.
    breadth: int = 30
    #: Never buy a draw dearer than this.
    max_price: int = 121
    #: A draw is bought when its value gain is at least this share of its price.
    buy_margin: float = 1.0
    #: Over this share of the bag's last tiles a wild's charge falls with the bag, to nothing
    #: when it is empty (a wild still held when the game ends sells nothing); 0: it never falls.
    wild_fade: float = 0.0
    #: How much of a kept leave's learned value (`buyword.bots.leaves`) is added to what its
    #: sampled futures are worth; 0: the learned values are not used.
    leave_weight: float = 0.0
    #: On CHOICE with a full hand (at the tile limit), draw this many: the hand keeps its best
    #: tiles of more, and a bigger hand at the sale makes longer words; otherwise (and when
    #: None) the fewest, the cheapest to buy.
    full_hand_draw: int | None = None


LEVEL_STYLES: dict[str, Style] = {
    # Weaker levels know fewer words (a person's vocabulary) and weigh the future less: they
    # sell small words early and spend wilds freely.
    "easy": Style(zipf=3.5, futures=4, breadth=8, discount=0.8, wild_cost=5),
    "medium": Style(zipf=3.0, futures=6, breadth=10, discount=0.85, wild_cost=15),
    "hard": Style(zipf=2.0, futures=8, breadth=20, discount=0.9, wild_cost=25),
    # Expert weighs 36 futures, buys any draw that adds half its price, spends wilds more
    # freely in the last quarter of the bag, and on CHOICE draws 4 into a full hand (tuned on
    # seeds 20001..20600, never on 1..500). It adds the learned leave values to its futures'
    # judgement of what it keeps (trained on seeds 10001..10600).
    "expert": Style(zipf=None, futures=36, discount=0.98, wild_cost=35, buy_margin=0.5,
                    wild_fade=0.25, full_hand_draw=4, leave_weight=1.0),
}


class LevelBot(Bot):
    """A computer player of one level."""

    def __init__(self, index: WordIndex, seed: int, style: Style, level: str,
                 leaves: LeaveTable | None = None) -> None:
        """A player of `level` playing in `style`, knowing the words of `index`; with
        `leaves` (and a `style.leave_weight`), valuing what it keeps with learned values."""
        super().__init__(index, seed)
        self.style = style
        self.level = level
        self.leaves = leaves if style.leave_weight else None
        #: The unseen tiles and rules last asked about, and the cheapest draw's price then.
        self._cheapest: tuple[str | None, object, int] = (None, None, 0)

    # ----------------------------------------------------------------- futures

    def _futures(self, view: SeatView, size: int | None = None) -> list[str]:
        """Random sets of tiles from the bag, as this seat may meet them before selling again.

        Near the end of the bag the futures shrink to what the seat can still draw.
        """
        unseen = view.unseen
        reachable = max(0, (view.bag_size - 1) // max(1, view.seats))
        size = min(self.style.future_tiles if size is None else size, reachable, len(unseen))
        if size <= 0:
            return [""]
        return sample_futures(self.rng, unseen, size, self.style.futures)

    def _value(self, tiles: str, wilds: int, futures: list[str],
               cache: dict[tuple[str, int], float], view: SeatView) -> float:
        """The mean price of the dearest word `tiles` plus each future could make, and the
        learned value of keeping them (if this player has learned values)."""
        # The futures tell only whether a wild is held, so their judgement is remembered by
        # that; the table tells one wild from two (and remembers its own values), so a hand
        # met again with another count of wilds costs a look-up, not a search.
        key = (tiles, wilds > 0)
        value = cache.get(key)
        if value is None:
            value = cache[key] = self.index.leave_value(tiles, wilds, futures)
        return value + self.learned(tiles, wilds, view)

    def learned(self, tiles: str, wilds: int, view: SeatView) -> float:
        """The learned value of keeping `tiles` and `wilds` at this point of the bag, weighted
        by `Style.leave_weight`: dollars the futures miss (0 without learned values)."""
        if self.leaves is None:
            return 0.0
        stage = stage_of(view.bag_size, view.rules.tiles.letter_total)
        return self.style.leave_weight * self.leaves.value(tiles, wilds, stage)

    def _broke(self, view: SeatView, money: float) -> bool:
        """Whether `money` cannot pay for even the cheapest draw the seat could be offered (the
        fewest tiles, each of the fewest pips among the unseen letters)."""
        unseen, rules, cheapest = self._cheapest
        if unseen is not view.unseen or rules is not view.rules:  # once a decision
            pips = view.rules.tiles.pips
            fewest = min((pips[letter] for letter in set(view.unseen)), default=1)
            cheapest = price(min(view.rules.draw_choices) * fewest)
            self._cheapest = (view.unseen, view.rules, cheapest)
        return money < cheapest

    def _kept(self, tiles: str, wilds: int, money: float, futures: list[str],
              caches: Caches, view: SeatView) -> float:
        """What keeping `tiles` (and `wilds`) with `money` left is worth: their value with the
        futures, or, when the money cannot pay for any draw, with none (no tiles come until
        the seat sells, so a hand that waits for tiles it cannot buy waits for ever).
        `caches` holds the values found so far with the futures and without."""
        if self._broke(view, money):
            return self._value(tiles, wilds, NO_FUTURES, caches[1], view)
        return self._value(tiles, wilds, futures, caches[0], view)

    # ----------------------------------------------------------------- decisions

    def choose(self, view: SeatView) -> int:
        """The draw count after a CHOICE roll: `Style.full_hand_draw` into a hand at the tile
        limit (if the bag can serve every seat that many), otherwise the fewest."""
        fewest = min(view.rules.draw_choices)
        count = self.style.full_hand_draw
        limit = view.tile_limit
        if (count is None or limit is None or len(view.hand) < limit
                or count not in view.rules.draw_choices
                or view.bag_size < count * max(1, view.seats)):
            return fewest
        return count

    def buy(self, view: SeatView) -> bool:
        """Buy when the draw adds more value to the hand than `Style.buy_margin` of its price."""
        cost = view.offer_price
        if cost > self.style.max_price:
            return False
        futures = self._futures(view, max(0, self.style.future_tiles - len(view.drawn)))
        caches: Caches = ({}, {})
        hand = self._trimmed(view.hand, view.wilds, view)
        with_draw = self._kept(view.hand + view.drawn, view.wilds, view.money - cost, futures,
                               caches, view)
        without = self._kept(hand, view.wilds, view.money, futures, caches, view)
        gain = (with_draw - without) * self._discount(view)
        return gain >= cost * self.style.buy_margin

    def worths(self, view: SeatView, draws: list[str], hand: str | None = None,
               wilds: int | None = None) -> list[float]:
        """What each of `draws` adds to a hand (this seat's by default): the hand's value with
        it minus without, over the same futures, discounted. Both hands are cut to the tile
        limit first, so tiles a full hand would drop add nothing (auctions and trades can
        bring a hand many more tiles than one draw)."""
        hand = view.hand if hand is None else hand
        wilds = view.wilds if wilds is None else wilds
        size = max((len(d) for d in draws), default=0)
        futures = self._futures(view, max(0, self.style.future_tiles - size))
        cache: dict[tuple[str, int], float] = {}

        def value(tiles: str) -> float:
            return self._value(self._trimmed(tiles, wilds, view), wilds, futures, cache, view)

        without = value(hand)
        return [(value(hand + d) - without) * self._discount(view) for d in draws]

    def _discount(self, view: SeatView) -> float:
        return self.style.discount

    def wild_cost(self, view: SeatView) -> float:
        """What spending a wild now is charged, in dollars: the style's charge, falling with
        the bag over its last tiles (`Style.wild_fade` of the tile set), since a wild still
        held when the game ends sells nothing."""
        fade = self.style.wild_fade * view.rules.tiles.letter_total
        if fade <= 0 or view.bag_size >= fade:
            return float(self.style.wild_cost)
        return self.style.wild_cost * view.bag_size / fade

    def sell(self, view: SeatView) -> list[Word]:
        """The sale worth most now plus what its leave is worth later."""
        ranked = self.sale_scores(view)
        return list(ranked[0][1]) if ranked else []

    def sale_scores(self, view: SeatView) -> list[tuple[float, tuple[Word, ...]]]:
        """The sales this level weighs, each with its score (price now, less the wilds'
        charge, plus the discounted value of its leave), best first; equal scores keep the
        order they were weighed in. Empty when the hand makes no word; in the final round,
        only the dearest whole sale (unsold tiles are worth nothing)."""
        words = self._sale_words(view)
        if not words:
            return []
        if view.final_round:
            sale = self.index.best_sale(view.hand, view.wilds)
            return [(float(sale[0]), sale[1])]
        futures = self._futures(view)
        caches: Caches = ({}, {})
        discount = self._discount(view)
        wild_cost = self.wild_cost(view)
        scored: list[tuple[float, tuple[Word, ...]]] = []
        for option in self._sale_options(view, words):
            hand, wilds, money, earned = view.hand, view.wilds, view.money, 0.0
            for word in option:
                hand = take(hand, word.letters)
                wilds -= word.wild
                money += word.price
                earned += word.price - wild_cost * word.wild
            leave = self._trimmed(hand, wilds, view)
            kept = self._kept(leave, wilds, money, futures, caches, view)
            scored.append((earned + discount * kept, option))
        scored.sort(key=lambda pair: -pair[0])  # stable: the first of equal scores stays first
        return scored

    def _sale_words(self, view: SeatView) -> list[Word]:
        """The words a sale is made of: every word the hand makes, dearest first."""
        return self.index.words_in(view.hand, view.wilds)

    @property
    def placement_breadth(self) -> int:
        """The crossword variant: a level weighs as many placements as its breadth."""
        return self.style.breadth

    def place(self, view: SeatView, moves: list[Move]) -> Move | None:
        """The crossword variant: of the dearest placements (the level's breadth), the one
        worth most now plus what its leave is worth later, or none if keeping the hand is
        worth more; in the final round, the dearest (unsold tiles are worth nothing)."""
        if not moves or view.final_round:
            return moves[0] if moves else None
        futures = self._futures(view)
        caches: Caches = ({}, {})
        discount = self._discount(view)
        wild_cost = self.wild_cost(view)

        def later(hand: str, wilds: int, money: int) -> float:
            return discount * self._kept(self._trimmed(hand, wilds, view), wilds, money,
                                         futures, caches, view)

        best: tuple[float, Move | None] = (later(view.hand, view.wilds, view.money), None)
        for move in moves[: self.style.breadth]:
            wilds = view.wilds - move.wild
            score = move.price - wild_cost * move.wild + later(
                take(view.hand, move.letters), wilds, view.money + move.price)
            if score > best[0]:
                best = (score, move)
        return best[1]

    def _sale_options(self, view: SeatView, words: list[Word]) -> list[tuple[Word, ...]]:
        """Sales worth weighing: nothing, each of the dearest words, pairs, the dearest sale."""
        top = words[: self.style.breadth]
        options: list[tuple[Word, ...]] = [()]
        options += [(word,) for word in top]
        for i, first in enumerate(top[:10]):
            rest = take(view.hand, first.letters)
            wilds = view.wilds - first.wild
            for second in top[i + 1:]:
                if second.wild and not wilds:
                    continue
                if _holds(rest, second.letters):
                    options.append((first, second))
                    break
        options.append(self.index.best_sale(view.hand, view.wilds)[1])
        return options

    def _trimmed(self, hand: str, wilds: int, view: SeatView) -> str:
        """The hand cut to the tile limit: the dearest word that fits, then the handiest tiles.

        A quick rule rather than a search, because every sale option needs it.
        """
        limit = view.tile_limit or SOFT_LIMIT
        if len(hand) <= limit:
            return hand
        kept = ""
        for word in self.index.words_in(hand, wilds):
            if len(word.letters) <= limit:
                kept = word.letters
                break
        rest = sorted(take(hand, kept), key=HANDY.index)
        return "".join(sorted(kept + "".join(rest[: limit - len(kept)])))

    def keep(self, view: SeatView, size: int) -> str:
        """At the tile limit: of the sets holding the dearest words, keep the one worth most
        with the futures."""
        return self.keep_scores(view, size)[0][1]

    def keep_scores(self, view: SeatView, size: int) -> list[tuple[float, str]]:
        """The sets of `size` tiles this level weighs keeping at the tile limit (those holding
        the dearest words, and the hand cut by the quick rule), each with its value with the
        futures (with none if the seat cannot pay for a draw), best first (of equal values,
        the first in letter order)."""
        best = self.index.best_pips
        sets = sorted({"".join(kept) for kept in combinations(view.hand, size)})
        sets.sort(key=lambda tiles: -best(tiles, view.wilds))
        candidates = {self._trimmed(view.hand, view.wilds, view), *sets[:KEEP_CANDIDATES]}
        futures = self._futures(view)
        caches: Caches = ({}, {})
        scored = [(self._kept(tiles, view.wilds, view.money, futures, caches, view), tiles)
                  for tiles in sorted(candidates)]
        scored.sort(key=lambda pair: -pair[0])  # stable: like max(), the first of equals wins
        return scored


#: The futures of a seat that cannot pay for any draw: none.
NO_FUTURES = [""]

#: Letters by how easily they fit into words, handiest first: kept when cutting to the limit.
HANDY = "ESARIOTNLDCUPMGHBYFKWVZXJQ"

#: Without a tile limit, tiles beyond this many are valued as if they would be dropped: a hand
#: that large rarely uses them, and the bot then stops buying into it.
SOFT_LIMIT = 12

#: How many of the best-looking sets of tiles the full judgement weighs at the tile limit.
KEEP_CANDIDATES = 16


def sample_futures(rng: random.Random, unseen: str, size: int, count: int) -> list[str]:
    """`count` futures of `size` tiles drawn from `unseen`: the very tiles of
    `["".join(rng.sample(unseen, size)) for _ in range(count)]`, drawn quicker.

    A rollout samples thousands of futures, and `random.sample` checks its arguments and
    builds a set for every one. For a few tiles from a bag of more than 21 it picks distinct
    places with `getrandbits` (of the population size's bit length, again until one is below
    the size and not yet picked); this does the same, so the futures, and every estimate made
    with them, are the same (tests/test_bots_levels.py compares the two).
    """
    n = len(unseen)
    if size > 5 or n <= 21 or type(rng) is not random.Random:  # sample's other ways
        return ["".join(rng.sample(unseen, size)) for _ in range(count)]
    getrandbits, bits = rng.getrandbits, n.bit_length()
    futures = []
    for _ in range(count):
        picked: list[int] = []
        for _ in range(size):
            place = getrandbits(bits)
            while place >= n or place in picked:
                place = getrandbits(bits)
            picked.append(place)
        futures.append("".join([unseen[place] for place in picked]))
    return futures


def _holds(hand: str, letters: str) -> bool:
    """Whether `hand` holds all of `letters` (with repeats)."""
    return all(hand.count(c) >= letters.count(c) for c in set(letters))
