"""The crossword move generator: every legal placement of a hand on the grid, best price first.

A placement must cover at least one tile on the table, so along each line (a row for words
across, a column for words down) that holds tiles, a word covers a run of consecutive groups
of tiles, fills the gaps between them and may reach out on either side. The letters it lays are
a sub-multiset of the hand (with at most one wild), so its letters, sorted, are those of the
groups it covers plus a sub-multiset of the hand: the word finder's index answers which words
those are in one look-up per sub-multiset, and the look-ups are shared by every line whose
covered tiles hold the same letters. Each candidate word is then fitted at every offset the
line allows, checking the letters it crosses and, on each empty square, the cross-check: the
letters that make a valid perpendicular word with the tiles beside it (computed once per grid).
"""

from __future__ import annotations

import dataclasses
import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from buyword.engine.crossword import (
    ACROSS,
    DOWN,
    STEP,
    Dictionary,
    Grid,
    Placement,
    Square,
    WordFormed,
)
from buyword.engine.tiles import ALPHABET
from buyword.words.finder import WordFinder, hand_counts

#: A word formed, compactly: (word, first square, direction, pips).
_Formed = tuple[str, Square, str, int]


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
    #: sides[n]: the most the side words of n tiles laid here can pay together.
    sides: list[int] = dataclasses.field(default_factory=list)


class FinderWords:
    """A finder's words as a dictionary (`is_word`): the words a computer player knows, for
    the cross-checks of the grid it plays on."""

    def __init__(self, finder: WordFinder) -> None:
        """The words `finder` indexes."""
        self.index = finder.exact_index

    def is_word(self, word: str) -> bool:
        """True if `word` (any case) is one of the finder's words."""
        upper = word.upper()
        return upper in self.index.get("".join(sorted(upper)), ())


class Board:
    """A grid analysed for move generation: its lines and cross-checks, for any hand.

    Build it once per grid (the cross-checks ask the dictionary 26 times per square beside a
    tile) and ask `moves` for each hand.
    """

    def __init__(
        self, grid: Grid, finder: WordFinder, dictionary: Dictionary, min_length: int = 2
    ) -> None:
        """Analyse `grid`; `finder` indexes the same words `dictionary` accepts."""
        self.grid = grid
        self.finder = finder
        self.dictionary = dictionary
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
            long_enough = len(before) + 1 + len(after) >= self.min_length
            allowed = frozenset(
                letter for letter in ALPHABET
                if long_enough and self.dictionary.is_word((before + letter + after).lower())
            )
            result = _Cross(allowed, before, after, pips, start)
        self._cross[key] = result
        return result

    def _open(self, square: Square, direction: str) -> bool:
        """Whether some letter may be laid on this empty square for a word along `direction`."""
        cross = self.cross(square, direction)
        return cross is None or bool(cross.allowed)

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
        there can pay (`_Span.bound`); the stretches are searched dearest bound first, and
        the search stops when no stretch left can reach the `limit`-th best price found, so
        the word look-ups of the many cheap stretches are never made.
        """
        if limit <= 0:
            return []
        if not self.grid.tiles:
            first = self._first_words(hand, wilds)
            return [m for m in first if keep is None or keep(m)][:limit]
        search = _Search(self, hand, hand_counts(hand, wilds), wilds > 0)
        spans = search.spans()
        spans.sort(key=attrgetter("bound"), reverse=True)
        for guess in _GUESSES[:-1]:
            kept = self._dearest(search, spans, limit, keep, guess)
            if kept is not None:
                return kept
        return self._dearest(search, spans, limit, keep, _GUESSES[-1], last=True) or []

    def _dearest(self, search: _Search, spans: list[_Span], limit: int,
                 keep: Callable[[Move], bool] | None, guess: int,
                 last: bool = False) -> list[Move] | None:
        """The first `limit` moves if `limit` moves pay at least `guess` (None otherwise,
        unless this is the `last` guess: then the moves found, however few): searching only
        for those, the search prunes from the start rather than once `limit` moves are
        found."""
        best: list[int] = []  # the `limit` dearest prices found so far, a min-heap
        kept: list[Move] = []
        for span in spans:
            floor = best[0] if len(best) == limit else guess
            if span.bound < floor:
                break  # no placement left can tie with the limit-th best, let alone beat it
            search.found = []
            search.fit(span, floor)
            for move in search.found:
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
#: holds for most hands of 8 letters on a busy grid (the 30th dearest placement pays
#: $121-$169 there); the last, $1, always holds (every placement pays at least that).
_GUESSES = (100, 1)


def _ordered(found: list[Move]) -> list[Move]:
    """Moves dearest first, ties in notation order, then by square and direction."""
    found.sort(key=attrgetter("notation", "start", "direction"))  # stable sorts, in C
    found.sort(key=attrgetter("price"), reverse=True)
    return found


#: Hands with more sub-multisets than this (no tile limit) find their words through the
#: finder's own search, which prunes along word prefixes, rather than by listing every subset.
_ENUMERATE_UP_TO = 4096


class _Search:
    """One hand's search over a board: the candidate words per set of covered letters."""

    def __init__(self, board: Board, hand: str, counts: Counter[str], wild: bool) -> None:
        self.board = board
        self.hand = hand
        self.counts = dict(counts)
        self.wild = wild
        self.most_laid = sum(counts.values()) + (1 if wild else 0)
        self.by_covered: dict[str, list[tuple[str, str | None]]] = {}
        self.grouped: dict[tuple[tuple[str, int], ...], dict[tuple[int, int], list[int]]] = {}
        self.found: list[Move] = []
        tiles = board.finder.tiles
        self.pips = tiles.pips
        self.wild_pips = tiles.wild_pips
        # dearest[n]: the most pips n tiles of the hand (the wild included) can show.
        held = sorted((tiles.pips[c] for c in hand), reverse=True)
        if wild:
            held = sorted([*held, tiles.wild_pips], reverse=True)
        self.dearest = [0]
        for pips in held:
            self.dearest.append(self.dearest[-1] + pips)

    def words(self, covered: str) -> list[tuple[str, str | None]]:
        """Words made of the letters `covered` (sorted) plus hand tiles, and perhaps the
        wild: (word, the wild's letter or None). Shared by every span covering those letters.

        The finder's codes add: a word's code is the covered letters' code plus the code of
        the hand tiles it takes, so each sub-multiset of the hand is one addition and one
        look-up. The hand's counts are first cut to what a word may still hold beside the
        covered letters, so that no digit of the sum overflows into the next letter's.
        """
        cached = self.by_covered.get(covered)
        if cached is not None:
            return cached
        codes = self.board.finder.codes
        base = codes.code(covered)
        found: list[tuple[str, str | None]] = []
        if base is not None:
            room = self._room(covered)
            if codes.how_many(room) <= _ENUMERATE_UP_TO:
                found = self._look_up(base, codes.subsets(room))
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

    def bounded_words(self, covered: str, span: _Span, floor: int,
                      ) -> list[tuple[str, str | None]]:
        """Like `words`, but only through the sub-multisets of the hand that may pay `floor`
        over `span`: laying n tiles of p pips pays at most (covered pips + p)² plus the n
        dearest side words of the span (and one more tile of the wild's pips with the wild).
        """
        codes = self.board.finder.codes
        base = codes.code(covered)
        if base is None:
            return []
        room = self._room(covered)
        if codes.how_many(room) > _ENUMERATE_UP_TO:
            return self.words(covered)
        fixed, sides, wild_pips = span.fixed_pips, span.sides, self.wild_pips
        most = len(sides) - 1
        alone: list[int] = []
        with_wild: list[int] = []
        for (n, pips), composites in self._by_size_and_pips(room).items():
            if n > most:
                continue  # more tiles than the span has empty squares
            main = fixed + pips
            if n and main * main + sides[n] >= floor:
                alone += composites
            if self.wild and n < most and (main + wild_pips) ** 2 + sides[n + 1] >= floor:
                with_wild += composites
        return (self._look_up(base, alone, use_wild=False)
                + self._look_up(base, with_wild, use_exact=False))

    def _by_size_and_pips(self, room: dict[str, int]) -> dict[tuple[int, int], list[int]]:
        """The sub-multisets of `room` (composites, as `codes.subsets` lists them) by how many
        tiles they hold and how many pips those show; once per hand and room."""
        key = tuple(sorted(room.items()))
        grouped = self.grouped.get(key)
        if grouped is not None:
            return grouped
        codes = self.board.finder.codes
        subs = [(0, 0, 0)]
        for letter, n in room.items():
            add = codes.step.get(letter)
            if add is None or n <= 0:
                continue
            pips = self.pips[letter]
            subs = [(sub + k * add, size + k, total + k * pips)
                    for sub, size, total in subs for k in range(min(n, codes.cap[letter]) + 1)]
        grouped = {}
        for sub, size, total in subs:
            grouped.setdefault((size, total), []).append(sub)
        self.grouped[key] = grouped
        return grouped

    def _look_up(self, base: int, subsets: list[int], use_exact: bool = True,
                 use_wild: bool = True) -> list[tuple[str, str | None]]:
        """The words of `base` plus each subset (composites of hand tiles): those laying only
        hand tiles (`use_exact`), those laying the wild too (`use_wild`, if the hand has one)."""
        board = self.board
        codes = board.finder.codes
        exact, wild_codes = board.finder.exact_codes, board.finder.wild_codes
        spelled = board.spelled
        mask, held, use_wild = codes.code_mask, self.counts, use_wild and self.wild
        found: list[tuple[str, str | None]] = []
        for composite in subsets:
            code = base + (composite & mask)
            if use_exact and code in exact:
                found.extend((word, None) for word in spelled(code))
            if not use_wild:
                continue
            value = wild_codes.get(code)
            if value is None:
                continue
            for letter in codes.letters_in(value):
                if held.get(letter, 0) > codes.count(composite & mask, letter):
                    continue  # the hand holds this letter: the word is found without the wild
                found.extend((word, letter) for word in spelled(code + codes.mult[letter]))
        return found

    def _search_large(self, covered: str) -> list[tuple[str, str | None]]:
        """A very large hand's words: the finder's search over the hand and the covered
        letters, keeping the words that take every covered letter as a tile."""
        need = Counter(covered)
        found: list[tuple[str, str | None]] = []
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
        return found

    def _line(self, direction: str, line: int, groups: list[_Group],
              found: list[_Span]) -> None:
        """The stretches of one line: over groups i..j, reaching out on either side."""
        board = self.board
        square = board._square
        for i in range(len(groups)):
            gaps = 0
            for j in range(i, len(groups)):
                if j > i:
                    gap = range(groups[j - 1].last + 1, groups[j].first)
                    gaps += len(gap)
                    if gaps > self.most_laid or not all(
                        board._open(square(direction, line, x), direction) for x in gap
                    ):
                        break
                found.append(self._span(direction, line, groups, i, j, gaps))

    def _reach(self, direction: str, line: int, x: int, step: int, limit: int) -> int:
        """How many empty squares a word may reach out from `x` (exclusive) by `step`."""
        board = self.board
        reach = 0
        while reach < limit and board._open(board._square(direction, line, x + step), direction):
            reach += 1
            x += step
        return reach

    def _span(self, direction: str, line: int, groups: list[_Group], i: int, j: int,
              gaps: int) -> _Span:
        """The stretch covering groups i..j exactly (their outer neighbours stay uncovered),
        with a bound on what a placement there pays."""
        board = self.board
        spare = self.most_laid - gaps
        first, last = groups[i].first, groups[j].last
        # The square before the word must stay empty, so it stops one short of group i-1.
        left_room = spare if i == 0 else min(spare, first - groups[i - 1].last - 2)
        right_room = spare if j == len(groups) - 1 else min(spare, groups[j + 1].first - last - 2)
        left = self._reach(direction, line, first, -1, max(left_room, 0))
        right = self._reach(direction, line, last, 1, max(right_room, 0))
        covered = groups[i:j + 1]
        tiles = board.grid.tiles
        slots: list[tuple[Square, _Cross | None] | None] = []
        for x in range(first - left, last + right + 1):
            sq = board._square(direction, line, x)
            slots.append(None if sq in tiles else (sq, board.cross(sq, direction)))
        fixed_pips = sum(g.pips for g in covered)
        span = _Span(direction, line, first, last, left, right, gaps, tuple(covered),
                     fixed_pips, slots, 0)
        span.bound = self._bound(span)
        return span

    def _may_pay(self, span: _Span, letters: str, candidates: list[tuple[str, str | None]],
                 floor: int) -> list[tuple[str, str | None]]:
        """The candidate words that may pay `floor` over `span`: a word's own pips are known
        before it is fitted (its covered tiles' plus those of the letters it lays), and its
        side words pay at most the dearest of as many squares as it lays tiles."""
        pips, wild_pips, sides = self.pips, self.wild_pips, span.sides
        covered_pips = sum(pips[c] for c in letters)
        base = span.fixed_pips - covered_pips
        covered = len(letters)
        most = len(sides) - 1
        kept = []
        for word, wild in candidates:
            laid = len(word) - covered
            if laid < 1 or laid > most:
                continue
            main = base + sum(pips[c] for c in word)
            if wild is not None:
                main += wild_pips - pips[wild]
            if main * main + sides[laid] >= floor:
                kept.append((word, wild))
        return kept

    def _bound(self, span: _Span) -> int:
        """The most a placement over `span` can pay: its covered pips plus the hand's dearest
        tiles it has room to lay, squared, plus on each of as many squares the dearest side
        word a tile of the hand allowed there would form."""
        laid = min(self.most_laid, span.gaps + span.left + span.right)
        main = span.fixed_pips + self.dearest[laid]
        sides = []
        for slot in span.slots:
            if slot is None or slot[1] is None:
                continue
            cross = slot[1]
            top = max((self.pips[c] for c in self.counts if c in cross.allowed), default=0)
            if self.wild and cross.allowed:
                top = max(top, self.wild_pips)
            if top:
                sides.append((cross.pips + top) ** 2)
        sides.sort(reverse=True)
        span.sides = [0]
        for price in sides[:laid]:
            span.sides.append(span.sides[-1] + price)
        span.sides += [span.sides[-1]] * (laid + 1 - len(span.sides))
        return main * main + span.sides[laid]

    def fit(self, span: _Span, floor: int = -1) -> None:
        """Every placement over `span` that may pay `floor` or more: each candidate word at
        each offset that fits."""
        board = self.board
        letters = "".join(g.letters for g in span.covered)
        key = "".join(sorted(letters))
        candidates = self.words(key) if floor <= 0 else self.bounded_words(key, span, floor)
        if not candidates:
            return
        if floor > 0:
            candidates = self._may_pay(span, letters, candidates, floor)
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
                    notation = word if wild_at < 0 else (
                        word[:wild_at] + wild.lower() + word[wild_at + 1:])  # type: ignore[union-attr]
                    found.append(Move(notation, start, direction, price, "".join(laid),
                                      wild_at >= 0, ((word, start, direction, main), *sides)))
                a = word.find(head, a + 1)


def find_placements(
    grid: Grid, hand: str, wilds: int, finder: WordFinder, dictionary: Dictionary,
    min_length: int = 2,
) -> list[Move]:
    """Every legal placement of the hand on `grid`, best price first (see `Board.moves`)."""
    return Board(grid, finder, dictionary, min_length).moves(hand, wilds)
