"""The table screen: owns the one Game, shows it, and turns keys and clicks into actions.

Every action, a person's or a computer's, goes through `TableScreen.play`, which asks the
engine and posts `TableScreen.Played` afterwards (the hook for autosave). The screen never
decides a rule itself: what is legal comes from `game.why_not` / `game.legal_actions`.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from buyword.engine import (
    Action,
    Buy,
    BuyWordError,
    Challenge,
    Choose,
    Discard,
    Done,
    Drop,
    Game,
    Phase,
    Roll,
    Sell,
    price,
    spell,
)
from buyword.engine import events as ev
from buyword.ui.options import GameSetup, custom_tiles
from buyword.ui.text import literal, markup
from buyword.ui.widgets import DieFace, GameLog, PlayerLine, PriceList, Rack, Scoreboard

if TYPE_CHECKING:
    from buyword.ui.app import BuyWordApp
    from buyword.ui.services import Bot


@dataclass
class SalePreview:
    """What the typed word would do: the hand tiles it takes, the wild's letter and the price,
    or the reason it cannot be sold."""

    marked: frozenset[int] = frozenset()
    wild: str | None = None
    notation: str = ""
    price: int = 0
    pips: int = 0
    reason: str | None = None
    note: str = ""


@dataclass
class TableState:
    """Where the screen itself stands between engine decisions (not game state)."""

    viewer: int | None = None  # the person holding the screen (pass-and-play)
    busy: bool = False  # the die tumbles or a computer thinks: no keys for people
    skip: bool = False  # the player asked to skip ahead through the computers' moves
    hints_used: bool = False
    sales: list[ev.Sold] = field(default_factory=list)


class TableScreen(Screen[None]):
    """A game in progress."""

    CSS_PATH = "table.tcss"
    AUTO_FOCUS = None

    BINDINGS = [
        Binding("r", "roll", "Roll"),
        Binding("2", "choose(2)", "Draw 2"),
        Binding("3", "choose(3)", "Draw 3"),
        Binding("4", "choose(4)", "Draw 4"),
        Binding("5", "choose(5)", "Draw 5"),
        Binding("b", "buy", "Buy"),
        Binding("d", "discard", "Discard"),
        Binding("escape", "done", "Done selling"),
        Binding("f2", "hints", "Hints"),
        Binding("space", "skip", "Skip ahead"),
        Binding("x", "drop", "Drop tiles"),
    ]

    @dataclass
    class Played(Message):
        """An action was applied to the game (the one place to hook autosave)."""

        game: Game
        setup: GameSetup
        action: Action
        events: list[ev.Event]

    @dataclass
    class BotDecided(Message):
        """A computer player's worker has chosen its action (None if it failed)."""

        seat: int
        action: Action | None
        seconds: float

    @dataclass
    class BotsChallenged(Message):
        """The computer seats were asked about a sale: the first one's challenge, or None."""

        sale: ev.Sold
        challenge: Challenge | None

    def __init__(self, game: Game, setup: GameSetup, bots: dict[int, Bot]) -> None:
        """A table for `game` as set up by `setup`, with a bot for each computer seat."""
        super().__init__()
        self.game = game
        self.setup = setup
        self.bots = bots
        self.state = TableState()

    @property
    def buyword(self) -> BuyWordApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """Die and players on the left; the turn, the hand and the log on the right."""
        tiles = self.game.rules.tiles
        with Horizontal(id="table"):
            with Vertical(id="side"):
                with Horizontal(id="die-box"):
                    yield DieFace(id="die")
                    yield Static(id="round-info")
                yield Scoreboard(id="players")
                yield PriceList(id="prices")
            with Vertical(id="play"):
                yield Static(id="prompt")
                yield Static(id="message")
                yield Rack(tiles, id="drawn")
                yield Rack(tiles, id="hand")
                with Vertical(id="sell-box"):
                    yield Input(
                        id="word",
                        placeholder="type a word · Enter sells · Esc when done",
                        restrict=r"[A-Za-z]*",
                        compact=True,
                    )
                    yield Static(id="feedback")
                yield GameLog(id="log", private=self.setup.hand_off)
        yield Footer()

    def on_mount(self) -> None:
        """Title the boxes, show the game, and hand over to whoever plays first."""
        self.query_one("#players").border_title = "Players"
        self.query_one("#prices").border_title = "Price list"
        self.query_one("#log").border_title = "Game log"
        self.query_one(GameLog).show(self.game.log)
        self.advance()

    # ------------------------------------------------------------------ the one way in

    def play(self, action: Action) -> bool:
        """Apply an action through the engine. A refusal becomes the on-screen message."""
        if self not in self.app.screen_stack:
            return False  # a key that arrived as the table closed (fast typing): ignore it
        try:
            events = self.game.apply(action)
        except BuyWordError as error:
            self.show_message(str(error), error=True)
            return False
        self._clear_refusal()
        self.post_message(self.Played(self.game, self.setup, action, events))
        self.query_one(GameLog).show(self.game.log)
        self._after(action, events)
        return True

    def _after(self, action: Action, events: list[ev.Event]) -> None:
        """What follows an action on screen: the die tumbles, a sale may be challenged."""
        sale = next((e for e in events if isinstance(e, ev.Sold)), None)
        if sale is not None:
            self.state.sales.append(sale)
            self.show_message(f"✓ {sale}")
        challenge = next((e for e in events if isinstance(e, ev.Challenged)), None)
        if challenge is not None:
            self.show_message(f"⚖ {challenge}", error=not challenge.valid)
        if isinstance(action, Roll):
            self.state.busy = True
            self.refresh_view()
            self.query_one(DieFace).roll_to(self.game.die or 0, self.buyword.animate)
            return
        if sale is not None and self.game.rules.challenge_mode and self.game.last_sale is not None:
            self._ask_computers(sale)
            return
        self.advance()

    # ------------------------------------------------------------------ turn flow

    def advance(self) -> None:
        """Show the game as it now stands and hand it to whoever must act next."""
        self.refresh_view()
        game = self.game
        if game.outcome() is not None:
            self.buyword.show_results(self)
            return
        seat = game.current
        assert seat is not None
        if seat in self.bots:
            self._start_bot(seat)
            return
        self.state.skip = False
        if self.setup.hand_off and self.state.viewer != seat:
            from buyword.ui.handoff import HandOffScreen

            self.app.push_screen(HandOffScreen(game.names[seat]), lambda _: self._hand_to(seat))
            return
        self.state.viewer = seat
        self._ready_for_person()

    def _hand_to(self, seat: int) -> None:
        """The next person has the screen: show their hand."""
        self.state.viewer = seat
        self.refresh_view()
        self._ready_for_person()

    def _ready_for_person(self) -> None:
        """Focus what the phase needs: the word box to sell, the drop dialog at the limit."""
        phase = self.game.phase
        if phase is Phase.SELL:
            self.query_one("#word", Input).focus()
        else:
            self.set_focus(None)
        if phase is Phase.DROP:
            self.action_drop()

    def _start_bot(self, seat: int) -> None:
        self.state.busy = True
        self.refresh_bindings()
        self._think(seat)

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def _think(self, seat: int) -> None:
        """A computer player decides (off the UI thread; it only reads the game)."""
        started = time.monotonic()
        try:
            action = self.bots[seat].act(self.game, seat)
        except Exception:  # a broken bot must not end the game; the screen plays safe
            action = None
        self.post_message(self.BotDecided(seat, action, time.monotonic() - started))

    def on_table_screen_bot_decided(self, message: TableScreen.BotDecided) -> None:
        """Show the computer's move at a readable pace, or at once when skipping ahead."""
        pause = 0.0 if self.state.skip else self.buyword.settings.step_delay - message.seconds
        if pause > 0:
            self.set_timer(pause, lambda: self._bot_play(message.seat, message.action))
        else:
            self._bot_play(message.seat, message.action)

    def _bot_play(self, seat: int, action: Action | None) -> None:
        if self.game.current != seat or not self.is_attached:
            return
        self.state.busy = False
        if action is None or self.game.why_not(action) is not None:
            action = self._safe_action()
        self.play(action)

    def _safe_action(self) -> Action:
        """What a computer does if its own choice fails: discard, stop selling, or the first."""
        legal = self.game.legal_actions()
        for safe in (Discard(), Done()):
            if safe in legal:
                return safe
        return legal[0]

    def on_die_face_settled(self, message: DieFace.Settled) -> None:
        """The roll is shown: go on."""
        self.state.busy = False
        self.advance()

    def on_key(self, event: Any) -> None:
        """Any key skips the die's tumble."""
        die = self.query_one(DieFace)
        if die.tumbling:
            event.stop()
            die.settle()

    # ------------------------------------------------------------------ challenge mode

    def _ask_computers(self, sale: ev.Sold) -> None:
        """After a sale, the computer seats judge it first (in a worker), then the people."""
        seats = self.game.seats
        computers = [seat for seat in ((sale.seat + k) % seats for k in range(1, seats))
                     if seat in self.bots]
        if not computers:
            self._offer_people(sale)
            return
        self.state.busy = True
        self.refresh_view()
        self._computers_judge(sale, computers)

    @work(thread=True, exclusive=True, group="challenge", exit_on_error=False)
    def _computers_judge(self, sale: ev.Sold, seats: list[int]) -> None:
        """Each computer seat in turn from the seller's left: the first challenge, if any."""
        found: Challenge | None = None
        for seat in seats:
            try:
                found = self.bots[seat].challenge(self.game, seat)
            except Exception:  # a broken bot lets the word stand rather than end the game
                found = None
            if found is not None:
                break
        self.post_message(self.BotsChallenged(sale, found))

    def on_table_screen_bots_challenged(self, message: TableScreen.BotsChallenged) -> None:
        """A computer's challenge is played like any action; else the people may challenge."""
        if not self.is_attached or self.game.last_sale != message.sale:
            return
        self.state.busy = False
        if message.challenge is not None and self.play(message.challenge):
            return
        self._offer_people(message.sale)

    def _offer_people(self, sale: ev.Sold) -> None:
        if self._challengers():
            self._offer_challenge(sale)
        else:
            self.advance()

    def _challengers(self) -> list[int]:
        """People who may challenge the last sale (the computers have been asked already)."""
        return [action.seat - 1 for action in self.game.legal_actions()
                if isinstance(action, Challenge) and action.seat - 1 not in self.bots]

    def _offer_challenge(self, sale: ev.Sold) -> None:
        from buyword.ui.challenge import ChallengeScreen

        seats = [(s + 1, self.game.names[s]) for s in self._challengers()]
        self.refresh_view()
        penalty = self.game.rules.challenge_penalty
        self.app.push_screen(ChallengeScreen(str(sale), seats, penalty), self._challenged)

    def _challenged(self, seat: int | None) -> None:
        if seat is not None:
            self.play(Challenge(seat))
            return
        self.advance()

    # ------------------------------------------------------------------ showing the game

    def refresh_view(self) -> None:
        """Set every widget from the game (attributes down)."""
        game = self.game
        seat = game.current
        self._show_side()
        self._show_prompt()
        phase = game.phase
        selling = phase is Phase.SELL and self._person_to_act()
        self.set_class(selling, "-selling")
        # A disabled word box cannot take focus, so letter keys reach the table's bindings.
        self.query_one("#word", Input).disabled = not selling
        drawn = self.query_one("#drawn", Rack)
        hand = self.query_one("#hand", Rack)
        shown = seat if seat is not None else (self.state.viewer or 0)
        player = game.player(shown)
        drawn.display = phase is Phase.BUY
        drawn.tiles = player.drawn
        offer = game.offer_price(shown) if phase is Phase.BUY else 0
        pips = game.rules.tiles.pips_of(player.drawn)
        drawn.border_title = markup(f"$name drew {len(player.drawn)} · {pips} pips · ${offer}",
                                    name=player.name)
        hand.face_down = not self._may_see(shown)
        hand.tiles = player.hand
        hand.wilds = player.wilds
        hand.empty_text = "no tiles yet"
        owner = "Your" if player.name == "You" else f"{player.name}'s"
        hand.border_title = literal(f"{owner} hand · {len(player.hand)} tiles")
        hand.border_subtitle = f"{player.wilds} wild" + ("s" if player.wilds != 1 else "")
        if phase is not Phase.SELL:
            self._clear_preview()
        self.refresh_bindings()

    def _show_side(self) -> None:
        game = self.game
        die = self.query_one(DieFace)
        if not die.tumbling:
            die.face = game.die
        bag = f"Bag {game.bag_size} tiles"
        draw = f"Draw {game.draw_count} each" if game.draw_count else "Die not rolled"
        final = "FINAL ROUND" if game.final_round else f"Round {game.round}"
        info = markup(f"[b]{final}[/b]\nLeader [b]$leader[/b]\n{bag}\n{draw}",
                      leader=game.names[game.leader])
        self.query_one("#round-info", Static).update(info)
        self.query_one("#round-info").set_class(game.final_round, "-final")
        self.query_one(Scoreboard).lines = tuple(
            PlayerLine(
                self._label(p.seat), p.money, p.wilds, len(p.hand),
                current=p.seat == game.current, leader=p.seat == game.leader,
            )
            for p in game.players
        )
        tiles = custom_tiles(game.rules)  # room for its name: the seed says the rest
        tiles = f" · {tiles}" if tiles else ""
        self.query_one("#players").border_subtitle = literal(f"seed {game.seed}{tiles}")

    def _label(self, seat: int) -> str:
        return self.game.names[seat]

    def _show_prompt(self) -> None:
        self.query_one("#prompt", Static).update(self._prompt())

    def _prompt(self) -> Content:
        """One sentence: whose turn it is and what they can do (names shown as text)."""
        game = self.game
        seat = game.current
        name = "" if seat is None else game.names[seat]
        return markup(self._prompt_template(), name=name, reason=game.why_not(Buy()) or "")

    def _prompt_template(self) -> str:
        """The prompt as markup; `$name` is the current player, `$reason` why they can't buy."""
        game = self.game
        if game.phase is Phase.OVER:
            return "[b]Game over.[/b]"
        seat = game.current
        assert seat is not None
        name = "$name"
        if seat in self.bots:
            return f"[b]{name}[/b] ({self.setup.seats[seat].level}) is playing…"
        prefix = "[reverse b] FINAL ROUND [/] " if game.final_round else ""
        match game.phase:
            case Phase.ROLL:
                return f"{prefix}[b]{name}[/b], roll the die: press [b]R[/b]."
            case Phase.CHOOSE:
                return f"CHOICE! [b]{name}[/b], how many tiles does everyone draw? 2–5"
            case Phase.BUY:
                reason = game.why_not(Buy())
                if reason:
                    return f"[b]{name}[/b] cannot buy: $reason. Press [b]D[/b]."
                cost = game.offer_price(seat)
                return f"[b]{name}[/b], buy these tiles for [b]${cost}[/b] or discard them?"
            case Phase.SELL:
                return f"{prefix}[b]{name}[/b], sell words ([b]${game.player(seat).money}[/b])."
            case Phase.DROP:
                over = game.over_limit(seat)
                return f"[b]{name}[/b] is over the tile limit: drop {over}. Press [b]X[/b]."
        return ""

    def show_message(self, text: str, *, error: bool = False) -> None:
        """The line under the prompt: a refusal (marked) or a confirmation."""
        message = self.query_one("#message", Static)
        message.update(literal(text))
        message.set_class(error, "-error")

    def _clear_refusal(self) -> None:
        """A refusal stays until something succeeds; then it would mislead, so it goes."""
        message = self.query_one("#message", Static)
        if message.has_class("-error"):
            self.show_message("")

    def _may_see(self, seat: int) -> bool:
        """Whether the person at the screen may see this seat's tiles."""
        if seat in self.bots:
            return not (self.setup.private_hands and self.setup.humans > 0)
        return not self.setup.hand_off or self.state.viewer == seat

    def _person_to_act(self) -> bool:
        seat = self.game.current
        return (
            seat is not None
            and seat not in self.bots
            and not self.state.busy
            and (not self.setup.hand_off or self.state.viewer == seat)
        )

    # ------------------------------------------------------------------ selling

    @on(Input.Changed, "#word")
    def _word_changed(self, event: Input.Changed) -> None:
        self._show_preview(self.preview(event.value))

    @on(Input.Submitted, "#word")
    def _word_submitted(self, event: Input.Submitted) -> None:
        if not self._person_to_act() or self.game.phase is not Phase.SELL:
            return
        typed = event.value.strip()
        if not typed:
            self.show_message("Type a word to sell, or press Esc when you are done.")
            return
        preview = self.preview(typed)
        if preview.reason is not None:
            self.show_message(f"✗ {preview.reason}", error=True)
            return
        word = self.query_one("#word", Input)
        if self.play(Sell(preview.notation)):
            word.value = ""

    def preview(self, typed: str) -> SalePreview:
        """What selling `typed` now would do, from the engine's own spelling and checks."""
        game = self.game
        seat = game.current
        if not typed or seat is None:
            return SalePreview()
        player = game.player(seat)
        try:
            spelling = spell(typed.upper(), player.hand, player.wilds)
        except BuyWordError as error:
            return SalePreview(reason=str(error))
        pips = game.rules.tiles.sale_pips(spelling)
        marked = _tile_indices(player.hand, spelling.letters)
        reason = game.why_not(Sell(spelling.notation))
        note = ""
        # A bluff may be offered in challenge mode; the seller is told what they risk.
        bluff = game.rules.challenge_mode and game.word_refusal(spelling.word)
        if reason is None and bluff:
            note = f"{bluff}: a challenge would reverse it"
        return SalePreview(
            marked, spelling.wild, spelling.notation, price(pips), pips, reason, note
        )

    def _show_preview(self, preview: SalePreview) -> None:
        hand = self.query_one("#hand", Rack)
        hand.marked = preview.marked
        hand.wild_letter = preview.wild
        feedback = self.query_one("#feedback", Static)
        feedback.set_class(preview.reason is not None, "-error")
        if preview.reason is not None:
            feedback.update(f"✗ {preview.reason}")
        elif preview.notation:
            wild = f" · wild={preview.wild}" if preview.wild else ""
            note = f" · [i]{preview.note}[/i]" if preview.note else " — Enter sells"
            feedback.update(
                f"✓ [b]{preview.notation.upper()}[/b]{wild} · {preview.pips} pips · "
                f"[b]${preview.price}[/b]{note}"
            )
        else:
            feedback.update("Letters from your hand, and one wild at most.")

    def _clear_preview(self) -> None:
        word = self.query_one("#word", Input)
        if word.value:
            word.value = ""
        self._show_preview(SalePreview())

    # ------------------------------------------------------------------ key actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only what the person to act can do now; grey out buy when unaffordable."""
        game = self.game
        if action == "skip":
            return game.current in self.bots and game.phase is not Phase.OVER
        if action not in _PHASE_OF:
            return True
        if not self._person_to_act() or game.phase is not _PHASE_OF[action]:
            return False
        if action == "choose":
            return game.why_not(Choose(int(parameters[0]))) is None  # type: ignore[arg-type]
        if action == "buy":
            return None if game.why_not(Buy()) else True
        if action == "hints":
            return self.setup.hints
        return True

    def palette_actions(self) -> list[tuple[str, str]]:
        """The table actions the command palette offers now (those legal for the person)."""
        return [(action, title) for action, title in _PALETTE.items()
                if self.check_action(action, ()) is True]

    def action_roll(self) -> None:
        """The leader rolls the die."""
        self.play(Roll())

    def action_choose(self, count: int) -> None:
        """After CHOICE, the leader picks how many tiles everyone draws."""
        self.play(Choose(count))

    def action_buy(self) -> None:
        """Buy the whole draw."""
        self.play(Buy())

    def action_discard(self) -> None:
        """Discard the whole draw."""
        self.play(Discard())

    def action_done(self) -> None:
        """Finish selling for this round."""
        self.play(Done())

    def action_skip(self) -> None:
        """Play the computers' moves at once, up to the next person's turn."""
        self.state.skip = True

    def action_drop(self) -> None:
        """Open the tile-limit dialog for the person over the limit."""
        from buyword.ui.drop import DropScreen

        seat = self.game.current
        if seat is None or self.game.phase is not Phase.DROP:
            return
        player = self.game.player(seat)
        dialog = DropScreen(player.name, player.hand, self.game.over_limit(seat),
                            self.game.rules.tiles, self.game.rules.tile_limit or 0)
        self.app.push_screen(dialog, self._dropped)

    def _dropped(self, letters: str | None) -> None:
        if letters is not None:
            self.play(Drop(letters))

    def action_hints(self) -> None:
        """Show the best words this hand can sell now (marks the game as hinted)."""
        seat = self.game.current
        if seat is None or not self.setup.hints:
            return
        self.state.hints_used = True
        player = self.game.player(seat)
        self._find_hints(player.hand, player.wilds)

    @work(thread=True, exclusive=True, group="hints", exit_on_error=False)
    def _find_hints(self, hand: str, wilds: int) -> None:
        """Ask the word finder off the UI thread (its index may still be building)."""
        from buyword.ui.hints import HintsScreen

        try:
            found = self.buyword.services.best_words(
                self.game.dictionary, hand, wilds, self.game.rules.min_word_length,
                theme=self.game.theme)
        except Exception as error:  # the hints are a help, never a crash
            self.app.call_from_thread(self.show_message, f"No hints: {error}", error=True)
            return
        self.app.call_from_thread(self.app.push_screen, HintsScreen(hand, wilds, found))


#: The phase in which each key action makes sense.
_PHASE_OF: dict[str, Phase] = {
    "roll": Phase.ROLL,
    "choose": Phase.CHOOSE,
    "buy": Phase.BUY,
    "discard": Phase.BUY,
    "done": Phase.SELL,
    "hints": Phase.SELL,
    "drop": Phase.DROP,
}


#: Table actions the command palette offers, with their titles.
_PALETTE: dict[str, str] = {
    "roll": "Roll the die",
    "buy": "Buy the draw",
    "discard": "Discard the draw",
    "done": "Done selling",
    "hints": "Hints: the best words now",
    "drop": "Drop tiles to the tile limit",
    "skip": "Skip ahead through the computers' moves",
}


def _tile_indices(hand: str, letters: str) -> frozenset[int]:
    """Which tiles of a sorted hand a set of letters takes (the first of each repeat)."""
    need = Counter(letters)
    marked = set()
    for i, letter in enumerate(hand):
        if need[letter] > 0:
            need[letter] -= 1
            marked.add(i)
    return frozenset(marked)
