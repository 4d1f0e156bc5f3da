"""Shared helpers for the UI tests: a small dictionary, app factories, and a key-press driver."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import TypeVar

from pilot_helpers import messages_waiting
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.worker import WorkerCancelled

from buyword.cli import PlayOptions
from buyword.engine import Choose, Discard, Done, Phase, Roll
from buyword.store.settings import Settings
from buyword.store.setup import GameSetup, Seat
from buyword.table.runner import TableRunner
from buyword.ui.app import BuyWordApp
from buyword.ui.screens.table import TableScreen
from buyword.words.lexicon import Lexicon

ScreenT = TypeVar("ScreenT", bound=Screen)

#: A small word set: enough for the scripted games, and instant to load.
WORDS = (
    "at", "ate", "eat", "tea", "seat", "east", "rat", "tar", "art", "star", "rats", "rate",
    "rates", "stare", "quiz", "quit", "tidies", "tides", "diet", "diets", "edit", "edits",
    "aeon", "one", "note", "tone", "stone", "notes", "onset", "road", "dare", "read",
)

# Seed 7 rolls CHOICE twice. Round 1 (choose 5): Ann TEASR, Bob QZJXK ($324: too dear),
# Cy DIETS. Round 2 (leader Bob, choose 5): Bob LLNNM, Cy GGHHP, Ann AOEIU.
BAG = "TEASR" "QZJXK" "DIETS" "LLNNM" "GGHHP" "AOEIU"
TABLE = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy")), seed=7, bag=BAG,
                  private_hands=False)

#: Deterministic settings: no die tumble, computers move at once.
QUIET = Settings(animations=False, bot_speed="instant", master_ahead=False)



def runner_of(screen: TableScreen) -> TableRunner:
    """The runner of a table played here, which `screen` draws."""
    runner = screen.table
    assert isinstance(runner, TableRunner), "a table played on this computer"
    return runner

def small_lexicon() -> Lexicon:
    """The small word set as a Lexicon."""
    return Lexicon(WORDS, "the test words")


def make_app(setup: GameSetup | None = None, **kwargs: object) -> BuyWordApp:
    """An app with the small dictionary and quiet settings, starting `setup` if given."""
    kwargs.setdefault("lexicon", small_lexicon())
    kwargs.setdefault("settings", QUIET)
    return BuyWordApp(PlayOptions(), setup=setup, **kwargs)  # type: ignore[arg-type]


async def settle(pilot: Pilot) -> None:
    """Let workers finish and messages drain (the game starts in a worker)."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def until(pilot: Pilot, holds: Callable[[], bool], what: str,
                within: float = 60.0) -> None:
    """Wait until `holds()` is true, looking again every frame or so: for a state the app
    reaches in its own time (a page filled in part by part, a scroll, a computer's paced move,
    a worker's progress), however busy the machine is.

    It waits for the state, not for a guess at how long it takes: `within` seconds is only
    the point at which a test that hangs gives up, naming `what` it waited for."""
    deadline = time.monotonic() + within
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"the app never reached: {what}")
        await pilot.pause(0.01)


def turns(what: str, within: float = 120.0) -> Iterator[None]:
    """The turns of a loop that plays on (keys for the people, waiting while a computer
    thinks in its thread) until it returns at the state it waits for; `within` seconds is only
    where a loop that never gets there gives up, naming `what`. Never a count of turns: how
    many turns a computer's thinking lasts depends on the machine and what else it runs."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        yield
    raise AssertionError(f"never reached: {what}")


async def frames(pilot: Pilot, what: str, within: float = 60.0) -> AsyncIterator[None]:
    """A frame at a time, for a loop that plays its part (a key when its seat is asked) until
    it breaks out at the state it waits for; `within` seconds is only where a loop that never
    gets there gives up, naming `what` it waited for. Never a count of looks: with both cores
    busy a look takes far longer than on an idle machine."""
    deadline = time.monotonic() + within
    while True:
        await pilot.pause(0.01)
        yield
        if time.monotonic() > deadline:
            raise AssertionError(f"the app never reached: {what}")


async def on_top(pilot: Pilot, kind: type[ScreenT], within: float = 60.0) -> ScreenT:
    """Wait until a screen of `kind` is on top and mounted, its messages handled and its
    widgets laid out (its keys are bound and it shows what it was given): the moment a player
    could use it. Returns the screen."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, kind) and app.screen.is_mounted,
                f"a {kind.__name__} on top", within)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, kind)
    return screen


async def type_word(pilot: Pilot, word: str) -> None:
    """Type a word into the sell box, one key at a time, and press Enter."""
    await pilot.press(*word.lower(), "enter")
    await pilot.pause()


def table(app: BuyWordApp):  # noqa: ANN201 - the table screen, whichever screen is on top
    """The table screen under any dialogs."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def send_key(app: App, key: str) -> None:
    """Deliver a key press as the terminal driver does."""
    assert app._driver is not None
    char = key if len(key) == 1 else {"space": " ", "question_mark": "?"}.get(key)
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)


async def handled(app: App) -> None:
    """Wait until the app and the screen on top have no messages left.

    Cheaper than Pilot's idle detection, which sleeps at least 20 ms twice a key and repaints
    the whole screen each time: a key here is handled completely (the table's state and every
    widget's content are updated) but the screen is painted only when a test pauses.
    """
    for turn in range(1000):
        await asyncio.sleep(0)
        if turn < 3:
            continue
        if not messages_waiting(app):
            return


async def settle_quickly(pilot: Pilot) -> None:
    """`settle` without a repaint: the workers (a computer thinking) finish, messages drain."""
    app = pilot.app
    for _ in range(3):
        with contextlib.suppress(WorkerCancelled):  # a newer turn cancelled an older one's
            await app.workers.wait_for_complete()
        await handled(app)


async def press_quickly(pilot: Pilot, *keys: str) -> None:
    """Press keys one after another, each handled completely before the next (see `handled`)."""
    for key in keys:
        send_key(pilot.app, key)
        await handled(pilot.app)


#: What a person who only discards and sells nothing answers, phase by phase.
QUIET_ANSWERS = {Phase.ROLL: Roll(), Phase.CHOOSE: Choose(5), Phase.BUY: Discard(),
                 Phase.SELL: Done()}


def skip_quiet_rounds(app: BuyWordApp) -> bool:
    """Play whole rounds through the table session while the bag holds more than any one round
    can draw (so none of them is the final round), every person discarding and selling
    nothing; then the table screen shows the game as it now stands (`advance`). Only from the
    bare table with a person to act; returns whether it skipped anything.

    Why: a round by keys costs a repaint per key, and the rounds between a test's own moves
    and the end prove nothing the session tests (tests/test_table_*.py) do not. The last
    round or two, the final round always among them, and the results are played by keys.
    """
    screen = table(app)
    session, game = screen.session, screen.session.game
    if app.screen is not screen or screen.state.busy or game.phase is not Phase.ROLL:
        return False
    skipped = False
    while (game.phase is Phase.ROLL and game.bag_size > 5 * game.seats
           and not session.awaiting().computer):
        for _ in range(4 * game.seats + 1):  # one round: roll, choose, each buys and sells
            answer = QUIET_ANSWERS.get(game.phase)
            awaiting = session.awaiting()
            if answer is None or awaiting.computer or awaiting.seat is None:
                break
            session.act(awaiting.seat, answer)
            skipped = True
            if game.phase is Phase.ROLL:
                break
        else:
            raise AssertionError(f"a quiet round did not end: {game.dump()}")
    if skipped:
        runner_of(screen).refresh()
    return skipped


async def finish_quietly(pilot: Pilot) -> None:
    """Play on, discarding every draw and selling nothing, to the results: the middle rounds
    through the session (`skip_quiet_rounds`), the last rounds by keys through the driver, as a
    player's keys arrive, without a repaint after each (`press_quickly`); the results screen is
    painted once at the end."""
    from buyword.ui.dialogs.drop import DropScreen
    from buyword.ui.dialogs.handoff import HandOffScreen
    from buyword.ui.screens.results import ResultsScreen

    app = pilot.app
    for _ in turns("the results screen"):
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            await pilot.pause()
            return
        if isinstance(screen, HandOffScreen):
            await press_quickly(pilot, "enter")
        elif isinstance(screen, DropScreen):
            await press_quickly(pilot, *screen.hand[: screen.need].lower(), "enter")
        elif skip_quiet_rounds(app):
            await handled(app)
        else:
            phase = table(app).session.game.phase
            key = {Phase.ROLL: "r", Phase.CHOOSE: "5", Phase.BUY: "d", Phase.SELL: "escape",
                   Phase.DROP: "x"}.get(phase)
            if key:
                await press_quickly(pilot, key)
