"""Commit latency of the online store: how long ``add_move`` (one transaction, committed) takes, one table at a
time and with several tables committing at once, on SQLite or Postgres.

    python benchmarks/online/store_commit.py --db /tmp/x.sqlite3
    python benchmarks/online/store_commit.py --db postgresql://cartas@127.0.0.1:5432/bench --moves 2000 --tables 8

``--fsync DIR`` first times 8 kB written and ``fdatasync``-ed in a file in DIR (put it on the database's disk),
the floor under any durable commit on that disk: a commit's p99 cannot beat the disk's.

Each run writes new tables (named BENCH plus a random suffix). A Postgres URL may carry settings, e.g.
``?options=-c%20synchronous_commit%3Doff`` to see what durability costs. Not a test: numbers depend on the
machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import time

from cartas.online.app import open_store
from cartas.online.store.tables import AsyncStore, SeatRow, TableRow


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


def fsync_floor(folder: str, count: int) -> None:
    """Print the latency of an 8 kB write plus ``fdatasync`` in ``folder``: what one durable commit costs the disk."""
    timings = []
    path = os.path.join(folder, f"fsync-probe-{secrets.token_hex(3)}")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for _ in range(count):
            began = time.perf_counter()
            os.pwrite(fd, b"\0" * 8192, 0)
            os.fdatasync(fd)
            timings.append((time.perf_counter() - began) * 1000)
    finally:
        os.close(fd)
        os.unlink(path)
    print(
        f"fdatasync of 8 kB, {count} times: p50 {statistics.median(timings):.2f} ms, p95 {percentile(timings, 95):.2f}"
        f" ms, p99 {percentile(timings, 99):.2f} ms, max {max(timings):.2f} ms"
    )


async def sweep(db: str, concurrency: list[int], moves: int, target: float) -> None:
    """Commits/s and p99 at each number of tables committing at once; the best commits/s within the target."""
    best = None
    for tables in concurrency:
        store = await open_store(db)
        timings: list[float] = []
        run = secrets.token_hex(3).upper()
        began = time.perf_counter()
        try:
            await asyncio.gather(*(one_table(store, f"S{run}{i}", moves, timings) for i in range(tables)))
        finally:
            await store.close()
        rate = len(timings) / (time.perf_counter() - began)
        p99 = percentile(timings, 99)
        print(f"{tables:4d} table(s) at once: {rate:7.0f} commits/s, p50 {statistics.median(timings):.2f} ms,"
              f" p99 {p99:.2f} ms; load average {os.getloadavg()[0]:.2f}")
        if p99 <= target and (best is None or rate > best[1]):
            best = (tables, rate, p99)
    if best is None:
        print(f"no run kept its p99 within {target:g} ms")
    else:
        print(f"most commits/s with p99 within {target:g} ms: {best[1]:.0f}/s"
              f" ({best[0]} tables at once, p99 {best[2]:.2f} ms)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--moves", type=int, default=1000, help="moves per table")
    parser.add_argument("--tables", type=int, default=1, help="tables committing at once")
    parser.add_argument("--fsync", metavar="DIR", help="first time fdatasync in DIR (the disk's floor)")
    parser.add_argument(
        "--sweep", metavar="N,N,...",
        help="run once for each number of tables committing at once, and report the most commits/s whose p99 stays"
             " within --p99",
    )
    parser.add_argument("--p99", type=float, default=10.0, help="the commit latency target (ms) of --sweep")
    args = parser.parse_args()
    if args.fsync:
        fsync_floor(args.fsync, args.moves)
    if args.sweep:
        await sweep(args.db, [int(n) for n in args.sweep.split(",")], args.moves, args.p99)
        return
    store = await open_store(args.db)
    timings: list[float] = []
    run = secrets.token_hex(3).upper()
    began = time.perf_counter()
    try:
        await asyncio.gather(*(one_table(store, f"B{run}{i}", args.moves, timings) for i in range(args.tables)))
    finally:
        await store.close()
    elapsed = time.perf_counter() - began
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"{len(timings)} commits from {args.tables} table(s) in {elapsed:.1f} s ({len(timings) / elapsed:.0f}/s):"
        f" p50 {statistics.median(timings):.2f} ms, p95 {percentile(timings, 95):.2f} ms,"
        f" p99 {percentile(timings, 99):.2f} ms, max {max(timings):.2f} ms; load average {load}"
    )


if __name__ == "__main__":
    asyncio.run(main())
