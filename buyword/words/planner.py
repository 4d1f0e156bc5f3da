"""The sale planner: the set of disjoint words that sells a hand for the most money right now.

Every sub-multiset of the hand that spells a word, exactly or with one wild, is an "item"
worth (pips)², whichever word it spells. The plan is the best collection of disjoint items
using at most the wilds held. It is found exactly by a depth-first branch and bound: items are
tried richest first, and a branch stops as soon as even its most optimistic outcome (all the
pips left, tiles and wilds, sold at the richest remaining item's pips per pip: the sum of the
squares is at most the largest times the sum) cannot beat the best plan found so far. Since a
word's price is the square of its pips, the big words that win are met first and the bound
cuts the rest short.

The search is bounded. A step's cost grows with the number of items (its bitsets are that
long), so the budget is a quantity of work, SEARCH_WORK: steps times items. Once it is spent
the search returns the best plan found so far, marked `exact=False`. A hand a game deals (eight
tiles kept, five drawn: a few thousand items) may take hundreds of thousands of steps and never
meets the bound; a hand of forty tiles with nine wilds (200,000 items) gets a few thousand steps,
a few seconds, instead of a search that ran for minutes.

The items still open at a step are a bitset (a Python int, bit i for the i-th richest item):
taking a word's tiles removes, per letter it uses, every item that needs more of that letter
than is left, with one mask each, so no step scans the whole item list.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from buyword.engine.tiles import TileSet, price
from buyword.words.finder import Candidate, WordFinder, hand_counts

#: The search's budget: steps (partial plans tried) times items, before it settles for the best
#: plan so far.
SEARCH_WORK = 1_000_000_000
#: Every search may take at least this many steps, however many items there are.
MIN_STEPS = 2_000


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
    tuple[tuple[str, int], ...],  # each letter of the key once, with how many
    int,  # pips of the hand tiles alone
    int,  # the word's price
]
_WILD, _KEY, _LETTERS, _TILE_PIPS, _VALUE = 1, 2, 3, 4, 5


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
    counts = hand_counts(hand, wilds)
    items = _items(finder, counts, min_length, wilds > 0)
    # A wild alone is a word only if the dictionary has a one-letter word and the rules allow it.
    lone = next((item for item in items if not item[_KEY]), None)
    if lone is not None:
        items.remove(lone)
    chosen, exact = _search(
        items, lone, counts, finder.tiles.pips_of(hand), wilds, finder.tiles, budget
    )
    return _plan(finder, hand, chosen, exact)


def _items(finder: WordFinder, counts: Counter[str], min_length: int, wild: bool) -> list[_Item]:
    """Every sub-multiset of the hand that sells as a word (with or without a wild), richest
    first.
    """
    codes = finder.codes
    subsets = finder.subsets(counts)
    code_mask, size_shift, size_mask = codes.code_mask, codes.size_shift, codes.size_mask
    pips_shift, wild_pips, describe = codes.pips_shift, finder.tiles.wild_pips, codes.describe
    by_code = dict(zip([composite & code_mask for composite in subsets], subsets, strict=True))
    held = "".join(sorted(letter for letter in counts if letter in codes.cap))
    items: list[_Item] = []
    # Intersecting the hand's sets with a table's keys runs in C, one probe per set.
    for code in by_code.keys() & finder.exact_codes.keys():
        composite = by_code[code]
        if composite >> size_shift & size_mask >= min_length:
            pips = composite >> pips_shift
            key, letters = describe(code, held)
            items.append((-pips, 0, key, letters, pips, price(pips)))
    if wild:
        for code in by_code.keys() & finder.wild_codes.keys():
            composite = by_code[code]
            if (composite >> size_shift & size_mask) + 1 >= min_length:
                tile_pips = composite >> pips_shift
                pips = tile_pips + wild_pips
                key, letters = describe(code, held)
                items.append((-pips, 1, key, letters, tile_pips, price(pips)))
    items.sort()  # richest first (the bound relies on it); see `_Item` for ties
    return items


def _search(
    items: list[_Item],
    lone: _Item | None,
    counts: Counter[str],
    hand_pips: int,
    wilds: int,
    tiles: TileSet,
    budget: int | None,
) -> tuple[list[_Item], bool]:
    """The best collection of disjoint items, depth first, richest first, bounded; and
    whether the search finished (True) or stopped at its `budget` of steps (False)."""
    # Scores put money first and, at equal money, fewer wilds: total * (wilds + 1) - used.
    scale = wilds + 1
    wild_pips = tiles.wild_pips
    lone_value = lone[_VALUE] if lone else 0
    left = dict(counts)  # the tiles left, by letter: changed and restored as the search goes
    if budget is None:
        budget = max(MIN_STEPS, SEARCH_WORK // max(1, len(items)))
    needs_more, plain = _masks(items, counts)
    pips_of = [-item[0] for item in items]
    best_score = -1
    best: list[_Item] = []
    chosen: list[_Item] = []
    steps = 0

    def visit(options: int, pips_left: int, wilds_left: int, total: int, used: int) -> None:
        """Try the extensions of `chosen` by `options` (a bitset) that could beat `best`."""
        nonlocal best_score, best, steps
        steps += 1
        if steps > budget:
            raise _OutOfSteps
        # Stopping here, any wilds left are sold alone if that is allowed.
        banked = total + wilds_left * lone_value
        score = banked * scale - used - (wilds_left if lone else 0)
        if score > best_score:
            best_score = score
            best = chosen + [lone] * wilds_left if lone else list(chosen)
        reach = pips_left + wilds_left * wild_pips
        rest = options
        while rest:
            lowest = rest & -rest
            rest ^= lowest
            i = lowest.bit_length() - 1
            # No later option has more pips than this one, so the bound only falls: stop.
            if (banked + pips_of[i] * reach) * scale - used <= best_score:
                break
            item = items[i]
            # Options from i on, not i + 1: the same tiles may sell twice if held twice.
            after = options >> i << i
            for letter, n in item[_LETTERS]:
                left[letter] -= n
                after &= ~needs_more[letter][left[letter]]
            wild = item[_WILD]
            spare = wilds_left - wild
            if not spare:
                after &= plain
            chosen.append(item)
            visit(after, pips_left - item[_TILE_PIPS], spare, total + item[_VALUE], used + wild)
            chosen.pop()
            for letter, n in item[_LETTERS]:
                left[letter] += n

    everything = (1 << len(items)) - 1
    try:
        visit(everything if wilds else plain, hand_pips, wilds, 0, 0)
    except _OutOfSteps:
        return best, False
    return best, True


def _masks(items: list[_Item], counts: Counter[str]) -> tuple[dict[str, list[int]], int]:
    """The search's bitsets: needs_more[letter][k], the items that need more than k of that
    letter, and the items without a wild.

    Each is filled in a bytearray and turned into an int once: OR-ing bits into growing ints
    one at a time took time quadratic in the number of items.
    """
    size = (len(items) + 7) // 8
    bits = {letter: [bytearray(size) for _ in range(n + 1)] for letter, n in counts.items()}
    plain = bytearray(size)
    for i, item in enumerate(items):
        byte, bit = i >> 3, 1 << (i & 7)
        if not item[_WILD]:
            plain[byte] |= bit
        for letter, n in item[_LETTERS]:
            arrays = bits[letter]
            for k in range(n):
                arrays[k][byte] |= bit
    needs_more = {
        letter: [int.from_bytes(array, "little") for array in arrays]
        for letter, arrays in bits.items()
    }
    return needs_more, int.from_bytes(plain, "little")


class _OutOfSteps(Exception):
    """The search used its budget of steps (caught in `_search`, never seen outside)."""


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
    options = [finder.candidate(key, letter) for letter in finder.wild_letters(key)]
    return min(options, key=lambda c: c.word)


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
