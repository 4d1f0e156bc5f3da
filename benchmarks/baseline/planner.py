"""The sale planner: the set of disjoint words that sells a hand for the most money right now.

Baseline copy (benchmarks only): as at commit 35cdcb5, for timing beside the current code.

Every sub-multiset of the hand that spells a word, exactly or with one wild, is an "item"
worth (pips)², whichever word it spells. The plan is the best collection of disjoint items
using at most the wilds held. It is found exactly by a depth-first branch and bound: items are
tried richest first, and a branch stops as soon as even its most optimistic outcome (all the
pips left, tiles and wilds, sold at the richest remaining item's pips per pip: the sum of the
squares is at most the largest times the sum) cannot beat the best plan found so far. Since a
word's price is the square of its pips, the big words that win are met first and the bound
cuts the rest short.

The items still open at a step are a bitset (a Python int, bit i for the i-th richest item):
taking a word's tiles removes, per letter it uses, every item that needs more of that letter
than is left, with one mask each, so no step scans the whole item list.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from baseline.finder import Candidate, WordFinder, hand_counts
from buyword.engine.tiles import TileSet, price


@dataclass(frozen=True)
class SalePlan:
    """The words to sell now, best first, with the money they bring and what stays in hand."""

    words: tuple[Candidate, ...]
    total: int  # dollars, the sum of the words' prices
    leftover: str  # the letter tiles not sold, in hand order
    wilds_used: int

    @property
    def notations(self) -> tuple[str, ...]:
        """The words in the engine's `sell` notation, ready for `game.apply("sell ...")`."""
        return tuple(candidate.notation for candidate in self.words)


@dataclass(frozen=True, slots=True)
class _Item:
    """Hand tiles that sell as a word, with a wild if `wild` is 1, and what they bring."""

    key: str  # the hand tiles, sorted
    letters: tuple[tuple[str, int], ...]  # each letter of `key` once, with how many
    tile_pips: int  # pips of the hand tiles alone
    wild: int  # 1 if the word needs the wild, else 0
    pips: int  # the word's pips, the wild's included
    value: int  # its price


def plan_sale(finder: WordFinder, hand: str, wilds: int, min_length: int = 2) -> SalePlan:
    """The most money the hand can make by selling words now, and which words.

    Words are disjoint, each uses at most one wild and `wilds` is the number held. Among
    equally rich plans the one using fewer wilds is chosen (wilds are worth keeping).
    """
    counts = hand_counts(hand, wilds)
    items = _items(finder, counts, min_length, wilds > 0)
    # A wild alone is a word only if the dictionary has a one-letter word and the rules allow it.
    lone = next((item for item in items if not item.key), None)
    items = [item for item in items if item.key]
    chosen = _search(items, lone, counts, finder.tiles.pips_of(hand), wilds, finder.tiles)
    return _plan(finder, hand, chosen)


def _items(finder: WordFinder, counts: Counter[str], min_length: int, wild: bool) -> list[_Item]:
    """Every sub-multiset of the hand that sells as a word (with or without a wild), richest
    first.
    """
    pips_of = finder.tiles.pips.__getitem__
    wild_pips = finder.tiles.wild_pips
    items = []
    for makeable in finder.makeable(counts, min_length, wild):
        key = makeable.key
        letters = tuple((letter, key.count(letter)) for letter in dict.fromkeys(key))
        pips = sum(map(pips_of, key))
        if makeable.exact:
            items.append(_Item(key, letters, pips, 0, pips, price(pips)))
        if makeable.wild_letters:
            with_wild = pips + wild_pips
            items.append(_Item(key, letters, pips, 1, with_wild, price(with_wild)))
    # Richest first (the bound relies on it); at equal pips, words without the wild first,
    # then by tiles, so that the plan found is the same on every run.
    items.sort(key=lambda item: (-item.pips, item.wild, item.key))
    return items


def _search(
    items: list[_Item],
    lone: _Item | None,
    counts: Counter[str],
    hand_pips: int,
    wilds: int,
    tiles: TileSet,
) -> list[_Item]:
    """The best collection of disjoint items: depth first, richest first, bounded."""
    # Scores put money first and, at equal money, fewer wilds: total * (wilds + 1) - used.
    scale = wilds + 1
    wild_pips = tiles.wild_pips
    lone_value = lone.value if lone else 0
    left = dict(counts)  # the tiles left, by letter: changed and restored as the search goes
    # needs_more[letter][k]: the items that need more than k of that letter.
    needs_more = {letter: [0] * (n + 1) for letter, n in counts.items()}
    plain = 0  # the items without a wild
    for i, item in enumerate(items):
        bit = 1 << i
        if not item.wild:
            plain |= bit
        for letter, n in item.letters:
            masks = needs_more[letter]
            for k in range(n):
                masks[k] |= bit
    best_score = -1
    best: list[_Item] = []
    chosen: list[_Item] = []

    def visit(options: int, pips_left: int, wilds_left: int, total: int, used: int) -> None:
        """Try the extensions of `chosen` by `options` (a bitset) that could beat `best`."""
        nonlocal best_score, best
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
            item = items[i]
            # No later option has more pips than this one, so the bound only falls: stop.
            if (banked + item.pips * reach) * scale - used <= best_score:
                break
            # Options from i on, not i + 1: the same tiles may sell twice if held twice.
            after = options >> i << i
            for letter, n in item.letters:
                left[letter] -= n
                after &= ~needs_more[letter][left[letter]]
            spare = wilds_left - item.wild
            if not spare:
                after &= plain
            chosen.append(item)
            visit(after, pips_left - item.tile_pips, spare, total + item.value, used + item.wild)
            chosen.pop()
            for letter, n in item.letters:
                left[letter] += n

    everything = (1 << len(items)) - 1
    visit(everything if wilds else plain, hand_pips, wilds, 0, 0)
    return best


def _plan(finder: WordFinder, hand: str, chosen: list[_Item]) -> SalePlan:
    """The SalePlan that sells these items: their words, the money, the tiles left."""
    words = sorted((_candidate(finder, item) for item in chosen), key=lambda c: (-c.pips, c.word))
    leftover = Counter(hand) - Counter("".join(item.key for item in chosen))
    return SalePlan(
        words=tuple(words),
        total=sum(c.price for c in words),
        leftover=_in_hand_order(hand, leftover),
        wilds_used=sum(item.wild for item in chosen),
    )


def _candidate(finder: WordFinder, item: _Item) -> Candidate:
    """The word an item sells as: alphabetically first of those its tiles (and wild) spell."""
    if not item.wild:
        return finder.candidate(item.key, None)
    options = [finder.candidate(item.key, letter) for letter in finder.wild_letters(item.key)]
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
