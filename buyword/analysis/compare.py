"""Two games on the same bag, round by round: what each player bought and sold, and the money.

The results screen's "How would Expert (or Master) have done" plays the person's bag with a
computer player (`play_beside`) and draws that game beside the person's own solo game
(`compare_games`); `compare_records` reads the same from two saved game records. No Textual.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from buyword.engine import BuyWordError, Game, GameRecord
from buyword.engine import events as ev
from buyword.store.records import decode_record, encode_record
from buyword.store.stats import RecordedWords

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from buyword.store.setup import GameSetup
    from buyword.table.session import TableSession
    from buyword.words.finder import WordFinder

#: How many rounds the comparison marks as the ones where the gap between the two moved most.
SWINGS = 3

#: Master's rollouts an option at each decision of the results screen's comparison: counted,
#: not timed, so that its game depends only on the seed (it is the game `buyword sim --players
#: master --seed S --games 1 --rollouts 48` plays) and takes seconds, not minutes.
BESIDE_ROLLOUTS = 48


def play_beside(game: Game, level: str, finder: WordFinder, *,
                rollouts: int = BESIDE_ROLLOUTS, jobs: int = 1,
                theme_finders: Callable[[str], WordFinder] | None = None,
                progress: Callable[[int, int], object] | None = None,
                cancelled: Callable[[], bool] | None = None,
                rounds: Callable[[Game], object] | None = None) -> Game | None:
    """The computer player of `level` playing solo `game`'s bag and die rolls (its seed, bag,
    rules and themes) to the end, seated and seeded as `buyword sim` seats it, so the game is
    the one `buyword sim --players LEVEL --seed S --games 1` plays; a Master searches
    `rollouts` rollouts an option (`buyword sim --rollouts`), each decision's rollouts
    spread over `jobs` processes (`buyword.analysis.spread`: the same game, sooner).

    `progress(drawn, bag)` is told after every step how many of the bag's tiles are gone;
    `cancelled()` is asked before every step: when it says True, the game stops and the
    answer is None. `rounds(game)` is handed the game so far each time a round of it ends
    (in the caller's thread, so it may read the game), for a table shown as it is played.
    `theme_finders` as for `buyword.table.session.TableSession`.
    """
    from buyword.analysis.sim import rollout_search, search_with
    from buyword.analysis.spread import RolloutSpread
    from buyword.bots import MasterBot
    from buyword.table.launch import computer_table
    from buyword.table.runner import TableRunner

    session = computer_table([level], game.seed, game.dictionary, finder, rules=game.rules,
                             names=[level.strip().title()], bag=game.start_bag,
                             themes=game.themes, theme_finders=theme_finders)
    other = session.game
    search_with(session, rollout_search(rollouts))
    spreads = [RolloutSpread(bot, jobs) for bot in session.bots.values()
               if isinstance(bot, MasterBot) and jobs > 1]
    bag = len(other.start_bag)
    runner = TableRunner(session, shared_screen=False, pace=False)
    try:
        while not (cancelled is not None and cancelled()):
            logged = len(other.log)
            if runner.step() is None:  # no computer to act: the game is over
                return other
            if progress is not None:
                progress(bag - other.bag_size, bag)
            if rounds is not None and any(isinstance(event, ev.RoundEnded)
                                          for event in other.log[logged:]):
                rounds(other)
        return None
    finally:
        for spread in spreads:
            spread.close()


class MasterAhead:
    """Master's game on a solo game's bag, played in a background process while the person
    plays, so that the results screen's "Master's game" is there when it is asked for.

    Master's game on a bag depends only on the seed, the bag and the rules, all fixed when
    the game begins (it is `play_beside`'s game, action for action); nothing of it is shown
    before the results. The process runs at the lowest priority on one core, so the table
    never waits for it; where processes cannot fork (Windows) there is none and the results
    screen plays the game when asked.
    """

    def __init__(self, game: Game, finder: WordFinder, *, rollouts: int = BESIDE_ROLLOUTS
                 ) -> None:
        """Start Master on `game`'s bag (a solo game at its start, or resumed)."""
        self.seed, self.start_bag, self.rules = game.seed, game.start_bag, game.rules
        self._dictionary = game.dictionary
        self._game: Game | None = None
        self._failed = False
        self._reader: Connection | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        if sys.platform == "win32":
            return
        context = multiprocessing.get_context("fork")  # the word index comes along, unpickled
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(target=_play_ahead, daemon=True,
                                  args=(writer, game, finder, rollouts))
        try:
            process.start()
        except OSError:  # no process to be had (memory, limits): played when asked instead
            reader.close()
            return
        finally:
            writer.close()
        self._process, self._reader = process, reader

    @classmethod
    def worth_playing(cls, session: TableSession, setup: GameSetup) -> bool:
        """Whether Master's game on `session`'s bag is worth playing ahead: a person's solo
        game (not a lesson) that is still on, under rules Master's own search plays."""
        game = session.game
        return (game.seats == 1 and setup.seats[0].human and not setup.lesson
                and game.outcome() is None and cls.plays(game))

    @classmethod
    def of(cls, session: TableSession, finder: WordFinder) -> MasterAhead:
        """Start Master on `session`'s bag, searching `finder`'s words."""
        return cls(session.game, finder)

    @staticmethod
    def plays(game: Game) -> bool:
        """Whether Master's own search plays `game`'s rules (no table variant, theme or
        crossword), so that its game is worth playing ahead."""
        from buyword.table.weighing import unreviewable

        return unreviewable(GameRecord.of(game)) is None

    def is_for(self, game: Game) -> bool:
        """Whether this is Master's game on `game`'s bag (the same seed, bag and rules)."""
        return (self.seed, self.start_bag, self.rules) == (game.seed, game.start_bag, game.rules)

    @property
    def failed(self) -> bool:
        """Whether the game ahead will never be ready (it stopped, or could not be played)."""
        return self._failed or (self._game is None and self._reader is None)

    def ready(self) -> Game | None:
        """Master's finished game, if it has finished (never waits)."""
        if self._game is None and not self._failed and self._reader is not None:
            try:
                if not self._reader.poll():
                    return None
                record = self._reader.recv()
            except (EOFError, OSError):  # the process died: the screen plays it when asked
                record = None
            self.close()
            if record is None:
                self._failed = True
                return None
            try:
                self._game = decode_record(record).replay(self._dictionary)
            except BuyWordError:  # a record that does not replay: played when asked instead
                self._failed = True
        return self._game

    def close(self) -> None:
        """Stop the process if it is still playing (the game was left, or is played now)."""
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join(1)
        self._process = None
        if self._reader is not None:
            self._reader.close()
            self._reader = None


def _let_go_of_the_terminal() -> None:
    """Point the forked process's standard streams at the null device: whatever reads the
    table's terminal (a browser tab's server, tmux) sees it close when the table closes, not
    when Master's game ends."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_RDWR)
        for stream in (0, 1, 2):
            os.dup2(null, stream)
        os.close(null)


def _play_ahead(writer: Connection, game: Game, finder: WordFinder, rollouts: int) -> None:
    """In the background process: Master's game on `game`'s bag, sent as a record's JSON
    (None if it could not be played)."""
    _let_go_of_the_terminal()
    with contextlib.suppress(OSError):
        os.nice(19)  # after everything else on the machine, the table first
    record: str | None = None
    parent = os.getppid()
    try:  # a table killed outright leaves no orphan playing on: it stops at the next step
        other = play_beside(game, "master", finder, rollouts=rollouts,
                            cancelled=lambda: os.getppid() != parent)
        if other is not None:
            record = encode_record(GameRecord.of(other))
    except Exception:  # noqa: BLE001 - whatever went wrong, the results screen plays it
        record = None
    with contextlib.suppress(OSError):
        writer.send(record)
        writer.close()


@dataclass(frozen=True)
class SeatRound:
    """One seat's round: the tiles it bought (with the price), the words it sold, its money."""

    bought: tuple[tuple[str, int], ...]
    sold: tuple[tuple[str, int], ...]
    money: int
    discarded: tuple[str, ...] = ()

    def bought_text(self) -> str:
        """'ABE $25', 'discarded XQ', or 'no draw' when nothing was drawn (the final round)."""
        parts = [f"{tiles} ${price:,}" for tiles, price in self.bought]
        if parts:
            parts[0] = f"bought {parts[0]}"
        parts += [f"discarded {tiles}" for tiles in self.discarded]
        return ", ".join(parts) or "no draw"

    def sold_text(self) -> str:
        """'sold QUIZ $400, AT $4' (a wild's letter in lower case: 'QUiZ'), or 'sold nothing'."""
        words = ", ".join(f"{word} ${price:,}" for word, price in self.sold)
        return f"sold {words}" if words else "sold nothing"


@dataclass(frozen=True)
class RoundPair:
    """A round of both games: each side's round, and how the gap between them moved."""

    round: int
    you: SeatRound
    other: SeatRound
    #: Money after the round: the other side's minus yours (positive: the other is ahead).
    gap: int
    #: How much the gap moved this round (positive: the other side pulled away).
    swing: int
    #: One of the `SWINGS` rounds where the gap moved most (either way).
    marked: bool = False


def seat_rounds(game: Game, seat: int = 0) -> list[SeatRound]:
    """The seat's rounds in order, from the game's log (a finished or unfinished game)."""
    rounds: list[SeatRound] = []
    bought: list[tuple[str, int]] = []
    sold: list[tuple[str, int]] = []
    discarded: list[str] = []
    for event in game.log:
        match event:
            case ev.Bought(seat=s, tiles=tiles, price=price) if s == seat:
                bought.append((tiles, price))
            case ev.AuctionWon(seat=s, tiles=tiles, price=price) if s == seat:
                bought.append((tiles, price))
            case ev.Discarded(seat=s, tiles=tiles) if s == seat:
                discarded.append(tiles)
            case ev.Sold(seat=s, word=word, price=price) if s == seat:
                sold.append((word, price))
            case ev.Challenged(seller_seat=s, word=word, valid=False) if s == seat:
                _reverse(sold, word)
            case ev.RoundEnded(money=money):
                rounds.append(SeatRound(tuple(bought), tuple(sold), money[seat],
                                        tuple(discarded)))
                bought, sold, discarded = [], [], []
    return rounds


def _reverse(sold: list[tuple[str, int]], word: str) -> None:
    """Take back the latest sale of `word` (a challenge found it invalid)."""
    for index in range(len(sold) - 1, -1, -1):
        if sold[index][0].casefold() == word.casefold():
            del sold[index]
            return


def compare_games(you: Game, other: Game, seat: int = 0, other_seat: int = 0,
                  swings: int = SWINGS) -> list[RoundPair]:
    """Both games round by round, as far as either went; `swings` rounds are marked.

    A round one game did not reach shows that side as it ended (nothing bought or sold, its
    final money). The start money is the same for both, so the first round's swing is its gap.
    """
    start = (you.rules.starting_money, other.rules.starting_money)
    pairs = _pairs(seat_rounds(you, seat), seat_rounds(other, other_seat), start)
    return mark_swings(pairs, swings)


def _pairs(yours: Sequence[SeatRound], others: Sequence[SeatRound],
           start: tuple[int, int]) -> list[RoundPair]:
    pairs: list[RoundPair] = []
    last_gap = start[1] - start[0]
    last = (SeatRound((), (), start[0]), SeatRound((), (), start[1]))
    for number in range(1, max(len(yours), len(others)) + 1):
        you = yours[number - 1] if number <= len(yours) else SeatRound((), (), last[0].money)
        other = others[number - 1] if number <= len(others) else SeatRound((), (), last[1].money)
        gap = other.money - you.money
        pairs.append(RoundPair(number, you, other, gap, gap - last_gap))
        last, last_gap = (you, other), gap
    return pairs


def mark_swings(pairs: Sequence[RoundPair], swings: int = SWINGS) -> list[RoundPair]:
    """The same rounds with the `swings` largest moves of the gap marked (the earlier of equal
    moves first; a round where the gap did not move is never marked)."""
    ranked = sorted((p for p in pairs if p.swing), key=lambda p: (-abs(p.swing), p.round))
    chosen = {p.round for p in ranked[:swings]}
    return [RoundPair(p.round, p.you, p.other, p.gap, p.swing, p.round in chosen) for p in pairs]


def compare_records(you: GameRecord, other: GameRecord, seat: int = 0, other_seat: int = 0,
                    swings: int = SWINGS) -> list[RoundPair]:
    """`compare_games` of two saved records, replayed (RecordError if one no longer replays)."""
    accept = RecordedWords()
    return compare_games(you.replay(accept, themes=accept), other.replay(accept, themes=accept),
                         seat, other_seat, swings)
