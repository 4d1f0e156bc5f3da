"""A save keeps the seats as they stand: a seat handed to a computer during play stays the
computer's when the game is resumed (locally or with `buyword host --continue`), and older
saves, whose seats never changed, still load as they were set up."""

from __future__ import annotations

from net_helpers import FINDER, LEXICON, table

from buyword.net.commands import HostOptions, host_main
from buyword.store import Store
from buyword.store.saves import save_data, save_from
from buyword.store.setup import GameSetup, Seat, setup_of
from buyword.table import Services
from buyword.table.autosave import first_save, saved_now

ANN, BOB, CY = Seat("Ann"), Seat("Bob"), Seat("Cy", "easy")


def test_a_save_level_replaces_a_person_but_never_a_computer_with_a_person() -> None:
    setup = GameSetup(seats=(ANN, BOB, CY), seed=4)
    assert setup.with_levels((None, "hard", "easy")).seats == (ANN, Seat("Bob", "hard"), CY)
    # An older save (no level, or fewer entries) keeps the setup's seats.
    assert setup.with_levels(()).seats == setup.seats
    assert setup.with_levels((None, None, None)).seats == setup.seats


def test_a_local_save_resumes_with_the_seats_as_they_stood() -> None:
    session = table(ANN, BOB, seed=5)
    setup = GameSetup(seats=(ANN, BOB), seed=5)
    saved = first_save(session, setup)
    session.act(0, "roll 3")
    session.seat_computer(1, "easy")
    saved = saved_now(saved, session)
    again = save_from(save_data(saved))
    assert again.bots == (None, "easy")
    assert setup_of(again).seats == (ANN, Seat("Bob", "easy"))
    # Without the seats (an older app's update), the save keeps what it had.
    assert saved.updated(session.game).bots == (None, "easy")


def _options(*, resume: bool = False) -> HostOptions:
    """`buyword host --port 0 --seed 7` (Ann and Bob), with `--continue` if `resume`."""
    return HostOptions(port=0, seed=7, resume=resume)


def test_host_continue_keeps_a_seat_handed_to_a_computer(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    monkeypatch.setattr(Services, "dictionary_for", lambda self, setup: LEXICON)
    monkeypatch.setattr(Services, "finder", lambda self, lexicon, tiles: FINDER)
    seen: dict[str, object] = {}

    async def hand_bob_over_and_quit(host) -> None:
        await host.server.act(0, "roll 3")
        host.server.hand_to_computer(1, "hard")

    async def look(host) -> None:
        seen["seats"] = host.server.session.seats
        seen["codes"] = dict(host.server.codes)

    assert host_main(_options(), hand_bob_over_and_quit) == 0
    assert Store().peek_game().saved.bots == (None, "hard")
    assert host_main(_options(resume=True), look) == 0
    assert seen["seats"] == (ANN, Seat("Bob", "hard"))
    assert seen["codes"] == {}  # no join code for a seat a computer plays
