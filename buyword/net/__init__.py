"""One table at several screens: a websocket server holding the table session, and its client.

    from buyword.net.server import TableServer
    from buyword.net.client import TableClient

    server = TableServer(session)           # join codes for the people's seats
    await server.start()                    # loopback by default; server.port
    client = await TableClient.connect("127.0.0.1", server.port)
    await client.join(code=server.codes[1]) # the seat's view arrives as client.view
    await client.act("buy")

The package's top level imports nothing, so `buyword --help` does not load the websocket
library; import each name from its module.
"""
