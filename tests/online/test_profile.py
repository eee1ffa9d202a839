"""The public profile (/u/USERNAME): per game and format the matches, wins, losses and rating (mu ± sigma as
openskill computes it over the seeded rated matches), and the last matches with their match pages."""

from __future__ import annotations

import asyncio
from typing import Any

from online_helpers import Server
from openskill.models import PlackettLuce

from cartas.online.accounts.ratings import Finished, record_match


def sign_up(server: Server, name: str) -> str:
    server.client.cookies.clear()
    assert server.client.post("/api/account/signup", json={"username": name, "password": "correct horse"}).status_code == 201
    db = server.app.state.accounts().db
    return str(db.db.execute("SELECT id FROM accounts WHERE username = ?", (name,)).fetchone()[0])


def finished(code: str, seats: list[str], winners: tuple[int, ...], rated: bool = True) -> Finished:
    players = len(seats)
    teams = (0, 1, 0, 1) if players == 4 else None
    return Finished(
        code=code, game="truco", players=players, teams=teams, winners=winners,
        scores=(15, 9) if players == 2 else (30, 12), accounts=dict(enumerate(seats)),
        kinds={seat: "human" for seat in range(players)}, bot_share={}, rated_table=rated,
    )


def test_the_profile_counts_each_game_and_format_and_rates_as_openskill(server: Server) -> None:
    ana, beto, carla, dora = (sign_up(server, name) for name in ("ana", "beto", "carla", "dora"))
    seeded = [
        finished("MATCH1", [ana, beto], (0,)),
        finished("MATCH2", [ana, beto], (1,)),
        finished("MATCH3", [beto, ana], (1,)),
        finished("MATCH4", [ana, carla], (1,), rated=False),  # casual: counted, not rated
        finished("MATCH5", [ana, beto, carla, dora], (0, 2)),  # ana and carla (seats 0 and 2) win
    ]
    db = server.app.state.accounts().db
    for match in seeded:
        asyncio.run(record_match(db, match))

    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    for ana_won in (True, False, True):
        [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2] if ana_won else [2, 1])
    c, d, a2, b2 = model.rating(), model.rating(), model.rating(), model.rating()
    [[a2, c], [b2, d]] = model.rate([[a2, c], [b2, d]], ranks=[1, 2])

    response = server.client.get("/api/users/ANA")
    assert response.status_code == 200
    profile: dict[str, Any] = response.json()
    assert set(profile) == {"username", "display", "avatar", "created", "records", "matches"}
    assert profile["username"] == "ana" and profile["display"] == "ana"
    by_format = {(r["game"], r["format"]): r for r in profile["records"]}
    one = by_format[("truco", "1v1")]
    assert (one["matches"], one["wins"], one["losses"], one["rated"]) == (4, 2, 2, 3)
    assert (one["mu"], one["sigma"]) == (round(a.mu, 2), round(a.sigma, 2))
    two = by_format[("truco", "2v2")]
    assert (two["matches"], two["wins"], two["losses"], two["rated"]) == (1, 1, 0, 1)
    assert (two["mu"], two["sigma"]) == (round(a2.mu, 2), round(a2.sigma, 2))
    assert sorted(m["match"] for m in profile["matches"]) == [f"/t/MATCH{n}/match" for n in range(1, 6)]
    casual = next(m for m in profile["matches"] if m["code"] == "MATCH4")
    assert casual["rated"] is False and casual["change"] is None and casual["rivals"] == ["carla"] and not casual["won"]
    team = next(m for m in profile["matches"] if m["code"] == "MATCH5")
    assert team["partner"] == ["carla"] and sorted(team["rivals"]) == ["beto", "dora"] and team["won"]
    assert all("seat" not in m for m in profile["matches"])
    # Carla never played 1v1 rated: her casual win counts, with no rating.
    carla_1v1 = next(r for r in server.client.get("/api/users/carla").json()["records"] if r["format"] == "1v1")
    assert (carla_1v1["matches"], carla_1v1["wins"], carla_1v1["losses"], carla_1v1["mu"]) == (1, 1, 0, None)


def test_no_profile_for_an_unknown_or_disabled_account_and_the_page_is_served(server: Server) -> None:
    sign_up(server, "ana")
    assert server.client.get("/api/users/nobody").status_code == 404
    db = server.app.state.accounts().db
    db.db.execute("UPDATE accounts SET disabled = 1 WHERE username = 'ana'")
    assert server.client.get("/api/users/ana").status_code == 404
    page = server.client.get("/u/ana")
    assert page.status_code == 200 and "/static/profile.js" in page.text
