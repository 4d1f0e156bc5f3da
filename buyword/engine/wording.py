"""Messages that name a player: subject and verb agree, counts agree in number.

A seat named "You" (the solo player) is spoken to in the second person: "You have $83", not
"You has $83". A screen that addresses another seat directly (the person holding the screen at
a private table) turns a message about that seat into the second person with `address`.
"""

from __future__ import annotations

import re
import unicodedata

#: The name a solo seat plays under, and the word a player is addressed with.
YOU = "You"

#: Verbs whose third person is not the base form plus "s".
_THIRD_PERSON = {"be": "is", "have": "has", "do": "does", "go": "goes"}
#: Verbs that do not change with the person (modals and their negatives).
_MODALS = frozenset({"can", "cannot", "can't", "may", "must", "will", "should", "could"})
#: Third-person verb forms that `address` turns back into the second person.
_SECOND_PERSON = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def is_you(name: str) -> bool:
    """Whether a seat with this name is the person spoken to ("You", any case)."""
    return name.strip().casefold() == YOU.casefold()


def conjugate(verb: str, you: bool) -> str:
    """`verb` (base form: "be", "have", "hold") for "you" (`you`) or for one named player."""
    if you:
        return "are" if verb == "be" else verb
    if verb in _MODALS:
        return verb
    if verb in _THIRD_PERSON:
        return _THIRD_PERSON[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def says(name: str, verb: str, *, you: bool | None = None, start: bool = True) -> str:
    """Subject and verb that agree: `says("Ann", "have")` is "Ann has", `says("You", "be")`
    is "You are" ("you are" when not at the `start` of a sentence). `you` forces the second
    person (None: only for a seat named "You")."""
    second = is_you(name) if you is None else you
    subject = (YOU if start else "you") if second else name
    return f"{subject} {conjugate(verb, second)}"


def possessive(name: str, *, you: bool | None = None, start: bool = True) -> str:
    """Whose: "Your" for the person spoken to ("your" when not at the `start` of a
    sentence), else "Ann's" ("Jess'" stays readable too)."""
    second = is_you(name) if you is None else you
    if second:
        return "Your" if start else "your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def they(name: str) -> str:
    """The player again, later in a sentence: "you" for the person spoken to, else "they"."""
    return "you" if is_you(name) else "they"


def whom(name: str) -> str:
    """A player as the object of a sentence: "you" for the person spoken to, else the name."""
    return "you" if is_you(name) else name


def dollars(amount: int) -> str:
    """An amount of money as a player reads it, the same everywhere: "$1,000", "-$5"."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """A count with its noun in agreement: "1 tile", "2 tiles", "0 tiles"; `many` for an
    irregular plural ("1 wild", "3 wilds" need none)."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {many if many is not None else noun + 's'}"


def address(text: str, name: str) -> str:
    """`text`, a message about the player `name`, said to that player: "Ann has $83; Ann's
    draw costs $100" becomes "You have $83; your draw costs $100". Other names are left alone."""
    if is_you(name) or not name:
        return text
    pattern = re.compile(rf"(?<![\w'])({re.escape(name)})('s?|\s+([A-Za-z']+))?(?![\w'])")

    def second_person(match: re.Match[str]) -> str:
        owner, verb = match.group(2), match.group(3)
        start = match.start() == 0 or text[: match.start()].rstrip().endswith((".", "!", "?"))
        you = "You" if start else "you"
        if owner and owner.startswith("'"):
            return "Your" if start else "your"
        if verb is None:
            return you
        return f"{you} {_second_person_verb(verb)}"

    return (pattern.sub(second_person, text).replace(" their own ", " your own ")
            .replace(" themselves", " yourself"))


def _second_person_verb(verb: str) -> str:
    """A third-person verb as said to "you" ("holds" -> "hold"); other words unchanged."""
    if verb in _SECOND_PERSON:
        return _SECOND_PERSON[verb]
    if verb in _MODALS or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("shes", "ches", "xes", "zes", "oes", "sses")):
        return verb[:-2]
    return verb[:-1]


#: Control characters are shown as the Unicode "control pictures" (U+2400 + code): ␛ for ESC.
_PICTURES = {code: chr(0x2400 + code) for code in range(0x20)} | {0x7F: "\u2421"}


def visible(value: object) -> str:
    """`str(value)` with every control or invisible format character made visible or removed.

    C0 controls (ESC, tab, newline ...) and DEL become their control pictures (␛, ␉, ␊);
    other control and format characters (C1 controls, bidirectional overrides, zero-width
    marks) are left out, so nothing a player types can move the cursor or reorder the line.
    """
    text = str(value)
    if text.isprintable():
        return text
    shown = []
    for char in text:
        code = ord(char)
        if code in _PICTURES:
            shown.append(_PICTURES[code])
        elif char == " " or unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            shown.append(char)
    return "".join(shown)


def trouble(error: BaseException) -> str:
    """An unexpected failure (not a BuyWordError) in a player's words: what went wrong, never
    Python's name for it ("ValueError"), with control characters shown as symbols."""
    if isinstance(error, MemoryError):
        return "there was not enough memory"
    if isinstance(error, RecursionError):
        return "it is nested too deeply to read"
    if isinstance(error, ImportError):
        return f"a part of the game is not installed ({visible(error.name or 'a module')})"
    if isinstance(error, OSError) and error.strerror:
        return visible(error.strerror)
    text = visible(error).strip()
    if isinstance(error, LookupError) or not text:  # a KeyError's text is just the key
        return "something unexpected went wrong"
    return text
