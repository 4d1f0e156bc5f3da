"""`buyword serve`: check the address, warn when others can reach it, then run the web server."""

from __future__ import annotations

import ipaddress
import sys

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

#: Said (on stderr, exit status 2) when textual-serve, the `web` extra, is not installed.
EXTRA_MISSING = (
    "buyword: playing in a browser needs the web extra; install it with "
    "pip install 'buyword[web]'"
)

#: The modules the `web` extra brings; only their absence means "install the extra".
_EXTRA_MODULES = frozenset({"textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"})

#: Host names meaning "every network address of this computer".
EVERYWHERE = frozenset({"", "0.0.0.0", "::"})


def is_loopback(host: str) -> bool:
    """True when `host` can only be reached from this computer (localhost, 127.x.x.x, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        # A host name other than localhost may resolve to a network address: assume it does.
        return False


def exposure_warning(host: str, port: int) -> str | None:
    """The warning printed when serving beyond this computer, or None on a loopback address."""
    if is_loopback(host):
        return None
    where = "every network address of this computer" if host in EVERYWHERE else host
    return (
        f"Warning: serving BuyWord on {where}, port {port}. The browser game has no login: "
        f"anyone who can reach port {port} can play, with this computer's saves, scores and "
        "settings, and can name files on this computer as a word list or tile set. "
        f"Serve on {DEFAULT_HOST} (the default) to keep it to this computer."
    )


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
