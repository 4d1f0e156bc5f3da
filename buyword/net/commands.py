"""`buyword host` and `buyword join` on the command line, before the table screens drive them.

`host` serves a table (people's seats get join codes, the rest are computers), autosaves it in
the game-in-progress slot like a local game (`buyword host --continue` resumes it) and records
it when it ends. `join` plays one seat in plain text: it prints the table and reads answers in
the game's notation.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

#: The port `buyword host` listens on unless told otherwise.
DEFAULT_PORT = 8765


def add_commands(sub: Any) -> None:
    """Add the `host` and `join` subcommands to the command line's subparsers."""
    host = sub.add_parser("host", help="serve a table that players join from their own screens")
    host.add_argument("--host", dest="address", default="127.0.0.1",
                      help="the address to listen on (default 127.0.0.1: this machine only)")
    host.add_argument("--port", type=int, default=DEFAULT_PORT,
                      help=f"port to listen on (default {DEFAULT_PORT})")
    host.add_argument("--people", default="Ann,Bob",
                      help='the names of the seats people join, e.g. "Ann,Bob"')
    host.add_argument("--computers", default="",
                      help='levels of the computer seats, e.g. "easy,hard"')
    host.add_argument("--seed", type=int, help="deal the game with this seed")
    host.add_argument("--challenge", action="store_true", help="play in challenge mode")
    host.add_argument("--continue", dest="host_resume", action="store_true",
                      help="serve the saved game in progress again")
    join = sub.add_parser("join", help="play a seat at a table someone hosts")
    join.add_argument("address", metavar="HOST:PORT", help="where the host's table listens")
    join.add_argument("code", help="the seat's join code (or its token, to come back)")


def run(args: argparse.Namespace) -> int:
    """Run `host` or `join`; returns the exit code."""
    try:
        if args.command == "host":
            return asyncio.run(_host(args))
        host, _, port = args.address.rpartition(":")
        if not host or not port.isdigit():
            print(f"buyword join: {args.address!r} is not HOST:PORT, e.g. 127.0.0.1:8765",
                  file=sys.stderr)
            return 2
        return asyncio.run(_join(host, int(port), args.code))
    except KeyboardInterrupt:
        print("\nStopped. A hosted game is saved: buyword host --continue serves it again.")
        return 130


# ---------------------------------------------------------------------- hosting


def _setup(args: argparse.Namespace) -> Any:
    from buyword.table import GameSetup, Seat

    people = [Seat(name.strip()) for name in args.people.split(",") if name.strip()]
    computers = [Seat(f"Computer {i + 1}", level.strip())
                 for i, level in enumerate(args.computers.split(",")) if level.strip()]
    return GameSetup(seats=tuple(people + computers), seed=args.seed,
                     challenge=args.challenge)


async def _host(args: argparse.Namespace) -> int:
    import random

    from buyword.net.server import TableServer
    from buyword.store import SavedGame, Store
    from buyword.table import GameSetup, Services, TableSession

    store, services = Store(), Services()
    saved = None
    if args.host_resume:
        peeked = store.peek_game()
        if peeked.saved is None or "setup" not in peeked.saved.options:
            print(f"buyword host: {peeked.message or 'no saved game to serve'}", file=sys.stderr)
            return 2
        setup = GameSetup.from_meta(peeked.saved.options["setup"])
        lexicon = services.dictionary_for(setup)
        loaded = store.resume(peeked.saved, lexicon)
        if loaded.game is None:
            print(f"buyword host: {loaded.message}", file=sys.stderr)
            return 2
        saved, game = loaded.saved, loaded.game
    else:
        from buyword.bots import LEVELS

        setup = _setup(args)
        unknown = [s.level for s in setup.seats if s.level and s.level not in LEVELS]
        if unknown:
            print(f"buyword host: no computer level {unknown[0]!r}; choose from "
                  f"{', '.join(LEVELS)}", file=sys.stderr)
            return 2
        if not (setup.humans >= 1 and 2 <= len(setup.seats) <= 4):
            print("buyword host: a table needs 2 to 4 seats and at least one person",
                  file=sys.stderr)
            return 2
        if setup.seed is None:
            setup = setup.with_seed(random.SystemRandom().randrange(10**9))
        lexicon = services.dictionary_for(setup)
        game = None
    finder = services.finder(lexicon, setup.rules().tiles)
    if game is None:
        session = TableSession.new(setup, lexicon, finder)
        saved = SavedGame.of(session.game, bots=tuple(s.level for s in setup.seats),
                             hints=tuple(0 for _ in setup.seats),
                             options={"setup": setup.to_meta(), "hosted": True})
    else:
        session = TableSession.of(game, setup, finder)
    state = {"saved": saved}

    def autosave(session_: TableSession, _played: object) -> None:
        state["saved"] = state["saved"].updated(session_.game)
        if session_.game.outcome() is None:
            store.save_game(state["saved"])

    session.on_change = autosave
    store.save_game(saved)
    server = TableServer(session, host=args.address, port=args.port)
    try:
        await server.start()
    except OSError as error:
        print(f"buyword host: cannot listen on {args.address}:{args.port}: {error.strerror}",
              file=sys.stderr)
        return 2
    for line in server.describe():
        print(line, flush=True)
    if store.warning:
        print(f"Not saving: {store.warning}")
    await server.finished()
    store.finish_game(state["saved"], session.game)
    outcome = session.game.outcome()
    print(outcome.reason if outcome else "")
    for standing in outcome.standings if outcome else ():
        print(f"  {standing.place}. {standing.name} ${standing.money}")
    await asyncio.sleep(0.5)  # the last views go out before the table closes
    await server.close()
    return 0


# ---------------------------------------------------------------------- joining


def _show(view: dict[str, Any], printed: int) -> None:
    for line in view["log"][max(0, printed - view["log_from"]):]:
        print(f"  {line}")
    others = "  ".join(f"{o['name']} ${o['money']} ({o['tiles']} tiles, {o['wilds']} wild)"
                       for o in view["others"])
    print(f"You: ${view['money']}, hand {view['hand'] or '-'}, {view['wilds']} wild"
          + (f", draw {view['drawn']} (${view['price']})" if view["drawn"] else "")
          + f" | {others} | bag {view['bag']}")
    print(("Your turn: " if view["awaiting"]["you"] else "") + view["awaiting"]["words"])


async def _join(host: str, port: int, secret: str) -> int:
    from buyword.net.client import TableClient, TableRefused

    try:
        client = await TableClient.connect(host, port)
        view = await client.join(code=secret) if len(secret) <= 8 \
            else await client.join(token=secret)
    except (OSError, TableRefused, TimeoutError) as error:
        print(f"buyword join: {error}", file=sys.stderr)
        return 2
    print(f"You are {client.name}. To come back after a drop: "
          f"buyword join {host}:{port} {client.token}")
    printed, refused = 0, 0
    while client.connected and not client.over:
        _show(view, printed)
        printed = view["log_size"]
        if client.my_turn:
            try:
                text = await asyncio.to_thread(input, "> ")
            except EOFError:  # the input ended: leave the seat (the token takes it back)
                await client.leave()
                return 0
            await client.act(text)
        view = await client.next_view(timeout=3600)
        while len(client.refusals) > refused:
            print(f"Not now: {client.refusals[refused]}")
            refused += 1
    if client.over:
        _show(client.view or view, printed)
        return 0
    print(f"buyword join: {client.error or 'the table closed'}", file=sys.stderr)
    return 1
