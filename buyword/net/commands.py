"""`buyword host` and `buyword join` on the command line.

`host` serves a table (people's seats get join codes, the rest are computers), autosaves it in
the game-in-progress slot like a local game (`buyword host --continue` resumes it) and records
it when it ends. The host plays the first person's seat on the usual table screen; with
`--text` it only serves (every person's seat gets a code). `join` opens the table screen for
one seat; with `--text` it plays in plain text: it prints the table and reads answers in the
game's notation. The screens are the caller's (`buyword.cli` passes them from `buyword.ui`):
this layer never imports Textual.
"""

from __future__ import annotations

import asyncio
import errno
import signal
import sys
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from buyword.engine.wording import dollars

if TYPE_CHECKING:
    from buyword.engine.dictionary import Dictionary
    from buyword.net.remote import HostSeat, JoinedTable
    from buyword.net.server import TableServer
    from buyword.store.setup import GameSetup
    from buyword.store.store import Loaded
    from buyword.table import TableSession
    from buyword.table.autosave import Autosave
    from buyword.table.views import TableView
    from buyword.words.finder import WordFinder

#: The host's table screen: plays the host's seat until the host quits or the game is over.
HostScreen = Callable[["HostSeat"], Awaitable[None]]
#: A joined seat's table screen: plays it until the player leaves or the game is over.
JoinScreen = Callable[["JoinedTable"], Awaitable[None]]

#: The port `buyword host` listens on unless told otherwise.
DEFAULT_PORT = 8765


@dataclass(frozen=True)
class HostOptions:
    """`buyword host`'s options (the command line builds them: `buyword.cli`)."""

    address: str = "127.0.0.1"  # --host: the address to listen on
    port: int = DEFAULT_PORT
    people: str = "Ann,Bob"  # the people's seats' names, comma-separated
    computers: str = ""  # the computer seats' levels, comma-separated
    seed: int | None = None
    challenge: bool = False
    hints: bool = False
    coach: bool = False
    crossword: bool = False
    every_word: bool = False  # family words off
    resume: bool = False  # --continue: serve the saved game in progress again
    hand_over_after: float | None = None  # seconds before a gone person's seat is handed over
    text: bool = False  # serve only, without the host's table screen


@dataclass(frozen=True)
class JoinOptions:
    """`buyword join`'s options (the command line builds them: `buyword.cli`)."""

    address: str  # HOST:PORT
    code: str  # the seat's join code, or its token
    text: bool = False  # play in plain text instead of on the table screen


def host_main(options: HostOptions, screen: HostScreen | None = None) -> int:
    """Run `buyword host`; returns the exit code. Without `text` the host's seat is played on
    `screen`."""
    try:
        return asyncio.run(_host(options, None if options.text else screen))
    except KeyboardInterrupt:
        print("\nStopped. A hosted game is saved: buyword host --continue serves it again.")
        return 130


def join_main(options: JoinOptions, screen: JoinScreen | None = None) -> int:
    """Run `buyword join`; returns the exit code. Without `text` the seat is played on
    `screen`."""
    host, _, port = options.address.rpartition(":")
    if not host or not port.isdigit():
        print(f"buyword join: {options.address!r} is not HOST:PORT, e.g. 127.0.0.1:8765",
              file=sys.stderr)
        return 2
    try:
        if screen is not None and not options.text:
            return asyncio.run(_join_screen(host, int(port), options.code, screen))
        return asyncio.run(_join(host, int(port), options.code))
    except KeyboardInterrupt:
        print("\nStopped. A hosted game is saved: buyword host --continue serves it again.")
        return 130


# ---------------------------------------------------------------------- hosting


def host_setup(options: HostOptions) -> GameSetup:
    """The game `buyword host` deals with `options`: the people's seats, then the computers'."""
    from buyword.store.setup import GameSetup, Seat

    people = [Seat(name.strip()) for name in options.people.split(",") if name.strip()]
    computers = [Seat(f"Computer {i + 1}", level.strip())
                 for i, level in enumerate(options.computers.split(",")) if level.strip()]
    return GameSetup(seats=tuple(people + computers), seed=options.seed,
                     challenge=options.challenge, hints=options.hints, coach=options.coach,
                     family_words=not options.every_word,
                     variants=("crossword",) if options.crossword else ())


def hosted_session(setup: GameSetup, lexicon: Dictionary, finder: WordFinder,
                   resumed: Loaded | None = None) -> TableSession:
    """The table session `buyword host` serves: a new game of `setup`, or the save the store
    `resumed` as it stood: played with hints, coached, and the coach's appraisals, which the
    coach goes on from and the end-of-game review uses."""
    from buyword.table import TableSession

    if resumed is None:
        return TableSession.new(setup, lexicon, finder)
    return TableSession.resume(resumed, setup, finder)


def save_as_played(server: TableServer, autosave: Autosave) -> None:
    """Keep `autosave` up to date at `server`'s table: after every move, a seat marked as
    shown hints or coached, and a seat handed to a computer. The move that ends the game
    records it there and then (as a local game is recorded as its results show): a host
    whose process ends on the results screen keeps the finished game."""
    session = server.session

    def changed(table: TableSession, _change: object = None) -> None:
        autosave.update(table)
        if table.game.outcome() is not None:
            autosave.finish(table)

    session.on_change = changed
    server.on_seated = lambda: autosave.update(session)


async def _host(options: HostOptions, screen: HostScreen | None) -> int:
    import random

    from buyword.net.server import TableServer
    from buyword.store import Store
    from buyword.store.places import cache_folder
    from buyword.store.setup import GameSetup
    from buyword.table import Services
    from buyword.table.autosave import Autosave

    hand_over_after = options.hand_over_after
    if hand_over_after is not None and not hand_over_after > 0:
        print("buyword host: --hand-over-after needs a number of seconds above 0",
              file=sys.stderr)
        return 2
    # The word index is kept in the user's cache folder, as the app keeps it: a host started
    # again reads it (a fraction of a second) instead of building it (over a second).
    store, services = Store(), Services(cache_dir=cache_folder())
    if options.resume:
        peeked = store.peek_game()
        if peeked.saved is None or "setup" not in peeked.saved.options:
            print(f"buyword host: {peeked.message or 'no saved game to serve'}", file=sys.stderr)
            return 2
        # The seats as they stood when saved: a seat handed to a computer stays the computer's.
        setup = GameSetup.from_meta(peeked.saved.options["setup"]).with_levels(
            peeked.saved.bots)
        lexicon = services.dictionary_for(setup)
        loaded = store.resume(peeked.saved, lexicon)
        if not loaded.replayed:
            print(f"buyword host: {loaded.message}", file=sys.stderr)
            return 2
        resumed: Loaded | None = loaded
    else:
        from buyword.bots import LEVELS

        setup = host_setup(options)
        unknown = [s.level for s in setup.seats if s.level and s.level not in LEVELS]
        if unknown:
            print(f"buyword host: no computer level {unknown[0]!r}; choose from "
                  f"{', '.join(LEVELS)}", file=sys.stderr)
            return 2
        if not (setup.humans >= 1 and 2 <= len(setup.seats) <= 4):
            print("buyword host: a table needs 2 to 4 seats and at least one person",
                  file=sys.stderr)
            return 2
        if problem := setup.coach_problem():
            print(f"buyword host: --coach: {problem}", file=sys.stderr)
            return 2
        if setup.seed is None:
            setup = setup.with_seed(random.SystemRandom().randrange(10**9))
        lexicon = services.dictionary_for(setup)
        resumed = None
    finder = services.finder(lexicon, setup.rules().tiles)
    session = hosted_session(setup, lexicon, finder, resumed)
    mine = session.people[0] if screen is not None else None
    server = TableServer(session, host=options.address, port=options.port,
                         reserved=frozenset(() if mine is None else (mine,)),
                         hand_over_after=hand_over_after)
    # Listen first: a host that cannot start leaves the saved game as it was.
    try:
        await server.start()
    except OSError as error:
        reason = "the port is in use (is another table open there?)" \
            if error.errno == errno.EADDRINUSE else error.strerror or "the address refused"
        print(f"buyword host: cannot listen on {options.address}:{options.port}: {reason}",
              file=sys.stderr)
        return 2
    if resumed is None or resumed.saved is None:
        autosave = Autosave.start(store, session, setup, hosted=True)
    else:
        autosave = Autosave(store, resumed.saved)
    autosave.update(session)  # with any move a computer made as the table opened
    save_as_played(server, autosave)
    for line in server.describe():
        print(line, flush=True)
    if store.warning:
        print(f"Not saving: {store.warning}")
    if mine is None or screen is None:  # (no screen, no seat of the host's own)
        print("Type 'hand NAME' (or 'hand NAME LEVEL') to hand a gone player's seat to a "
              "computer.", flush=True)
        typed = _read_lines()
        finished = asyncio.ensure_future(server.finished())
        stopped = asyncio.ensure_future(_ctrl_c())
        try:
            while not finished.done() and not stopped.done():
                next_line = asyncio.ensure_future(typed.get())
                await asyncio.wait({finished, next_line, stopped},
                                   return_when=asyncio.FIRST_COMPLETED)
                if not next_line.done():
                    next_line.cancel()
                elif (command := next_line.result()) is None:  # no more input: serve on to the end
                    await asyncio.wait({finished, stopped}, return_when=asyncio.FIRST_COMPLETED)
                else:
                    answer = host_command(server, command)
                    if answer:
                        print(answer, flush=True)
        except asyncio.CancelledError:  # stopped another way: close the table all the same
            pass
        stopped.cancel()  # Ctrl+C is Python's again
        if not finished.done():  # Ctrl+C: close the table properly, then stop
            finished.cancel()
            await server.close()
            autosave.update(session)
            print("\nStopped: every player was told the table has closed. The game is saved: "
                  "buyword host --continue serves it again.", flush=True)
            return 0
    else:
        from buyword.net.remote import HostSeat

        await screen(HostSeat(server, mine))
    outcome = session.game.outcome()
    if outcome is None:  # the host quit: the game stays saved
        await server.close()
        print("Stopped. The game is saved: buyword host --continue serves it again.")
        return 0
    autosave.finish(session)  # recorded as it ended (see `save_as_played`): this keeps no copy
    print(outcome.reason)
    for standing in outcome.standings:
        print(f"  {standing.place}. {standing.name} {dollars(standing.money)}")
    await asyncio.sleep(0.5)  # the last views go out before the table closes
    await server.close()
    return 0


# ---------------------------------------------------------------------- joining


def _show(view: TableView, printed: int) -> None:
    """The table in plain text as this seat sees it: the log's lines after the first
    `printed`, the money and tiles, the grid in the crossword variant, and what the table
    waits for."""
    for line in view.log[printed:]:
        print(f"  {line}")
    seat = view.seat
    others = "  ".join(f"{o.name} {dollars(o.money)} ({o.tiles} tiles, {o.wilds} wild)"
                       for o in seat.opponents)
    print(f"You: {dollars(seat.money)}, hand {seat.hand or '-'}, {seat.wilds} wild"
          + (f", draw {seat.drawn} ({dollars(seat.offer_price)})" if seat.drawn else "")
          + f" | {others} | bag {seat.bag_size}")
    if view.rules.crossword:  # the table's grid, as every seat sees it
        print(seat.grid.picture())
    awaiting = view.awaiting
    yours = view.viewer in awaiting.seats and not awaiting.computer
    print(("Your turn: " if yours else "") + view.waiting_for)


async def _join_screen(host: str, port: int, secret: str, screen: JoinScreen) -> int:
    """Join with the code (or token) and play the seat on the table screen."""
    from buyword.net.client import TableRefused
    from buyword.net.remote import JoinedTable

    try:
        joined = await JoinedTable.join(host, port, secret)
    except (OSError, TableRefused, TimeoutError) as error:
        print(f"buyword join: {unreachable(host, port, error)}", file=sys.stderr)
        return 2
    print(f"You are {joined.table.name}. To come back after a drop: "
          f"buyword join {host}:{port} {joined.table.token}", flush=True)
    await screen(joined)
    table = joined.table
    if table.over:
        return 0
    if table.ended is not None:
        print(f"buyword join: {table.ended}", file=sys.stderr)
        return 1
    print(f"Left the table. To come back: buyword join {host}:{port} {table.token}")
    return 0


async def _join(host: str, port: int, secret: str) -> int:
    from buyword.net.client import TableClient, TableRefused

    try:
        client = await TableClient.connect(host, port)
        view = await client.join(code=secret) if len(secret) <= 8 \
            else await client.join(token=secret)
    except (OSError, TableRefused, TimeoutError) as error:
        print(f"buyword join: {unreachable(host, port, error)}", file=sys.stderr)
        return 2
    print(f"You are {client.name}. To come back after a drop: "
          f"buyword join {host}:{port} {client.token}")
    printed, refused, coached = 0, 0, 0
    while client.connected and not client.over:
        _show(view, printed)
        printed = len(view.log)
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
        while len(client.coach_said) > coached:
            print(client.coach_said[coached])
            coached += 1
    if client.over:
        _show(client.view or view, printed)
        return 0
    print(f"buyword join: {client.error or 'the table closed'}", file=sys.stderr)
    return 1


def unreachable(host: str, port: int, error: Exception) -> str:
    """Why a join failed, in a player's words: the table's own refusal as it said it, or
    what happened on the way there (never an errno or a Python type)."""
    if isinstance(error, ConnectionRefusedError):
        return f"no table is listening at {host}:{port}"
    if isinstance(error, TimeoutError):
        return f"no answer from {host}:{port} (is the table's address right?)"
    if isinstance(error, OSError):
        reason = error.strerror or "the network is unreachable"
        return f"cannot reach {host}:{port}: {reason[:1].lower()}{reason[1:]}"
    return str(error)


def host_command(server: TableServer, line: str) -> str:
    """Carry out a line typed at a `--text` host ("hand Bob", "hand Bob hard"); the answer."""
    words = line.split()
    if not words:
        return ""
    if words[0].lower() != "hand" or len(words) not in (2, 3):
        return "Commands: 'hand NAME' or 'hand NAME LEVEL' (a gone player's seat to a computer)"
    names = [name.lower() for name in server.session.game.names]
    if words[1].lower() not in names:
        return f"No player is called {words[1]!r}: {', '.join(server.session.game.names)}"
    seat = names.index(words[1].lower())
    level = words[2].lower() if len(words) == 3 else "medium"
    from buyword.engine import BuyWordError

    try:
        server.hand_to_computer(seat, level)
    except BuyWordError as error:
        return f"Cannot hand the seat over: {error}"
    return f"A computer ({level}) plays {server.session.game.names[seat]}'s seat now."


async def _ctrl_c() -> None:
    """Return when Ctrl+C is pressed. The loop's own signal handler wakes it whichever
    thread the signal lands on (Python's default one waits for the main thread, which may
    sleep on the network while the terminal's reader gets the signal)."""
    loop = asyncio.get_running_loop()
    pressed = asyncio.Event()
    try:
        loop.add_signal_handler(signal.SIGINT, pressed.set)
    except (NotImplementedError, RuntimeError, ValueError):  # no such handlers here
        await asyncio.Future()  # Python's KeyboardInterrupt cancels the host instead
    try:
        await pressed.wait()
    finally:
        loop.remove_signal_handler(signal.SIGINT)


def _read_lines() -> asyncio.Queue[str | None]:
    """The lines typed at the terminal, read in a thread that never holds up the exit; None
    after the last."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, daemon=True).start()
    return lines
