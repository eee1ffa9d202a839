"""The rating as people read it (cartas.online.accounts.shown), the device names of the sessions
(cartas.online.accounts.user_agents) and the history's scores: what the pages show instead of "27.6 ± 8.1", a raw
user-agent and a winner-first score."""

from __future__ import annotations

import asyncio
import json

import pytest
from online_helpers import Server
from openskill.models import PlackettLuce
from test_profile import finished, sign_up

from cartas.online.accounts.user_agents import device_name
from cartas.online.accounts.ratings import record_match, rival_score
from cartas.online.accounts.shown import PROVISIONAL_MATCHES, START_MU, is_provisional, shown_change, shown_rating


def test_a_new_account_starts_at_1500_and_a_point_of_mu_is_30() -> None:
    assert START_MU == PlackettLuce().mu
    assert shown_rating(START_MU) == 1500
    assert shown_rating(26.0) == 1530
    assert shown_rating(27.64) == 1579


def test_a_first_match_moves_the_number_by_tens_and_the_rounded_changes_add_up() -> None:
    model = PlackettLuce()
    [[won], [lost]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    up, down = shown_change(START_MU, won.mu), shown_change(START_MU, lost.mu)
    assert 10 <= up < 100 and -100 < down <= -10
    assert shown_rating(START_MU) + up == shown_rating(won.mu)


def test_provisional_until_the_tenth_rated_match() -> None:
    assert PROVISIONAL_MATCHES == 10
    assert is_provisional(0) and is_provisional(9) and not is_provisional(10)


@pytest.mark.parametrize(("agent", "name"), [
    ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
     "Chrome · Android"),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5"
     " Mobile/15E148 Safari/604.1", "Safari · iPhone"),
    ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
     " Edg/131.0", "Edge · Windows"),
    ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox · Mac"),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36",
     "Chrome · Linux"),
    ("python-httpx/0.27.0", "python-httpx"),
    ("", ""),
])
def test_a_user_agent_reads_as_browser_and_system(agent: str, name: str) -> None:
    assert device_name(agent) == name


def test_the_rivals_score_comes_from_the_match_s_scores_by_side() -> None:
    assert rival_score(json.dumps([9, 15]), 0) == 15
    assert rival_score(json.dumps([9, 15]), 1) == 9
    assert rival_score(None, 0) is None


def test_history_profile_and_leaderboard_carry_the_shown_rating_its_change_and_the_rivals_score(server: Server) -> None:
    ana, beto = (sign_up(server, name) for name in ("ana", "beto"))
    db = server.app.state.accounts().db
    asyncio.run(record_match(db, finished("MATCH1", [ana, beto], (1,))))  # ana, at seat 0 with 15 of (15, 9), loses
    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])

    profile = server.client.get("/api/users/ana").json()
    record = profile["records"][0]
    assert (record["rating"], record["provisional"], record["rank"]) == (shown_rating(a.mu), True, 2)
    line = profile["matches"][0]
    assert line["rating_change"] == shown_rating(a.mu) - 1500 < 0
    assert line["rating_after"] == shown_rating(a.mu)
    assert (line["score"], line["rival_score"]) == (15, 9)
    board = server.client.get("/api/leaderboard?game=truco&format=1v1").json()["players"]
    assert [(p["username"], p["rating"], p["provisional"]) for p in board] == [
        ("beto", shown_rating(b.mu), True), ("ana", shown_rating(a.mu), True),
    ]


def test_the_sessions_name_their_device(server: Server) -> None:
    server.client.cookies.clear()
    headers = {"user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"}
    assert server.client.post(
        "/api/account/signup", json={"username": "dora", "password": "correct horse"}, headers=headers,
    ).status_code == 201
    [session] = server.client.get("/api/account/sessions").json()
    assert session["device"] == "Chrome · Android"
