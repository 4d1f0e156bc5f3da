"""Many windows, one data folder: real processes at once, in both orders, and one killed.

Each "window" is tests/store_window.py in its own process, driving the store API (not the
UI). The tests check that no window writes over another's game, that every score is kept
when windows finish at once, and that a window killed mid-write leaves every confirmed game
and score readable and no lock behind.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from engine_helpers import WORDS
from store_helpers import Window, advance, finished, new_game, saved_game

from buyword.store import ScoreBook, Store, read_save
from buyword.store.store import CURRENT, OPEN_ELSEWHERE

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="uses SIGKILL"),
]

@pytest.fixture
def windows(tmp_path: Path) -> Iterator[Callable[[], Window]]:
    """Open windows on tmp_path; all closed at the end."""
    opened: list[Window] = []

    def open_window() -> Window:
        window = Window(tmp_path)
        opened.append(window)
        return window

    yield open_window
    for window in opened:
        window.close()


def actions_in(path: Path) -> tuple[str, list[str]]:
    """The game id and the actions of the save at `path`."""
    saved = read_save(path.read_bytes())
    return saved.game_id, list(saved.record.actions)


@pytest.mark.parametrize("last", ["first", "second"])
def test_a_second_window_gets_its_own_slot_and_never_overwrites_the_first(
        tmp_path: Path, windows: Callable[[], Window], last: str) -> None:
    first, second = windows(), windows()
    _, first_slot, first_id = first.ask("new 3 2")
    assert first_slot == CURRENT
    _, second_slot, second_id = second.ask("new 4 1")
    assert second_slot.startswith("slots/") and second_id != first_id
    # The case: the second plays 20 moves, then the first moves (or the other way).
    if last == "first":
        second_moves = int(second.ask("play 20")[1])
        first_moves = int(first.ask("play 1")[1])
    else:
        first_moves = int(first.ask("play 1")[1])
        second_moves = int(second.ask("play 20")[1])
    assert actions_in(tmp_path / CURRENT) == (first_id, actions_in(tmp_path / CURRENT)[1])
    assert len(actions_in(tmp_path / CURRENT)[1]) == first_moves
    assert actions_in(tmp_path / second_slot)[0] == second_id
    assert len(actions_in(tmp_path / second_slot)[1]) == second_moves == 20
    # A third window sees both games as open elsewhere: neither is offered to continue.
    third = Store(tmp_path)
    assert [(s.name, s.open_elsewhere) for s in third.saved_games()] == [
        (CURRENT, True), (second_slot, True)]
    assert third.peek_game().saved is None
    # Both windows close: both games are there to continue, each from its own slot.
    first.close()
    second.close()
    slots = Store(tmp_path).saved_games()
    assert [(s.name, s.saved.game_id, s.open_elsewhere) for s in slots if s.saved] == [
        (CURRENT, first_id, False), (second_slot, second_id, False)]


@pytest.mark.parametrize("order", ["ab", "ba"])
def test_two_windows_finishing_solo_games_at_once_keep_every_score(
        tmp_path: Path, windows: Callable[[], Window], order: str) -> None:
    one, two = windows(), windows()
    assert one.ask("ready") == two.ask("ready") == ["ready"]  # both up: the games overlap
    starts = {"a": (one, "solo 12 100"), "b": (two, "solo 12 200")}
    for key in order:
        window, command = starts[key]
        window.send(command)
    scored: list[str] = []
    for window in (one, two):
        while (line := window.line()) != "done":
            scored.append(line.split()[1])
    book = ScoreBook.from_bytes((tmp_path / "scores.json").read_bytes())
    assert sorted(s.game_id for s in book.solo) == sorted(scored) and len(scored) == 24
    records = list((tmp_path / "games").glob("*.json"))
    assert len(records) == 24  # every finished game kept, one record each


@pytest.mark.parametrize("attempt", range(4))
def test_a_window_killed_mid_write_loses_no_score_and_no_game(
        tmp_path: Path, windows: Callable[[], Window], attempt: int) -> None:
    doomed, survivor = windows(), windows()
    assert doomed.ask("ready") == survivor.ask("ready") == ["ready"]
    doomed.send("solo 500 1000")
    survivor.send("solo 15 5000")
    confirmed: list[str] = []
    target = random.Random(attempt).randrange(2, 8)
    while len(confirmed) < target:
        confirmed.append(doomed.line().split()[1])
    doomed.kill()  # somewhere in a game, a save, a record or the scores: wherever it was
    survived: list[str] = []
    while (line := survivor.line()) != "done":
        survived.append(line.split()[1])
    book = ScoreBook.from_bytes((tmp_path / "scores.json").read_bytes())
    kept = {s.game_id for s in book.solo}
    assert set(confirmed) <= kept and set(survived) <= kept and len(survived) == 15
    # The killed window's lock died with it; its game in progress, if any, resumes.
    later = Store(tmp_path)
    assert later.open_elsewhere() is None
    for slot in later.saved_games():
        assert slot.saved is not None and not slot.open_elsewhere
        assert later.resume(slot.saved, WORDS).game is not None
    assert later.take_messages() == []  # nothing was damaged
    assert not list(tmp_path.rglob("*.tmp"))  # its temporary files were tidied at start-up


def test_a_killed_window_leaves_no_lock(tmp_path: Path, windows: Callable[[], Window]) -> None:
    window = windows()
    window.ask("new 9 1")
    window.ask("play 5")
    assert Store(tmp_path).open_elsewhere() is not None
    window.kill()
    store = Store(tmp_path)
    assert store.open_elsewhere() is None
    loaded = store.load_game(WORDS)
    assert loaded.game is not None and len(loaded.game.actions) == 5
    assert store.slot == CURRENT  # this window plays it now


def test_continue_refuses_a_game_another_window_opened_meanwhile(tmp_path: Path) -> None:
    game = advance(new_game(), 10)
    window = Store(tmp_path)
    window.save_game(saved_game(game))
    window.release()  # that window closed
    here = Store(tmp_path)
    (slot,) = here.saved_games()
    assert slot.saved is not None and not slot.open_elsewhere
    # Another window continues the same game first (it replays the save, as Continue does).
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path)], stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        loaded = here.resume(slot.saved, WORDS)
        assert loaded.game is None and loaded.message == OPEN_ELSEWHERE
        assert (tmp_path / CURRENT).exists()  # untouched: nothing moved aside
        # A new game here goes to a slot of its own.
        here.save_game(saved_game(new_game(seed=8)))
        assert here.slot is not None and here.slot.startswith("slots/")
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()


#: Continues the game in CURRENT and keeps it open until killed.
HOLD = """
import sys, time
from buyword.store import Store

class Anything:
    def is_word(self, word):
        return True

store = Store(sys.argv[1])
assert store.load_game(Anything()).game is not None
print("holding", flush=True)
time.sleep(60)
"""


def test_a_finished_game_in_one_window_never_clears_another_windows_save(
        tmp_path: Path, windows: Callable[[], Window]) -> None:
    window = windows()
    _, slot, game_id = window.ask("new 3 1")
    window.ask("play 4")
    here = Store(tmp_path)
    done = finished(seed=11)
    here.finish_game(saved_game(done), done)  # never saved here: no slot of its own
    assert actions_in(tmp_path / slot)[0] == game_id and len(actions_in(tmp_path / slot)[1]) == 4
    Store(tmp_path).clear_game()  # a window with no game of its own forgets nothing
    assert actions_in(tmp_path / slot)[0] == game_id
