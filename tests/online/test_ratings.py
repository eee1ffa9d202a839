"""Ratings over the HTTP API: a rated match between two accounts moves their ratings exactly as openskill's
Plackett-Luce model computes for its result; a casual one and one a bot mostly played do not."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from online_helpers import Server
from openskill.models import PlackettLuce

from cartas.online.accounts.routes import COOKIE
from cartas.online.accounts.ratings import Finished, counted_winners, format_of, new_ratings, why_unrated

sys.path.insert(0, str(Path(__file__).parent))
from test_random_play import play_randomly  # noqa: E402


def account(server: Server, username: str) -> str:
    server.client.cookies.clear()
    response = server.client.post("/api/account/signup", json={"username": username, "password": "correct horse"})
    assert response.status_code == 201, response.text
    return str(response.cookies[COOKIE])


def as_(server: Server, cookie: str) -> None:
    server.client.cookies.clear()
    server.client.cookies.set(COOKIE, cookie)


def matches(server: Server, cookie: str) -> dict[str, Any]:
    as_(server, cookie)
    deadline = time.monotonic() + 10
    while True:
        found: dict[str, Any] = server.client.get("/api/account/matches").json()
        if found["matches"] or time.monotonic() > deadline:
            return found
        time.sleep(0.01)


def started_by_two(server: Server, ana: str, beto: str, **table: Any) -> tuple[str, dict[str, Any], str]:
    """A two-player truco to 15 that Ana (logged in as ``ana``) creates with ``table``'s fields and Beto joins,
    started: its code, Ana's creation answer and Beto's seat token."""
    as_(server, ana)
    body = {"game": "truco", "name": "Ana", "options": {"players": 2, "points": 15}, **table}
    created = server.client.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    code = created.json()["code"]
    as_(server, beto)
    joined = server.client.post(f"/api/tables/{code}/join", json={}).json()
    assert server.host(code, created.json()["host_token"], "start").status_code == 200
    return code, created.json(), joined["token"]


def two_people_table(server: Server, rated: bool, grace: float = 60) -> tuple[str, dict[str, Any], str, str, str]:
    ana, beto = account(server, "ana"), account(server, "beto")
    code, created, token = started_by_two(server, ana, beto, rated=rated, grace=grace)
    return code, created, token, ana, beto


def test_a_rated_match_moves_both_ratings_as_openskill_computes(server: Server) -> None:
    code, created, beto_token, ana, beto = two_people_table(server, rated=True)
    people = {0: server.connect(code, created["token"]), 1: server.connect(code, beto_token)}
    play_randomly(server, code, people, random.Random(3), 3000)
    result = people[0].until("result")
    model = PlackettLuce()
    fresh = [[model.rating()], [model.rating()]]
    ranks = [1 if 0 in result["winners"] else 2, 1 if 1 in result["winners"] else 2]
    expected = model.rate(fresh, ranks=ranks)
    mine = matches(server, ana)
    assert mine["ratings"] == [
        {"game": "truco", "format": "1v1", "mu": round(expected[0][0].mu, 2), "sigma": round(expected[0][0].sigma, 2),
         "matches": 1, "rating": round(1500 + 30 * (expected[0][0].mu - 25)), "provisional": True}
    ]
    played = mine["matches"][0]
    assert played["code"] == code and played["rated"] and played["rivals"] == ["beto"] and played["partner"] == []
    assert played["won"] == (0 in result["winners"]) and played["score"] == result["scores"][0]
    assert played["change"] == round(expected[0][0].mu - model.mu, 2)
    board = server.client.get("/api/leaderboard?game=truco").json()["players"]
    assert [p["username"] for p in board] == (["ana", "beto"] if 0 in result["winners"] else ["beto", "ana"])
    assert {p["username"]: p["mu"] for p in board}["beto"] == round(expected[1][0].mu, 2)


def test_a_person_who_leaves_a_rated_match_loses_it_whoever_finishes_the_seat(server: Server) -> None:
    code, created, beto_token, ana, beto = two_people_table(server, rated=True, grace=0)
    beto_socket = server.connect(code, beto_token)
    beto_socket.until("welcome")
    server.close_all()  # Beto leaves at once: after a grace of 0 s a bot plays his seat
    people = {0: server.connect(code, created["token"])}
    play_randomly(server, code, people, random.Random(5), 3000)
    people[0].until("result")
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])  # Ana won, whatever the cards said
    mine = matches(server, ana)
    assert mine["matches"][0]["rated"] is True and mine["matches"][0]["won"] is True
    assert mine["ratings"][0]["mu"] == round(expected[0][0].mu, 2)
    his = matches(server, beto)
    assert his["matches"][0]["rated"] is True and his["matches"][0]["won"] is False
    board = server.client.get("/api/leaderboard?game=truco").json()["players"]
    assert [p["username"] for p in board] == ["ana", "beto"]


def test_a_casual_table_is_kept_in_the_history_but_not_rated(server: Server) -> None:
    code, created, beto_token, ana, beto = two_people_table(server, rated=False)
    people = {0: server.connect(code, created["token"]), 1: server.connect(code, beto_token)}
    play_randomly(server, code, people, random.Random(4), 3000)
    people[0].until("result")
    mine = matches(server, beto)
    assert mine["ratings"] == [] and mine["matches"][0]["rated"] is False and mine["matches"][0]["rivals"] == ["ana"]


def test_a_rated_table_needs_a_login_and_the_leaderboard_a_known_game(server: Server) -> None:
    server.client.cookies.clear()
    refused = server.client.post("/api/tables", json={"game": "truco", "name": "Ana", "rated": True})
    assert refused.status_code == 401
    assert server.client.get("/api/leaderboard?game=poker").status_code == 400


FOUR = Finished(
    code="X", game="truco", players=4, teams=(0, 1, 0, 1), winners=(1, 3), scores=(12, 15),
    accounts={0: "a", 1: "b", 2: "c", 3: "d"}, kinds=dict.fromkeys(range(4), "human"), bot_share={}, rated_table=True,
)


def test_teams_of_two_are_rated_as_openskill_teams() -> None:
    model = PlackettLuce()
    expected = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[2, 1])
    after = new_ratings(FOUR, {})
    assert after["a"] == pytest.approx((expected[0][0].mu, expected[0][0].sigma))
    assert after["d"] == pytest.approx((expected[1][1].mu, expected[1][1].sigma))
    assert format_of(4, (0, 1, 0, 1)) == "2v2" and format_of(3, None) is None and format_of(2, (0, 1)) == "1v1"


def test_why_a_match_is_not_rated() -> None:
    assert why_unrated(FOUR) is None
    assert why_unrated(Finished(**{**FOUR.__dict__, "bot_share": {2: 0.6}})) is None  # seat 2 left: it lost
    assert counted_winners(Finished(**{**FOUR.__dict__, "bot_share": {2: 0.6}})) == (1, 3)
    assert counted_winners(Finished(**{**FOUR.__dict__, "left": frozenset({1})})) == (0, 2)  # winners who left lose
    assert why_unrated(Finished(**{**FOUR.__dict__, "left": frozenset({0, 1})})) == "every side left the match"
    assert why_unrated(Finished(**{**FOUR.__dict__, "bot_share": {2: 0.5}})) is None
    assert why_unrated(Finished(**{**FOUR.__dict__, "accounts": {0: "a", 1: "b", 2: "a", 3: "d"}})) is not None
    assert why_unrated(Finished(**{**FOUR.__dict__, "rated_table": False})) == "a casual table"
