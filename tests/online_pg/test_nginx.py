"""The nginx example of docs/online.md ("Past one process"), as written there, in front of two real ``cartas
serve`` processes on one Postgres: every request for a table reaches its owner through nginx, whichever process
the table's code hashes to, and a move played through nginx is committed.

Skipped, with the reason, where nginx is not installed (``apt-get install nginx-light``); ``.ci/run`` installs it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.nginx]

DOCS = Path(__file__).parents[2] / "docs" / "online.md"
CARTAS = Path(sys.executable).parent / "cartas"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: Any, timeout: float, what: str) -> None:
    began = time.monotonic()
    while True:
        try:
            if condition():
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() - began < timeout, f"{what} did not happen within {timeout} s"
        time.sleep(0.05)


def documented_config() -> str:
    """The nginx example for several processes, exactly as docs/online.md shows it."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    several = [block for block in blocks if "upstream cartas" in block]
    assert len(several) == 1, "docs/online.md should show one nginx example with an upstream of processes"
    return several[0]


def runnable_config(documented: str, listen: int, ports: list[int], folder: Path) -> str:
    """The documented server block on a loopback port without TLS, its two upstreams on ``ports``, inside the
    few lines of a whole nginx.conf that a test needs (its own pid file, logs and temporary folders)."""
    text = documented.replace("listen 443 ssl;", f"listen 127.0.0.1:{listen};")
    for documented_port, port in zip(("8001", "8002"), ports, strict=True):
        assert f"127.0.0.1:{documented_port}" in text
        text = text.replace(f"127.0.0.1:{documented_port}", f"127.0.0.1:{port}")
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root root;" if os.geteuid() == 0 else ""
    return (
        f"daemon off; {user} pid {folder / 'nginx.pid'}; error_log {folder / 'error.log'} info;\n"
        f"events {{ worker_connections 256; }}\n"
        f"http {{ log_format hops '$request_uri $upstream_status'; access_log {folder / 'access.log'} hops; {temp}\n"
        f"{text}\n}}\n"
    )


@pytest.fixture
def nginx() -> str:
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    if found is None:
        pytest.skip("nginx is not installed (apt-get install nginx-light); .ci/run installs it")
    return found


@pytest.fixture
def two_processes(postgres_url: str, tmp_path: Path) -> Iterator[dict[int, subprocess.Popen[bytes]]]:
    ports, started = [free_port(), free_port()], []
    for name, port in zip("ab", ports, strict=True):
        env = dict(os.environ, CARTAS_HOME=str(tmp_path / name))
        started.append(subprocess.Popen(
            [str(CARTAS), "serve", "--db", postgres_url, "--port", str(port), "--bot-delay", "0.05"],
            env=env, stdout=subprocess.DEVNULL, stderr=open(tmp_path / f"{name}.log", "wb"),
        ))
    try:
        for port in ports:
            wait_for(lambda: httpx.get(f"http://127.0.0.1:{port}/api/games").status_code == 200, 60, "serve")
        yield dict(zip(ports, started, strict=True))
    finally:
        for process in started:
            if process.poll() is None:
                process.terminate()
        for process in started:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def hopped(folder: Path, code: str) -> bool:
    """Whether nginx's log shows a request for this table refused by one process (503) and served by the other."""
    lines = (folder / "access.log").read_text().splitlines()
    return any(line.startswith(f"/api/tables/{code} 503, 200") for line in lines)


@pytest.fixture
def proxy(nginx: str, two_processes: dict[int, subprocess.Popen[bytes]], tmp_path: Path) -> Iterator[str]:
    folder = tmp_path / "nginx"
    folder.mkdir()
    listen = free_port()
    config = folder / "nginx.conf"
    config.write_text(runnable_config(documented_config(), listen, list(two_processes), folder))
    checked = subprocess.run([nginx, "-t", "-c", str(config)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen([nginx, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{listen}"
    try:
        wait_for(lambda: httpx.get(f"{base}/api/games").status_code == 200, 20, "nginx")
        yield base
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


def test_a_table_is_reached_and_played_through_the_documented_nginx_whichever_process_owns_it(
    proxy: str, two_processes: dict[int, subprocess.Popen[bytes]], postgres_url: str, tmp_path: Path
) -> None:
    from websockets.sync.client import connect

    hops: dict[int, str] = {}  # owner's port -> a table of its whose code hashes to the other process
    for _ in range(40):  # new tables spread over both processes ($request_id), each then reached by its code
        created = httpx.post(f"{proxy}/api/tables", json={
            "game": "truco", "name": "Ana", "grace": 60, "options": {"players": 2, "points": 15},
        })
        assert created.status_code == 201, created.text
        code = created.json()["code"]
        owner = next(
            port for port in two_processes if httpx.get(f"http://127.0.0.1:{port}/api/tables/{code}").status_code == 200
        )
        assert httpx.get(f"{proxy}/api/tables/{code}").status_code == 200
        time.sleep(0.1)  # nginx writes its log line after the answer
        if hopped(tmp_path / "nginx", code) and owner not in hops:
            hops[owner] = code
            play = created.json()
            if len(hops) == 2:
                break
    assert len(hops) == 2, f"in 40 tables, no code of each process's hashed to the other: {hops}"
    # A non-owner's 503 must not mark a process down for the tables it does own: both at once, many times.
    answers = [httpx.get(f"{proxy}/api/tables/{hops[port]}").status_code for _ in range(10) for port in two_processes]
    assert answers == [200] * 20, answers
    code, token, host = play["code"], play["token"], {"Authorization": f"Bearer {play['host_token']}"}

    seated = httpx.post(f"{proxy}/api/tables/{code}/seating", json={"op": "bot", "seat": 1, "level": "random"},
                        headers=host)
    assert seated.status_code == 200, seated.text
    assert httpx.post(f"{proxy}/api/tables/{code}/start", headers=host).status_code == 200
    with connect(f"ws{proxy[4:]}/ws/{code}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        assert json.loads(socket.recv(timeout=10))["type"] == "welcome"
        acked = None
        deadline = time.monotonic() + 30
        while acked is None and time.monotonic() < deadline:
            frame = json.loads(socket.recv(timeout=10))
            view = frame.get("view") if frame["type"] in ("view", "snapshot") else None
            if view and view["legal"] and view["you"] in view["observation"]["to_act"]:
                socket.send(json.dumps({"type": "move", "action": 0, "v": frame["v"]}))
                while acked is None:
                    answer = json.loads(socket.recv(timeout=10))
                    assert answer["type"] != "error", answer
                    if answer["type"] == "ack":
                        acked = answer
    assert acked is not None, "no move of Ana's was acknowledged through nginx"
    committed = stored_moves(postgres_url, code)
    assert 0 in [seat for seat, _ in committed]  # Ana's move, committed by the owner behind nginx

    # kill -9 the table's owner: nginx finds it refusing connections and asks the other process, which answers
    # 503 until the lease runs out and then takes the table over.
    owner = next(port for port, code_there in hops.items() if code_there == code)
    two_processes[owner].send_signal(signal.SIGKILL)
    two_processes[owner].wait(10)
    died = time.monotonic()
    committed = stored_moves(postgres_url, code)
    wait_for(lambda: httpx.get(f"{proxy}/api/tables/{code}").status_code == 200, 15, "the takeover behind nginx")
    took = time.monotonic() - died
    assert took < 10, took
    assert stored_moves(postgres_url, code)[: len(committed)] == committed
    with connect(f"ws{proxy[4:]}/ws/{code}") as again:  # Ana's page reconnects through nginx
        again.send(json.dumps({"type": "hello", "token": token}))
        assert json.loads(again.recv(timeout=10))["type"] == "welcome"
    print(f"behind nginx, the table ran again {took:.2f} s after kill -9 of its owner")


def stored_moves(url: str, code: str) -> list[tuple[int, str]]:
    import psycopg

    with psycopg.connect(url) as conn:
        return [(s, a) for s, a in conn.execute("SELECT seat, action FROM moves WHERE code = %s ORDER BY n", (code,))]
