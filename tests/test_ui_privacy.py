"""Private hands through the real screens: a scripted game driven by keys, checking after every
key that nothing on screen (racks, titles, prompts, messages, dialogs, the log) shows a tile of
a hand or draw the person holding the screen may not see, computer seats included."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static
from ui_helpers import BAG, make_app, press_quickly, settle, settle_quickly, table, turns

from buyword.store.setup import GameSetup, Seat
from buyword.table import HIDDEN, Wait
from buyword.ui.dialogs.challenge import ChallengeScreen
from buyword.ui.dialogs.drop import DropScreen
from buyword.ui.dialogs.handoff import HandOffScreen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.table import TableScreen
from buyword.ui.widgets.game_log import GameLog
from buyword.ui.widgets.rack import Rack, TileView

pytestmark = pytest.mark.slow


def on_screen(app) -> str:  # noqa: ANN001 - the app under test
    """Every piece of text the player can see now: the top screen, and the table under a
    see-through dialog."""
    screens = [app.screen]
    if not app.screen.has_class("-opaque") and app.screen is not table(app):
        screens.append(table(app))
    parts = []
    for screen in screens:
        for widget in screen.query("*"):
            parts += [str(widget.border_title or ""), str(widget.border_subtitle or "")]
            if isinstance(widget, TileView) and widget.has_class("-back"):
                continue
            if isinstance(widget, Static):
                parts.append(str(widget.render()))
            if isinstance(widget, GameLog):
                parts += [line.text for line in widget.lines]
    parts += [n.message for n in app._notifications]
    return "\n".join(parts)


def check_nothing_hidden_shows(app) -> int:  # noqa: ANN001
    """Assert the rule for the person holding the screen; returns how many seats were hidden."""
    screen = table(app)
    session = screen.session
    viewer = screen.view.viewer
    text = on_screen(app)
    hidden = [p for p in session.game.players if not session.may_see(viewer, p.seat)]
    for p in hidden:
        for tiles in (p.drawn, p.hand):
            if len(tiles) >= 2:
                for shown in (f"drew {tiles}", f"bought {tiles}", " ".join(tiles), tiles):
                    assert shown not in text, (p.name, shown, viewer)
    for rack in screen.query(Rack):
        if rack.display and not rack.face_down and rack.tiles:
            owners = [p.seat for p in session.game.players if rack.tiles in (p.hand, p.drawn)]
            assert any(session.may_see(viewer, seat) for seat in owners), (rack.id, rack.tiles)
    for line in session.log_for(viewer):
        words = str(line).split()
        if "drew" in words or "bought" in words:
            name = str(line).split(" drew ")[0].split(" bought ")[0]
            if any(p.name == name for p in hidden):
                assert HIDDEN in str(line), str(line)
    return len(hidden)


async def play_privately(pilot, sell: str, rounds: int) -> int:  # noqa: ANN001
    """Play `rounds` rounds by keys (or to the results), checking after each key; returns how
    often tiles were hidden."""
    app = pilot.app
    hidden = 0
    for _ in turns(f"round {rounds + 1} or the results"):
        await settle_quickly(pilot)
        if isinstance(app.screen, ResultsScreen) or table(app).session.game.round > rounds:
            return hidden
        hidden += check_nothing_hidden_shows(app)
        screen = app.screen
        if isinstance(screen, HandOffScreen | ChallengeScreen):
            await press_quickly(pilot, "enter")
        elif isinstance(screen, DropScreen):
            await press_quickly(pilot, *screen.hand[: screen.need].lower(), "enter")
        else:
            awaiting = table(app).session.awaiting()
            if awaiting.computer:
                continue
            keys = {Wait.ROLL: ["r"], Wait.CHOOSE: ["5"], Wait.BUY: ["b", "d"],
                    Wait.SELL: [*sell, "enter"], Wait.DROP: ["x"]}[awaiting.wait]
            for key in keys:  # each handled completely (no repaint: the text is checked)
                await press_quickly(pilot, key)
                check_nothing_hidden_shows(app)
            if awaiting.wait is Wait.SELL:
                # Esc clears a word left unsold in the box; in an empty box it ends the turn.
                if table(app).query_one("#word", Input).value:
                    await press_quickly(pilot, "escape")
                await press_quickly(pilot, "escape")
                check_nothing_hidden_shows(app)
    raise AssertionError("unreachable: turns gives up by raising")


@pytest.mark.parametrize("seats", [
    (Seat("Ann"), Seat("Cy", "easy"), Seat("Ed", "expert")),  # one person, private hands
    (Seat("Ann"), Seat("Bob"), Seat("Cy", "medium")),  # pass and play
])
async def test_no_screen_shows_another_seats_hidden_tiles(seats, monkeypatch) -> None:
    # Check every picture the table draws too, computers' turns included (they pass quickly).
    failures: list[str] = []
    drawn = TableScreen.draw
    pictures: list[int] = []

    def draw_and_check(screen: TableScreen) -> None:
        drawn(screen)
        pictures.append(1)
        try:
            check_nothing_hidden_shows(screen.app)
        except AssertionError as error:
            failures.append(str(error))

    monkeypatch.setattr(TableScreen, "draw", draw_and_check)
    setup = GameSetup(seats=seats, seed=7, bag=BAG, private_hands=True, challenge=True)
    app = make_app(setup)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        hidden = await play_privately(pilot, "tea", rounds=3)
        assert failures == [] and len(pictures) > 20  # every view drawn was checked
        assert hidden > 10  # there was something to hide, all along
        game = table(app).session.game
        assert game.round > 3 and any(e.__class__.__name__ == "Sold" for e in game.log)


async def test_the_challenge_prompt_hides_the_sellers_tiles_then_hands_back() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=7, bag=BAG, private_hands=True,
                      challenge=True)
    app = make_app(setup)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "r", "5", "b")  # Ann buys TEASR
        await pilot.press("enter", "d")  # Bob cannot afford QZJXK
        await settle(pilot)
        await pilot.press("enter")  # back to Ann, who sells, keeping S (so she sells on)
        await pilot.press(*"rate", "enter")
        await settle(pilot)
        prompt = app.screen
        assert isinstance(prompt, ChallengeScreen) and prompt.has_class("-opaque")
        assert prompt.seats == [(2, "Bob")]
        assert table(app).query_one("#hand", Rack).face_down
        await pilot.press("enter")  # Bob lets it stand
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen) and app.screen.player == "Ann"
        assert table(app).session.game.player(0).money == 175 + 16  # RATE: 4 pips


async def test_no_hand_off_to_the_person_still_holding_the_screen() -> None:
    # Round 3 (Cy leads): after Cy rolls and buys, Ann buys; she sold last in round 2 and has
    # held the screen since (Cy's turns hand it to nobody): no "Pass to Ann" in between.
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy", "medium")), seed=7, bag=BAG,
                      private_hands=True)
    app = make_app(setup)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        holder, after_a_computer, hand_offs, acted = None, 0, 0, 0
        for _ in turns("round 5 or the results"):
            await settle_quickly(pilot)
            screen, game = app.screen, table(app).session.game
            if isinstance(screen, ResultsScreen) or game.round > 4:
                break
            if isinstance(screen, HandOffScreen):
                assert holder is None or screen.player != game.names[holder], screen.player
                hand_offs += 1
                await press_quickly(pilot, "enter")
                continue
            awaiting = table(app).session.awaiting()
            if awaiting.computer:
                continue
            if len(game.actions) > acted and awaiting.seat == holder:
                after_a_computer += 1  # the case under test: the same person after a computer
            holder = awaiting.seat
            keys = {Wait.ROLL: ["r"], Wait.CHOOSE: ["5"], Wait.BUY: ["d"],
                    Wait.SELL: ["escape"], Wait.DROP: ["x"]}[awaiting.wait]
            acted = len(game.actions) + 1  # this person's answer; beyond it, a computer's
            await press_quickly(pilot, *keys)
        assert hand_offs >= 4 and after_a_computer >= 1
