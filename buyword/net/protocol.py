"""The messages between a table's server and the players' screens: JSON, versioned, bounded.

A client may send only these things, each a JSON object with `"v": VERSION`:

    {"v": 2, "type": "join", "code": "K7M2QX"}        take an open seat with its join code
    {"v": 2, "type": "join", "token": "..."}          take back one's seat after a drop
    {"v": 2, "type": "act", "text": "buy"}            an answer in the game's notation ("pass" too)
    {"v": 2, "type": "preview", "text": "bov"}        what selling the typed word would do
    {"v": 2, "type": "hint"}                          the best words for its hand now (F2)
    {"v": 2, "type": "coach"}                         Master's choice for its decision now (F6)
    {"v": 2, "type": "leave"}                         leave the table (the seat stays reserved)

The server sends `welcome` (the seat, its name and its secret token), `view` (what that seat
may see now: a `TableView` in its plain form, see `view_message`), `preview` (the table's
preview of a typed word: the same the session gives a local screen), `hints` (the best words,
or placements, found for the seat's hand; the game is then marked as played with hints),
`coach` (one line of the coach's for this seat alone: how its decision compared, or Master's
choice that F6 asked for; the game is then marked as coached), `refused` (an answer the table
did not accept, and why) and `error` (a broken message; the connection is then closed).
Anything else, an unknown field, a wrong type, or more than MAX_BYTES, or nested deeper than
MAX_DEPTH, is a `ProtocolError`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from buyword.engine import BuyWordError

if TYPE_CHECKING:
    from buyword.table import SalePreview, TableSession
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate

#: The protocol's version; a message with another version is refused. Version 2 sends each
#: seat its `TableView`.
VERSION = 2
#: The largest message a client may send (bytes); the server refuses (and drops) bigger ones.
MAX_BYTES = 64 * 1024
#: The longest answer text (the longest notation, a crossword sale, is far shorter).
MAX_TEXT = 200
#: The longest join code or token accepted.
MAX_SECRET = 64
#: The deepest nesting of arrays and objects read (a client's messages are flat objects): a
#: deeper message is refused before the JSON reader could recurse on it.
MAX_DEPTH = 4


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
class Preview:
    """What selling `text` from the seat's hand would do now (a screen's word box)."""

    text: str


@dataclass(frozen=True)
class Hint:
    """The seat's person asks for hints (F2): the table that allows them finds the best words
    for that hand and marks the game as played with hints by that seat."""


@dataclass(frozen=True)
class CoachAsk:
    """The seat's person asks the coach for Master's choice now (F6): the coach goes on for
    the rest of the game and the game is marked as coached."""


@dataclass(frozen=True)
class Leave:
    """The player leaves the table; the seat stays theirs to take back with the token."""


ClientMessage = Join | Act | Preview | Hint | CoachAsk | Leave

_FIELDS: dict[str, frozenset[str]] = {
    "join": frozenset({"v", "type", "code", "token"}),
    "act": frozenset({"v", "type", "text"}),
    "preview": frozenset({"v", "type", "text"}),
    "hint": frozenset({"v", "type"}),
    "coach": frozenset({"v", "type"}),
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
        text = raw.decode() if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ProtocolError("message is not JSON") from None
    if nesting(text) > MAX_DEPTH:
        raise ProtocolError(f"message nested deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("message is not a JSON object")
    version = data.get("v")
    if type(version) is not int or version != VERSION:  # True is an int to Python, not here
        shown = version if type(version) is int else "missing or not a number"
        raise ProtocolError(f"protocol version {shown}: this table speaks version {VERSION}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError(f"unknown message type {kind!r}")
    extra = set(data) - _FIELDS[kind]
    if extra:
        raise ProtocolError(f"unknown fields in {kind!r}: {', '.join(sorted(extra))}")
    if kind == "act":
        return Act(_text(data, "text", MAX_TEXT))
    if kind == "preview":
        return Preview(_text(data, "text", MAX_TEXT))
    if kind == "leave":
        return Leave()
    if kind == "hint":
        return Hint()
    if kind == "coach":
        return CoachAsk()
    code = _text(data, "code", MAX_SECRET) if "code" in data else None
    token = _text(data, "token", MAX_SECRET) if "token" in data else None
    if (code is None) == (token is None):
        raise ProtocolError("a join names either a code or a token")
    return Join(code, token)


def nesting(text: str) -> int:
    """How deeply `text`'s arrays and objects nest, counted without parsing it (brackets
    inside strings do not count), so a hostile message cannot make the JSON reader recurse."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _text(data: dict[str, Any], name: str, limit: int) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise ProtocolError(f"{name!r} must be text")
    if len(value) > limit or not value.isprintable():
        raise ProtocolError(f"{name!r} must be printable text of at most {limit} characters")
    if limit == MAX_SECRET and not (value.strip().isascii() and value.strip().isalnum()):
        raise ProtocolError(f"{name!r} must be plain letters and digits, as the host gave it")
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


def preview_request(text: str) -> dict[str, Any]:
    """Ask what selling `text` would do."""
    return {"v": VERSION, "type": "preview", "text": text}


def hint_message() -> dict[str, Any]:
    """The seat's person asks for hints."""
    return {"v": VERSION, "type": "hint"}


def coach_request() -> dict[str, Any]:
    """The seat's person asks the coach for Master's choice (F6)."""
    return {"v": VERSION, "type": "coach"}


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


def view_message(session: TableSession, seat: int, log_from: int = 0) -> dict[str, Any]:
    """What `seat` may see now: its `TableView` (a screen of its own: the table speaks to it
    as "you", the seed is shown only at the end) in the one plain form, with the log's lines
    from `log_from` on. Hidden hands and draws are never in it, nor a word's verdict before a
    challenge settles it."""
    view = session.table_view(seat, own_screen=True)
    return {"v": VERSION, "type": "view", "view": view.to_dict(log_from)}


def coach_message(text: str) -> dict[str, Any]:
    """One line of the coach's, for the seat it speaks to (never sent to another)."""
    return {"v": VERSION, "type": "coach", "text": text}


def preview_message(text: str, preview: SalePreview) -> dict[str, Any]:
    """The table's preview of selling `text`, for the seat that typed it."""
    return {"v": VERSION, "type": "preview", "text": text, "preview": preview.to_dict()}


def hints_message(found: Sequence[Candidate] | Sequence[Move]) -> dict[str, Any]:
    """The hints found for a seat's hand: words (word, wild, pips) or, in the crossword
    variant, placements (the move generator's fields)."""
    from buyword.words.crossword import Move

    rows: list[Any] = []
    for hint in found:
        if isinstance(hint, Move):
            rows.append({"move": [hint.notation, None if hint.start is None else list(hint.start),
                                  hint.direction, hint.price, hint.letters, hint.wild,
                                  [[w, list(at), d, pips] for w, at, d, pips in hint.formed]]})
        else:
            rows.append({"word": hint.word, "wild": hint.wild, "pips": hint.pips})
    return {"v": VERSION, "type": "hints", "hints": rows}


def read_hints(message: dict[str, Any]) -> list[Candidate] | list[Move]:
    """The hints of a `hints_message`. Raises BuyWordError when it is damaged."""
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate

    try:
        found: list[Any] = []
        for row in message["hints"]:
            if "move" in row:
                notation, start, direction, cost, letters, wild, formed = row["move"]
                found.append(Move(notation, None if start is None else (start[0], start[1]),
                                  direction, cost, letters, bool(wild),
                                  tuple((w, (at[0], at[1]), d, pips)
                                        for w, at, d, pips in formed)))
            else:
                found.append(Candidate(row["word"], row["wild"], row["pips"]))
        return found
    except (KeyError, TypeError, ValueError, IndexError):
        raise BuyWordError("the table's hints are damaged, or from another version of "
                           "BuyWord") from None
