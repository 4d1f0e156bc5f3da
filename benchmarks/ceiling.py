"""The ceiling: the most money a clairvoyant search finds in a solo game, to measure the levels by.

A measurement, never a player: it reads the whole bag order and every roll of the die, which no
seat may know, so it lives here among the benchmarks and not in `buyword.bots` (`make_bot` cannot
make it).

The search is a beam search over rounds. A line of play is a state (money, tiles drawn so far,
hand, wilds left); each round every state in the beam is extended by every combination of:
the draw count on CHOICE (2-5), buy or discard, a sale (nothing, the best whole sale of the
exact planner, or one of the dearest single words), and at the tile limit a choice of tiles to
keep (those that make the dearest word with the tiles about to be drawn, or the handiest). The
beam keeps the lines with the most money plus a share of the dearest word the hand could make
with the next few tiles of the bag, and the final round always sells the best whole sale. The
best line found is replayed through the engine, which must agree on the money.

Every line it finds is a legal game, so its result is a lower bound on the true optimum (the
best play with full knowledge), not the optimum itself: a wider beam or more options per round
can only find as much or more.

    .venv/bin/python benchmarks/ceiling.py [--games 50] [--seed 1] [--beam 8 ...] [--jobs 2]

Several beams (`--beam 8 256`) search the same seeds, and the summary gives each beam's mean with
its 95% confidence interval and what each wider beam adds a seed over the one before: how far
the figure still moves. Each seed's line is printed as it is found, so a run cut short keeps
what it found.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass

from buyword.analysis.sim import interval_text
from buyword.bots.index import Word, WordIndex, take
from buyword.bots.levels import HANDY
from buyword.engine import CHOICE, Game, Phase, Roll, Rules, price
from buyword.words.finder import Candidate, WordFinder
from buyword.words.lexicon import Lexicon
from buyword.words.planner import SalePlan, plan_sale

#: Single words tried as a sale besides nothing and the best whole sale.
SINGLE_WORDS = 3
#: Tiles of the bag ahead that the beam's score and the tiles kept at the limit look at.
LOOK_AHEAD = 5
#: The share of the dearest word in reach that the beam adds to a line's money.
REACH_SHARE = 1.0


@dataclass(frozen=True)
class Line:
    """A line of play after some rounds: where it stands and the actions that led there."""

    money: int
    drawn: int  # tiles taken from the bag so far
    hand: str  # sorted
    wilds: int
    actions: tuple[str, ...]
    over: bool = False  # the game has ended


@dataclass(frozen=True)
class Ceiling:
    """The best line found for one seed: its money and its actions, checked by the engine."""

    seed: int
    money: int
    actions: tuple[str, ...]
    beam: int = 0
    seconds: float = 0.0  # CPU seconds the search took


class Search:
    """The clairvoyant beam search for one seeded solo game."""

    def __init__(self, seed: int, finder: WordFinder, lexicon: Lexicon, beam: int,
                 rules: Rules | None = None) -> None:
        """Read the bag and the die of `seed` (what makes this a measurement, not a player)."""
        self.rules = rules or Rules()
        self.seed = seed
        self.finder = finder
        self.lexicon = lexicon
        self.index = WordIndex(finder, min_length=self.rules.min_word_length)
        self.beam = beam
        game = Game.new(["ceiling"], dictionary=lexicon, seed=seed, rules=self.rules)
        self.bag = game.bag
        self.faces = _faces(seed, lexicon, self.rules)
        # Lines often hold the same tiles: plan each hand's sales once.
        self._plans: dict[tuple[str, int], SalePlan] = {}
        self._words: dict[tuple[str, int], list[Candidate]] = {}

    def _plan(self, hand: str, wilds: int) -> SalePlan:
        plan = self._plans.get((hand, wilds))
        if plan is None:
            plan = self._plans[hand, wilds] = plan_sale(self.finder, hand, wilds,
                                                        self.rules.min_word_length)
        return plan

    def _singles(self, hand: str, wilds: int) -> list[Candidate]:
        words = self._words.get((hand, wilds))
        if words is None:
            words = self._words[hand, wilds] = self._dearest(hand, wilds, SINGLE_WORDS)
        return words

    def _dearest(self, hand: str, wilds: int, count: int) -> list[Candidate]:
        """The first `count` of `finder.find(hand, wilds)` (most pips first, ties in
        alphabetical order), read off the index's dearest tile sets instead of listing every
        word the hand makes: that listing was half the search's time.

        The index lists tile sets, dearest first; each is spelled into the finder's words
        until the next set is cheaper than the `count`-th word found, so every word that could
        tie with it has been seen.
        """
        asked = count
        while True:
            sets = self.index.dearest_words(hand, wilds, asked)
            found: list[Candidate] = []
            for tiles in sets:
                if len(found) >= count and tiles.pips < found[count - 1].pips:
                    return found[:count]
                found.extend(self._spelled(hand, tiles))
                found.sort(key=lambda word: (-word.pips, word.word))
            if len(sets) < asked:  # every set the hand makes has been spelled
                return found[:count]
            asked *= 2

    def _spelled(self, hand: str, tiles: Word) -> list[Candidate]:
        """The finder's candidates for one tile set: its anagrams, or with the wild each word
        it spells with a letter the hand does not hold besides (the finder lists a word the
        hand spells in full only without the wild)."""
        spelled = self.finder.spelled
        if not tiles.wild:
            return [Candidate(word, None, tiles.pips) for word in spelled(tiles.letters)]
        rest = take(hand, tiles.letters)
        return [Candidate(word, letter, tiles.pips)
                for letter in self.finder.wild_letters(tiles.letters) if letter not in rest
                for word in spelled("".join(sorted(tiles.letters + letter)))]

    def run(self) -> Ceiling:
        """The best line found, replayed through the engine."""
        clock = time.process_time()
        start = self.rules.starting_money
        lines = [Line(start, 0, "", self.rules.wilds_for(1), ())]
        finished: list[Line] = []
        for face in self.faces:
            if not lines:
                break
            grown: dict[tuple[int, str, int], Line] = {}
            for line in lines:
                for child in self._rounds(line, face):
                    if child.over:
                        finished.append(child)
                        continue
                    key = (child.drawn, child.hand, child.wilds)
                    if key not in grown or grown[key].money < child.money:
                        grown[key] = child
            lines = sorted(grown.values(), key=self._score, reverse=True)[: self.beam]
        best = max(finished, key=lambda line: line.money)
        return Ceiling(self.seed, self._replay(best), best.actions, self.beam,
                       time.process_time() - clock)

    # ------------------------------------------------------------------ one round

    def _rounds(self, line: Line, face: int | str) -> Iterator[Line]:
        """Every way this search plays the round from `line`."""
        counts = self.rules.draw_choices if face == CHOICE else (face,)
        for count in counts:
            chose = (f"roll {face}", *((f"choose {count}",) if face == CHOICE else ()))
            left = len(self.bag) - line.drawn
            if left < count:  # the final round: nothing drawn, sell all that pays
                yield self._final(line, chose)
                continue
            draw = self.bag[line.drawn: line.drawn + count]
            after = Line(line.money, line.drawn + count, line.hand, line.wilds, ())
            cost = self.rules.tiles.price_of(draw)
            options = [("discard", after)]
            if line.money >= cost:
                options.append(("buy", Line(line.money - cost, after.drawn,
                                            "".join(sorted(line.hand + draw)), line.wilds, ())))
            for decision, bought in options:
                actions = (*line.actions, *chose, decision)
                if bought.drawn == len(self.bag):  # the bag is empty: this round is the last
                    yield self._final(Line(bought.money, bought.drawn, bought.hand,
                                           bought.wilds, actions), ())
                    continue
                yield from self._sales(Line(bought.money, bought.drawn, bought.hand,
                                            bought.wilds, actions))

    def _final(self, line: Line, chose: tuple[str, ...]) -> Line:
        """The final round: the best whole sale, then the game is over."""
        plan = self._plan(line.hand, line.wilds)
        actions = (*line.actions, *chose, *(f"sell {n}" for n in plan.notations), "done")
        return Line(line.money + plan.total, len(self.bag), plan.leftover,
                    line.wilds - plan.wilds_used, actions, over=True)

    def _sales(self, line: Line) -> Iterator[Line]:
        """The round's selling and the tile limit, every way the search tries."""
        sales: list[tuple[tuple[str, ...], int, str, int]] = [((), 0, line.hand, line.wilds)]
        plan = self._plan(line.hand, line.wilds)
        if plan.words:
            sales.append((plan.notations, plan.total, "".join(sorted(plan.leftover)),
                          line.wilds - plan.wilds_used))
        seen = {(line.hand, line.wilds)}
        for word in self._singles(line.hand, line.wilds):
            rest = take(line.hand, word.letters)
            wilds = line.wilds - (word.wild is not None)
            if (rest, wilds) not in seen:
                seen.add((rest, wilds))
                sales.append(((word.notation,), word.price, rest, wilds))
        for notations, earned, hand, wilds in sales:
            actions = (*line.actions, *(f"sell {n}" for n in notations), "done")
            for kept in self._keeps(hand, wilds, line.drawn):
                dropped = () if kept == hand else (f"drop {take(hand, kept)}",)
                yield Line(line.money + earned, line.drawn, kept, wilds, (*actions, *dropped))

    def _keeps(self, hand: str, wilds: int, drawn: int) -> list[str]:
        """The tiles to keep at the tile limit: all of them when under it, else a few choices."""
        limit = self.rules.tile_limit
        if limit is None or len(hand) <= limit:
            return [hand]
        handy = "".join(sorted(sorted(hand, key=HANDY.index)[:limit]))
        keeps = {handy}
        ahead = self.bag[drawn: drawn + LOOK_AHEAD]
        for word in self.index.dearest_words(hand + ahead, wilds, 8):
            mine = _common(word.letters, hand)
            if len(mine) <= limit:
                rest = sorted(take(hand, mine), key=HANDY.index)
                keeps.add("".join(sorted(mine + "".join(rest[: limit - len(mine)]))))
            if len(keeps) >= 3:
                break
        return sorted(keeps)

    def _score(self, line: Line) -> float:
        """Money plus a share of the dearest word the hand could make with the tiles ahead."""
        ahead = self.bag[line.drawn: line.drawn + LOOK_AHEAD]
        return line.money + REACH_SHARE * price(self.index.best_pips(line.hand + ahead,
                                                                      line.wilds))

    # ------------------------------------------------------------------ the check

    def _replay(self, line: Line) -> int:
        """Play the line through the engine; its money, which must be the search's."""
        game = Game.new(["ceiling"], dictionary=self.lexicon, seed=self.seed, rules=self.rules)
        for action in line.actions:
            if action.startswith("roll"):
                rolled = game.apply(Roll())
                assert game.actions[-1] == action, (self.seed, game.actions[-1], action, rolled)
            else:
                game.apply(action)
        assert game.phase is Phase.OVER, f"seed {self.seed}: the line does not finish the game"
        money = game.players[0].money
        assert money == line.money, f"seed {self.seed}: engine says ${money}, search ${line.money}"
        return money


def _common(letters: str, hand: str) -> str:
    """The tiles of `letters` that `hand` holds (multiset intersection), sorted."""
    held = list(hand)
    mine = []
    for letter in letters:
        if letter in held:
            held.remove(letter)
            mine.append(letter)
    return "".join(sorted(mine))


def _faces(seed: int, lexicon: Lexicon, rules: Rules) -> list[int | str]:
    """Every roll of the die in this seed's game, read by playing it through the engine.

    The die does not depend on what the players do; drawing the fewest tiles each round
    plays the most rounds, so this lists at least as many rolls as any line can use.
    """
    game = Game.new(["probe"], dictionary=lexicon, seed=seed, rules=rules)
    fewest = min(rules.draw_choices)
    while game.phase is not Phase.OVER:
        match game.phase:
            case Phase.ROLL:
                game.apply("roll")
            case Phase.CHOOSE:
                game.apply(f"choose {fewest}")
            case Phase.BUY:
                game.apply("discard")
            case _:
                game.apply("done")
    return [_face(action) for action in game.actions if action.startswith("roll")]


def _face(action: str) -> int | str:
    face = action.split()[1]
    return face if face == CHOICE else int(face)


def ceiling(seed: int, beam: int) -> Ceiling:
    """The best line found for `seed` with the bundled dictionary (for a process pool)."""
    from buyword.table.services import Services

    finder, lexicon = Services.shared().words()
    return Search(seed, finder, lexicon, beam).run()  # type: ignore[arg-type]


def ceilings(seeds: range, beam: int, jobs: int, progress: bool = False) -> list[Ceiling]:
    """The ceiling of each seed, in seed order (each printed as it is found, if `progress`)."""
    return searched([(seed, beam) for seed in seeds], jobs, progress)


def searched(tasks: list[tuple[int, int]], jobs: int, progress: bool = False) -> list[Ceiling]:
    """The ceiling of each (seed, beam), in that order (each printed as it is found, if
    `progress`)."""
    from buyword.table.services import Services

    Services.shared().words()
    found: list[Ceiling] = []
    if jobs <= 1:
        for task in tasks:
            found.append(_shown(_ceiling_task(task), progress))
        return found
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for result in pool.imap_unordered(_ceiling_task, tasks):
            found.append(_shown(result, progress))
    return sorted(found, key=lambda result: (result.seed, result.beam))


def _ceiling_task(task: tuple[int, int]) -> Ceiling:
    return ceiling(*task)


def _shown(result: Ceiling, progress: bool) -> Ceiling:
    if progress:
        print(f"seed {result.seed} beam {result.beam}: ${result.money:,} "
              f"({result.seconds:.1f} s CPU)", flush=True)
    return result


def summary(found: list[Ceiling]) -> list[str]:
    """Each beam's mean (95% CI), median and CPU seconds a seed, then what each wider beam adds
    a seed over the next narrower one on the same seeds."""
    by_beam: dict[int, dict[int, Ceiling]] = {}
    for result in found:
        by_beam.setdefault(result.beam, {})[result.seed] = result
    lines = []
    for beam, results in sorted(by_beam.items()):
        money = [result.money for result in results.values()]
        seconds = [result.seconds for result in results.values()]
        lines.append(f"beam {beam}, {len(money)} seeds: mean ${statistics.fmean(money):,.0f} "
                     f"{interval_text(money)}, median ${statistics.median(money):,.0f}; "
                     f"CPU a seed median {statistics.median(seconds):.1f} s, "
                     f"max {max(seconds):.1f} s")
    beams = sorted(by_beam)
    for narrow, wide in zip(beams, beams[1:], strict=False):
        seeds = sorted(by_beam[narrow].keys() & by_beam[wide].keys())
        gains = [by_beam[wide][seed].money - by_beam[narrow][seed].money for seed in seeds]
        if gains:
            lines.append(f"beam {wide} over beam {narrow}, {len(gains)} seeds: "
                         f"{statistics.fmean(gains):+,.1f} a seed "
                         f"{interval_text(gains, signed=True, places=1)}; "
                         f"more on {sum(gain > 0 for gain in gains)}, "
                         f"less on {sum(gain < 0 for gain in gains)}")
    return lines


def main() -> None:
    """Print each seed's ceiling at each beam, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--beam", type=int, nargs="+", default=[8],
                        help="one beam width or several, each searching the same seeds")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.games)
    found = searched([(seed, beam) for seed in seeds for beam in sorted(set(args.beam))],
                     args.jobs, progress=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nceiling, seeds {seeds.start}..{seeds.stop - 1} "
          f"({time.perf_counter() - start:.0f} s; load average {load:.1f} on "
          f"{os.cpu_count()} cores at the end)")
    for line in summary(found):
        print(line)


if __name__ == "__main__":
    main()
