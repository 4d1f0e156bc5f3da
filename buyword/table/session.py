"""The table session: one game at a table, between the rules and the screen (no Textual).

It owns the `Game`, the seats (people and computer levels), what each seat may see, the one
word finder of this game (its dictionary and tile set), the computer players and their seeds,
whose turn it is and what input it awaits, the challenge window, and the autosave hook. A
screen draws it and forwards input; a whole game runs on the session alone:

    session = TableSession.new(setup, lexicon, finder)
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        if awaiting.computer:
            session.step()                        # think (may run in a worker) and play
        else:
            session.act(awaiting.seat, "roll")    # a person's input: an Action or its text

`act` returns `Played` (the events) or `Refused` (the reason, in a player's words); nothing
changes on a refusal. `think` returns a computer's `Thought` without applying it, so a screen
can run it in a worker, pace it (`pause`) and then `play` it.

`undo` takes back a person's own last buy, discard, sale (strict mode) or drop while nothing
hidden or random has come to light since and no other seat has acted (docs/rules.md, "Undo");
`why_not_undo` says why not, in a player's words. The record then holds only what stands.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypedDict, Unpack

from buyword.bots import Bot, make_bot
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
    parse_action,
    price,
    spell,
)
from buyword.engine import events as ev
from buyword.engine.actions import Decline
from buyword.engine.actions import Pass as NoBid  # the variants' pass: no bid, trade or match
from buyword.engine.crossword import Placement, Square, Tile, WordFormed, last_placement
from buyword.engine.phase import VARIANT_PHASES
from buyword.engine.wording import address, conjugate, is_you, possessive, trouble, whom
from buyword.store.setup import GameSetup, Seat
from buyword.table.computers import seat_seed
from buyword.table.views import (
    KEYS,
    Awaiting,
    LogLine,
    ResultsView,
    TableView,
    Wait,
    draws_face_up,
    redact,
    results_view,
    seat_view,
)
from buyword.words.crossword import Board, Move

if TYPE_CHECKING:
    from buyword.bots.view import SeatView
    from buyword.engine.dictionary import Dictionary
    from buyword.engine.themes import Themes
    from buyword.store.saves import JsonObject
    from buyword.store.store import Loaded
    from buyword.words.finder import Candidate, WordFinder


@dataclass(frozen=True)
class Pass:
    """A seat lets the sale on the table stand (challenge mode): not an engine action."""

    def __str__(self) -> str:
        return "pass"


#: What a seat can answer: an engine action, or a pass in the challenge window.
Answer = Action | Pass


@dataclass(frozen=True)
class Played:
    """An accepted answer: who, what (as applied) and the game's events it caused."""

    seat: int
    action: Answer
    events: tuple[ev.Event, ...] = ()


@dataclass(frozen=True)
class Refused:
    """An answer the table did not accept, and why, in a player's words. Nothing changed."""

    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Undone:
    """A move taken back: whose, what, and where it stood in the game's record (`at`: the
    number of actions before it; the record no longer holds it)."""

    seat: int
    action: Action
    at: int

    def __str__(self) -> str:
        """The move in a player's words: "the sale of SEAT", "buying the draw"."""
        match self.action:
            case Sell(word=word):
                return f"the sale of {word.upper()}"
            case Buy():
                return "buying the draw"
            case Discard():
                return "discarding the draw"
            case Drop(letters=letters):
                return f"dropping {letters}"
        return f"'{self.action}'"


@dataclass(frozen=True)
class Marked:
    """A seat newly marked as shown hints (`mark` "hints") or coached ("coach"): saved at
    once, so that quitting before the next move does not drop the mark."""

    seat: int
    mark: str


@dataclass(frozen=True)
class Appraised:
    """The coach kept an appraisal of a decision `seat`'s person made: saved at once, so that
    the review of a game quit before its next move need not weigh that decision again."""

    seat: int


@dataclass(frozen=True)
class Thought:
    """A computer's turn, thought out and not yet played: what it chose (None if its bot
    failed) and how long it thought. (A decision weighed by Master or the coach is
    `buyword.bots.Decision`: the actions a person's choice takes.)"""

    seat: int
    action: Answer | None
    seconds: float
    error: str | None = None


@dataclass(frozen=True)
class SalePreview:
    """What selling a typed word would do: the hand tiles it takes (indices into the sorted
    hand), the wild's letter and the price, or the reason it cannot be sold. In challenge mode
    it never says whether the dictionary knows the word: that is for a challenge to find out."""

    marked: frozenset[int] = frozenset()
    wild: str | None = None
    notation: str = ""
    price: int = 0
    pips: int = 0
    reason: str | None = None
    #: The crossword variant: the placement read from the typed text, the tiles it would lay
    #: (square and tile, in reading order) and every word formed with its price, the placed
    #: word first; `price` is then their total and `pips` the placed word's.
    placement: Placement | None = None
    laid: tuple[tuple[Square, Tile], ...] = ()
    words: tuple[WordFormed, ...] = ()


@dataclass
class _Window:
    """The challenge window after a sale: the seats still to be asked, in order."""

    sale: ev.Sold
    pending: list[int] = field(default_factory=list)


#: Why a screen at a hosted table takes nothing back: the move has been applied, and the
#: other screens have shown it.
NO_UNDO_HOSTED = "At a hosted table a move stands once it is sent: there is no undo"

#: The autosave hook: called after every accepted answer that changed the game, after every
#: undo, when a seat is first marked as shown hints or coached, and when the coach keeps an
#: appraisal.
OnChange = Callable[["TableSession", "Played | Undone | Marked | Appraised"], None]

#: The moves a person may take back, with the event each one logs first (it names the seat).
_UNDOABLE: dict[type[Action], type[ev.Bought | ev.Discarded | ev.Sold | ev.Dropped]] = {
    Buy: ev.Bought, Discard: ev.Discarded, Sell: ev.Sold, Drop: ev.Dropped}

#: Why the other moves are never taken back: each shows something new to the table.
_REVEALS: dict[type, str] = {
    Roll: "the die has been rolled since",
    Choose: "the tiles have been drawn since",
    Challenge: "a challenge has been decided since",
}


class TableOptions(TypedDict, total=False):
    """A table's options beyond its setup's (see `TableSession`): what a resumed game had
    marked, the coach's appraisals, the autosave hook, the computers' pace and a themed
    game's finders."""

    hints_used: bool
    coach_used: bool
    appraisals: Sequence[JsonObject]
    on_change: OnChange | None
    step_delay: float
    theme_finders: Callable[[str], WordFinder] | None


class TableSession:
    """One game at a table. Create it with `TableSession.new` (or around a resumed game)."""

    def __init__(self, game: Game, seats: Sequence[Seat], finder: WordFinder, *,
                 private_hands: bool = True, hints: bool = False, hints_used: bool = False,
                 coach: bool = False, coach_used: bool = False,
                 appraisals: Sequence[JsonObject] = (),
                 on_change: OnChange | None = None, step_delay: float = 0.0,
                 theme_finders: Callable[[str], WordFinder] | None = None) -> None:
        """A table for `game`, one `Seat` per player; computers decide with `finder`'s words.

        A themed game (`game.rules.themes`) searches `theme_finders(game.theme)` for the
        round's words (a `buyword.words.themes.ThemeFinders` over the game's dictionary and
        tile set): computers' sales, their challenges, and hints.

        `private_hands`: each seat sees only its own hand and draw. `hints`: people may ask
        for hints (`hints_used` says whether they already did). `coach`: the coach weighs
        people's decisions (`buyword.table.coach`; `coach_used`: it already did, and
        `appraisals` are those it kept). `on_change`: the autosave hook. `step_delay`: how
        long a computer's step stays on screen (see `pause`).
        """
        if len(seats) != game.seats:
            raise BuyWordError(f"the game has {game.seats} players but {len(seats)} seats")
        self.game = game
        #: How the game starts again when a move is taken back (None: `Game.new` with its
        #: set-up; a posed game, a puzzle's, gives the posing again: `Game.posed`).
        self.start: Callable[[], Game] | None = None
        self.seats = tuple(seats)
        self.finder = finder
        self.theme_finders = theme_finders
        self.private_hands = private_hands
        self.hints_allowed = hints
        self.hints_used = hints_used
        #: The seats whose person asked for hints in this sitting (a hosted table's screens
        #: search their own hands and report each F2 through `note_hint`).
        self.hinted: set[int] = set()
        #: Whether the coach weighs people's decisions (the setting, or F6 asked for it).
        self.coaching = coach
        #: Whether the game is marked as coached (the coach weighed a decision, or F6).
        self.coach_used = coach_used
        #: The seats whose person the coach weighed in this sitting (see `note_coach`).
        self.coached: set[int] = set()
        #: The appraisals the coach made of people's decisions, JSON-ready, kept in the save
        #: so that the end-of-game review uses them again (`buyword.table.coach`).
        self.appraisals: list[JsonObject] = list(appraisals)
        #: The seats whose person has left a hosted table and not come back (yet).
        self.away: frozenset[int] = frozenset()
        self.on_change = on_change
        self.step_delay = step_delay
        #: Set to play the computers' moves at once, up to the next person's turn.
        self.skipping = False
        self.bots: dict[int, Bot] = {
            seat: make_bot(s.level, finder, seat_seed(game.seed, seat), theme_finders)
            for seat, s in enumerate(self.seats) if s.level is not None
        }
        self._window: _Window | None = None
        self._logs: dict[frozenset[int], list[ev.Event]] = {}
        self._results_view: tuple[int, ResultsView] | None = None
        self._logs_lock = threading.Lock()  # a computer's view is built in a worker thread
        if game.last_sale is not None and game.phase is Phase.SELL:
            self._open_window(game.last_sale)  # resumed in the window: ask everyone again

    @classmethod
    def new(cls, setup: GameSetup, lexicon: Dictionary, finder: WordFinder,
            themes: Themes | None = None, **options: Unpack[TableOptions]) -> TableSession:
        """A new game as `setup` describes it, played with `lexicon` (its dictionary) and
        `finder` (built for that dictionary and the setup's tile set); a themed setup needs
        `themes` (the theme lists) and the option `theme_finders`."""
        game = Game.new([seat.name for seat in setup.seats], dictionary=lexicon,
                        seed=setup.seed, rules=setup.rules(), bag=setup.bag, themes=themes)
        return cls.of(game, setup, finder, **options)

    @classmethod
    def of(cls, game: Game, setup: GameSetup, finder: WordFinder,
           **options: Unpack[TableOptions]) -> TableSession:
        """A table for an existing (e.g. resumed) game with the seats and options of `setup`
        (the coach only where Master can weigh the game: an older save may ask for it with a
        variant)."""
        coach = setup.coach and not setup.coach_problem()
        return cls(game, setup.seats, finder, private_hands=setup.private_hands,
                   hints=setup.hints, coach=coach, **options)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.outcome() is not None

    @classmethod
    def resume(cls, loaded: Loaded, setup: GameSetup, finder: WordFinder,
               **options: Unpack[TableOptions]) -> TableSession:
        """The table of a save the store has replayed (`Store.resume`), with the seats and
        options of `setup`: whether hints were shown or the coach weighed, and the coach's
        appraisals, go on. BuyWordError, with the store's reason, if it did not replay."""
        saved, game = loaded.saved, loaded.game
        if saved is None or game is None:
            raise BuyWordError(loaded.message or "there is no saved game to resume")
        options.update({"hints_used": saved.hinted, "coach_used": saved.coached,
                        "appraisals": saved.appraisals})
        return cls.of(game, setup, finder, **options)

    # ------------------------------------------------------------------ who sees what

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(seat for seat, s in enumerate(self.seats) if s.human)

    @property
    def hand_off(self) -> bool:
        """Whether the one screen is handed between people, hiding hands in between."""
        return self.private_hands and len(self.people) >= 2

    def unseen(self, seat: int) -> str:
        """The tiles `seat` cannot see yet, as its computer player would count them."""
        return self.view(seat).unseen

    def addressed(self, seat: int | None, awaiting: Awaiting | None = None) -> bool:
        """Whether the table speaks to `seat` as "you": the one person at a solo (or
        people-and-computers) table, or the person holding the screen at a private table on
        their turn. At an open table of several people, messages name the seat instead.
        (`awaiting`: the table's `awaiting()`, when the caller has it.)"""
        if seat is None or not 0 <= seat < len(self.seats) or not self.seats[seat].human:
            return False
        if len(self.people) == 1:
            return True
        return self.hand_off and seat in (awaiting or self.awaiting()).seats

    def say_to(self, seat: int | None, text: str) -> str:
        """`text`, a message about `seat`, in the second person when the table addresses it
        ("Ann has $83" becomes "You have $83"); unchanged otherwise."""
        if not self.addressed(seat):
            return text
        assert seat is not None
        return address(text, self.game.names[seat])

    def visible_to(self, viewer: int | None) -> frozenset[int]:
        """The seats whose hands and draws `viewer` may see (None: someone watching the table).

        With private hands a seat sees only its own; a table of computers only is watched
        openly, since nobody there could use what they see.
        """
        everyone = frozenset(range(self.game.seats))
        if not self.private_hands or (viewer is None and not self.people):
            return everyone
        return frozenset() if viewer is None else frozenset((viewer,))

    def may_see(self, viewer: int | None, seat: int) -> bool:
        """Whether `viewer` may see `seat`'s hand and draw."""
        return seat in self.visible_to(viewer)

    def view(self, seat: int) -> SeatView:
        """What `seat` may know of the game now: the only thing a computer player is given."""
        visible = self.visible_to(seat)
        return seat_view(self.game, seat, visible, tuple(self._log_seen_by(visible)))

    def table_view(self, viewer: int | None, *, own_screen: bool = False) -> TableView:
        """Everything a screen held by `viewer` (None: by nobody, between people) may draw
        now. `own_screen`: the viewer has a screen of their own (a seat at a hosted table):
        the table speaks to it as "you", nothing is taken back, and the seed that deals the
        bag is shown only once the game is over."""
        game = self.game
        awaiting = self.awaiting()
        visible = self.visible_to(viewer)
        outcome = game.outcome()
        asked = (awaiting.seats[0] if len(awaiting.seats) == 1 and not awaiting.computer
                 and awaiting.wait not in (Wait.OVER, Wait.CHALLENGE) else None)
        sees_asked = asked is not None and (asked == viewer if own_screen else asked in visible)
        if own_screen:
            addressed = frozenset(() if viewer is None else (viewer,))
            undo_seat = 0 if viewer is None else viewer
            why_not_undo: str | None = NO_UNDO_HOSTED
        else:
            addressed = frozenset(seat for seat in range(game.seats)
                                  if self.addressed(seat, awaiting))
            undo_seat = self.undo_seat(viewer, awaiting)
            why_not_undo = self.why_not_undo(undo_seat, awaiting)
        hand_off = self.hand_off and not own_screen
        crossword = game.rules.crossword
        seen = seat_view(game, viewer, visible)
        unseen_of = viewer if viewer is not None or hand_off else awaiting.seat
        if viewer is None and unseen_of is not None:  # an open table, watched: the panel
            seen = replace(seen, unseen=self.view(unseen_of).unseen)  # follows the seat to act
        return TableView(
            seat=seen,
            seats=self.seats,
            awaiting=awaiting,
            waiting_for=self.waiting_for(awaiting),
            why_not={key: game.why_not(key) for key in KEYS} if sees_asked else {},
            addressed=addressed,
            log=tuple(LogLine(str(event), type(event).__name__)
                      for event in self._log_seen_by(visible)),
            hints=self.hints_allowed,
            hand_off=hand_off,
            unseen_of=unseen_of,
            undo_seat=undo_seat,
            why_not_undo=why_not_undo,
            seed=game.seed if outcome is not None or not own_screen else None,
            nobody_draws=game.nobody_draws,
            last_placed=last_placement(game.log, game.grid) if crossword else frozenset(),
            words_placed=sum(isinstance(e, ev.Sold) for e in game.log) if crossword else 0,
            outcome=outcome,
            coaching=self.coaching,
            results=None if outcome is None else self._results(),
        )

    def _results(self) -> ResultsView:
        # Built once for the game as it ended (every screen is sent it), not once a view.
        moves = len(self.game.actions)
        if self._results_view is None or self._results_view[0] != moves:
            self._results_view = (moves, results_view(self.game))
        return self._results_view[1]

    def undo_seat(self, viewer: int | None, awaiting: Awaiting | None = None) -> int:
        """Whose move Ctrl+Z takes back on a screen held by `viewer`: the viewer; at an open
        table of several people, the person who moved last (they all share the screen)."""
        mover = self.last_mover()
        if not self.hand_off and mover in self.people and len(self.people) > 1:
            return mover
        if viewer is not None:
            return viewer
        seat = (awaiting or self.awaiting()).seat
        return 0 if seat is None else seat

    def log_for(self, viewer: int | None) -> list[ev.Event]:
        """The game's log as `viewer` may read it (each event's `str` is its line): the
        letters going into hands it may not see are hidden tiles."""
        return self._log_seen_by(self.visible_to(viewer))

    def _log_seen_by(self, visible: frozenset[int]) -> list[ev.Event]:
        # Kept per viewer and extended as the log grows, so a computer's view is cheap.
        with self._logs_lock:
            seen = self._logs.setdefault(visible, [])
            log = self.game.log
            face_up = draws_face_up(self.game.rules)
            seen.extend(redact(event, visible, face_up) for event in log[len(seen):])
            return list(seen)

    # ------------------------------------------------------------------ whose turn

    def awaiting(self) -> Awaiting:
        """Who must act now, with what kind of input, and whether a computer plays them."""
        game = self.game
        if game.outcome() is not None:
            return Awaiting(Wait.OVER)
        window = self._window
        if window is not None:
            first = window.pending[0]
            if first in self.bots:
                return Awaiting(Wait.CHALLENGE, (first,), True, window.sale)
            run = []
            for seat in window.pending:
                if seat in self.bots:
                    break
                run.append(seat)
            return Awaiting(Wait.CHALLENGE, tuple(run), False, window.sale)
        current = game.current
        assert current is not None
        return Awaiting(Wait(str(game.phase)), (current,), current in self.bots)

    def waiting_for(self, awaiting: Awaiting | None = None) -> str:
        """What the table waits for, in words (used in refusals and prompts). (`awaiting`:
        the table's `awaiting()`, when the caller has it.)"""
        awaiting = awaiting or self.awaiting()
        names = self.game.names
        if awaiting.wait is Wait.OVER:
            return "the game is over"
        gone = [seat for seat in awaiting.seats if seat in self.away]
        if gone:
            name = names[gone[0]]
            return (f"{name} has left the table (waiting for {name} to come back, or for the "
                    "host to hand the seat to a computer)")
        left = "".join(f"; {names[seat]} has left the table" for seat in sorted(self.away))
        return self._waiting_words(awaiting) + left

    def _waiting_words(self, awaiting: Awaiting) -> str:
        names = self.game.names
        who = " or ".join(whom(names[seat]) for seat in awaiting.seats)
        if awaiting.wait is Wait.CHALLENGE:
            assert awaiting.sale is not None
            return f"{who} may challenge {awaiting.sale.word.upper()} or let it stand"
        you = len(awaiting.seats) == 1 and is_you(names[awaiting.seats[0]])
        their, them = ("your", "you") if you else ("their", "them")
        what = {
            Wait.ROLL: "roll the die",
            Wait.CHOOSE: "choose how many tiles everyone draws (2–5)",
            Wait.BUY: f"buy or discard {their} draw",
            Wait.DRAFT: "pick one of the face-up tiles",
            Wait.TRADE: f"offer a trade or pass, or answer the offer made to {them}",
            Wait.AUCTION: "bid, match or pass in the auction",
            Wait.SELL: "sell words or finish selling",
            Wait.DROP: "drop tiles down to the tile limit",
        }[awaiting.wait]
        return f"{who} {conjugate('be', you)} to {what}"

    # ------------------------------------------------------------------ the one way in

    def act(self, seat: int, answer: Answer | str) -> Played | Refused:
        """`seat` answers: an engine action (or its text), or a pass in the challenge window.

        Returns what happened, or why it was refused (and then nothing changed); a refusal
        speaks to the seat as "you" when the table addresses it (`addressed`).
        """
        result = self._act(seat, answer)
        if isinstance(result, Refused):
            return Refused(self.say_to(seat, result.message))
        return result

    def _act(self, seat: int, answer: Answer | str) -> Played | Refused:
        if isinstance(answer, str):
            text = answer.strip()
            # "pass" lets a sale stand in the challenge window; elsewhere it is the variants'
            # engine action (no bid, no trade, no match).
            if text == "pass" and self.game.phase not in VARIANT_PHASES:
                answer = Pass()
            else:
                try:
                    answer = parse_action(text)
                except BuyWordError as error:
                    return Refused(str(error))
        awaiting = self.awaiting()
        if awaiting.wait is Wait.OVER:
            return Refused(f"'{answer}' is not possible: the game is over")
        if seat not in awaiting.seats:
            name = self.game.names[seat] if 0 <= seat < self.game.seats else f"seat {seat + 1}"
            return Refused(f"it is not {possessive(name, start=False)} turn: "
                           f"{self.waiting_for()}")
        if awaiting.wait is Wait.CHALLENGE:
            played = self._answer_challenge(seat, answer)
        else:
            played = self._play_turn(seat, answer)
        if isinstance(played, Played):
            self._after(played)
        return played

    def _answer_challenge(self, seat: int, answer: Answer) -> Played | Refused:
        window = self._window
        assert window is not None
        if isinstance(answer, Pass):
            window.pending.remove(seat)
            if not window.pending:
                self._window = None
            return Played(seat, answer)
        if answer != Challenge(seat + 1):
            return Refused(f"{self.game.names[seat]} may challenge "
                           f"{window.sale.word.upper()} or let it stand, nothing else now")
        played = self._apply(seat, answer)
        if isinstance(played, Played):
            self._window = None
        return played

    def _play_turn(self, seat: int, answer: Answer) -> Played | Refused:
        if isinstance(answer, Pass):
            return Refused(f"there is no sale to let stand: {self.waiting_for()}")
        if isinstance(answer, Challenge):
            return Refused("a sale is challenged when the table is asked, right after it")
        played = self._apply(seat, answer)
        if isinstance(played, Played) and self.game.last_sale is not None:
            self._open_window(self.game.last_sale)
        return played

    def _apply(self, seat: int, action: Action) -> Played | Refused:
        try:
            events = self.game.apply(action)
        except BuyWordError as error:
            return Refused(str(error))
        written = parse_action(self.game.actions[-1])  # with the die's face written in
        return Played(seat, written, tuple(events))

    def _open_window(self, sale: ev.Sold) -> None:
        """After a sale, every other seat is asked in turn from the seller's left, once."""
        seats = self.game.seats
        self._window = _Window(sale, [(sale.seat + k) % seats for k in range(1, seats)])

    def _after(self, played: Played) -> None:
        if not self.awaiting().computer:
            self.skipping = False  # skipping ahead stops at the next person
        if played.events and self.on_change is not None:
            self.on_change(self, played)

    # ------------------------------------------------------------------ computers

    def think(self) -> Thought:
        """The computer to act decides, without changing anything (safe in a worker thread
        while nothing else plays). Raises BuyWordError when no computer is to act."""
        awaiting = self.awaiting()
        if not awaiting.computer:
            raise BuyWordError(f"no computer player is to act: {self.waiting_for()}")
        seat = awaiting.seats[0]
        bot = self.bots[seat]
        started = time.perf_counter()
        try:
            view = self.view(seat)
            if awaiting.wait is Wait.CHALLENGE:
                assert awaiting.sale is not None
                action: Answer = Challenge(seat + 1) if bot.challenge(view, awaiting.sale) \
                    else Pass()
            else:
                action = bot.act(view)
        except Exception as error:  # a broken computer player must not end the game
            return Thought(seat, None, time.perf_counter() - started,
                            trouble(error))
        return Thought(seat, action, time.perf_counter() - started)

    def play(self, thought: Thought) -> Played | Refused:
        """Apply a computer's decision; if it failed or is refused, the seat plays safe
        (discard, let the sale stand, stop selling, or the first legal action)."""
        if thought.seat not in self.awaiting().seats:
            return Refused("that decision is out of date: the table has moved on")
        if thought.action is not None:
            played = self.act(thought.seat, thought.action)
            if isinstance(played, Played):
                return played
        return self.act(thought.seat, self._safe_answer())

    def step(self) -> Played:
        """The computer to act thinks and plays (headless tables, simulations, tests)."""
        played = self.play(self.think())
        assert isinstance(played, Played), played
        return played

    def _safe_answer(self) -> Answer:
        if self.awaiting().wait is Wait.CHALLENGE:
            return Pass()
        legal = self.game.legal_actions()
        for safe in (Discard(), Done(), NoBid(), Decline()):
            if safe in legal:
                return safe
        return legal[0]

    def seat_computer(self, seat: int, level: str = "medium") -> None:
        """A computer of `level` plays `seat` from now on (its person has gone): the seat keeps
        its name, hand and money, and is asked next as a computer. Raises BuyWordError for a
        seat no person plays or an unknown level; then nothing changes."""
        if not (0 <= seat < len(self.seats)) or not self.seats[seat].human:
            raise BuyWordError(f"seat {seat + 1} is not played by a person")
        try:
            bot = make_bot(level, self.finder, seat_seed(self.game.seed, seat),
                           self.theme_finders)
        except ValueError as error:
            raise BuyWordError(f"no computer player {level!r}: {error}") from None
        self.seats = tuple(replace(s, level=level) if i == seat else s
                           for i, s in enumerate(self.seats))
        self.bots[seat] = bot

    def seat_person(self, seat: int) -> None:
        """The seat's person is back: they play `seat` again, where a computer stood in for
        them. Raises BuyWordError for a seat no computer plays for a person who left."""
        if not (0 <= seat < len(self.seats)) or self.seats[seat].human or seat not in self.bots:
            raise BuyWordError(f"seat {seat + 1} is not a person's seat played by a computer")
        self.seats = tuple(replace(s, level=None) if i == seat else s
                           for i, s in enumerate(self.seats))
        del self.bots[seat]

    def pause(self, thought: Thought) -> float:
        """How long to wait before showing a computer's decision: its step's time on screen
        less the time it spent thinking; none when skipping ahead or letting a sale stand."""
        if self.skipping or isinstance(thought.action, Pass):
            return 0.0
        return max(0.0, self.step_delay - thought.seconds)

    def skip_ahead(self) -> None:
        """Play the computers' moves at once until a person is to act."""
        if self.awaiting().computer:
            self.skipping = True

    # ------------------------------------------------------------------ undo

    def last_mover(self) -> int | None:
        """The seat that made the game's last move when it is a move that may be taken back
        (a buy, discard, sale or drop); None otherwise."""
        move = self._last_move()
        return None if move is None else move[1]

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back its last move now (`why_not_undo` says why not)."""
        return self.why_not_undo(seat) is None

    def why_not_undo(self, seat: int, awaiting: Awaiting | None = None) -> str | None:
        """None if `seat` may take back its last move now, else why not, in a player's words
        ("Nothing to undo: the die has been rolled since"). Changes nothing. (`awaiting`: the
        table's `awaiting()`, when the caller has it.)"""
        game = self.game
        if not 0 <= seat < game.seats:
            return f"there is no seat {seat + 1} at this table"
        if game.outcome() is not None:
            return "Nothing to undo: the game is over"
        if seat in self.bots:
            return f"Nothing to undo: {game.names[seat]} is a computer player"
        if not game.actions:
            return "Nothing to undo yet"
        action = parse_action(game.actions[-1])
        if type(action) in _REVEALS:
            return f"Nothing to undo: {_REVEALS[type(action)]}"
        move = self._last_move()
        mover = self._last_event_seat() if move is None else move[1]
        if mover is not None and mover != seat:
            return f"Nothing to undo: the last move was {game.names[mover]}'s"
        if move is None:
            what = "finishing selling" if isinstance(action, Done) else f"'{action}'"
            return f"Nothing to undo: {what} is not taken back"
        return self._why_move_stands(seat, move, awaiting or self.awaiting())

    def _why_move_stands(self, seat: int, move: tuple[Action, int, bool],
                         awaiting: Awaiting) -> str | None:
        """Why `seat`'s own last move can no longer be taken back, or None if it can."""
        game = self.game
        action, _, ended_round = move
        if isinstance(action, Sell) and game.rules.challenge_mode:
            word = action.word.upper()
            return f"Nothing to undo: the other players have seen {word} (challenge mode)"
        if ended_round and game.rules.theme_each_round and game.theme is not None:
            return "Nothing to undo: the next round's theme has been shown"
        other = awaiting.seat
        if awaiting.computer and other is not None:
            return f"Nothing to undo: {game.names[other]} is already playing"
        if self.hand_off and other is not None and other != seat:
            return f"Nothing to undo: the screen has passed to {game.names[other]}"
        return None

    def undo(self, seat: int) -> Undone | Refused:
        """Take back `seat`'s last move: the game becomes its record without that move, played
        again from the start (the engine is deterministic given the seed), then autosaved.
        Refused, changing nothing, when `why_not_undo` gives a reason, or when the record no
        longer replays without the move (its dictionary was edited since)."""
        reason = self.why_not_undo(seat)
        if reason is not None:
            return Refused(reason)
        game = self.game
        action = parse_action(game.actions[-1])
        try:
            before = self._replayed(len(game.actions) - 1)
        except BuyWordError as error:  # a record that no longer replays: the move stands
            return Refused(f"Nothing to undo: the game cannot be played again without it "
                           f"({error})")
        # The move drew nothing and rolled nothing, so chance must stand exactly where it did:
        # else the move revealed something after all, and it stands.
        if before.chance_state() != game.chance_state():
            return Refused("Nothing to undo: something hidden has been revealed since")
        self.game = before
        with self._logs_lock:
            self._logs.clear()  # every seat's log is rewritten without the move
        self._window = None
        self.skipping = False
        undone = Undone(seat, action, len(before.actions))
        if self.on_change is not None:
            self.on_change(self, undone)
        return undone

    def _replayed(self, upto: int) -> Game:
        """A new game with the same set-up, dictionary and themes after this game's first
        `upto` actions."""
        game = self.game
        if self.start is not None:  # a posed game (a puzzle): it starts where it was posed
            again = self.start()
        else:
            again = Game.new(list(game.names), dictionary=game.dictionary, seed=game.seed,
                             rules=game.rules, bag=game.start_bag, leader=game.first_leader,
                             themes=game.themes)
        for action in game.actions[:upto]:
            again.apply(action)
        return again

    def _last_move(self) -> tuple[Action, int, bool] | None:
        """The game's last move if it is one that may be taken back: (the action, its seat,
        whether it ended the round). Read from the log: each such move logs one event naming
        its seat, followed only by the round's end when it ended the round."""
        game = self.game
        if not game.actions:
            return None
        action = parse_action(game.actions[-1])
        kind = _UNDOABLE.get(type(action))
        if kind is None:
            return None
        log = game.log
        last = len(log) - 1
        while last >= 0 and isinstance(log[last], ev.RoundEnded):
            last -= 1
        moved = log[last] if last >= 0 else None
        if not isinstance(moved, kind):
            return None
        return action, moved.seat, last < len(log) - 1

    def _last_event_seat(self) -> int | None:
        """The seat named by the game's last event that names one (who moved last)."""
        for event in reversed(self.game.log):
            seat = getattr(event, "seat", None)
            if isinstance(seat, int):
                return seat
        return None

    # ------------------------------------------------------------------ helping people sell

    def preview(self, seat: int, typed: str) -> SalePreview:
        """What selling `typed` from `seat`'s hand now would do, from the engine's own spelling
        and checks. In challenge mode it shows tiles and price only, never a verdict."""
        game = self.game
        if not typed or seat != game.current:
            return SalePreview()
        if game.rules.crossword:
            return self._preview_placement(typed)
        player = game.player(seat)
        try:
            spelling = spell(typed.upper(), player.hand, player.wilds)
        except BuyWordError as error:
            return SalePreview(reason=str(error))
        pips = game.rules.tiles.sale_pips(spelling)
        reason = game.why_not(Sell(spelling.notation)) if game.phase is Phase.SELL else None
        return SalePreview(tile_indices(player.hand, spelling.letters), spelling.wild,
                           spelling.notation, price(pips), pips, reason)

    def _preview_placement(self, typed: str) -> SalePreview:
        """The crossword variant's preview: `typed` is a placement (`QUIZ at 0,3 down`, or a
        bare word for the first one); the tiles it lays, the words it forms and the total, or
        why it cannot be placed. The dictionary's verdict only in strict mode."""
        game = self.game
        try:
            placement = Placement.parse(typed)
            sale = Sell(placement.word, placement.row, placement.col, placement.direction)
            play = game.placement_play(sale, judged=False)
        except BuyWordError as error:
            return SalePreview(reason=str(error))
        assert game.current is not None  # a preview is asked for on a turn
        player = game.player(game.current)
        wild = next((tile.letter for _, tile in play.laid if tile.wild), None)
        reason = None if game.rules.challenge_mode else game.why_not(sale)
        return SalePreview(tile_indices(player.hand, play.letters), wild, placement.word,
                           play.price, play.words[0].pips, reason, placement, play.laid,
                           play.words)

    def hints(self, seat: int, limit: int = 8) -> list[Candidate] | list[Move]:
        """The best words `seat`'s hand can sell now, from this game's finder; the game is
        then marked as played with hints. Raises BuyWordError when hints are not available.

        In the crossword variant: the best placements (`Move`s: `str(move)` is the placement
        to type, `move.price` what it pays), from the move generator with this game's finder
        and dictionary; in a themed round, placing a word of the theme."""
        self.note_hint(seat)
        player = self.game.player(seat)
        if self.game.rules.crossword:
            return self._placement_hints(player.hand, player.wilds, limit)
        found = self.round_finder().find(player.hand, player.wilds,
                                         min_length=self.game.rules.min_word_length)
        return found[:limit]


    def can_sell(self, seat: int) -> bool:
        """Whether `seat` could sell any word at all now, as anyone at the table can tell
        from how many letter tiles and wilds it holds: a word is letter tiles and at most
        one wild (docs/rules.md, "A round"), at least the shortest word allowed; in the
        crossword variant, once the grid holds a word, one tile laid may make a word with the
        grid's letters (docs/rules.md, "Crossword")."""
        game = self.game
        player = game.player(seat)
        tiles = len(player.hand) + min(player.wilds, 1)
        if game.rules.crossword and len(game.grid):
            return tiles >= 1
        return tiles >= game.rules.min_word_length

    def note_hint(self, seat: int) -> None:
        """Mark the game as played with hints by `seat`, whose person is shown them now (here,
        or on their own screen at a hosted table). Raises BuyWordError, marking nothing, when
        hints are off or it is not `seat`'s selling turn."""
        if not self.hints_allowed:
            raise BuyWordError("hints are off in this game")
        if self.awaiting().seats != (seat,) or self.game.phase is not Phase.SELL \
                or self.awaiting().computer:
            raise BuyWordError(f"hints are for the seller on their turn: {self.waiting_for()}")
        self.hints_used = True
        self._mark(self.hinted, seat, "hints")

    def note_coach(self, seat: int) -> None:
        """Mark the game as coached for `seat`, a person the coach weighs (or who asked for
        Master's choice): the coach goes on for the rest of the game. Raises BuyWordError,
        marking nothing, for a seat no person plays."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].human:
            raise BuyWordError(f"the coach is for people: seat {seat + 1} is a computer")
        self.coaching = True
        self.coach_used = True
        self._mark(self.coached, seat, "coach")

    def keep_appraisal(self, seat: int, entry: JsonObject) -> None:
        """Keep the coach's appraisal `entry` (JSON-ready) of a decision `seat`'s person made,
        for the end-of-game review, and save it."""
        self.appraisals.append(entry)
        if self.on_change is not None:
            self.on_change(self, Appraised(seat))

    def _mark(self, marked: set[int], seat: int, mark: str) -> None:
        """Add `seat` to `marked`; the first time, save the mark before the person sees what
        it marks (hints, Master's choice)."""
        if seat in marked:
            return
        marked.add(seat)
        if self.on_change is not None:
            self.on_change(self, Marked(seat, mark))

    def _placement_hints(self, hand: str, wilds: int, limit: int) -> list[Move]:
        """The dearest legal placements of a hand on the grid, dearest first."""
        game = self.game
        board = Board(game.grid, self.finder, game.dictionary, game.rules.min_word_length)
        if game.theme is None:
            return board.best_moves(hand, wilds, limit)
        assert game.themes is not None  # a game with a theme has its lists
        fits, theme = game.themes.fits, game.theme
        return board.best_moves(hand, wilds, limit,
                                keep=lambda m: fits(m.formed[0][0].lower(), theme))

    def round_finder(self) -> WordFinder:
        """The finder of the words that may be sold this round: the round's theme's in a
        themed game, else the whole dictionary's."""
        theme = self.game.theme
        if theme is None or self.theme_finders is None:
            return self.finder
        return self.theme_finders(theme)


def tile_indices(hand: str, letters: str) -> frozenset[int]:
    """Which tiles of a sorted hand a set of letters takes (the first of each repeat)."""
    need = Counter(letters)
    marked = set()
    for i, letter in enumerate(hand):
        if need[letter] > 0:
            need[letter] -= 1
            marked.add(i)
    return frozenset(marked)
