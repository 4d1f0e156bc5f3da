"""The `buyword` command: play (the default) and every other command (`COMMANDS`)."""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING, Any, Generic, NoReturn, TypeVar

from buyword import __version__
from buyword.engine.errors import BuyWordError
from buyword.ui.options import PlayOptions, ReplayOptions

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from buyword.analysis.puzzles import PuzzleOptions
    from buyword.analysis.review_report import ReviewOptions
    from buyword.analysis.sim import SimOptions
    from buyword.analysis.train import Training
    from buyword.engine.tiles import TileSet
    from buyword.net.commands import HostOptions, JoinOptions
    from buyword.net.remote import HostSeat, JoinedTable
    from buyword.web.serve import ServeOptions
    from buyword.words.solve import SolveOptions

#: The parser class a command's options are added with (build_parser's own).
_ParserT = TypeVar("_ParserT", bound="argparse.ArgumentParser")
#: A command's options (`Command`).
_OptionsT = TypeVar("_OptionsT")

#: The exit status of every refusal: input the command cannot use (as argparse uses).
USAGE_ERROR = 2
#: The exit status after an error nobody foresaw (BSD's EX_SOFTWARE).
CRASHED = 70


def build_parser() -> argparse.ArgumentParser:
    """The command line: `buyword` and each of its commands, with their options."""
    # argparse is loaded here, not with the module: plain `buyword`, the usual start, has no
    # arguments to read (see `main`).
    import argparse
    import textwrap

    class _Parser(argparse.ArgumentParser):
        """argparse, with its refusals as one line on stderr (not the usage block), exit 2."""

        def error(self, message: str) -> NoReturn:
            """Say what is wrong in one line and exit with status 2."""
            self.exit(USAGE_ERROR, f"{self.prog}: {message} (see {self.prog} --help)\n")

    from buyword.engine.rules import VARIANTS

    lines = [textwrap.fill(f"{v.option:<12} {v.how}"
                           f"{' (2 or more players)' if v.needs_table else ''}",
                           width=78, initial_indent="  ", subsequent_indent=" " * 15)
             for v in VARIANTS]
    parser = _Parser(
        prog="buyword",
        description="BuyWord: buy letter tiles at (pips)², sell words at (pips)².",
        epilog="variants (--variant, or the new-game form):\n" + "\n".join(lines),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"buyword {__version__}")

    def play_arguments(into: argparse.ArgumentParser, empty: object = "") -> None:
        """The options of playing, on `into`: the main parser's, so `buyword --seed 4` plays,
        and the play command's, so `buyword play --seed 4` does too (`empty`: argparse.SUPPRESS
        there, so an option given before `play` is not undone by its default after it)."""
        into.add_argument("--seed", type=int,
                          help="start a game with this seed (repeatable runs)")
        into.add_argument("--solo", action="store_true",
                          help="start a solo game straight away")
        into.add_argument("--players", help='start a table game, e.g. --players "Ann,Bob"')
        into.add_argument("--continue", dest="resume", action="store_true",
                          help="resume the game in progress")
        into.add_argument("--tiles", metavar="FILE",
                          help="play with this tile set (a TOML file like data/tiles.toml)")
        into.add_argument("--crossword", action="store_true",
                          help="play the crossword variant: sold words stay on the table in a "
                          "grid and new words cross them (solo, or with --players; without "
                          "the coach, which cannot weigh a variant)")
        into.add_argument("--variant", dest="play_variants", default=empty, metavar="NAMES",
                          help="start a game with these variants, comma-separated: auction, "
                               "trade, trade-money (these three with --players), draft, "
                               "crossword (each is described below); the coach is off in "
                               "such a game, since it cannot weigh a variant")

    play_arguments(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play_arguments(sub.add_parser("play", help="play the game (the default)",
                                  argument_default=argparse.SUPPRESS), argparse.SUPPRESS)
    sub.add_parser("learn", help="learn to play: a short guided solo game, lesson by lesson")

    solve = sub.add_parser("solve", help="list the best words and sale plan for some tiles")
    solve.add_argument("letters", help="the letter tiles held, e.g. QUIZEST")
    solve.add_argument("--wilds", type=int, default=0, help="wild tiles held (default 0)")
    solve.add_argument("--dictionary", metavar="FILE", help="a word-list file (one word a line)")
    solve.add_argument("--min-length", type=int, default=2,
                       help="shortest word allowed (default 2)")
    solve.add_argument("--theme", metavar="NAME",
                       help="only words that fit this theme (animals, food, plants, ...)")
    solve.add_argument("--tiles", metavar="FILE", dest="sub_tiles",
                       help="price words with this tile set (a TOML file like data/tiles.toml)")

    sim = sub.add_parser("sim", help="play seeded games between computer players")
    sim.add_argument("--players", action="append", default=[],
                     help="comma-separated levels for one table (easy, medium, hard, expert, "
                          "master, greedy), e.g. expert or master,expert; repeat it for more "
                          "tables (default expert)")
    sim.add_argument("--games", type=int, default=100,
                     help="games to play per table (default 100)")
    sim.add_argument("--seed", type=int, default=1,
                     help="the first game's seed; game N uses SEED+N-1 (default 1)")
    sim.add_argument("--jobs", type=int, default=1,
                     help="processes to play on; the results do not depend on it (default 1)")
    sim.add_argument("--json", action="store_true", help="print machine-readable JSON")
    sim.add_argument("--budget", type=float, metavar="SECONDS",
                     help="seconds Master may think per decision (default 1)")
    sim.add_argument("--rollouts", type=int, metavar="N",
                     help="instead of --budget: at most N rollouts per option and decision, "
                          "no clock, so the games do not depend on the machine's load")
    sim.add_argument("--theme", metavar="NAME",
                     help="every word must fit this theme (animals, food, ...), or each-round "
                          "for a new theme each round")
    sim.add_argument("--tiles", metavar="FILE", dest="sub_tiles",
                     help="play with this tile set (a TOML file like data/tiles.toml)")
    from buyword.engine.rules import VARIANTS

    sim.add_argument("--variant", default="", help="table variants to play, comma-separated: "
                     + ", ".join(v.option for v in VARIANTS))
    _add_ray(sim)
    _add_train(sub)
    _add_puzzles(sub)

    replay = sub.add_parser("replay", help="step through a finished game's record")
    replay.add_argument("file", help="a game record (.json)")
    sub.add_parser("history", help="list past games")
    _add_review(sub)

    serve = sub.add_parser("serve", help="play in a web browser (needs buyword[web])")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this computer only)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument("--token", default=None,
                       help="the secret a browser needs when serving beyond this computer "
                            "(default: a new random one, printed in the address)")
    serve.add_argument("--max-games", type=int, default=None, metavar="N",
                       help="games played at once (default 8); one more tab is told the "
                            "table is full")
    serve.add_argument("--public-url", default=None, metavar="URL",
                       help="the address players use when a proxy stands in front, e.g. "
                            "https://games.example (its host and origin are allowed)")

    _add_host_join(sub)
    return parser


def _add_ray(command: argparse.ArgumentParser, what: str = "play the games") -> None:
    """The --ray option of the commands that play many games (or weigh many decisions)."""
    command.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                         help=f"{what} as Ray tasks (needs buyword[cluster]): on a "
                              "local Ray with --jobs CPUs, or on the cluster at ADDRESS")


def _add_train(sub: argparse._SubParsersAction[_ParserT]) -> None:
    """`buyword train`: its options are `buyword.analysis.train.Training`."""
    train = sub.add_parser("train", help="learn Expert's leave values by self-play")
    train.add_argument("--games", type=int, default=40, help="games per iteration (default 40)")
    train.add_argument("--iterations", type=int, default=3,
                       help="play with the table so far, then refit, this many times (default 3)")
    train.add_argument("--seed", type=int, default=1,
                       help="the first training game's seed (default 1)")
    train.add_argument("--horizon", type=int, default=2,
                       help="rounds of money after a turn (and the judgement of what is kept "
                            "then) that count as its result (default 2)")
    train.add_argument("--max-leave", type=int, default=3,
                       help="longest leave with a correction of its own, at most 4 "
                            "(default 3)")
    train.add_argument("--smoothing", type=float, default=20.0,
                       help="turns' weight pulling a rare leave's correction to 0 (default 20)")
    train.add_argument("--weight", type=float, default=1.0,
                       help="share of a leave's learned value Expert adds (default 1)")
    train.add_argument("--evaluate", type=int, default=40,
                       help="games comparing Expert with and without the table, on seeds "
                            "after the training games (default 40)")
    train.add_argument("--targets", choices=("rounds", "rollouts"), default="rounds",
                       help="fit each round's shortfall (rounds), or the rollouts' verdict "
                            "on Expert's leading sales, each against the others (rollouts; "
                            "--horizon, --max-leave and --smoothing do not apply) "
                            "(default rounds)")
    train.add_argument("--rollouts", type=int, default=16,
                       help="with --targets rollouts: rollouts each weighed sale gets "
                            "(default 16)")
    train.add_argument("--jobs", type=int, default=1,
                       help="processes to play on; the results do not depend on it (default 1)")
    train.add_argument("--out", default="leaves.json",
                       help="where to write the table (default leaves.json)")
    _add_ray(train)


def _add_puzzles(sub: argparse._SubParsersAction[_ParserT]) -> None:
    """`buyword puzzles build`: mine puzzles from seeded games (docs/puzzles.md)."""
    puzzles = sub.add_parser("puzzles", help="puzzles: play them, or build the puzzle set from "
                             "seeded games")
    puzzles.add_argument("action", choices=("play", "build", "rate-levels", "spread"),
                         nargs="?", default="play", metavar="play|build|rate-levels|spread",
                         help="play (the default): today's puzzle, then those nearest your "
                              "rating; build: mine puzzles from seeded games of every level; "
                              "rate-levels: rate the computer levels from their games against "
                              "each other, and the puzzles of --out from them; spread: keep "
                              "--keep of the puzzles of --out, spread over kinds and difficulty")
    puzzles.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    puzzles.add_argument("--games", type=int, default=10, help="games to mine (default 10)")
    puzzles.add_argument("--rollouts", type=int, default=96,
                         help="Master's rollouts each answer gets, in the appraisal and again "
                              "in its confirmation (default 96)")
    puzzles.add_argument("--decisions", type=int, default=0,
                         help="at most this many decisions weighed a game, spread over it "
                              "(default 0: all)")
    puzzles.add_argument("--kinds", default="",
                         help="build: weigh only decisions of these kinds, separated by commas "
                              "(choose, buy, sell, drop, or wild: a sale where the leading "
                              "sales spend the wild differently); default every decision")
    puzzles.add_argument("--disputed", action="store_true",
                         help="build: weigh only decisions the levels answer differently "
                              "(not every level solves their puzzles)")
    puzzles.add_argument("--jobs", type=int, default=1,
                         help="processes to mine on; the puzzles do not depend on it "
                              "(default 1)")
    puzzles.add_argument("--out", default="puzzles.json",
                         help="the puzzle file to write (default puzzles.json)")
    puzzles.add_argument("--append", action="store_true",
                         help="add to the puzzles already in --out")
    puzzles.add_argument("--keep", type=int, default=1000,
                         help="spread: how many puzzles to keep (default 1000)")
    puzzles.add_argument("--ratings", default="level_ratings.json",
                         help="rate-levels: where to write the levels' ratings "
                              "(default level_ratings.json)")
    _add_ray(puzzles, "mine the games")


def _add_host_join(sub: argparse._SubParsersAction[_ParserT]) -> None:
    """`buyword host` and `buyword join`: their options are `buyword.net.commands.HostOptions`
    and `JoinOptions`."""
    from buyword.net.commands import DEFAULT_PORT  # no websockets imported

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
    host.add_argument("--hints", action="store_true",
                      help="let every player ask for hints (F2), searched on their own screen")
    host.add_argument("--coach", action="store_true",
                      help="the coach: after each of a person's decisions, one line on their "
                           "own screen says how it compared with Master's choice")
    host.add_argument("--crossword", action="store_true",
                      help="play the crossword variant: sold words stay on the table in a "
                           "grid and new words cross them")
    host.add_argument("--every-word", action="store_true",
                      help="play every word of the dictionary: family words off (by default "
                           "the offensive words are left out)")
    host.add_argument("--continue", dest="host_resume", action="store_true",
                      help="serve the saved game in progress again")
    host.add_argument("--hand-over-after", type=float, metavar="SECONDS",
                      help="hand a gone player's seat to a computer (medium) after this many "
                           "seconds; the player's token still takes it back")
    host.add_argument("--text", action="store_true",
                      help="serve only, without the table screen: every person's seat gets a "
                           "join code (by default the host plays the first person's seat)")
    join = sub.add_parser("join", help="play a seat at a table someone hosts")
    join.add_argument("address", metavar="HOST:PORT", help="where the host's table listens")
    join.add_argument("code", help="the seat's join code (or its token, to come back)")
    join.add_argument("--text", action="store_true",
                      help="play in plain text instead of on the table screen")


def _add_review(sub: argparse._SubParsersAction[_ParserT]) -> None:
    """`buyword review`: Master weighs each decision a person made in a saved game."""
    review = sub.add_parser("review", help="weigh each of your decisions in a saved game "
                            "against the Master level")
    review.add_argument("file", help="a saved game (.json), e.g. as `buyword history` lists it")
    # No default here: the review's own (`buyword.analysis.review.DEFAULT_BUDGET`) applies, and
    # parsing the command line does not load the review.
    review.add_argument("--rollouts", type=int, metavar="N",
                        help="Master's budget: at most N rollouts per option and decision "
                             "(default 48); the review is then the same on any machine")
    review.add_argument("--budget", type=float, metavar="SECONDS",
                        help="instead of --rollouts: Master's thinking time per decision "
                             "(its figures then depend on the machine's speed and load)")
    review.add_argument("--jobs", type=int, metavar="N",
                        help="processes to weigh the decisions on (default: one a core); "
                             "the review does not depend on it")
    review.add_argument("--seat", metavar="SEAT",
                        help="whose decisions to weigh, by seat number or name, when several "
                             "people played (default: the first person)")
    review.add_argument("--json", action="store_true", help="print machine-readable JSON")
    _add_ray(review, "weigh the decisions")


def _names(text: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in (text or "").split(",") if n.strip())


def _refuse(message: str) -> int:
    """One line on stderr, and the exit status of a refusal."""
    print(f"buyword: {message}", file=sys.stderr)
    return USAGE_ERROR


def _check_home() -> None:
    """BUYWORD_HOME, if set, must name a folder (or nothing yet: it is created)."""
    home = os.environ.get("BUYWORD_HOME")
    if not home:
        return
    try:
        is_other = os.path.exists(home) and not os.path.isdir(home)
    except ValueError:  # a NUL in the value
        is_other = True
    if is_other:
        raise BuyWordError(
            f"BUYWORD_HOME is {home!r}, which is not a folder; set it to a folder "
            "(it is created if missing) or unset it"
        )


def _check_players(text: str | None) -> tuple[str, ...]:
    """The --players names, as the table will show them; BuyWordError if they cannot seat."""
    from buyword.engine.errors import quoted
    from buyword.store.setup import table_name

    names = tuple(table_name(name) for name in _names(text))
    if text is None:
        return names
    if not 2 <= len(names) <= 4:
        raise BuyWordError(
            f"--players {quoted(text)}: a table needs 2 to 4 names, e.g. --players \"Ann,Bob\""
        )
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise BuyWordError(
                f"--players {quoted(text)}: {name!r} is named twice; give each seat its own name"
            )
        seen.add(name.casefold())
    return names


def _check_variants(text: str, crossword: bool, seats: int) -> tuple[str, ...]:
    """The --variant names (and --crossword) as rule settings; BuyWordError if one is not a
    variant or needs more players than the game seats."""
    from buyword.engine import Rules
    from buyword.engine.rules import variant_names

    try:
        names = variant_names(text) + (("crossword",) if crossword else ())
    except BuyWordError as error:
        raise BuyWordError(f"--variant {text!r}: {error}") from None
    problem = Rules().with_variants(names).table_problem(seats)
    if problem:
        raise BuyWordError(f"--variant {text!r}: {problem}; name them with --players")
    return tuple(dict.fromkeys(names))


def _check_tiles(path: str, seats: int | None) -> TileSet | None:
    """The --tiles file's tile set (None: none named), which must have wilds enough for
    `seats` (None: not known)."""
    from buyword.engine import Rules
    from buyword.store.setup import load_tiles

    try:
        tiles = load_tiles(path)
    except BuyWordError as error:
        raise BuyWordError(f"--tiles: {error}") from None
    try:
        if tiles is not None and seats is not None:
            tiles.check_table(seats, Rules().wilds_for(seats))
    except BuyWordError as error:
        raise BuyWordError(f"--tiles {path!r}: {error}") from None
    return tiles


def _sim_seats(players: list[str] | None) -> int | None:
    """The most seats any `buyword sim` table has (None: --players is wrong; sim says so)."""
    from buyword.analysis.sim import SimError, parse_tables

    try:
        return max(len(levels) for levels in parse_tables(players))
    except SimError:
        return None


async def _play_host(host: HostSeat) -> None:
    """The host's own seat on the table screen (`buyword host`), in the player's colours."""
    from buyword.store import Store
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import Opening

    await BuyWordApp(opening=Opening.hosting(host), store=Store()).run_async()


async def _play_joined(joined: JoinedTable) -> None:
    """A joined seat on the table screen (`buyword join`), in the player's colours."""
    from buyword.store import Store
    from buyword.ui.app import BuyWordApp
    from buyword.ui.options import Opening

    await BuyWordApp(opening=Opening.joining(joined), store=Store()).run_async()


def _tie_to_server() -> None:
    """A game `buyword serve` started for a browser tab ends when the server does (the
    server names itself in `buyword.web.tether.SERVER_VARIABLE`); nothing it starts is tied."""
    server = os.environ.pop("BUYWORD_SERVER_PID", "")
    if server.isdigit():
        from buyword.web.tether import end_with_server

        end_with_server(int(server))


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit code. An error nobody foresaw ends in a
    crash report and one calm message (`CRASHED`), never a traceback."""
    _tie_to_server()
    try:
        return _run(argv)
    except Exception as error:  # what no refusal foresaw; the apps report their own so
        words = sys.argv[1:] if argv is None else argv
        return _crashed(error, next((w for w in words if not w.startswith("-")), "play"))


def _crashed(error: Exception, command: str) -> int:
    """Write a crash report (with the game saved in the data folder, if any) and say calmly
    where it is and how to resume (see `buyword.store.crashes`)."""
    from buyword.store.crashes import crash_message, kept_save, write_crash_report
    from buyword.store.places import locate

    folder = locate().data
    # A joined seat's game is the host's: nothing of it is saved here.
    record = None if command == "join" else kept_save(folder)
    report = write_crash_report(folder, error, where=f"buyword {command}", record=record)
    if command == "join":
        resume: str | None = ("Your seat stays yours at the table: the buyword join command "
                              "with your token takes it back.")
    elif record is None:
        resume = None
    elif command == "host":
        resume = "The game is saved: buyword host --continue serves it again."
    else:
        resume = ("The game in progress is saved: start BuyWord again and choose Continue "
                  "to resume it.")
    print(crash_message(report, resume), file=sys.stderr)
    return CRASHED


def _run(argv: list[str] | None) -> int:
    """The command line's work (see `main`)."""
    if not (sys.argv[1:] if argv is None else argv):
        # Plain `buyword`: the title, with nothing to parse. Building the parser (every
        # command's options) is left out of the usual start; `buyword play` is the same game.
        try:
            _check_home()
        except BuyWordError as refusal:
            return _refuse(str(refusal))
        return _play(PlayOptions())
    args = build_parser().parse_args(argv)
    try:
        command = command_of(args)
    except BuyWordError as refusal:
        return _refuse(str(refusal))
    return command()


def command_of(args: argparse.Namespace) -> Callable[[], int]:
    """The command the parsed command line asks for, ready to run: its function, given its
    typed options. The one place the parsed command line is read (nothing below this module
    sees it); options that cannot be used are refused here (BuyWordError, in a player's
    words), before anything runs."""
    from functools import partial

    command = COMMANDS[args.command or "play"]  # argparse knows only the commands there
    if command.home:
        _check_home()
    return partial(command.run, command.options(args))


class Command(Generic[_OptionsT]):
    """One `buyword` command: its typed options, read from the parsed command line (and
    checked: BuyWordError), and the function that runs it with them; `home`: it reads the
    data folder, so BUYWORD_HOME is checked first. (A plain class: a frozen dataclass costs
    plain `buyword`'s start 0.6 ms to define, a named tuple 0.3 ms.)"""

    __slots__ = ("options", "run", "home")

    def __init__(self, options: Callable[[argparse.Namespace], _OptionsT],
                 run: Callable[[_OptionsT], int], home: bool = False) -> None:
        """The command reading its options with `options` and run by `run`."""
        self.options = options
        self.run = run
        self.home = home


def _play_options(args: argparse.Namespace) -> PlayOptions:
    """`buyword` (play)'s options, checked: the table's names, the variants, the tile set."""
    players = _check_players(args.players)
    variants = _check_variants(args.play_variants, args.crossword, len(players) or 1)
    if args.tiles is not None:
        starts = bool(players) or args.solo or args.seed is not None
        _check_tiles(args.tiles, (len(players) or 1) if starts else None)
    return PlayOptions(args.seed, args.solo, players, args.resume, args.tiles,
                       variants=variants)


def _solve_options(args: argparse.Namespace) -> SolveOptions:
    """`buyword solve`'s options, its tile set loaded (--tiles after `solve`, or before it)."""
    from buyword.store.places import cache_folder
    from buyword.words.solve import SolveOptions

    tiles = _check_tiles(args.sub_tiles or args.tiles or "", None)
    return SolveOptions(letters=args.letters, wilds=args.wilds, dictionary=args.dictionary,
                        min_length=args.min_length, theme=args.theme, tiles=tiles,
                        cache_dir=cache_folder())


def _sim_options(args: argparse.Namespace) -> SimOptions:
    """`buyword sim`'s options (its tile set checked against its tables' seats)."""
    from buyword.analysis.sim import SimOptions
    from buyword.store.places import cache_folder

    tiles = args.sub_tiles or args.tiles  # --tiles after `sim`, or before it
    if tiles:
        _check_tiles(tiles, _sim_seats(args.players))
    return SimOptions(players=tuple(args.players), games=args.games, seed=args.seed,
                      jobs=args.jobs, json=args.json, budget=args.budget,
                      rollouts=args.rollouts, theme=args.theme, tiles=tiles,
                      variant=args.variant, ray=args.ray, cache_dir=cache_folder())


def _training(args: argparse.Namespace) -> Training:
    """`buyword train`'s options."""
    from buyword.analysis.train import Training

    return Training(games=args.games, iterations=args.iterations, seed=args.seed,
                    horizon=args.horizon, max_leave=args.max_leave, smoothing=args.smoothing,
                    weight=args.weight, evaluate=args.evaluate, targets=args.targets,
                    rollouts=args.rollouts, jobs=args.jobs, ray=args.ray,
                    cache_dir=_cache_dir(), out=args.out)


def _puzzle_options(args: argparse.Namespace) -> PuzzleOptions:
    """`buyword puzzles`'s options, each count checked."""
    from buyword.analysis.puzzles import PuzzleOptions

    least = {"play": {},
             "build": {"--games": 1, "--jobs": 1, "--rollouts": 2, "--decisions": 0},
             "rate-levels": {"--games": 0, "--jobs": 1}, "spread": {"--keep": 1}}[args.action]
    for name, at_least in least.items():
        value = getattr(args, name[2:])
        if value < at_least:
            raise BuyWordError(f"{name} should be at least {at_least}, not {value}")
    return PuzzleOptions(action=args.action, out=args.out, seed=args.seed, games=args.games,
                         rollouts=args.rollouts, decisions=args.decisions, jobs=args.jobs,
                         ray=args.ray, append=args.append, ratings=args.ratings,
                         keep=args.keep, kinds=_puzzle_kinds(args.kinds),
                         disputed=args.disputed)


def _puzzle_kinds(text: str) -> tuple[str, ...]:
    """`--kinds`: the kinds of decision named, each one `buyword puzzles build` knows."""
    from buyword.store.puzzles import KINDS

    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    for kind in kinds:
        if kind not in KINDS:
            raise BuyWordError(f"--kinds: {kind!r} is not a kind of decision "
                               f"({', '.join(KINDS)})")
    return kinds


def _host_options(args: argparse.Namespace) -> HostOptions:
    """`buyword host`'s options."""
    from buyword.net.commands import HostOptions

    return HostOptions(address=args.address, port=args.port, people=args.people,
                       computers=args.computers, seed=args.seed, challenge=args.challenge,
                       hints=args.hints, coach=args.coach, crossword=args.crossword,
                       every_word=args.every_word, resume=args.host_resume,
                       hand_over_after=args.hand_over_after, text=args.text)


def _join_options(args: argparse.Namespace) -> JoinOptions:
    """`buyword join`'s options."""
    from buyword.net.commands import JoinOptions

    return JoinOptions(address=args.address, code=args.code, text=args.text)


def _serve_options(args: argparse.Namespace) -> ServeOptions:
    """`buyword serve`'s options."""
    from buyword.web.serve import ServeOptions

    return ServeOptions(host=args.host, port=args.port, token=args.token,
                        max_games=args.max_games, public_url=args.public_url)


def _review_options(args: argparse.Namespace) -> ReviewOptions:
    """`buyword review`'s options."""
    from buyword.analysis.review_report import ReviewOptions

    return ReviewOptions(file=args.file, seat=args.seat, budget=args.budget, json=args.json,
                         rollouts=args.rollouts, jobs=args.jobs, ray=args.ray,
                         cache_dir=_cache_dir())


def _cache_dir() -> str | None:
    """The cache folder, as the commands whose workers are given it by name take it."""
    from buyword.store.places import cache_folder

    folder = cache_folder()
    return None if folder is None else str(folder)


# Each command's function: its module is imported only when the command runs.

def _solve(options: SolveOptions) -> int:
    from buyword.words.solve import solve_main

    return solve_main(options)


def _sim(options: SimOptions) -> int:
    from buyword.analysis.sim import sim_main

    return sim_main(options)


def _train(training: Training) -> int:
    from buyword.analysis.train import train_main

    return train_main(training)


def _puzzles(options: PuzzleOptions) -> int:
    if options.action == "play":
        _check_home()
        return _play(PlayOptions(puzzles=True))
    from buyword.analysis.puzzles import puzzles_main

    return puzzles_main(options)


def _host(options: HostOptions) -> int:
    from buyword.net.commands import host_main

    return host_main(options, _play_host)


def _join(options: JoinOptions) -> int:
    from buyword.net.commands import join_main

    return join_main(options, _play_joined)


def _history(_: None) -> int:
    from buyword.store.history import history_main

    return history_main()


def _serve(options: ServeOptions) -> int:
    from buyword.web.serve import serve_main

    return serve_main(options)


def _review(options: ReviewOptions) -> int:
    from buyword.analysis.review_report import review_main

    return review_main(options)


def _replay(options: ReplayOptions) -> int:
    from buyword.ui.app import run_replay

    return run_replay(options)


def _play(options: PlayOptions) -> int:
    """Run the game's app, with the garbage collector paused until its title has painted.

    Start-up (Textual's modules and ours, the stylesheet, the title's widgets) allocates a
    great deal and frees almost nothing, so the collector would only walk the same new objects
    again and again: about a seventh of the time to the title. The app switches it back on once
    the title is on the screen (as Textual pauses it for smooth scrolling), and it is on again
    here whatever happens.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        from buyword.ui.app import run_app

        return run_app(options)
    finally:
        if collecting:
            gc.enable()


#: Every command, by the name it is given on the command line (`history` has no options).
COMMANDS: dict[str, Command[Any]] = {
    "play": Command(_play_options, _play, home=True),
    "learn": Command(lambda _: PlayOptions(learn=True), _play, home=True),
    "solve": Command(_solve_options, _solve),
    "sim": Command(_sim_options, _sim),
    "train": Command(_training, _train),
    "puzzles": Command(_puzzle_options, _puzzles),
    "host": Command(_host_options, _host),
    "join": Command(_join_options, _join),
    "history": Command(lambda _: None, _history, home=True),
    "serve": Command(_serve_options, _serve),
    "review": Command(_review_options, _review, home=True),
    "replay": Command(lambda args: ReplayOptions(args.file), _replay, home=True),
}
