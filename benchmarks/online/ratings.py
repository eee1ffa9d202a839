"""How long rating a finished match takes: cartas.online.accounts.ratings.record_match on a SQLite database holding
1,000 rated accounts (read the players' ratings, openskill's update, one transaction).

Run: ``python benchmarks/online/ratings.py [N]``; the target (issue 30) is under 50 ms. Report it with the load.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cartas.online.store.db import SQLiteRunner
from cartas.online.accounts.ratings import Finished, record_match
from cartas.online.store.tables import SQLiteStore


async def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "bench.sqlite3")
        db = SQLiteRunner(store.db)
        await db.run_all([
            ("INSERT INTO accounts (id, username, password, display, created) VALUES (?, ?, 'x', ?, 'now')",
             (f"a{i}", f"user{i}", f"User {i}"))
            for i in range(1000)
        ])
        times = []
        for m in range(n):
            pair = {0: f"a{(2 * m) % 1000}", 1: f"a{(2 * m + 1) % 1000}"}
            four = {**pair, 2: f"a{(2 * m + 2) % 1000}", 3: f"a{(2 * m + 3) % 1000}"}
            two = m % 2 == 0
            match = Finished(
                code=f"M{m}", game="truco", players=2 if two else 4, teams=None if two else (0, 1, 0, 1),
                winners=(m % 2,) if two else (1, 3), scores=(15, 9), accounts=pair if two else four,
                kinds=dict.fromkeys(range(2 if two else 4), "human"), bot_share={}, rated_table=True,
            )
            began = time.perf_counter()
            await record_match(db, match)
            times.append((time.perf_counter() - began) * 1000)
        store.close()
    times.sort()
    print(f"matches rated: {n} (1v1 and 2v2 alternately), load average {os.getloadavg()[0]:.1f}")
    print(f"ms: median {statistics.median(times):.2f}, p99 {times[int(n * 0.99) - 1]:.2f}, max {times[-1]:.2f}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
