"""A hostile visitor on loopback: floods, endless tables, cross-site requests, impersonating names, tables left
behind. Each attack is bounded (a few dozen frames or requests, a fake clock instead of waiting minutes)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from online_helpers import Player, Server
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from test_socket import one_person

from cartas.online.game.expiry import sweep
from cartas.online.server.limits import Limits, Rate

SPENT = "too many frames: the connection is closed; reconnect in a few seconds"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


started_with_bots = one_person
"""One person at seat 0 and random bots elsewhere, started: the socket tests' own table."""


def run(server: Server, coroutine: Any) -> Any:
    """Run a coroutine in the app's event loop (the TestClient's portal) and return its result."""

    async def call() -> Any:
        return await coroutine

    return server.client.portal.call(call)  # type: ignore[attr-defined]


# --- floods ------------------------------------------------------------------------------------------------


def test_a_flood_of_refused_moves_is_closed_once_its_budget_is_spent(server: Server) -> None:
    code, created = started_with_bots(server, "truco", players=2, points=15)
    ana = server.connect(code, created["token"])
    ana.until("snapshot")
    sent = 0
    while ana.closed is None and sent < 200:
        ana.send({"type": "move", "action": 999, "v": 0})  # never legal: each is answered with an error and a view
        sent += 1
        if sent % 10 == 0:
            ana.drain(0.02)
    ana.drain(0.3)
    assert ana.closed == 4429
    assert sent < 200 and ana.last("error") == {"type": "error", "message": SPENT}


def test_a_flood_of_malformed_frames_is_counted_and_closed_sooner_than_pings(server: Server) -> None:
    code, created = started_with_bots(server, "truco", players=2, points=15)
    ana = server.connect(code, created["token"])
    ana.until("snapshot")
    for _ in range(20):
        ana.session.send_text("{not json")
    ana.drain(0.3)
    errors = [f for f in ana.frames if f["type"] == "error"]
    # 40 frames at once, 5 for a malformed one: the eighth spends the budget (the hello took one).
    assert ana.closed == 4429
    assert len(errors) == 8 and errors[-1]["message"] == SPENT
    assert all(e["message"] != SPENT for e in errors[:-1])


def test_frames_over_4_kib_and_of_unknown_types_cost_the_bad_frame_price(server: Server) -> None:
    code, created = started_with_bots(server, "truco", players=2, points=15)
    ana = server.connect(code, created["token"])
    ana.until("snapshot")
    ana.send({"type": "chat", "text": "x" * 5000})
    assert "4096" in ana.until("error")["message"]
    ana.send({"type": "dance"})
    assert ana.until("error")["message"] == "frame types are move, chat, lang and ping"
    for _ in range(4):
        ana.send({"type": "ping"})
    ana.drain(0.2)
    assert ana.closed is None  # 1 + 5 + 5 + 4 of 40: still open


def test_one_address_cannot_open_more_sockets_than_its_limit(make_server: Any) -> None:
    server = make_server(limits=Limits(sockets=3))
    code, created = started_with_bots(server, "truco", players=2, points=15)
    players = [server.connect(code, None) for _ in range(3)]
    for player in players:
        player.until("snapshot")
    with pytest.raises(WebSocketDenialResponse) as denied:
        server.connect(code, None)
    assert denied.value.status_code == 429
    server.close_all()
    again = server.connect(code, None)  # the closed ones no longer count
    again.until("snapshot")


# --- endless tables ---------------------------------------------------------------------------------------


def test_the_21st_table_from_one_address_in_a_minute_is_refused_and_allowed_again_later(make_server: Any) -> None:
    clock = FakeClock()
    server = make_server(clock=clock)
    for _ in range(20):
        server.create("truco", "Ana", players=2, points=15)
    body = {"game": "truco", "options": {"players": 2, "points": 15}, "name": "Ana"}
    refused = server.client.post("/api/tables", json=body)
    assert refused.status_code == 429
    assert refused.json()["error"] == "too many new tables from your address; try again in 3 s"
    assert refused.headers["retry-after"] == "3"
    assert len(server.hub().store.sync.tables_with_status("lobby")) == 20
    other = TestClient(server.app, client=("198.51.100.7", 4000))  # another address is not held back
    assert other.post("/api/tables", json=body).status_code == 201
    clock.now += 3
    assert server.client.post("/api/tables", json=body).status_code == 201


def test_joins_are_limited_per_address(make_server: Any) -> None:
    clock = FakeClock()
    server = make_server(clock=clock, limits=Limits(joins=Rate(burst=2, per_minute=2)))
    code = server.create("truco", "Ana", players=4, points=15)["code"]
    server.join(code, "Beto")
    server.join(code, "Caro")
    refused = server.client.post(f"/api/tables/{code}/join", json={"name": "Dani"})
    assert refused.status_code == 429 and refused.json()["error"].startswith("too many joins from your address")
    assert [s["kind"] for s in server.client.get(f"/api/tables/{code}").json()["seats"]] == [
        "human", "human", "human", "empty"
    ]


def test_reloading_the_open_tables_list_nonstop_is_refused_per_address(make_server: Any) -> None:
    """Building the list costs a store read per request: one address reloading it nonstop took 95% of a core
    and put 25 ms on an honest table's moves (benchmarks/online/online_attacks.py, "lobby list reloads")."""
    clock = FakeClock()
    server = make_server(clock=clock, limits=Limits(reads=Rate(burst=3, per_minute=60)))
    server.create("truco", "Ana", players=2, points=15)
    assert [server.client.get("/api/tables").status_code for _ in range(4)] == [200, 200, 200, 429]
    refused = server.client.get("/api/tables")
    assert refused.json()["error"] == "too many open-table list reads from your address; try again in 1 s"
    other = TestClient(server.app, client=("198.51.100.7", 4000))
    assert len(other.get("/api/tables").json()) == 1
    clock.now += 1
    assert server.client.get("/api/tables").status_code == 200


@pytest.mark.parametrize(("game", "option", "value"), [
    ("chinchon", "points", 10**9), ("chinchon", "max_turns", 10**9), ("remigio", "points", 10**9),
    ("tresillo", "deals", 10**6),
])
def test_options_past_what_a_real_match_uses_are_refused_in_one_line(
    server: Server, game: str, option: str, value: int
) -> None:
    response = server.client.post("/api/tables", json={"game": game, "options": {option: value}, "name": "Ana"})
    assert response.status_code == 400
    message = response.json()["error"]
    assert option in message and "\n" not in message
    assert server.hub().store.sync.tables_with_status("lobby") == []


def test_the_open_tables_list_comes_a_page_at_a_time_in_creation_order(server: Server) -> None:
    codes = [server.create("truco", "Ana", players=2, points=15)["code"] for _ in range(5)]
    seen: list[str] = []
    url = "/api/tables?limit=2"
    pages = 0
    while url:
        response = server.client.get(url)
        assert response.status_code == 200
        seen += [table["code"] for table in response.json()]
        link = response.headers.get("link")
        url = link.split(">")[0].lstrip("<") if link else ""
        pages += 1
    assert pages == 3 and sorted(seen) == sorted(codes) and len(seen) == 5
    created = [server.hub().store.sync.load_table(code).created for code in seen]
    assert created == sorted(created)
    assert server.client.get("/api/tables?limit=0").status_code == 400
    assert server.client.get("/api/tables?cursor=nonsense").status_code == 400


# --- the browser's boundary -------------------------------------------------------------------------------

BODY = {"game": "truco", "options": {"players": 2, "points": 15}, "name": "Ana"}


def test_a_cross_site_post_is_refused_and_creates_nothing(server: Server) -> None:
    evil = server.client.post("/api/tables", json=BODY, headers={"Origin": "https://evil.example"})
    assert evil.status_code == 403 and "https://evil.example" in evil.json()["error"]
    assert server.hub().store.sync.tables_with_status("lobby") == []
    code = server.create("truco", "Ana", players=2, points=15)["code"]  # no Origin: a program, let through
    join = server.client.post(f"/api/tables/{code}/join", json={"name": "Beto"}, headers={"Origin": "null"})
    assert join.status_code == 403
    same = server.client.post("/api/tables", json=BODY, headers={"Origin": "http://testserver"})
    assert same.status_code == 201
    assert server.client.get("/api/tables", headers={"Origin": "https://evil.example"}).status_code == 200


def test_an_allowed_origin_may_post_and_a_cross_site_websocket_is_refused(make_server: Any) -> None:
    server = make_server(allow_origins=["https://Friends.example:443"])
    allowed = server.client.post("/api/tables", json=BODY, headers={"Origin": "https://friends.example"})
    assert allowed.status_code == 201
    code = allowed.json()["code"]
    with pytest.raises((WebSocketDenialResponse, WebSocketDisconnect)):
        with server.client.websocket_connect(f"/ws/{code}", headers={"Origin": "https://evil.example"}) as socket:
            socket.receive_text()
    with server.client.websocket_connect(f"/ws/{code}", headers={"Origin": "http://testserver"}) as socket:
        socket.send_text(json.dumps({"type": "hello", "token": None}))
        assert json.loads(socket.receive_text())["type"] == "welcome"


@pytest.mark.parametrize("name", [
    "Vos", "vos", "VOS", "Tú", "Tu", "Você", "You", "Nosotros", "Ellos", "Compañero", "Parceiro", "Partner",
    "Bot 2", "Bot 2 (medio)", "bot3", "Jugador 3", "Equipo 1", "Ｖｏｓ", " Vos ",
])
def test_the_words_the_table_uses_for_people_are_refused_as_names(server: Server, name: str) -> None:
    code = server.create("truco", "Ana", players=2, points=15)["code"]
    response = server.client.post(f"/api/tables/{code}/join", json={"name": name})
    assert response.status_code == 400
    assert response.json()["error"].endswith("is what the table calls someone else; choose another name")
    assert server.client.post("/api/tables", json={**BODY, "name": name}).status_code == 400


@pytest.mark.parametrize(("name", "why"), [
    ("Ana\u200b", "invisible"), ("\u202eanA", "invisible"), ("Be\u2066to", "invisible"), ("\u00adBeto", "invisible"),
    ("x" * 25, "at most 24"), ("...", "at least one letter"),
])
def test_invisible_reordering_or_overlong_names_are_refused(server: Server, name: str, why: str) -> None:
    code = server.create("truco", "Ana", players=2, points=15)["code"]
    response = server.client.post(f"/api/tables/{code}/join", json={"name": name})
    assert response.status_code == 400 and why in response.json()["error"]


def test_names_are_normalised_and_unique_at_a_table(server: Server) -> None:
    code = server.create("truco", "Ana", players=4, points=15)["code"]
    for copy in ("ana", "ANA", "Ána", "Ａｎａ"):
        response = server.client.post(f"/api/tables/{code}/join", json={"name": copy})
        assert response.status_code == 400 and "already called" in response.json()["error"]
    seat = server.join(code, "Ｂｅｔｏ   Ｐéｒｅｚ")["seat"]
    assert server.client.get(f"/api/tables/{code}").json()["seats"][seat]["name"] == "Beto Pérez"


def test_spectators_chat_only_where_the_host_allows_it(server: Server) -> None:
    code, _ = started_with_bots(server, "truco", players=2, points=15)
    watcher = server.connect(code, None, lang="en")  # a truco table speaks Spanish to a hello without lang
    watcher.until("snapshot")
    watcher.send({"type": "chat", "text": "hola"})
    assert watcher.until("error")["message"] == "spectators cannot chat at this table"
    assert server.hub().store.sync.chat(code, 10) == []
    open_chat = server.create("truco", "Ana", players=2, points=15, _body={"spectator_chat": True})["code"]
    other = server.connect(open_chat, None)
    other.until("snapshot")
    other.send({"type": "chat", "text": "hola"})
    assert other.until("chat")["text"] == "hola"


# --- tables left behind -----------------------------------------------------------------------------------


def test_a_lobby_table_nobody_joined_expires_and_is_not_rebuilt(make_server: Any, tmp_path: Path) -> None:
    server = make_server(lobby_expiry=60)
    left = server.create("truco", "Ana", players=2, points=15)["code"]
    watched = server.create("truco", "Beto", players=2, points=15)["code"]
    beto = server.connect(watched, None)
    beto.until("snapshot")
    assert run(server, sweep(server.hub(), time.time() + 30)) == 0  # not yet
    assert run(server, sweep(server.hub(), time.time() + 120)) == 1
    info = server.client.get(f"/api/tables/{left}").json()
    assert info["status"] == "expired"
    refused = server.client.post(f"/api/tables/{left}/join", json={"name": "Caro"})
    assert refused.status_code == 409 and refused.json()["error"] == "this table expired: nobody joined it in time"
    assert [t["code"] for t in server.client.get("/api/tables").json()] == [watched]  # someone is connected
    assert server.hub().store.sync.db.execute("SELECT ended FROM tables WHERE code = ?", (left,)).fetchone() == (
        "expired",
    )
    server.close_all()
    again = make_server(db=tmp_path / "online.sqlite3", lobby_expiry=60)
    assert left not in again.hub().tables
    assert [row.code for row in again.hub().store.sync.tables_with_status("lobby")] == [watched]
    # A day after it expired, it is deleted with its seats (nothing was played at it); the other stays.
    run(again, sweep(again.hub(), time.time() + 120 + 86400 + 60))
    assert again.hub().store.sync.load_table(left) is None
    assert again.hub().store.sync.db.execute("SELECT count(*) FROM seats WHERE code = ?", (left,)).fetchone() == (0,)
    assert again.client.get(f"/api/tables/{left}").status_code == 404


def test_a_match_with_nobody_connected_past_its_grace_is_abandoned_and_kept_as_a_record(
    make_server: Any, tmp_path: Path
) -> None:
    server = make_server(abandon_floor=0)
    code, created = started_with_bots(server, "truco", grace=0.2, players=2, points=15)
    ana = server.connect(code, created["token"])
    ana.until("snapshot")
    view = ana.my_turn()
    ana.send({"type": "move", "action": 0, "v": view["v"]})
    ana.until("ack")
    server.close_all()  # Ana goes; nobody else is seated
    table = server.table(code)
    deadline = time.monotonic() + 30  # a bound for a loaded machine; met at once on an idle one
    while table.row.status != "abandoned" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table.row.status == "abandoned"
    moves = len(server.hub().store.sync.moves(code))
    time.sleep(0.3)
    assert len(server.hub().store.sync.moves(code)) == moves  # no bot plays on alone
    record = server.client.get(f"/api/tables/{code}/record")
    assert record.status_code == 200
    assert record.json()["finished"] is False and len(record.json()["actions"]) == moves
    saved = json.loads((tmp_path / "data" / "online-records" / f"{code}.json").read_text())
    assert saved["actions"] == record.json()["actions"]
    again = make_server(db=tmp_path / "online.sqlite3")
    assert code not in again.hub().tables  # not rebuilt at a restart
    assert again.client.get(f"/api/tables/{code}").json()["status"] == "abandoned"


def test_a_bot_does_not_take_a_seat_over_when_nobody_is_left_to_play_with(make_server: Any) -> None:
    server = make_server(abandon_floor=60)
    code, created = started_with_bots(server, "truco", grace=0, players=2, points=15)
    table = server.table(code)
    time.sleep(0.2)
    assert table.takeover == set() and table.row.status == "playing"
    assert server.hub().store.sync.moves(code) == []  # the bots wait for a person


def test_a_spectator_is_someone_to_play_for_and_wakes_the_bots(make_server: Any) -> None:
    server = make_server(abandon_floor=60)
    code, _ = started_with_bots(server, "truco", grace=0, players=2, points=15)
    assert server.hub().store.sync.moves(code) == []
    watcher = server.connect(code, None)
    watcher.until("snapshot")
    deadline = time.monotonic() + 30  # a bound for a loaded machine; met at once on an idle one

    def played_on() -> bool:
        """Four moves, or the match over sooner: the table's seed is random, and a falta envido accepted ends a
        15-point match in three (real envido, falta envido, quiero)."""
        return len(server.hub().store.sync.moves(code)) >= 4 or server.table(code).row.status == "finished"

    while not played_on() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert played_on()  # Ana's seat taken over: the bots play for the watcher
    assert 0 in server.table(code).takeover


def test_a_player_who_is_connected_keeps_the_match_going(make_server: Any) -> None:
    server = make_server(abandon_floor=0)
    code, created = started_with_bots(server, "truco", grace=0.1, players=2, points=15)
    ana: Player = server.connect(code, created["token"])
    ana.until("snapshot")
    time.sleep(0.3)
    assert server.table(code).row.status == "playing"
