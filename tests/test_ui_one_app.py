"""BuyWord has one Textual app, whatever it opens (play here, host, join, replay): what differs
is the `Opening` it is given, which decides what Quit asks and what a crash report says (no
Pilot; the keys, help and palette at a joined, hosting and replayed table are checked with
Pilot in test_net_screens.py and test_ui_replay.py)."""

from __future__ import annotations

import importlib
import pkgutil
from types import SimpleNamespace
from typing import Any

from textual.app import App

import buyword.ui
from buyword.net.remote import SeatLink
from buyword.table.replay import Replay
from buyword.ui.app import BuyWordApp
from buyword.ui.options import HOST_CONTINUES, Opening


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_buyword_ui_defines_exactly_one_app() -> None:
    for module in pkgutil.walk_packages(buyword.ui.__path__, "buyword.ui."):
        importlib.import_module(module.name)
    ours = {cls for cls in _subclasses(App) if cls.__module__.startswith("buyword.")}
    assert ours == {BuyWordApp}


def _link(name: str = "Bob", token: str = "a-long-rejoin-token") -> SeatLink:
    link = SeatLink(lambda message: None)
    link.name, link.token = name, token
    return link


def _joined(link: SeatLink) -> Any:
    """A joined seat as the app reads one: where the host is, and the seat's link."""
    return SimpleNamespace(host="10.0.0.5", port=8765, table=link)


def _hosting(link: SeatLink) -> Any:
    """The host's own seat as the app reads one: its server's address, and the seat's link."""
    return SimpleNamespace(server=SimpleNamespace(host="0.0.0.0", port=8766), table=link)


def test_a_joined_seat_asks_before_leaving_and_says_how_to_take_the_seat_back() -> None:
    link = _link()
    app = BuyWordApp(opening=Opening.joining(_joined(link)))
    rejoin = "buyword join 10.0.0.5:8765 a-long-rejoin-token"
    assert app.opening.rejoin == rejoin
    assert app.sub_title == "Bob at 10.0.0.5:8765"
    assert app.quit_question() == ("Leave this table?",
                                   f"Your seat stays yours: {rejoin} takes it back.")
    # A crash keeps nothing here (the game is the host's) and says how to come back.
    assert app.crash_record() is None
    assert app.crash_resume(None) == f"Your seat stays yours: {rejoin} takes it back."
    assert app.opening.where == "buyword join" and not app.opening.plays_here
    link.ended = "the table has closed"
    assert app.quit_question() is None  # nothing to leave: Quit quits at once


def test_the_host_asks_before_closing_the_table_and_says_continue_serves_it() -> None:
    app = BuyWordApp(opening=Opening.hosting(_hosting(_link("Ann"))))
    assert app.sub_title == "hosting on 0.0.0.0:8766"
    assert app.quit_question() == ("Close this table for everyone?", HOST_CONTINUES)
    assert app.crash_resume(None) == HOST_CONTINUES
    assert app.opening.where == "buyword host" and not app.opening.rejoin
    assert "buyword host --continue" in HOST_CONTINUES


def test_a_replay_and_the_title_quit_at_once_and_only_a_game_played_here_resumes() -> None:
    replay = BuyWordApp(opening=Opening.replaying(Replay(seed=4, frames=())))
    assert replay.quit_question() is None and replay.crash_resume(None) is None
    assert replay.sub_title == "replay of seed 4" and not replay.opening.plays_here
    home = BuyWordApp()
    assert home.opening.plays_here and home.quit_question() is None  # no game open
    assert home.crash_resume(None) is None
    assert home.crash_resume("{}") == ("Your game is saved: start BuyWord again and choose "
                                      "Continue to resume it.")
