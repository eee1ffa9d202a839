"""Two ``cartas serve`` processes against one: the same N tables per process on one Postgres server, clients
spread over the processes as a proxy routing by table code would spread them.

    python benchmarks/online_multiproc.py --db postgresql://cartas@127.0.0.1:5432/postgres --tables 20

It runs benchmarks/online_load.py twice, each on a new database made on that server (and dropped after):
one process with N tables, then two processes with N tables each, and with ``--kill`` kill -9s one of the
two at the end and times the takeover of its tables. It prints each run's moves/s and client-seen latency
percentiles, the ratio of moves/s, the load average, and how busy the clients were: all the clients run in
this one process, so on a small machine they can be the bound rather than the servers (the figure says so).
A fair measure needs the clients on other machines (or more cores than the servers use), a think time short
enough to saturate one process, and a quiet machine. Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from online_load import run  # noqa: E402


@contextmanager
def new_database(server: str) -> Iterator[str]:
    """A new empty database on the server ``server`` names (any database's URL there), dropped afterwards."""
    import psycopg
    from psycopg import sql

    name = f"cartas_multiproc_{secrets.token_hex(4)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield f"{server.rpartition('/')[0]}/{name}"
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a postgresql:// URL of a server where databases may be made")
    parser.add_argument("--tables", type=int, default=20, help="tables per process")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured time of each run (bounded at 120)")
    parser.add_argument("--think", type=float, default=0.3, help="mean seconds a client thinks before a move")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--kill", action="store_true", help="kill -9 one of the two processes; time the takeover")
    parser.add_argument("--lease", type=float, default=5.0, help="the processes' --lease")
    parser.add_argument(
        "--pg-data", type=Path, help="the Postgres cluster's data folder (its postmaster.pid): its CPU per move too"
    )
    args = parser.parse_args()
    figures = []
    for servers in (1, 2):
        print(f"== {servers} process(es), {args.tables} tables each; load average {os.getloadavg()[0]:.2f}")
        with new_database(args.db) as db:
            figures.append(asyncio.run(run(
                args.tables * servers, min(args.seconds, 120.0), args.think, args.warmup, None, servers, db,
                args.kill and servers == 2, args.lease, args.pg_data,
            )))
    one, two = figures
    print(
        f"== two processes / one: {two['moves_per_s'] / one['moves_per_s']:.2f}x the moves/s"
        f" ({one['moves_per_s']:.1f} -> {two['moves_per_s']:.1f}/s), client-seen p99 {one['p99']:.0f} -> {two['p99']:.0f} ms;"
        f" the clients used {one['clients_cpu']:.0f}% and {two['clients_cpu']:.0f}% of a core;"
        f" load average {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)"
    )
    # The honest figure on a small machine: each process's CPU per move, the clients throttled by their think
    # time to the same moves/s per process in both runs. Equal CPU per move means the processes add up.
    alone = one["per_process"][0]
    print(f"== CPU per move: one process alone {alone['cpu_ms_per_move']:.2f} ms at {alone['moves_per_s']:.1f} moves/s;"
          + "".join(f" process {n + 1} of two {p['cpu_ms_per_move']:.2f} ms at {p['moves_per_s']:.1f} moves/s;"
                    for n, p in enumerate(two["per_process"])))
    if args.pg_data:
        print(f"== Postgres CPU per move: {one['pg_cpu_ms_per_move']:.2f} ms (one process),"
              f" {two['pg_cpu_ms_per_move']:.2f} ms (two)")
    worst = max(p["cpu_ms_per_move"] for p in two["per_process"])
    per_table = one["moves_per_s"] / args.tables  # the pace the clients' think time gave one table
    print(f"== model: a core runs {1000 / worst:.0f} moves/s = {1000 / worst / per_table:.0f} tables at"
          f" {per_table:.1f} moves/s each (this run's pace) with the worst process's CPU per move")


if __name__ == "__main__":
    main()
