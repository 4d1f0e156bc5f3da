"""Follow-ups through the real screens: a new game asks before it replaces an unfinished save,
computer seats challenge in challenge mode, and another tile set can be loaded."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from ui_helpers import BAG, QUIET, make_app, settle, small_lexicon, table, type_word

from buyword.cli import PlayOptions
from buyword.engine import Choose, Discard, Done, Phase, Roll
from buyword.engine import events as ev
from buyword.store import Store, read_save
from buyword.store.setup import GameSetup, Seat
from buyword.ui.app import BuyWordApp
from buyword.ui.dialogs.challenge import ChallengeScreen
from buyword.ui.dialogs.confirm import ConfirmScreen
from buyword.ui.screens.results import ResultsScreen
from buyword.ui.screens.table import TableScreen
from buyword.ui.screens.title import TitleScreen

#: Slow (Pilot drives the app): left out of the fast set.
pytestmark = pytest.mark.slow

SOLO = GameSetup(seed=12, bag="STARE" + "QUIZ")


def saved_seed(home: Path) -> int:
    """The seed of the autosaved game."""
    return read_save((home / "current.json").read_bytes()).record.seed


async def leave_a_game_unfinished(home: Path) -> None:
    """Play a solo game one round in and close the app: an unfinished save stays behind."""
    app = make_app(SOLO, store=Store(home))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r", "5", "b")
        await pilot.pause()


# ---------------------------------------------------------------------- never lose a game


async def test_a_new_game_asks_before_replacing_an_unfinished_save(tmp_path: Path) -> None:
    await leave_a_game_unfinished(tmp_path)
    app = make_app(store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")  # New solo game
        await pilot.pause()
        app.screen.query_one("#seed").value = "99"
        await pilot.press("ctrl+s")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert question.question.startswith("You have a game in progress (You — round 1).")
        await pilot.press("escape")  # keep it
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert app.store.peek_game().saved is not None and saved_seed(tmp_path) == 12
        assert app.screen.entries()[0][0] == "continue"

        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#seed").value = "99"
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("y")  # start the new game and lose the old one
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.session.game.seed == 99
        assert saved_seed(tmp_path) == 99


async def test_the_command_line_asks_too_and_keeping_goes_to_the_title(tmp_path: Path) -> None:
    await leave_a_game_unfinished(tmp_path)
    app = BuyWordApp(PlayOptions(seed=5, solo=True), lexicon=small_lexicon(), settings=QUIET,
                     store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.entries()[0][0] == "continue" and saved_seed(tmp_path) == 12


async def test_during_a_game_the_palette_new_game_asks_first() -> None:
    app = make_app(SOLO)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = table(app).session.game
        app.start_game(SOLO.with_seed(3))  # what the palette's form leads to
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.session.game is game


async def test_play_again_after_a_finished_game_asks_nothing(tmp_path: Path) -> None:
    app = make_app(SOLO, store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        while screen.session.game.outcome() is None:  # discard everything, through the one way in
            legal = screen.session.game.legal_actions()
            screen.play(next(a for a in (Discard(), Done(), Roll(), Choose(5)) if a in legal))
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("n")  # the finished game is recorded: nothing to lose
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.session.game.outcome() is None


# ---------------------------------------------------------------------- computers challenge

#: Ann and Bob are people, Cy a computer who knows only the test words.
CHALLENGE = GameSetup(seats=(Seat("Ann"), Seat("Bob"), Seat("Cy", "expert")), seed=7, bag=BAG,
                      challenge=True, private_hands=False)


async def ann_selling(pilot: Pilot) -> TableScreen:
    """Round 1: CHOICE, 5 each; Ann buys TEASR for $25, Bob discards, Cy decides; Ann sells."""
    await settle(pilot)
    await pilot.press("r", "5", "b", "d")
    await settle(pilot)
    screen = table(pilot.app)
    assert screen.session.game.rules.challenge_mode
    assert screen.session.game.phase is Phase.SELL and screen.session.game.current == 0
    assert screen.session.game.player(0).money == 175
    return screen


async def test_the_person_on_the_sellers_left_is_asked_first_then_the_computer() -> None:
    app = make_app(CHALLENGE)
    async with app.run_test(size=(80, 24)) as pilot:
        game = (await ann_selling(pilot)).session.game
        await type_word(pilot, "tears")  # a real word, but not in the test dictionary
        await settle(pilot)
        # Bob sits on Ann's left: he is asked first, with the prompt every sale gets.
        dialog = app.screen
        assert isinstance(dialog, ChallengeScreen) and dialog.seats == [(2, "Bob")]
        await pilot.press("enter")  # Bob lets it stand; Cy does not know the word
        await settle(pilot)
        [challenge] = [e for e in game.log if isinstance(e, ev.Challenged)]
        assert challenge.challenger == "Cy" and not challenge.valid
        # The sale is reversed ($25 back to the bank) and Ann pays the $20 penalty.
        assert game.player(0).money == 175 - 20 and game.player(0).hand == "AERST"
        line = table(app).query_one("#message")
        message = str(line.render())
        assert "Cy challenged TEARS: not a word!" in message and "Ann pays $20" in message
        assert line.has_class("-error")  # marked: the sale was reversed
        assert isinstance(app.screen, TableScreen) and game.current == 0  # Ann sells on
        saved = app.store.peek_game().saved  # logged and autosaved like any action
        assert saved is not None and saved.record.actions[-2:] == ("sell TEARS", "challenge 3")


async def test_a_real_word_gets_the_same_prompt_and_a_wrong_challenge_costs_20() -> None:
    app = make_app(CHALLENGE)
    async with app.run_test(size=(80, 24)) as pilot:
        game = (await ann_selling(pilot)).session.game
        await type_word(pilot, "stare")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChallengeScreen) and dialog.seats == [(2, "Bob")]
        await pilot.press("2")  # Bob challenges a real word
        await settle(pilot)
        [challenge] = [e for e in game.log if isinstance(e, ev.Challenged)]
        assert challenge.challenger == "Bob" and challenge.valid
        assert game.player(0).money == 175 + 25 and game.player(1).money == 200 - 20
        # Ann sold every letter tile, and Bob holds none: neither is asked to sell on.
        after = game.actions[game.actions.index("challenge 2") + 1:]
        assert after[:2] == ["done", "done"]


# ---------------------------------------------------------------------- another tile set

TWO_LETTERS = """
name = "Two letters"

[wild]
tiles = 9
pips = 1

[letters]
A = { tiles = 12, pips = 1 }
T = { tiles = 8, pips = 2 }
"""


async def start_solo_with_tiles(pilot: Pilot, path: Path) -> None:
    """New solo game from the title, with the tile-set field set to `path`."""
    await settle(pilot)
    await pilot.press("s")
    await pilot.pause()
    pilot.app.screen.query_one("#tiles").value = str(path)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def test_a_custom_tile_set_is_played_shown_and_continued(tmp_path: Path) -> None:
    tiles = tmp_path / "two.toml"
    tiles.write_text(TWO_LETTERS)
    app = make_app(store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_solo_with_tiles(pilot, tiles)
        screen = table(app)
        game = screen.session.game
        assert game.rules.tiles.name == "Two letters" and game.bag_size == 20
        assert "Bag 20 tiles" in str(screen.query_one("#round-info").render())
        assert str(screen.query_one("#players").border_subtitle).endswith("Two letters")
        await pilot.press("r", "5", "b")
        await pilot.pause()
        before = screen.session.game.state()
    tiles.unlink()  # the save carries the tile set: the file is not needed to go on

    again = make_app(store=Store(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        screen = table(again)
        game = screen.session.game
        assert game.state() == before and game.rules.tiles.name == "Two letters"
        assert set(game.player(0).hand) <= {"A", "T"}
        while game.outcome() is None:  # on to the results: the settings line names the set
            legal = game.legal_actions()
            screen.play(next(a for a in (Discard(), Done(), Roll(), Choose(5)) if a in legal))
        await settle(pilot)
        assert isinstance(again.screen, ResultsScreen)
        line = str(again.screen.query_one("#settings-line").render())
        assert line.endswith("strict dictionary · tiles: Two letters")


async def test_buyword_tiles_starts_the_command_line_game_with_them(tmp_path: Path) -> None:
    tiles = tmp_path / "two.toml"
    tiles.write_text(TWO_LETTERS)
    app = BuyWordApp(PlayOptions(solo=True, tiles=str(tiles)), lexicon=small_lexicon(),
                     settings=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table(app).session.game.rules.tiles.name == "Two letters"


async def test_a_malformed_tile_set_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    await leave_a_game_unfinished(tmp_path)
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Broken"\n[letters]\nA = { tiles = 3 }\n')
    app = make_app(store=Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_solo_with_tiles(pilot, bad)
        form = app.screen
        assert type(form).__name__ == "NewGameScreen"  # still the form: nothing started
        error = str(form.query_one("#form-error").render())
        assert error == f"✗ tile set {str(bad)!r}: the set's letters.A has no 'pips'"
        assert saved_seed(tmp_path) == 12 and app.resumable is not None


def test_the_command_line_refuses_a_bad_tile_set(tmp_path: Path, capsys) -> None:
    from buyword.cli import main

    assert main(["--solo", "--tiles", str(tmp_path / "missing.toml")]) == 2
    assert capsys.readouterr().err.startswith(f"buyword: --tiles: cannot read tile set '{tmp_path}")
