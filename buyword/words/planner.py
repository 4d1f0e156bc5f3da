"""The sale planner: the set of disjoint words that sells a hand for the most money right now.

Every sub-multiset of the hand that spells a word (exactly, or with one wild) is an *item* worth
(pips)²; the plan is the best collection of disjoint items using at most the wilds held. It is
found exactly by a depth-first branch and bound, items tried richest first, and it tries the same
plans in the same order as a search of every item, so it chooses the same plan, ties included.
The search is bounded by a budget of work (`SEARCH_WORK`, steps times items): a hand a game
deals never reaches it, and a bigger one gets the best plan found, marked `exact=False`.
How the bound, the floor, the halves and the bitsets make it fast: docs/development.md, "The
sale planner".
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import compress
from typing import Final

from buyword.engine.tiles import TileSet, price
from buyword.words.finder import Candidate, LetterCodes, WordFinder, hand_counts

#: The search's budget: steps (partial plans tried) times items, before it settles for the best
#: plan so far.
SEARCH_WORK = 1_000_000_000
#: Every search may take at least this many steps, however many items there are.
MIN_STEPS = 2_000
#: Hands with up to this many sets (every hand a game deals) find their dearest word from two
#: halves instead of sorting every set (see `_dearest_of_halves`).
_HALVES_UP_TO = 1 << 16


@dataclass(frozen=True)
class SalePlan:
    """The words to sell now, best first, with the money they bring and what stays in hand."""

    words: tuple[Candidate, ...]
    total: int  # dollars, the sum of the words' prices
    leftover: str  # the letter tiles not sold, in hand order
    wilds_used: int
    #: False when the search stopped at its budget: the best plan found, maybe not the best.
    exact: bool = True

    @property
    def notations(self) -> tuple[str, ...]:
        """The words in the engine's `sell` notation, ready for `game.apply("sell ...")`."""
        return tuple(candidate.notation for candidate in self.words)


#: An item: hand tiles that sell as a word (with a wild if `wild` is 1) and what they bring,
#: as a plain tuple (thousands are made a second). Its order is the search's: most pips first,
#: at equal pips words without the wild first, then by tiles, so that the plan found is the
#: same on every run.
_Item = tuple[
    int,  # minus the word's pips
    int,  # wild: 1 if the word needs the wild, else 0
    str,  # key: the hand tiles, sorted
    int,  # pips of the hand tiles alone
    int,  # the word's price
    bytes,  # how many of each letter of the codes' letters the key holds, a byte each
]
# Final, so the checker reads `item[_KEY]` as the str it is, not any field of an item.
_WILD: Final = 1
_KEY: Final = 2
_TILE_PIPS: Final = 3
_VALUE: Final = 4
_COUNTS: Final = 5


def plan_sale(
    finder: WordFinder, hand: str, wilds: int, min_length: int = 2,
    budget: int | None = None,
) -> SalePlan:
    """The most money the hand can make by selling words now, and which words.

    Words are disjoint, each uses at most one wild and `wilds` is the number held. Among
    equally rich plans the one using fewer wilds is chosen (wilds are worth keeping). The
    search stops after `budget` steps (by default as many as SEARCH_WORK allows for this many
    items) with the best plan so far, and then `exact` is False.
    """
    return _plan(finder, hand, *choose_sale(finder, hand, wilds, min_length, budget))


def sale_tiles(finder: WordFinder, hand: str, wilds: int, min_length: int = 2
               ) -> tuple[int, tuple[tuple[str, bool, int], ...]]:
    """`plan_sale`'s money and words, each as its hand tiles (sorted), whether it needs the
    wild, and its pips, in the plan's order: what computer players ask for thousands of
    times, without spelling every word out."""
    chosen = choose_sale(finder, hand, wilds, min_length, None)[0]
    pips = [-item[0] for item in chosen]
    if len(set(pips)) < len(pips):  # equal pips are ordered by their words: spell them
        words = _plan(finder, hand, chosen).words
        return sum(c.price for c in words), tuple(
            ("".join(sorted(c.letters)), c.wild is not None, c.pips) for c in words)
    ordered = sorted(chosen)  # by pips, most first
    return sum(item[_VALUE] for item in ordered), tuple(
        (item[_KEY], bool(item[_WILD]), -item[0]) for item in ordered)


def choose_sale(finder: WordFinder, hand: str, wilds: int, min_length: int, budget: int | None
            ) -> tuple[list[_Item], bool]:
    """The items of the best plan, and whether the search finished (see `plan_sale`)."""
    counts = hand_counts(hand, wilds)
    hand_pips = finder.tiles.pips_of(hand)
    lone = lone_item(finder, min_length, wilds)
    held = "".join(sorted(letter for letter in counts if letter in finder.codes.cap))
    wild_pips = finder.tiles.wild_pips
    composites: list[int] | None = None
    halves: _Halves | None = None
    if finder.codes.how_many(counts) > _HALVES_UP_TO:
        # Dearest first: the few sets the quick search needs are then the first ones.
        composites = sorted(finder.subsets(counts), reverse=True)
        first = _dearest(finder, composites, min_length, wilds)
    else:  # no need to sort them all: the dearest word is found from the hand's two halves
        halves = halves_of(finder.codes, counts)
        first = _dearest_of_halves(finder, halves, min_length, wilds)
    # Unless a wild may be sold alone, each word with a wild takes a tile or more.
    usable = wilds if lone else min(wilds, sum(counts.values()))
    floor = _floor(first, hand_pips, usable, wild_pips)
    if floor > 1:
        # The quick search: the rich items only, the poor ones of the tiles left listed when a
        # branch reaches them. It visits the very same plans as the whole search, in the same
        # order, so it is used whenever it finishes within the steps every search may take.
        describe = describer(finder.codes, counts, held, halves)
        if halves is None:
            assert composites is not None
            items = rich_items(finder, composites, min_length, wilds > 0, floor, describe)
        else:  # the sets the rich items may be, joined from the halves
            items = rich_items_of_halves(finder, halves, min_length, wilds > 0, floor)
        quick = MIN_STEPS if budget is None else min(budget, MIN_STEPS)
        try:
            chosen = _search(items, lone, counts, hand_pips, wilds, finder.tiles, quick,
                             finder.codes.position,
                             _Poorer(finder, min_length, wilds > 0, floor, describe))
            return chosen, True
        except _OutOfSteps as stop:
            if budget is not None and budget <= MIN_STEPS:
                return stop.best, False
    return _choose_whole(finder, hand, wilds, min_length, budget)


def plan_whole(finder: WordFinder, hand: str, wilds: int, min_length: int = 2,
                budget: int | None = None) -> SalePlan:
    """`plan_sale` by the whole search: every item listed before it starts (the quick
    search's reference)."""
    return _plan(finder, hand, *_choose_whole(finder, hand, wilds, min_length, budget))


def _choose_whole(finder: WordFinder, hand: str, wilds: int, min_length: int = 2,
                  budget: int | None = None) -> tuple[list[_Item], bool]:
    """`choose_sale` by the whole search (the quick search's way out when a search is long)."""
    counts = hand_counts(hand, wilds)
    held = "".join(sorted(letter for letter in counts if letter in finder.codes.cap))
    composites = finder.subsets(counts)
    items = items_of(finder, hits_of(finder, composites, min_length, wilds > 0),
                   describer(finder.codes, counts, held))
    if budget is None:
        budget = max(MIN_STEPS, SEARCH_WORK // max(1, len(items)))
    try:
        chosen = _search(items, lone_item(finder, min_length, wilds), counts,
                         finder.tiles.pips_of(hand), wilds, finder.tiles, budget,
                         finder.codes.position)
    except _OutOfSteps as stop:
        return stop.best, False
    return chosen, True


#: A set of tiles (code) described: its letters sorted, and a byte per letter of the codes'
#: letters holding how many (see `LetterCodes.describe`).
_Description = tuple[str, bytes]
_Describe = Callable[[int], _Description]


#: One half of a hand's letters (see `halves_of`): its sets as composites, dearest first, and
#: each set's letters and its bytes of the counts (see `LetterCodes.describe`), in that order.
_Half = tuple[list[int], list[str], list[bytes]]
#: A hand's two halves, and the split: a set's code modulo it is its second half's code.
_Halves = tuple[_Half, _Half, int]


def halves_of(codes: LetterCodes, counts: Mapping[str, int]) -> _Halves:
    """The hand `counts` split in two halves of its letters (the first alphabetically), each
    half's few sets listed and described once, building on each other.

    A set of the hand is a set of each half: their composites add up to its composite (the
    halves have no letter in common), their letters and counts join into its own (the first
    half's letters come first alphabetically and in the counts' bytes).
    """
    letters = [letter for letter in sorted(counts) if letter in codes.step]
    middle = len(letters) // 2
    split = codes.mult[letters[middle - 1]] if middle else codes.limit
    at = codes.position[letters[middle]] if middle < len(letters) else len(codes.letters)
    return (_half(codes, letters[:middle], counts, 0, at),
            _half(codes, letters[middle:], counts, at, len(codes.letters)), split)


def _half(codes: LetterCodes, letters: list[str], counts: Mapping[str, int], start: int,
          end: int) -> _Half:
    """Every set of `counts`'s tiles of these `letters` (alphabetical), dearest first, with
    its letters and the bytes `start` to `end` of its counts (where these letters are)."""
    sets, keys, digits = [0], [""], [0]
    for letter in letters:
        step, unit = codes.step[letter], 1 << 8 * (end - 1 - codes.position[letter])
        many = range(min(counts[letter], codes.cap[letter]) + 1)
        # As `LetterCodes.subsets` grows its list: each set so far, with 0, 1, 2... of them.
        sets = [composite + k * step for composite in sets for k in many]
        keys = [key + letter * k for key in keys for k in many]
        digits = [count + k * unit for count in digits for k in many]
    size = end - start
    # Composites are distinct, so the tuples sort by them alone.
    ordered = sorted(zip(sets, keys, [count.to_bytes(size, "big") for count in digits],
                         strict=True), reverse=True)
    return [o[0] for o in ordered], [o[1] for o in ordered], [o[2] for o in ordered]


def describer(codes: LetterCodes, counts: Mapping[str, int], held: str,
               halves: _Halves | None = None) -> _Describe:
    """Describes the sets of one hand's tiles as `codes.describe` does, and remembers them
    there.

    A set is its two halves' (see `halves_of`; `halves`, if they were listed already), found
    with one remainder: the second half's letters are the code's low digits. That is
    several times quicker than reading every digit of every set the search lists.
    A hand with more than `_HALVES_UP_TO` sets (far beyond a game's) is described digit by
    digit instead. `held`: the hand's letters, sorted.
    """
    if codes.how_many(counts) > _HALVES_UP_TO:
        return lambda code: codes.describe(code, held)
    tables: list[tuple[dict[int, _Description], dict[int, _Description], int]] = []
    remembered = codes._described
    code_mask = codes.code_mask

    def by_code(half: _Half) -> dict[int, _Description]:
        sets, keys, counted = half
        return dict(zip(map(code_mask.__and__, sets), zip(keys, counted, strict=True),
                        strict=True))

    def describe(code: int) -> _Description:
        if not tables:  # on the first set not remembered
            high, low_half, at = halves or halves_of(codes, counts)
            tables.append((by_code(high), by_code(low_half), at))
        first, second, split = tables[0]
        low = code % split
        key, counted = first[code - low]
        low_key, low_counted = second[low]
        described = remembered[code] = (key + low_key, counted + low_counted)
        return described

    return describe


def lone_item(finder: WordFinder, min_length: int, wilds: int) -> _Item | None:
    """A wild sold alone, as an item, if the dictionary has a one-letter word and the rules
    allow one; else None."""
    if not wilds or min_length > 1 or 0 not in finder.wild_codes:
        return None
    wild_pips = finder.tiles.wild_pips
    return (-wild_pips, 1, "", 0, price(wild_pips), bytes(len(finder.codes.letters)))


#: The sets among a hand's sub-multisets (composites) that spell a word of at least the
#: shortest length, and those one tile short of one (empty without a wild; never the empty set).
_Hits = tuple[list[int], list[int]]


def hits_of(finder: WordFinder, composites: list[int], min_length: int, wild: bool,
          floor: int = 0) -> _Hits:
    """The composites that spell a word (of `floor` pips or more), and (with `wild`) those a
    wild makes a word of."""
    codes = finder.codes
    code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
    exact, with_wild = finder.exact_codes, finder.wild_codes
    # One probe a set, in comprehensions: most sets of a hand spell nothing.
    lowest = floor << codes.pips_shift
    spelled = [c for c in composites if c >= lowest and c & code_mask in exact]
    if min_length > 1:
        spelled = [c for c in spelled if c >> size_shift & size_mask >= min_length]
    if not wild:
        return spelled, []
    short = [c for c in composites if c & code_mask in with_wild]
    return spelled, [c for c in short if c & code_mask
                     and (c >> size_shift & size_mask) + 1 >= min_length]


def _floor(first: int, pips_left: int, wilds: int, wild_pips: int) -> int:
    """The fewest pips an item needs to be listed before the search starts (0: list them all).

    The dearest word (`first` pips) alone is a plan worth first²: the root of the search only
    tries items that might beat it, and poorer ones matter only deeper, where fewer tiles are
    left and they are quicker to list. `pips_left`, `wilds`: the pips of the hand's tiles,
    and the wilds that can sell (see `most_pips`).
    """
    least = first * first
    return next((pips for pips in range(1, first + 1)
                 if most_pips(pips, pips_left, wilds, wild_pips) >= least), 0)


def _dearest(finder: WordFinder, composites: list[int], min_length: int, wilds: int) -> int:
    """The pips of the dearest word among `composites` (dearest first), 0 if none."""
    codes = finder.codes
    code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
    exact, with_wild, wild_pips = finder.exact_codes, finder.wild_codes, finder.tiles.wild_pips
    bonus = wild_pips if wilds else 0
    best = 0
    for composite in composites:
        pips = composite >> codes.pips_shift
        if pips + bonus <= best:
            break  # no set from here on could beat the dearest word found
        code = composite & code_mask
        size = composite >> size_shift & size_mask
        if bonus and code and code in with_wild and size + 1 >= min_length:
            best = pips + bonus
        elif pips > best and code in exact and size >= min_length:
            best = pips
    return best


def _dearest_of_halves(finder: WordFinder, halves: _Halves, min_length: int,
                       wilds: int) -> int:
    """`_dearest` of a hand, without sorting all its sets: pairs of its two halves' sets
    (see `halves_of`, dearest first) are joined by adding their composites, dearest first along
    each half, until none left could beat the dearest word found."""
    codes = finder.codes
    code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
    exact, with_wild, shift = finder.exact_codes, finder.wild_codes, codes.pips_shift
    bonus = finder.tiles.wild_pips if wilds else 0
    firsts, seconds = halves[0][0], halves[1][0]
    top = seconds[0]
    best = 0
    for first in firsts:
        if ((first + top) >> shift) + bonus <= best:
            break  # no pair from here on could beat the dearest word found
        for second in seconds:
            joint = first + second
            pips = joint >> shift
            if pips + bonus <= best:
                break
            code = joint & code_mask
            size = joint >> size_shift & size_mask
            if bonus and code and code in with_wild and size + 1 >= min_length:
                best = pips + bonus
            elif pips > best and code in exact and size >= min_length:
                best = pips
    return best


def most_pips(pips: int, pips_left: int, wilds: int, wild_pips: int) -> int:
    """The most money words of at most `pips` pips each (at least 1) could bring from tiles
    of `pips_left` pips and `wilds` wilds of `wild_pips` pips, at most one wild a word: the
    search's bound. It never falls as `pips` grows.

    Squares favour the largest words: each wild begins a word of its own, and the tiles'
    pips fill those words up to `pips` one after the other (a word begun by a wild needs
    fewer to be full), then words of tiles alone; what is left makes one more word. With
    many wilds and few pips, most wilds' words stay at the wild alone: a hand with seven
    wilds and 20 pips of tiles can make at most 247 with words of 11 pips, not 267 as if
    its 27 pips could all go into words of 11 (2 x 121 + 5², which needs a third word
    with 5 wilds).
    """
    base = 0
    if wilds:
        fill = pips - wild_pips  # the tiles' pips that fill a word begun by a wild
        if fill > 0:
            full = pips_left // fill
            if full < wilds:  # the tiles run out among the wilds' words
                rest = wild_pips + pips_left - full * fill
                return (full * pips * pips + rest * rest
                        + (wilds - full - 1) * wild_pips * wild_pips)
            pips_left -= wilds * fill
            base = wilds * pips * pips
        else:  # words begun by a wild are full already
            base = wilds * wild_pips * wild_pips
    whole, rest = divmod(pips_left, pips)
    return base + whole * pips * pips + rest * rest


def rich_items(finder: WordFinder, composites: list[int], min_length: int, wild: bool,
                floor: int, describe: _Describe) -> list[_Item]:
    """The items of at least `floor` pips among the hand's sets `composites` (in any order),
    richest first: `items_of(finder, hits_of(...), describe, floor)` in one pass."""
    codes = finder.codes
    code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
    pips_shift, wild_pips = codes.pips_shift, finder.tiles.wild_pips
    exact, with_wild = finder.exact_codes, finder.wild_codes
    described = codes._described
    # Composites carry their pips in the top bits: comparing the numbers compares pips.
    lowest = floor << pips_shift
    lowest_wild = max(0, floor - wild_pips) << pips_shift if wild else lowest
    # One probe a set, in comprehensions: most sets of a hand spell nothing.
    rich = [c for c in composites if c >= lowest_wild]
    spelled = [c for c in rich if c >= lowest and c & code_mask in exact]
    short = [c for c in rich if c & code_mask in with_wild] if wild else []
    items: list[_Item] = []
    for composite in spelled:
        if composite >> size_shift & size_mask >= min_length:
            code = composite & code_mask
            key, digits = described.get(code) or describe(code)
            pips = composite >> pips_shift
            items.append((-pips, 0, key, pips, pips * pips, digits))
    for composite in short:
        code = composite & code_mask
        if code and (composite >> size_shift & size_mask) + 1 >= min_length:
            key, digits = described.get(code) or describe(code)
            tile_pips = composite >> pips_shift
            pips = tile_pips + wild_pips
            items.append((-pips, 1, key, tile_pips, pips * pips, digits))
    items.sort()  # richest first (the bound relies on it); see `_Item` for ties
    return items


def rich_items_of_halves(finder: WordFinder, halves: _Halves, min_length: int, wild: bool,
                          floor: int) -> list[_Item]:
    """`rich_items` of a hand's sets joined from its two halves (see `halves_of`), richest
    first.

    A row of sets is one set of the first half with the second half's, dearest first, as far
    as they reach the floor (found by bisection); its look-ups run in C (`map`), and the few
    sets that make words are described from their halves' descriptions, with no remainder
    and no dictionary of sets.
    """
    (firsts, first_keys, first_counts), (seconds, second_keys, second_counts), _ = halves
    codes = finder.codes
    code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
    pips_shift, wild_pips = codes.pips_shift, finder.tiles.wild_pips
    spells, spells_with_wild = finder.exact_codes.__contains__, finder.wild_codes.__contains__
    # Composites carry their pips in the top bits: comparing the numbers compares pips.
    lowest = floor << pips_shift
    lowest_wild = max(0, floor - wild_pips) << pips_shift if wild else lowest
    negatives = [-second for second in seconds]  # ascending, for bisection
    items: list[_Item] = []
    for first, first_key, first_counted in zip(firsts, first_keys, first_counts, strict=True):
        reach = bisect_right(negatives, first - lowest_wild)  # seconds >= lowest_wild - first
        if not reach:
            break  # the firsts are dearest first: no later row reaches the floor either
        row = list(map(first.__add__, seconds[:reach]))
        row_codes = list(map(code_mask.__and__, row))
        for j in compress(range(reach), map(spells, row_codes)):
            composite = row[j]
            if composite >= lowest and composite >> size_shift & size_mask >= min_length:
                pips = composite >> pips_shift
                items.append((-pips, 0, first_key + second_keys[j], pips, pips * pips,
                              first_counted + second_counts[j]))
        if not wild:
            continue
        for j in compress(range(reach), map(spells_with_wild, row_codes)):
            composite = row[j]
            if row_codes[j] and (composite >> size_shift & size_mask) + 1 >= min_length:
                tile_pips = composite >> pips_shift
                pips = tile_pips + wild_pips
                items.append((-pips, 1, first_key + second_keys[j], tile_pips, pips * pips,
                              first_counted + second_counts[j]))
    items.sort()  # richest first (the bound relies on it); see `_Item` for ties
    return items


def items_of(finder: WordFinder, hits: _Hits, describe: _Describe, floor: int = 0,
           below: int | None = None) -> list[_Item]:
    """The hits worth `floor` pips or more (and fewer than `below`, if given) as items,
    richest first. `describe`: the hand's sets described (see `describer`).
    """
    codes = finder.codes
    code_mask, pips_shift, wild_pips = codes.code_mask, codes.pips_shift, finder.tiles.wild_pips
    described = codes._described
    spelled, short = hits
    items: list[_Item] = []
    # Composites carry their pips in the top bits: comparing the numbers compares pips.
    lowest = floor << pips_shift
    highest = None if below is None else below << pips_shift
    for composite in spelled:
        if composite >= lowest and (highest is None or composite < highest):
            code = composite & code_mask
            key, digits = described.get(code) or describe(code)
            pips = composite >> pips_shift
            items.append((-pips, 0, key, pips, price(pips), digits))
    lowest = max(0, floor - wild_pips) << pips_shift
    highest = None if below is None else max(0, below - wild_pips) << pips_shift
    for composite in short:
        if composite >= lowest and (highest is None or composite < highest):
            code = composite & code_mask
            key, digits = described.get(code) or describe(code)
            tile_pips = composite >> pips_shift
            pips = tile_pips + wild_pips
            items.append((-pips, 1, key, tile_pips, price(pips), digits))
    items.sort()  # richest first (the bound relies on it); see `_Item` for ties
    return items


class _Poorer:
    """The items below the quick search's floor that the tiles left could sell, richest first,
    listed down to the fewest pips a branch can use (remembered by tiles left, and listed
    further down when a branch needs more: a search meets the same few tiles again and
    again, and most branches only need the richest of them)."""

    def __init__(self, finder: WordFinder, min_length: int, wild: bool, floor: int,
                 describe: _Describe) -> None:
        """Items of `finder`'s words, of at least `min_length` letters, under `floor` pips,
        made of the hand's tiles (`describe` describes its sets)."""
        self.finder, self.min_length, self.wild, self.floor = finder, min_length, wild, floor
        self.describe = describe
        # tiles left -> (the fewest pips listed, the items listed, their sets)
        self.known: dict[tuple[int, ...], tuple[int, list[_Item], list[int]]] = {}

    def __call__(self, left: dict[str, int], lowest: int) -> list[_Item]:
        """The items of `lowest` pips or more (and under the floor) the tiles `left` (letter
        -> how many) can sell, and perhaps poorer ones."""
        remembered = tuple(left.values())
        known = self.known.get(remembered)
        if known is not None and known[0] <= lowest:
            return known[1]
        finder = self.finder
        shift, wild_pips = finder.codes.pips_shift, finder.tiles.wild_pips
        if known is None:
            listed: list[_Item] = []
            top, composites = self.floor, finder.subsets(left)
        else:
            top, listed, composites = known
        # The sets that sell for lowest..top-1 pips, with the wild or without.
        bottom = max(0, lowest - wild_pips if self.wild else lowest) << shift
        band = [c for c in composites if bottom <= c < top << shift]
        hits = hits_of(finder, band, self.min_length, self.wild, lowest)
        # Every item listed before is richer than the new ones: the list stays in order.
        listed = listed + items_of(finder, hits, self.describe, lowest, top)
        self.known[remembered] = (lowest, listed, composites)
        return listed


def _search(
    items: list[_Item],
    lone: _Item | None,
    counts: Counter[str],
    hand_pips: int,
    wilds: int,
    tiles: TileSet,
    budget: int,
    position: dict[str, int],
    poorer: _Poorer | None = None,
) -> list[_Item]:
    """The best collection of disjoint items, depth first, richest first, bounded.

    With `poorer`, `items` are only the richest (all of at least some floor): a branch whose
    bound lets items under the floor in asks `poorer` for those its tiles left can sell, and
    goes on with them exactly where the whole list would have. Raises _OutOfSteps, with the
    best plan found, after `budget` steps.

    A step (a partial plan tried) is weighed before it is entered: its own plan is counted,
    and its bound against the item it adds, the richest option it could have. Most steps
    end there, and then cost neither the bitset of their options nor a call.
    """
    # Scores put money first and, at equal money, fewer wilds: total * (wilds + 1) - used.
    scale = wilds + 1
    wild_pips = tiles.wild_pips
    lone_value = lone[_VALUE] if lone else 0
    left = dict(counts)  # the tiles left, by letter: changed and restored as the search goes
    needs_more, plain = _masks(items, counts, position)
    # fits[letter][k]: the items that need no more than k of that letter.
    fits = {letter: [~mask for mask in masks] for letter, masks in needs_more.items()}
    pips_of = [-item[0] or 1 for item in items]  # at least 1: the bound divides by it
    # No item left out of `items` has more pips than this (the floor, less one).
    under = poorer.floor - 1 if poorer else 0
    most = most_pips
    best_score = -1
    best: list[_Item] = []
    chosen: list[_Item] = []
    steps = 0

    def visit(options: int, since: _Item | None, pips_left: int, wilds_left: int, total: int,
              used: int, tiles_left: int, banked: int, usable: int) -> None:
        """Try the extensions of `chosen` by `options` (a bitset of the listed items), then,
        with `poorer`, by the poorer items from `since` on, that could beat `best`.

        `chosen` was counted as a step before (see `weigh`): `banked` is its money, with any
        wilds left sold alone if that is allowed, and `usable` the wilds left that could sell.
        """
        rest = options
        while rest:
            lowest = rest & -rest
            rest ^= lowest
            i = lowest.bit_length() - 1
            # No later option has more pips than this one, so the bound only falls: stop.
            pips = pips_of[i]
            if (banked + most(pips, pips_left, usable, wild_pips)) * scale - used <= best_score:
                return
            item = items[i]
            key = item[_KEY]
            wild = item[_WILD]
            spare = wilds_left - wild
            then = (pips_left - item[_TILE_PIPS], spare, total + item[_VALUE], used + wild,
                    tiles_left - len(key))
            weighed = weigh(item, pips, *then)
            if weighed is None:
                continue
            # Options from i on, not i + 1: the same tiles may sell twice if held twice.
            after = options >> i << i
            # A tile at a time: for a letter taken twice, the second mask holds the first.
            for letter in key:
                left[letter] -= 1
                after &= fits[letter][left[letter]]
            if not spare:
                after &= plain
            chosen.append(item)
            visit(after, None, *then, *weighed)
            chosen.pop()
            for letter in key:
                left[letter] += 1
        if poorer is None or under < 1:
            return
        if (banked + most(under, pips_left, usable, wild_pips)) * scale - used <= best_score:
            return
        # The fewest pips an option needs to pass the bound now (the bound only rises).
        lowest = under
        while lowest > 1:
            pips = lowest - 1
            if (banked + most(pips, pips_left, usable, wild_pips)) * scale - used <= best_score:
                break
            lowest = pips
        poor = poorer(left, lowest)
        for item in poor[0 if since is None else bisect_left(poor, since):]:
            wild = item[_WILD]
            if wild > wilds_left:
                continue  # not an option without a wild (the whole search never lists it)
            pips = -item[0] or 1
            if (banked + most(pips, pips_left, usable, wild_pips)) * scale - used <= best_score:
                return
            key = item[_KEY]
            then = (pips_left - item[_TILE_PIPS], wilds_left - wild, total + item[_VALUE],
                    used + wild, tiles_left - len(key))
            weighed = weigh(item, pips, *then)
            if weighed is None:
                continue
            for letter in key:
                left[letter] -= 1
            chosen.append(item)
            visit(0, item, *then, *weighed)
            chosen.pop()
            for letter in key:
                left[letter] += 1

    def weigh(item: _Item | None, pips: int, pips_left: int, wilds_left: int, total: int,
              used: int, tiles_left: int) -> tuple[int, int] | None:
        """Count the step that adds `item` (of `pips` pips) to `chosen`, or the empty plan
        (None). Its plan may be the best so far. Its money and the wilds left that could sell,
        if it could still beat the best plan with options of at most `pips` pips (none it
        could add is richer than its item), else None: entering it would try nothing."""
        nonlocal best_score, best, steps
        steps += 1
        if steps > budget:
            raise _OutOfSteps(best)
        # Stopping here, any wilds left are sold alone if that is allowed.
        banked = total + wilds_left * lone_value
        score = banked * scale - used - (wilds_left if lone else 0)
        if score > best_score:
            best_score = score
            best = list(chosen) if item is None else chosen + [item]
            if lone:
                best += [lone] * wilds_left
        # Without lone wilds every word with a wild takes a tile or more: no more wilds sell
        # than tiles are left.
        usable = wilds_left if lone or wilds_left < tiles_left else tiles_left
        if item is None:
            return banked, usable
        if (banked + most(pips, pips_left, usable, wild_pips)) * scale - used <= best_score:
            return None
        return banked, usable

    start = (hand_pips, wilds, 0, 0, counts.total())
    root = weigh(None, 0, *start)  # the empty plan: no bound before its first option's
    assert root is not None
    everything = (1 << len(items)) - 1
    visit(everything if wilds else plain, None, *start, *root)
    return best


def _masks(items: list[_Item], counts: Counter[str], position: dict[str, int]
           ) -> tuple[dict[str, list[int]], int]:
    """The search's bitsets: needs_more[letter][k], the items that need more than k of that
    letter, and the items without a wild. `position`: each letter's byte in an item's counts.

    The items' counts (a byte per letter) are joined into one matrix, read backwards (bit i
    is item i, and digits are read from the last item to the first); a letter's column
    becomes its bitsets by mapping its bytes to the digits "0" and "1" and reading them in
    base 2, all in C (setting bits in growing ints one at a time took time quadratic in the
    number of items, and setting them in Python was the slow part of a search).
    """
    if not items:
        return {letter: [0] * (n + 1) for letter, n in counts.items()}, 0
    width = len(position)
    matrix = b"".join([item[_COUNTS] for item in items])[::-1]
    zeros = bytes(len(items))
    needs_more = {}
    for letter, n in counts.items():
        at = position.get(letter)
        column = zeros if at is None else matrix[width - 1 - at::width]
        needs_more[letter] = [int(column.translate(_more_than(k)), 2) for k in range(n + 1)]
    wild = bytes([item[_WILD] for item in reversed(items)])
    return needs_more, int(wild.translate(_PLAIN), 2)


@cache
def _more_than(k: int) -> bytes:
    """A translation table: a byte holding a count to the digit "1" if it is more than k,
    else "0"."""
    return bytes(49 if count > k else 48 for count in range(256))


#: A translation table: an item's wild flag (0 or 1) to its digit in the bitset of the items
#: without a wild ("1" for 0).
_PLAIN = bytes([49, 48]) + bytes(254)


class _OutOfSteps(Exception):
    """The search used its budget of steps; it carries the best plan found (caught in
    `plan_sale`, never seen outside)."""

    def __init__(self, best: list[_Item]) -> None:
        """Stop with `best`, the best collection of items found so far."""
        super().__init__()
        self.best = best


def _plan(finder: WordFinder, hand: str, chosen: list[_Item], exact: bool = True) -> SalePlan:
    """The SalePlan that sells these items: their words, the money, the tiles left."""
    words = sorted((_candidate(finder, item) for item in chosen), key=lambda c: (-c.pips, c.word))
    leftover = Counter(hand) - Counter("".join(item[_KEY] for item in chosen))
    return SalePlan(
        words=tuple(words),
        total=sum(c.price for c in words),
        leftover=_in_hand_order(hand, leftover),
        wilds_used=sum(item[_WILD] for item in chosen),
        exact=exact,
    )


def _candidate(finder: WordFinder, item: _Item) -> Candidate:
    """The word an item sells as: alphabetically first of those its tiles (and wild) spell."""
    key = item[_KEY]
    if not item[_WILD]:
        return finder.candidate(key, None)
    # The first word each letter the wild could play spells, without a Candidate for each.
    codes, exact = finder.codes, finder.exact_codes
    code = codes.code(key)
    assert code is not None  # the item's tiles make a word with the wild, so a key
    word, letter = min((exact[code + codes.mult[letter]].split(" ", 1)[0], letter)
                       for letter in finder.wild_letters(key))
    return Candidate(word, letter, item[_TILE_PIPS] + finder.tiles.wild_pips)


def _in_hand_order(hand: str, keep: Counter[str]) -> str:
    """The letters of `keep`, in the order they stand in the hand."""
    kept = []
    for letter in hand:
        if keep[letter] > 0:
            kept.append(letter)
            keep[letter] -= 1
    return "".join(kept)


def best_word(finder: WordFinder, hand: str, wilds: int, min_length: int = 2) -> Candidate | None:
    """The single most valuable word the hand can sell now (ties alphabetical), or None.

    The same as `finder.find(...)[0]`, without listing every other word.
    """
    counts = hand_counts(hand, wilds)
    pips_of = finder.tiles.pips_of
    top: list[Candidate] = []
    for makeable in finder.makeable(counts, min_length, wilds > 0):
        pips = pips_of(makeable.key)
        options = [Candidate(word, None, pips) for word in makeable.exact]
        for letter in makeable.wild_letters:
            if counts[letter] > makeable.key.count(letter):
                continue  # spelled without the wild too; that spelling is worth more
            options.append(finder.candidate(makeable.key, letter))
        for option in options:
            if not top or option.pips > top[0].pips:
                top = [option]
            elif option.pips == top[0].pips:
                top.append(option)
    return min(top, key=lambda c: c.word) if top else None
