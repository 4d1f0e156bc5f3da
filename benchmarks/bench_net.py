"""Table server speed on loopback: whole games played by real websocket clients.

    python benchmarks/bench_net.py [--games 5] [--tables 20]

A four-person table's answers are first recorded on the session alone (scripted people: buy
what they can afford, sell the first word they can spell, choose 3). Then, medians over games:
- baseline: the same answers applied in process with `TableSession.act` (no network);
- served: the same answers sent by four clients through a `TableServer`, each answer waiting
  for its own view to come back (a round trip, with every seat's view sent after it);
- many tables: `--tables` such tables served at once by one process, answers per second.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter

from buyword.engine import default_tiles
from buyword.net.client import TableClient
from buyword.net.server import TableServer
from buyword.store.setup import GameSetup, Seat
from buyword.table import TableSession, Wait
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

WORDS = ("at", "ate", "eat", "tea", "seat", "east", "eats", "one", "eon", "diet", "edit",
         "tides", "no", "on", "in", "it", "is", "so", "to", "sit", "tin", "ten", "net", "rat")
LEXICON = Lexicon(WORDS, "benchmark words")
FINDER = WordFinder(LEXICON, default_tiles())
SEATS = tuple(Seat(name) for name in ("Ann", "Bob", "Cy", "Di"))


def table(seed: int) -> TableSession:
    """A four-person private table."""
    return TableSession.new(GameSetup(seats=SEATS, seed=seed), LEXICON, FINDER)


def script(seed: int) -> list[tuple[int, str]]:
    """The answers of one whole game, played on the session alone."""
    session, answers = table(seed), []
    while (awaiting := session.awaiting()).wait is not Wait.OVER:
        seat = awaiting.seats[0]
        player, wait = session.game.player(seat), awaiting.wait
        text = {Wait.ROLL: "roll", Wait.CHOOSE: "choose 3", Wait.CHALLENGE: "pass"}.get(wait)
        if wait is Wait.BUY:
            text = "buy" if session.view(seat).can_buy else "discard"
        elif wait is Wait.DROP:
            text = "drop " + player.hand[-session.game.over_limit(seat):]
        elif wait is Wait.SELL:
            hand = Counter(player.hand)
            fits = [w for w in WORDS if not Counter(w.upper()) - hand]
            text = f"sell {fits[0].upper()}" if fits else "done"
        played = session.act(seat, text)
        answers.append((seat, str(played.action)))  # with the die's face written in
    return answers


def baseline(seed: int, answers: list[tuple[int, str]]) -> float:
    """Seconds to apply the answers in process."""
    session = table(seed)
    started = time.perf_counter()
    for seat, text in answers:
        session.act(seat, text)
    return time.perf_counter() - started


async def served(seed: int, answers: list[tuple[int, str]]) -> float:
    """Seconds to play the answers through a server, one round trip each."""
    session = table(seed)
    async with TableServer(session) as server:
        clients = []
        for code in server.codes.values():
            client = await TableClient.connect("127.0.0.1", server.port)
            await client.join(code=code)
            clients.append(client)
        started = time.perf_counter()
        for seat, text in answers:
            await clients[seat].act(text)
            await clients[seat].next_view()
        elapsed = time.perf_counter() - started
        assert session.game.outcome() is not None
        for client in clients:
            await client.close()
    return elapsed


async def many(tables: int, scripts: dict[int, list[tuple[int, str]]]) -> float:
    """Seconds for `tables` tables served at once (one process) to play their answers."""
    started = time.perf_counter()
    await asyncio.gather(*(served(seed, scripts[seed]) for seed in range(tables)))
    return time.perf_counter() - started


def main() -> None:
    """Print the medians and the ratio."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--tables", type=int, default=20)
    args = parser.parse_args()
    scripts = {seed: script(seed) for seed in range(max(args.games, args.tables))}
    answers = [len(scripts[seed]) for seed in range(args.games)]
    base = [baseline(seed, scripts[seed]) / len(scripts[seed]) for seed in range(args.games)]
    net = [asyncio.run(served(seed, scripts[seed])) / len(scripts[seed])
           for seed in range(args.games)]
    total = asyncio.run(many(args.tables, scripts))
    all_answers = sum(len(scripts[seed]) for seed in range(args.tables))
    print(f"answers per game: median {statistics.median(answers)}")
    print(f"in process (TableSession.act): {statistics.median(base) * 1e3:.3f} ms per answer")
    print(f"served (4 clients, round trip): {statistics.median(net) * 1e3:.3f} ms per answer "
          f"({statistics.median(net) / statistics.median(base):.1f}x in process)")
    print(f"{args.tables} tables at once: {total:.2f} s, {all_answers / total:.0f} answers/s")


if __name__ == "__main__":
    main()
