"""What 200 tabs at once cost `buyword serve`: its peak memory and game processes.

Starts a real `buyword serve` (its default `--max-games` unless given) on a loopback port with
a throwaway data folder, opens `--connects` websockets at once, as that many browser tabs
would (each asking for a 20000x20000 terminal, which the server clamps), holds them open for
a few seconds, and prints:
- how many tabs got a game and how many were told the table is full;
- the peak number of game processes;
- the peak resident memory (RSS) of the server alone and of the server with its games.

    nice -n 10 python benchmarks/bench_serve_connects.py [--connects 200] [--max-games 8]

Needs the web extra (aiohttp); Linux (/proc) for the memory figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from web_helpers import children, free_port  # noqa: E402

#: Seconds the tabs are held open once all have connected (or been refused).
HOLD = 5.0


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (0 once it has gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class Peaks:
    """The highest figures seen while sampling the server and its games."""

    def __init__(self, server: int) -> None:
        self.server = server
        self.server_kib = self.total_kib = self.games = 0

    def sample(self) -> None:
        """Look at the server and its game processes once."""
        games = children(self.server)
        own = rss_kib(self.server)
        self.server_kib = max(self.server_kib, own)
        self.total_kib = max(self.total_kib, own + sum(rss_kib(pid) for pid in games))
        self.games = max(self.games, len(games))


async def one_tab(session: aiohttp.ClientSession, url: str, opened: list) -> str:
    """Open one tab's websocket: "game" (its first screen came) or "full" (refused)."""
    try:
        websocket = await session.ws_connect(url + "ws?width=20000&height=20000")
    except aiohttp.WSServerHandshakeError as error:
        return "full" if error.status == 503 else f"refused {error.status}"
    opened.append(websocket)
    try:
        message = await websocket.receive(timeout=60)
    except TimeoutError:
        return "no screen"
    return "game" if message.type == aiohttp.WSMsgType.BINARY else str(message.type)


async def storm(url: str, peaks: Peaks, connects: int) -> dict[str, int]:
    """Open `connects` tabs at once, hold them, close them; sample all the while."""
    done = asyncio.Event()

    async def sampler() -> None:
        while not done.is_set():
            peaks.sample()
            await asyncio.sleep(0.1)

    sampling = asyncio.create_task(sampler())
    opened: list[aiohttp.ClientWebSocketResponse] = []
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        results = await asyncio.gather(*(one_tab(session, url, opened) for _ in range(connects)))
        await asyncio.sleep(HOLD)
        for websocket in opened:
            await websocket.close()
    done.set()
    await sampling
    counts: dict[str, int] = {}
    for result in results:
        counts[result] = counts.get(result, 0) + 1
    return counts


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connects", type=int, default=200)
    parser.add_argument("--max-games", type=int, default=None)
    options = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    command = [sys.executable, "-m", "buyword", "serve", "--port", str(port)]
    if options.max_games is not None:
        command += ["--max-games", str(options.max_games)]
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "BUYWORD_HOME": home, "TEXTUAL_ANIMATIONS": "none"}
        log = Path(home) / "serve.log"
        with log.open("w") as out:
            server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + 30
            while "served at" not in log.read_text():
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"buyword serve did not start:\n{log.read_text()}")
                time.sleep(0.1)
            peaks = Peaks(server.pid)
            peaks.sample()
            idle_kib = peaks.server_kib
            counts = asyncio.run(storm(url, peaks, options.connects))
        finally:
            server.terminate()
            server.wait(timeout=30)
        tracebacks = log.read_text().count("Traceback")
    limit = options.max_games or "default"
    print(f"{options.connects} tabs at once against buyword serve (--max-games {limit}): "
          + ", ".join(f"{count} {what}" for what, count in sorted(counts.items())))
    print(f"peak game processes: {peaks.games}")
    print(f"server RSS: idle {idle_kib / 1024:.0f} MiB, peak {peaks.server_kib / 1024:.0f} MiB")
    print(f"peak RSS, server and its games: {peaks.total_kib / 1024:.0f} MiB")
    print(f"tracebacks in the server's log: {tracebacks}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
