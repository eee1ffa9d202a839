"""Commit latency of the online store: how long ``add_move`` (one transaction, committed) takes, one table at a
time and with several tables committing at once, on SQLite or Postgres.

    python benchmarks/store_commit.py --db /tmp/x.sqlite3
    python benchmarks/store_commit.py --db postgresql://cartas@127.0.0.1:5432/bench --moves 2000 --tables 8

Each run writes new tables (named BENCH plus a random suffix). A Postgres URL may carry settings, e.g.
``?options=-c%20synchronous_commit%3Doff`` to see what durability costs. Not a test: numbers depend on the
machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import time

from cartas.online.app import open_store
from cartas.online.store import AsyncStore, SeatRow, TableRow


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def one_table(store: AsyncStore, code: str, moves: int, timings: list[float]) -> None:
    row = TableRow(
        code=code, game="truco", options={"players": 2}, seed=1, status="playing", grace=60, bot_level="easy",
        host_hash="h", created="now", seats=[SeatRow(0), SeatRow(1)],
    )
    await store.create_table(row)
    for n in range(moves):
        began = time.perf_counter()
        await store.add_move(code, n, n % 2, "play 1E", n + 1, None)
        timings.append((time.perf_counter() - began) * 1000)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--moves", type=int, default=1000, help="moves per table")
    parser.add_argument("--tables", type=int, default=1, help="tables committing at once")
    args = parser.parse_args()
    store = await open_store(args.db)
    timings: list[float] = []
    run = secrets.token_hex(3).upper()
    began = time.perf_counter()
    try:
        await asyncio.gather(*(one_table(store, f"B{run}{i}", args.moves, timings) for i in range(args.tables)))
    finally:
        await store.close()
    elapsed = time.perf_counter() - began
    print(
        f"{len(timings)} commits from {args.tables} table(s) in {elapsed:.1f} s ({len(timings) / elapsed:.0f}/s):"
        f" p50 {statistics.median(timings):.2f} ms, p99 {percentile(timings, 99):.2f} ms,"
        f" max {max(timings):.2f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main())
