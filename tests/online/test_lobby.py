"""The lobby over HTTP: creating a table, joining it, the host's seating operations and the start."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from online_helpers import Server

from cartas.online.game.tokens import CODE_ALPHABET


def four_truco(server: Server) -> tuple[dict, str]:
    created = server.create("truco", "Ana", players=4, points=15)
    return created, created["code"]


def test_create_gives_a_short_code_seat_zero_and_two_tokens(server: Server) -> None:
    created = server.create("truco", "Ana", players=4)
    assert len(created["code"]) == 6 and set(created["code"]) <= set(CODE_ALPHABET)
    assert created["seat"] == 0 and created["url"] == f"/t/{created['code']}"
    assert created["token"] != created["host_token"]
    info = server.client.get(f"/api/tables/{created['code'].lower()}").json()
    assert info["status"] == "lobby" and info["host_seat"] == 0 and info["players"] == 4
    assert info["teams"] == [0, 1, 0, 1]
    assert [s["kind"] for s in info["seats"]] == ["human", "empty", "empty", "empty"]
    assert info["seats"][0]["name"] == "Ana"
    assert created["token"] not in str(info) and "seed" not in info


def test_create_refuses_bad_input_with_the_cores_message(server: Server) -> None:
    bad_game = server.client.post("/api/tables", json={"game": "poker", "name": "Ana"})
    assert bad_game.status_code == 400
    assert bad_game.json()["error"].startswith("no game called 'poker'; games: chinchon")
    bad_option = server.client.post("/api/tables", json={"game": "truco", "options": {"players": 3}, "name": "A"})
    assert bad_option.status_code == 400
    assert bad_option.json()["error"].startswith("option players=3 is not valid (allowed: 2, 4, 6)")
    no_name = server.client.post("/api/tables", json={"game": "truco", "name": "  "})
    assert no_name.status_code == 400 and no_name.json() == {"error": "a name is needed to take a seat"}
    not_json = server.client.post("/api/tables", content=b"{nope", headers={"content-type": "application/json"})
    assert not_json.status_code == 400 and not_json.json()["error"].startswith("the message is not valid JSON (Expecting property name")
    huge = server.client.post("/api/tables", content=b"[" + b" " * 5000 + b"]")
    assert huge.status_code == 413


def test_join_takes_the_first_free_seat_or_the_one_asked_until_full(server: Server) -> None:
    _, code = four_truco(server)
    assert server.join(code, "Beto")["seat"] == 1
    assert server.join(code, "Caro", seat=3)["seat"] == 3
    taken = server.client.post(f"/api/tables/{code}/join", json={"name": "Dani", "seat": 3})
    assert taken.status_code == 409 and taken.json() == {"error": "seat 4 is taken"}  # people count seats from 1
    assert server.join(code, "Dani")["seat"] == 2
    full = server.client.post(f"/api/tables/{code}/join", json={"name": "Eva"})
    assert full.status_code == 409 and full.json() == {"error": "the table is full"}


def test_open_tables_lists_lobbies_with_a_free_seat(server: Server) -> None:
    _, code = four_truco(server)
    other = server.create("chinchon", "Beto", players=2)
    listed = {t["code"]: t for t in server.client.get("/api/tables").json()}
    assert listed[code]["free"] == 3 and listed[code]["host"] == "Ana" and listed[code]["points"] == 15
    server.join(other["code"], "Caro")
    assert other["code"] not in {t["code"] for t in server.client.get("/api/tables").json()}


def test_host_operations_reseat_the_players(server: Server) -> None:
    created, code = four_truco(server)
    host = created["host_token"]
    server.join(code, "Beto")
    server.join(code, "Caro")
    server.bots(code, host, [3], "easy")

    def names(response) -> list[str]:  # type: ignore[no-untyped-def]
        assert response.status_code == 200, response.text
        return [seat["name"] for seat in response.json()["seats"]]

    assert names(server.host(code, host, body={"op": "rotate"})) == ["Ana", "Bot 2 (fácil)", "Beto", "Caro"]
    assert names(server.host(code, host, body={"op": "swap"})) == ["Ana", "Caro", "Beto", "Bot 4 (fácil)"]
    assert names(server.host(code, host, body={"op": "move", "seat": 1, "to": 2})) == [
        "Ana", "Beto", "Caro", "Bot 4 (fácil)"]
    assert names(server.host(code, host, body={"op": "teams", "teams": "Beto,easy/Ana,Caro"})) == [
        "Ana", "Beto", "Caro", "Bot 4 (fácil)"]
    reordered = server.host(code, host, body={"op": "order", "order": "Ana,easy,Caro,Beto"})
    assert names(reordered) == ["Ana", "Bot 2 (fácil)", "Caro", "Beto"]
    assert reordered.json()["host_seat"] == 0
    assert names(server.host(code, host, body={"op": "move", "seat": 0, "to": 3})) == [
        "Beto", "Bot 2 (fácil)", "Caro", "Ana"]
    assert names(server.host(code, host, body={"op": "bot", "seat": 1, "level": "hard"}))[1] == "Bot 2 (difícil)"
    assert names(server.host(code, host, body={"op": "empty", "seat": 2}))[2] is None


def test_host_operations_are_refused_with_the_seating_rules_messages(server: Server) -> None:
    created, code = four_truco(server)
    host = created["host_token"]
    server.join(code, "Beto")

    def refusal(body: dict) -> str:
        response = server.host(code, host, body=body)
        assert response.status_code == 400, response.text
        message: str = response.json()["error"]
        return message

    assert refusal({"op": "teams", "teams": "Ana,Beto"}) == (
        "teams 'Ana,Beto' leaves out empty, empty; every player joins one team: truco seats 0,2 against 1,3 "
        "(2 teams of 2), such as teams 0,2/1,3"
    )
    assert refusal({"op": "order", "order": "Beto,Ana,2,3"}) == "order 'Beto,Ana,2,3' puts Ana at seat 1, but seat 0 was asked for"
    assert refusal({"op": "order", "order": "Ana,Zoe"}).startswith("order names 'Zoe', who is not playing")
    assert refusal({"op": "bot", "seat": 1, "level": "medium"}) == "seat 2 is taken by Beto; empty it first"
    assert refusal({"op": "bot", "seat": 2, "level": "genius"}).startswith("no bot level 'genius'; levels: easy")
    assert refusal({"op": "empty", "seat": 0}) == "the host's own seat cannot be emptied"
    assert refusal({"op": "move", "seat": 0, "to": 9}) == "to 9 is not a seat index; seat indexes are 0 to 3"
    assert refusal({"op": "dance"}) == "op must be one of bot, empty, move, rotate, swap, teams, order"
    info = server.client.get(f"/api/tables/{code}").json()
    assert [s["name"] for s in info["seats"]] == ["Ana", "Beto", None, None]


def test_start_is_refused_while_a_seat_is_empty_then_seats_are_frozen(server: Server) -> None:
    created, code = four_truco(server)
    host = created["host_token"]
    server.bots(code, host, [1, 2])
    refused = server.host(code, host, "start")
    assert refused.status_code == 400
    assert refused.json() == {"error": "seat 4 is empty; seat a person or a bot there before the start"}
    server.bots(code, host, [3])
    started = server.host(code, host, "start")
    assert started.status_code == 200 and started.json()["status"] == "playing"
    late = server.client.post(f"/api/tables/{code}/join", json={"name": "Beto"})
    assert late.status_code == 409
    assert server.host(code, host, body={"op": "rotate"}).status_code == 409
    assert server.client.get(f"/api/tables/{code}/record").status_code == 409


def test_tokens_are_stored_only_as_hashes(server: Server, tmp_path: Path) -> None:
    created, code = four_truco(server)
    joined = server.join(code, "Beto")
    dump = "\n".join(sqlite3.connect(tmp_path / "online.sqlite3").iterdump())
    for token in (created["token"], created["host_token"], joined["token"]):
        assert token not in dump
    assert code in dump


def test_host_operations_need_the_host_token(server: Server) -> None:
    created, code = four_truco(server)
    other = server.create("truco", "Zoe", players=4)
    missing = server.client.post(f"/api/tables/{code}/start")
    assert missing.status_code == 401
    seat_token = server.host(code, created["token"], body={"op": "rotate"})
    assert seat_token.status_code == 403 and seat_token.json() == {"error": "only the host can do that, with the host token"}
    foreign = server.host(code, other["host_token"], "start")
    assert foreign.status_code == 403
    assert server.client.post(f"/api/tables/{code}/leave", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert server.client.get("/api/tables/ZZZZZZ").status_code == 404


def test_a_player_leaves_before_the_start_but_the_host_cannot(server: Server) -> None:
    created, code = four_truco(server)
    joined = server.join(code, "Beto")
    left = server.host(code, joined["token"], "leave")
    assert left.status_code == 200 and left.json()["seats"][1]["kind"] == "empty"
    assert server.host(code, created["token"], "leave").status_code == 409
