"""`buyword serve`: check the address, warn when others can reach it, then run the web server."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from buyword.web.address import DEFAULT_HOST, exposure_warning

DEFAULT_PORT = 8000

#: Said (on stderr, exit status 2) when textual-serve, the `web` extra, is not installed.
EXTRA_MISSING = (
    "buyword: playing in a browser needs the web extra; install it with "
    "pip install 'buyword[web]'"
)

#: The modules the `web` extra brings; only their absence means "install the extra".
_EXTRA_MODULES = frozenset({"textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"})


def _bad_port(port: int) -> str | None:
    if 1 <= port <= 65535:
        return None
    return f"buyword: --port {port} is not a port number; use one from 1 to 65535"


@dataclass(frozen=True)
class ServeOptions:
    """`buyword serve`'s options (the command line builds them: `buyword.cli`)."""

    host: str = DEFAULT_HOST  # the address to listen on
    port: int = DEFAULT_PORT
    token: str | None = None  # the secret a browser needs (None: a new random one)
    max_games: int | None = None  # games played at once (None: the server's default)
    public_url: str | None = None  # the address players use when a proxy stands in front


def serve_main(options: ServeOptions) -> int:
    """Serve the game to web browsers until Ctrl+C; returns the process exit status.

    0 after a clean stop; 2 when the web extra is missing or the address cannot be used.
    """
    host, port, token, max_games = options.host, options.port, options.token, options.max_games
    if problem := _bad_port(port):
        print(problem, file=sys.stderr)
        return 2
    if max_games is not None and max_games < 1:
        print(f"buyword: --max-games {max_games} allows no game; use 1 or more", file=sys.stderr)
        return 2
    if token is not None and (not token.strip() or not token.isprintable()):
        print("buyword: --token must be printable text, not empty", file=sys.stderr)
        return 2
    try:
        from buyword.web.server import GameServer
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in _EXTRA_MODULES:
            raise
        print(EXTRA_MISSING, file=sys.stderr)
        return 2
    if warning := exposure_warning(host, port):
        print(warning, file=sys.stderr)
    from buyword.web.server import DEFAULT_MAX_GAMES

    return GameServer(host, port, token=token, public_url=options.public_url,
                      max_games=max_games or DEFAULT_MAX_GAMES).run()
