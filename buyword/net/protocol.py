"""The messages between a table's server and the players' screens: JSON, versioned, bounded.

A client may send only these things, each a JSON object with `"v": VERSION`:

    {"v": 3, "type": "join", "code": "K7M2QX"}        take an open seat with its join code
    {"v": 3, "type": "join", "token": "..."}          take back one's seat after a drop
    {"v": 3, "type": "act", "text": "buy"}            an answer in the game's notation ("pass" too)
    {"v": 3, "type": "preview", "text": "bov"}        what selling the typed word would do
    {"v": 3, "type": "hint"}                          the best words for its hand now (F2)
    {"v": 3, "type": "coach"}                         Master's choice for its decision now (F6)
    {"v": 3, "type": "leave"}                         leave the table (the seat stays reserved)

The server sends `welcome` (the seat, its name and its secret token), `view` (what that seat
may see now: a `TableView` in its plain form, see `view_message`), `preview` (the table's
preview of a typed word: the same the session gives a local screen), `hints` (the best words,
or placements, found for the seat's hand; the game is then marked as played with hints),
`coach` (one line of the coach's for this seat alone: how its decision compared, or Master's
choice that F6 asked for; the game is then marked as coached), `refused` (an answer the table
did not accept, and why) and `error` (a broken message; the connection is then closed).
Anything else, an unknown field, a wrong type, or more than MAX_BYTES, is a `ProtocolError`
naming the field. Every message is decoded by the typed codec (msgspec) straight into its form
(`buyword.store.codec`): a client's bytes into one of the client messages below, read as they
arrive, so a hostile message is refused at the first value that does not fit its field (no
JSON is built for it first); a value the reader must skip before it knows the message's type
stops at Python's recursion limit. The server's messages are read into `ServerMessage`, the
view and a preview by `buyword.table.view_codec`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
from msgspec import Meta

from buyword.engine import BuyWordError
from buyword.store.codec import plain, refusal

if TYPE_CHECKING:
    from buyword.table import SalePreview, TableSession
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate

#: The protocol's version; a message with another version is refused. Version 2 sent each
#: seat its `TableView`; version 3 is the typed codec's (the view's form 3, hints by name).
VERSION = 3
#: The largest message a client may send (bytes); the server refuses (and drops) bigger ones.
MAX_BYTES = 64 * 1024
#: The longest answer text (the longest notation, a crossword sale, is far shorter).
MAX_TEXT = 200
#: The longest join code or token accepted.
MAX_SECRET = 64
class ProtocolError(BuyWordError):
    """A message that breaks the protocol: the connection that sent it is closed."""


#: An answer or a typed word: printable text (checked after decoding), bounded.
_Text = Annotated[str, Meta(max_length=MAX_TEXT)]
#: A join code or token: letters and digits, as the host gave it (checked after decoding).
_Secret = Annotated[str, Meta(max_length=MAX_SECRET)]


class _Client(msgspec.Struct, frozen=True, kw_only=True, tag_field="type",
              forbid_unknown_fields=True):
    """A client's message: its protocol version, and its `type` (the tag of each kind)."""

    v: int = VERSION


class Join(_Client, tag="join", frozen=True):
    """Take a seat: with its join code (first time) or its token (coming back)."""

    code: _Secret | None = None
    token: _Secret | None = None


class Act(_Client, tag="act", frozen=True):
    """An answer for the seat this connection holds, in the game's notation."""

    text: _Text


class Preview(_Client, tag="preview", frozen=True):
    """What selling `text` from the seat's hand would do now (a screen's word box)."""

    text: _Text


class Hint(_Client, tag="hint", frozen=True):
    """The seat's person asks for hints (F2): the table that allows them finds the best words
    for that hand and marks the game as played with hints by that seat."""


class CoachAsk(_Client, tag="coach", frozen=True):
    """The seat's person asks the coach for Master's choice now (F6): the coach goes on for
    the rest of the game and the game is marked as coached."""


class Leave(_Client, tag="leave", frozen=True):
    """The player leaves the table; the seat stays theirs to take back with the token."""


ClientMessage = Join | Act | Preview | Hint | CoachAsk | Leave
_CLIENT = msgspec.json.Decoder(ClientMessage)


class _Versioned(msgspec.Struct):
    """Any message, read for its version alone (to say why a message of another is refused)."""

    v: Any = None


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def parse_client(raw: str | bytes) -> ClientMessage:
    """Read one client message, checking every field strictly. Raises ProtocolError."""
    if len(raw) > MAX_BYTES:
        raise ProtocolError(f"message of {len(raw)} bytes: the limit is {MAX_BYTES}")
    try:
        message = _CLIENT.decode(raw)
    except msgspec.ValidationError as error:
        _check_version(raw)
        raise ProtocolError(refusal(error, "the message")) from None
    except msgspec.DecodeError:
        raise ProtocolError("message is not JSON") from None
    except RecursionError:  # a deep value skipped before the message's type was read
        raise ProtocolError("message nested too deeply") from None
    if type(message.v) is not int or message.v != VERSION:
        _check_version(raw)
    if isinstance(message, Act | Preview) and not message.text.isprintable():
        raise ProtocolError(f"the message's text should be printable text of at most "
                            f"{MAX_TEXT} characters")
    if isinstance(message, Join):
        if (message.code is None) == (message.token is None):
            raise ProtocolError("a join names either a code or a token")
        name, secret = ("code", message.code) if message.token is None else (
            "token", message.token)
        if not (secret and secret.strip().isascii() and secret.strip().isalnum()):
            raise ProtocolError(f"{name!r} must be plain letters and digits, as the host "
                                "gave it")
    return message


def _check_version(raw: str | bytes) -> None:
    """ProtocolError if the message (known to be JSON) is of another protocol version."""
    try:
        version = msgspec.json.decode(raw, type=_Versioned).v
    except (msgspec.DecodeError, RecursionError):
        return  # not an object: the codec's own refusal says so
    if type(version) is not int or version != VERSION:  # True is an int to Python, not here
        shown = version if type(version) is int else "missing or not a number"
        raise ProtocolError(f"protocol version {shown}: this table speaks version {VERSION}")


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
    from buyword.table.view_codec import view_data

    view = session.table_view(seat, own_screen=True)
    return {"v": VERSION, "type": "view", "view": view_data(view, log_from)}


def coach_message(text: str) -> dict[str, Any]:
    """One line of the coach's, for the seat it speaks to (never sent to another)."""
    return {"v": VERSION, "type": "coach", "text": text}


def preview_message(text: str, preview: SalePreview) -> dict[str, Any]:
    """The table's preview of selling `text`, for the seat that typed it."""
    from buyword.table.view_codec import preview_data

    return {"v": VERSION, "type": "preview", "text": text, "preview": preview_data(preview)}


def hints_message(found: Sequence[Candidate] | Sequence[Move]) -> dict[str, Any]:
    """The hints found for a seat's hand: words (word, wild, pips) or, in the crossword
    variant, placements (the move generator's fields, as a list each)."""
    from buyword.words.crossword import Move

    moves = [hint for hint in found if isinstance(hint, Move)]
    words = [hint for hint in found if not isinstance(hint, Move)]
    hints: dict[str, Any] = plain(HintsForm(words=words, moves=moves))
    return {"v": VERSION, "type": "hints"} | hints


# ---------------------------------------------------------------------- the server's, read


class Said(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """A message from the host to one seat (its `type` is the tag of each kind)."""

    v: int


class WelcomeSent(Said, tag="welcome", frozen=True):
    """The seat a connection now holds, its name and its token."""

    seat: Annotated[int, Meta(ge=0)]
    name: str
    token: str


class RefusedSent(Said, tag="refused", frozen=True):
    """An answer the table did not accept (nothing changed), and why."""

    message: str


class ErrorSent(Said, tag="error", frozen=True):
    """A broken message or a join that failed; the host closes the link after it."""

    message: str


class CoachSent(Said, tag="coach", frozen=True):
    """One line of the coach's, for this seat alone."""

    text: str


class ViewSent(Said, tag="view", frozen=True):
    """The seat's view, in its plain form (`buyword.table.view_codec.view_from` reads it:
    it may continue an earlier view's log)."""

    view: dict[str, Any]


class PreviewSent(Said, tag="preview", frozen=True):
    """The table's preview of selling `text` (`buyword.table.view_codec.preview_from`)."""

    text: str
    preview: dict[str, Any]


class HintsForm(msgspec.Struct, kw_only=True):
    """The hints found for a seat's hand: words, or crossword placements."""

    words: list[Any] = []
    moves: list[Any] = []


class HintsSent(Said, tag="hints", frozen=True):
    """The hints found for this seat's hand (`read_hints`)."""

    words: list[dict[str, Any]] = []
    moves: list[list[Any]] = []


ServerMessage = (WelcomeSent | RefusedSent | ErrorSent | CoachSent | ViewSent | PreviewSent
                 | HintsSent)


def read_server(message: object) -> ServerMessage:
    """A server's message (parsed JSON) as its typed form. Raises BuyWordError, naming the
    field, for one this screen cannot read (a host of another version, a damaged message)."""
    version = message.get("v") if isinstance(message, dict) else None
    if type(version) is not int or version != VERSION:
        raise BuyWordError(f"the host is another version of BuyWord (protocol {version!r}; "
                           f"this screen speaks {VERSION})")
    try:
        read: ServerMessage = msgspec.convert(message, ServerMessage)
    except msgspec.ValidationError as error:
        raise BuyWordError(refusal(error, "the host's message")) from None
    return read


def read_hints(message: HintsSent) -> list[Candidate] | list[Move]:
    """The hints of a `hints_message`. Raises BuyWordError, naming the field, when one is
    damaged."""
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate

    try:
        if message.moves:
            return msgspec.convert(message.moves, list[Move])
        return msgspec.convert(message.words, list[Candidate])
    except msgspec.ValidationError as error:
        raise BuyWordError(refusal(error, "the table's hints")) from None
