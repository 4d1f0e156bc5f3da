"""Showing what players and files supply (names, words, file names, tile-set names) as text.

Textual reads square brackets in a string as markup, so a seat named `[/bold]Eve` crashed a
screen and `[@click=app.quit]Q` became a live link. And a terminal obeys escape sequences, so a
name holding `ESC [31m` could repaint the screen. Every such string goes through this module:

- `literal(value)` is a Content showing the value exactly (never parsed as markup);
- `markup(template, name=value)` fills a markup template's `$name` variables with literal text
  (`markup("[b]$name[/b] wins", name=name)`);
- `visible(value)` is the plain string with control characters shown as symbols (ESC as ␛),
  for Rich `Text` and other places that do not read markup.
"""

from __future__ import annotations

import math

from textual.content import Content

from buyword.engine.wording import visible

__all__ = ["literal", "markup", "visible"]

def literal(value: object, style: str = "") -> Content:
    """The value as Content that shows it exactly, markup-looking brackets and all."""
    content = Content(visible(value))
    return content.stylize(style) if style else content


def markup(template: str, **values: object) -> Content:
    """A markup template (our own, trusted) with `$name` variables filled in as literal text."""
    return Content.from_markup(template, **{key: visible(v) for key, v in values.items()})


def dollar_ticks(low: float, high: float, most: int = 5) -> tuple[list[float], list[str]]:
    """A money axis's marks from `low` to `high` and their labels as a player reads dollars
    ("$1,000"): whole dollars, a round step apart (see `whole_ticks`)."""
    from buyword.engine.wording import dollars

    marks = whole_ticks(low, high, most)
    return marks, [dollars(int(mark)) for mark in marks]


def whole_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """At most `most` whole-number marks from `low` to `high` for a chart's axis, a round
    step apart (1, 2 or 5 times a power of ten): rounds and games are counted, not measured,
    and money is in whole dollars. (Each is an int; typed as the numbers a plotext axis
    takes.)"""
    start, end = math.ceil(low), math.floor(high)
    if end <= start:
        return [start]
    step = 1
    while (end - start) // step + 1 > most:
        for factor in (2, 5 / 2, 2):  # 1 -> 2 -> 5 -> 10 -> 20 ...
            step = round(step * factor)
            if (end - start) // step + 1 <= most:
                break
    first = -(-start // step) * step
    return list(range(first, end + 1, step)) or [start]
