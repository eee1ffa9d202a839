"""The open-tables list shows who is at each seat, from what the table's owner recorded in the store: here
one process on SQLite (tests/online_pg/test_takeover.py has two processes on Postgres)."""

from __future__ import annotations

import time
import warnings
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from cartas.online.app import create_app, installed_registry  # noqa: E402


def listed_seats(client: TestClient, code: str) -> list[tuple[Any, Any]]:
    listed = {t["code"]: t for t in client.get("/api/tables").json()}
    return [(seat["name"], seat["presence"]) for seat in listed[code]["seats"]]


def test_the_open_tables_list_shows_each_seat_online_away_or_a_bot(tmp_path: Path) -> None:
    app = create_app(tmp_path / "online.sqlite3", registry=installed_registry(), data_dir=tmp_path)
    with TestClient(app) as client:
        created = client.post("/api/tables", json={"game": "truco", "name": "Ana", "options": {"players": 4}}).json()
        code, host = created["code"], {"Authorization": f"Bearer {created['host_token']}"}
        bea = client.post(f"/api/tables/{code}/join", json={"name": "Bea"}).json()
        seated = client.post(f"/api/tables/{code}/seating", json={"op": "bot", "seat": 3, "level": "easy"},
                             headers=host)
        assert seated.status_code == 200, seated.text
        assert listed_seats(client, code) == [("Ana", "away"), ("Bea", "away"), (None, None), ("Bot 4 (fácil)", "bot")]
        with client.websocket_connect(f"/ws/{code}") as socket:
            socket.send_json({"type": "hello", "token": bea["token"]})
            assert socket.receive_json()["type"] == "welcome"
            began = time.monotonic()
            while listed_seats(client, code)[1] != ("Bea", "online"):
                assert time.monotonic() - began < 5, listed_seats(client, code)
                time.sleep(0.02)
            table = client.get(f"/api/tables/{code}").json()
            assert [(s["name"], s["presence"]) for s in table["seats"]] == listed_seats(client, code)
        began = time.monotonic()
        while listed_seats(client, code)[1] != ("Bea", "away"):
            assert time.monotonic() - began < 5, listed_seats(client, code)
            time.sleep(0.02)
