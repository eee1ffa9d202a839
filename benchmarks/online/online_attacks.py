"""An honest table's move latency while one attacker hammers ``cartas serve`` from one address, attack by attack.

It starts ``cartas serve`` in its own process, then runs one phase per attack. In every phase two people
(clients on 127.0.0.1) play a 2-player truco at a short think time, and the latency of each of their moves is
taken from the mover sending it to the mover receiving the view after it. The attacker runs from another
loopback address (127.0.0.2, a new one each phase), so the limits per address hold it and not the honest players,
and it reconnects or retries whenever it is closed or refused, for the whole phase. The attacker runs in a process
of its own at the lowest priority (nice 19), so its own work neither delays the honest clients' event loop nor
takes the CPU from the server: a real attacker is on another machine. Printed per phase: the honest moves, their
p50 and p99 and the p99's difference from the phase without an attacker (the issue's target: within 20 ms),
what the attacker sent and how much of it was refused, the server's CPU share, its resident memory, and the
database's size on disk (with its WAL). Beside them, one person plays a ``medium`` bot: its reply (the person's move
sent to the person's turn again, the bot's decision in the bot pool between) is the bots' figure, p50 and p99.

The analysis attackers ask for the analysis of finished matches (played to the end against a random bot before the
phases) as a page does: a ``POST`` to start it, then ``GET`` polls; one from one address, the other from 64
loopback addresses in turn (127.0.1.1 to 127.0.1.64), so only the server-wide and queue bounds hold it.

    python benchmarks/online_attacks.py --seconds 10

Needs the online extra (websockets, httpx). Not a test: numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

TICKS = os.sysconf("SC_CLK_TCK")
ATTACKER = "127.0.0.2"
"""The attacker's address in the first phase; each phase takes the next one (127.0.0.3, ...), so every attack
starts with its buckets full, the worst case."""
SOURCE = [ATTACKER]
"""The address this process attacks from (set in the attacker's process)."""
CONCURRENCY = 4
"""Connections or requests the attacker keeps going at once."""
SLOW_SOCKETS = 300
"""Half-open connections the slowloris attacker keeps open."""


Attack = Callable[["Tally", asyncio.Event], Awaitable[object]]


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


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Tally:
    """What the attacker did in a phase."""

    sent: int = 0
    refused: int = 0
    """Answers of 429, 403, 408, closes with 4429 or 1009, or connections the server cut."""


@dataclass
class Honest:
    latencies: list[float] = field(default_factory=list)
    bot_replies: list[float] = field(default_factory=list)
    measuring: bool = False


async def started_against_bot(client: httpx.AsyncClient, name: str, level: str) -> tuple[str, str]:
    """A two-player truco to 30 made by ``client`` as ``name``, a ``level`` bot in seat 1, started: its code and
    the person's seat token."""
    created = (await client.post("/api/tables", json={
        "game": "truco", "options": {"players": 2, "points": 30}, "name": name, "grace": 600,
    })).json()
    code = created["code"]
    host = {"Authorization": f"Bearer {created['host_token']}"}
    await client.post(f"/api/tables/{code}/seating", json={"op": "bot", "seat": 1, "level": level}, headers=host)
    (await client.post(f"/api/tables/{code}/start", headers=host)).raise_for_status()
    return code, created["token"]


async def bot_table(base: str, ws_base: str, honest: Honest, stop: asyncio.Event, think: float) -> None:
    """One person plays a ``medium`` bot, match after match, from 127.0.0.9 (its own frame budget); the bot's reply
    time is measured."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while not stop.is_set():
            code, token = await started_against_bot(client, "Caro", "medium")
            await versus_bot(f"{ws_base}/ws/{code}", token, honest, stop, think, "127.0.0.9")


async def versus_bot(url: str, token: str, honest: Honest | None, stop: asyncio.Event, think: float,
                     local: str = "127.0.0.1") -> None:
    """Play random moves against the table's bot until the match ends (or ``stop``), reconnecting when the frame
    budget closes the socket (a person at a slow machine would not move this fast)."""
    while not stop.is_set():
        try:
            await one_connection(url, token, honest, stop, think, local)
            return
        except websockets.ConnectionClosed:
            await asyncio.sleep(1.0)


async def one_connection(url: str, token: str, honest: Honest | None, stop: asyncio.Event, think: float,
                         local: str) -> None:
    rng = random.Random(token)
    async with websockets.connect(url, max_size=2**20, local_addr=(local, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "v": None}))
        sent: float | None = None
        while not stop.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            kind = frame["type"]
            if kind == "result":
                return
            if kind in ("view", "snapshot") and frame.get("view"):
                view = frame["view"]
                mine = bool(view["legal"]) and view["observation"]["to_act"][:1] == [view["you"]]
                if not mine:
                    continue
                if sent is not None and honest is not None and honest.measuring:
                    honest.bot_replies.append((time.perf_counter() - sent) * 1000)
                sent = None
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "action": rng.randrange(len(view["legal"])),
                                          "v": frame["v"]}))
            elif kind == "error":
                sent = None


async def finished_matches(base: str, count: int) -> list[str]:
    """``count`` truco matches to 30 played to the end against a random bot (from 127.0.0.250): what the analysis
    attackers ask about."""
    codes = []
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=30,
                                 transport=httpx.AsyncHTTPTransport(local_address="127.0.0.250")) as client:
        for number in range(count):
            code, token = await started_against_bot(client, "Dora", "random")
            await versus_bot(f"{ws_base}/ws/{code}", token, None, asyncio.Event(), 0.0,
                             f"127.0.2.{1 + number}")
            codes.append(code)
    return codes


ROTATING = 64
"""Addresses the rotating analysis attacker takes turns with (127.0.1.1 to 127.0.1.64): a fresh per-address bucket
for nearly every start, so only the server-wide bucket and the line hold it."""
FINISHED: list[str] = []
"""The finished matches' codes (set in the attacker's process)."""


async def analysis_flood(base: str, rotating: bool, tally: Tally, stop: asyncio.Event) -> None:
    """Ask for analyses as a page does (POST, then GET polls), of every seat of every finished match, round and
    round; from one address, or from a new one for each request."""
    rng = random.Random()
    clients = [attacker_client(base)] if not rotating else [
        httpx.AsyncClient(base_url=base, timeout=10, transport=httpx.AsyncHTTPTransport(
            local_address=f"127.0.1.{number}", verify=False)) for number in range(1, ROTATING + 1)]
    try:
        while not stop.is_set():
            code, seat = rng.choice(FINISHED), rng.randrange(2)
            path = f"/api/tables/{code}/analysis?seat={seat}"
            for method in ("POST", "GET", "GET"):
                client = rng.choice(clients)
                try:
                    response = await client.request(method, path)
                    tally.sent += 1
                    if response.status_code >= 400:
                        tally.refused += 1
                except httpx.HTTPError:
                    tally.refused += 1
                    await asyncio.sleep(0.05)
    finally:
        for client in clients:
            await client.aclose()


async def honest_table(base: str, ws_base: str, honest: Honest, stop: asyncio.Event, think: float) -> None:
    """Two people play truco, match after match, a random legal move after ``think`` seconds each."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while not stop.is_set():
            created = (await client.post("/api/tables", json={
                "game": "truco", "options": {"players": 2, "points": 30}, "name": "Ana", "grace": 600,
            })).json()
            code = created["code"]
            joined = (await client.post(f"/api/tables/{code}/join", json={"name": "Beto"})).json()
            host = {"Authorization": f"Bearer {created['host_token']}"}
            (await client.post(f"/api/tables/{code}/start", headers=host)).raise_for_status()
            over = asyncio.Event()
            await asyncio.gather(*(
                seat(f"{ws_base}/ws/{code}", token, honest, stop, over, think)
                for token in (created["token"], joined["token"])
            ))


async def seat(url: str, token: str, honest: Honest, stop: asyncio.Event, over: asyncio.Event, think: float) -> None:
    rng = random.Random(token)
    async with websockets.connect(url, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "v": None}))
        sent: float | None = None
        while not stop.is_set() and not over.is_set():
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            kind = frame["type"]
            if kind == "result":
                over.set()
            elif kind in ("view", "snapshot") and frame.get("view"):
                if sent is not None and kind == "view":
                    if honest.measuring:
                        honest.latencies.append((time.perf_counter() - sent) * 1000)
                    sent = None
                view = frame["view"]
                if view["legal"] and view["observation"]["to_act"][:1] == [view["you"]] and sent is None:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "action": rng.randrange(len(view["legal"])),
                                              "v": frame["v"]}))
            elif kind == "error":
                sent = None


# --- the attacks ------------------------------------------------------------------------------------------


def attacker_client(base: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url=base, timeout=10, transport=httpx.AsyncHTTPTransport(local_address=SOURCE[0]),
    )


async def socket_flood(ws_url: str, token: str | None, frame: str, tally: Tally, stop: asyncio.Event) -> None:
    """Send ``frame`` as fast as the socket takes it; reconnect when closed."""
    while not stop.is_set():
        try:
            async with websockets.connect(ws_url, max_size=2**22, local_addr=(SOURCE[0], 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "v": None}))

                async def drain() -> None:
                    async for _ in ws:
                        pass

                reader = asyncio.create_task(drain())
                try:
                    while not stop.is_set():
                        await ws.send(frame)
                        tally.sent += 1
                        await asyncio.sleep(0)
                finally:
                    reader.cancel()
        except (websockets.ConnectionClosed, OSError, websockets.InvalidStatus):
            tally.refused += 1
            await asyncio.sleep(0.05)


async def http_flood(
    base: str, request: Callable[[httpx.AsyncClient], Awaitable[httpx.Response]], tally: Tally, stop: asyncio.Event
) -> None:
    async with attacker_client(base) as client:
        while not stop.is_set():
            try:
                response = await request(client)
                tally.sent += 1
                if response.status_code >= 400:
                    tally.refused += 1
            except httpx.HTTPError:
                tally.refused += 1
                await asyncio.sleep(0.05)


async def slowloris(port: int, tally: Tally, stop: asyncio.Event) -> None:
    """Keep :data:`SLOW_SOCKETS` connections with a request head never finished, a header line every second."""

    async def one() -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(SOURCE[0], 0))
            except OSError:
                tally.refused += 1
                await asyncio.sleep(0.2)
                continue
            tally.sent += 1
            try:
                writer.write(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n")
                while not stop.is_set():
                    await writer.drain()
                    try:
                        if await asyncio.wait_for(reader.read(1), 1.0) == b"":
                            tally.refused += 1
                            break
                    except TimeoutError:
                        writer.write(b"X-Slow: 1\r\n")
            except OSError:
                tally.refused += 1
            finally:
                writer.close()

    await asyncio.gather(*(one() for _ in range(SLOW_SOCKETS)))


async def connection_churn(ws_url: str, tally: Tally, stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            async with websockets.connect(ws_url, local_addr=(SOURCE[0], 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None, "v": None}))
                await ws.recv()
                tally.sent += 1
        except (websockets.ConnectionClosed, OSError, websockets.InvalidStatus):
            tally.sent += 1
            tally.refused += 1
            await asyncio.sleep(0.01)


async def attacker_table(base: str) -> tuple[str, str]:
    """A table of the attacker's own, started, with a bot: its seat's refused moves are the flood."""
    async with attacker_client(base) as client:
        return await started_against_bot(client, "Mallory", "random")


QUICK = {"game": "truco", "players": 2, "options": {"points": 15}, "name": "q"}
"""The quick-play request the flood repeats (issue 46, D1)."""


async def queue_churn(client: httpx.AsyncClient) -> httpx.Response:
    """Join the quick-play queue and leave it at once; the answer of the join (a refusal once over budget)."""
    joined = await client.post("/api/quickplay", json=QUICK)
    if joined.status_code == 201:
        await client.delete("/api/quickplay", headers={"Authorization": f"Bearer {joined.json()['ticket']}"})
    return joined


def attacks(base: str, port: int, code: str, token: str) -> dict[str, Attack | None]:
    """Each attack by name: a coroutine function of the tally and the stop event."""
    ws_base = base.replace("http://", "ws://")
    watched = f"{ws_base}/ws/{code}"
    body = {"game": "truco", "options": {"players": 2, "points": 15}, "name": "Mallory"}
    return {
        "none": None,
        "ping flood": lambda t, s: asyncio.gather(*(
            socket_flood(watched, None, '{"type":"ping"}', t, s) for _ in range(CONCURRENCY))),
        # One connection: a second one with the same seat token would replace the first.
        "refused moves": lambda t, s: socket_flood(watched, token, '{"type":"move","action":999,"v":0}', t, s),
        "malformed frames": lambda t, s: asyncio.gather(*(
            socket_flood(watched, None, "{not json", t, s) for _ in range(CONCURRENCY))),
        "oversized frames": lambda t, s: asyncio.gather(*(
            socket_flood(watched, None, "x" * 70_000, t, s) for _ in range(CONCURRENCY))),
        "new tables": lambda t, s: asyncio.gather(*(
            http_flood(base, lambda c: c.post("/api/tables", json=body), t, s) for _ in range(CONCURRENCY))),
        "lobby list reloads": lambda t, s: asyncio.gather(*(
            http_flood(base, lambda c: c.get("/api/tables"), t, s) for _ in range(CONCURRENCY))),
        "cross-site posts": lambda t, s: asyncio.gather(*(
            http_flood(base, lambda c: c.post("/api/tables", json=body, headers={"Origin": "https://evil.example"}),
                       t, s) for _ in range(CONCURRENCY))),
        "quick play flood": lambda t, s: asyncio.gather(*(
            http_flood(base, lambda c: c.post("/api/quickplay", json=QUICK), t, s) for _ in range(CONCURRENCY))),
        "queue churn": lambda t, s: asyncio.gather(*(
            http_flood(base, queue_churn, t, s) for _ in range(CONCURRENCY))),
        "slowloris": lambda t, s: slowloris(port, t, s),
        "socket churn": lambda t, s: asyncio.gather(*(
            connection_churn(watched, t, s) for _ in range(CONCURRENCY))),
        "analysis, one address": lambda t, s: asyncio.gather(*(
            analysis_flood(base, False, t, s) for _ in range(CONCURRENCY))),
        "analysis, rotating": lambda t, s: asyncio.gather(*(
            analysis_flood(base, True, t, s) for _ in range(CONCURRENCY))),
    }


def attack_process(name: str, source: str, base: str, port: int, code: str, token: str, seconds: float,
                   results: Any, finished: list[str]) -> None:
    """The attacker's process: run attack ``name`` from ``source`` for ``seconds``, put its tally on ``results``."""
    SOURCE[0] = source
    FINISHED[:] = finished
    os.nice(19)  # an attacker is on another machine: here it must not take the CPU from the server it attacks
    attack = attacks(base, port, code, token)[name]
    assert attack is not None

    async def go() -> Tally:
        tally, stop = Tally(), asyncio.Event()
        task = asyncio.ensure_future(attack(tally, stop))
        await asyncio.sleep(seconds)
        stop.set()
        try:
            await asyncio.wait_for(task, 5)
        except BaseException:
            task.cancel()
        return tally

    tally = asyncio.run(go())
    results.put((tally.sent, tally.refused))


async def server_p99(base: str, seconds: float) -> float:
    """The server's own p99 of a move (frame in to the last view written) over the phase, every table's."""
    try:
        async with httpx.AsyncClient(base_url=base, timeout=10) as client:
            figures = (await client.get("/api/metrics", params={"window": seconds})).json()
        return float(figures["move_ms"]["p99"])
    except (httpx.HTTPError, KeyError, TypeError, ValueError):
        return float("nan")


def db_size(folder: Path) -> float:
    return sum(path.stat().st_size for path in folder.glob("attacks.sqlite3*")) / 2**20


async def run(seconds: float, think: float, only: list[str] | None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cartas-attacks-"))
    port = free_port()
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "cartas.cli.main", "serve", "--port", str(port), "--db", str(folder / "attacks.sqlite3"),
         "--bot-delay", "0"],
        env=dict(os.environ, CARTAS_HOME=str(folder)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            for _ in range(300):
                try:
                    await client.get("/api/games")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
        code, token = await attacker_table(base)
        finished = await finished_matches(base, 6) if not only or any(n.startswith("analysis") for n in only) else []
        context = multiprocessing.get_context("spawn")
        print(f"{seconds:g} s per phase, think {think:g} s; attacker from {ATTACKER}, honest table from 127.0.0.1")
        print(f"| {'attack':<20} | moves | p50 ms | p99 ms | p99 - none | server p99 ms | attacker sent / refused |"
              " CPU  | RSS MiB | DB MiB | bot p50 ms | bot p99 ms | bot p99 - none |")
        print(f"| {'-' * 20} | ----: | -----: | -----: | ---------: | ------------: | ----------------------: |"
              " ---: | ------: | -----: | ---------: | ---------: | -------------: |")
        baseline = None
        bot_baseline = float("nan")
        for number, name in enumerate(attacks(base, port, code, token)):
            if only and name not in only and name != "none":
                continue
            honest, tally, stop = Honest(), Tally(), asyncio.Event()
            players = asyncio.gather(honest_table(base, ws_base, honest, stop, think),
                                     bot_table(base, ws_base, honest, stop, max(think, 0.5)))
            results = context.Queue()
            attacker = None
            if name != "none":
                source = f"127.0.0.{2 + number}"
                attacker = context.Process(
                    target=attack_process, args=(name, source, base, port, code, token, seconds + 2.0, results, finished),
                )
                attacker.start()
            await asyncio.sleep(1.0)
            cpu0, t0 = cpu_seconds(process.pid), time.perf_counter()
            honest.measuring = True
            await asyncio.sleep(seconds)
            honest.measuring = False
            share = (cpu_seconds(process.pid) - cpu0) / (time.perf_counter() - t0)
            inside = await server_p99(base, seconds)
            stop.set()
            try:
                await asyncio.wait_for(players, 10)
            except (TimeoutError, Exception):
                players.cancel()
            if attacker is not None:
                tally.sent, tally.refused = await asyncio.to_thread(results.get, True, 30)
                attacker.join(10)
            p50, p99 = statistics.median(honest.latencies or [float("nan")]), percentile(honest.latencies, 0.99)
            b50, b99 = statistics.median(honest.bot_replies or [float("nan")]), percentile(honest.bot_replies, 0.99)
            if baseline is None:
                baseline, bot_baseline = p99, b99
            print(
                f"| {name:<20} | {len(honest.latencies):5d} | {p50:6.1f} | {p99:6.1f} | {p99 - baseline:+10.1f} |"
                f" {inside:13.1f} |"
                f" {tally.sent:>11,} / {tally.refused:<11,} | {share:4.0%} | {rss_mib(process.pid):7.1f} |"
                f" {db_size(folder):6.2f} | {b50:10.1f} | {b99:10.1f} | {b99 - bot_baseline:+14.1f} |",
                flush=True,
            )
    finally:
        process.terminate()
        process.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per phase")
    parser.add_argument("--think", type=float, default=0.05, help="the honest players' think time")
    parser.add_argument("--only", nargs="*", help="run only these attacks (and the baseline)")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.seconds, arguments.think, arguments.only))


if __name__ == "__main__":
    main()
