"""Two server processes' apps on one Postgres database: a table is run by one of them only, the other sends
its clients there, and when the owner dies (its lease renewals stop) the other takes the table over within the
lease time, with every committed move kept and play going on."""

from __future__ import annotations

import asyncio
import contextlib
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient, WebSocketDenialResponse  # noqa: E402

from cartas.core.plugins.registry import Registry  # noqa: E402
from cartas.online.app import create_app, installed_registry  # noqa: E402
from cartas.online.game.ownership import Ownership  # noqa: E402

pytestmark = pytest.mark.postgres

TTL = 1.5
RENEW = 0.3


@pytest.fixture(scope="module")
def registry() -> Registry:
    return installed_registry()


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path, registry: Registry) -> Iterator[tuple[TestClient, TestClient]]:
    clients = []
    for name in ("a", "b"):
        ownership = Ownership(owner=name, address=f"http://{name}.test", ttl=TTL, renew_every=RENEW,
                              sweep_every=RENEW)
        app = create_app(
            postgres_url, registry=registry, bot_delay=0.03, data_dir=tmp_path / name, ownership=ownership
        )
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
    yield clients[0], clients[1]
    for client in clients:
        try:
            client.__exit__(None, None, None)
        except Exception:
            pass


def stored_moves(url: str, code: str) -> list[tuple[int, str]]:
    import psycopg

    with psycopg.connect(url) as conn:
        return [(s, a) for s, a in conn.execute("SELECT seat, action FROM moves WHERE code = %s ORDER BY n", (code,))]


def bots_only_table(client: TestClient) -> str:
    """A truco table whose creator is away with no grace, so bots play every seat while someone watches (no bot
    plays on alone: see :func:`watching`)."""
    response = client.post(
        "/api/tables", json={"game": "truco", "name": "Ana", "grace": 0, "options": {"players": 2, "points": 30}}
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    headers = {"Authorization": f"Bearer {created['host_token']}"}
    seated = client.post(
        f"/api/tables/{created['code']}/seating", json={"op": "bot", "seat": 1, "level": "random"}, headers=headers
    )
    assert seated.status_code == 200, seated.text
    assert client.post(f"/api/tables/{created['code']}/start", headers=headers).status_code == 200
    return str(created["code"])


def watching(client: TestClient, code: str) -> Any:
    """A spectator's open websocket at the table (a context manager): someone for the bots to play for."""
    socket = client.websocket_connect(f"/ws/{code}")
    socket.__enter__()
    socket.send_json({"type": "hello"})
    assert socket.receive_json()["type"] == "welcome"
    return socket


def wait_for(condition: Any, timeout: float, what: str) -> float:
    began = time.monotonic()
    while not condition():
        assert time.monotonic() - began < timeout, f"{what} did not happen within {timeout} s"
        time.sleep(0.05)
    return time.monotonic() - began


def test_the_owner_runs_the_table_and_the_other_process_sends_clients_to_it(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    a, b = two_servers
    code = bots_only_table(a)
    refused = b.get(f"/api/tables/{code}")
    assert refused.status_code == 503
    assert refused.headers["x-cartas-owner"] == "http://a.test"
    assert refused.json()["owner"] == "http://a.test"
    assert 1 <= int(refused.headers["retry-after"]) <= TTL + 1
    with pytest.raises(WebSocketDenialResponse) as denied:
        with b.websocket_connect(f"/ws/{code}"):
            pass
    assert denied.value.status_code == 503 and denied.value.headers["x-cartas-owner"] == "http://a.test"
    assert a.get(f"/api/tables/{code}").status_code == 200
    assert code not in b.app.state.hub().tables  # type: ignore[attr-defined]


def test_the_lobby_list_is_the_same_from_both_processes(two_servers: tuple[TestClient, TestClient]) -> None:
    a, b = two_servers
    response = a.post("/api/tables", json={"game": "truco", "name": "Ana", "options": {"players": 4}})
    code = response.json()["code"]
    assert [t["code"] for t in b.get("/api/tables").json()] == [code]
    assert b.get("/api/tables").json() == a.get("/api/tables").json()


def test_a_dead_owners_table_is_taken_over_within_the_lease_time_with_every_committed_move(
    two_servers: tuple[TestClient, TestClient], postgres_url: str
) -> None:
    a, b = two_servers
    code = bots_only_table(a)
    watcher = watching(a, code)
    wait_for(lambda: len(stored_moves(postgres_url, code)) >= 6, 20, "six moves")

    async def die() -> None:
        """What a kill -9 leaves: no more renewals, no more moves, and the lease still in the database."""
        a.app.state.leases.cancel()  # type: ignore[attr-defined]
        for table in a.app.state.hub().tables.values():  # type: ignore[attr-defined]
            if table.task is not None:
                table.task.cancel()
        await asyncio.sleep(0.1)

    a.portal.call(die)  # type: ignore[union-attr]
    died = time.monotonic()
    committed = stored_moves(postgres_url, code)
    assert b.get(f"/api/tables/{code}").status_code == 503  # the lease has not run out yet

    def b_runs_it() -> bool:
        return code in b.app.state.hub().tables  # type: ignore[attr-defined]

    wait_for(b_runs_it, TTL + RENEW + 3, "the takeover")
    took = time.monotonic() - died
    assert took <= TTL + RENEW + 1.0, took
    table = b.app.state.hub().tables[code]  # type: ignore[attr-defined]
    assert table.state is not None
    assert [(s, str(action)) for s, action in table.state.history[: len(committed)]] == committed
    with b.websocket_connect(f"/ws/{code}") as socket:  # a client reconnecting through the proxy lands on b
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["type"] == "welcome"
        assert socket.receive_json()["type"] == "snapshot"
        wait_for(lambda: len(stored_moves(postgres_url, code)) > len(committed) or table.state.is_over, 20,
                 "more play")
    assert stored_moves(postgres_url, code)[: len(committed)] == committed
    info = b.get(f"/api/tables/{code}")
    assert info.status_code == 200 and info.json()["status"] in ("playing", "finished")
    with contextlib.suppress(Exception):
        watcher.__exit__(None, None, None)


def test_the_lobby_list_is_cached_between_changes_and_a_change_anywhere_refreshes_it(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    """LISTEN/NOTIFY: b reads the list once, keeps it, and drops it when a (committed) change on a arrives."""
    a, b = two_servers
    hub_b = b.app.state.hub()  # type: ignore[attr-defined]
    wait_for(lambda: hub_b.lobby_trusted, 5, "b listening")
    assert b.get("/api/tables").json() == []
    assert hub_b.lobby_cache == []
    code = a.post("/api/tables", json={"game": "truco", "name": "Ana", "options": {"players": 2}}).json()["code"]
    wait_for(lambda: hub_b.lobby_cache is None, 5, "the notification reaching b")
    assert [t["code"] for t in b.get("/api/tables").json()] == [code]
    assert a.post(f"/api/tables/{code}/join", json={"name": "Bea"}).status_code == 200
    wait_for(lambda: b.get("/api/tables").json() == [], 5, "the full table leaving b's list")


def listed_presence(client: TestClient, code: str) -> list[Any]:
    listed = {t["code"]: t for t in client.get("/api/tables").json()}
    return [(seat["name"], seat["presence"]) for seat in listed[code]["seats"]]


def test_presence_at_a_table_is_the_same_on_the_list_of_both_processes_and_in_the_table(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    """The owner records each change in the database and notifies the lobby: b lists what a's table shows."""
    a, b = two_servers
    hub_b = b.app.state.hub()  # type: ignore[attr-defined]
    wait_for(lambda: hub_b.lobby_trusted, 5, "b listening")
    created = a.post("/api/tables", json={"game": "truco", "name": "Ana", "options": {"players": 4}}).json()
    code = created["code"]
    joined = a.post(f"/api/tables/{code}/join", json={"name": "Bea"}).json()
    assert listed_presence(b, code) == [("Ana", "away"), ("Bea", "away"), (None, None), (None, None)]
    with a.websocket_connect(f"/ws/{code}") as socket:
        socket.send_json({"type": "hello", "token": joined["token"]})
        assert socket.receive_json()["type"] == "welcome"
        wait_for(lambda: listed_presence(b, code)[1] == ("Bea", "online"), 5, "Bea online on b's list")
        assert listed_presence(b, code) == listed_presence(a, code) == [
            ("Ana", "away"), ("Bea", "online"), (None, None), (None, None)
        ]
        seats = a.get(f"/api/tables/{code}").json()["seats"]
        assert [(s["name"], s["presence"]) for s in seats] == listed_presence(b, code)
    wait_for(lambda: listed_presence(b, code)[1] == ("Bea", "away"), 5, "Bea away on b's list")
    assert listed_presence(a, code) == listed_presence(b, code)
