"""Slow, half-sent and oversized requests against a real uvicorn on loopback, as ``cartas serve`` runs it.

The deadlines are made short (a second) and each test waits a few seconds at the most: a server
that never times the client out fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cartas.core.plugins.registry import Registry
from cartas.online.app import create_app
from cartas.online.server.timeouts import TimedH11Protocol, uvicorn_options

BOUND = 5.0
"""Seconds a test waits for the server to act on a deadline of a second."""


class QuickProtocol(TimedH11Protocol):
    head_timeout = 1.0


@pytest.fixture
def live(tmp_path: Path, registry: Registry) -> Iterator[tuple[str, int]]:
    app = create_app(tmp_path / "db.sqlite3", registry=registry, bot_delay=0, data_dir=tmp_path, body_timeout=1.0)
    options: dict[str, Any] = {**uvicorn_options(), "http": QuickProtocol}
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + BOUND
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "uvicorn did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    yield "127.0.0.1", port
    server.should_exit = True
    thread.join(BOUND)


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection; fails if it is still open after BOUND."""
    sock.settimeout(BOUND)
    got = b""
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except TimeoutError:
        pytest.fail(f"the server held the connection open for {BOUND} s; got {got[:200]!r}")
    return got


def test_a_request_head_sent_a_line_at_a_time_is_cut_off(live: tuple[str, int]) -> None:
    with socket.create_connection(live) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n")  # and never the blank line
        assert read_until_closed(sock) == b""


def test_a_silent_connection_is_cut_off(live: tuple[str, int]) -> None:
    with socket.create_connection(live) as sock:
        assert read_until_closed(sock) == b""


def test_a_half_sent_body_gets_408(live: tuple[str, int]) -> None:
    with socket.create_connection(live) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: 200\r\n\r\n{\"game\": "
        )
        answer = read_until_closed(sock)
    assert answer.startswith(b"HTTP/1.1 408")
    assert b"the request body was not all sent within 1 s" in answer


def test_a_whole_request_is_answered_and_the_next_head_has_its_own_deadline(live: tuple[str, int]) -> None:
    with socket.create_connection(live) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: localhost\r\n\r\n")
        sock.settimeout(BOUND)
        first = sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /api/games HTTP/1.1\r\n")  # the next request's head, half sent
        rest = read_until_closed(sock)
    assert b"HTTP/1.1 200" not in rest.split(b"\r\n\r\n", 1)[-1][:12]


def test_a_websocket_frame_over_4_kib_is_refused_and_one_over_64_kib_closes_with_1009(live: tuple[str, int]) -> None:
    host, port = live
    created = json.loads(_post(live, "/api/tables", {
        "game": "truco", "options": {"players": 2, "points": 15}, "name": "Ana",
    }))
    with connect(f"ws://{host}:{port}/ws/{created['code']}", open_timeout=BOUND, max_size=2**20) as ws:
        ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        assert json.loads(ws.recv(BOUND))["type"] == "welcome"
        while json.loads(ws.recv(BOUND))["type"] != "snapshot":
            pass
        ws.send(json.dumps({"type": "chat", "text": "x" * 5000}))
        assert "4096" in next_of(ws, "error")["message"]
        ws.send(json.dumps({"type": "ping"}))
        next_of(ws, "pong")  # still open
        ws.send("x" * (65 * 1024))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(BOUND)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(BOUND))
        if frame["type"] == kind:
            return frame


def _post(live: tuple[str, int], path: str, body: dict[str, Any]) -> str:
    data = json.dumps(body).encode()
    with socket.create_connection(live) as sock:
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode() + data
        )
        answer = read_until_closed(sock)
    return answer.split(b"\r\n\r\n", 1)[1].decode()
