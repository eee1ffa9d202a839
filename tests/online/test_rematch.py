"""A rematch: the same people in the same seats at a new table with new cards, once each person accepts."""

from __future__ import annotations

from typing import Any

from online_helpers import Player, Server


def play_to_the_end(players: list[Player]) -> dict[str, Any]:
    """Each person makes their first legal move (a card when there is one) until the result frame comes."""
    for _ in range(2000):
        for player in players:
            result = player.last("result")
            if result is not None:
                return result
        for player in players:
            frames = player.drain(0.01)
            if any(frame["type"] == "result" for frame in frames):
                return player.last("result")  # type: ignore[return-value]
            if player.view is not None and player.view["view"]["legal"]:
                view, player.view = player.view, None
                legal = view["view"]["legal"]
                move = next((m for m in legal if m["card"]), legal[0])
                player.send({"type": "move", "action": move["text"], "v": player.version})
    raise AssertionError("the match did not end")


def accept(server: Server, code: str, token: str) -> Any:
    return server.client.post(f"/api/tables/{code}/rematch", headers={"Authorization": f"Bearer {token}"})


def test_a_rematch_seats_the_same_people_and_bots_at_a_new_table_once_all_accept(make_server: Any) -> None:
    server: Server = make_server()
    made = server.create("truco", "Ana", players=4, points=15)
    code = made["code"]
    beto = server.join(code, "Beto", seat=2)
    server.bots(code, made["host_token"], [1, 3])
    assert server.host(code, made["host_token"], op="start").status_code == 200
    ana_ws, beto_ws = server.connect(code, made["token"]), server.connect(code, beto["token"])

    early = accept(server, code, made["token"])
    assert early.status_code == 409 and "not over" in early.json()["error"]

    play_to_the_end([ana_ws, beto_ws])
    assert accept(server, code, "not-a-token").status_code == 401

    first = accept(server, code, made["token"])
    assert first.status_code == 200, first.text
    offer = first.json()
    assert offer["accepted"] == [0, 1, 3] and offer["started"] is False and offer["code"] != code
    assert "host_token" in offer
    told = beto_ws.until("rematch")
    assert told == {"type": "rematch", "accepted": [0, 1, 3], "code": None}
    new_code = offer["code"]
    assert server.client.get(f"/api/tables/{new_code}").json()["status"] == "lobby"

    second = accept(server, code, beto["token"])
    assert second.status_code == 200, second.text
    assert second.json()["started"] is True and second.json()["code"] == new_code
    assert second.json()["token"] not in (beto["token"], offer["token"]) and "host_token" not in second.json()
    assert ana_ws.until("rematch")["code"] is None  # the first acceptance, hers
    assert ana_ws.until("rematch") == {"type": "rematch", "accepted": [0, 1, 2, 3], "code": new_code}

    info = server.client.get(f"/api/tables/{new_code}").json()
    assert info["status"] == "playing"
    assert [(s["kind"], s["level"]) for s in info["seats"]] == [("human", None), ("bot", "random"), ("human", None),
                                                                ("bot", "random")]
    assert [info["seats"][0]["name"], info["seats"][2]["name"]] == ["Ana", "Beto"]
    assert info["teams"] == [0, 1, 0, 1]
    # Each new token holds its own seat there; the old ones hold none.
    assert server.connect(new_code, offer["token"]).until("welcome")["seat"] == 0
    assert server.connect(new_code, second.json()["token"]).until("welcome")["seat"] == 2
    refused = server.connect(new_code, beto["token"])
    refused.receive()
    assert refused.closed == 4401 or (refused.last("error") is not None)
    # New cards: the new table's seed is not the old one's.
    old_seed = server.table(code).row.seed
    assert server.table(new_code).row.seed != old_seed
    # Accepting again changes nothing and answers with the same new table.
    again = accept(server, code, made["token"])
    assert again.json()["code"] == new_code and again.json()["token"] == offer["token"]
    server.close_all()
