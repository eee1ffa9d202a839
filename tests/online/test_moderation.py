"""Basic moderation (issue 30): a person's chat muted for oneself (kept per account, never told to the muted
person), a report of a player (a reason and a line of text, limited, listed for the operator), and the host
removing a person from a seat before the start (told in one line, and barred from that seat at that table)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from online_helpers import Server

from cartas.cli.main import make_cli
from cartas.online.accounts.service import reports


def sign_up(server: Server, name: str) -> None:
    server.client.cookies.clear()
    assert server.client.post("/api/account/signup", json={"username": name, "password": "correct horse"}).status_code == 201


def from_address(server: Server, address: str) -> None:
    """Requests from now on come from ``address`` (TestClient's transport says who the client is)."""
    server.client._transport.client = (address, 50000)  # type: ignore[attr-defined]


def mute(server: Server, target: Any, muted: bool = True) -> Any:
    return server.client.post("/api/account/mutes", json={"target": target, "muted": muted})


def test_an_account_keeps_its_mutes_and_the_muted_person_is_told_nothing(server: Server) -> None:
    created = server.create(name="Ana", players=2)
    code = created["code"]
    beto = server.join(code, "Beto")
    beto_socket = server.connect(code, beto["token"])
    beto_socket.until("snapshot")
    beto_socket.drain()
    assert server.client.get("/api/account/mutes").status_code == 401  # a guest's mutes stay in the browser
    sign_up(server, "ana")
    sign_up(server, "carla")
    assert mute(server, "u:ana").json() == {"mutes": ["u:ana"]}
    assert mute(server, f"n:{code}:Beto").json() == {"mutes": [f"n:{code}:Beto", "u:ana"]}  # sorted
    assert mute(server, "u:ana").json() == {"mutes": [f"n:{code}:Beto", "u:ana"]}  # once
    assert mute(server, "u:ana", muted=False).json() == {"mutes": [f"n:{code}:Beto"]}
    assert server.client.get("/api/account/mutes").json() == {"mutes": [f"n:{code}:Beto"]}
    assert mute(server, "everyone").status_code == 400
    assert mute(server, "u:ana", muted="yes").status_code == 400
    # Another account has its own list; the muted person's connection got nothing at all.
    server.client.post("/api/account/logout")
    assert server.client.post("/api/account/login", json={"username": "ana", "password": "correct horse"}).status_code == 200
    assert server.client.get("/api/account/mutes").json() == {"mutes": []}
    assert beto_socket.drain() == []
    people = server.client.get(f"/api/tables/{code}/people").json()
    assert people == [{"seat": 0, "name": "Ana", "username": None}, {"seat": 1, "name": "Beto", "username": None}]


def test_a_table_lists_the_usernames_of_seats_taken_with_an_account(server: Server) -> None:
    sign_up(server, "ana")
    code = server.create(name="Ana", players=2)["code"]
    server.client.cookies.clear()
    server.join(code, "Beto")
    assert server.client.get(f"/api/tables/{code}/people").json() == [
        {"seat": 0, "name": "Ana", "username": "ana"}, {"seat": 1, "name": "Beto", "username": None}]
    assert server.client.get("/api/tables/NOPE99/people").status_code == 404


def report(server: Server, code: str, seat: int, reason: Any, text: Any = None) -> Any:
    body = {"seat": seat, "reason": reason}
    if text is not None:
        body["text"] = text
    return server.client.post(f"/api/tables/{code}/report", json=body)


def test_a_report_has_a_reason_and_a_line_and_is_limited(server: Server, tmp_path: Path) -> None:
    sign_up(server, "beto")
    codes = []
    for n in range(4):
        server.client.cookies.clear()
        created = server.create(name=f"Ana{n}", players=2)
        codes.append(created["code"])
    sign_up(server, "carla")
    assert report(server, codes[0], 0, "insults", "said\tugly things").status_code == 201
    assert report(server, codes[0], 0, "spam").status_code == 409  # once per player and table
    assert report(server, codes[1], 0, "other").status_code == 400  # "other" says what
    assert report(server, codes[1], 0, "bogus", 5).status_code == 400
    assert report(server, codes[1], 0, "cheating", "x" * 301).status_code == 400
    assert report(server, codes[1], 1, "cheating").status_code == 409  # an empty seat: nobody to report
    assert report(server, codes[1], 0, "stalling").status_code == 201
    assert report(server, codes[2], 0, "other", "left on purpose").status_code == 201
    limited = report(server, codes[3], 0, "spam")
    assert limited.status_code == 429 and "too many reports" in limited.json()["error"]
    listed = asyncio.run(reports(server.app.state.accounts().db))
    mine = sorted((r["code"], r["reason"], r["detail"], r["reporter"]) for r in listed)
    assert mine == sorted([(codes[0], "insults", "said ugly things", "carla"), (codes[1], "stalling", None, "carla"),
                           (codes[2], "other", "left on purpose", "carla")])
    listed_by_cli = CliRunner().invoke(make_cli(), ["users", "reports", "--db", str(tmp_path / "online.sqlite3")])
    assert listed_by_cli.exit_code == 0
    assert f"table {codes[0]} seat 0: Ana0, reported by carla: insults — said ugly things" in listed_by_cli.output
    # Another reporter (a guest at another address) has a bucket of their own.
    server.client.cookies.clear()
    from_address(server, "10.0.0.9")
    assert report(server, codes[3], 0, "spam").status_code == 201


def test_the_host_removes_a_person_who_is_told_and_may_not_take_that_seat_again(server: Server) -> None:
    from_address(server, "10.0.0.1")
    created = server.create(name="Ana", players=4)
    code, host = created["code"], created["host_token"]
    sign_up(server, "beto")
    from_address(server, "10.0.0.2")
    beto = server.join(code, "Beto", seat=1)
    socket = server.connect(code, beto["token"])
    socket.until("snapshot")
    assert server.host(code, host, body={"op": "empty", "seat": 1}).status_code == 200
    told = socket.until("removed")
    assert told["seat"] == 1 and "removed you from seat 2" in told["message"]
    assert socket.last("welcome") is None or socket.last("welcome")["seat"] is None
    again = server.client.post(f"/api/tables/{code}/join", json={"name": "Beto", "seat": 1})
    assert again.status_code == 403 and "removed you from seat 2" in again.json()["error"]
    # With no seat asked, the person gets the first free seat that is not the one they were removed from.
    assert server.join(code, "Beto")["seat"] == 2
    # The same account from another address is barred too; another person from elsewhere may take the seat.
    from_address(server, "10.0.0.3")
    assert server.client.post(f"/api/tables/{code}/join", json={"name": "B2", "seat": 1}).status_code == 403
    server.client.cookies.clear()
    assert server.join(code, "Carla", seat=1)["seat"] == 1
    info = server.client.get(f"/api/tables/{code}").json()
    assert [s["name"] for s in info["seats"]] == ["Ana", "Carla", "Beto", None]
