"""The table screen: draws one `TableView` and sends keys and clicks to the table.

Every rule, turn, privacy decision and computer move belongs to the table the screen is given
(a `TableLink`, `buyword.table.source`): a runner of a game played here
(`buyword.table.runner.TableRunner`, around the `TableSession`), or one seat at a table hosted
elsewhere (`buyword.net.remote.SeatLink`), with the same interface. The screen is sent what
its holder may see as a `TableView` (`view`, redrawn whenever it is set) with the answer that
changed it, and reads nothing else of the game; it asks the person the view says is asked (the
hand-off, the challenge prompt, the drop dialog). Local, hosted, joined and lesson tables
differ only in what the view carries (`view.link`: the link to a host; `view.lesson`) and in
the host's powers (`host`). The screen keeps the turn's flow (the table's news, whom to ask,
the dialog open, whether the die is tumbling) and the keys (`check_action`). Its pieces are
widgets handed the view, each keeping its own state and posting messages up: the sell box
(`SellBox`: the word, its preview, F2's hints), the bid box, the coach's line, the message
line, the lesson panel, the host's seats panel and the log. What they show that is a decision
rather than a widget (who may hear the coach, what a rack shows, which keys a lesson answers)
is in `buyword.ui.status`, tested without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import var
from textual.widgets import Input, Static

from buyword.engine import (
    Buy,
    BuyWordError,
    Challenge,
    Choose,
    Discard,
    Done,
    Drop,
    Roll,
)
from buyword.store.setup import GameSetup
from buyword.table import (
    Answer,
    Awaiting,
    Played,
    Refused,
    TableView,
    Undone,
    Wait,
)
from buyword.table.views import COACHED_WAITS
from buyword.ui.screens.crossword import CROSSWORD_ACTIONS, BoardCursor, CrosswordTable
from buyword.ui.status import (
    LESSON_KEYS,
    draw_rack,
    empty_hand,
    hand_rack,
    lesson_refuses,
    no_hints_reason,
    prompt_template,
    round_lines,
    seed_line,
    theme_title,
    told,
    types_amount,
    variant_line,
)
from buyword.ui.tabletop import tabletop_of
from buyword.ui.text import literal, markup
from buyword.ui.widgets.bid_box import BidBox
from buyword.ui.widgets.board import Board
from buyword.ui.widgets.coach_note import CoachNote
from buyword.ui.widgets.die import DieFace
from buyword.ui.widgets.game_log import GameLog
from buyword.ui.widgets.keys_footer import KeysFooter
from buyword.ui.widgets.lesson_panel import LessonPanel
from buyword.ui.widgets.message_line import MessageLine
from buyword.ui.widgets.price_list import PriceList
from buyword.ui.widgets.rack import Rack
from buyword.ui.widgets.scoreboard import PlayerLine, Scoreboard
from buyword.ui.widgets.seats_panel import SeatsPanel
from buyword.ui.widgets.sell_box import SellBox
from buyword.ui.widgets.unseen import UnseenPanel, unseen_for

if TYPE_CHECKING:
    from textual.screen import ModalScreen

    from buyword.table.coach import CoachLine
    from buyword.table.session import TableSession
    from buyword.table.source import HostPowers, Said, TableLink, Update
    from buyword.table.views import LessonView
    from buyword.ui.tabletop import Tabletop


@dataclass
class ScreenState:
    """What the screen itself is doing between the session's decisions (not game state)."""

    busy: bool = False  # the die tumbles: no keys
    unseen: bool = False  # the unseen-tiles panel is shown in the price list's place
    #: Updates posted to the screen and not drawn yet: no computer's move is shown until
    #: they are (see `_may_show_move`).
    unshown: int = 0
    #: The table has been offered to be quit (it ended for this seat): offered once.
    offered_quit: bool = False


class TableScreen(CrosswordTable):
    """A game in progress, drawn from its table session (a crossword game's board from
    `CrosswordTable`)."""

    CSS_PATH = ["table.tcss", "../widgets/board.tcss", "learn.tcss"]
    AUTO_FOCUS = None
    #: What the screen's holder may see of the table now: setting it redraws the screen. None
    #: only until the screen is built (init=False: no watcher ever sees it).
    view: var[TableView] = var(None, always_update=True, init=False)  # type: ignore[arg-type]
    #: Whether this game's results have been shown (a game ends once; no undo after it).
    _results_shown = False
    #: Whether the widgets are there to draw the view on (from `on_mount`).
    _composed = False

    BINDINGS = [
        Binding("r", "roll", "Roll"),
        Binding("2", "choose(2)", "Draw 2"),
        Binding("3", "choose(3)", "Draw 3"),
        Binding("4", "choose(4)", "Draw 4"),
        Binding("5", "choose(5)", "Draw 5"),
        Binding("b", "buy", "Buy"),
        Binding("d", "discard", "Discard"),
        Binding("escape", "done", "Done selling"),
        Binding("ctrl+l", "leave_puzzle", "Leave puzzle", priority=True),
        Binding("escape", "leave_puzzle_by_esc", "Leave puzzle", show=False),
        Binding("f2", "hints", "Hints"),
        # F1 at a table with variants: their rules (else the app's F1, How to play).
        Binding("f1", "variant_rules", "Help", show=False),
        Binding("space", "skip", "Skip ahead"),
        Binding("x", "drop", "Drop tiles"),
        # Table variants. Priority, so they work while the bid box has focus (it takes only
        # digits, signs and spaces); check_action lets them through only when legal.
        Binding("a", "auction", "Auction"),
        Binding("p", "pass", "Pass", priority=True),
        Binding("m", "match", "Match", priority=True),
        Binding("y", "accept", "Accept", priority=True),
        Binding("n", "decline", "Decline", priority=True),
        # F2 when hints cannot be shown: say why rather than nothing (never in the footer).
        Binding("f2", "no_hints", "Hints", show=False),
        # Priority, so it works while the word box has focus (it has no undo of its own).
        Binding("ctrl+z", "undo", "Undo", priority=True),
        # U types into the word box while selling; F3 works everywhere, so the footer shows it.
        Binding("f3", "unseen", "Unseen"),
        Binding("u", "unseen", "Unseen", show=False),
        # The host's commands, on the host's own screen only (`check_action`); elsewhere F6
        # asks the coach for Master's choice now: in the footer when the coach is on; without
        # it, F6 still asks (and turns the coach on), but the footer does not say so.
        Binding("f6", "codes", "Join codes"),
        Binding("f6", "coach", "Master?"),
        Binding("f6", "coach_quietly", "Master?", show=False),
        Binding("f7", "hand_over", "Seat to computer"),
    ]

    #: The host's powers, on the host's own screen at a table it serves (None elsewhere).
    host: HostPowers | None = None

    def __init__(self, table: TableLink, setup: GameSetup | None = None,
                 host: HostPowers | None = None) -> None:
        """A table drawn from `table` (a runner, or a seat at a hosted table that has had its
        first view: see `buyword.table.source`), a game set up as `setup` (the results
        record it; by default its seats alone). `host`: the host's powers, on the host's own
        screen at the table its server serves."""
        super().__init__()
        self.table = table
        view = table.table_view()
        self.setup = setup if setup is not None else GameSetup(seats=view.seats)
        self.host = host
        self.state = ScreenState()
        self.board_cursor = BoardCursor()
        #: Why a lesson refused the last drop (said in the reopened tile-limit dialog).
        self.drop_refused = ""
        #: The dialog asking a person now (challenge or drop), and what it asks about (see
        #: `_asking`): it closes by itself once the table no longer asks that.
        self._dialog: ModalScreen[Any] | None = None
        self._asked: tuple[str, int] | None = None
        self.set_reactive(TableScreen.view, view)  # drawn once composed

    def watch_view(self) -> None:
        """A new view: redraw the screen from it (once its widgets are there)."""
        if self._composed:
            self.draw()

    @property
    def buyword(self) -> Tabletop:
        """The app, as the screens see it (see `Tabletop`)."""
        return tabletop_of(self.app)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """Die and players on the left; the turn, the hand and the log on the right."""
        tiles = self.view.rules.tiles
        with Horizontal(id="table"):
            with Vertical(id="side"):
                with Horizontal(id="die-box"):
                    yield DieFace(id="die")
                    yield Static(id="round-info")
                yield Scoreboard(id="players")
                if self.view.lesson is not None:  # Learn to play: in the price list's place
                    yield LessonPanel(id="lesson")
                yield PriceList(id="prices")
                yield UnseenPanel(id="unseen")
                if self.host is not None:  # the host's screen: who plays each seat
                    yield SeatsPanel(self.host, id="connected")
            with Vertical(id="play"):
                yield Static(id="prompt")
                yield MessageLine(id="message")
                yield CoachNote(id="coach")
                yield Rack(tiles, id="drawn")
                yield Rack(tiles, id="hand")
                yield SellBox(self.table, self, self.board_cursor, id="sell-box")
                yield Static(id="variant")
                yield BidBox(self, id="bid-box")
                yield Board(tiles, id="board")
                yield GameLog(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        """Title the boxes, then connect to the table: it says how it stands."""
        self.query_one("#players").border_title = "Players"
        self.query_one("#prices").border_title = "Price list"
        self.query_one("#log").border_title = "Game log"
        self.set_class(self.view.lesson is not None, "-lesson")
        self._composed = True
        # The host's seats panel, in the price list's place (see table.tcss).
        self.set_class(self.host is not None, "-host")
        # The table sends how it stands, then (a runner) plays the computers in a worker of
        # this screen's, each move when it may be shown.
        def told(said: CoachLine | Said) -> None:  # in line with the updates (see CoachNote)
            self.post_message(CoachNote.Told(said))

        self.table.subscribe(self._update_posted, told)
        self.table.start(
            spawn=lambda job: self.run_worker(job, group="computer", exit_on_error=False),
            may_play=self._may_show_move)
        self.call_after_refresh(self._measure_again)

    def _measure_again(self) -> None:
        """Measure the boxes' text again once the first layout is done: what was drawn while
        it ran (a joined seat's link tells how the table stands at once) kept the sizes it had
        measured before (Textual's cache), a wrapped prompt cut to its first line."""
        for box in self.query(Static):
            box.refresh(layout=True)

    def on_unmount(self) -> None:
        """The table closes: a runner stops (the coach stops weighing); a hosted seat's link
        stops telling this screen."""
        self.table.close()

    @property
    def session(self) -> TableSession:
        """The session of a table played on this computer (the app's and the tests')."""
        session = self.table.session
        assert session is not None, "a table played on this computer"
        return session

    # ------------------------------------------------------------------ the one way in

    def play(self, action: Answer | str, seat: int | None = None) -> bool:
        """Send a person's answer to the table (for the seat asked, by default). A refusal
        becomes the on-screen message. Whether the table took it."""
        return isinstance(self.answer(action, seat), Played)

    def answer(self, action: Answer | str, seat: int | None = None) -> Played | Refused | None:
        """As `play`: what the table said (None: nobody could answer now). The update that
        follows an accepted answer redraws the table (at a hosted one: the host's reply)."""
        if self not in self.app.screen_stack:
            return None  # a key that arrived as the table closed (fast typing): ignore it
        if seat is None:  # the seat asked; at a hosted table, always this screen's own
            link = self.view.link
            seat = self.view.awaiting.seat if link is None else link.seat
            if seat is None:
                return None
        result = self.table.submit(seat, action)
        if not isinstance(result, Played):
            self.show_message(str(result), error=True)
            return result
        # (its update, posted, tells what it did)
        self.query_one(MessageLine).clear_refusal(self.view)
        return result

    # ------------------------------------------------------------------ turn flow

    @dataclass
    class TableChanged(Message):
        """The table's news (see `_update_came`): a runner's worker and a hosted seat's link
        tell it from their own tasks, so the screen draws it from its own."""

        update: Update

    def on_coach_note_told(self, message: CoachNote.Told) -> None:
        """The coach has said something (after the updates told before it are drawn)."""
        self.query_one(CoachNote).hear(message.said)

    def _update_posted(self, update: Update) -> None:
        self.state.unshown += 1
        self.post_message(self.TableChanged(update))

    def on_table_screen_table_changed(self, message: TableScreen.TableChanged) -> None:
        """Draw the table's news; once all of it is drawn, the computers may go on."""
        self.state.unshown -= 1
        self._update_came(message.update)
        if not self.state.unshown and self.is_attached and self.view.awaiting.computer:
            self.table.wake()  # (a computer's move may have waited for these)

    def _update_came(self, update: Update) -> None:
        """The table's news: the table as this screen may show it now, and the answer (or
        undo, or a host's refusal) that changed it. Sales and challenges are told, the die
        tumbles, a dialog the table no longer asks for closes, and the person asked is asked
        (see `_ask`); a seat whose table has ended is offered to quit."""
        view = update.view
        if view is None or not self.is_attached:
            return
        played, undone, before = update.played, update.undone, self.view
        if played is not None:
            self.query_one(MessageLine).clear_refusal(self.view)
        if undone is not None:
            self.query_one(GameLog).rewrite()  # the log lost its last lines: write it anew
        self.set_reactive(TableScreen.view, view)  # the messages speak of the table now
        if update.refused is not None:
            self.show_message(str(update.refused), error=True)
        if undone is not None:
            self.query_one(SellBox).clear()
            self.query_one(CoachNote).unsay(undone)
            self.show_message(f"↶ Undone: {undone}")
        else:  # a sale, a verdict, a new theme (buyword.ui.status.told)
            for said in told(before, view):
                self.show_message(said.text, error=said.error, whole_round=said.whole_round)
        if self._dialog is not None and self._asking(view) != self._asked:
            self._close_dialog()  # the table moved on (someone else challenged first ...)
        link = view.link
        if link is not None and link.ended is not None and view.outcome is None:
            self._offer_to_quit(link.ended)
        if played is not None and isinstance(played.action, Roll):
            self.state.busy = True
            # Tumble first, so the round box says "Rolling…" rather than the draw to come.
            self.query_one(DieFace).roll_to(view.seat.die or 0, self.buyword.animations_on)
            self.view = view
            return  # the person asked is asked once the die has settled
        self.view = view
        self._ask(view)

    def _asking(self, view: TableView) -> tuple[str, int] | None:
        """What the people at this screen are asked now (the kind of input, and how far the
        log has got), or None when they are not (`TableView.asked_here`)."""
        return (str(view.awaiting.wait), len(view.log)) if view.asked_here else None

    def _ask(self, view: TableView) -> None:
        """Ask the person the table waits for, as `view` says: the hand-off screen, the
        challenge prompt, or the word box, the bid box or the drop dialog; the results once
        the game is over."""
        awaiting = view.awaiting
        if awaiting.wait is Wait.OVER:
            self._show_results()
            return
        if self._asking(view) is None or self._dialog is not None:
            return
        if view.handing_to is not None:
            from buyword.ui.dialogs.handoff import HandOffScreen

            seat = view.handing_to
            self.app.push_screen(HandOffScreen(view.names[seat]),
                                 lambda _: self.table.take_screen(seat))
            return
        if awaiting.wait is Wait.CHALLENGE:
            self._offer_challenge(view)
            return
        self._focus_for(awaiting.wait)

    def _focus_for(self, wait: Wait) -> None:
        """The person asked holds the screen: focus what they need for `wait`."""
        if wait is Wait.SELL:
            self.query_one("#word", Input).focus()
        elif types_amount(self.view, acting=self._person_to_act()):
            self.query_one("#amount", Input).focus()
        else:
            self.set_focus(None)
        if wait is Wait.DROP:
            self.action_drop()

    def _show_results(self) -> None:
        """The results, once (a die still tumbling when the game ended settles later and
        asks again): a table played here shows its session's (the app records the game), a
        seat at a hosted table the view's (the host keeps the game)."""
        if self._results_shown:
            return
        self._results_shown = True
        view, session = self.view, self.table.session
        if session is not None:
            self.buyword.show_results(session, self.setup)
            return
        from buyword.ui.screens.results import JoinedResultsScreen

        if view.results is None or view.viewer is None:
            return  # a view of form 2 always brings them, for its seat
        setup = GameSetup(seats=view.seats, seed=view.seed)
        self.app.push_screen(JoinedResultsScreen(view.results, setup, view.viewer))

    def _offer_to_quit(self, why: str) -> None:
        """The table cannot be played from here any more (`why`, in the host's words): say
        so, and offer to quit, once (a "no" leaves the table on screen as it last stood)."""
        from buyword.ui.dialogs.confirm import ConfirmScreen

        if self.state.offered_quit:
            return
        self.state.offered_quit = True
        self._close_dialog()
        why = why or "the table has closed"
        detail = literal(f"{why[0].upper()}{why[1:]}.")  # the host's words: text, not markup
        question = ConfirmScreen("You are no longer at this table. Quit?", detail)
        self.app.push_screen(question, lambda yes: self.app.exit() if yes else None)

    def _may_show_move(self) -> bool:
        """Whether a computer's move may be shown now: not before the moves already told are
        drawn, nor while the die tumbles (the table goes on once it settles), nor while the
        window is too small to show anything (it goes on once the window has room)."""
        from buyword.ui.dialogs.too_small import TooSmallScreen

        if not self.is_attached or self.state.busy or self.state.unshown:
            return False
        if isinstance(self.app.screen, TooSmallScreen):  # nobody can see it: wait for room
            self.set_timer(0.5, self.table.wake)
            return False
        return True

    def on_die_face_settled(self, message: DieFace.Settled) -> None:
        """The roll is shown: ask whoever is asked, and let the computers go on."""
        self.state.busy = False
        self.view = self.view
        self._ask(self.view)
        self.table.wake()

    def on_key(self, event: events.Key) -> None:
        """Any key skips the die's tumble; in a draft, a letter picks that tile. In a lesson,
        a table key that does nothing now, or a key that is no action at all (Q, 7), is
        answered with what the lesson waits for (a key that does something goes through the
        lesson, which says the same)."""
        lesson = self.view.lesson
        if lesson is not None and self._lesson_refuses(lesson, event):
            event.stop()
            self.show_message(lesson.not_yet, error=True)
            return
        die = self.query_one(DieFace)
        if die.tumbling:
            event.stop()
            die.settle()
            return
        if event.key == "ctrl+z" and not self.check_action("undo", ()):
            event.stop()  # nothing to take back now: say why rather than nothing
            self.show_message(self._undo_refusal(), error=True)
            return
        if event.key == "b" and self._buy_refused():
            event.stop()  # the footer does not offer a buy now: say why rather than nothing
            self.show_message(str(self.view.refusal(str(Buy()))), error=True)
            return
        char = event.character or ""
        if (len(char) == 1 and char.isascii() and char.isalpha() and self._person_to_act()
                and self.view.awaiting.wait is Wait.DRAFT):
            event.stop()
            self.play(f"pick {char.upper()}")

    def _buy_refused(self) -> bool:
        """Whether the person to act is asked to buy a draw they may not buy (they cannot
        afford it), with no box taking the key as typing."""
        return (self._person_to_act() and self.view.awaiting.wait is Wait.BUY
                and self.check_action("buy", ()) is False
                and not isinstance(self.focused, Input))

    def _lesson_refuses(self, lesson: LessonView, event: events.Key) -> bool:
        """Whether `lesson` answers `event` with what it waits for (`status.lesson_refuses`)."""
        known = LESSON_KEYS.get(event.key)
        return lesson_refuses(
            lesson, event.key, event.character,
            acting=self._person_to_act() and self.view.awaiting.wait is not Wait.SELL,
            allowed=None if known is None else self.check_action(*known),
            bound=event.key in self.active_bindings)

    # ------------------------------------------------------------------ challenge mode

    def _offer_challenge(self, view: TableView) -> None:
        """Ask the people the table is asking (at a hosted table, this screen's seat alone):
        always the same prompt, word or not."""
        from buyword.ui.dialogs.challenge import ChallengeScreen

        awaiting = view.awaiting
        sale = awaiting.sale
        assert sale is not None
        seats = [(seat + 1, view.names[seat]) for seat in view.asked_here]
        penalty = view.rules.challenge_penalty
        dialog = ChallengeScreen(str(sale), seats, penalty, opaque=view.hand_off)
        self.push_dialog(dialog, lambda seat: self._challenged(awaiting, seat))

    def _challenged(self, awaiting: Awaiting, number: int | None) -> None:
        if number is not None:
            if not self.play(Challenge(number), number - 1):
                self._ask(self.view)  # refused (the reason is shown): ask again
            return
        self.table.let_stand(awaiting.seats)  # Enter: everyone asked lets it stand

    # ------------------------------------------------------------------ showing the game

    def draw(self) -> None:
        """Set every widget from the view, as the seat holding the screen may see it."""
        awaiting = self.view.awaiting
        self.query_one(MessageLine).show(self.view)
        self._show_side()
        self.query_one("#prompt", Static).update(self._prompt(awaiting))
        self._show_racks()
        self._show_variant()
        self.query_one(SellBox).show(
            self.view, selling=awaiting.wait is Wait.SELL and self._person_to_act())
        self.show_board(awaiting)
        self.query_one(GameLog).read_by(self.view)
        self._show_unseen()
        self.query_one(CoachNote).show(self.view)
        lesson = self.view.lesson
        if lesson is not None:
            for panel in self.query(LessonPanel):  # (composed for a lesson's first view)
                panel.show(lesson)
        self.refresh_bindings()

    def _show_racks(self) -> None:
        """The hand, and the tiles above it, as the holder may see them (`status.hand_rack`,
        `status.draw_rack`)."""
        view = self.view
        hand, shown = self.query_one("#hand", Rack), hand_rack(view)
        hand.face_down, hand.tiles, hand.wilds = shown.face_down, shown.tiles, shown.wilds
        hand.empty_text = empty_hand(view)
        hand.border_title, hand.border_subtitle = literal(shown.title), shown.subtitle
        if view.awaiting.wait is not Wait.SELL:  # no sale awaited: nothing marked on it
            hand.marked, hand.wild_letter = frozenset(), None
        drawn, on_table = self.query_one("#drawn", Rack), draw_rack(view)
        drawn.display = on_table is not None
        if on_table is not None:
            drawn.tiles, drawn.face_down = on_table.tiles, on_table.face_down
            drawn.border_title = literal(on_table.title)
            drawn.border_subtitle = on_table.subtitle

    def _show_variant(self) -> None:
        """The variant on the table: the auction's bidders and high bid, or the draws being
        traded and the offer; and the bid box when the person to act types a bid or offer."""
        info = self.query_one("#variant", Static)
        line = variant_line(self.view)
        text = None if line is None else literal(line)
        info.display = text is not None
        if text is not None:
            info.update(text)
        self.query_one(BidBox).show(
            self.view, typing=types_amount(self.view, acting=self._person_to_act()))

    def _show_side(self) -> None:
        view = self.view
        game = view.seat
        die = self.query_one(DieFace)
        if not die.tumbling:
            die.face = game.die
        final, _, bag, draw = round_lines(view, tumbling=die.tumbling)
        theme = "\nTheme [b]$theme[/b]" if game.theme else ""
        info = markup(f"[b]{final}[/b]\nLeader [b]$leader[/b]\n{bag}\n{draw}{theme}",
                      leader=game.names[game.leader], theme=theme_title(self.view))
        self.query_one("#round-info", Static).update(info)
        self.query_one("#round-info").set_class(game.final_round, "-final")
        thinking = self._thinking()
        self.query_one(Scoreboard).lines = tuple(
            PlayerLine(
                p.name, p.money, p.wilds, p.tiles,
                current=p.seat == game.current, leader=p.seat == game.leader,
                level=view.level_shown(p.seat), thinking=p.seat == thinking,
            )
            for p in view.players
        )
        self.query_one(Scoreboard).caption = seed_line(self.view)

    def _thinking(self) -> int | None:
        """The computer thinking now (its worker runs or its move waits to be shown), if any."""
        awaiting = self.view.awaiting
        if not awaiting.computer or self.query_one(DieFace).tumbling:
            return None
        return awaiting.seat

    def _show_unseen(self) -> None:
        """The unseen tiles of the person holding the screen, in the price list's place."""
        shown = self.state.unseen
        # A class, not inline styles: the compact layout's own rules (no price list below
        # 80x24) must still apply when the panel is hidden again.
        self.set_class(shown, "-unseen")
        if shown:
            self.query_one(UnseenPanel).show(unseen_for(self.view))

    def _prompt(self, awaiting: Awaiting) -> Content:
        """One sentence: whose turn it is and what they can do, or at a hosted table the
        link's state (`buyword.ui.status.prompt_template`; names and words as text)."""
        view, seat = self.view, awaiting.seat
        ended = None if view.link is None else view.link.ended
        return markup(prompt_template(view), name="" if seat is None else view.names[seat],
                      word="" if awaiting.sale is None else awaiting.sale.word.upper(),
                      why=ended or "", waiting=view.waiting_for)

    def show_message(self, text: str, *, error: bool = False, whole_round: bool = False) -> None:
        """The line under the prompt: a refusal (marked) or a confirmation, for as long as
        the table waits for the same kind of input in the same round (`whole_round`: all
        round; see `MessageLine`)."""
        self.query_one(MessageLine).say(text, self.view, error=error, whole_round=whole_round)

    def on_message_line_say(self, message: MessageLine.Say) -> None:
        """A widget of the table's words for the message line."""
        self.show_message(message.text, error=message.error)

    def _person_to_act(self) -> bool:
        """Whether a person is to act now and holds the screen (at a hosted table: this
        seat, with the link free to send)."""
        view = self.view
        seat = view.awaiting.seat
        return (
            seat in view.asked_here  # (the first asked)
            and view.awaiting.wait is not Wait.CHALLENGE
            and not self.state.busy
            and (not view.hand_off or view.viewer == seat)
        )

    # ------------------------------------------------------------------ selling

    def on_sell_box_shown(self, message: SellBox.Shown) -> None:
        """What selling the word typed would do, beyond the sell box: the tiles it takes,
        marked on the hand (and a crossword game's ghost tiles on the board)."""
        hand = self.query_one("#hand", Rack)
        hand.marked = message.preview.marked
        hand.wild_letter = message.preview.wild
        if self.crossword:
            self.show_placement(message.typed, message.preview)

    # ------------------------------------------------------------------ key actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only what the person to act can do now (not buy when unaffordable)."""
        view = self.view
        awaiting = view.awaiting
        if action == "skip":
            return awaiting.computer and view.link is None  # a host paces its own computers
        if action in ("codes", "hand_over"):
            return self.host is not None
        if action == "variant_rules":
            return bool(view.rules.played())
        if action == "no_hints":
            return self.check_action("hints", ()) is not True
        if action == "coach":
            return (self._coaching() and self._person_to_act()
                    and awaiting.wait in COACHED_WAITS)
        if action == "coach_quietly":
            return self.check_action("coach", ()) is not True
        if action == "leave_puzzle":  # Ctrl+L, at every puzzle
            return view.lesson is not None and view.lesson.posed
        if action == "leave_puzzle_by_esc":  # where Esc does not end a sale (a sale answers)
            return (self.check_action("leave_puzzle", ()) is True
                    and self.check_action("done", ()) is not True)
        if action == "undo":
            return not self.state.busy and view.why_not_undo is None
        if action in CROSSWORD_ACTIONS:
            return self.crossword_allows(action)
        if action in _VARIANT_ACTIONS:
            return self._person_to_act() and view.refusal(action) is None
        if action not in _WAIT_OF:
            return True
        if not self._person_to_act() or awaiting.wait is not _WAIT_OF[action]:
            return False
        if action == "choose":
            return view.refusal(str(Choose(int(str(parameters[0]))))) is None
        if action == "buy":  # not offered for a draw the person cannot afford (B says why)
            return view.refusal(str(Buy())) is None
        if action == "hints":
            return view.hints
        return True

    def palette_actions(self) -> list[tuple[str, str]]:
        """The table actions the command palette offers now (those legal for the person).
        Master's choice is offered for a decision with the coach off too, as F6 asks it then
        (and turns the coach on): the host's only way, whose F6 shows the join codes."""
        actions = []
        for action, title in _PALETTE.items():
            if self.check_action(action, ()) is True:
                actions.append((action, title))
            elif (action == "coach" and self._person_to_act()
                  and self.view.awaiting.wait in COACHED_WAITS):
                actions.append(("coach_quietly", title))  # as F6 with the coach off
        return actions

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

    def action_auction(self) -> None:
        """Put the draw up for auction (auction variant)."""
        self.play("auction")

    def action_pass(self) -> None:
        """No bid, let the tiles go to the high bidder, or make no trade offer."""
        self.play("pass")

    def action_match(self) -> None:
        """The seller matches the high bid and keeps the tiles."""
        self.play("match")

    def action_accept(self) -> None:
        """Accept the trade offered."""
        self.play("accept")

    def action_decline(self) -> None:
        """Decline the trade offered."""
        self.play("decline")

    def action_done(self) -> None:
        """Finish selling for this round; with a word in the box, Esc clears the word first
        (a second Esc ends the turn), so a half-typed word never ends it by surprise."""
        word = self.query_one("#word", Input)
        if word.value:
            word.value = ""
            self.show_message("Word cleared. Press Esc again when you are done selling.")
            return
        self.play(Done())

    def action_leave_puzzle(self) -> None:
        """Ctrl+L at any puzzle: leave it unanswered, for the puzzles' menu; nothing is
        rated."""
        self.dismiss()

    def action_leave_puzzle_by_esc(self) -> None:
        """Esc at a puzzle, except at a sale (where Esc ends the sale, and so answers): the
        same as Ctrl+L."""
        self.dismiss()

    def action_variant_rules(self) -> None:
        """F1 at a table with variants: the rules of those played (the app's F1 otherwise)."""
        from buyword.ui.dialogs.variant_rules import VariantRulesScreen

        self.app.push_screen(VariantRulesScreen(*self.view.rules.played()))

    def action_skip(self) -> None:
        """Play the computers' moves at once, up to the next person's turn."""
        self.table.skip_ahead()

    def action_drop(self) -> None:
        """Open the tile-limit dialog for the person over the limit."""
        from buyword.ui.dialogs.drop import DropScreen

        view = self.view
        awaiting = view.awaiting
        if awaiting.wait is not Wait.DROP or awaiting.computer or not self._person_to_act():
            return
        seat = awaiting.seat
        assert seat is not None
        player = view.players[seat]
        if player.hand is None:
            return  # not this screen's hand to choose from
        dialog = DropScreen(player.name, player.hand, view.over_limit(seat), view.rules.tiles,
                            view.rules.tile_limit or 0, addressed=seat in view.addressed,
                            puzzle=self.check_action("leave_puzzle", ()) is True)
        self.push_dialog(dialog, self._dropped)

    def push_dialog(self, dialog: ModalScreen[Any], done: Any) -> None:
        """Open a dialog asking the person to act (one at a time); `done` is given their
        answer. It closes by itself, unanswered, if the table moves on (`_update_came`). In
        a lesson the tile-limit dialog carries the lesson's text (it would cover the panel),
        or why the lesson refused the last drop."""
        from buyword.ui.dialogs.drop import DropScreen

        if self._dialog is not None:
            return
        lesson = self.view.lesson
        if isinstance(dialog, DropScreen) and lesson is not None and lesson.todo is not None:
            dialog.note = f"✗ {self.drop_refused}" if self.drop_refused else lesson.text
        self._dialog, self._asked = dialog, self._asking(self.view)

        def answered(value: Any) -> None:
            if self._dialog is not dialog:
                return  # closed because the table moved on: not an answer
            self._dialog = self._asked = None
            done(value)

        self.app.push_screen(dialog, answered)

    def _close_dialog(self) -> None:
        """Close the dialog asking a person, unanswered (the table no longer asks it)."""
        dialog, self._dialog, self._asked = self._dialog, None, None
        if dialog is not None and dialog.is_attached and self.app.screen is dialog:
            dialog.dismiss(None)

    def _dropped(self, letters: str | None) -> None:
        from buyword.ui.dialogs.drop import LEAVE

        self.drop_refused = ""
        if letters is None:
            return
        if letters == LEAVE:  # Ctrl+L (or Esc) at a drop puzzle, in its dialog
            self.action_leave_puzzle()
            return
        result = self.answer(Drop(letters))
        if (isinstance(result, Refused) and self.view.lesson is not None
                and self.view.awaiting.wait is Wait.DROP):
            # The lesson refused it (its reason is on the message line): ask again, with it.
            self.drop_refused = str(result)
            self.action_drop()

    def action_undo(self) -> None:
        """Take back the last move of the person at the screen (docs/rules.md, "Undo")."""
        if self not in self.app.screen_stack:
            return  # a key that arrived as the table closed (fast typing): ignore it
        result = self.table.undo(self.view.undo_seat)
        if not isinstance(result, Undone):
            self.show_message(str(result), error=True)
        # Taken back: the runner's update has redrawn the table and said so.

    def _undo_refusal(self) -> str:
        """Why Ctrl+Z takes nothing back now, in a player's words."""
        return self.view.why_not_undo or "Nothing to undo while the table is moving"

    def action_unseen(self) -> None:
        """Show or hide the unseen tiles (in the price list's place)."""
        self.state.unseen = not self.state.unseen
        self._show_unseen()

    def action_hints(self) -> None:
        """F2: the best words this hand can sell now (see `SellBox.hint`)."""
        self.query_one(SellBox).hint()

    # ------------------------------------------------------------------ the coach

    def _coaching(self) -> bool:
        """Whether the coach is on at this table (see `buyword.table.coach`): as the view
        says, or as the table now is (F6 has just turned it on)."""
        return self.view.coaching or self.table.coaching

    def action_coach(self) -> None:
        """F6, "what would Master do?": Master's choice for this decision now (it marks the
        game as coached, and the coach goes on from here). A runner says it at once; a
        host's coach says it when it comes (or the host says why not)."""
        seat = self.view.awaiting.seat
        try:
            said = self.table.ask_coach(seat if self._person_to_act() else None)
        except BuyWordError as error:
            self.show_message(str(error), error=True)
            return
        if said is not None:
            self.query_one(CoachNote).hear(said)

    def action_coach_quietly(self) -> None:
        """F6 with the coach off, or when there is nothing to weigh: as F6 (it says why)."""
        self.action_coach()

    def action_no_hints(self) -> None:
        """F2 when no hints can be shown now: say why."""
        self.show_message(no_hints_reason(self.view, acting=self._person_to_act()))

    # ------------------------------------------------------------------ the host's screen

    def action_codes(self) -> None:
        """The host's F6: show the join codes again (see `SeatsPanel`)."""
        self.query_one(SeatsPanel).show_codes()

    def action_hand_over(self) -> None:
        """The host's F7: hand a gone player's seat to a computer (see `SeatsPanel`)."""
        self.query_one(SeatsPanel).hand_over()


#: The kind of input each key action answers.
_WAIT_OF: dict[str, Wait] = {
    "roll": Wait.ROLL,
    "choose": Wait.CHOOSE,
    "buy": Wait.BUY,
    "discard": Wait.BUY,
    "done": Wait.SELL,
    "hints": Wait.SELL,
    "drop": Wait.DROP,
}


#: The variants' key actions; the engine's `why_not` (their notation) decides when each is legal.
_VARIANT_ACTIONS = frozenset({"auction", "pass", "match", "accept", "decline"})


#: Table actions the command palette offers, with their titles.
_PALETTE: dict[str, str] = {
    "roll": "Roll the die",
    "buy": "Buy the draw",
    "discard": "Discard the draw",
    "done": "Done selling",
    "hints": "Hints: the best words now",
    "drop": "Drop tiles to the tile limit",
    "auction": "Put the draw up for auction",
    "pass": "Pass (no bid, no trade, or let the tiles go)",
    "match": "Match the high bid",
    "accept": "Accept the trade offer",
    "decline": "Decline the trade offer",
    "skip": "Skip ahead through the computers' moves",
    "undo": "Undo your last move",
    "unseen": "Show or hide the unseen tiles",
    "coach": "What would Master do? (the coach)",
    "leave_puzzle": "Leave the puzzle (unanswered)",
}
