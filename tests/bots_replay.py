"""The seeded games whose every action the levels must keep making (tests/data/bot_actions.json).

The fixture was recorded before the index was made faster; `python tests/bots_replay.py`
rewrites it, which is only right when a level's play is meant to change. The two table games
were re-recorded when computers came to play at a table session with private hands: played
with open hands they still make exactly the actions recorded before; the solo games (where
a seat sees all there is) did not change. Expert's games (and the tables it sits at) were
re-recorded when Expert came to weigh 36 futures, buy at half the price's worth and let a
wild's charge fall over the bag's last quarter, again when it came to draw 4 on CHOICE into
a full hand (each game first differs at such a choice), and again when it came to add learned
leave values to what it keeps; the other levels' games did not change.
"""

from __future__ import annotations

import json
from pathlib import Path

from buyword.engine import Game
from buyword.store.rules_codec import rules_from
from buyword.store.setup import Seat
from buyword.table import TableSession, Wait

FIXTURE = Path(__file__).parent / "data" / "bot_actions.json"

#: (name, levels by seat, seed, rule settings): every level solo, tables, and a game without a
#: tile limit (whose hands grow large enough for the index's pruned search).
GAMES: tuple[tuple[str, tuple[str, ...], int, dict], ...] = (
    ("greedy solo", ("greedy",), 1, {}),
    ("easy solo", ("easy",), 1, {}),
    ("medium solo", ("medium",), 1, {}),
    ("hard solo", ("hard",), 1, {}),
    ("expert solo 1", ("expert",), 1, {}),
    ("expert solo 2", ("expert",), 2, {}),
    ("expert solo 3", ("expert",), 3, {}),
    ("expert solo, no tile limit", ("expert",), 4, {"tile_limit": None}),
    ("expert solo, 3-letter words", ("expert",), 5, {"min_word_length": 3}),
    ("four levels", ("easy", "medium", "hard", "expert"), 6, {}),
    ("expert and hard", ("expert", "hard"), 7, {}),
)


def play(levels: tuple[str, ...], seed: int, settings: dict, finder: object,
         lexicon: object) -> list[str]:
    """Every action of one seeded game of bots at a table session (private hands, each
    computer seeded as at the app's table), in notation."""
    rules = rules_from(settings) if settings else None
    names = [f"P{i}" for i in range(len(levels))]
    game = Game.new(names, dictionary=lexicon, seed=seed, rules=rules)
    seats = [Seat(name, level) for name, level in zip(names, levels, strict=True)]
    session = TableSession(game, seats, finder)  # type: ignore[arg-type]
    while session.awaiting().wait is not Wait.OVER:
        session.step()
    return list(game.actions)


def main() -> None:
    """Record every game's actions into the fixture."""
    from buyword.table.services import Services

    finder, lexicon = Services.shared().words()
    games = {name: play(levels, seed, settings, finder, lexicon)
             for name, levels, seed, settings in GAMES}
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(games, indent=0) + "\n")


if __name__ == "__main__":
    main()
