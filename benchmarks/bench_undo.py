"""Undo speed: taking back the last move replays the record without it from the start.

    python benchmarks/bench_undo.py [--games 10] [--repeats 20]

For each seeded solo game (the solo person buys what they can afford and sells the bundled
dictionary's best word), the game's last sale is taken back with
`TableSession.undo`, then played again, `--repeats` times. Printed: the median milliseconds of
an undo that late in a game, beside the baseline of applying the same record's actions to a
new `Game` (what the replay costs without the session's checks), and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time

from buyword.engine import Game, GameRecord, Sell, default_tiles, parse_action
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Undone, Wait
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon


def late_sale(seed: int, lexicon: Lexicon, finder: WordFinder) -> TableSession:
    """A solo game played to its end, then a table around it just after its last sale (the
    latest undo a game offers)."""
    seats = (Seat("You"),)
    session = TableSession.new(GameSetup(seats=seats, seed=seed), lexicon, finder)
    while session.awaiting().wait is not Wait.OVER:
        game, wait = session.game, session.awaiting().wait
        if wait is Wait.SELL:
            player = game.player(0)
            found = finder.find(player.hand, player.wilds)
            answer = f"sell {found[0].notation}" if found else "done"
        elif wait is Wait.CHOOSE:
            answer = "choose 3"
        elif wait is Wait.DROP:
            answer = str(game.legal_actions()[0])
        else:
            legal = [str(action) for action in game.legal_actions()]
            answer = "buy" if "buy" in legal else legal[0]
        session.act(0, answer)
    actions = session.game.actions
    last = max(i for i, action in enumerate(actions) if action.startswith("sell"))
    game = GameRecord.of(session.game).replay(lexicon, upto=last + 1)
    table = TableSession(game, seats, finder)
    assert table.can_undo(0), table.why_not_undo(0)
    return table


def undo_and_redo(session: TableSession) -> None:
    """Take back the last sale and sell it again (leaves the session as it was)."""
    undone = session.undo(0)
    assert isinstance(undone, Undone) and isinstance(undone.action, Sell)
    session.act(0, undone.action)


def replay(game: Game) -> None:
    """The baseline: the same actions applied to a new game."""
    again = Game.new(list(game.names), dictionary=game.dictionary, seed=game.seed,
                     rules=game.rules)
    for action in game.actions:
        again.apply(parse_action(action))


def median_ms(run, repeats: int) -> float:  # noqa: ANN001 - a no-argument callable
    """The median wall time of `run()` over `repeats` runs, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    lexicon = Lexicon.bundled()
    finder = WordFinder(lexicon, default_tiles())
    undos, replays, actions = [], [], []
    for seed in range(1, args.games + 1):
        session = late_sale(seed, lexicon, finder)
        actions.append(len(session.game.actions))
        undos.append(median_ms(lambda s=session: undo_and_redo(s), args.repeats))
        replays.append(median_ms(lambda g=session.game: replay(g), args.repeats))
    undo, base = statistics.median(undos), statistics.median(replays)
    print(f"{args.games} solo games, undo of the game's last sale "
          f"({statistics.median(actions):.0f} actions in the record, median), "
          f"medians of {args.repeats}:")
    print(f"  undo (and sell again)   {undo:7.2f} ms")
    print(f"  replay the record       {base:7.2f} ms")
    print(f"  ratio                   {undo / base:7.2f}x")


if __name__ == "__main__":
    main()
