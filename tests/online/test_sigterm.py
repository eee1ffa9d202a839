"""SIGTERM on a real ``cartas serve``: the clients are told to reconnect and closed with 1012, the process ends,
and its bot worker processes end with it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def bot_workers(pid: int) -> set[int]:
    """The process pool's workers among the children of ``pid`` (not multiprocessing's resource tracker, which
    ends by itself once its parent has gone)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in command:
                found.add(int(child))
    return found


def running(pid: int) -> bool:
    """Whether the process exists and has not ended (a zombie has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def test_sigterm_tells_clients_to_reconnect_and_ends_the_bot_workers(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "CARTAS_HOME": str(tmp_path / "home")}
    server = subprocess.Popen(
        [sys.executable, "-m", "cartas.cli.main", "serve", "--port", str(port), "--db", str(tmp_path / "db.sqlite3"),
         "--bot-delay", "0", "--log-format", "json"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/readyz").status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert server.poll() is None and time.monotonic() < deadline, server.stderr and server.stderr.read()
            time.sleep(0.2)
        created = httpx.post(f"{base}/api/tables", json={"game": "truco", "name": "Ana", "options": {"players": 2}}).json()
        code, auth = created["code"], {"Authorization": f"Bearer {created['host_token']}"}
        assert httpx.post(f"{base}/api/tables/{code}/seating", json={"op": "bot", "seat": 1, "level": "random"},
                          headers=auth).status_code == 200
        assert httpx.post(f"{base}/api/tables/{code}/start", headers=auth).status_code == 200
        with websockets_sync.connect(f"ws://127.0.0.1:{port}/ws/{code}") as ws:
            ws.send(json.dumps({"type": "hello", "token": created["token"]}))
            moved = 0
            workers: set[int] = set()
            while moved < 3 or not workers:
                frame = json.loads(ws.recv(timeout=30))
                if frame["type"] in ("view", "snapshot") and (frame.get("view") or {}).get("legal"):
                    ws.send(json.dumps({"type": "move", "action": 0, "v": frame["v"]}))
                elif frame["type"] == "ack":
                    moved += 1
                    workers = bot_workers(server.pid)
            server.send_signal(signal.SIGTERM)
            kinds = []
            with pytest.raises(Exception) as closed:  # ConnectionClosed, once the close frame comes
                while True:
                    kinds.append(json.loads(ws.recv(timeout=30))["type"])
            assert "restart" in kinds
            assert getattr(closed.value, "rcvd").code == 1012
        server.wait(timeout=30)
        assert not [pid for pid in workers if running(pid)], "bot workers outlived the server"
        log = [json.loads(line) for line in server.stderr.read().splitlines() if line.startswith("{")]
        assert any("told to reconnect" in line["message"] for line in log)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
