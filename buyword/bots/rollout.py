"""Master's rollouts: one seat's game played forward from a `SeatView`, by the rules, fast.

A rollout starts from what the seat may know (its hand, wilds, money, draw, the unseen tiles)
and one sampled *luck*: a bag order drawn from the unseen tiles (never the real bag: the seat
cannot know it) and the die's next faces. It applies one decision, then plays on with a policy
(a `LevelBot`) for a few rounds and values where it stands. Only the seat's own money can change
its result (every payment goes to or comes from the bank), so the model follows the seat and
the bag, not the other hands: each other seat just draws its share of the bag. It follows the
rules of docs/rules.md, "A round" and "The end of the game"; table variants are not modelled
(`modelled` says so): Master plays them as Expert does. More: docs/development.md, "Master's
rollouts".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from buyword.bots.index import Word, WordIndex, take
from buyword.bots.leaves import LeaveTable
from buyword.bots.levels import HANDY, SOFT_LIMIT, LevelBot, Style, _holds, sample_futures
from buyword.bots.view import SeatView
from buyword.engine.phase import Phase
from buyword.engine.rules import CHOICE
from buyword.engine.tiles import price

# Where a truncated rollout stands is valued as the money Expert goes on to make from there,
# fitted by least squares on Expert's own solo games (seeds 101..400, the bundled tiles, 10,348
# rounds; scripts/fit_rollout_value.py): final money - money now ~ 0.75 x what Expert's futures
# say the hand is worth (the fit gives 0.68 near the end of the bag, 0.80 at the start) + $8
# for each tile still in the bag + a wild's worth for each wild ($20 at the end of the bag,
# about $41 at the start; the fit gives $25, $37 and $39 by thirds of the bag). Without the
# bag's share a rollout that draws more tiles looks better (it has more to sell by the
# horizon, and the shorter game it leaves is not counted), and without the wilds' a sale that
# spends one does. (Master with these made $1,482 on seeds 1..500, solo, against $1,475 with
# the first fit's 0.7 and $10 + $0.25 a tile, made on 30 games of an earlier Expert.)

#: Hands whose dearest words a `QuickBot` remembers before it forgets them all and starts again.
REMEMBERED = 50_000

#: Futures the end value samples (Expert's twelve, as in the fit: the policy's three during
#: the rollout would add noise to every estimate).
END_FUTURES = 12

#: The share of the hand's value (Expert's sampled futures) that becomes money.
HAND_SHARE = 0.75
#: Dollars each tile left in the bag brings the seat (its share, at a table).
TILE_WORTH = 8.0
#: A wild's worth: this much, plus `WILD_WORTH_PER_TILE` for each tile left in the bag.
WILD_WORTH = 20.0
WILD_WORTH_PER_TILE = 0.2


@dataclass(frozen=True)
class Luck:
    """One sampled future: the bag's order, the die's next faces and the policy's seed.

    Every candidate decision is played out against the same lucks (common random numbers), so
    the differences between candidates are differences of play, not of luck.
    """

    bag: str
    faces: tuple[int | str, ...]
    seed: int


def sample_luck(view: SeatView, rng: random.Random, rounds: int) -> Luck:
    """A bag order of `view.bag_size` tiles drawn from the seat's unseen tiles, and the die's
    faces for `rounds` rolls, at random."""
    unseen = list(view.unseen)
    rng.shuffle(unseen)
    faces = tuple(rng.choice(view.rules.die_faces) for _ in range(rounds))
    return Luck("".join(unseen[: view.bag_size]), faces, rng.getrandbits(48))


def modelled(view: SeatView) -> str | None:
    """Why the rollouts cannot play this game (a variant they do not model), or None."""
    return view.rules.unmodelled()


class QuickBot(LevelBot):
    """The rollouts' player: Expert's judgement over fewer options (see `Search.policy` for
    its futures and breadth), without the exact sale planner except in the final round.

    A rollout asks for dozens of decisions, so each must take about a millisecond, not
    Expert's few: the exact planner alone costs several milliseconds a hand. At the tile limit
    it weighs what to keep as Expert does: that is rarer than a sale, and the quick rule (the
    dearest word that fits, then the handiest tiles) made it $15 a game weaker. Given learned
    leave values it adds them to what it keeps, as Expert does (that made it $20 a game
    better); the rollouts' end value never uses them (`futures_value`: it was fitted without).
    """

    def __init__(self, index: WordIndex, seed: int, style: Style, level: str,
                 leaves: LeaveTable | None = None) -> None:
        """A quick Expert playing in `style` on the words of `index` (with `leaves` and a
        `style.leave_weight`, valuing what it keeps with learned values)."""
        super().__init__(index, seed, style, level, leaves)
        self._words_of: WordIndex | None = None
        self._words: dict[tuple[str, bool], tuple[Word, ...]] = {}

    def _sale_options(self, view: SeatView, words: list[Word]) -> list[tuple[Word, ...]]:
        """Nothing, each of the dearest words, and each with the dearest word that fits
        beside it."""
        top = words[: self.style.breadth]
        options: list[tuple[Word, ...]] = [(), *((word,) for word in top)]
        for i, first in enumerate(top):
            rest, wilds = take(view.hand, first.letters), view.wilds - first.wild
            second = next((w for w in top[i + 1:] if (wilds or not w.wild)
                           and _holds(rest, w.letters)), None)
            if second is not None:
                options.append((first, second))
        return options


    def _sale_words(self, view: SeatView) -> list[Word]:
        """The dearest words only: the options are made of the first `breadth` of them.

        Remembered by hand: the rollouts of one decision meet the same hands again and again
        (every candidate starts from the same tiles).
        """
        index = self.index
        if index is not self._words_of:
            self._words_of, self._words = index, {}
        remembered = (view.hand, view.wilds > 0)
        words = self._words.get(remembered)
        if words is None:
            if len(self._words) >= REMEMBERED:
                self._words.clear()
            words = self._words[remembered] = tuple(
                index.dearest_words(view.hand, view.wilds, self.style.breadth))
        return list(words)

    def _value(self, tiles: str, wilds: int, futures: list[str],
               cache: dict[tuple[str, int], float], view: SeatView) -> float:
        """What keeping `tiles` is worth: `futures_value`, and the learned value of keeping
        them (if this player has learned values), as Expert values them."""
        return self.futures_value(tiles, wilds, futures, cache) + self.learned(tiles, wilds, view)

    def futures_value(self, tiles: str, wilds: int, futures: list[str],
                      cache: dict[tuple[str, int], float]) -> float:
        """The mean price of the dearest word `tiles` plus each future could make: the same
        figure as Expert's futures give. The compiled search weighs every future in one call;
        without it each hand's dearest word is looked up by its sorted tiles in the index's
        memory, so a hand met again (under another candidate, in another rollout of the same
        decision) costs a dictionary look-up instead of a search. `cache` remembers the
        value by (tiles, whether a wild is held)."""
        key = (tiles, wilds > 0)
        value = cache.get(key)
        if value is None:
            index = self.index
            total = None if index.compiled is None else index.compiled.leave_total(
                tiles, futures, wilds > 0, index.min_length, 0)
            if total is None:
                best = index.best_pips  # sorts the tiles itself
                total = sum(price(best(tiles + future, wilds)) for future in futures)
            value = cache[key] = total / len(futures)
        return value

    def _trimmed(self, hand: str, wilds: int, view: SeatView) -> str:
        """Expert's quick rule for a hand over the limit (the dearest word that fits, then
        the handiest tiles), finding that word without listing every word of the hand."""
        limit = view.tile_limit or SOFT_LIMIT
        if len(hand) <= limit:
            return hand
        fits = self.index.dearest_words(hand, wilds, 1, limit)
        kept = fits[0].letters if fits else ""
        rest = sorted(take(hand, kept), key=HANDY.index)
        return "".join(sorted(kept + "".join(rest[: limit - len(kept)])))


class Rollout:
    """One seat's game from a view, played forward against one luck; `value` after `run`."""

    def __init__(self, view: SeatView, luck: Luck, policy: QuickBot, horizon: int) -> None:
        """Start from `view` with `luck`; `policy` decides after the first decision; the
        rollout stops after `horizon` more rounds (the current one included)."""
        self.view = view
        self.luck = luck
        self.policy = policy
        self.rounds_left = horizon
        self.money = view.money
        self.hand = view.hand
        self.wilds = view.wilds
        self.drawn = view.drawn
        self.bag = luck.bag
        self.faces = list(reversed(luck.faces))
        self.leader = view.leader
        self.final = view.final_round
        self.over = False
        policy.rng.seed(luck.seed)

    # ----------------------------------------------------------------- the first decision

    def choose(self, count: int) -> float:
        """The seat, leading after a CHOICE roll, draws `count`; then the policy plays."""
        if self._draw(count):
            self._buy_step()
        return self._play_on()

    def buy(self, bought: bool) -> float:
        """The seat buys its draw (`bought`) or discards it; then the policy plays."""
        self._settle(bought)
        self._sell_step()
        return self._play_on()

    def sell(self, words: Sequence[Word]) -> float:
        """The seat sells `words` (all of its selling this round); then the policy plays."""
        self._sell(words)
        if self.final:
            self.over = True
        else:
            self._limit_step()
        return self._play_on()

    def drop(self, letters: str) -> float:
        """The seat drops `letters` at the tile limit; then the policy plays."""
        self.hand = take(self.hand, letters)
        return self._play_on()

    # ----------------------------------------------------------------- the rounds after

    def _play_on(self) -> float:
        """Rounds by the policy until the game ends or the horizon; the value reached."""
        while not self.over:
            self.rounds_left -= 1
            if self.rounds_left <= 0:
                return self._truncated()
            self.leader = (self.leader + 1) % self.view.seats  # alone, always the leader
            face = self.faces.pop() if self.faces else self.policy.rng.choice(
                self.view.rules.die_faces)
            if face == CHOICE:
                count = (self.policy.choose(self._seen(Phase.CHOOSE))
                         if self.leader == self.view.seat else min(self.view.rules.draw_choices))
            else:
                assert isinstance(face, int)
                count = face
            if self._draw(count):
                self._buy_step()
        return float(self.money)

    def _draw(self, count: int) -> bool:
        """The draw step: the seat's draw, or the final round (False: nothing to buy)."""
        seats = self.view.seats
        if len(self.bag) < count * seats:
            self.bag = ""
            self.final = True
            self._sell_step()
            return False
        mine = (self.view.own_seat - self.leader) % seats * count
        self.drawn = self.bag[mine:mine + count]
        self.bag = self.bag[count * seats:]
        self.final = not self.bag
        return True

    def _buy_step(self) -> None:
        view = self._seen(Phase.BUY)
        self._settle(view.can_buy and self.policy.buy(view))
        self._sell_step()

    def _settle(self, bought: bool) -> None:
        """Buy the draw (paying its price) or discard it."""
        if bought:
            self.money -= self.view.rules.tiles.price_of(self.drawn)
            self.hand = "".join(sorted(self.hand + self.drawn))
        self.drawn = ""

    def _sell_step(self) -> None:
        self._sell(self.policy.sell(self._seen(Phase.SELL)))
        if self.final:
            self.over = True
        else:
            self._limit_step()

    def _sell(self, words: Sequence[Word]) -> None:
        for word in words:
            self.hand = take(self.hand, word.letters)
            self.wilds -= word.wild
            self.money += word.price

    def _limit_step(self) -> None:
        limit = self.view.tile_limit
        if limit is not None and len(self.hand) > limit:
            self.hand = take(self.hand, self.policy.drop(self._seen(Phase.DROP)))

    def _truncated(self) -> float:
        """The money the seat can expect at the end from here: what it holds, and a share of
        what its hand, its wilds and the tiles left in the bag are worth (see HAND_SHARE)."""
        view = self._seen(Phase.ROLL)
        hand = self.policy.futures_value(self.hand, self.wilds, self._end_futures(view), {})
        bag = len(self.bag)
        wild = WILD_WORTH + WILD_WORTH_PER_TILE * bag
        return (self.money + HAND_SHARE * hand + TILE_WORTH * bag / self.view.seats
                + wild * self.wilds)

    def _end_futures(self, view: SeatView) -> list[str]:
        """The futures the end value weighs the hand against: `END_FUTURES` of them (as many
        as the fit used), drawn with the luck's own seed, so that candidates reaching the
        same bag meet the same futures and their paired difference carries none of this
        noise."""
        unseen = view.unseen
        reachable = max(0, (view.bag_size - 1) // max(1, view.seats))
        size = min(self.policy.style.future_tiles, reachable, len(unseen))
        if size <= 0:
            return [""]
        return sample_futures(random.Random(self.luck.seed), unseen, size, END_FUTURES)

    def _seen(self, phase: Phase) -> SeatView:
        """The seat's view now, as the policy reads it: the rest of the bag is unseen."""
        view = self.view
        limit = view.tile_limit
        price = view.rules.tiles.price_of(self.drawn)
        # What `dataclasses.replace` makes, without calling the constructor again with every
        # field (a rollout builds a dozen views; replace was a tenth of its time).
        seen = object.__new__(SeatView)
        fields = seen.__dict__
        fields.update(view.__dict__)
        fields.update(
            phase=phase, leader=self.leader, current=view.seat, final_round=self.final,
            hand=self.hand, money=self.money, wilds=self.wilds, drawn=self.drawn,
            bag_size=len(self.bag), unseen="".join(sorted(self.bag)),
            over_limit=max(0, len(self.hand) - limit) if limit is not None else 0,
            can_buy=bool(self.drawn) and self.money >= price, log=(), last_sale=None)
        return seen
