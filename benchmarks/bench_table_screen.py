"""The table screen's cost per turn, headless: the log written again at a private hand-off, and
the whole picture set again (`refresh_view`), in processor milliseconds (medians).

    python benchmarks/bench_table_screen.py [--rounds 12] [--repeats 15]

A two-person game with private hands is played through the table session for `--rounds`
quiet rounds (each person discards), so the log is long; then, on the real screen, the person
holding the screen changes back and forth as at a hand-off. The log is written for each
reader twice: as the screen does it (the rows of lines already wrapped are reused), and with
the reused rows forgotten first (every line wrapped again, as before): their ratio is the
gain. Processor time (`time.process_time`) is used because on a shared machine the wall clock
is mostly waiting for a turn.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable

from textual.pilot import Pilot

from buyword.cli import PlayOptions
from buyword.engine import Choose, Discard, Done, Roll
from buyword.store.settings import Settings
from buyword.store.setup import GameSetup, Seat
from buyword.table import Wait
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.table import TableScreen
from buyword.ui.widgets.game_log import GameLog
from buyword.words.lexicon import Lexicon

#: What each person answers while the log fills: every draw is discarded.
ANSWERS = {Wait.ROLL: Roll(), Wait.CHOOSE: Choose(2), Wait.BUY: Discard(), Wait.SELL: Done()}


async def median_ms(pilot: Pilot, action: Callable[[], None], repeats: int) -> float:
    """The median processor time of `action` and what it sets off (styles, layout, the
    repaint: Pilot's pause waits for them), in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        action()
        await pilot.pause()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


async def measure(rounds: int, repeats: int) -> dict[str, float]:
    """Play `rounds` quiet rounds, then time the screen's log and refresh."""
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=7, private_hands=True)
    app = BuyWordApp(PlayOptions(), setup=setup, lexicon=Lexicon(["tea"], "bench"),
                     settings=Settings(animations=False, bot_speed="instant"))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        session = screen.session
        while session.game.round <= rounds and session.awaiting().wait in ANSWERS:
            awaiting = session.awaiting()
            session.act(awaiting.seat, ANSWERS[awaiting.wait])
        log = screen.query_one(GameLog)
        viewers = iter([0, 1] * repeats * 2)

        def hand_off() -> None:  # the next reader: the log is written again for them
            view = session.table_view(next(viewers))  # their view, not yet drawn
            screen.set_reactive(TableScreen.view, view)
            screen._show_log()

        def refresh_view() -> None:  # the whole picture set again, from the runner's view
            screen.view = screen.table.table_view()

        def hand_off_unshared() -> None:
            log._rows.clear()
            hand_off()

        hand_off()
        hand_off()  # both readers' lines wrapped once, as after the first hand-offs
        return {
            "lines": float(len(session.log_for(0))),
            "hand_off": await median_ms(pilot, hand_off, repeats),
            "hand_off_unshared": await median_ms(pilot, hand_off_unshared, repeats),
            "refresh_view": await median_ms(pilot, refresh_view, repeats),
        }


def main() -> None:
    """Print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.rounds, args.repeats))
    print(f"log of {figures['lines']:.0f} events, medians of {args.repeats} (processor ms):")
    print(f"  log written again at a hand-off: {figures['hand_off']:.1f} ms "
          f"(every line wrapped again: {figures['hand_off_unshared']:.1f} ms, "
          f"{figures['hand_off_unshared'] / figures['hand_off']:.1f}x)")
    print(f"  refresh_view (the whole picture set again): {figures['refresh_view']:.1f} ms")


if __name__ == "__main__":
    main()
