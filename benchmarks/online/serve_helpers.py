"""A real ``cartas serve`` for the scripts that drive the pages in a browser, and a tiny JSON client of its API.

benchmarks/page_speed.py, docs/screens/make_web_screens.py and the browser tests (tests/online_browser) each start
the server in its own process, wait until it answers, and set up a table through the API before a page opens it;
this module is that once. It needs only the standard library and the installed ``cartas`` command. benchmarks is
not a package: the scripts put this folder on ``sys.path`` and import it, the tests load it from its file with
``importlib``, the way they load page_speed.py (scripts outside the package cannot import the tests' helpers).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

START_TIMEOUT_S = 45.0
"""How long a starting server may take to answer (a loaded machine imports slowly)."""


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve_command(port: int, db: Path) -> list[str]:
    """``cartas serve`` on ``port`` over ``db``, bots moving at once: the installed script beside this Python, else
    the CLI through this Python."""
    script = Path(sys.executable).parent / "cartas"
    program = [str(script)] if script.exists() else [sys.executable, "-c", "from cartas.cli.main import main; main()"]
    return program + ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db), "--bot-delay", "0"]


def start_serving(folder: Path, port: int, log: Path, timeout_s: float = START_TIMEOUT_S) -> subprocess.Popen[bytes]:
    """Start ``cartas serve`` over ``folder``/online.sqlite3 with its home in ``folder``/home, its output appended to
    ``log``, in a process group of its own (so it can be killed with what it started); returns once it answers."""
    environment = dict(os.environ, CARTAS_HOME=str(folder / "home"), PYTHONUNBUFFERED="1")
    with log.open("ab") as out:
        process = subprocess.Popen(serve_command(port, folder / "online.sqlite3"), stdout=out,
                                   stderr=subprocess.STDOUT, env=environment, start_new_session=True)
    wait_until_serving(f"http://127.0.0.1:{port}", process, log, timeout_s)
    return process


def wait_until_serving(url: str, process: subprocess.Popen[bytes], log: Path,
                       timeout_s: float = START_TIMEOUT_S) -> None:
    """Return when ``url`` answers ``GET /api/games``; RuntimeError with the log's tail when the process exits or
    the time runs out."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"cartas serve exited with {process.returncode}:\n{log_tail(log)}")
        try:
            with urllib.request.urlopen(f"{url}/api/games", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"cartas serve did not answer in {timeout_s:g} s:\n{log_tail(log)}")


def log_tail(log: Path, lines: int = 40) -> str:
    try:
        return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no server log)"


@contextmanager
def cartas_serve(folder: Path) -> Iterator[str]:
    """``cartas serve`` in its own process on a free loopback port and a fresh database in ``folder``; its base
    URL while the block runs, then the server is stopped."""
    port = free_port()
    process = start_serving(folder, port, folder / "server.log")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def api(server: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """``GET server+path`` (no body) or ``POST`` it as JSON, with a bearer token if given; the JSON answer."""
    request = urllib.request.Request(f"{server}{path}", data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def start_table(server: str, game: str, options: dict[str, Any], people: list[str],
                bot_level: str = "easy") -> tuple[str, list[dict[str, Any]]]:
    """A started table: ``people`` in seats 0, 1, ... (the first the host), bots of ``bot_level`` in the rest; the
    code and each person's seat as the browser keeps it in localStorage (``cartas:CODE``: ``{token, seat,
    host_token?, name}``)."""
    made = api(server, "/api/tables", {"game": game, "options": options, "name": people[0]})
    code = made["code"]
    seats = [{"token": made["token"], "seat": 0, "host_token": made["host_token"], "name": people[0]}]
    for name in people[1:]:
        joined = api(server, f"/api/tables/{code}/join", {"name": name})
        seats.append({"token": joined["token"], "seat": joined["seat"], "name": name})
    for seat in range(len(people), api(server, f"/api/tables/{code}")["players"]):
        api(server, f"/api/tables/{code}/seating", {"op": "bot", "seat": seat, "level": bot_level},
            made["host_token"])
    api(server, f"/api/tables/{code}/start", {}, made["host_token"])
    return code, seats
