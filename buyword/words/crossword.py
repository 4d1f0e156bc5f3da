"""The crossword move generator: every legal placement of a hand on the grid, best price first.

A placement must cover at least one tile on the table, so along each line (a row for words
across, a column for words down) that holds tiles, a word covers a run of consecutive groups
of tiles, fills the gaps between them and may reach out on either side. The letters it lays are
a sub-multiset of the hand (with at most one wild), so its letters, sorted, are those of the
groups it covers plus a sub-multiset of the hand: the word finder's one-wild index answers, in
one look-up per sub-multiset, which letters one more tile (of the hand, or the wild) may be to
make a word, and the look-ups are shared by every line whose covered tiles hold the same
letters. Each candidate word is then fitted at every offset the line allows, checking the
letters it crosses and, on each empty square, the cross-check: the letters that make a valid
perpendicular word with the tiles beside it (computed once per grid, and remembered for the
next grids of the same word list).
"""

from __future__ import annotations

import dataclasses
import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import zip_longest
from operator import attrgetter
from typing import NamedTuple
from weakref import WeakKeyDictionary

from buyword.engine.crossword import (
    ACROSS,
    DOWN,
    STEP,
    Grid,
    Placement,
    Square,
    WordFormed,
)
from buyword.engine.dictionary import Dictionary
from buyword.engine.tiles import ALPHABET
from buyword.words.finder import WordFinder, hand_counts
from buyword.words.lexicon import Lexicon

#: A word formed, compactly: (word, first square, direction, pips).
_Formed = tuple[str, Square, str, int]
#: A word that may be placed: (word, the wild's letter or None).
_Word = tuple[str, str | None]
#: Words by what they lay: (tiles, their pips) -> words.
_Cells = dict[tuple[int, int], list[_Word]]


class Move(NamedTuple):
    """A legal placement with what it lays and every word it forms, each paid.

    A hand meets thousands of legal placements on a busy grid, so a move is a named tuple of
    plain values (quick to build) and makes its `Placement` and `WordFormed` values only when
    asked.
    """

    notation: str  # the word in `sell` notation (the wild's letter in lower case)
    start: Square | None  # its first square; None for a first word written without `at …`
    direction: str
    price: int  # what it pays: every word formed, (pips)² each
    letters: str  # the hand's letter tiles it lays, upper case (not the wild)
    wild: bool  # whether it lays a wild
    formed: tuple[_Formed, ...]  # the placed word first, then side words in reading order

    @property
    def placement(self) -> Placement:
        """The engine's placement value."""
        if self.start is None:
            return Placement(self.notation)
        return Placement(self.notation, self.start[0], self.start[1], self.direction)

    @property
    def words(self) -> tuple[WordFormed, ...]:
        """Every word formed, with its price, as the engine's check gives them."""
        return tuple(WordFormed(*formed) for formed in self.formed)

    def __str__(self) -> str:
        if self.start is None:
            return self.notation
        return f"{self.notation} at {self.start[0]},{self.start[1]} {self.direction}"


@dataclass(frozen=True, slots=True)
class _Cross:
    """What a tile laid on one empty square would join across the line: the side word."""

    allowed: frozenset[str]  # letters that make a valid side word here
    before: str  # the side word's letters before the square
    after: str  # and after it
    pips: int  # pips of those tiles
    start: Square  # the side word's first square


@dataclass(frozen=True, slots=True)
class _Group:
    """A run of consecutive tiles along a line: where it starts and ends, letters, pips."""

    first: int
    last: int
    letters: str
    pips: int


@dataclass(slots=True)
class _Span:
    """A stretch of a line a placement may cover: groups of tiles and room either side."""

    direction: str
    line: int
    first: int  # where its first covered group starts
    last: int  # and its last one ends
    left: int  # empty squares it may reach out before `first`
    right: int  # and after `last`
    gaps: int  # empty squares between its groups
    covered: tuple[_Group, ...]
    fixed_pips: int  # pips of the covered tiles
    slots: list[tuple[Square, _Cross | None] | None]  # from first - left: None on a tile
    bound: int  # the most a placement here can pay
    key: str = ""  # the covered letters, sorted: the stretches sharing them share words
    #: sides[n]: the most the side words of n tiles laid here can pay together (n from
    #: `gaps`, since every gap is filled, up to the most tiles a word may lay here).
    sides: list[int] = dataclasses.field(default_factory=list)


class _Line:
    """One line holding tiles, as one hand's search sees it: every square a word along it may
    use (as far out as the hand could lay tiles), each square's cross-check and the dearest
    side word a tile of the hand makes there, and how many squares in a row a tile may go on.
    """

    def __init__(self, search: _Search, direction: str, line: int,
                 groups: list[_Group]) -> None:
        """The line `line` along `direction`, holding `groups`."""
        board = search.board
        self.direction, self.line, self.groups = direction, line, groups
        self.start = groups[0].first - search.most_laid - 1  # the first square's position
        end = groups[-1].last + search.most_laid + 1
        tiles, cross, side_price = board.grid.tiles, board.cross, search._side_price_of
        #: slots[x - start]: None on a tile, else (square, its cross-check).
        self.slots: list[tuple[Square, _Cross | None] | None] = []
        #: prices[x - start]: the dearest side word of a tile of the hand there (0 on a tile).
        self.prices: list[int] = []
        opened: list[bool] = []  # whether some letter may be laid there
        for x in range(self.start, end + 1):
            square = (line, x) if direction == ACROSS else (x, line)
            if square in tiles:
                self.slots.append(None)
                self.prices.append(0)
                opened.append(False)
                continue
            check = cross(square, direction)
            slot = (square, check)
            self.slots.append(slot)
            self.prices.append(side_price(slot))
            opened.append(check is None or bool(check.allowed))
        #: opened_before[k] / opened_after[k]: the squares in a row where a tile may go,
        #: ending / starting at square k (counted from `start`).
        self.opened_before = _runs(opened)
        self.opened_after = _runs(opened[::-1])[::-1]


def _runs(flags: list[bool]) -> list[int]:
    """For each place, how many places in a row up to it (included) are true."""
    runs, run = [], 0
    for flag in flags:
        run = run + 1 if flag else 0
        runs.append(run)
    return runs


class FinderWords:
    """A finder's words as a dictionary (`is_word`): the words a computer player knows, for
    the cross-checks of the grid it plays on."""

    def __init__(self, finder: WordFinder) -> None:
        """The words `finder` indexes."""
        self.index = finder.exact_index

    @classmethod
    def of(cls, finder: WordFinder) -> FinderWords:
        """The words of `finder`, one value per finder: the cross-checks made with it are
        remembered from grid to grid (see `Board`)."""
        words = _FINDER_WORDS.get(finder)
        if words is None:
            words = _FINDER_WORDS[finder] = cls(finder)
        return words

    def is_word(self, word: str) -> bool:
        """True if `word` (any case) is one of the finder's words."""
        upper = word.upper()
        return upper in self.index.get("".join(sorted(upper)), ())


_FINDER_WORDS: WeakKeyDictionary[WordFinder, FinderWords] = WeakKeyDictionary()

#: dictionary -> min_length -> (letters before, letters after) -> the letters that make a word
#: between them: a grid only grows, so each new grid's cross-checks are mostly its parent's.
_CROSS_MEMOS: WeakKeyDictionary[object, dict[int, dict[tuple[str, str], frozenset[str]]]] = (
    WeakKeyDictionary())

#: A dictionary's remembered cross-checks are forgotten past this many (a long simulation
#: meets many grids).
_CROSS_MEMO_SIZE = 50_000


def _cross_memo(dictionary: Dictionary, min_length: int,
                ) -> dict[tuple[str, str], frozenset[str]]:
    """Where a board keeps its cross-checks: shared by every board of the same word list
    (whose answers never change: a `Lexicon` or a finder's words), else its own."""
    if not isinstance(dictionary, Lexicon | FinderWords):
        return {}
    memos = _CROSS_MEMOS.setdefault(dictionary, {})
    memo = memos.setdefault(min_length, {})
    if len(memo) > _CROSS_MEMO_SIZE:
        memo.clear()
    return memo


class Board:
    """A grid analysed for move generation: its lines and cross-checks, for any hand.

    Build it once per grid and ask `moves` or `best_moves` for each hand. The cross-checks
    ask the dictionary 26 times per square beside a tile; with a word list (a `Lexicon` or
    `FinderWords`) they are remembered for the next grids too, which share most of them.
    """

    def __init__(
        self, grid: Grid, finder: WordFinder, dictionary: Dictionary, min_length: int = 2
    ) -> None:
        """Analyse `grid`; `finder` indexes the same words `dictionary` accepts."""
        self.grid = grid
        self.finder = finder
        self.dictionary = dictionary
        self._allowed = _cross_memo(dictionary, min_length)
        self.min_length = min_length
        self._cross: dict[tuple[Square, str], _Cross | None] = {}
        self._lines = {direction: self._groups(direction) for direction in (ACROSS, DOWN)}
        self._spelled: dict[int, tuple[str, ...]] = {}

    def spelled(self, code: int) -> tuple[str, ...]:
        """The words of the finder's code `code` (which must be one), split once per board."""
        words = self._spelled.get(code)
        if words is None:
            words = self._spelled[code] = tuple(self.finder.exact_codes[code].split(" "))
        return words

    def _groups(self, direction: str) -> dict[int, list[_Group]]:
        """For each line holding tiles, its runs of tiles in order."""
        along = 1 if direction == ACROSS else 0
        lines: dict[int, list[int]] = {}
        for square in self.grid.tiles:
            lines.setdefault(square[1 - along], []).append(square[along])
        groups = {}
        for line, places in lines.items():
            places.sort()
            runs: list[_Group] = []
            for x in places:
                tile = self.grid.tiles[self._square(direction, line, x)]
                if runs and runs[-1].last == x - 1:
                    run = runs[-1]
                    runs[-1] = _Group(run.first, x, run.letters + tile.letter, run.pips + tile.pips)
                else:
                    runs.append(_Group(x, x, tile.letter, tile.pips))
            groups[line] = runs
        return groups

    @staticmethod
    def _square(direction: str, line: int, x: int) -> Square:
        return (line, x) if direction == ACROSS else (x, line)

    def cross(self, square: Square, direction: str) -> _Cross | None:
        """The cross-check of an empty square for a word along `direction`; None if a tile
        laid there touches nothing across the line (any letter fits, no side word)."""
        key = (square, direction)
        if key in self._cross:
            return self._cross[key]
        side = DOWN if direction == ACROSS else ACROSS
        dr, dc = STEP[side]
        before_square = (square[0] - dr, square[1] - dc)
        after_square = (square[0] + dr, square[1] + dc)
        tiles = self.grid.tiles
        result = None
        if before_square in tiles or after_square in tiles:
            before, pips, start = "", 0, square
            if before_square in tiles:
                start, run = self.grid.line(before_square, side)
                before, pips = "".join(t.letter for t in run), sum(t.pips for t in run)
            after = ""
            if after_square in tiles:
                _, run = self.grid.line(after_square, side)
                after, pips = "".join(t.letter for t in run), pips + sum(t.pips for t in run)
            allowed = self._allowed.get((before, after))
            if allowed is None:
                allowed = self._allowed[(before, after)] = self._letters_between(before, after)
            result = _Cross(allowed, before, after, pips, start)
        self._cross[key] = result
        return result

    def _letters_between(self, before: str, after: str) -> frozenset[str]:
        """The letters that make a word of the dictionary between `before` and `after`."""
        if len(before) + 1 + len(after) < self.min_length:
            return frozenset()
        is_word = self.dictionary.is_word
        before, after = before.lower(), after.lower()
        return frozenset(letter for letter in ALPHABET
                         if is_word(before + letter.lower() + after))

    def moves(self, hand: str, wilds: int) -> list[Move]:
        """Every legal placement of `hand` (letter tiles) and `wilds`, best price first.

        A wild is laid only where the hand lacks a letter, on the last square the word needs
        it, as the engine spells a typed word; ties are in notation order.
        """
        counts = hand_counts(hand, wilds)
        if not self.grid.tiles:
            return self._first_words(hand, wilds)
        search = _Search(self, hand, counts, wilds > 0)
        for span in search.spans():
            search.fit(span)
        return _ordered(search.found)

    def best_moves(self, hand: str, wilds: int, limit: int,
                   keep: Callable[[Move], bool] | None = None) -> list[Move]:
        """The first `limit` of `moves(hand, wilds)` (those `keep` accepts, if given): the
        same moves in the same order, found without listing every placement.

        Each stretch of a line a word may cover gets an upper bound on what a placement
        there can pay (`_Span.bound`), made exact for its words once they are looked up
        (`_Search.top_moves`); the stretches are searched dearest bound first, and the search
        stops when no stretch left can reach the `limit`-th best price found, so the words
        of the many cheap stretches are never looked up, let alone fitted.
        """
        if limit <= 0:
            return []
        if not self.grid.tiles:
            first = self._first_words(hand, wilds)
            return [m for m in first if keep is None or keep(m)][:limit]
        search = _Search(self, hand, hand_counts(hand, wilds), wilds > 0)
        spans = search.spans()
        for guess in _GUESSES[:-1]:
            kept = search.top_moves(spans, limit, keep, guess)
            if kept is not None:
                return kept
        return search.top_moves(spans, limit, keep, _GUESSES[-1], last=True) or []

    def _first_words(self, hand: str, wilds: int) -> list[Move]:
        """The game's first word: every word the hand sells, across at (0, 0)."""
        found = []
        for candidate in self.finder.find(hand, wilds, self.min_length):
            formed = ((candidate.word, (0, 0), ACROSS, candidate.pips),)
            found.append(Move(candidate.notation, None, ACROSS, candidate.price,
                              candidate.letters, candidate.wild is not None, formed))
        found.sort(key=str)
        found.sort(key=attrgetter("price"), reverse=True)
        return found


#: The prices `best_moves` assumes its `limit` moves reach, in turn: a guess that holds lets
#: it prune every stretch from the start (not only once `limit` moves are found). The first
#: holds for most hands of 8 letters and a wild on a busy grid (the 30th dearest placement
#: pays $121-$169 there; a higher guess fails often enough to cost more than it saves); the
#: last, $1, always holds (every placement pays at least that).
_GUESSES = (121, 1)


def _ordered(found: list[Move]) -> list[Move]:
    """Moves dearest first, ties in notation order, then by square and direction."""
    found.sort(key=attrgetter("notation", "start", "direction"))  # stable sorts, in C
    found.sort(key=attrgetter("price"), reverse=True)
    return found


#: Hands with more sub-multisets than this (far beyond the tile limit, or with no tile limit)
#: find their words through the finder's own search, which prunes along word prefixes, rather
#: than by listing every subset. A hand of 13 different letters (8 kept, 5 bought before the
#: tile limit applies) has 8,192: listed, and pruned by price, they take milliseconds a
#: stretch, where the finder's search, which cannot prune by price, took seconds a hand.
_ENUMERATE_UP_TO = 1 << 15


class _Search:
    """One hand's search over a board: the candidate words per set of covered letters."""

    def __init__(self, board: Board, hand: str, counts: Counter[str], wild: bool) -> None:
        self.board = board
        self.hand = hand
        self.counts = dict(counts)
        self.wild = wild
        self.most_laid = sum(counts.values()) + (1 if wild else 0)
        self.by_covered: dict[str, list[_Word]] = {}
        self.grouped: dict[tuple[tuple[str, int], ...], tuple[
            dict[tuple[int, int], list[int]], dict[int, tuple[int, int, int, int]]]] = {}
        self._cells: dict[str, tuple[int, _Cells]] = {}
        #: covered letters -> the most covered pips and side words (by tiles laid) of the
        #: stretches covering them.
        self._key_most: dict[str, tuple[int, list[int]]] = {}
        self._side_price: dict[int, int] = {}  # id of a cross-check -> its dearest side word
        self.found: list[Move] = []
        tiles = board.finder.tiles
        self.pips = tiles.pips
        self.wild_pips = tiles.wild_pips
        self.by_pips = sorted(self.counts, key=self.pips.__getitem__, reverse=True)
        # dearest[n]: the most pips n tiles of the hand (the wild included) can show.
        held = sorted((tiles.pips[c] for c in hand), reverse=True)
        if wild:
            held = sorted([*held, tiles.wild_pips], reverse=True)
        self.dearest = [0]
        for pips in held:
            self.dearest.append(self.dearest[-1] + pips)

    def words(self, covered: str) -> list[_Word]:
        """Words made of the letters `covered` (sorted) plus hand tiles, and perhaps the
        wild: (word, the wild's letter or None). Shared by every span covering those letters.
        """
        cached = self.by_covered.get(covered)
        if cached is not None:
            return cached
        codes = self.board.finder.codes
        base = codes.code(covered)
        found: list[_Word] = []
        if base is not None:
            room = self._room(covered)
            if codes.how_many(room) <= _ENUMERATE_UP_TO:
                for cell in self._look_up_cells(covered, base, room, -1).values():
                    found += cell
            else:
                found = self._search_large(covered)
        self.by_covered[covered] = found
        return found

    def _room(self, covered: str) -> dict[str, int]:
        """The hand's counts cut to what a word may still hold beside the `covered` letters."""
        cap = self.board.finder.codes.cap
        room = {}
        for letter, n in self.counts.items():
            spare = min(n, cap.get(letter, 0) - covered.count(letter))
            if spare > 0:
                room[letter] = spare
        return room

    def top_moves(self, spans: list[_Span], limit: int, keep: Callable[[Move], bool] | None,
                guess: int, last: bool = False) -> list[Move] | None:
        """The first `limit` moves over `spans` if `limit` moves pay at least `guess` (None
        otherwise, unless this is the `last` guess: then the moves found, however few).

        Searching only for moves that pay the guess prunes from the start rather than once
        `limit` moves are found. A stretch first comes off the queue with its bound from the
        board alone; its words (shared by the stretches covering the same letters) are then
        looked up, and it goes back with the bound those words give, so that the stretches
        whose words cannot pay are never fitted.
        """
        best: list[int] = []  # the `limit` dearest prices found so far, a min-heap
        kept: list[Move] = []
        queue = [(-span.bound, i, False) for i, span in enumerate(spans)]
        heapq.heapify(queue)
        while queue:
            bound, i, exact = queue[0]
            floor = best[0] if len(best) == limit else guess
            if -bound < floor:
                break  # no placement left can tie with the limit-th best, let alone beat it
            heapq.heappop(queue)
            span = spans[i]
            cells = self.cells(span.key, floor)
            if not exact:
                bound = self._word_bound(span, cells)
                if bound >= floor:
                    heapq.heappush(queue, (-bound, i, True))
                continue
            self.found = []
            self._fit_words(span, self._worth_fitting(span, cells, floor))
            for move in self.found:
                if move.price < guess or (keep is not None and not keep(move)):
                    continue
                kept.append(move)
                if len(best) < limit:
                    heapq.heappush(best, move.price)
                elif move.price > best[0]:
                    heapq.heapreplace(best, move.price)
        if len(best) < limit and not last:
            return None  # fewer moves pay the guess: a lower one is needed
        return _ordered(kept)[:limit]

    def cells(self, covered: str, floor: int) -> _Cells:
        """The words covering the letters `covered` (sorted) that some stretch covering them
        may need to reach `floor`, by what they lay: (tiles, their pips) -> (word, the wild's
        letter or None). Kept for the hand: a lower floor only looks them up again."""
        cached = self._cells.get(covered)
        if cached is not None and cached[0] <= floor:
            return cached[1]
        codes = self.board.finder.codes
        base = codes.code(covered)
        cells: _Cells = {}
        if base is not None:
            room = self._room(covered)
            if codes.how_many(room) > _ENUMERATE_UP_TO:
                cells = self._cells_of_words(covered, self.words(covered))
            else:
                cells = self._look_up_cells(covered, base, room, floor)
        self._cells[covered] = (floor, cells)
        return cells

    def _look_up_cells(self, covered: str, base: int, room: dict[str, int], floor: int,
                       ) -> _Cells:
        """`cells` through the sub-multisets of the hand that may pay `floor` on some
        stretch covering `covered`: laying n tiles of p pips pays at most (covered pips +
        p)² plus the side words of n of the stretch's squares (`_Span.sides`).

        The finder's codes add: a word's code is the covered letters' code plus that of the
        hand tiles it lays, so each sub-multiset of the hand is one addition and one look-up.
        One look-up serves two: the wild index says which letters one more tile may be to
        make a word, and that tile is either one of the hand (each word is found once, from
        its tiles without the alphabetically last) or the wild."""
        fixed, sides = self._key_most[covered]
        most, wild_pips, pips_of = len(sides) - 1, self.wild_pips, self.pips
        grouped, laid_by = self._subsets(room)
        probe: list[int] = []
        for (n, pips), subsets in grouped.items():
            if n < most and (fixed + pips) ** 2 + sides[n + 1] >= floor:
                probe += subsets
        finder = self.board.finder
        wild_codes, codes, spelled = finder.wild_codes, finder.codes, self.board.spelled
        mult, letter_of_bit = codes.mult, codes.letter_of_bit
        cells: _Cells = {}
        # Most sums are one tile short of no word: intersecting them with the index's keys
        # in one set operation leaves only the hits to Python.
        for code in wild_codes.keys() & map(base.__add__, probe):
            n, pips, by_hand, by_wild = laid_by[code - base]
            n += 1
            value = wild_codes[code]
            letters = value & by_hand
            while letters:
                low = letters & -letters
                letters ^= low
                letter = letter_of_bit[low]
                main = fixed + pips + pips_of[letter]
                if main * main + sides[n] >= floor:
                    cells.setdefault((n, main - fixed), []).extend(
                        [(word, None) for word in spelled(code + mult[letter])])
            letters = value & by_wild
            main = fixed + pips + wild_pips
            if letters and main * main + sides[n] >= floor:
                cell = cells.setdefault((n, main - fixed), [])
                while letters:
                    low = letters & -letters
                    letters ^= low
                    letter = letter_of_bit[low]
                    cell.extend([(word, letter) for word in spelled(code + mult[letter])])
        return cells

    def _cells_of_words(self, covered: str, words: list[_Word],
                        ) -> _Cells:
        """`cells` from a list of words covering the letters `covered`."""
        pips_of, wild_pips = self.pips, self.wild_pips
        covered_pips = sum(pips_of[c] for c in covered)
        cells: _Cells = {}
        for word, wild in words:
            pips = sum(pips_of[c] for c in word) - covered_pips
            if wild is not None:
                pips += wild_pips - pips_of[wild]
            cells.setdefault((len(word) - len(covered), pips), []).append((word, wild))
        return cells

    @staticmethod
    def _word_bound(span: _Span, cells: _Cells,
                    ) -> int:
        """The most a placement over `span` can pay with the words of `cells` (-1: none)."""
        fixed, sides = span.fixed_pips, span.sides
        fewest, most = max(span.gaps, 1), len(sides) - 1
        bound = -1
        for n, pips in cells:
            if fewest <= n <= most:
                main = fixed + pips
                bound = max(bound, main * main + sides[n])
        return bound

    @staticmethod
    def _worth_fitting(span: _Span, cells: _Cells, floor: int) -> list[_Word]:
        """The words of `cells` that may pay `floor` over `span`."""
        fixed, sides = span.fixed_pips, span.sides
        fewest, most = max(span.gaps, 1), len(sides) - 1
        words: list[_Word] = []
        for (n, pips), cell in cells.items():
            if fewest <= n <= most and (fixed + pips) ** 2 + sides[n] >= floor:
                words += cell
        return words

    def _subsets(self, room: dict[str, int]) -> tuple[
            dict[tuple[int, int], list[int]], dict[int, tuple[int, int, int, int]]]:
        """The sub-multisets of `room` (their codes) that one more tile may make a word of,
        by how many tiles they hold and how many pips they show with that tile at its dearest;
        and for each: its tiles, its pips, the letters (as the finder's
        bits) one more tile of the hand may add to it (only those after its own, so that a
        set of tiles is made one way only) and those the wild may stand for (the letters the
        hand holds no more of: a word the hand spells is written without the wild). Once per
        hand and room."""
        key = tuple(sorted(room.items()))
        cached = self.grouped.get(key)
        if cached is not None:
            return cached
        codes = self.board.finder.codes
        mult, bit, pips_of = codes.mult, codes.bit, self.pips
        letters = [letter for letter, n in key if n > 0 and letter in mult]
        subs: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
        for letter in letters:
            add, pips = mult[letter], pips_of[letter]
            subs = [(code + k * add, size + k, total + k * pips, (*counts, k))
                    for code, size, total, counts in subs for k in range(room[letter] + 1)]
        # The held letters the room leaves out (no word needs more) are never the wild's.
        held_out = 0
        for letter in self.counts:
            if letter not in letters and letter in bit:
                held_out |= bit[letter]
        everything = codes.all_bits if self.wild else 0  # the wild's letters: none without it
        grouped: dict[tuple[int, int], list[int]] = {}
        laid_by: dict[int, tuple[int, int, int, int]] = {}
        for code, size, total, counts in subs:
            last = max((i for i, k in enumerate(counts) if k), default=0)
            by_hand = 0
            not_wild = held_out
            top = 0  # the most pips one more tile may add
            for i, letter in enumerate(letters):
                if i >= last and counts[i] < room[letter]:
                    by_hand |= bit[letter]
                    top = max(top, pips_of[letter])
                if self.counts[letter] > counts[i]:
                    not_wild |= bit[letter]
            by_wild = everything & ~not_wild
            if by_wild:
                top = max(top, self.wild_pips)
            if by_hand or by_wild:  # else no word lays these tiles and one more
                grouped.setdefault((size, total + top), []).append(code)
            laid_by[code] = (size, total, by_hand, by_wild)
        self.grouped[key] = grouped, laid_by
        return grouped, laid_by

    def _search_large(self, covered: str) -> list[_Word]:
        """A very large hand's words: the finder's search over the hand and the covered
        letters, keeping the words that take every covered letter as a tile."""
        need = Counter(covered)
        found: list[_Word] = []
        for candidate in self.board.finder.find(self.hand + covered, int(self.wild),
                                                self.board.min_length):
            letters = Counter(candidate.word)
            if candidate.wild is not None:
                letters[candidate.wild] -= 1
            if all(letters[letter] >= n for letter, n in need.items()):
                found.append((candidate.word, candidate.wild))
        return found

    def spans(self) -> list[_Span]:
        """Every stretch a placement may cover, over all lines, in the board's line order."""
        found: list[_Span] = []
        for direction, lines in self.board._lines.items():
            for line, groups in lines.items():
                self._line(direction, line, groups, found)
        for span in found:
            fixed, sides = self._key_most.get(span.key, (0, []))
            merged = [max(a, b) for a, b in zip_longest(sides, span.sides, fillvalue=0)]
            self._key_most[span.key] = (max(fixed, span.fixed_pips), merged)
        return found

    def _line(self, direction: str, line: int, groups: list[_Group],
              found: list[_Span]) -> None:
        """The stretches of one line: over groups i..j, reaching out on either side."""
        along = _Line(self, direction, line, groups)
        opened_before, start = along.opened_before, along.start
        for i in range(len(groups)):
            gaps = 0
            for j in range(i, len(groups)):
                if j > i:
                    gap = groups[j].first - groups[j - 1].last - 1
                    gaps += gap
                    if gaps > self.most_laid or opened_before[groups[j].first - 1 - start] < gap:
                        break  # too many squares to fill, or one where no tile fits
                found.append(self._span(along, i, j, gaps))

    def _span(self, line: _Line, i: int, j: int, gaps: int) -> _Span:
        """The stretch covering groups i..j exactly (their outer neighbours stay uncovered),
        with a bound on what a placement there pays."""
        groups = line.groups
        spare = self.most_laid - gaps
        first, last = groups[i].first, groups[j].last
        # The square before the word must stay empty, so it stops one short of group i-1.
        left_room = spare if i == 0 else min(spare, first - groups[i - 1].last - 2)
        right_room = spare if j == len(groups) - 1 else min(spare, groups[j + 1].first - last - 2)
        left = min(max(left_room, 0), line.opened_before[first - 1 - line.start])
        right = min(max(right_room, 0), line.opened_after[last + 1 - line.start])
        covered = groups[i:j + 1]
        at = first - left - line.start  # where the stretch starts on the line
        slots = line.slots[at:at + last + right + 1 - (first - left)]
        fixed_pips = sum(g.pips for g in covered)
        key = "".join(sorted("".join(g.letters for g in covered)))
        span = _Span(line.direction, line.line, first, last, left, right, gaps, tuple(covered),
                     fixed_pips, slots, 0, key)
        span.bound = self._bound(span, line.prices[at:at + len(slots)])
        return span

    def _bound(self, span: _Span, prices: list[int]) -> int:
        """The most a placement over `span` can pay: its covered pips plus the hand's dearest
        tiles it has room to lay, squared, plus the side words of the squares it would lay
        them on (`prices`: each at most the dearest side word a tile of the hand allowed
        there makes).

        A word laying n tiles fills every gap and then the squares nearest the covered tiles,
        l before and r after them: `span.sides[n]` is the dearest such choice."""
        first = span.left  # where the first covered tile is among the slots
        end = first + span.last - span.first  # and the last
        inner = sum(prices[first:end + 1])  # the gaps' (a tile's price is 0)
        before, after = [0], [0]
        for k in range(1, span.left + 1):
            before.append(before[-1] + prices[first - k])
        for k in range(1, span.right + 1):
            after.append(after[-1] + prices[end + k])
        gaps = span.gaps
        most = min(self.most_laid, gaps + span.left + span.right)
        sides = [0] * (most + 1)
        for left in range(min(span.left, most - gaps) + 1):
            with_left = inner + before[left]
            for right in range(min(span.right, most - gaps - left) + 1):
                n = gaps + left + right
                if with_left + after[right] > sides[n]:
                    sides[n] = with_left + after[right]
        span.sides = sides
        main = span.fixed_pips + self.dearest[most]
        return main * main + sides[most]

    def _side_price_of(self, slot: tuple[Square, _Cross | None] | None) -> int:
        """The most the side word of a tile of the hand laid on `slot` can pay (0 on a tile
        or where a tile forms no side word)."""
        if slot is None or slot[1] is None:
            return 0
        cross = slot[1]
        price = self._side_price.get(id(cross))
        if price is None:
            allowed = cross.allowed
            top = next((self.pips[c] for c in self.by_pips if c in allowed), 0)
            if self.wild and allowed:
                top = max(top, self.wild_pips)
            price = self._side_price[id(cross)] = (cross.pips + top) ** 2 if top else 0
        return price

    def fit(self, span: _Span) -> None:
        """Every placement over `span`: each word covering its letters at each offset that
        fits."""
        self._fit_words(span, self.words(span.key))

    def _fit_words(self, span: _Span, candidates: list[_Word]) -> None:
        """Every placement over `span` of the `candidates`: each at each offset that fits."""
        if not candidates:
            return
        board = self.board
        direction, line, first, last = span.direction, span.line, span.first, span.last
        left, right, covered, slots = span.left, span.right, span.covered, span.slots
        width = last - first + 1
        shortest = max(width + (0 if span.gaps else 1), board.min_length)  # lays at least one
        longest = width + left + right
        head = covered[0].letters
        # The other covered groups, as (offset from `first`, letters).
        fixed = [(g.first - first, g.letters) for g in covered[1:]]
        fixed_pips = span.fixed_pips
        # The hot loop of every computer's turn: plain locals, the fit inlined.
        pips_of, wild_pips = self.pips, self.wild_pips
        side = DOWN if direction == ACROSS else ACROSS
        square_of = board._square
        found = self.found
        for word, wild in candidates:
            n = len(word)
            if n < shortest or n > longest:
                continue
            # The word's offset of the first covered group: where `head` occurs in it, with
            # room on both sides.
            extra = n - width
            highest = left if left < extra else extra
            a = word.find(head, extra - right if extra > right else 0)
            while 0 <= a <= highest:
                if fixed and not all(word.startswith(letters, a + at) for at, letters in fixed):
                    a = word.find(head, a + 1)
                    continue
                offset = left - a  # slots[offset + k] is the word's k-th square
                wild_at = -1
                if wild is not None:  # the wild goes on the last square it can fill
                    wild_at = n - 1
                    while word[wild_at] != wild or slots[offset + wild_at] is None:
                        wild_at -= 1
                main = fixed_pips
                laid = []
                sides: list[_Formed] = []
                for k in range(n):
                    slot = slots[offset + k]
                    if slot is None:
                        continue
                    letter = word[k]
                    pips = wild_pips if k == wild_at else pips_of[letter]
                    cross = slot[1]
                    if cross is not None:
                        if letter not in cross.allowed:
                            break
                        sides.append((cross.before + letter + cross.after, cross.start, side,
                                      cross.pips + pips))
                    main += pips
                    if k != wild_at:
                        laid.append(letter)
                else:
                    start = square_of(direction, line, first - a)
                    price = main * main
                    for formed in sides:
                        price += formed[3] * formed[3]
                    # wild_at is -1 exactly when there is no wild (the second test is the
                    # checker's).
                    notation = word if wild_at < 0 or wild is None else (
                        word[:wild_at] + wild.lower() + word[wild_at + 1:])
                    found.append(Move(notation, start, direction, price, "".join(laid),
                                      wild_at >= 0, ((word, start, direction, main), *sides)))
                a = word.find(head, a + 1)


def find_placements(
    grid: Grid, hand: str, wilds: int, finder: WordFinder, dictionary: Dictionary,
    min_length: int = 2,
) -> list[Move]:
    """Every legal placement of the hand on `grid`, best price first (see `Board.moves`)."""
    return Board(grid, finder, dictionary, min_length).moves(hand, wilds)
