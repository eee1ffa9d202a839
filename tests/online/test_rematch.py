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


def test_the_bots_of_a_rematch_remember_the_match_before(make_server: Any, monkeypatch: Any) -> None:
    """Issue 32: a person's habits carry across a table's matches. Every bot decision at the rematch table
    carries the match before (its stored moves, its seed), and the worker hands it, replayed, to the bot as its
    own seat saw it; the first table's decisions carry none."""
    import cartas.online.game.bots as bots

    asked: list[bots.BotRequest] = []
    remembered: list[tuple[type, int, list[int]]] = []
    decide, remember = bots.decide, bots.remember_matches

    def spy_decide(registry: Any, request: bots.BotRequest) -> str:
        asked.append(request)
        return decide(registry, request)

    def spy_remember(agent: object, views: Any) -> bool:
        views = list(views)
        remembered.append((type(agent), views[0].seat, [len(view._state.history) for view in views]))
        return remember(agent, views)

    monkeypatch.setattr(bots, "decide", spy_decide)
    monkeypatch.setattr(bots, "remember_matches", spy_remember)
    server: Server = make_server()
    made = server.create("truco", "Ana", players=2, points=15)
    code = made["code"]
    server.bots(code, made["host_token"], [1])
    assert server.host(code, made["host_token"], op="start").status_code == 200
    play_to_the_end([server.connect(code, made["token"])])
    old_seed = server.table(code).row.seed
    assert asked and all(not request.earlier for request in asked) and not remembered
    moves = server.table(code).session.state.history  # type: ignore[union-attr]

    offer = accept(server, code, made["token"]).json()
    assert offer["started"] is True
    new_code = offer["code"]
    assert server.table(new_code).row.previous == code
    ana = server.connect(new_code, offer["token"])
    for _ in range(200):
        if any(request.seed != old_seed for request in asked):
            break
        ana.drain(0.02)
        if ana.view is not None and ana.view["view"]["legal"]:
            view, ana.view = ana.view, None
            ana.send({"type": "move", "action": view["view"]["legal"][0]["text"], "v": ana.version})
    later = [request for request in asked if request.seed != old_seed]
    assert later, "the bot never decided at the rematch table"
    (match,) = later[0].earlier
    assert match.seed == old_seed and match.game == "truco"
    assert list(match.actions) == [(seat, str(action)) for seat, action in moves]
    assert remembered and remembered[0][1:] == (1, [len(moves)])
    server.close_all()


def test_the_line_of_matches_stops_where_someone_else_sat(make_server: Any) -> None:
    """Only matches with the same occupants in every seat are remembered."""
    from cartas.online.game.earlier_matches import same_people
    from cartas.online.store.tables import SeatRow

    ana_bot = [SeatRow(0, "human", name="Ana"), SeatRow(1, "bot", name=None, level="medium")]
    assert same_people(ana_bot, [SeatRow(0, "human", name="Ana"), SeatRow(1, "bot", level="hard")])
    assert not same_people(ana_bot, [SeatRow(0, "human", name="Beto"), SeatRow(1, "bot", level="medium")])
    assert not same_people(ana_bot, [SeatRow(0, "bot", level="medium"), SeatRow(1, "human", name="Ana")])
