"""``POST`` then ``GET /api/tables/CODE/analysis?seat=N``: only a finished match, a seat that exists; 202 with the
place in line or the progress while it waits or runs (one decision at a time, off the loop), then the analysis JSON
with its chart, the same as ``cartas analyze`` computes, run once per seat, rate-limited per address, per asker and
on the server; a GET never starts a run, a cross-site POST is refused, a run nobody waits for is cancelled."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from cartas.core.analysis import analyse, to_json
from cartas.online.analysis import service as online_analysis
from cartas.online.server.limits import Limits, Rate
from cartas.online.game.views import writing
from online_helpers import Server
from test_random_play import play_randomly


def finished_table(server: Server, seed: int = 7) -> str:
    created = server.create("truco", "Ana", players=2, points=15)
    code = created["code"]
    server.bots(code, created["host_token"], [1])
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana = server.connect(code, created["token"])
    play_randomly(server, code, {0: ana}, random.Random(seed), 2000)
    ana.until("result")
    return str(code)


def until_done(server: Server, path: str, bound: float = 120.0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Poll ``path`` (as the page does) until the analysis is there; the document and the progress seen."""
    seen = []
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        response = server.client.get(path)
        if response.status_code == 200:
            return response.json(), seen
        assert response.status_code == 202, response.text
        seen.append(response.json())
        time.sleep(0.05)
    raise AssertionError(f"the analysis took more than {bound} s")


def test_a_finished_table_serves_one_seats_analysis(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_analysis, "SAMPLES", 2)
    created = server.create("truco", "Ana", players=2, points=15)
    code = created["code"]
    server.bots(code, created["host_token"], [1])
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana = server.connect(code, created["token"])
    assert server.client.post(f"/api/tables/{code}/analysis?seat=0").status_code == 409  # not over yet
    play_randomly(server, code, {0: ana}, random.Random(7), 2000)
    ana.until("result")
    assert server.client.post(f"/api/tables/{code}/analysis?seat=2").status_code == 400
    assert server.client.post(f"/api/tables/{code}/analysis").status_code == 400
    assert server.client.get(f"/api/tables/{code}/analysis?seat=0").status_code == 404  # never asked
    assert server.client.get(f"/api/tables/{code}/analysis?seat=0").status_code == 404  # and a GET never starts it
    assert server.client.post(f"/api/tables/{code}/analysis?seat=0").status_code == 202
    document, progress = until_done(server, f"/api/tables/{code}/analysis?seat=0&lang=en")
    assert progress and progress[0]["status"] == "running"
    assert all(p["total"] is None or 0 <= p["done"] <= p["total"] for p in progress)
    assert document["format"] == "cartas-analysis/1" and document["seat"] == 0 and document["samples"] == 2
    assert document["decisions"] and document["chart_svg"].startswith("<svg")
    assert document["mark_words"]["blunder"] == "blunder"
    again = server.client.get(f"/api/tables/{code}/analysis?seat=0&start=0&lang=en")
    assert again.status_code == 200 and again.json() == document  # cached: no second run
    spanish = server.client.get(f"/api/tables/{code}/analysis?seat=0&lang=es").json()
    assert spanish["mark_words"]["blunder"] == "error grave"
    assert [d["played"] for d in spanish["decisions"]] == [d["played"] for d in document["decisions"]]


def test_the_chunked_run_values_every_decision_as_analyse_does(registry: Any) -> None:
    """The server's decision-by-decision run and the terminal's single pass give the same document."""
    game = registry.game("truco")
    state = game.start({"points": 15}, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    from cartas.core.record import record_of

    record = record_of(state, {0: "human", 1: "random"})
    chunked = online_analysis.analysis_json(registry, record.model_dump_json(), 0, 2)
    with writing(game):  # the table's language, as the server writes
        whole = to_json(game, analyse(game, record, 0, samples=2))
    for name in ("decisions", "hands", "match", "start_chance"):
        assert chunked[name] == whole[name]


def test_starting_analyses_is_rate_limited_per_address(make_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_analysis, "SAMPLES", 1)
    server = make_server(limits=Limits(analyses=Rate(burst=1, per_minute=1)))
    code = finished_table(server)
    assert server.client.post(f"/api/tables/{code}/analysis?seat=0").status_code == 202
    refused = server.client.post(f"/api/tables/{code}/analysis?seat=1")
    assert refused.status_code == 429 and "analyses" in refused.json()["error"] and refused.headers["retry-after"]
    assert server.client.get(f"/api/tables/{code}/analysis?seat=0").status_code in (200, 202)  # reading is free


def test_a_get_never_starts_a_run_and_a_cross_site_post_is_refused(server: Server) -> None:
    code = finished_table(server)
    path = f"/api/tables/{code}/analysis?seat=0"
    for _ in range(3):
        assert server.client.get(path).status_code == 404
    assert server.client.get(path, headers={"origin": "https://evil.example"}).status_code == 404
    refused = server.client.post(path, headers={"origin": "https://evil.example"})
    assert refused.status_code == 403
    assert server.client.get(path).status_code == 404  # nothing started


def test_one_line_per_server_and_per_asker(make_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs wait in line (their place told to every reader), one asker has at most PER_ASKER of them, and the
    server starts at most ``all_analyses`` whatever the addresses."""
    monkeypatch.setattr(online_analysis, "MAX_RUNNING", 0)  # nothing leaves the line: the places stay put
    server = make_server(limits=Limits(analyses=Rate(burst=10, per_minute=10), all_analyses=Rate(burst=2, per_minute=1)))
    first, second = finished_table(server, 7), finished_table(server, 8)
    answers = [server.client.post(f"/api/tables/{first}/analysis?seat={seat}") for seat in (0, 1)]
    assert [a.json() for a in answers] == [{"status": "queued", "position": n} for n in (1, 2)]
    assert server.client.get(f"/api/tables/{first}/analysis?seat=1").json() == {"status": "queued", "position": 2}
    mine = server.client.post(f"/api/tables/{second}/analysis?seat=0")
    assert mine.status_code == 429 and mine.headers["retry-after"]  # two already, from this address
    monkeypatch.setattr(online_analysis, "PER_ASKER", 5)
    everyone = server.client.post(f"/api/tables/{second}/analysis?seat=0", headers={"accept-language": "es"})
    assert everyone.status_code == 429 and "servidor" in everyone.json()["error"]  # the server's two are spent


def test_a_run_nobody_waits_for_is_cancelled(make_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_analysis, "SAMPLES", 1)
    monkeypatch.setattr(online_analysis, "ABANDONED_AFTER", 0.0)
    server = make_server()
    code = finished_table(server)
    assert server.client.post(f"/api/tables/{code}/analysis?seat=0").status_code == 202
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        time.sleep(0.2)
        if server.client.get(f"/api/tables/{code}/analysis?seat=0").status_code == 404:
            return  # cancelled between two decisions, not cached, nothing running
    raise AssertionError("the abandoned run went on")


def test_analyses_never_run_in_the_bot_pool(monkeypatch: pytest.MonkeyPatch, registry: Any) -> None:
    """With the bot process pool (the server), the analyses get a pool of their own, never the bots'."""
    made: list[object] = []

    def own_pool() -> Any:
        made.append(object())
        return made[-1]

    monkeypatch.setattr(online_analysis, "analysis_pool", own_pool)

    class Bots:
        pool = object()

    analyses = online_analysis.Analyses(registry, Bots())
    assert analyses.pool is made[0] and analyses.pool is not Bots.pool
    assert online_analysis.Analyses(registry, object()).pool is None  # the inline runner: a worker thread


def test_the_analysis_worker_runs_at_a_lower_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[int] = []
    monkeypatch.setattr(online_analysis.os, "nice", told.append)
    monkeypatch.setattr(online_analysis.bot_pool, "worker_registry", lambda: None)
    online_analysis._start_worker()
    assert told == [online_analysis.NICENESS] and online_analysis.NICENESS > 0
