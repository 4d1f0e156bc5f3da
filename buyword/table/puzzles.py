"""Puzzles at the table: a decision point made into a puzzle, a puzzle made back into the
seat's view, an answer judged, and the ratings an attempt moves (docs/puzzles.md). No Textual.

    puzzle = make_puzzle(view, appraisal, source, puzzle_id(seed, index, seat))  # or None
    view = view_of(puzzle.position, rules)      # what the seat saw, for a screen or Master
    answer = judge(puzzle, actions)             # the answer given, with its worth and loss
    change = rate_attempt(progress, puzzle, answer.right)   # Glicko-2 (table.glicko), both ways

A puzzle is kept only when it is clear: the best answer beats the second best by `CLEAR_GAP`
dollars or more, and their 95% intervals do not overlap (`clear_gap`). Its one-line explanation
is the coach's own line for the second best answer (`buyword.table.coach.coach_says`), so the
two never say a thing two ways.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from buyword.bots.master import Appraisal, Decision, Estimate
from buyword.bots.view import Opponent, SeatView
from buyword.engine import Buy, BuyWordError, Choose, Discard, Done, Drop, Game, Rules, Sell
from buyword.engine.actions import Action, parse_action
from buyword.engine.game import Pose
from buyword.engine.phase import Phase
from buyword.engine.wording import dollars
from buyword.store.puzzles import (
    Answer,
    Attempt,
    Glicko,
    Position,
    Puzzle,
    PuzzleProgress,
    Rival,
    Source,
)
from buyword.table.coach import coach_says
from buyword.table.glicko import updated as updated  # re-exported: callers rate from here
from buyword.table.session import Played, Refused, SalePreview, Thought, Undone
from buyword.table.views import LessonView
from buyword.table.weighing import Moment, same, verdict

if TYPE_CHECKING:
    from buyword.bots.base import Bot
    from buyword.engine.dictionary import Dictionary
    from buyword.table.session import Answer as SessionAnswer
    from buyword.table.session import TableSession
    from buyword.table.views import TableView
    from buyword.words.finder import WordFinder

#: A puzzle's best answer beats the second best by at least this many dollars.
CLEAR_GAP = 10.0
#: z for a two-sided 95% interval.
Z95 = 1.96
#: The bag is near its end at this many tiles or fewer (the "end of bag" theme).
END_OF_BAG = 12
#: A draw at this price or less is small (the "buy small" theme).
SMALL_DRAW = 9
#: A word of this many letters or more is long (the "sell long" theme).
LONG_WORD = 6
#: The short prompt of each kind of puzzle.
PROMPTS = {"choose": "CHOICE: how many tiles?", "buy": "Buy or discard?",
           "sell": "Which words do you sell?", "drop": "Over the limit: what do you drop?",
           "wild": "Where does the wild go, if anywhere?"}


# ----------------------------------------------------------------- positions and views


def position_of(view: SeatView) -> Position:
    """What `view`'s seat can see, as a puzzle keeps it (the log and the rules aside)."""
    seat = view.own_seat
    return Position(seat, view.names, str(view.phase), view.round, view.leader,
                    view.final_round, view.die, view.draw_count, view.hand, view.money,
                    view.wilds, view.drawn, view.bag_size, view.unseen, view.over_limit,
                    tuple(Rival(o.name, o.money, o.wilds, o.tiles) for o in view.opponents))


def view_of(position: Position, rules: Rules) -> SeatView:
    """The seat's view again, from the puzzle's `position` under `rules`: what a screen draws
    and Master weighs. The others' hands and draws are hidden, as they were."""
    seat = position.seat
    seats = [n for n in range(len(position.names)) if n != seat]
    opponents = tuple(Opponent(n, r.name, r.money, r.wilds, r.tiles, None, None)
                      for n, r in zip(seats, position.rivals, strict=True))
    phase = Phase(position.phase)
    can_buy = phase is Phase.BUY and bool(position.drawn) \
        and position.money >= rules.tiles.price_of(position.drawn)
    draws = tuple(position.drawn if n == seat else None for n in range(len(position.names)))
    return SeatView(seat=seat, seats=len(position.names), names=position.names, phase=phase,
                    round=position.round, leader=position.leader, current=seat,
                    die=position.die, draw_count=position.draw_count,
                    final_round=position.final_round, hand=position.hand,
                    money=position.money, wilds=position.wilds, drawn=position.drawn,
                    draws=draws, bag_size=position.bag_size, unseen=position.unseen,
                    over_limit=position.over_limit, can_buy=can_buy, opponents=opponents,
                    last_sale=None, rules=rules, private=True)


# ----------------------------------------------------------------- clarity


def _ranked(appraisal: Appraisal) -> list[Estimate]:
    """The estimates by the money expected, best first."""
    return sorted(appraisal.estimates, key=lambda e: -e.mean)


def clear_gap(appraisal: Appraisal) -> float | None:
    """The best answer's lead over the second best in dollars when it is clear (at least
    `CLEAR_GAP`, and the two 95% intervals apart), else None."""
    ranked = _ranked(appraisal)
    if len(ranked) < 2:
        return None
    best, second = ranked[0], ranked[1]
    gap = best.mean - second.mean
    if gap < CLEAR_GAP or best.rollouts < 2 or second.rollouts < 2:
        return None
    if best.mean - Z95 * best.stderr <= second.mean + Z95 * second.stderr:
        return None
    return gap


def confirmed(first: Appraisal, again: Appraisal) -> bool:
    """Whether a second appraisal (another stream of luck) finds the same best answer, and
    finds it clear too."""
    return clear_gap(again) is not None and same(_ranked(first)[0].decision.actions,
                                                 _ranked(again)[0].decision.actions)


# ----------------------------------------------------------------- making a puzzle


def make_puzzle(view: SeatView, appraisal: Appraisal, source: Source, ident: str,
                solved_by: Sequence[str] = ()) -> Puzzle | None:
    """`view`'s decision as a puzzle, as Master's `appraisal` weighs it (None when it is not
    clear: `clear_gap`). Its explanation is the coach's line on the second best answer."""
    if clear_gap(appraisal) is None:
        return None
    ranked = _ranked(appraisal)
    best = ranked[0]
    answers = tuple(Answer(tuple(map(str, e.decision.actions)), e.decision.describe(),
                           round(e.mean, 2), round(e.stderr, 2), e is best,
                           0 if e is best else max(1, round(best.mean - e.mean)))
                    for e in ranked)
    kind = _kind(view, ranked)
    return Puzzle(ident, kind, position_of(view), themes_of(view, kind, ranked), answers,
                  explain(view, appraisal), solved_by=tuple(solved_by), source=source)


def explain(view: SeatView, appraisal: Appraisal) -> str:
    """The coach's line on the second best answer at `view`: what the best was worth more,
    and why ("buying was worth about $14 more (± $4): these tiles cost $12 and ...")."""
    ranked = _ranked(appraisal)
    # The coach judges against the first estimate: put the best first.
    ordered = Appraisal((ranked[0], *(e for e in appraisal.estimates if e is not ranked[0])),
                        appraisal.gap_stderrs, appraisal.gaps)
    second = ranked[1].decision
    kind = "buy" if view.phase is Phase.BUY else str(view.phase)
    moment = Moment(0, view.own_seat, view.round, kind, second.actions)
    position = next(n for n, e in enumerate(appraisal.estimates) if e is ranked[1])
    reviewed = replace(verdict(ordered, second, moment),
                       gap_stderr=_paired(appraisal, ranked[0], position))
    line = coach_says(reviewed, ordered, second, view)
    return line[:1].upper() + line[1:] + "."


def _paired(appraisal: Appraisal, best: Estimate, position: int) -> float | None:
    """The paired error of the second best's shortfall, when the first estimate is the best
    (the appraisal's own pairs are against its first estimate)."""
    if appraisal.estimates[0] is best:
        return appraisal.gap_stderrs[position]
    return None


def _kind(view: SeatView, ranked: Sequence[Estimate]) -> str:
    """The puzzle's kind: the decision's, or "wild" for a sale whose two best answers spend
    the wild differently (in another word, in another place, or not at all)."""
    kind = str(view.phase)
    if kind == "sell" and wild_use(ranked[0].decision) != wild_use(ranked[1].decision):
        return "wild"
    return kind


def wild_use(decision: Decision) -> tuple[str, ...]:
    """Where a sale spends the wild: the words it sells with one, as written (the wild's
    letter in lower case), in order; none when it keeps the wilds."""
    return tuple(sorted(a.word for a in decision.actions
                        if isinstance(a, Sell) and not a.word.isupper()))


def themes_of(view: SeatView, kind: str, ranked: Sequence[Estimate]) -> tuple[str, ...]:
    """The themes a puzzle at `view` practises (docs/puzzles.md, "Themes")."""
    themes: list[str] = []
    best = ranked[0].decision
    sold = [a.word for e in ranked[:2] for a in e.decision.actions if isinstance(a, Sell)]
    if kind == "wild" or any(not w.isupper() for w in sold):
        themes.append("wild")
    if kind == "buy" and isinstance(best.actions[0], Buy) \
            and view.offer_price <= SMALL_DRAW:
        themes.append("buy small")
    if any(len(a.word) >= LONG_WORD for a in best.actions if isinstance(a, Sell)):
        themes.append("sell long")
    if kind == "drop" or view.over_limit:
        themes.append("limit")
    if view.bag_size <= END_OF_BAG or view.final_round:
        themes.append("end of bag")
    if kind == "choose":
        themes.append("choice")
    return tuple(themes)


# ----------------------------------------------------------------- answering


def prompt(puzzle: Puzzle) -> str:
    """The puzzle's short question ("Buy or discard?")."""
    return PROMPTS.get(puzzle.kind, "What do you do?")


def judge(puzzle: Puzzle, actions: Sequence[Action]) -> Answer | None:
    """The answer `actions` give (the same words in any order are the same sale), or None
    for a decision Master did not weigh here."""
    for answer in puzzle.answers:
        if same([parse_action(a) for a in answer.actions], actions):
            return answer
    return None


def level_answer(bot: Bot, view: SeatView) -> tuple[Action, ...]:
    """What a computer level decides at `view`: its whole decision (a sale's every word)."""
    if view.phase is Phase.SELL:
        bot.index = bot.index.at_least(view.rules.min_word_length)
        words = bot.sell(view)
        return (*(Sell(bot.index.notation(w.letters, w.wild)) for w in words), Done())
    action = bot.decide(view)
    assert isinstance(action, Choose | Buy | Discard | Drop)
    return (action,)


# ----------------------------------------------------------------- ratings (Glicko-2)


@dataclass(frozen=True)
class RatingChange:
    """What an attempt did to the player's rating."""

    before: float
    after: float
    deviation: float

    @property
    def change(self) -> float:
        """The change, in rating points."""
        return self.after - self.before

    def describe(self) -> str:
        """"Rating 1512 ± 180 (+12)"."""
        return (f"Rating {round(self.after)} ± {round(self.deviation)} "
                f"({'+' if self.change >= 0 else '−'}{abs(round(self.change))})")


def puzzle_rating(progress: PuzzleProgress, puzzle: Puzzle) -> Glicko:
    """The puzzle's rating here: as it was shipped, moved by this player's attempts."""
    return progress.puzzles.get(puzzle.id) or Glicko(puzzle.rating, puzzle.deviation)


def rate_attempt(progress: PuzzleProgress, puzzle: Puzzle, answer: Answer | None,
                 when: str) -> RatingChange:
    """Count an attempt at `puzzle` (the answer given, None for one Master did not weigh:
    wrong): the player's rating and the puzzle's local rating each move by Glicko-2, the
    attempt a game between them. Changes `progress`; the caller saves it."""
    right = answer is not None and answer.right
    own, theirs = progress.rating, puzzle_rating(progress, puzzle)
    before = own.rating
    progress.rating = updated(own, [(theirs, 1.0 if right else 0.0)])
    progress.puzzles[puzzle.id] = updated(theirs, [(own, 0.0 if right else 1.0)])
    progress.attempts.append(Attempt(when, puzzle.id, answer.says if answer else "other",
                                     right, round(progress.rating.rating, 1),
                                     round(progress.rating.deviation, 1)))
    return RatingChange(before, progress.rating.rating, progress.rating.deviation)


def offer(puzzles: Sequence[Puzzle], progress: PuzzleProgress, theme: str | None = None,
          kind: str | None = None) -> Puzzle | None:
    """The next puzzle to offer: not yet tried (unless all are), of `theme` and `kind` when
    given, the nearest to the player's rating (ties by id, so it is the same every time)."""
    pool = [p for p in puzzles if (theme is None or theme in p.themes)
            and (kind is None or p.kind == kind)]
    tried = progress.tried()
    fresh = [p for p in pool if p.id not in tried] or pool
    if not fresh:
        return None
    rating = progress.rating.rating
    return min(fresh, key=lambda p: (abs(puzzle_rating(progress, p).rating - rating), p.id))


def starting_rating(levels: dict[str, Glicko], solved_by: Sequence[str]) -> Glicko:
    """A puzzle's starting rating from which computer levels solve it: each level's attempt a
    game against the puzzle (the puzzle wins when the level's answer is wrong), the levels at
    their own ratings (`data/level_ratings.json`)."""
    games = [(rating, 0.0 if name in solved_by else 1.0) for name, rating in levels.items()]
    return updated(Glicko(), games)


# ----------------------------------------------------------------- a puzzle at the table


def puzzle_session(puzzle: Puzzle, rules: Rules, dictionary: Dictionary,
                   finder: WordFinder) -> TableSession:
    """A table of the puzzle's posed game: its seat a person's, the others computers (who
    never act: the game never passes the seat's decision), a word taken back by replaying
    from the posed position."""
    from buyword.store.setup import Seat
    from buyword.table.session import TableSession

    game = posed_game(puzzle, rules, dictionary)
    seats = [Seat(name, None if n == puzzle.position.seat else "expert")
             for n, name in enumerate(game.names)]
    session = TableSession(game, seats, finder)
    session.start = lambda: posed_game(puzzle, rules, dictionary)
    return session


def table_names(position: Position) -> tuple[str, ...]:
    """The names a puzzle's table shows: "You" at the puzzle's seat, and "Rival" (or "Rival 1",
    "Rival 2"… when there are more) at the others.

    Why: the names kept in a mined position are the mining games' computer players ("1 medium",
    "2 hard"); at the table they would address the player as "1 medium" and show a rival as
    "2 hard·Expert".
    """
    rivals = len(position.names) - 1
    numbers = iter(range(1, rivals + 1))
    return tuple("You" if n == position.seat
                 else "Rival" if rivals == 1 else f"Rival {next(numbers)}"
                 for n in range(len(position.names)))


def posed_game(puzzle: Puzzle, rules: Rules, dictionary: Dictionary) -> Game:
    """The puzzle's position as a game to play its decision in (`Game.posed`): the other
    hands and the bag dealt at random from the unseen tiles, seeded by the puzzle's id."""
    p = puzzle.position
    pose = Pose(Phase(p.phase), p.round, p.leader, p.die, p.draw_count, p.final_round,
                p.hand, p.money, p.wilds, p.drawn, p.bag_size, p.unseen,
                tuple((r.money, r.wilds, r.tiles) for r in p.rivals))
    seed = int.from_bytes(puzzle.id.encode("utf-8")[:8].ljust(8, b"-"), "big") % 10**9
    return Game.posed(list(table_names(p)), p.seat, pose, dictionary=dictionary, rules=rules,
                      seed=seed)


@dataclass(frozen=True)
class Verdict:
    """A puzzle answered: the answer given (None: one Master did not weigh), whether it was
    right, and every answer with its worth, for the screen."""

    answer: Answer | None
    right: bool
    said: str  # what was answered, in words ("sell CAT, DOG")

    def lines(self, puzzle: Puzzle) -> list[str]:
        """What the screen says: right or wrong, each answer's worth, the explanation."""
        head = (f"Right: {self.said}." if self.right else
                f"Not the best: {self.said}" + ("" if self.answer else
                                                 " (not among the answers Master weighed)")
                + ".")
        worth = [f"{a.says}: about {dollars(round(a.worth))} at the end"
                 + ("" if a.right else f" (−{dollars(a.loses)})") for a in puzzle.answers]
        return [head, *worth, puzzle.explanation]


class PuzzleTable:
    """A puzzle as the table screen plays it (a `TableSource` over the posed game's session,
    as a lesson is one over its game's): the seat's own answer is judged instead of played,
    so the game never moves past the decision, and no computer ever acts. A sale's words are
    sold one by one as at any table; "done" is the answer, the words sold so far."""

    def __init__(self, puzzle: Puzzle, session: TableSession) -> None:
        """Pose `puzzle` at `session` (a table of its posed game: `posed_game`)."""
        self.puzzle = puzzle
        self.session = session
        self.seat = puzzle.position.seat
        #: The verdict, once answered (the first answer counts; later ones are practice).
        self.verdict: Verdict | None = None
        #: The last answer's verdict, first or not (what the screen shows).
        self.shown: Verdict | None = None
        #: How many answers were judged.
        self.tries = 0
        self._start = len(session.game.actions)

    def decided(self, answer: SessionAnswer | str) -> tuple[Action, ...] | None:
        """The whole decision `answer` completes (None: it does not end the decision: a
        word sold, or something else)."""
        action = parse_action(answer) if isinstance(answer, str) else answer
        if isinstance(action, Buy | Discard | Choose | Drop):
            return (action,)
        if isinstance(action, Done) and self.session.game.phase is Phase.SELL:
            sold = [parse_action(a) for a in self.session.game.actions[self._start:]]
            return (*(a for a in sold if isinstance(a, Sell)), Done())
        return None

    def act(self, seat: int, answer: SessionAnswer | str) -> Played | Refused:
        """The seat's answer: a word sold is played; an answer that ends the decision is
        judged (the game stays where it is: try again, or go on to the next puzzle)."""
        try:
            whole = self.decided(answer)
        except BuyWordError as error:
            return Refused(str(error))
        if whole is None:
            return self.session.act(seat, answer)
        why = self.session.game.why_not(whole[-1]) if not isinstance(whole[-1], Done) else None
        if why is not None:
            return Refused(why)
        given = judge(self.puzzle, whole)
        said = Decision(whole).describe()
        self.shown = Verdict(given, given is not None and given.right, said)
        self.tries += 1
        if self.verdict is None:
            self.verdict = self.shown
        self._unsell()
        return Played(seat, whole[-1])

    def _unsell(self) -> None:
        """Take back the words sold in this answer, so the next try starts from the
        position again."""
        while len(self.session.game.actions) > self._start:
            if isinstance(self.session.undo(self.seat), Refused):
                break

    def table_view(self, viewer: int | None) -> TableView:
        """What the screen draws, as at any table."""
        return self.session.table_view(viewer)

    def preview(self, seat: int, typed: str) -> SalePreview:
        """What selling `typed` would do, as at any table."""
        return self.session.preview(seat, typed)

    def hints(self, seat: int, limit: int = 8) -> Sequence[Any]:
        """No hints: the puzzle is to find the answer."""
        return []

    def think(self) -> Thought:
        """No computer acts at a puzzle (the game never passes the seat's decision)."""
        raise BuyWordError("no computer acts at a puzzle")

    def play(self, thought: Thought) -> Played | Refused:
        """No computer acts at a puzzle."""
        return Refused("no computer acts at a puzzle")

    def pause(self, thought: Thought) -> float:
        """No computer acts at a puzzle."""
        return 0.0

    def skip_ahead(self) -> None:
        """Nothing to skip."""

    def undo(self, seat: int) -> Undone | Refused:
        """A word sold in this answer is taken back, as at any table."""
        if len(self.session.game.actions) <= self._start:
            return Refused("There is nothing to take back: this is where the puzzle starts")
        return self.session.undo(seat)


#: What to press for each kind of puzzle, on the panel.
KEYS_FOR = {"choose": "Press 2, 3, 4 or 5", "buy": "Press B to buy or D to discard",
            "sell": "Type each word and Enter; Esc when your sale is complete",
            "wild": "Type each word (the wild's letter in lower case) and Enter; Esc when done",
            "drop": "Press X, then choose the tiles to drop"}


def heading(mode: str, rating: float, day: str = "") -> tuple[str, str]:
    """The puzzle panel's title and the line its text ends with, for a puzzle offered by
    `mode` ("daily", "next", "theme:NAME" or "mine"; `day` the daily puzzle's date) to a
    player rated `rating`. The title is short enough for the panel's border at 80x24
    ("Practice · end of bag"); the date or the rating goes in the text."""
    if mode == "daily":
        return "Daily puzzle", f"The puzzle of {day}, the same for everyone."
    theme = mode.removeprefix("theme:")
    title = {"mine": "Your mistakes", "next": "Puzzle"}.get(mode, f"Practice · {theme}")
    return title, f"Your rating: {round(rating)}."


def puzzle_panel(puzzle: Puzzle, title: str, note: str = "") -> LessonView:
    """The panel beside a puzzle's table (a guided game's panel): what the puzzle asks, what
    the others hold (their money, wilds and tiles: all the seat could see), and the keys."""
    names = [name for n, name in enumerate(table_names(puzzle.position))
             if n != puzzle.position.seat]
    others = "; ".join(f"{name} {dollars(r.money)}, {r.wilds} wild"
                       f"{'' if r.wilds == 1 else 's'}, {r.tiles} tiles"
                       for name, r in zip(names, puzzle.position.rivals, strict=True))
    text = prompt(puzzle) + (f" The others: {others}." if others else "")
    if note:
        text += f" {note}"
    keys = KEYS_FOR.get(puzzle.kind, "Answer with the game's keys")
    return LessonView(title, text, keys + ".", False,
                      f"Not that: this puzzle asks {prompt(puzzle)!r} — {keys.lower()}",
                      posed=True)
