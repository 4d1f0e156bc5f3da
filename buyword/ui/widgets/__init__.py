"""The widgets, one a module, each with its .tcss beside it."""

from pathlib import PurePath

#: The styles of the table's pieces, each file beside its widget, in the order they apply.
PIECES = ("rack.tcss", "die.tcss", "scoreboard.tcss", "price_list.tcss", "game_log.tcss")
#: The same files as paths from `buyword/ui` (an App's CSS_PATH there).
PIECES_CSS: list[str | PurePath] = [f"widgets/{name}" for name in PIECES]
