"""Where `buyword serve` listens: whether an address reaches beyond this computer, and the
warning printed when it does (shared by the command and the server it starts)."""

from __future__ import annotations

import ipaddress

DEFAULT_HOST = "127.0.0.1"

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
        f"Warning: serving BuyWord on {where}, port {port}. Anyone who can reach port {port} "
        "and has the address with its token can play, with this computer's saves, scores and "
        "settings, and can name files on this computer as a word list or tile set. "
        f"Serve on {DEFAULT_HOST} (the default) to keep it to this computer."
    )
