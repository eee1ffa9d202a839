"""Accounts, ratings' storage and quick play on Postgres, with two server processes' apps on one database:
a person signs up on one and logs in on the other, and two people queued on different processes are seated
together."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from cartas.core.plugins.registry import Registry  # noqa: E402
from cartas.online.app import create_app, installed_registry  # noqa: E402
from cartas.online.game.ownership import Ownership  # noqa: E402

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def registry() -> Registry:
    return installed_registry()


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path, registry: Registry) -> Iterator[tuple[TestClient, TestClient]]:
    clients = []
    for name in ("a", "b"):
        ownership = Ownership(owner=name, address=f"http://{name}.test")
        app = create_app(postgres_url, registry=registry, bot_delay=0, data_dir=tmp_path / name, ownership=ownership)
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
    yield clients[0], clients[1]
    for client in clients:
        try:
            client.__exit__(None, None, None)
        except Exception:
            pass


def test_an_account_made_on_one_process_logs_in_on_the_other(two_servers: tuple[TestClient, TestClient]) -> None:
    one, other = two_servers
    made = one.post("/api/account/signup", json={"username": "ana", "password": "correct horse"})
    assert made.status_code == 201, made.text
    assert one.post("/api/account/signup", json={"username": "ana", "password": "other one!"}).status_code == 409
    assert other.post("/api/account/login", json={"username": "ana", "password": "wrong password"}).status_code == 401
    logged = other.post("/api/account/login", json={"username": "ana", "password": "correct horse"})
    assert logged.status_code == 200
    sessions = other.get("/api/account/sessions").json()
    assert len(sessions) == 2
    first = next(s["id"] for s in sessions if not s["current"])
    assert other.post(f"/api/account/sessions/{first}/revoke").status_code == 200
    assert one.get("/api/account").json()["account"] is None  # the first process's cookie is revoked
    assert other.post("/api/account/profile", json={"avatar": "luna"}).json()["avatar"] == "luna"


def poll(client: TestClient, ticket: str) -> dict[str, Any]:
    deadline = time.monotonic() + 5
    while True:
        found: dict[str, Any] = client.get("/api/quickplay", headers={"Authorization": f"Bearer {ticket}"}).json()
        if found.get("status") != "waiting" or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_quick_play_seats_people_queued_on_two_processes_together(two_servers: tuple[TestClient, TestClient]) -> None:
    one, other = two_servers
    body = {"game": "truco", "players": 2, "options": {"points": 15}}
    ana = one.post("/api/quickplay", json={**body, "name": "Ana"}).json()["ticket"]
    beto = other.post("/api/quickplay", json={**body, "name": "Beto"}).json()["ticket"]
    seated = [poll(one, ana), poll(other, beto)]
    assert [s["status"] for s in seated] == ["seated", "seated"], seated
    assert seated[0]["code"] == seated[1]["code"] and {s["seat"] for s in seated} == {0, 1}


def test_a_pair_made_on_one_process_and_two_alone_on_both_sit_at_one_table(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    one, other = two_servers
    body = {"game": "truco", "players": 4, "options": {"points": 15}}
    made = one.post("/api/quickplay", json={**body, "name": "Ana", "partner": True}).json()
    assert other.get(f"/api/quickplay/party/{made['party']}").json()["from"] == "Ana"
    beto = other.post("/api/quickplay", json={"party": made["party"], "name": "Beto"}).json()["ticket"]
    carla = one.post("/api/quickplay", json={**body, "name": "Carla"}).json()["ticket"]
    dora = other.post("/api/quickplay", json={**body, "name": "Dora"}).json()["ticket"]
    seated = {name: poll(client, ticket) for name, client, ticket in (
        ("Ana", one, made["ticket"]), ("Beto", other, beto), ("Carla", one, carla), ("Dora", other, dora))}
    assert {s["status"] for s in seated.values()} == {"seated"}, seated
    assert len({s["code"] for s in seated.values()}) == 1
    assert {seated["Ana"]["seat"], seated["Beto"]["seat"]} == {0, 2}


def test_a_rated_match_is_stored_and_listed_on_postgres(two_servers: tuple[TestClient, TestClient]) -> None:
    from openskill.models import PlackettLuce

    from cartas.online.accounts.ratings import Finished, record_match

    one, other = two_servers
    ids = []
    for name in ("ana", "beto"):
        one.cookies.clear()
        assert one.post("/api/account/signup", json={"username": name, "password": "correct horse"}).status_code == 201
    accounts = one.app.state.accounts()  # type: ignore[attr-defined]

    async def rate() -> None:
        for name in ("ana", "beto"):
            found = await accounts.by_name(name)
            ids.append(found.id)
        match = Finished(
            code="PGTEST", game="truco", players=2, teams=None, winners=(1,), scores=(9, 15),
            accounts={0: ids[0], 1: ids[1]}, kinds={0: "human", 1: "human"}, bot_share={}, rated_table=True,
        )
        await record_match(accounts.db, match)

    one.portal.call(rate)  # type: ignore[union-attr]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[2.0, 1.0])
    board = other.get("/api/leaderboard?game=truco").json()["players"]
    assert [(p["username"], p["mu"]) for p in board] == [
        ("beto", round(expected[1][0].mu, 2)), ("ana", round(expected[0][0].mu, 2))
    ]
    other.post("/api/account/login", json={"username": "ana", "password": "correct horse"})
    played = other.get("/api/account/matches").json()["matches"]
    assert [(m["code"], m["won"], m["rivals"], m["score"]) for m in played] == [("PGTEST", False, ["beto"], 9)]


def test_a_passkey_challenge_asked_on_one_process_is_answered_on_the_other_once(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    pytest.importorskip("webauthn", reason="passkeys need the webauthn package (the test and online extras have it)")
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "online"))
    from soft_authenticator import SoftAuthenticator

    one, other = two_servers
    assert one.post("/api/account/signup", json={"username": "pk_ana", "password": "correct horse"}).status_code == 201
    key = SoftAuthenticator()
    asked = one.post("/api/account/passkeys/options").json()
    credential = key.create(asked["options"])
    added = one.post("/api/account/passkeys", json={"ticket": asked["ticket"], "credential": credential})
    assert added.status_code == 201, added.text
    found = one.post("/api/account/passkey-login/options").json()  # the challenge is kept in Postgres
    answer = key.get(found["options"])
    other.cookies.clear()
    logged = other.post("/api/account/passkey-login", json={"ticket": found["ticket"], "credential": answer})
    assert logged.status_code == 200, logged.text
    assert other.get("/api/account").json()["account"]["username"] == "pk_ana"
    replayed = one.post("/api/account/passkey-login", json={"ticket": found["ticket"], "credential": answer})
    assert replayed.status_code == 400
