"""The table session: a game at a table of people and computer players, without a screen.

    from buyword.table import GameSetup, Seat, TableSession
    session = TableSession.new(setup, lexicon, finder)
    session.awaiting()            # who must act, and what kind of input
    session.act(seat, "buy")      # Played (the events) or Refused (why not)
    session.view(seat)            # the SeatView that seat may see
    session.log_for(viewer)       # the log as that viewer may read it
    session.step()                # a computer thinks and plays (or think() + play())
"""

from buyword.table.computers import play_computers, seat_seed
from buyword.table.services import Services, bots_available
from buyword.table.session import (
    Answer,
    Awaiting,
    Decision,
    Pass,
    Played,
    Refused,
    SalePreview,
    TableSession,
    Undone,
    Wait,
)
from buyword.table.setup import GameSetup, Seat, custom_tiles, load_tiles, table_name
from buyword.table.views import HIDDEN, redact, seat_view

__all__ = ["HIDDEN", "Answer", "Awaiting", "Decision", "GameSetup", "Pass", "Played", "Refused",
           "SalePreview", "Seat", "Services", "TableSession", "Undone", "Wait", "bots_available",
           "custom_tiles", "load_tiles", "play_computers", "redact", "seat_seed", "seat_view",
           "table_name"]
