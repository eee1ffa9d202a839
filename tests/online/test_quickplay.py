"""Quick play: two people waiting for the same setup are seated together at a started table; a person who
accepts bots is seated with bots once they have waited; the window groups the closest ratings first."""

from __future__ import annotations

from typing import Any

from online_helpers import Server

from cartas.online.quickplay.queue import WINDOW_BASE, Waiting, groups_of


def queue(server: Server, name: str, **extra: Any) -> str:
    server.client.cookies.clear()
    body = {"game": "truco", "players": 2, "options": {"points": 15}, "name": name, **extra}
    response = server.client.post("/api/quickplay", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["ticket"])


def poll(server: Server, ticket: str) -> dict[str, Any]:
    response = server.client.get("/api/quickplay", headers={"Authorization": f"Bearer {ticket}"})
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def test_two_people_waiting_for_the_same_setup_are_seated_together(server: Server) -> None:
    ana = queue(server, "Ana")
    assert poll(server, ana)["status"] == "waiting"
    other_setup = queue(server, "Carla", options={"points": 30})
    beto = queue(server, "Beto")
    seated = [poll(server, ana), poll(server, beto)]
    assert [s["status"] for s in seated] == ["seated", "seated"]
    assert seated[0]["code"] == seated[1]["code"] and {s["seat"] for s in seated} == {0, 1}
    info = server.client.get(f"/api/tables/{seated[0]['code']}").json()
    assert info["status"] == "playing" and [s["name"] for s in info["seats"]] == ["Ana", "Beto"]
    assert info["options"]["points"] == 15
    socket = server.connect(seated[1]["code"], seated[1]["token"])
    assert socket.until("welcome")["seat"] == seated[1]["seat"]
    # The seat is given once; Carla, who wants 30 points, still waits.
    assert server.client.get("/api/quickplay", headers={"Authorization": f"Bearer {ana}"}).status_code == 404
    assert poll(server, other_setup)["status"] == "waiting"


def test_a_person_who_accepts_bots_is_seated_with_bots_after_the_wait(server: Server) -> None:
    ticket = queue(server, "Ana", bots_after=0)
    seated = poll(server, ticket)
    assert seated["status"] == "seated"
    info = server.client.get(f"/api/tables/{seated['code']}").json()
    assert info["status"] == "playing" and [s["kind"] for s in info["seats"]] == ["human", "bot"]


def test_leaving_the_queue_and_bad_requests(server: Server) -> None:
    ticket = queue(server, "Ana")
    assert server.client.delete("/api/quickplay", headers={"Authorization": f"Bearer {ticket}"}).status_code == 200
    assert server.client.get("/api/quickplay", headers={"Authorization": f"Bearer {ticket}"}).status_code == 404
    bad = server.client.post("/api/quickplay", json={"game": "truco", "players": 5, "name": "Ana"})
    assert bad.status_code == 400
    assert server.client.post("/api/quickplay", json={"game": "nope", "players": 2}).status_code == 400


def person(name: str, rating: float, joined: float, bots_after: float | None = None) -> Waiting:
    return Waiting(name, "s", "truco", {}, 2, name, None, rating, bots_after, joined)


def test_the_window_pairs_the_closest_ratings_and_widens_with_the_wait() -> None:
    now = 1000.0
    people = [person("a", 20.0, now), person("b", 21.0, now), person("c", 30.0, now), person("d", 29.5, now)]
    assert [[p.name for p in g] for g in groups_of(people, now)] == [["d", "c"], ["a", "b"]]
    far = [person("a", 20.0, now), person("b", 20.0 + WINDOW_BASE + 5, now)]
    assert groups_of(far, now) == []
    assert [[p.name for p in g] for g in groups_of(far, now + 5)] == [["a", "b"]]
    alone = [person("a", 20.0, now, bots_after=10)]
    assert groups_of(alone, now + 9) == [] and [[p.name for p in g] for g in groups_of(alone, now + 10)] == [["a"]]


def test_people_with_accounts_paired_without_bots_play_a_rated_match(server: Server) -> None:
    tickets = []
    for name in ("ana", "beto"):
        server.client.cookies.clear()
        signed = server.client.post("/api/account/signup", json={"username": name, "password": "correct horse"})
        assert signed.status_code == 201
        body = {"game": "truco", "players": 2, "options": {"points": 15}}
        tickets.append(server.client.post("/api/quickplay", json=body).json()["ticket"])
    seated = [poll(server, ticket) for ticket in tickets]
    code = seated[0]["code"]
    db = server.app.state.accounts().db.db
    assert db.execute("SELECT code FROM rated_tables").fetchall() == [(code,)]
    assert len(db.execute("SELECT account FROM seat_accounts WHERE code = ?", (code,)).fetchall()) == 2
    names = [s["name"] for s in server.client.get(f"/api/tables/{code}").json()["seats"]]
    assert names == ["ana", "beto"]
