"""A joined screen's log is styled as a local table's: each line comes with its event's kind,
and the screen styles it by that kind (a sale bold, the roll underlined ...)."""

from __future__ import annotations

from net_helpers import table

from buyword.net.protocol import view_message
from buyword.net.remote import SeatLink
from buyword.store.setup import Seat
from buyword.ui.widgets.game_log import log_line


def test_every_line_is_styled_by_its_events_kind_as_at_a_local_table() -> None:
    session = table(Seat("Ann"), Seat("Bob"), seed=5, bag="TEAONS")
    for text in ("roll 3", "buy"):
        session.act(0, text)
    session.act(1, "buy")
    session.act(0, "sell TEA")
    session.act(0, "done")
    session.act(1, "done")  # the round ends
    remote = SeatLink(lambda text: None)
    first = view_message(session, 1)
    remote.take({**first, "view": {**first["view"], "log": first["view"]["log"][:3],
                                   "log_size": 3}})
    remote.take(view_message(session, 1, 3))  # the rest, as a later view sends it
    lines = remote.table_view().log
    events = session.log_for(1)
    assert [str(line) for line in lines] == [str(event) for event in events]
    local = [log_line(event) for event in events]  # the seat's own log: hidden tiles as ▪
    joined = [log_line(line) for line in lines]
    assert [(t.plain, t.style) if t else None for t in joined] == \
        [(t.plain, t.style) if t else None for t in local]
    assert None in joined  # the round's end clutters neither log
    assert any(t is not None and t.style == "bold" and "sold TEA" in t.plain for t in joined)
