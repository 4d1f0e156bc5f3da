"""Make the README's screenshot: a seeded game's table, saved by Textual's own `save_screenshot`.

    .venv/bin/python scripts/screenshot.py                  # docs/images/table.svg
    .venv/bin/python scripts/screenshot.py --out FILE.svg --size 100x32 --seed 42

The game is a seeded solo table against an Expert computer player, with the bundled dictionary,
played a few rounds by the script (drawing 4 on CHOICE, buying every draw it can afford, selling
its dearest words of $25 or more) and stopped while a word is typed in the word box, so the
picture shows the hand, the sale's preview, the players and the log. The same seed and size
give the same picture, byte for byte.
Look at it rendered to PNG (`rsvg-convert` or `chromium --headless --screenshot`) before
committing it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


async def _make(out: Path, size: tuple[int, int], seed: int, rounds: int) -> None:
    """Play the seeded game to its `rounds`-th selling turn and save the screen as SVG."""
    from textual.widgets import Input

    from buyword.engine import Phase, parse_action
    from buyword.store import Store
    from buyword.store.settings import Settings
    from buyword.store.setup import GameSetup, Seat
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import PlayOptions

    setup = GameSetup(seats=(Seat("You"), Seat("Cy", "expert")), seed=seed, hints=True)
    settings = Settings(animations=False, bot_speed="instant")
    home = Path(tempfile.mkdtemp(prefix="buyword-shot-"))
    app = BuyWordApp(PlayOptions(), setup=setup, settings=settings, store=Store(home),
                     cache_dir=home / "cache")
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        screen = app.screen
        session = app.session
        assert session is not None
        selling_turns = 0
        for _ in range(2000):
            awaiting = session.awaiting()
            game = session.game
            if game.outcome() is not None:
                raise SystemExit("the game ended before the picture: try fewer --rounds")
            if awaiting.computer:  # the table screen moves its computers itself
                await pilot.pause(0.05)
                continue
            if game.phase is Phase.SELL and awaiting.seat == 0:
                best = [c for c in session.hints(0) if c.price >= 25]
                if best and selling_turns + 1 >= rounds:
                    box = screen.query_one("#word", Input)
                    box.cursor_blink = False
                    box.focus()
                    await pilot.press(*best[0].notation)
                    app.set_focus(None)
                    await _settle(pilot)
                    break
                if best:
                    selling_turns += 1
                action = f"sell {best[0].notation}" if best else "done"
            else:
                action = _answer(game)
            if not screen.play(parse_action(action)):
                raise SystemExit(f"the table refused {action!r} ({game.phase.value})")
            await _settle(pilot)
        app.animation_level = "none"
        await _settle(pilot)
        app.save_screenshot(filename=out.name, path=str(out.parent))


def _answer(game: object) -> str:
    """The script's move outside selling: draw 4 on CHOICE, buy what it can afford."""
    phase = game.phase.value  # type: ignore[attr-defined]
    if phase == "roll":
        return "roll"
    if phase == "choose":
        return "choose 4"
    if phase == "buy":
        return "buy" if game.why_not("buy") is None else "discard"  # type: ignore[attr-defined]
    if phase == "drop":  # the rules ask for exactly the excess: the first one that fits
        hand = "".join(sorted(game.players[game.current].hand))  # type: ignore[attr-defined]
        return next(f"drop {hand[:k]}" for k in range(1, len(hand) + 1)
                    if game.why_not(f"drop {hand[:k]}") is None)  # type: ignore[attr-defined]
    return "done"


async def _settle(pilot: object) -> None:
    """Let workers finish and messages drain."""
    from textual.worker import WorkerCancelled

    for _ in range(3):
        with contextlib.suppress(WorkerCancelled):  # a worker the screen stopped itself
            await pilot.app.workers.wait_for_complete()  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]


def main() -> None:
    """Parse the options and make the picture."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "table.svg")
    parser.add_argument("--size", default="100x32", help="terminal size, COLSxROWS")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--rounds", type=int, default=3,
                        help="stop at this selling turn with a word to sell")
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    asyncio.run(_make(args.out.resolve(), (cols, rows), args.seed, args.rounds))
    print(args.out)


if __name__ == "__main__":
    main()
