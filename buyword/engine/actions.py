"""Actions: small frozen values with a text notation that parses back (`roll 3`, `sell QUiZ`)."""

from __future__ import annotations

from dataclasses import dataclass

from buyword.engine.errors import MalformedAction
from buyword.engine.rules import CHOICE
from buyword.engine.tiles import ALPHABET, parse_spelling


@dataclass(frozen=True)
class Roll:
    """The leader rolls the die; `face` is the explicit outcome (2-5 or 'choice') or None."""

    face: int | str | None = None

    def __str__(self) -> str:
        return "roll" if self.face is None else f"roll {self.face}"


@dataclass(frozen=True)
class Choose:
    """After a CHOICE roll the leader picks the draw count."""

    count: int

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
    """The current seller sells a word; a lower-case letter marks the wild (`QUiZ`)."""

    word: str

    def __str__(self) -> str:
        return f"sell {self.word}"


@dataclass(frozen=True)
class Challenge:
    """Challenge mode: the player in `seat` (counting from 1) challenges the last sale."""

    seat: int

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

    def __str__(self) -> str:
        return f"drop {self.letters}"


Action = Roll | Choose | Buy | Discard | Sell | Challenge | Done | Drop


def parse_action(text: str) -> Action:
    """Read an action's text notation; raise MalformedAction saying what is wrong."""
    if not isinstance(text, str):
        raise MalformedAction(f"{text!r} is not an action")
    parts = text.split()
    if not parts:
        raise MalformedAction("an empty action; try 'roll', 'buy', 'sell WORD' or 'done'")
    verb, args = parts[0], parts[1:]
    parser = _PARSERS.get(verb)
    if parser is None:
        raise MalformedAction(f"{text!r} is not an action; the verbs are {', '.join(_PARSERS)}")
    return parser(text, args)


def _no_args(cls: type) -> object:
    def parse(text: str, args: list[str]) -> Action:
        if args:
            raise MalformedAction(f"{text!r}: '{cls().__str__()}' takes nothing after it")
        return cls()

    return parse


def _one_arg(text: str, args: list[str], what: str) -> str:
    if len(args) != 1:
        raise MalformedAction(f"{text!r} needs exactly one {what}")
    return args[0]


def _count(text: str, arg: str) -> int:
    if arg not in ("2", "3", "4", "5"):
        raise MalformedAction(f"{text!r}: the draw count is 2, 3, 4 or 5, not {arg!r}")
    return int(arg)


def _parse_roll(text: str, args: list[str]) -> Action:
    if not args:
        return Roll()
    arg = _one_arg(text, args, "die face")
    return Roll(CHOICE) if arg == CHOICE else Roll(_count(text, arg))


def _parse_choose(text: str, args: list[str]) -> Action:
    return Choose(_count(text, _one_arg(text, args, "draw count")))


def _parse_sell(text: str, args: list[str]) -> Action:
    word = _one_arg(text, args, "word")
    parse_spelling(word)
    return Sell(word)


def _parse_challenge(text: str, args: list[str]) -> Action:
    arg = _one_arg(text, args, "seat number")
    if not (arg.isascii() and arg.isdigit()) or int(arg) < 1:
        raise MalformedAction(f"{text!r}: seats are numbered from 1")
    return Challenge(int(arg))


def _parse_drop(text: str, args: list[str]) -> Action:
    letters = _one_arg(text, args, "set of letters")
    if not all(c in ALPHABET for c in letters):
        raise MalformedAction(
            f"{text!r}: name the letter tiles to drop in capitals, e.g. 'drop QX'"
        )
    return Drop(letters)


_PARSERS = {
    "roll": _parse_roll,
    "choose": _parse_choose,
    "buy": _no_args(Buy),
    "discard": _no_args(Discard),
    "sell": _parse_sell,
    "challenge": _parse_challenge,
    "done": _no_args(Done),
    "drop": _parse_drop,
}
