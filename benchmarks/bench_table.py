"""Table session speed: whole table games played on the session alone, no screen.

    python benchmarks/bench_table.py [--games 20] [--repeats 5]

Two figures, medians over the repeats:
- people only: the answers of three scripted people (buy what they can afford, sell the best
  word, pass on challenges; challenge mode, private hands) played again through
  `TableSession.act`, against the same actions applied straight to the engine (`Game.apply`):
  the session's own overhead (turns, challenge window, autosave hook, refusal checks).
- with computers: one scripted person with an Easy and an Expert computer (bundled dictionary),
  milliseconds per whole game, thinking included.
"""

from __future__ import annotations

import argparse
import statistics
import time

from buyword.engine import Game, default_tiles
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon


def person(session: TableSession, seat: int) -> str:
    """A simple person: roll, choose 3, buy when affordable, sell the best word, pass."""
    awaiting, game = session.awaiting(), session.game
    if awaiting.wait is Wait.CHALLENGE:
        return "pass"
    if awaiting.wait is Wait.SELL:
        player = game.player(seat)
        found = session.finder.find(player.hand, player.wilds)
        return f"sell {found[0].notation}" if found else "done"
    if awaiting.wait is Wait.CHOOSE:
        return "choose 3"
    legal = [str(action) for action in game.legal_actions()]
    return "buy" if "buy" in legal else legal[0]


def table(seats: tuple[Seat, ...], seed: int, lexicon: Lexicon,
          finder: WordFinder) -> TableSession:
    """A new table session in challenge mode with private hands."""
    setup = GameSetup(seats=seats, seed=seed, challenge=True, private_hands=True)
    return TableSession.new(setup, lexicon, finder, on_change=lambda session, played: None)


def play(seats: tuple[Seat, ...], seed: int, lexicon: Lexicon,
         finder: WordFinder) -> list[tuple[int, str]]:
    """One whole game on the session; returns the people's answers, in order."""
    session = table(seats, seed, lexicon, finder)
    answers = []
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        if awaiting.computer:
            session.step()
        else:
            seat = awaiting.seats[0]
            answers.append((seat, person(session, seat)))
            session.act(*answers[-1])
    return answers


def answer_again(seed: int, answers: list[tuple[int, str]], lexicon: Lexicon,
                 finder: WordFinder) -> Game:
    """The same answers through a fresh session."""
    session = table(PEOPLE, seed, lexicon, finder)
    for seat, answer in answers:
        session.act(seat, answer)
    assert session.awaiting().wait is Wait.OVER
    return session.game


def apply_again(game: Game, lexicon: Lexicon) -> None:
    """The same actions straight into the engine (the baseline)."""
    again = Game.new(list(game.names), dictionary=lexicon, seed=game.seed, rules=game.rules)
    for action in game.actions:
        again.apply(action)


PEOPLE = (Seat("Ann"), Seat("Bob"), Seat("Cy"))


def median_seconds(run, repeats: int) -> float:  # noqa: ANN001 - a no-argument callable
    """The median wall time of `run()` over `repeats` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    lexicon = Lexicon.bundled()
    finder = WordFinder(lexicon, default_tiles())
    seeds = range(1, args.games + 1)
    scripts = {seed: play(PEOPLE, seed, lexicon, finder) for seed in seeds}
    games = [answer_again(seed, scripts[seed], lexicon, finder) for seed in seeds]
    session = median_seconds(
        lambda: [answer_again(s, scripts[s], lexicon, finder) for s in seeds], args.repeats)
    engine = median_seconds(lambda: [apply_again(g, lexicon) for g in games], args.repeats)
    actions = sum(len(g.actions) for g in games)
    answers = sum(len(script) for script in scripts.values())
    print(f"people only, {args.games} games, {answers} answers ({actions} engine actions), "
          f"medians of {args.repeats}:")
    print(f"  through the session  {session / args.games * 1000:8.2f} ms/game")
    print(f"  engine only          {engine / args.games * 1000:8.2f} ms/game")
    print(f"  ratio                {session / engine:8.1f}x")
    mixed = (Seat("Ann"), Seat("Cy", "easy"), Seat("Ed", "expert"))
    play(mixed, 0, lexicon, finder)  # builds Easy's vocabulary once, outside the timing
    computers = median_seconds(lambda: [play(mixed, s, lexicon, finder) for s in seeds],
                               args.repeats)
    print(f"one person, Easy and Expert: {computers / args.games * 1000:8.1f} ms/game")


if __name__ == "__main__":
    main()
