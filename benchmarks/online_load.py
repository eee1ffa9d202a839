"""Load benchmark of ``cartas serve``: N tables of 4-player truco, 4 websocket clients each, on loopback.

It starts ``cartas serve`` in its own process (so its CPU and memory are its own), fills N tables with four
people each (no bots), and lets every seat play a random legal move after a think time, for a bounded time.
It prints moves per second, the latency of a move (from the mover sending it to the last of the table's four
clients receiving the view it produced, so the server's time plus two loopback hops and client scheduling),
the server's CPU per move, and its memory per table (resident memory with the tables connected, over the
same server idle, per table).

    python benchmarks/online_load.py --tables 100 --seconds 30 --think 1.0

Needs the online extra (websockets, httpx). Not a test: numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Stats:
    """What the clients saw: when each view arrived, per table and version, and the moves sent."""

    measuring: bool = False
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    """(table, version the mover saw) -> time sent."""
    acked: dict[tuple[str, int], int] = field(default_factory=dict)
    """(table, version the mover saw) -> version of the move."""
    views: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    moves: int = 0
    errors: int = 0


async def seat_client(url: str, code: str, token: str, think: float, stats: Stats, stop: asyncio.Event) -> None:
    rng = random.Random(token)
    async with websockets.connect(url, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "v": None}))
        pending: tuple[int, float] | None = None
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            now = time.perf_counter()
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "ack" and pending is not None:
                if stats.measuring:
                    stats.sent[(code, pending[0])] = pending[1]
                    stats.acked[(code, pending[0])] = frame["v"]
                    stats.moves += 1
                pending = None
            elif kind == "error":
                stats.errors += 1
                pending = None
            elif kind in ("view", "snapshot") and frame.get("view"):
                if kind == "view":
                    stats.views.setdefault((code, frame["v"]), []).append(now)
                view = frame["view"]
                first = view["observation"]["to_act"][:1]
                if view["legal"] and first == [view["you"]] and pending is None:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    if stop.is_set():
                        break
                    pending = (frame["v"], time.perf_counter())
                    choice = rng.randrange(len(view["legal"]))
                    await ws.send(json.dumps({"type": "move", "action": choice, "v": frame["v"]}))


async def make_table(client: httpx.AsyncClient) -> tuple[str, list[str]]:
    created = (await client.post("/api/tables", json={
        "game": "truco", "options": {"players": 4, "points": 30}, "name": "P0", "grace": 600,
    })).json()
    code = created["code"]
    tokens = [created["token"]]
    for name in ("P1", "P2", "P3"):
        tokens.append((await client.post(f"/api/tables/{code}/join", json={"name": name})).json()["token"])
    started = await client.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {created['host_token']}"})
    started.raise_for_status()
    return code, tokens


async def run(tables: int, seconds: float, think: float, warmup: float) -> None:
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="cartas-load-"))
    env = dict(os.environ, CARTAS_HOME=str(folder))
    server = subprocess.Popen(
        [sys.executable, "-m", "cartas.cli.main", "serve", "--port", str(port), "--db", str(folder / "load.sqlite3"),
         "--bot-delay", "0"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            for _ in range(100):
                try:
                    await client.get("/api/games")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
            idle_rss = rss_mib(server.pid)
            setups = [await make_table(client) for _ in range(tables)]
        stats = Stats()
        stop = asyncio.Event()
        clients = [
            asyncio.create_task(seat_client(f"ws://127.0.0.1:{port}/ws/{code}", code, token, think, stats, stop))
            for code, tokens in setups for token in tokens
        ]
        await asyncio.sleep(warmup)
        loaded_rss = rss_mib(server.pid)
        cpu0, t0 = cpu_seconds(server.pid), time.perf_counter()
        stats.measuring = True
        await asyncio.sleep(seconds)
        stats.measuring = False
        cpu1, t1 = cpu_seconds(server.pid), time.perf_counter()
        stop.set()
        await asyncio.gather(*clients, return_exceptions=True)
    finally:
        server.terminate()
        server.wait(10)
    latencies = []
    for key, sent in stats.sent.items():
        arrived = stats.views.get((key[0], stats.acked[key]), [])
        if len(arrived) == 4:
            latencies.append((max(arrived) - sent) * 1000)
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] if latencies else float("nan")

    elapsed = t1 - t0
    print(f"tables {tables} x 4 sockets, think {think:g} s, measured {elapsed:.1f} s after {warmup:g} s of warm-up")
    print(f"moves {stats.moves} ({stats.moves / elapsed:.1f}/s), refused {stats.errors}")
    print(f"move latency (send -> all 4 views received) ms: p50 {pct(50):.1f}  p95 {pct(95):.1f}  p99 {pct(99):.1f}"
          f"  max {latencies[-1] if latencies else float('nan'):.1f}  (n={len(latencies)})")
    busy = cpu1 - cpu0
    print(f"server CPU {busy:.2f} s = {busy / elapsed * 100:.1f}% of a core; "
          f"{busy / max(stats.moves, 1) * 1000:.2f} ms per move")
    print(f"server memory: idle {idle_rss:.0f} MiB, loaded {loaded_rss:.0f} MiB, "
          f"{(loaded_rss - idle_rss) / tables * 1024:.0f} KiB per table of 4 sockets")
    if latencies:
        print(f"mean latency {statistics.fmean(latencies):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time (bounded at 120)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client thinks before a move")
    parser.add_argument("--warmup", type=float, default=5.0)
    args = parser.parse_args()
    asyncio.run(run(args.tables, min(args.seconds, 120.0), args.think, args.warmup))


if __name__ == "__main__":
    main()
