"""The table's footer and log keep what they show in step with the game, though neither is
built again at each turn: the footer greys keys in place, the log reuses wrapped rows."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets._footer import FooterKey
from ui_helpers import BAG, make_app, settle, table, until

from buyword.store.setup import GameSetup, Seat
from buyword.ui.widgets.game_log import GameLog, log_line
from buyword.ui.widgets.keys_footer import KeysFooter

pytestmark = pytest.mark.slow


def footer_matches(screen) -> None:  # noqa: ANN001 - the table screen
    """The footer shows exactly the keys the screen has now, greyed exactly when they do not
    work now (what Textual's own footer, built afresh, would show)."""
    footer = screen.query_one(KeysFooter)
    palette = screen.app.COMMAND_PALETTE_BINDING
    shown = {}
    for key, (_, binding, enabled, _tip) in screen.active_bindings.items():
        if binding.show or key == palette:
            shown.setdefault(binding.action, enabled)
    keys = list(footer.query(FooterKey))
    assert {k.action for k in keys} == set(shown)
    for key in keys:
        assert key._disabled == (not shown[key.action]), key.action
        assert key.has_class("-disabled") == key._disabled, key.action


def log_text(screen) -> str:  # noqa: ANN001
    """The log's rows as one text (wrapping removed)."""
    return "".join(strip.text.rstrip() for strip in screen.query_one(GameLog).lines)


async def test_the_footer_and_the_log_follow_each_turn_and_each_hand_off() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=7, bag=BAG, private_hands=True)
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Hand-off to Ann, roll, choose, Ann buys TEASR, hand-off to Bob, who discards.
        for key in ("enter", "r", "5", "b", "enter", "d", "enter"):
            await pilot.press(key)
            await pilot.pause()  # Textual's footer rebuilds after a repaint
            screen = table(app)
            if app.screen is screen:
                footer_matches(screen)
                viewer = screen.view.viewer
                lines = [log_line(e) for e in screen.session.log_for(viewer)]
                expected = "".join(line.plain.replace(" ", "") for line in lines if line)
                assert log_text(screen).replace(" ", "") == expected
        assert table(app).view.viewer == 0  # Ann again, after two hand-offs
        assert "TEASR" in log_text(table(app))  # her own draw, rows reused or not


class Shop(App):
    """A footer with a buy key greyed out when the draw is too dear, as on the table."""

    BINDINGS = [("b", "buy", "Buy"), ("d", "discard", "Discard")]
    affordable = True

    def compose(self) -> ComposeResult:
        """Only the footer."""
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Buy is greyed out (None) when the draw is too dear."""
        return None if action == "buy" and not self.affordable else True

    def action_buy(self) -> None: ...

    def action_discard(self) -> None: ...


def buy_key(app: App) -> FooterKey:
    """The footer's key for buying."""
    return next(k for k in app.query(FooterKey) if k.action == "buy")


async def test_a_key_greyed_out_and_lit_again_is_the_same_key() -> None:
    app = Shop()
    async with app.run_test() as pilot:
        await pilot.pause()
        buy = buy_key(app)
        assert not buy._disabled and not buy.has_class("-disabled")
        for affordable in (False, True, False):
            app.affordable = affordable
            app.refresh_bindings()
            await pilot.pause()
            assert buy_key(app) is buy  # the same key, greyed or lit in place
            assert buy._disabled == (not affordable) == buy.has_class("-disabled")
        await pilot.press("b")  # a greyed key still does nothing


def shown_keys(footer: KeysFooter) -> list[str]:
    """The footer's keys as a player reads them, left to right; one that runs under the
    command palette's key is marked cut (it shows as "? Ke")."""
    keys = [key for key in footer.query(FooterKey) if key.display]
    palette = next((key for key in keys if key.has_class("-command-palette")), None)
    if palette is None:
        return []  # not built yet
    shown = []
    for key in sorted(keys, key=lambda k: k.region.x):
        if key is not palette:
            cut = " (cut)" if key.region.right > palette.region.x else ""
            shown.append(f"{key.key_display} {key.description}{cut}")
    return shown


class Counter(App):
    """A footer of more keys than a narrow terminal has room for, the help key last."""

    BINDINGS = [("b", "buy", "Buy"), ("d", "discard", "Discard"), ("f3", "unseen", "Unseen"),
                ("f6", "coach", "Master?"), ("f7", "hand_over", "Seat to computer"),
                ("question_mark", "keys", "Keys")]

    def compose(self) -> ComposeResult:
        """Only the footer."""
        yield KeysFooter()


@pytest.mark.parametrize(("width", "compact", "shown"), [
    (100, False, ["b Buy", "d Discard", "f3 Unseen", "f6 Master?", "f7 Seat to computer",
                  "? Keys"]),
    (80, True, ["b Buy", "d Discard", "f3 Unseen", "f6 Master?", "f7 Seat to computer",
                "? Keys"]),  # 82 columns roomy: compact, all fit
    (50, True, ["b Buy", "d Discard", "f3 Unseen", "? Keys"]),  # the help key before others
    (30, True, ["b Buy", "? Keys"]),
])
async def test_a_narrow_footer_shows_each_key_whole_or_not_at_all_and_keeps_the_help_key(
        width: int, compact: bool, shown: list[str]) -> None:
    app = Counter()
    async with app.run_test(size=(width, 5)) as pilot:
        footer = app.query_one(KeysFooter)
        await until(pilot, lambda: shown_keys(footer) == shown, f"the keys that fit {width}")
        assert footer.compact == compact  # the spaces around the keys go before any key
        if width < 100:
            await pilot.resize_terminal(100, 5)  # room again: every key, roomy
            await until(pilot, lambda: len(shown_keys(footer)) == 6 and not footer.compact,
                        "every key back at 100 columns")


async def test_the_footer_at_choice_with_the_coach_on_shows_every_key_whole_at_80x24() -> None:
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob", "easy")), seed=7, bag=BAG, coach=True)
    app = make_app(setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # seed 7 rolls CHOICE: four Draw keys, Unseen, Master?, Keys
        footer = table(app).query_one(KeysFooter)
        expected = ["2 Draw 2", "3 Draw 3", "4 Draw 4", "5 Draw 5", "f3 Unseen", "f6 Master?",
                    "? Keys"]
        await until(pilot, lambda: shown_keys(footer) == expected, "every key, whole")


async def test_a_footer_under_a_dialog_waits_to_be_fitted_instead_of_spinning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Under the hand-off screen the table is not laid out, so its footer's keys have no width:
    # the footer used to measure them again after every refresh, using a core until the
    # dialog closed. It now fits once the table is on top again.
    from buyword.ui.dialogs.handoff import HandOffScreen
    from buyword.ui.widgets.footer import Footer

    fits = 0
    fit = Footer._fit

    def counted(self: Footer) -> None:
        nonlocal fits
        fits += 1
        fit(self)

    monkeypatch.setattr(Footer, "_fit", counted)
    setup = GameSetup(seats=(Seat("Ann"), Seat("Bob")), seed=7, bag=BAG, private_hands=True)
    app = make_app(setup)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOffScreen)
        before = fits
        for _ in range(20):
            await pilot.pause()
        assert fits - before < 5, fits - before
        await pilot.press("enter")  # Ann takes the screen: the table's footer is fitted
        await until(pilot, lambda: not isinstance(app.screen, HandOffScreen), "Ann's table")
        await settle(pilot)
        footer = table(app).query_one(KeysFooter)
        assert all(key.outer_size.width for key in footer.query(FooterKey) if key.display)
