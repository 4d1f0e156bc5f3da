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

from collections import Counter
from dataclasses import dataclass
from operator import attrgetter

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


@dataclass(frozen=True, slots=True)
class Move:
    """A legal placement with what it lays and every word it forms, each paid.

    A hand meets thousands of legal placements on a busy grid, so a move keeps plain values
    and builds its `Placement` and `WordFormed` values only when asked.
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
        for direction, lines in self._lines.items():
            for line, groups in lines.items():
                search.line(direction, line, groups)
        found = search.found
        found.sort(key=str)
        found.sort(key=attrgetter("price"), reverse=True)
        return found

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
        self.found: list[Move] = []
        tiles = board.finder.tiles
        self.pips = tiles.pips
        self.wild_pips = tiles.wild_pips

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
            cap = codes.cap
            room = {}
            for letter, n in self.counts.items():
                spare = min(n, cap.get(letter, 0) - covered.count(letter))
                if spare > 0:
                    room[letter] = spare
            if codes.how_many(room) <= _ENUMERATE_UP_TO:
                found = self._look_up(base, codes.subsets(room))
            else:
                found = self._search_large(covered)
        self.by_covered[covered] = found
        return found

    def _look_up(self, base: int, subsets: list[int]) -> list[tuple[str, str | None]]:
        """The words of `base` plus each subset (composites of hand tiles)."""
        board = self.board
        codes = board.finder.codes
        exact, wild_codes = board.finder.exact_codes, board.finder.wild_codes
        spelled = board.spelled
        mask, held, use_wild = codes.code_mask, self.counts, self.wild
        found: list[tuple[str, str | None]] = []
        for composite in subsets:
            code = base + (composite & mask)
            if code in exact:
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

    def line(self, direction: str, line: int, groups: list[_Group]) -> None:
        """Every placement along one line: over groups i..j, reaching out a and b squares."""
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
                self._span(direction, line, groups, i, j, gaps)

    def _reach(self, direction: str, line: int, x: int, step: int, limit: int) -> int:
        """How many empty squares a word may reach out from `x` (exclusive) by `step`."""
        board = self.board
        reach = 0
        while reach < limit and board._open(board._square(direction, line, x + step), direction):
            reach += 1
            x += step
        return reach

    def _span(self, direction: str, line: int, groups: list[_Group], i: int, j: int,
              gaps: int) -> None:
        """Placements covering groups i..j exactly (their outer neighbours stay uncovered)."""
        board = self.board
        spare = self.most_laid - gaps
        first, last = groups[i].first, groups[j].last
        # The square before the word must stay empty, so it stops one short of group i-1.
        left_room = spare if i == 0 else min(spare, first - groups[i - 1].last - 2)
        right_room = spare if j == len(groups) - 1 else min(spare, groups[j + 1].first - last - 2)
        left = self._reach(direction, line, first, -1, max(left_room, 0))
        right = self._reach(direction, line, last, 1, max(right_room, 0))
        covered = groups[i:j + 1]
        candidates = self.words("".join(sorted("".join(g.letters for g in covered))))
        if not candidates:
            return
        width = last - first + 1
        shortest = max(width + (0 if gaps else 1), board.min_length)  # lays at least one
        longest = width + left + right
        head = covered[0].letters
        # The other covered groups, as (offset from `first`, letters).
        fixed = [(g.first - first, g.letters) for g in covered[1:]]
        # Each square from the leftmost reach: None where a tile lies, else (square, cross).
        base = first - left
        tiles = board.grid.tiles
        slots: list[tuple[Square, _Cross | None] | None] = []
        for x in range(base, last + right + 1):
            sq = board._square(direction, line, x)
            slots.append(None if sq in tiles else (sq, board.cross(sq, direction)))
        fixed_pips = sum(g.pips for g in covered)
        for word, wild in candidates:
            n = len(word)
            if n < shortest or n > longest:
                continue
            # The word's offset of the first covered group: where `head` occurs in it, with
            # room on both sides.
            extra = n - width
            highest = min(left, extra)
            a = word.find(head, max(0, extra - right))
            while 0 <= a <= highest:
                if all(word.startswith(letters, a + at) for at, letters in fixed):
                    self._fit(direction, line, first - a, word, wild, slots, left - a,
                              fixed_pips)
                a = word.find(head, a + 1)

    def _fit(self, direction: str, line: int, start: int, word: str, wild: str | None,
             slots: list[tuple[Square, _Cross | None] | None], offset: int,
             fixed_pips: int) -> None:
        """Keep `word` from `start` if every tile it lays makes a valid side word; price it.

        `slots[offset + k]` is the k-th square of the word: None where a tile lies (its letter
        already matched), else the empty square and its cross-check.
        """
        pips_of, wild_pips = self.pips, self.wild_pips
        wild_at = -1
        if wild is not None:  # the wild goes on the last square it can fill
            wild_at = max(k for k in range(len(word))
                          if word[k] == wild and slots[offset + k] is not None)
        main = fixed_pips
        letters = []
        sides: list[_Formed] = []
        side = DOWN if direction == ACROSS else ACROSS
        for k, letter in enumerate(word):
            slot = slots[offset + k]
            if slot is None:
                continue
            cross = slot[1]
            pips = wild_pips if k == wild_at else pips_of[letter]
            if cross is not None:
                if letter not in cross.allowed:
                    return
                sides.append((cross.before + letter + cross.after, cross.start, side,
                              cross.pips + pips))
            main += pips
            if k != wild_at:
                letters.append(letter)
        notation = word if wild_at < 0 else (
            word[:wild_at] + word[wild_at].lower() + word[wild_at + 1:])
        formed = ((word, self.board._square(direction, line, start), direction, main), *sides)
        price = sum(f[3] * f[3] for f in formed)
        self.found.append(Move(notation, formed[0][1], direction, price, "".join(letters),
                               wild_at >= 0, formed))


def find_placements(
    grid: Grid, hand: str, wilds: int, finder: WordFinder, dictionary: Dictionary,
    min_length: int = 2,
) -> list[Move]:
    """Every legal placement of the hand on `grid`, best price first (see `Board.moves`)."""
    return Board(grid, finder, dictionary, min_length).moves(hand, wilds)
