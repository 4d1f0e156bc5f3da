"""One table at several screens: a websocket server holding the table session, and its client.

    server = TableServer(session)           # join codes for the people's seats
    await server.start()                    # loopback by default; server.port
    client = await TableClient.connect("127.0.0.1", server.port)
    await client.join(code=server.codes[1]) # the seat's view arrives as client.view
    await client.act("buy")

The names are loaded on first use, so `buyword --help` does not import the websocket library.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "TableServer": "buyword.net.server",
    "Limits": "buyword.net.server",
    "TableClient": "buyword.net.client",
    "TableRefused": "buyword.net.client",
    "MAX_BYTES": "buyword.net.protocol",
    "VERSION": "buyword.net.protocol",
    "ProtocolError": "buyword.net.protocol",
    "SeatLink": "buyword.net.remote",
    "JoinedTable": "buyword.net.remote",
    "HostSeat": "buyword.net.remote",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    """Import a public name's module when the name is first used."""
    if name not in _WHERE:
        raise AttributeError(f"module 'buyword.net' has no attribute {name!r}")
    return getattr(import_module(_WHERE[name]), name)
