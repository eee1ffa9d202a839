"""``GET /api/tables/CODE/analysis?seat=N``: only a finished match, a seat that exists, the analysis JSON with its
chart, run once per seat."""

from __future__ import annotations

import random

import pytest

from cartas.online import analysis as online_analysis
from online_helpers import Server
from test_random_play import play_randomly


def test_a_finished_table_serves_one_seats_analysis(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_analysis, "SAMPLES", 2)
    created = server.create("truco", "Ana", players=2, points=15)
    code = created["code"]
    server.bots(code, created["host_token"], [1])
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana = server.connect(code, created["token"])
    assert server.client.get(f"/api/tables/{code}/analysis?seat=0").status_code == 409  # not over yet
    play_randomly(server, code, {0: ana}, random.Random(7), 2000)
    ana.until("result")
    assert server.client.get(f"/api/tables/{code}/analysis?seat=2").status_code == 400
    assert server.client.get(f"/api/tables/{code}/analysis").status_code == 400
    response = server.client.get(f"/api/tables/{code}/analysis?seat=0")
    assert response.status_code == 200
    document = response.json()
    assert document["format"] == "cartas-analysis/1" and document["seat"] == 0 and document["samples"] == 2
    assert document["decisions"] and document["chart_svg"].startswith("<svg")
    again = server.client.get(f"/api/tables/{code}/analysis?seat=0").json()
    assert again == document
