"""`buyword replay FILE`: the replay screen alone (`ReplayApp`)."""

from __future__ import annotations

import sys

from textual.app import App

from buyword.engine import BuyWordError
from buyword.store import Store
from buyword.table.replay import Replay, load_replay
from buyword.ui.options import ReplayOptions
from buyword.ui.screens.replay import ReplayScreen
from buyword.ui.shell import HEIGHTS, WIDTHS
from buyword.ui.widgets import PIECES_CSS


class ReplayApp(App[int]):
    """`buyword replay FILE`: the replay screen alone."""

    TITLE = "BuyWord replay"
    CSS_PATH = PIECES_CSS  # the table pieces' styles, each beside its widget
    HORIZONTAL_BREAKPOINTS = WIDTHS  # the compact table below 80x24, as in a game
    VERTICAL_BREAKPOINTS = HEIGHTS

    def __init__(self, replay: Replay) -> None:
        """Show `replay`, already stepped through."""
        super().__init__()
        self.replay = replay

    def on_mount(self) -> None:
        """Open the replay."""
        self.push_screen(ReplayScreen(self.replay))


#: The exit status when the file cannot be replayed (as for every command-line refusal).
USAGE_ERROR = 2


def run_replay(options: ReplayOptions) -> int:
    """`buyword replay FILE`: step through a saved game; a bad file is one line on stderr and
    exit status 2."""
    try:
        replay = load_replay(Store().find_record(options.file))
    except BuyWordError as error:
        print(f"buyword replay: {error}", file=sys.stderr)
        return USAGE_ERROR
    app = ReplayApp(replay)
    result = app.run()
    return result if isinstance(result, int) else (app.return_code or 0)
