"""The messages between a table's server and the players' screens: JSON, versioned, bounded.

A client may send only these things, each a JSON object with `"v": VERSION`:

    {"v": 1, "type": "join", "code": "K7M2QX"}        take an open seat with its join code
    {"v": 1, "type": "join", "token": "..."}          take back one's seat after a drop
    {"v": 1, "type": "act", "text": "buy"}            an answer in the game's notation ("pass" too)
    {"v": 1, "type": "hint"}                          its person is shown hints now (F2)
    {"v": 1, "type": "leave"}                         leave the table (the seat stays reserved)

The server sends `welcome` (the seat, its name and its secret token), `view` (what that seat may
see now, see `seat_message`), `refused` (an answer the table did not accept, and why) and
`error` (a broken message; the connection is then closed). Anything else, an unknown field, a
wrong type, or more than MAX_BYTES is a `ProtocolError`.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from buyword.engine import BuyWordError
from buyword.engine.crossword import last_placement
from buyword.engine.events import Sold

if TYPE_CHECKING:
    from buyword.table import TableSession

#: The protocol's version; a message with another version is refused.
VERSION = 1
#: The largest message a client may send (bytes); the server refuses (and drops) bigger ones.
MAX_BYTES = 64 * 1024
#: The longest answer text (the longest notation, a crossword sale, is far shorter).
MAX_TEXT = 200
#: The longest join code or token accepted.
MAX_SECRET = 64
#: The answers a table screen offers as keys: a view says why each is refused on the seat's
#: turn, so a joined screen greys out the same keys as a local one.
KEY_ACTIONS = ("roll", "choose 2", "choose 3", "choose 4", "choose 5", "buy", "discard",
               "auction", "pass", "match", "accept", "decline", "done")


class ProtocolError(BuyWordError):
    """A message that breaks the protocol: the connection that sent it is closed."""


@dataclass(frozen=True)
class Join:
    """Take a seat: with its join code (first time) or its token (coming back)."""

    code: str | None = None
    token: str | None = None


@dataclass(frozen=True)
class Act:
    """An answer for the seat this connection holds, in the game's notation."""

    text: str


@dataclass(frozen=True)
class Hint:
    """The seat's person is shown hints on their own screen: the table that allows them marks
    the game as played with hints by that seat (the server cannot see a screen's F2)."""


@dataclass(frozen=True)
class Leave:
    """The player leaves the table; the seat stays theirs to take back with the token."""


ClientMessage = Join | Act | Hint | Leave

_FIELDS: dict[str, frozenset[str]] = {
    "join": frozenset({"v", "type", "code", "token"}),
    "act": frozenset({"v", "type", "text"}),
    "hint": frozenset({"v", "type"}),
    "leave": frozenset({"v", "type"}),
}


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def parse_client(raw: str | bytes) -> ClientMessage:
    """Read one client message, checking every field strictly. Raises ProtocolError."""
    if len(raw) > MAX_BYTES:
        raise ProtocolError(f"message of {len(raw)} bytes: the limit is {MAX_BYTES}")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("message is not a JSON object")
    if data.get("v") != VERSION:
        raise ProtocolError(f"protocol version {data.get('v')!r}: this table speaks {VERSION}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError(f"unknown message type {kind!r}")
    extra = set(data) - _FIELDS[kind]
    if extra:
        raise ProtocolError(f"unknown fields in {kind!r}: {', '.join(sorted(extra))}")
    if kind == "act":
        return Act(_text(data, "text", MAX_TEXT))
    if kind == "leave":
        return Leave()
    if kind == "hint":
        return Hint()
    code = _text(data, "code", MAX_SECRET) if "code" in data else None
    token = _text(data, "token", MAX_SECRET) if "token" in data else None
    if (code is None) == (token is None):
        raise ProtocolError("a join names either a code or a token")
    return Join(code, token)


def _text(data: dict[str, Any], name: str, limit: int) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise ProtocolError(f"{name!r} must be text")
    if len(value) > limit or not value.isprintable():
        raise ProtocolError(f"{name!r} must be printable text of at most {limit} characters")
    return value


# ---------------------------------------------------------------------- client -> server


def join_message(*, code: str | None = None, token: str | None = None) -> dict[str, Any]:
    """A join with a code or a token."""
    message: dict[str, Any] = {"v": VERSION, "type": "join"}
    if code is not None:
        message["code"] = code
    if token is not None:
        message["token"] = token
    return message


def act_message(text: str) -> dict[str, Any]:
    """An answer in the game's notation."""
    return {"v": VERSION, "type": "act", "text": text}


def hint_message() -> dict[str, Any]:
    """The seat's person is shown hints now."""
    return {"v": VERSION, "type": "hint"}


def leave_message() -> dict[str, Any]:
    """Leaving the table."""
    return {"v": VERSION, "type": "leave"}


# ---------------------------------------------------------------------- server -> client


def welcome_message(seat: int, name: str, token: str) -> dict[str, Any]:
    """The seat a connection now holds, and the token that takes it back after a drop."""
    return {"v": VERSION, "type": "welcome", "seat": seat, "name": name, "token": token}


def refused_message(reason: str) -> dict[str, Any]:
    """An answer the table did not accept (nothing changed)."""
    return {"v": VERSION, "type": "refused", "message": reason}


def error_message(reason: str) -> dict[str, Any]:
    """A broken message or a join that failed; the server closes the connection after it."""
    return {"v": VERSION, "type": "error", "message": reason}


def _crossword(session: TableSession) -> dict[str, Any]:
    """The public crossword grid, as a seat's view carries it."""
    game = session.game
    return {"grid": game.grid.to_dict(),
            "last": [list(square) for square in sorted(last_placement(game.log, game.grid))],
            "words": sum(1 for event in game.log if isinstance(event, Sold))}


def seat_message(session: TableSession, seat: int, log_from: int = 0) -> dict[str, Any]:
    """What `seat` may see now, as plain data: built from its `SeatView` (so hidden hands and
    draws are never in it), the log lines from `log_from` on as that seat may read them,
    whose turn it is and, at the end, the results. Never the bag's order or a verdict on a
    word before a challenge settles it."""
    view = session.view(seat)
    awaiting = session.awaiting()
    log = session.log_for(seat)
    outcome = session.game.outcome()
    you = seat in awaiting.seats and not awaiting.computer
    return {
        "v": VERSION,
        "type": "view",
        "seat": seat,
        "names": list(view.names),
        "computers": [s.level for s in session.seats],
        "phase": str(view.phase),
        "round": view.round,
        "leader": view.leader,
        "current": view.current,
        "die": view.die,
        "draw_count": view.draw_count,
        "final_round": view.final_round,
        # Public (the log says so): the bag could not serve this round's draw, nobody draws.
        "nobody_draws": session.game.nobody_draws,
        "bag": view.bag_size,
        "hand": view.hand,
        "money": view.money,
        "wilds": view.wilds,
        "drawn": view.drawn,
        "price": view.offer_price,
        "can_buy": view.can_buy,
        "over_limit": view.over_limit,
        "private": view.private,
        # The tiles the seat cannot see, as letter counts: what its computer player would use.
        "unseen": dict(sorted(Counter(view.unseen).items())),
        "rules": {"tile_limit": view.rules.tile_limit, "challenge": view.rules.challenge_mode,
                  "min_word_length": view.rules.min_word_length},
        "others": [
            {"seat": o.seat, "name": o.name, "money": o.money, "wilds": o.wilds,
             "tiles": o.tiles, "hand": o.hand, "drawn": o.drawn,
             "drawn_tiles": len(session.game.player(o.seat).drawn)}  # a count is public
            for o in view.opponents
        ],
        "last_sale": None if view.last_sale is None else str(view.last_sale),
        "awaiting": {"wait": str(awaiting.wait), "seats": list(awaiting.seats),
                     "you": you, "words": session.waiting_for(),
                     "sale": None if awaiting.sale is None else asdict(awaiting.sale)},
        # What a screen needs to draw the table as a local game does: the whole rule set
        # (public; it never changes, so only in a seat's first view, which has the whole log),
        # the face-up tiles of the variants, and why each of the seat's keys would be refused
        # now (only on its own turn). The seed deals the bag: shown only at the end.
        "rule_set": view.rules.to_dict() if log_from == 0 else None,
        "theme": view.theme,
        "draft_tiles": view.draft_tiles,
        "auction": None if view.auction is None else asdict(view.auction),
        "trade_offer": None if view.trade_offer is None else asdict(view.trade_offer),
        # The crossword variant's grid is on the table for everyone to see: the whole grid,
        # the squares of the last word placed and how many words were (None otherwise).
        # Whether the host lets players ask for hints (each screen searches its own hand).
        "hints": session.hints_allowed,
        "crossword": _crossword(session) if view.rules.crossword else None,
        "why_not": {text: session.game.why_not(text) for text in KEY_ACTIONS} if you else {},
        "seed": None if outcome is None else session.game.seed,
        "log_from": log_from,
        "log": [str(event) for event in log[log_from:]],
        # Each line's event kind ("Sold", "Rolled" ...): a screen styles the line by it.
        "log_kinds": [type(event).__name__ for event in log[log_from:]],
        "log_size": len(log),
        "outcome": None if outcome is None else {
            "reason": outcome.reason,
            "winners": list(outcome.winners),
            "standings": [{"place": s.place, "seat": s.seat, "name": s.name, "money": s.money}
                          for s in outcome.standings],
        },
    }
