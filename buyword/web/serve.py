"""`buyword serve`: check the address, warn when others can reach it, then run the web server."""

from __future__ import annotations

import sys

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


def serve_main(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> int:
    """Serve the game to web browsers until Ctrl+C; returns the process exit status.

    0 after a clean stop; 2 when the web extra is missing or the address cannot be used.
    """
    if problem := _bad_port(port):
        print(problem, file=sys.stderr)
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
    return GameServer(host, port).run()
