"""One table at several screens: a websocket server holding the table session, and its client.

    server = TableServer(session)           # join codes for the people's seats
    await server.start()                    # loopback by default; server.port
    client = await TableClient.connect("127.0.0.1", server.port)
    await client.join(code=server.codes[1]) # the seat's view arrives as client.view
    await client.act("buy")
"""

from buyword.net.client import TableClient, TableRefused
from buyword.net.protocol import MAX_BYTES, VERSION, ProtocolError
from buyword.net.server import TableServer

__all__ = ["MAX_BYTES", "VERSION", "ProtocolError", "TableClient", "TableRefused", "TableServer"]
