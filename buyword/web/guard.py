"""Who may reach `buyword serve`: the Host and Origin checks, the token, the size clamp.

A page on another site must not open a game (it could play, or watch another tab's game), a
name that merely points at this computer (DNS rebinding) must not either, and a server that
listens beyond this computer asks for a secret token, as a notebook server does. Everything
here is plain checking, with no web framework in it, so it is tested directly.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from buyword.web.address import EVERYWHERE, is_loopback

#: The largest terminal a tab may ask for, in cells: beyond it a game only eats memory.
MAX_WIDTH = 400
MAX_HEIGHT = 200

#: The cookie that keeps the token after the first visit.
TOKEN_COOKIE = "buyword-token"

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size a game can afford: 1 to 400 columns, 1 to 200 rows."""
    return max(1, min(int(width), MAX_WIDTH)), max(1, min(int(height), MAX_HEIGHT))


def new_token() -> str:
    """A fresh secret token, safe to put in a URL."""
    return secrets.token_urlsafe(24)


def same_token(given: str | None, token: str) -> bool:
    """True when `given` is the token, compared in constant time (any text, never a crash)."""
    if given is None:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"),
                               token.encode("utf-8", "surrogatepass"))


def split_host(host: str) -> tuple[str, int | None]:
    """A Host header (`name`, `name:port`, `[::1]:port`) as its lower-case name and its port."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif host.count(":") == 1:
        name, _, port_text = host.partition(":")
    else:  # a bare name, or an IPv6 address without brackets
        name, port_text = host, ""
    port = int(port_text) if port_text.isdigit() and len(port_text) <= 5 else None
    return name.rstrip("."), port


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass
class Guard:
    """The server's checks: which Host names and Origins it answers, and its token, if any.

    `bind` is the address it listens on; `public_url` the address players are given when a
    proxy (often HTTPS) stands in front of it. The token is required whenever `bind` reaches
    beyond this computer.
    """

    bind: str
    public_url: str | None = None
    token: str | None = None
    #: Host names (lower case) answered besides the loopback names.
    names: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.token is None and not is_loopback(self.bind):
            self.token = new_token()
        if self.bind not in EVERYWHERE:
            self.names.add(split_host(self.bind)[0])
        else:  # this computer's own name, as others on the network may type it
            hostname = socket.gethostname().lower()
            self.names.update({hostname, f"{hostname}.local"})
        if self.public_url:
            self.names.add(split_host(urlsplit(self.public_url).netloc)[0])

    @property
    def everywhere(self) -> bool:
        """True when listening on every address of this computer."""
        return self.bind in EVERYWHERE

    def host_allowed(self, host: str) -> bool:
        """True for a Host header naming this server: a loopback name, or a name it serves.

        Bound to every address, any IP address of this computer is also answered (an address,
        unlike a name, cannot be pointed here by someone else's DNS).
        """
        name, _ = split_host(host)
        if not name:
            return False
        if is_loopback(name) or name in self.names:
            return True
        return self.everywhere and _is_address(name)

    def origin_allowed(self, origin: str | None, host: str, scheme: str) -> bool:
        """True when a request's Origin is the page's own (or none, as from a non-browser).

        The Origin's host name must be the Host's. Its port must be the Host's port, or, when
        the Host carries none, the default port of http or https: a proxy that serves
        https://games.example on 443 and passes `Host: games.example` is the page's own origin.
        The public URL's origin is always allowed.
        """
        if origin is None:
            return True
        parts = urlsplit(origin.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return False  # "null", file:, and the like
        try:
            origin_port = parts.port or _DEFAULT_PORTS[parts.scheme]
        except ValueError:
            return False
        origin_name = parts.hostname.lower().rstrip(".")
        if self.public_url:
            public = urlsplit(self.public_url)
            public_port = public.port or _DEFAULT_PORTS.get(public.scheme, 80)
            if (public.hostname or "").lower() == origin_name and public_port == origin_port:
                return True
        name, port = split_host(host)
        if origin_name != name:
            return False
        if port is not None:
            return origin_port == port
        return origin_port in (80, 443, _DEFAULT_PORTS.get(scheme, 80))

    def token_ok(self, *given: str | None) -> bool:
        """True when no token is needed, or one of `given` (query, cookie, header) is it."""
        if self.token is None:
            return True
        return any(same_token(value, self.token) for value in given)
