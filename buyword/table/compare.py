"""Two games on the same bag, round by round: what each player bought and sold, and the money.

The results screen's "How would Expert have done" draws this beside the person's own solo game
(`compare_games`); `compare_records` reads the same from two saved game records. No Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from buyword.engine import Game, GameRecord
from buyword.engine import events as ev
from buyword.store.stats import RecordedWords

#: How many rounds the comparison marks as the ones where the gap between the two moved most.
SWINGS = 3


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
