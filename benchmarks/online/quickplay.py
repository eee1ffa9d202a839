"""1,000 people waiting in quick play at once: the event loop's lag while they queue and are paired.

Run: ``python benchmarks/quickplay.py [PEOPLE] [SECONDS]``. PEOPLE join over one second (ratings spread over
0 to 50 mu, three setups, nobody accepting bots) into a SQLite queue, and the pairing pass runs every 0.5 s
as the server runs it, for SECONDS. A ticker measures the loop's lag every 5 ms. Seating a group is a stand-in
that returns at once (creating the table is the table's own cost, measured by the server's benchmarks), so
the figure is the queue's: its inserts, the pass under the lock and the grouping. The machine is shared: the
load average is printed with the figures.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from cartas.online.store.db import SQLiteRunner
from cartas.online.quickplay.queue import PAIR_EVERY, QuickPlay, Waiting
from cartas.online.store.tables import SQLiteStore


async def main(people: int, seconds: float) -> None:
    rng = random.Random(30)
    lags: list[float] = []
    seated_at: list[float] = []
    pass_ms: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "bench.sqlite3")
        began = time.monotonic()

        async def seat(group: list[Waiting]) -> list[tuple[str, int, str]]:
            seated_at.extend(time.time() - person.joined for person in group)
            return [("BENCH", n, "token") for n in range(len(group))]

        queue = QuickPlay(SQLiteRunner(store.db), seat)
        stop = False

        async def ticker() -> None:
            loop = asyncio.get_running_loop()
            while not stop:
                at = loop.time()
                await asyncio.sleep(0.005)
                lags.append((loop.time() - at - 0.005) * 1000)

        async def arrivals() -> None:
            for n in range(people):
                players = (2, 2, 4)[n % 3]
                points = (15, 30, 30)[n % 3]
                await queue.join("truco", {"points": points}, players, f"P{n}", None, rng.uniform(0, 50), None)
                if n % 10 == 9:
                    await asyncio.sleep(1.0 / (people / 10))

        async def pairing() -> None:
            while time.monotonic() - began < seconds:
                await asyncio.sleep(PAIR_EVERY)
                at = time.perf_counter()
                await queue.pair()
                pass_ms.append((time.perf_counter() - at) * 1000)

        tick = asyncio.create_task(ticker())
        await asyncio.gather(arrivals(), pairing())
        stop = True
        await tick
        waiting = store.db.execute("SELECT count(*) FROM quickplay WHERE status = 'waiting'").fetchone()[0]
        store.close()
    lags.sort()
    pass_ms.sort()
    seated_at.sort()
    print(f"people: {people} joining over 1 s, {seconds:g} s of pairing, load average {os.getloadavg()[0]:.1f}")
    print(f"loop lag ms: p50 {lags[len(lags) // 2]:.2f}, p99 {lags[int(len(lags) * 0.99)]:.2f}, max {lags[-1]:.2f}")
    print(f"pairing pass ms: median {pass_ms[len(pass_ms) // 2]:.1f}, max {pass_ms[-1]:.1f} ({len(pass_ms)} passes)")
    if seated_at:
        print(f"seated: {len(seated_at)}, waited s: median {seated_at[len(seated_at) // 2]:.2f},"
              f" p99 {seated_at[int(len(seated_at) * 0.99)]:.2f}; still waiting: {waiting}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, float(sys.argv[2]) if len(sys.argv) > 2 else 8))
