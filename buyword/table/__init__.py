"""The table session: a game at a table of people and computer players, without a screen.

    from buyword.store.setup import GameSetup, Seat
    from buyword.table import TableSession
    session = TableSession.new(setup, lexicon, finder)
    session.awaiting()            # who must act, and what kind of input
    session.act(seat, "buy")      # Played (the events) or Refused (why not)
    session.view(seat)            # the SeatView that seat may see (a computer's only input)
    session.table_view(viewer)    # the TableView a screen held by that viewer draws
    session.log_for(viewer)       # the log as that viewer may read it
    session.step()                # a computer thinks and plays (or think() + play())
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from buyword.engine.lazy import lazy_attributes

if TYPE_CHECKING:
    from buyword.table.computers import seat_seed
    from buyword.table.launch import computer_table, play_computers
    from buyword.table.services import Services
    from buyword.table.session import (
        Answer,
        Appraised,
        Marked,
        Pass,
        Played,
        Refused,
        SalePreview,
        TableSession,
        Thought,
        Undone,
    )
    from buyword.table.views import (
        HIDDEN,
        KEYS,
        Awaiting,
        LogLine,
        TableView,
        Wait,
        redact,
        seat_view,
    )

__all__ = ["HIDDEN", "KEYS", "Answer", "Appraised", "Awaiting", "LogLine", "Marked", "Pass",
           "Played", "Refused", "SalePreview", "Services", "TableSession", "TableView", "Thought",
           "Undone", "Wait", "computer_table", "play_computers", "redact", "seat_seed",
           "seat_view"]

#: The module each public name lives in. They are imported on first use, so that a module of
#: the package loads without the session, the computer
#: players and the word finder: the app's start-up does not pay for them.
_HOMES = {
    "seat_seed": "computers", "computer_table": "launch", "play_computers": "launch",
    "Services": "services",
    **dict.fromkeys(("Answer", "Appraised", "Marked", "Pass", "Played", "Refused",
                     "SalePreview", "TableSession", "Thought", "Undone"), "session"),
    **dict.fromkeys(("HIDDEN", "KEYS", "Awaiting", "LogLine", "TableView", "Wait", "redact",
                     "seat_view"), "views"),
}


#: A public name, imported from its module the first time it is asked for.
__getattr__ = lazy_attributes(__name__, _HOMES, globals())
