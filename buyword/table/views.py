"""Privacy: what each seat may see of the game, as a `SeatView` and as log lines; and what a
screen at that seat may draw, as a `TableView` (the seat's `SeatView`, whose turn it is, why
each key would be refused, the log's lines for that viewer, ...), the one picture every table
screen draws, local or at a hosted table (its plain form is what a host sends).

With private hands on, a seat sees its own hand and draw, and of everyone else only what the
table shows face up: money, wilds, how many tiles they hold, and every tile that leaves play
(sales, discards, drops) or is paid for (the price, never the tiles). Without private hands
every hand and draw is open.

In the table variants some draws are face up for everyone: in a game with trading or a tile
draft (the trading step shows every draw; a draft's tiles are picked from the table), and a
draw put up for auction. Hands stay hidden.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING

from buyword.bots.view import Opponent, SeatView
from buyword.engine import Auction, Buy, BuyWordError, Rules
from buyword.engine import events as ev
from buyword.engine.crossword import Grid
from buyword.engine.game import Outcome
from buyword.engine.wording import dollars
from buyword.store.setup import Seat

if TYPE_CHECKING:
    from buyword.engine import Game

#: How a tile whose letter is hidden is written in a log line.
HIDDEN = "▪"


def seat_view(game: Game, seat: int | None, visible: Collection[int],
              log: tuple[ev.Event, ...] = ()) -> SeatView:
    """The view of `game` from `seat`, which may see the hands and draws of `visible` seats
    (`seat` None: someone at the table who holds no seat, such as a screen between people).

    `unseen` is the bag plus every hand and draw the seat may not see, mixed and sorted.
    """
    players = game.players
    me = players[seat] if seat is not None else None
    auction = game.auction
    shown = set(visible)  # whose draws this seat sees: the hands it sees, and face-up draws
    if draws_face_up(game.rules):
        shown.update(range(game.seats))
    if auction is not None:
        shown.add(auction.seat)  # a draw up for auction is shown to the bidders
    unseen = Counter(game.bag) + Counter(_left_unseen(game))
    for p in players:
        if p.seat not in visible:
            unseen.update(p.hand)
        if p.seat not in shown:
            unseen.update(p.drawn)
    opponents = tuple(
        Opponent(p.seat, p.name, p.money, p.wilds, len(p.hand),
                 p.hand if p.seat in visible else None,
                 p.drawn if p.seat in shown else None, len(p.drawn))
        for p in players if p.seat != seat
    )
    return SeatView(
        seat=seat,
        seats=game.seats,
        names=game.names,
        phase=game.phase,
        round=game.round,
        leader=game.leader,
        current=game.current,
        die=game.die,
        draw_count=game.draw_count,
        final_round=game.final_round,
        hand=me.hand if me is not None else "",
        money=me.money if me is not None else 0,
        wilds=me.wilds if me is not None else 0,
        drawn=me.drawn if me is not None else "",
        draws=tuple(p.drawn if p.seat in shown else None for p in players),
        bag_size=game.bag_size,
        unseen="".join(sorted(unseen.elements())),
        over_limit=game.over_limit(seat) if seat is not None else 0,
        can_buy=game.current == seat and game.is_legal(Buy()),
        opponents=opponents,
        last_sale=game.last_sale,
        rules=game.rules,
        private=len(visible) < game.seats,
        log=log,
        theme=game.theme,
        draft_tiles=game.draft_tiles,
        auction=auction,
        trade_offer=game.trade_offer,
        can_auction=game.current == seat and game.is_legal(Auction()),
        grid=game.grid,
    )


def _left_unseen(game: Game) -> str:
    """The bag's last tiles, removed face down at the final round: nobody ever saw them, so they
    stay among every seat's unseen tiles (else the unseen tiles would shrink to exactly the
    other hidden hands, which no person at the table could tell apart from them)."""
    if not game.final_round:
        return ""
    return next((e.removed for e in reversed(game.log) if isinstance(e, ev.FinalRound)), "")


def draws_face_up(rules: Rules) -> bool:
    """Whether every draw is face up at this table: trading shows the draws before anyone
    buys, and a tile draft's tiles are picked from the table (docs/rules.md, Table variants)."""
    return rules.trade or rules.trade_money or rules.draft


def redact(event: ev.Event, visible: Collection[int], face_up: bool = False) -> ev.Event:
    """The event as a viewer who may see the hands of `visible` seats reads it: the letters
    going into a hidden hand (a draw, a purchase) become HIDDEN tiles; the price stays, and
    draws the table saw face up (`face_up`: see `draws_face_up`) stay as they were.
    The bag's last tiles, which leave the game unseen at the final round, are hidden from all."""
    if isinstance(event, ev.Drew | ev.Bought) and event.seat not in visible and not face_up:
        return replace(event, tiles=HIDDEN * len(event.tiles))
    if isinstance(event, ev.FinalRound):  # the bag's last tiles leave face down
        return replace(event, removed=HIDDEN * len(event.removed))
    return event


# ---------------------------------------------------------------------- what a screen draws


class Wait(StrEnum):
    """The kind of input the table waits for."""

    ROLL = "roll"  # the leader rolls the die
    CHOOSE = "choose"  # the die showed CHOICE: the leader picks 2-5
    DRAFT = "draft"  # tile draft: pick one of the face-up tiles
    TRADE = "trade"  # trading step: offer a trade or pass, or answer the offer made to you
    BUY = "buy"  # buy or discard the draw
    AUCTION = "auction"  # an auction: bid or pass, or (the seller) match the high bid or pass
    SELL = "sell"  # sell a word, or done
    DROP = "drop"  # drop tiles down to the tile limit
    CHALLENGE = "challenge"  # challenge the sale just made, or let it stand ("pass")
    OVER = "over"  # the game has ended


#: What the table awaits when a person makes a decision the coach weighs
#: (`buyword.table.coach`): a roll is luck, a challenge is not weighed, and Master's playouts
#: do not play the variants' steps.
COACHED_WAITS = frozenset({Wait.CHOOSE, Wait.BUY, Wait.SELL, Wait.DROP})


@dataclass(frozen=True)
class Awaiting:
    """Who must act now and with what kind of input.

    Usually one seat. In the challenge window, people sitting next to each other (in order
    from the seller's left) are asked together, on one prompt: any of them may challenge.
    """

    wait: Wait
    seats: tuple[int, ...] = ()
    computer: bool = False
    sale: ev.Sold | None = None  # the sale open to challenge (Wait.CHALLENGE)

    @property
    def seat(self) -> int | None:
        """The (first) seat asked, or None when the game is over."""
        return self.seats[0] if self.seats else None


#: The answers a table screen offers as keys: a view says why each would be refused now, so
#: every screen greys out the same keys.
KEYS = ("roll", "choose 2", "choose 3", "choose 4", "choose 5", "buy", "discard", "auction",
        "pass", "match", "accept", "decline", "done")

@dataclass(frozen=True)
class LogLine:
    """One line of the game log as a viewer reads it (already redacted), and the kind of event
    it tells ("Sold", "Rolled" ...), by which a screen styles it."""

    text: str
    kind: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class SeatResult:
    """One seat's game at its end: the money, the money round by round, the best word."""

    seat: int
    name: str
    money: int
    history: tuple[int, ...]  # the money at the start and after each round
    best: ev.Sold | None  # the best-paid word (the first of equals), None if nothing sold
    words: int  # how many words the seat sold

    @property
    def best_text(self) -> str:
        """'CAT $25', or 'no word sold'."""
        best = self.best
        return f"{best.word.upper()} {dollars(best.price)}" if best else "no word sold"


@dataclass(frozen=True)
class ResultsView:
    """Everything a results screen draws of a finished game (nothing in it was ever hidden:
    at the end every hand has been scored and the log is the table's)."""

    outcome: Outcome
    players: tuple[SeatResult, ...]  # by seat
    rules: Rules
    seed: int | None
    rounds: int
    grid: Grid  # the crossword grid as the game ended (empty in other games)

    @property
    def solo(self) -> bool:
        """Whether one person played alone (the benchmark game)."""
        return len(self.players) == 1

    def rating(self, money: int) -> str:
        """The rulebook's word for a solo game's money ('good')."""
        return self.rules.solo_rating(money)

    def rating_marks(self) -> str:
        """The rulebook's thresholds, lowest first: '$800 fair · $900 good · ...'."""
        return " · ".join(f"${t:,} {name}" for t, name in reversed(self.rules.solo_ratings))


def results_view(game: Game) -> ResultsView:
    """The results of finished `game` (BuyWordError while it is still on)."""
    outcome = game.outcome()
    if outcome is None:
        raise BuyWordError("the game is not over yet")
    history = game.money_history()
    sales = [e for e in game.log if isinstance(e, ev.Sold)]
    players = tuple(
        SeatResult(
            seat=p.seat, name=p.name, money=p.money,
            history=tuple(row[p.seat] for row in history),
            best=max((s for s in sales if s.seat == p.seat), key=lambda s: s.price, default=None),
            words=sum(1 for s in sales if s.seat == p.seat))
        for p in game.players)
    return ResultsView(outcome=outcome, players=players, rules=game.rules, seed=game.seed,
                       rounds=game.round, grid=game.grid)


@dataclass(frozen=True)
class LinkView:
    """A seat at a hosted table, as its own screen knows the link to the host (never sent:
    the seat's link adds it to each view the host sends)."""

    seat: int  # the seat this screen holds (the only one it answers for)
    sent: bool = False  # an answer is on its way: the screen waits for the host's reply
    lost: bool = False  # the link broke and is being mended ("reconnecting")
    ended: str | None = None  # why the table cannot be played from here any more

    @property
    def open(self) -> bool:
        """Whether this seat may answer now, as far as the link goes."""
        return not self.sent and not self.lost and self.ended is None


@dataclass(frozen=True)
class LessonView:
    """What a guided game's lesson panel says now (`buyword.table.lessons.Tutorial`)."""

    title: str  # the lesson's number and name: "Lesson 3/12 · The price"
    text: str  # what it says, or that the game is over or has left the script
    #: What to do now, in a few words ("Press R"); None once there is nothing to do.
    todo: str | None
    finished: bool
    #: What a key that does nothing now is answered with: what the lesson waits for.
    not_yet: str
    #: A puzzle: a position posed, not a game dealt, so the table shows no seed, and no level
    #: beside its rivals (they never play).
    posed: bool = False


@dataclass(frozen=True)
class TableView:
    """Everything a screen at one seat (or held by nobody) may draw of the table, now.

    Built by `TableSession.table_view`; a hosted table sends it to each seat's screen in its
    plain form (`buyword.table.view_codec`). Nothing in it is hidden from its viewer: another
    seat's hidden hand or draw is only a count.
    """

    seat: SeatView  # the game as the viewer may see it (its `log` is empty: see `log`)
    seats: tuple[Seat, ...]  # names, and each computer's level
    awaiting: Awaiting
    waiting_for: str  # what the table waits for, in words
    #: Why each of the keys (`KEYS`) would be refused now (None: allowed), when the viewer
    #: may see the seat asked; empty otherwise.
    why_not: Mapping[str, str | None]
    addressed: frozenset[int]  # the seats the table speaks to as "you" (else it names them)
    log: tuple[LogLine, ...]  # the log as the viewer may read it
    hints: bool  # whether people may ask for hints
    hand_off: bool  # the one screen is handed between people (hiding hands in between)
    #: The seat whose unseen tiles the screen may show (None: nobody's, at a hand-off).
    unseen_of: int | None
    undo_seat: int  # whose move Ctrl+Z would take back
    why_not_undo: str | None  # why Ctrl+Z takes nothing back now (None: it may)
    seed: int | None  # the seed that dealt the bag, when the viewer may know it
    nobody_draws: bool  # the final round in which the bag could not serve the draw
    #: The crossword variant: the squares of the last word placed, and how many were placed.
    last_placed: frozenset[tuple[int, int]] = frozenset()
    words_placed: int = 0
    outcome: Outcome | None = None
    #: Whether the coach weighs people's decisions at this table (the setting, or F6 asked).
    coaching: bool = False
    #: The results, once the game is over (what every results screen draws).
    results: ResultsView | None = None
    #: The seat a screen shared by several people is being handed to: its person is asked
    #: to take it (the table's runner says so; never sent to a screen of one's own).
    handing_to: int | None = None
    #: A guided game's lesson, for the panel beside the play (None at any other table).
    lesson: LessonView | None = None
    #: A seat at a hosted table: the link's state (None at a table played here).
    link: LinkView | None = None

    def level_shown(self, seat: int) -> str | None:
        """The computer level the table shows beside `seat`'s name (None: a person's seat,
        or a puzzle's rival, which never plays)."""
        if self.lesson is not None and self.lesson.posed:
            return None
        return self.seats[seat].level

    @property
    def viewer(self) -> int | None:
        """The seat whose view this is (None: nobody holds the screen)."""
        return self.seat.seat

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.seat.rules

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.seat.names

    @cached_property
    def players(self) -> tuple[Opponent, ...]:
        """Every player as the viewer sees them, by seat (a hidden hand or draw is None)."""
        view = self.seat
        if view.seat is None:
            return view.opponents
        me = Opponent(view.seat, view.names[view.seat], view.money, view.wilds, len(view.hand),
                      view.hand, view.drawn, len(view.drawn))
        return tuple(sorted((*view.opponents, me), key=lambda p: p.seat))

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, s in enumerate(self.seats) if s.human)

    def deciding(self, seat: int) -> tuple[int, str] | None:
        """Which decision of the coach's kinds `seat` is making now, as its round and the
        phase it is made in (a round's selling is one decision, however many words), or None
        when it makes none now: what a coach line on a screen leaves at (docs/review.md)."""
        awaiting = self.awaiting
        if awaiting.computer or seat not in awaiting.seats or awaiting.wait not in COACHED_WAITS:
            return None
        return (self.seat.round, self.seat.phase.value)

    @property
    def asked_here(self) -> tuple[int, ...]:
        """The seats asked now that this view's screen answers for: every person asked at a
        table played here; at a hosted table this screen's own seat alone, if it is asked
        and its link is free to send the answer (none while a computer acts, or at the
        end)."""
        awaiting, link = self.awaiting, self.link
        if awaiting.computer or awaiting.wait is Wait.OVER:
            return ()
        if link is None:
            return awaiting.seats
        return (link.seat,) if link.seat in awaiting.seats and link.open else ()

    def may_see(self, seat: int) -> bool:
        """Whether the viewer sees `seat`'s hand."""
        return self.players[seat].hand is not None

    def over_limit(self, seat: int) -> int:
        """How many letter tiles `seat` holds beyond the tile limit (a public count)."""
        limit = self.rules.tile_limit
        return 0 if limit is None else max(0, self.players[seat].tiles - limit)

    def price_of_draw(self, seat: int) -> int | None:
        """What `seat`'s draw costs, when the viewer sees it (else None)."""
        drawn = self.players[seat].drawn
        return None if drawn is None else self.rules.tiles.price_of(drawn)

    def refusal(self, key: str) -> str | None:
        """Why the key's answer (one of `KEYS`) would be refused now; None if it would not.
        A key the viewer may not answer now is refused."""
        if key not in self.why_not:
            return f"it is not your turn: {self.waiting_for}"
        return self.why_not[key]
