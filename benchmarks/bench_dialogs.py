"""What opening a dialog costs, headless, in processor milliseconds and widgets styled
(medians): help on each of its tabs, and the new-game form.

    python benchmarks/bench_dialogs.py [--repeats 7]

Each open is timed from the key's action until the app has handled everything it set off
(mounting, styles, layout: Pilot's pause waits for them), then the dialog is closed again;
with it, how many times a widget was styled (work done, the same on any machine). Help
fills in only the page it opens on, and each other page the first time its tab is opened
(the Variants page its list first, then each variant's rules a frame apart: the time until
its list is drawn is printed too), and a screen gets its size classes before it is
composed. The baseline, run in the same process right after, is as before: help with all
four pages filled in at once (the Variants page in one piece), and the size classes given
by the screen's first resize event (a second styling of every widget).
Processor time (`time.process_time`) is used because on a shared machine the wall clock is
mostly waiting for a turn.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

import buyword.ui.dialogs.help as help_module
from buyword.cli import PlayOptions
from buyword.store import Store
from buyword.store.settings import Settings
from buyword.ui.app import BuyWordApp
from buyword.ui.dialogs.help import TABS, HelpScreen, page_of, variants_text
from buyword.words.lexicon import Lexicon


class EveryPageHelp(HelpScreen):
    """The baseline: help with every tab's page filled in as it opens, the Variants page in
    one piece."""

    CSS_PATH = str(Path(help_module.__file__).with_name("dialogs.tcss"))  # help's own

    def compose(self) -> ComposeResult:
        """All four pages at once."""
        with Vertical(classes="dialog", id="help"), TabbedContent(initial=self.tab):
            for tab, title in TABS.items():
                with TabPane(title, id=tab):
                    yield (VerticalScroll(Markdown(variants_text())) if tab == "variants"
                           else page_of(tab))
        yield Footer()


async def settled(pilot: Pilot) -> None:
    """Until the app has nothing left to do."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


#: How many times a widget has been styled (Textual's `Stylesheet.apply`): work done, the
#: same on any machine.
STYLED = [0]
_apply = Stylesheet.apply


def _counted_apply(self: Stylesheet, *args: Any, **kwargs: Any) -> Any:
    STYLED[0] += 1
    return _apply(self, *args, **kwargs)


Stylesheet.apply = _counted_apply  # type: ignore[method-assign]


#: When the Variants page began on its rules (its list drawn): processor time, stylings.
SHOWN: list[tuple[float, int]] = []
_reveal = help_module.VariantsPage._reveal


def _timed_reveal(self: help_module.VariantsPage, part: int) -> None:
    if part == 1:
        SHOWN.append((time.process_time(), STYLED[0]))
    _reveal(self, part)


help_module.VariantsPage._reveal = _timed_reveal  # type: ignore[method-assign]


async def cost(pilot: Pilot, open_it: Callable[[], None], repeats: int,
               first: list[tuple[float, int]] | None = None) -> tuple[float, int]:
    """The median processor time of opening a dialog in milliseconds, and how many widget
    stylings it took (closed after each). With `first`, the same up to the moment the
    Variants page's list was drawn, when it has one, are added to it."""
    times, styled = [], []
    for _ in range(repeats):
        STYLED[0] = 0
        SHOWN.clear()
        start = time.process_time()
        open_it()
        await settled(pilot)
        times.append((time.process_time() - start) * 1000)
        styled.append(STYLED[0])
        if first is not None and SHOWN:
            first.append(((SHOWN[0][0] - start) * 1000, SHOWN[0][1]))
        pilot.app.pop_screen()
        await settled(pilot)
    return statistics.median(times), int(statistics.median(styled))


def baseline(app: BuyWordApp, on: bool) -> None:
    """Open dialogs as before (`on`): help with every page, the size classes left to the
    first resize event; or as now."""
    if on:
        app._give_size_classes = lambda screen: None  # type: ignore[method-assign]
    else:
        vars(app).pop("_give_size_classes", None)


DIALOGS: dict[str, Callable[[BuyWordApp, bool], None]] = {
    **{f"help on {tab}": (lambda app, old, tab=tab:
                          app.push_screen((EveryPageHelp if old else HelpScreen)(tab)))
       for tab in TABS},
    "new-game form, solo": lambda app, old: app.action_new_game(True),
    "new-game form, table": lambda app, old: app.action_new_game(False),
}


async def measure(repeats: int) -> dict[tuple[str, bool], tuple[float, int]]:
    """Open each dialog `repeats` times on the title screen, now and then as before (one
    right after the other, so that a change in the machine's speed falls on both)."""
    app = BuyWordApp(PlayOptions(), lexicon=Lexicon(["tea"], "bench"),
                     store=Store(tempfile.mkdtemp()),
                     settings=Settings(animations=False, bot_speed="instant"))
    figures: dict[tuple[str, bool], tuple[float, int]] = {}
    first: list[tuple[float, int]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        app.push_screen(HelpScreen())  # the first open imports Markdown's modules
        await settled(pilot)
        app.pop_screen()
        await settled(pilot)
        for name, open_it in DIALOGS.items():
            for old in (False, True):
                baseline(app, old)
                figures[name, old] = await cost(pilot, lambda f=open_it, o=old: f(app, o), repeats,
                                                first if not old else None)
        baseline(app, False)
    if first:
        figures["variants list shown", False] = (statistics.median(t for t, _ in first),
                                                 int(statistics.median(n for _, n in first)))
    return figures


def main() -> None:
    """Print each dialog's median cost to open, now and as before."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.repeats))
    for name in DIALOGS:
        (now_ms, now_styled), (old_ms, old_styled) = figures[name, False], figures[name, True]
        print(f"{name:21} {now_ms:7.1f} ms, {now_styled:5} widgets styled   "
              f"(before: {old_ms:7.1f} ms, {old_styled:5}; {old_ms / now_ms:.1f}x, "
              f"{old_styled / now_styled:.1f}x)")
    if ("variants list shown", False) in figures:
        shown_ms, shown_styled = figures["variants list shown", False]
        whole_ms, whole_styled = figures["help on variants", False]
        print(f"{'  its list shown':21} {shown_ms:7.1f} ms, {shown_styled:5} widgets styled   "
              f"(the whole page: {whole_ms:7.1f} ms, {whole_styled:5}; "
              f"{whole_ms / shown_ms:.1f}x, {whole_styled / shown_styled:.1f}x)")


if __name__ == "__main__":
    main()
