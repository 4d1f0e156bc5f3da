"""Privacy: what each seat may see of the game, as a `SeatView` and as log lines.

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
from collections.abc import Collection
from dataclasses import replace

from buyword.bots.view import Opponent, SeatView
from buyword.engine import Auction, Buy, Game, Rules
from buyword.engine import events as ev

#: How a tile whose letter is hidden is written in a log line.
HIDDEN = "▪"


def seat_view(game: Game, seat: int, visible: Collection[int],
              log: tuple[ev.Event, ...] = ()) -> SeatView:
    """The view of `game` from `seat`, which may see the hands and draws of `visible` seats.

    `unseen` is the bag plus every hand and draw the seat may not see, mixed and sorted.
    """
    players = game.players
    me = players[seat]
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
                 p.drawn if p.seat in shown else None)
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
        hand=me.hand,
        money=me.money,
        wilds=me.wilds,
        drawn=me.drawn,
        draws=tuple(p.drawn if p.seat in shown else None for p in players),
        bag_size=game.bag_size,
        unseen="".join(sorted(unseen.elements())),
        over_limit=game.over_limit(seat),
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
