"""Actions: small frozen values with a text notation that parses back (`roll 3`, `sell QUiZ`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TypeGuard

from buyword.engine.crossword import Placement
from buyword.engine.errors import MalformedAction, quoted
from buyword.engine.rules import CHOICE
from buyword.engine.tiles import ALPHABET, MAX_TILES, parse_spelling

# An action checks its own fields when it is built, so a malformed one (`Roll(2.0)`,
# `Sell(5)`) is refused as MalformedAction before the game looks at it, and everything the
# game accepts writes back as notation that parses to the same action.

#: The largest draw count or seat number an action may name: far beyond any table (draws are
#: 2-5, seats 1-4), and small enough that no number in notation is long to read.
MAX_NUMBER = 99
#: The longest word a sale may name (no word list has one near it).
MAX_WORD = 100
def _is_number(value: object, lowest: int = 1) -> bool:
    """A whole number (an `int` itself: not a bool, float or subclass) in the action range."""
    return type(value) is int and lowest <= value <= MAX_NUMBER


def _text(value: object, what: str, action: str) -> str:
    """`value` if it is a `str`, else MalformedAction saying the action needs text."""
    if type(value) is not str:
        raise MalformedAction(f"{action}({quoted(value)}): {what} must be text")
    return value


@dataclass(frozen=True)
class Roll:
    """The leader rolls the die; `face` is the explicit outcome (2-5 or 'choice') or None."""

    face: int | str | None = None

    def __post_init__(self) -> None:
        """A face is None (roll the die), 'choice', or a whole number of tiles to draw."""
        face = self.face
        if face is None or (type(face) is str and face == CHOICE) or _is_number(face):
            return
        raise MalformedAction(
            f"Roll({quoted(face)}): a die face is a whole number of tiles or {CHOICE!r}"
        )

    def __str__(self) -> str:
        return "roll" if self.face is None else f"roll {self.face}"


@dataclass(frozen=True)
class Choose:
    """After a CHOICE roll the leader picks the draw count."""

    count: int

    def __post_init__(self) -> None:
        """The draw count is a whole number."""
        if not _is_number(self.count):
            raise MalformedAction(
                f"Choose({quoted(self.count)}): the draw count is a whole number, e.g. 3"
            )

    def __str__(self) -> str:
        return f"choose {self.count}"


@dataclass(frozen=True)
class Buy:
    """The current player buys their whole draw at (pips)²."""

    def __str__(self) -> str:
        return "buy"


@dataclass(frozen=True)
class Discard:
    """The current player discards their whole draw (removed from the game)."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True)
class Sell:
    """The current seller sells a word; a lower-case letter marks the wild (`QUiZ`).

    In the crossword variant the sale also says where the word goes: `row`, `col` and
    `direction` ('across' or 'down'), written `sell QUiZ at 0,3 down`; the game's first word
    may leave them out (it goes across at 0,0).
    """

    word: str
    row: int | None = None
    col: int | None = None
    direction: str | None = None

    def __post_init__(self) -> None:
        """A word in `sell` notation: letters A-Z, at most one lower case, not too long; a
        position, if any, is whole (row, column and direction together)."""
        word = _text(self.word, "the word", "Sell")
        if len(word) > MAX_WORD:
            raise MalformedAction(
                f"{quoted(word)} has {len(word):,} letters; a word has at most {MAX_WORD}"
            )
        parse_spelling(word)
        if (self.row, self.col, self.direction) != (None, None, None):
            # Refuses half a position or numbers out of bounds.
            Placement(word, self.row, self.col, self.direction)

    @property
    def positioned(self) -> bool:
        """Whether the sale says where the word goes (the crossword variant)."""
        return self.direction is not None

    @property
    def placement(self) -> Placement:
        """The sale as a crossword placement (the position as given, or none)."""
        return Placement(self.word, self.row, self.col, self.direction)

    def __str__(self) -> str:
        return f"sell {self.placement}"


@dataclass(frozen=True)
class Challenge:
    """Challenge mode: the player in `seat` (counting from 1) challenges the last sale."""

    seat: int

    def __post_init__(self) -> None:
        """Seats are whole numbers counted from 1."""
        if not _is_number(self.seat):
            raise MalformedAction(
                f"Challenge({quoted(self.seat)}): name the seat by its number, from 1"
            )

    def __str__(self) -> str:
        return f"challenge {self.seat}"


@dataclass(frozen=True)
class Done:
    """The current seller finishes selling."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Drop:
    """At the tile-limit step, the player discards these letter tiles."""

    letters: str

    def __post_init__(self) -> None:
        """Letter tiles named in capitals A-Z, at least one."""
        letters = _text(self.letters, "the tiles to drop", "Drop")
        if not letters or len(letters) > MAX_TILES or not all(c in ALPHABET for c in letters):
            raise MalformedAction(
                f"drop {quoted(letters)}: name the letter tiles to drop in capitals, "
                "e.g. 'drop QX'"
            )

    def __str__(self) -> str:
        return f"drop {self.letters}"


#: The standard game's actions (docs/rules.md); `Action`, below the variants' own, is every one.
StandardAction = Roll | Choose | Buy | Discard | Sell | Challenge | Done | Drop


def parse_action(text: str) -> Action:
    """Read an action's text notation; raise MalformedAction saying what is wrong."""
    if not isinstance(text, str):
        raise MalformedAction(f"{quoted(text)} is not an action")
    parts = text.split()
    if not parts:
        raise MalformedAction("an empty action; try 'roll', 'buy', 'sell WORD' or 'done'")
    verb, args = parts[0], parts[1:]
    parser = _PARSERS.get(verb)
    if parser is None:
        raise MalformedAction(
            f"{quoted(text)} is not an action; the verbs are {', '.join(_PARSERS)}"
        )
    return parser(quoted(text), args)


# The parsers below receive the action's text already quoted for messages.


def _no_args(cls: Callable[[], Action]) -> Callable[[str, list[str]], Action]:
    def parse(text: str, args: list[str]) -> Action:
        if args:
            raise MalformedAction(f"{text}: '{cls().__str__()}' takes nothing after it")
        return cls()

    return parse


def _one_arg(text: str, args: list[str], what: str) -> str:
    if len(args) != 1:
        raise MalformedAction(f"{text} needs exactly one {what}")
    return args[0]


def _count(text: str, arg: str) -> int:
    if arg not in ("2", "3", "4", "5"):
        raise MalformedAction(f"{text}: the draw count is 2, 3, 4 or 5, not {quoted(arg)}")
    return int(arg)


def _parse_roll(text: str, args: list[str]) -> Action:
    if not args:
        return Roll()
    arg = _one_arg(text, args, "die face")
    return Roll(CHOICE) if arg == CHOICE else Roll(_count(text, arg))


def _parse_choose(text: str, args: list[str]) -> Action:
    return Choose(_count(text, _one_arg(text, args, "draw count")))


def _parse_sell(text: str, args: list[str]) -> Action:
    if len(args) <= 1:
        return Sell(_one_arg(text, args, "word"))
    # `sell QUiZ at 0,3 down`: the crossword variant's placement notation.
    placement = Placement.parse(" ".join(args))
    return Sell(placement.word, placement.row, placement.col, placement.direction)


def _parse_challenge(text: str, args: list[str]) -> Action:
    arg = _one_arg(text, args, "seat number")
    # The length is checked before int(): a number of thousands of digits is refused in
    # words, not by Python's limit on converting long numbers.
    digits = len(str(MAX_NUMBER))
    if not (arg.isascii() and arg.isdigit() and len(arg) <= digits) or int(arg) < 1:
        raise MalformedAction(f"{text}: seats are numbered from 1 to at most {MAX_NUMBER}")
    return Challenge(int(arg))


def _parse_drop(text: str, args: list[str]) -> Action:
    letters = _one_arg(text, args, "set of letters")
    if not all(c in ALPHABET for c in letters):
        raise MalformedAction(
            f"{text}: name the letter tiles to drop in capitals, e.g. 'drop QX'"
        )
    return Drop(letters)


_PARSERS: dict[str, Callable[[str, list[str]], Action]] = {
    "roll": _parse_roll,
    "choose": _parse_choose,
    "buy": _no_args(Buy),
    "discard": _no_args(Discard),
    "sell": _parse_sell,
    "challenge": _parse_challenge,
    "done": _no_args(Done),
    "drop": _parse_drop,
}


# ------------------------------------- the table variants (docs/rules.md, "Table variants")

#: The most digits a dollar amount may have in notation (checked before `int()` reads it).
_MONEY_DIGITS = 9
#: The most digits a seat number may have in notation.
_SEAT_DIGITS = 2


def _refuse_unless_whole(value: object, minimum: int, what: str) -> None:
    """MalformedAction unless `value` is a whole number (not a bool) of at least `minimum`."""
    if type(value) is not int or value < minimum:
        raise MalformedAction(f"{what} is a whole number of at least {minimum}, not {value!r}")


@dataclass(frozen=True)
class Auction:
    """Auction variant: the current buyer puts their draw up for auction instead."""

    def __str__(self) -> str:
        return "auction"


@dataclass(frozen=True)
class Bid:
    """Auction variant: the current bidder bids `amount` dollars for the tiles on offer."""

    amount: int

    def __post_init__(self) -> None:
        _refuse_unless_whole(self.amount, 1, "a bid")

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class Pass:
    """A bidder passes, a seller lets the high bidder have the tiles, or a trader makes no offer."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Match:
    """Auction variant: the seller matches the high bid and keeps the tiles at that price."""

    def __str__(self) -> str:
        return "match"


@dataclass(frozen=True)
class Offer:
    """Trade variants: offer to swap draws with the player in `seat` (counting from 1).

    `payment` is the cash that goes with the offer (trade with money only): positive, from the
    offerer to that player; negative, from that player to the offerer.
    """

    seat: int
    payment: int = 0

    def __post_init__(self) -> None:
        _refuse_unless_whole(self.seat, 1, "a seat")
        if type(self.payment) is not int:
            raise MalformedAction(f"a payment is a whole number of dollars, not {self.payment!r}")

    def __str__(self) -> str:
        if not self.payment:
            return f"offer {self.seat}"
        return f"offer {self.seat} {self.payment:+d}"


@dataclass(frozen=True)
class Accept:
    """Trade variants: the player offered a trade accepts it."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Decline:
    """Trade variants: the player offered a trade declines it."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Pick:
    """Tile draft: the current player takes one face-up tile, `letter`."""

    letter: str

    def __post_init__(self) -> None:
        if not (type(self.letter) is str and len(self.letter) == 1
                and self.letter in ALPHABET):
            raise MalformedAction(f"pick one letter tile, a capital A-Z, not {self.letter!r}")

    def __str__(self) -> str:
        return f"pick {self.letter}"


VariantAction = Auction | Bid | Pass | Match | Offer | Accept | Decline | Pick
#: Every action the game knows, the variants' included.
Action = StandardAction | VariantAction


def _digits(text: str, arg: str, most: int, what: str) -> int:
    """A whole number written in at most `most` digits (so no huge number reaches `int()`)."""
    if not (arg.isascii() and arg.isdigit()) or len(arg) > most:
        raise MalformedAction(f"{text!r}: {what} is written as a whole number, not {arg!r}")
    return int(arg)


def _parse_bid(text: str, args: list[str]) -> Action:
    amount = _digits(text, _one_arg(text, args, "amount"), _MONEY_DIGITS, "a bid in dollars")
    if amount < 1:
        raise MalformedAction(f"{text!r}: a bid is at least $1")
    return Bid(amount)


def _parse_offer(text: str, args: list[str]) -> Action:
    if len(args) not in (1, 2):
        raise MalformedAction(f"{text!r}: write 'offer SEAT', 'offer SEAT +N' or 'offer SEAT -N'")
    seat = _digits(text, args[0], _SEAT_DIGITS, "the seat")
    if seat < 1:
        raise MalformedAction(f"{text!r}: seats are numbered from 1")
    if len(args) == 1:
        return Offer(seat)
    sign, amount = args[1][:1], args[1][1:]
    if sign not in ("+", "-"):
        raise MalformedAction(
            f"{text!r}: a payment is +N (you pay) or -N (they pay), not {args[1]!r}"
        )
    dollars = _digits(text, amount, _MONEY_DIGITS, "a payment in dollars")
    if dollars < 1:
        raise MalformedAction(f"{text!r}: a payment is at least $1; leave it out to pay nothing")
    return Offer(seat, dollars if sign == "+" else -dollars)


def _parse_pick(text: str, args: list[str]) -> Action:
    letter = _one_arg(text, args, "letter")
    if len(letter) != 1 or letter not in ALPHABET:
        raise MalformedAction(f"{text!r}: pick one letter tile in capitals, e.g. 'pick Q'")
    return Pick(letter)


_PARSERS.update({
    "auction": _no_args(Auction),
    "bid": _parse_bid,
    "pass": _no_args(Pass),
    "match": _no_args(Match),
    "offer": _parse_offer,
    "accept": _no_args(Accept),
    "decline": _no_args(Decline),
    "pick": _parse_pick,
})

#: Every kind of action the game knows (exactly these classes: no subclass stands in).
ACTION_KINDS: tuple[type, ...] = (Roll, Choose, Buy, Discard, Sell, Challenge, Done, Drop,
                                  Auction, Bid, Pass, Match, Offer, Accept, Decline, Pick)


def checked_action(action: object) -> Action:
    """`action`, its fields checked again as its constructor checks them.

    The game calls this on every action it is given, so one made around its constructor
    (`object.__new__`, fields set by hand) is refused as MalformedAction like a badly built
    one, before anything changes.
    """
    if not _is_action(action):
        raise MalformedAction(f"{quoted(action)} is not a BuyWord action")
    try:
        for field in fields(action):
            getattr(action, field.name)
        check = getattr(type(action), "__post_init__", None)
        if check is not None:
            check(action)
    except MalformedAction:
        raise
    except (AttributeError, TypeError, ValueError, OverflowError):
        raise MalformedAction("that action's details are not of the right kind") from None
    return action


def _is_action(value: object) -> TypeGuard[Action]:
    """Exactly one of the action classes (a subclass does not stand in)."""
    return type(value) in ACTION_KINDS
