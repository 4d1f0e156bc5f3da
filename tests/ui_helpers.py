"""Shared helpers for the UI tests: a small dictionary, app factories, and a key-press driver."""

from __future__ import annotations

from textual.pilot import Pilot

from buyword.cli import PlayOptions
from buyword.engine import Phase
from buyword.ui.app import BuyWordApp
from buyword.ui.options import GameSetup, Seat, Settings
from buyword.words.lexicon import Lexicon

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
QUIET = Settings(animations=False, bot_speed="instant")


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


async def type_word(pilot: Pilot, word: str) -> None:
    """Type a word into the sell box, one key at a time, and press Enter."""
    await pilot.press(*word.lower(), "enter")
    await pilot.pause()


def table(app: BuyWordApp):  # noqa: ANN201 - the table screen, whichever screen is on top
    """The table screen under any dialogs."""
    from buyword.ui.table import TableScreen

    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def finish_quietly(pilot: Pilot, limit: int = 600) -> None:
    """Play on by keys only, discarding every draw and selling nothing, to the results."""
    from buyword.ui.drop import DropScreen
    from buyword.ui.handoff import HandOffScreen
    from buyword.ui.results import ResultsScreen

    app = pilot.app
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            return
        if isinstance(screen, HandOffScreen):
            await pilot.press("enter")
        elif isinstance(screen, DropScreen):
            await pilot.press(*screen.hand[: screen.need].lower(), "enter")
        else:
            phase = table(app).game.phase
            key = {Phase.ROLL: "r", Phase.CHOOSE: "5", Phase.BUY: "d", Phase.SELL: "escape",
                   Phase.DROP: "x"}.get(phase)
            if key:
                await pilot.press(key)
    raise AssertionError("the game did not reach the results screen")
