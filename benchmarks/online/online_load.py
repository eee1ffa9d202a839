"""Load benchmark of ``cartas serve``: N tables of 4-player truco, 4 websocket clients each, on loopback.

It starts ``cartas serve`` in its own process (so its CPU and memory are its own), fills N tables with four
people each (no bots), and lets every seat play a random legal move after a think time, for a bounded time.
It prints moves per second, the latency of a move inside the server (``GET /api/metrics``: from the move's
frame arriving to the last of its views written to its socket), the same seen by the clients (from the mover
sending it to the last of the table's clients receiving its view: two loopback hops and the clients' own
scheduling more, so it grows when this one process runs too many clients),
the server's CPU per move, and its memory per table (resident memory with the tables connected, over the
same server idle, per table). A spectator pings the server every 0.6 s throughout: the round trip of a ping
bounds how long the event loop was busy elsewhere (its lag). The clients ask for a burst's frames in one message,
as the browser does (``"batch": true``; ``--one-frame-per-message`` measures clients that do not). The server's
CPU is also split into user and kernel time (the socket calls are the kernel's).

    python benchmarks/online_load.py --tables 100 --seconds 30 --think 1.0
    python benchmarks/online_load.py --tables 4 --bots search      # one person and 3 search bots per table
    python benchmarks/online_load.py --tables 100 --servers 2 --db postgresql://cartas@127.0.0.1/load

With ``--servers N`` (a Postgres ``--db``, an empty database or one kept for the benchmark) it starts N processes
on that database; table i is created on process i mod N and its clients talk to that process, as a proxy routing
by table code would send them. CPU and memory are summed over the processes; the in-server figures are those
of the first process. ``--kill`` then kill -9s the first process and times how long until the second serves
every one of its tables (``--lease`` seconds of lease, passed to ``cartas serve``).

``--views N`` starts no server: it plays N random 4-player truco matches in this process and times what the
server builds on every move, each new event's frame as each viewer reads it and the view frame (observation,
table view, legal moves, as JSON text) for each of the four seats and a spectator, and prints the microseconds per move and the build running (``cartas --version``'s
text). Run it with the pure and with the compiled build's python to compare them (docs/compiled.md):

    python benchmarks/online_load.py --views 40
    ~/.cache/cartas/compiled/bin/python benchmarks/online_load.py --views 40

``--compare PYTHON`` does both in one run, alternating this python (the pure build) with PYTHON (a compiled
build's venv) round by round, and prints the ratio of their CPU per move: the servers' (with ``--tables``,
``--seconds``...), or the views' with ``--views``. ``--python`` runs the servers with another python, and
``--profile FILE`` profiles the first one (cProfile, in CPU time, the measured seconds only):

    python benchmarks/online_load.py --compare ~/.cache/cartas/compiled/bin/python --tables 20 --seconds 20
    python benchmarks/online_load.py --tables 20 --seconds 10 --profile /tmp/serve.prof

Needs the online extra (websockets, httpx). Not a test: numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

TICKS = os.sysconf("SC_CLK_TCK")
VIEW_HEAD = re.compile(r'\{"type":"view","v":(\d+)')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    return sum(user_system_seconds(pid))


def user_system_seconds(pid: int) -> tuple[float, float]:
    """The CPU seconds ``pid`` has spent in its own code and in the kernel (socket writes are mostly the latter)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def postgres_cpu_seconds(data: Path) -> float:
    """CPU seconds of the Postgres cluster in ``data``: its postmaster, its live backends, and those that ended."""
    master = int((data / "postmaster.pid").read_text().split()[0])
    fields = Path(f"/proc/{master}/stat").read_text().rsplit(")", 1)[1].split()
    total = (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / TICKS
    for task in Path(f"/proc/{master}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                total += cpu_seconds(int(child))
            except OSError:
                pass
    return total


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
    by_table: dict[str, int] = field(default_factory=dict)
    """Moves acknowledged while measuring, per table (to tell each process's share)."""
    errors: int = 0
    pings: list[float] = field(default_factory=list)


def client_address(number: int) -> dict[str, str]:
    """The headers that make client ``number`` (a table's people, or the ping probe) count as an address of its own.

    The server limits each address (online/server/limits.py: 20 sockets, 30 joins a minute, 15 frames a second), and
    this one process plays thousands of people from loopback. Behind a proxy each person has an address of their
    own, which the proxy puts in ``X-Forwarded-For``; uvicorn believes that header from loopback by default, so
    each table's four people say they come from an address of the documentation range 198.18.0.0/15."""
    return {"X-Forwarded-For": f"198.18.{number // 250}.{number % 250 + 1}"}


BATCH = True
"""The clients ask for a burst's frames in one message, as the browser does (``--one-frame-per-message``: not)."""

PING_EVERY = 0.6
"""Seconds between the probe's pings: a connection may send 2 frames a second once its burst is spent."""


async def ping_probe(url: str, stats: Stats, stop: asyncio.Event) -> None:
    """A spectator that pings every ``PING_EVERY`` s; the round trips while measuring go to ``stats.pings`` (ms)."""
    async with websockets.connect(url, max_size=2**22, additional_headers=client_address(59_999)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "v": None, "batch": BATCH}))
        while not stop.is_set():
            sent = time.perf_counter()
            await ws.send('{"type":"ping"}')
            while not any(json.loads(text)["type"] == "pong" for text in (await ws.recv()).split("\n")):
                pass
            if stats.measuring:
                stats.pings.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(PING_EVERY)


async def seat_client(
    url: str, code: str, token: str, think: float, stats: Stats, stop: asyncio.Event, alone: bool,
    headers: dict[str, str],
) -> None:
    """One seat: a random legal move after thinking, whenever it is this seat's to make.

    With four people only the first seat asked moves (two partners answering one truco would race); a person
    alone with bots answers whenever asked, since bots wait for a person who may act."""
    rng = random.Random(token)
    async with websockets.connect(url, max_size=2**20, additional_headers=headers) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "v": None, "batch": BATCH}))
        pending: tuple[int, float] | None = None
        while not stop.is_set():
            try:
                message = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            now = time.perf_counter()
            for text in message.split("\n"):  # one frame a line (the hello asked for batch)
                head = VIEW_HEAD.match(text)
                if head is not None and '"legal":[]' in text:  # a view without moves for us: note it, skip parsing
                    stats.views.setdefault((code, int(head.group(1))), []).append(now)
                    continue
                frame = json.loads(text)
                kind = frame["type"]
                if kind == "ack" and pending is not None:
                    if stats.measuring:
                        stats.sent[(code, pending[0])] = pending[1]
                        stats.acked[(code, pending[0])] = frame["v"]
                        stats.moves += 1
                        stats.by_table[code] = stats.by_table.get(code, 0) + 1
                    pending = None
                elif kind == "error":
                    stats.errors += 1
                    pending = None
                elif kind in ("view", "snapshot") and frame.get("view"):
                    if kind == "view":
                        stats.views.setdefault((code, frame["v"]), []).append(now)
                    view = frame["view"]
                    asked = view["observation"]["to_act"]
                    mine = view["you"] in asked if alone else asked[:1] == [view["you"]]
                    if view["legal"] and mine and pending is None:
                        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                        if stop.is_set():
                            return
                        pending = (frame["v"], time.perf_counter())
                        choice = rng.randrange(len(view["legal"]))
                        await ws.send(json.dumps({"type": "move", "action": choice, "v": frame["v"]}))


PROFILED = """\
import cProfile, runpy, signal, sys, time
out = sys.argv[1]
sys.argv = ["cartas", *sys.argv[2:]]
profile = cProfile.Profile(time.process_time)
def stop(*_):
    profile.disable()
    profile.dump_stats(out)
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
signal.signal(signal.SIGUSR2, stop)
runpy.run_module("cartas.cli.main", run_name="__main__")
"""
"""A server that profiles itself in CPU time between SIGUSR1 and SIGUSR2, which the benchmark sends at the start
and the end of the measured time, and then writes its statistics (``--profile``): the server's start, the
tables' making and the warm-up are left out."""


async def make_table(client: httpx.AsyncClient, bots: str | None) -> tuple[str, list[str]]:
    created = (await client.post("/api/tables", json={
        "game": "truco", "options": {"players": 4, "points": 30}, "name": "P0", "grace": 600,
    })).json()
    code = created["code"]
    host = {"Authorization": f"Bearer {created['host_token']}"}
    tokens = [created["token"]]
    for seat, name in ((1, "P1"), (2, "P2"), (3, "P3")):
        if bots:
            (await client.post(f"/api/tables/{code}/seating", json={"op": "bot", "seat": seat, "level": bots},
                               headers=host)).raise_for_status()
        else:
            tokens.append((await client.post(f"/api/tables/{code}/join", json={"name": name})).json()["token"])
    started = await client.post(f"/api/tables/{code}/start", headers=host)
    started.raise_for_status()
    return code, tokens


async def run(
    tables: int, seconds: float, think: float, warmup: float, bots: str | None, servers: int = 1, db: str | None = None,
    kill: bool = False, lease: float = 5.0, pg_data: Path | None = None, python: str | None = None,
    profile: Path | None = None,
) -> dict[str, Any]:
    """Run the benchmark, print its figures, and return the main ones (for online_multiproc.py).

    ``python`` runs the servers (default: this one; a compiled build's venv to measure it), from an empty folder
    so that nothing there shadows the package it has installed; ``profile`` runs the first one under cProfile,
    whose statistics it writes there when the server stops."""
    folder = Path(tempfile.mkdtemp(prefix="cartas-load-"))
    ports = [free_port() for _ in range(servers)]
    processes = []
    for n, port in enumerate(ports):
        env = dict(os.environ, CARTAS_HOME=str(folder / str(n)))
        # the first server profiles the measured time only, in CPU time (PROFILED)
        profiling = ["-c", PROFILED, str(profile)] if profile is not None and n == 0 else ["-m", "cartas.cli.main"]
        processes.append(subprocess.Popen(
            [python or sys.executable, *profiling, "serve", "--port", str(port),
             "--db", db or str(folder / "load.sqlite3"), "--bot-delay", "0", "--lease", str(lease)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder,
        ))
    bases = [f"http://127.0.0.1:{port}" for port in ports]

    def cpu() -> float:
        return sum(cpu_seconds(process.pid) for process in processes)

    def rss() -> float:
        return sum(rss_mib(process.pid) for process in processes)

    try:
        setups: list[tuple[int, str, list[str]]] = []
        for n, base in enumerate(bases):
            async with httpx.AsyncClient(base_url=base, timeout=30) as client:
                for _ in range(300):
                    try:
                        await client.get("/api/games")
                        break
                    except httpx.TransportError:
                        await asyncio.sleep(0.1)
        idle_rss = rss()
        for i in range(tables):
            async with httpx.AsyncClient(base_url=bases[i % servers], timeout=30, headers=client_address(i)) as client:
                setups.append((i % servers, *await make_table(client, bots)))
        stats = Stats()
        stop = asyncio.Event()
        clients = [
            asyncio.create_task(seat_client(
                f"ws://127.0.0.1:{ports[n]}/ws/{code}", code, token, think, stats, stop, bots is not None,
                client_address(i),
            ))
            for i, (n, code, tokens) in enumerate(setups) for token in tokens
        ]
        clients.append(asyncio.create_task(ping_probe(f"ws://127.0.0.1:{ports[0]}/ws/{setups[0][1]}", stats, stop)))
        await asyncio.sleep(warmup)
        loaded_rss = rss()
        each0 = [cpu_seconds(process.pid) for process in processes]
        split0 = user_system_seconds(processes[0].pid)
        pg0 = postgres_cpu_seconds(pg_data) if pg_data else 0.0
        if profile is not None:
            processes[0].send_signal(signal.SIGUSR1)
        cpu0, t0, clients0 = cpu(), time.perf_counter(), time.process_time()
        stats.measuring = True
        await asyncio.sleep(seconds)
        stats.measuring = False
        cpu1, t1, clients1 = cpu(), time.perf_counter(), time.process_time()
        if profile is not None:
            processes[0].send_signal(signal.SIGUSR2)
        each1 = [cpu_seconds(process.pid) for process in processes]
        split1 = user_system_seconds(processes[0].pid)
        pg1 = postgres_cpu_seconds(pg_data) if pg_data else 0.0
        async with httpx.AsyncClient(base_url=bases[0], timeout=30) as client:
            inside = (await client.get("/api/metrics", params={"window": str(t1 - t0)})).json()
        takeover = None
        if kill and servers > 1:
            assert db is not None
            takeover = await kill_and_time_takeover(
                processes[0], bases[1], [code for n, code, _ in setups if n == 0], db
            )
        stop.set()
        await asyncio.gather(*clients, return_exceptions=True)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(10)
    latencies = []
    people = 1 if bots else 4
    for key, sent in stats.sent.items():
        arrived = stats.views.get((key[0], stats.acked[key]), [])
        if len(arrived) == people:
            latencies.append((max(arrived) - sent) * 1000)
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] if latencies else float("nan")

    elapsed = t1 - t0
    who = f"1 person + 3 {bots} bots" if bots else "4 people"
    print(f"{servers} server process(es), tables {tables} x {who}, think {think:g} s, measured {elapsed:.1f} s after {warmup:g} s of warm-up")
    print(f"people's moves {stats.moves} ({stats.moves / elapsed:.1f}/s), refused {stats.errors}")
    moves_ms, lag_ms = inside["move_ms"], inside["loop_lag_ms"]
    if moves_ms.get("n"):
        print(f"in the server (frame in -> last view written) ms: p50 {moves_ms['p50']:.2f}  p95 {moves_ms['p95']:.2f}"
              f"  p99 {moves_ms['p99']:.2f}  max {moves_ms['max']:.2f}  (n={moves_ms['n']})")
    if lag_ms.get("n"):
        print(f"event loop lag ms: p50 {lag_ms['p50']:.2f}  p99 {lag_ms['p99']:.2f}  max {lag_ms['max']:.2f}")
    print(f"seen by the clients (send -> all {people} views received) ms: p50 {pct(50):.1f}  p95 {pct(95):.1f}  p99 {pct(99):.1f}"
          f"  max {latencies[-1] if latencies else float('nan'):.1f}  (n={len(latencies)})")
    busy = cpu1 - cpu0
    print(f"server CPU {busy:.2f} s = {busy / elapsed * 100:.1f}% of a core; "
          f"{busy / max(stats.moves, 1) * 1000:.2f} ms per person's move"
          + (" (the bots' moves are applied here too; their thinking runs in the pool's workers)" if bots else ""))
    user, system = (split1[0] - split0[0], split1[1] - split0[1])
    print(f"first process: user {user / max(stats.moves, 1) * 1000:.2f} ms, system (kernel) "
          f"{system / max(stats.moves, 1) * 1000:.2f} ms per move")
    clients_busy = (clients1 - clients0) / elapsed * 100
    print(f"the clients (this one process) used {clients_busy:.0f}% of a core"
          + (": they, not the server, may be what bounds the moves/s" if clients_busy > 80 else ""))
    print(f"server memory: idle {idle_rss:.0f} MiB, loaded {loaded_rss:.0f} MiB, "
          f"{(loaded_rss - idle_rss) / tables * 1024:.0f} KiB per table of 4 sockets")
    if latencies:
        print(f"mean latency {statistics.fmean(latencies):.1f} ms")
    if takeover is not None:
        took, committed, lost = takeover
        print(f"kill -9 of the first process: the second served all its tables after {took:.2f} s"
              f" (lease {lease:g} s); of the {committed} moves committed at the kill, {lost} lost")
    pings = sorted(stats.pings)
    if pings:
        print(f"ping round trip (event loop lag bound) ms: p50 {pings[len(pings) // 2]:.1f}  "
              f"p99 {pings[min(len(pings) - 1, int(0.99 * len(pings)))]:.1f}  max {pings[-1]:.1f}  (n={len(pings)})")
    per_process = []
    for n in range(servers):
        moves = sum(stats.by_table.get(code, 0) for owner, code, _ in setups if owner == n)
        per_process.append({
            "moves_per_s": moves / elapsed, "cpu_share": (each1[n] - each0[n]) / elapsed,
            "cpu_ms_per_move": (each1[n] - each0[n]) / max(moves, 1) * 1000,
        })
        print(f"process {n + 1}: {moves / elapsed:.1f} people's moves/s, {(each1[n] - each0[n]) / elapsed * 100:.1f}%"
              f" of a core, {per_process[-1]['cpu_ms_per_move']:.2f} ms of CPU per move")
    pg_ms = (pg1 - pg0) / max(stats.moves, 1) * 1000
    if pg_data:
        print(f"Postgres: {(pg1 - pg0) / elapsed * 100:.1f}% of a core, {pg_ms:.2f} ms of CPU per move")
    return {
        "per_process": per_process, "pg_cpu_ms_per_move": pg_ms, "pg_cpu_share": (pg1 - pg0) / elapsed,
        "moves_per_s": stats.moves / elapsed, "p50": pct(50), "p95": pct(95), "p99": pct(99),
        "server_cpu": busy / elapsed * 100, "clients_cpu": clients_busy,
        "cpu_ms_per_move": busy / max(stats.moves, 1) * 1000,
        "user_ms_per_move": user / max(stats.moves, 1) * 1000,
        "system_ms_per_move": system / max(stats.moves, 1) * 1000,
        "takeover": takeover[0] if takeover is not None else float("nan"),
        "lost": takeover[2] if takeover is not None else float("nan"),
    }


def stored_moves(db: str, codes: list[str]) -> dict[str, list[tuple[int, str]]]:
    """Every committed move of these tables, read straight from the database."""
    import psycopg

    with psycopg.connect(db) as conn:
        rows = conn.execute("SELECT code, seat, action FROM moves WHERE code = ANY(%s) ORDER BY code, n", (codes,))
        found: dict[str, list[tuple[int, str]]] = {code: [] for code in codes}
        for code, seat, action in rows:
            found[code].append((seat, action))
    return found


async def kill_and_time_takeover(
    victim: subprocess.Popen[bytes], survivor: str, codes: list[str], db: str
) -> tuple[float, int, int]:
    """Kill -9 ``victim``; return the seconds until ``survivor`` answers 200 for every one of ``codes``, the
    moves committed at the kill, and how many of them are missing from the database once it has."""
    victim.kill()
    died = time.perf_counter()
    victim.wait(10)
    committed = stored_moves(db, codes)
    waiting = set(codes)
    async with httpx.AsyncClient(base_url=survivor, timeout=10) as client:
        while waiting and time.perf_counter() - died < 120:
            for code in list(waiting):
                if (await client.get(f"/api/tables/{code}")).status_code == 200:
                    waiting.discard(code)
            await asyncio.sleep(0.05)
    took = time.perf_counter() - died
    after = stored_moves(db, codes)
    lost = sum(
        len(moves) - sum(1 for mine, kept in zip(moves, after[code], strict=False) if mine == kept)
        for code, moves in committed.items()
    )
    return took, sum(len(moves) for moves in committed.values()), lost


def time_views(matches: int, seed: int = 0) -> float:
    """Play ``matches`` random 4-player truco matches and time, on every move, what a table writes after it
    (cartas.online.game.table's ``_apply``): each new event as every viewer reads it, and the view text of each seat
    and of a spectator, each naming the players as its viewer does; prints the median match's figure."""
    from cartas.core.buildinfo import build_info
    from cartas.core.naming import viewer_names
    from cartas.core.plugins.manager import get_registry
    from cartas.online.game.views import event_versioned, view_text

    game = get_registry().games["truco"]
    options = game.options({"players": 4})
    teams = game.teams(options)
    people = {seat: f"player {seat}" for seat in range(4)}
    names = {str(seat): name for seat, name in people.items()}
    said = {viewer: viewer_names(4, viewer, people=people, teams=teams) for viewer in (None, 0, 1, 2, 3)}
    deck = game.deck_art(options)
    rng = random.Random(seed)
    per_move: list[float] = []
    moves = 0
    for number in range(matches):
        state = game.start(options, seed=seed + number)
        spent = 0.0
        played = 0
        version = 0
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
            events = len(state.events)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            started = time.process_time()  # CPU time: a busy machine's waiting does not count
            for event in state.events[events:]:
                version += 1
                event_versioned(game, event, version, said, deck=deck)
            for viewer in (0, 1, 2, 3, None):
                view_text(state, viewer, names, False, version, said[viewer])
            spent += time.process_time() - started
            played += 1
        per_move.append(spent / max(played, 1))
        moves += played
    print(f"{build_info().describe()}")
    print(f"{matches} matches, {moves} moves: events and views of 4 seats and a spectator, median "
          f"{statistics.median(per_move) * 1e6:,.0f} us of CPU per move")
    return statistics.median(per_move) * 1e6


def compare(other: str, rounds: int, views: int, arguments: argparse.Namespace) -> None:
    """This python (the pure build) against ``other`` (a compiled build's), alternating, ``rounds`` times each:
    the servers' CPU per move, or with ``views`` the views' (each in a process of its own). A busy machine
    slows both alike within a round, so the ratio is taken round by round and its median printed."""
    pure: list[float] = []
    compiled: list[float] = []
    for number in range(rounds):
        order = [("pure", sys.executable, pure), ("compiled", other, compiled)]
        for label, python, figures in order if number % 2 == 0 else order[::-1]:
            print(f"== round {number + 1}, {label}: {python}", flush=True)
            if views:
                out = subprocess.run([python, str(Path(__file__).resolve()), "--views", str(views)], check=True,
                                     capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout
                print(out, end="")
                figures.append(float(re.findall(r"median ([\d,]+) us", out)[-1].replace(",", "")))
            else:
                result = asyncio.run(run(arguments.tables, min(arguments.seconds, 120.0), arguments.think,
                                         arguments.warmup, arguments.bots, python=python))
                figures.append(result["cpu_ms_per_move"] * 1000)
    what = "views' CPU per move" if views else "server's CPU per move"
    ratios = [p / c for p, c in zip(pure, compiled, strict=True)]
    print(f"{what}, us: pure {', '.join(f'{x:,.0f}' for x in pure)}; compiled {', '.join(f'{x:,.0f}' for x in compiled)}")
    print(f"pure / compiled, round by round: {', '.join(f'{r:.2f}' for r in ratios)}; median {statistics.median(ratios):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=0, metavar="MATCHES",
                        help="no server: time the views built per move over MATCHES random matches")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time (bounded at 120)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client thinks before a move")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--bots", default=None, help="a bot level: tables of one person and three such bots")
    parser.add_argument("--servers", type=int, default=1, help="server processes on one database (needs --db)")
    parser.add_argument("--db", default=None, help="a postgresql:// URL [default: a new SQLite file]")
    parser.add_argument("--kill", action="store_true", help="kill -9 the first process at the end; time the takeover")
    parser.add_argument("--lease", type=float, default=5.0, help="the processes' --lease")
    parser.add_argument("--python", default=None, help="the servers' python (default: this one)")
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the (first) server into this file")
    parser.add_argument("--compare", default=None, metavar="PYTHON",
                        help="this python against PYTHON (a compiled build's), alternating: the servers' CPU per "
                             "move, or the views' with --views")
    parser.add_argument("--rounds", type=int, default=3, help="--compare's rounds")
    parser.add_argument("--one-frame-per-message", action="store_true",
                        help="the clients do not ask for batches (the protocol before they could)")
    args = parser.parse_args()
    global BATCH
    BATCH = not args.one_frame_per_message
    if args.compare:
        compare(args.compare, args.rounds, args.views, args)
        return
    if args.views:
        time_views(args.views)
        return
    if args.servers > 1 and not (args.db or "").startswith(("postgresql://", "postgres://")):
        parser.error("--servers above 1 needs a Postgres --db: SQLite is one process's database")
    asyncio.run(run(
        args.tables, min(args.seconds, 120.0), args.think, args.warmup, args.bots, args.servers, args.db,
        args.kill, args.lease, python=args.python, profile=args.profile,
    ))


if __name__ == "__main__":
    main()
