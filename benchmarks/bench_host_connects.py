"""What 200 connections at once cost `buyword host`: its memory before, at the peak, after.

Serves a real table (two people) on a loopback port in this process, then opens `--connects`
websockets at once, as a crowd of strangers would: half send a wrong join code (the table
refuses them, and slows the address down after five), half send nothing and wait until the
table's join timeout closes them. Then it checks the two players still join and play, and
prints the resident memory (RSS) before, at the peak and after, and how each connection ended.

    nice -n 10 python benchmarks/bench_host_connects.py [--connects 200]

Linux (/proc) for the memory figures.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from buyword.net.protocol import encode, join_message  # noqa: E402
from buyword.net.server import Limits, TableServer  # noqa: E402
from buyword.store.setup import Seat  # noqa: E402
from tests.net_helpers import HOST, join_all, table  # noqa: E402


def rss_mib() -> tuple[float, float]:
    """(resident now, peak resident) of this process, in MiB."""
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().split("\n")
                  if ":" in line)
    return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)


async def stranger(port: int, wrong_code: bool) -> str:
    """One connection: a wrong code, or silence; how it ended."""
    try:
        async with connect(f"ws://{HOST}:{port}", open_timeout=30) as ws:
            if wrong_code:
                await ws.send(encode(join_message(code="AAAAAA")))
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 30)
            except Exception:  # noqa: BLE001 - how it closed is what is counted
                return f"closed {ws.close_code}"
    except OSError as error:
        return f"not connected ({error.strerror})"


async def main(connects: int) -> None:
    """Serve, crowd, check the players, print."""
    server = TableServer(table(Seat("Ann"), Seat("Bob"), seed=7),
                         limits=Limits(join_timeout=3.0))
    async with server:
        start, _ = rss_mib()
        ends = await asyncio.gather(*(stranger(server.port, n % 2 == 0)
                                      for n in range(connects)))
        _, peak = rss_mib()
        ann, bob = await join_all(server)
        await ann.act("roll 3")
        await ann.next_view()
        played = server.session.game.actions == ["roll 3"]
        for client in (ann, bob):
            await client.close()
        await asyncio.sleep(0.5)
        after, _ = rss_mib()
    print(f"{connects} connections to buyword host ({HOST}), half a wrong join code, half silent")
    for end, count in sorted(Counter(ends).items()):
        print(f"  {count:4d} {end}")
    print(f"RSS before {start:.1f} MiB, peak {peak:.1f} MiB, after {after:.1f} MiB "
          f"(+{peak - start:.1f} MiB at the peak)")
    print(f"the players joined and played afterwards: {'yes' if played else 'NO'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connects", type=int, default=200)
    asyncio.run(main(parser.parse_args().connects))

