"""Learn to play: a guided first game, lesson by lesson, over an ordinary table session.

The tutorial is a short solo game on a bag arranged so that every lesson happens (roll and
CHOICE, drawing and the price, all or nothing, buying small and selling long, the one wild per
word, the tile limit, the leader, the end of the bag, the rating). It is set up by one
`GameSetup` (`LEARN_SETUP`, marked `lesson`) and started by `TableSession.new` like any game,
so it is saved, resumed and recorded as any game is.

A `Tutorial` wraps the session as the source of the table's runner (`TableRunner(session,
source=tutorial, lesson=tutorial.lesson_view)`): it says which lesson is on and what it
teaches (`lesson_view`, which the screen's views carry), lets through only the answer the
lesson waits for ("Not yet: this lesson is about buying — press B"), and hands everything
else to the session. Where the player stands
is read from the game's own record (every answer in it is one step), so a resumed or undone
game is at the right lesson with nothing else saved.

    tutorial = Tutorial.new(lexicon, finder)
    while not tutorial.finished:
        tutorial.act(0, tutorial.step.example)    # the scripted answer of each step
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Unpack

from buyword.engine import (
    Action,
    Buy,
    BuyWordError,
    Choose,
    Discard,
    Done,
    Drop,
    Phase,
    Roll,
    Sell,
    TileSet,
    default_tiles,
    parse_action,
)
from buyword.engine.wording import dollars
from buyword.store.setup import GameSetup, Seat
from buyword.table.session import Answer, Pass, Played, Refused, TableOptions, TableSession
from buyword.table.views import LessonView

if TYPE_CHECKING:
    from buyword.engine.dictionary import Dictionary
    from buyword.table.session import SalePreview, Thought, Undone
    from buyword.table.views import TableView
    from buyword.words.crossword import Move
    from buyword.words.finder import Candidate, WordFinder

#: The bag, in the order it is drawn, round by round: what each lesson needs in front of the
#: player. Round 1 draws 3 (CHOICE), then the die says 3, 2, 3, 5, 5; the last tile is still
#: in the bag when round 7's roll asks for more than it holds, so that round is the last.
LEARN_BAG = "AET" "ESZ" "RS" "BON" "EINOS" "ADELR" "Q"
#: The die's seed: its rolls are CHOICE, 3, 2, 3, 5, 5, 4, the counts the bag is laid for
#: (found by trying seeds; `tests/test_table_lessons.py` checks that they still come).
LEARN_SEED = 37682


def learn_tiles() -> TileSet:
    """The tutorial's tile set: the tiles of `LEARN_BAG`, each with its usual pips, and the
    usual wilds (a solo player still has 8)."""
    usual = default_tiles()
    counts = Counter(LEARN_BAG)
    return TileSet({letter: counts[letter] for letter in usual.counts}, dict(usual.pips),
                   usual.wilds, usual.wild_pips, "Learn to play")


def learn_setup() -> GameSetup:
    """The one setup of the guided first game: a solo game, printed rules, the bundled
    dictionary, on the arranged bag and the seed whose rolls it is laid for."""
    return GameSetup(seats=(Seat("You"),), seed=LEARN_SEED, bag=LEARN_BAG, tiles=learn_tiles(),
                     lesson=True)


@dataclass(frozen=True)
class Step:
    """One thing the player is asked to do: the lesson it belongs to, what it says (two or
    three lines), the key that does it, and which answers it takes.

    `wants` says whether an answer is the one the step waits for (the next step follows);
    `stays` whether an answer is welcome but the step goes on (selling more words). `example`
    is an answer it takes, as the table's notation (the tests play these through). `advice`
    is what the step says to an answer of its kind that it does not take (another drop than
    the one it advises), where the general "Not yet" would not say why.
    """

    lesson: str
    about: str
    text: str
    key: str
    wants: Callable[[Action], bool]
    example: str
    stays: Callable[[Action], bool] = lambda action: False
    advice: str = ""


def _is(kind: type) -> Callable[[Action], bool]:
    """A step that takes any answer of this kind."""
    return lambda action: isinstance(action, kind)


def _sale(wilds: int, *, uses: str = "", letters: int = 0) -> Callable[[Action], bool]:
    """A step that takes a sale with exactly `wilds` wild tiles, using the letters `uses`
    (at least) and `letters` letters in all (0: any length)."""
    def wants(action: Action) -> bool:
        if not isinstance(action, Sell):
            return False
        word = action.word
        held = Counter(char for char in word if char.isupper())
        return (sum(char.islower() for char in word) == wilds
                and not Counter(uses) - held and (not letters or len(word) == letters))
    return wants


def _drops(letters: str) -> Callable[[Action], bool]:
    """A step that takes the drop of just these letters, in any order."""
    return lambda action: isinstance(action, Drop) and sorted(action.letters) == sorted(letters)


#: The lessons, step by step, in the order the bag makes them happen.
STEPS: tuple[Step, ...] = (
    Step("Roll", "rolling the die",
         "Each round starts with the leader rolling the die: 2, 3, 4 or 5 says how many "
         "tiles everyone draws. Alone, you are the leader.",
         "press R", _is(Roll), "roll"),
    Step("CHOICE", "choosing the draw",
         "CHOICE! The die lets you pick how many tiles to draw, any of 2 to 5. Few tiles are "
         "cheap: choose 3.",
         "press 3", lambda action: action == Choose(3), "choose 3"),
    Step("The price", "buying",
         "You drew 3 tiles; they wait above your hand until you buy them. A draw costs its "
         "pips squared: A, E and T show 1 pip each, so 3 pips cost 3² = $9.",
         "press B to buy", _is(Buy), "buy"),
    Step("Selling", "selling, and when to wait",
         "Words pay their pips squared too: EAT would pay $9, no more than it cost. Keep the "
         "tiles for a longer word: finish selling for this round.",
         "press Esc", _is(Done), "done"),
    Step("The leader", "the leader",
         "At a table the die passes to the left each round and the new leader rolls; alone, "
         "you lead every round. Round 2: roll.",
         "press R", _is(Roll), "roll"),
    Step("All or nothing", "discarding",
         "You buy the whole draw or none of it. E and S are good, but the Z comes with them: "
         "6 pips cost $36, for a Z that is hard to sell.",
         "press D to discard", _is(Discard), "discard"),
    Step("All or nothing", "finishing your selling",
         "Discarded tiles leave the game. Nothing new to sell this round.",
         "press Esc", _is(Done), "done"),
    Step("Buy small", "rolling the die",
         "Round 3. A price grows with the square of the pips, so small draws are cheap and "
         "big ones dear.",
         "press R", _is(Roll), "roll"),
    Step("Buy small", "buying",
         "Two 1-pip tiles, R and S: 2 pips cost only 2² = $4. Buy them.",
         "press B to buy", _is(Buy), "buy"),
    Step("Sell long", "selling a long word",
         "Each extra pip adds more than the last: RAT pays $9, RATE $16, RATES $25. These "
         "tiles cost you $13: sell all five in one word, RATES (or STARE, TEARS).",
         "type a five-letter word and press Enter",
         _sale(0, letters=5), "sell RATES"),
    Step("Sell long", "finishing your selling",
         "$25 for tiles that cost $13. Your hand is empty: finish selling.",
         "press Esc", _is(Done), "done"),
    Step("The wild", "rolling the die",
         "Round 4. You have 8 wild tiles: each stands for any letter and shows 1 pip.",
         "press R", _is(Roll), "roll"),
    Step("The wild", "buying",
         "B, O and N: 5 pips, $25. Buy them; a wild will make them a word.",
         "press B to buy", _is(Buy), "buy"),
    Step("The wild", "selling with one wild",
         "A word may use one wild, never two: type the wild's letter in lower case. BONe "
         "(the wild is the E) shows 6 pips and pays $36.",
         "type BONe and press Enter",
         _sale(1, uses="BON"), "sell BONe"),
    Step("The wild", "finishing your selling",
         "The wild left the game with the word: 7 wilds to go. Finish selling.",
         "press Esc", _is(Done), "done"),
    Step("Tile limit", "rolling the die",
         "Round 5. After selling you may keep at most 8 letter tiles (wilds don't count).",
         "press R", _is(Roll), "roll"),
    Step("Tile limit", "buying",
         "Five 1-pip tiles: $25. Buy them.",
         "press B to buy", _is(Buy), "buy"),
    Step("Tile limit", "keeping tiles",
         "Keep these five for a long word later: finish selling without a sale.",
         "press Esc", _is(Done), "done"),
    Step("Tile limit", "rolling the die",
         "Round 6: roll.",
         "press R", _is(Roll), "roll"),
    Step("Tile limit", "buying",
         "A, D, E, L and R: D and L show 2 pips, so 7 pips cost $49. Buy them.",
         "press B to buy", _is(Buy), "buy"),
    Step("Tile limit", "keeping tiles",
         "You hold 10 letter tiles; after selling you may keep 8. Finish selling, then drop "
         "2: keep the tiles of long words (two Es are easy to spare: a wild can be an E).",
         "press Esc", _is(Done), "done"),
    Step("Tile limit", "dropping down to 8",
         "Over the limit: drop 2 tiles (they leave the game). Keep those that make long "
         "words, such as ORDINALS.",
         "press E twice, then Enter", _drops("EE"), "drop EE",
         advice="ORDINALS needs the A, D, I, L, N, O, R and S for the final round, so drop "
                "the two Es (a wild can be an E)"),
    Step("End of the bag", "rolling the die",
         "Round 7. One tile is left in the bag: when it cannot give everyone their draw, "
         "this is the final round.",
         "press R", _is(Roll), "roll"),
    Step("End of the bag", "selling in the final round",
         "The final round: nobody draws, and the last tile left the game. Sell what you can; "
         "unsold tiles are worth nothing. ORDINALS pays $100.",
         "type a word and press Enter", _is(Sell), "sell ORDINALS"),
    Step("The rating", "ending the game",
         "Sell more if you can, then finish: the game ends. A full game has 108 tiles; "
         "alone, $800 there is fair, $900 good and $1,000 outstanding.",
         "sell another word, or press Esc to end", _is(Done), "done",
         stays=_is(Sell)),
)


def step_of(actions: Sequence[str]) -> int:
    """Which step a game whose record holds `actions` is at (len(STEPS): all done)."""
    step = 0
    for text in actions:
        if step >= len(STEPS):
            break
        if not STEPS[step].stays(parse_action(text)):
            step += 1
    return step


class Tutorial:
    """A guided game: the table session of `LEARN_SETUP` as the table screen plays it, with
    the lesson on and the one answer it waits for (see the module's docstring)."""

    def __init__(self, session: TableSession) -> None:
        """Guide the game of `session` (a new one, or one resumed from its save)."""
        self.session = session

    @classmethod
    def new(cls, lexicon: Dictionary, finder: WordFinder,
            **options: Unpack[TableOptions]) -> Tutorial:
        """A new guided game with `lexicon` and `finder` (built for `learn_tiles`); the
        options are `TableSession`'s (on_change, step_delay...)."""
        return cls(TableSession.new(learn_setup(), lexicon, finder, **options))

    # ------------------------------------------------------------------ the lessons

    @property
    def at(self) -> int:
        """The step the game is at (len(STEPS) once every step is done)."""
        return step_of(self.session.game.actions)

    @property
    def finished(self) -> bool:
        """Whether the game is over (the results screen rates it)."""
        return self.session.game.outcome() is not None

    @property
    def step(self) -> Step:
        """The step on now (the last one once the game is over)."""
        return STEPS[min(self.at, len(STEPS) - 1)]

    @property
    def progress(self) -> str:
        """Where the player stands, as the lesson panel's title says it: "Lesson 3/12 · The
        price"."""
        step = self.step
        titles = list(dict.fromkeys(s.lesson for s in STEPS))
        return f"Lesson {titles.index(step.lesson) + 1}/{len(titles)} · {step.lesson}"

    @property
    def on_script(self) -> bool:
        """Whether the game is where the lessons expect it: the lesson's bag and die, and
        the step on now asking for the kind of answer the table waits for. A save edited
        by hand (or a game the lessons no longer fit) is played on as any game, never
        stuck on an answer the table cannot take."""
        game = self.session.game
        if game.seed != LEARN_SEED or game.start_bag != LEARN_BAG:
            return False
        if self.finished:
            return True
        return _PHASE_OF.get(type(parse_action(self.step.example))) is game.phase

    def takes(self, answer: Answer | str) -> bool:
        """Whether `answer` is one the step on now waits for (or welcomes); off the script,
        any answer (the table judges it)."""
        action = _action(answer)
        if action is None or self.finished:
            return False
        if not self.on_script:
            return True
        step = self.step
        return step.wants(action) or step.stays(action)

    def not_yet(self, answer: Answer | str | None = None) -> str:
        """What the player is told when they do something else (`answer`, if known), in
        their words: the step's advice for an answer of its kind, else what it is about."""
        step = self.step
        action = None if answer is None else _action(answer)
        example = parse_action(step.example)
        if step.advice and action is not None and type(action) is type(example):
            return f"Not those: {step.advice} — {step.key}"
        return f"Not yet: this lesson is about {step.about} — {step.key}"

    def lesson_view(self) -> LessonView:
        """What the lesson panel says now: the lesson, what it teaches and what to do."""
        if self.finished:
            text, todo = "The game is over: the results rate your money.", None
        elif not self.on_script:
            text, todo = "This game has left the lessons' script: play on as in any game.", None
        else:
            step = self.step
            text, todo = step.text, f"{step.key[0].upper()}{step.key[1:]}."
        return LessonView(self.progress, text, todo, self.finished, self.not_yet())

    # ------------------------------------------------------------------ the table source

    def act(self, seat: int, answer: Answer | str) -> Played | Refused:
        """The player's answer: played if the lesson waits for it, else refused with what
        it waits for (the game unchanged)."""
        if not self.finished and not self.takes(answer):
            return Refused(self.not_yet(answer))
        return self.session.act(seat, answer)

    def table_view(self, viewer: int | None) -> TableView:
        """What the screen draws, as for any game."""
        return self.session.table_view(viewer)

    def preview(self, seat: int, typed: str) -> SalePreview:
        """What selling `typed` would do, as for any game; a sale the lesson will not take
        says so, with what it waits for, so the preview never promises what Enter will not
        do."""
        preview = self.session.preview(seat, typed)
        if (preview.reason is not None or not preview.notation or self.finished
                or self.takes(Sell(preview.notation))):
            return preview
        pays = dollars(preview.price)
        return replace(preview, reason=f"{preview.notation.upper()} would pay {pays}, "
                                       f"but {self._lower(self.not_yet())}")

    @staticmethod
    def _lower(text: str) -> str:
        """"Not yet: ..." as the end of a sentence: "not yet: ..."."""
        return text[:1].lower() + text[1:]

    def hints(self, seat: int, limit: int = 8) -> list[Candidate] | list[Move]:
        """The best words the hand can sell now (hints are off in the tutorial)."""
        return self.session.hints(seat, limit)

    def think(self) -> Thought:
        """A computer decides (there are none at the tutorial's table)."""
        return self.session.think()

    def play(self, thought: Thought) -> Played | Refused:
        """A computer's decision (there are none at the tutorial's table)."""
        return self.session.play(thought)

    def pause(self, thought: Thought) -> float:
        """How long a computer's decision stays unshown."""
        return self.session.pause(thought)

    def skip_ahead(self) -> None:
        """Play the computers' moves at once (none here)."""
        self.session.skip_ahead()

    def undo(self, seat: int) -> Undone | Refused:
        """Take back the player's last move: the lesson goes back with it."""
        return self.session.undo(seat)


#: The phase each kind of scripted answer is given in.
_PHASE_OF: dict[type, Phase] = {Roll: Phase.ROLL, Choose: Phase.CHOOSE, Buy: Phase.BUY,
                                Discard: Phase.BUY, Sell: Phase.SELL, Done: Phase.SELL,
                                Drop: Phase.DROP}


def _action(answer: Answer | str) -> Action | None:
    """The engine action an answer is (None for a challenge pass or text that is none)."""
    if isinstance(answer, Pass):
        return None
    if isinstance(answer, str):
        try:
            return parse_action(answer.strip())
        except BuyWordError:
            return None
    return answer
