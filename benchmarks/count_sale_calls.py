"""What one Enter on a sale costs the table screen, in calls: how many table views it builds
(`TableSession.table_view`), how often it asks whose turn it is (`TableSession.awaiting`) and
whether the game is over (`Game.outcome`). Work counts, not times: they do not depend on the
machine's load.

    python benchmarks/count_sale_calls.py

A solo game on the real screen (headless) is played to the first selling turn; then TEA is
typed into the word box and the calls are counted from the Enter that sells it until the
screen is idle again.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

from buyword.cli import PlayOptions
from buyword.engine import Buy, Game, Roll
from buyword.store.settings import Settings
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.table.runner import TableRunner
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.table import TableScreen
from buyword.words.lexicon import Lexicon

#: The methods counted, by the name printed.
COUNTED: dict[str, tuple[type, str]] = {
    "table_view": (TableSession, "table_view"),
    "awaiting": (TableSession, "awaiting"),
    "outcome": (Game, "outcome"),
}


def counting(calls: Counter[str]) -> Callable[[], None]:
    """Count each call of the COUNTED methods in `calls`; returns what puts them back."""
    saved = []
    for name, (cls, attr) in COUNTED.items():
        if not hasattr(cls, attr):
            continue
        original = getattr(cls, attr)

        def counted(*args: Any, _original: Any = original, _name: str = name,
                    **kwargs: Any) -> Any:
            calls[_name] += 1
            return _original(*args, **kwargs)

        setattr(cls, attr, counted)
        saved.append((cls, attr, original))

    def restore() -> None:
        for cls, attr, original in saved:
            setattr(cls, attr, original)

    return restore


async def count() -> Counter[str]:
    """The calls made by one Enter on a sale."""
    setup = GameSetup(seats=(Seat("Ann"),), seed=7, bag="TEASR")
    app = BuyWordApp(PlayOptions(), setup=setup, lexicon=Lexicon(["tea", "seat"], "count"),
                     settings=Settings(animations=False, bot_speed="instant"))
    calls: Counter[str] = Counter()
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        session = screen.session
        session.act(0, Roll(5))
        session.act(0, Buy())
        assert session.awaiting().wait is Wait.SELL
        runner = screen.table
        assert isinstance(runner, TableRunner)  # a game played here
        runner.refresh()  # the session changed outside the runner: look again
        await pilot.pause()
        await pilot.press("t", "e", "a")
        await pilot.pause()
        restore = counting(calls)
        try:
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
        finally:
            restore()
        assert session.game.player(0).hand == "RS", session.game.player(0).hand
    return calls


def main() -> None:
    """Print the counts."""
    calls = asyncio.run(count())
    for name in COUNTED:
        print(f"{name}: {calls[name]}")


if __name__ == "__main__":
    main()
