"""How big the SQLite WAL grows under a storm of writes: presence rows (a reconnect storm) and moves, written
as fast as one event loop can, while the server's checkpoint runs in a worker thread every few seconds.

    python benchmarks/online/wal_storm.py --seconds 20 --tables 50

Prints the WAL file's size every second and its largest. Not a test: numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from cartas.online.app import CHECKPOINT_EVERY, checkpoint_every, open_store
from cartas.online.store.tables import SeatRow, TableRow


async def storm(db: Path, seconds: float, tables: int, every: float, pause: float) -> None:
    store = await open_store(db)
    codes = [f"W{n:05d}" for n in range(tables)]
    for code in codes:
        await store.create_table(TableRow(
            code=code, game="truco", options={"players": 2}, seed=1, status="playing", grace=60, bot_level="easy",
            host_hash="h", created="now", seats=[SeatRow(0, "human", "a"), SeatRow(1, "human", "b")],
        ))
    checkpoints = asyncio.get_running_loop().create_task(checkpoint_every(store, every))
    wal = Path(f"{db}-wal")
    began = time.monotonic()
    next_report = began + 1
    writes = largest = 0
    version = 0
    while time.monotonic() - began < seconds:
        for code in codes:
            version += 1
            await store.set_presence(code, writes % 2, "online" if version % 2 else "away", version)
            await store.add_move(code, version, 0, "play 1E " + "x" * 40, version, None)
            writes += 2
        await asyncio.sleep(pause)  # 0: let the checkpoint's thread hand its result back, and go on
        size = wal.stat().st_size if wal.exists() else 0
        largest = max(largest, size)
        if time.monotonic() >= next_report:
            print(f"{time.monotonic() - began:5.1f} s: {writes:7d} writes, WAL {size / 2**20:7.2f} MiB")
            next_report += 1
    checkpoints.cancel()
    await store.close()
    print(f"largest WAL {largest / 2**20:.2f} MiB after {writes} writes in {seconds:g} s"
          f" ({writes / seconds:.0f} commits/s, checkpoint every {every:g} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--every", type=float, default=CHECKPOINT_EVERY, help="seconds between checkpoints")
    parser.add_argument("--pause", type=float, default=0.0, help="seconds between rounds of writes (0: a storm)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(storm(Path(folder) / "storm.sqlite3", args.seconds, args.tables, args.every, args.pause))
        os.sync()


if __name__ == "__main__":
    main()
