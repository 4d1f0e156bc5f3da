"""The `buyword` command: play (the default), solve, sim, replay and history."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from buyword import __version__


@dataclass(frozen=True)
class PlayOptions:
    """How `buyword` (play) was asked to start: the title screen, or straight into a game."""

    seed: int | None = None
    solo: bool = False
    players: tuple[str, ...] = ()
    resume: bool = False  # --continue: resume the autosaved game
    tiles: str | None = None  # --tiles: a tile-set file instead of the bundled set

    @property
    def starts_game(self) -> bool:
        """True when the command line asks for a game rather than the title screen."""
        return self.solo or bool(self.players) or self.seed is not None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="buyword",
        description="BuyWord: buy letter tiles at (pips)², sell words at (pips)².",
    )
    parser.add_argument("--version", action="version", version=f"buyword {__version__}")
    parser.add_argument("--seed", type=int, help="start a game with this seed (repeatable runs)")
    parser.add_argument("--solo", action="store_true", help="start a solo game straight away")
    parser.add_argument("--players", help='start a table game, e.g. --players "Ann,Bob"')
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="resume the game in progress")
    parser.add_argument("--tiles", metavar="FILE",
                        help="play with this tile set (a TOML file like data/tiles.toml)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("play", help="play the game (the default)")

    solve = sub.add_parser("solve", help="list the best words and sale plan for some tiles")
    solve.add_argument("letters", help="the letter tiles held, e.g. QUIZEST")
    solve.add_argument("--wilds", type=int, default=0, help="wild tiles held (default 0)")
    solve.add_argument("--dictionary", metavar="FILE", help="a word-list file (one word a line)")
    solve.add_argument("--min-length", type=int, default=2, help="shortest word allowed")

    sim = sub.add_parser("sim", help="play seeded games between computer players")
    sim.add_argument("--players", action="append", default=[],
                     help="comma-separated levels for one table, e.g. expert or expert,hard")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--jobs", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print machine-readable JSON")

    replay = sub.add_parser("replay", help="step through a finished game's record")
    replay.add_argument("file", help="a game record (.json)")
    sub.add_parser("history", help="list past games")
    return parser


def _names(text: str | None) -> tuple[str, ...]:
    return tuple(n.strip() for n in (text or "").split(",") if n.strip())


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    args = _parser().parse_args(argv)
    command = args.command or "play"
    if command == "solve":
        from buyword.words.solve import solve_main

        return solve_main(args.letters, args.wilds, args.dictionary, args.min_length)
    if command == "sim":
        from buyword.bots.sim import sim_main
        from buyword.store.places import cache_folder

        args.cache_dir = cache_folder()
        return sim_main(args)
    if command == "history":
        from buyword.store.history import history_main

        return history_main()
    if command == "replay":
        from buyword.ui.app import run_replay

        return run_replay(args.file)
    players = _names(args.players)
    if args.players is not None and not 2 <= len(players) <= 4:
        print("buyword: --players needs 2 to 4 names, e.g. --players \"Ann,Bob\"", file=sys.stderr)
        return 2
    if args.tiles is not None:
        from buyword.engine import TileSetError
        from buyword.ui.options import load_tiles

        try:
            load_tiles(args.tiles)
        except TileSetError as error:
            print(f"buyword: {error}", file=sys.stderr)
            return 2
    from buyword.ui.app import run_app

    return run_app(PlayOptions(args.seed, args.solo, players, args.resume, args.tiles))
