"""Puzzles at the table: a decision point made into a puzzle, a puzzle made back into the
seat's view, an answer judged, and the ratings an attempt moves (docs/puzzles.md). No Textual.

    puzzle = make_puzzle(view, appraisal, source, puzzle_id(seed, index, seat))  # or None
    view = view_of(puzzle.position, rules)      # what the seat saw, for a screen or Master
    answer = judge(puzzle, actions)             # the answer given, with its worth and loss
    change = rate_attempt(progress, puzzle, answer.right)   # Glicko-2, both ways

A puzzle is kept only when it is clear: the best answer beats the second best by `CLEAR_GAP`
dollars or more, and their 95% intervals do not overlap (`clear_gap`). Its one-line explanation
is the coach's own line for the second best answer (`buyword.table.coach.coach_says`), so the
two never say a thing two ways.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import glicko2

from buyword.bots.master import Appraisal, Decision, Estimate
from buyword.bots.view import Opponent, SeatView
from buyword.engine import Buy, Choose, Discard, Done, Drop, Rules, Sell
from buyword.engine.actions import Action, parse_action
from buyword.engine.phase import Phase
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
from buyword.table.weighing import Moment, same, verdict

if TYPE_CHECKING:
    from buyword.bots.base import Bot

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
           "wild": "Where does the wild go?"}


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
    """The puzzle's kind: the decision's, or "wild" for a sale whose two best answers sell the
    same letters with the wild in different places."""
    kind = str(view.phase)
    if kind == "sell":
        first, second = (_wild_places(e.decision) for e in ranked[:2])
        if first[0] == second[0] and first[1] != second[1]:
            return "wild"
    return kind


def _wild_places(decision: Decision) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A sale's letters (in capitals, sorted) and its words as written (the wild in lower
    case)."""
    words = tuple(sorted(a.word for a in decision.actions if isinstance(a, Sell)))
    return tuple(sorted(w.upper() for w in words)), words


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


class _Player(glicko2.Player):  # type: ignore[misc]  # glicko2 has no type information
    """The glicko2 library's player with step 5 as Glickman wrote it.

    glicko2 2.1.0's `_f` reads the rating where Glickman's step 5 has the deviation (phi
    squared). Near 1500 the new volatility hardly differs (the paper's example still comes
    out to its printed digits); far from it the volatility drifts, so that the same games
    500 points lower change a rating differently. Everything else is the library's."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi2: float = (self.rd / glicko2_scale()) ** 2
        ex = math.exp(x)
        tau: float = self._tau
        return (ex * (delta ** 2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2)
                - (x - a) / tau ** 2)


def glicko2_scale() -> float:
    """Glicko-2's scale factor: ratings on Glicko's scale are this many times its own."""
    return 173.7178


def updated(own: Glicko, opponents: Sequence[tuple[Glicko, float]]) -> Glicko:
    """`own` after one rating period of games against `opponents` (each a rating and the
    score: 1 won, 0 lost, 0.5 drawn), by Glicko-2 (the glicko2 library, Glickman's tau 0.5)."""
    player = _Player(own.rating, own.deviation, own.volatility)
    if opponents:
        player.update_player([o.rating for o, _ in opponents],
                             [o.deviation for o, _ in opponents],
                             [score for _, score in opponents])
    else:
        player.did_not_compete()
    return Glicko(float(player.rating), float(player.rd), float(player.vol))


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
