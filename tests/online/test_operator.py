"""What an operator runs the server with: health and readiness, Prometheus metrics, JSON logs that keep every
secret out, and a graceful stop that tells the clients to reconnect."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
from online_helpers import Player, Server

from cartas.online.server.logs import JsonFormatter


def one_person(server: Server) -> tuple[str, dict]:  # type: ignore[type-arg]
    created = server.create("truco", "Ana", players=2, points=30)
    code = created["code"]
    server.bots(code, created["host_token"], [1])
    assert server.host(code, created["host_token"], "start").status_code == 200
    return code, created


def play(player: Player, moves: int) -> None:
    for _ in range(moves):
        view = player.my_turn()
        player.send({"type": "move", "action": 0, "v": view["v"]})
        player.until("ack")


def test_healthz_and_readyz_answer_and_readyz_says_why_it_is_not_ready(server: Server) -> None:
    assert server.client.get("/healthz").json() == {"status": "alive"}
    assert server.client.get("/readyz").json() == {"status": "ready"}
    metrics = server.app.state.settings.metrics
    metrics.last_write_failed = True
    answer = server.client.get("/readyz")
    assert answer.status_code == 503 and "refused the latest write" in answer.json()["reason"]
    metrics.last_write_failed = False
    server.hub().draining = True
    answer = server.client.get("/readyz")
    assert answer.status_code == 503 and answer.json()["reason"] == "shutting down"
    assert server.client.get("/healthz").status_code == 200


def metric(text: str, name: str) -> float:
    found = [line.split()[-1] for line in text.splitlines() if line.split(" ")[0] == name]
    assert len(found) == 1, f"{name} not exported once: {found}"
    return float(found[0])


def test_metrics_are_in_the_prometheus_format_with_moves_commits_and_gauges(server: Server) -> None:
    code, created = one_person(server)
    ana = server.connect(code, created["token"])
    play(ana, 3)
    ana.drain(0.1)
    answer = server.client.get("/metrics")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain; version=")
    text = answer.text
    stored = len(server.hub().store.sync.moves(code))
    assert metric(text, "cartas_moves_total") == stored >= 6  # the person's 3 and the bot's answers
    assert metric(text, "cartas_commit_seconds_count") == stored
    assert metric(text, "cartas_move_seconds_count") == 3
    assert metric(text, "cartas_loop_lag_seconds_count") >= 1
    assert metric(text, "cartas_tables_playing") == 1
    assert metric(text, "cartas_connections") == 1
    assert metric(text, "cartas_bot_queue") == 0
    assert code not in text and "Ana" not in text
    assert server.client.get("/api/metrics").json()["move_ms"]["n"] == 3  # the JSON figures stay


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("cartas")
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)


def test_json_logs_name_the_table_and_never_a_token_a_seed_or_a_move(server: Server, json_log: io.StringIO) -> None:
    code, created = one_person(server)
    joined = server.create("truco", "Beto", players=2)
    ana = server.connect(code, created["token"])
    play(ana, 4)
    ana.send({"type": "chat", "text": "hola"})
    ana.until("chat")
    server.connect(code, "not-a-token").receive()
    stored = server.hub().store.sync.moves(code)
    seed = server.table(code).row.seed
    lines = [json.loads(line) for line in json_log.getvalue().splitlines()]
    moved = [line for line in lines if line["message"].startswith(f"table {code}: move ")]
    assert len(moved) == len(stored) >= 8
    assert all(line["table"] == code and line["level"] == "debug" for line in moved)
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    text = json_log.getvalue()
    for secret in (created["token"], created["host_token"], joined["token"], joined["host_token"], str(seed)):
        assert secret not in text
    for _, action in stored:
        assert f'"{action}' not in text and f" {action}\"" not in text and f"{action}," not in text


def test_json_log_lines_carry_the_request_id_of_the_request_they_were_written_for() -> None:
    from cartas.online.server.logs import REQUEST

    record = logging.LogRecord("cartas.online", logging.INFO, __file__, 1, "table %s: %s", ("ABCD", "x"), None)
    assert json.loads(JsonFormatter().format(record))["table"] == "ABCD"
    assert "request_id" not in json.loads(JsonFormatter().format(record))
    token = REQUEST.set(("r1", None))  # written outside any task: the id is the request's
    try:
        assert json.loads(JsonFormatter().format(record))["request_id"] == "r1"
    finally:
        REQUEST.reset(token)


def test_a_request_gets_an_id_back_and_a_sane_one_of_its_own_is_kept(server: Server) -> None:
    assert len(server.client.get("/healthz").headers["x-request-id"]) == 12
    assert server.client.get("/healthz", headers={"X-Request-Id": "abc-123"}).headers["x-request-id"] == "abc-123"
    assert server.client.get("/healthz", headers={"X-Request-Id": "a b\x01"}).headers["x-request-id"] != "a b\x01"


def test_draining_tells_every_client_to_reconnect_and_refuses_new_tables(server: Server) -> None:
    code, created = one_person(server)
    ana = server.connect(code, created["token"])
    watcher = server.connect(code)
    play(ana, 2)
    closed = server.client.portal.call(server.app.state.drain)
    assert closed == 2
    for player in (ana, watcher):
        assert player.until("restart")["message"].startswith("the server is restarting")
        assert player.receive(2) is None and player.closed == 1012
    refused = server.client.post("/api/tables", json={"game": "truco", "name": "Caro"})
    assert refused.status_code == 503 and refused.json() == {"error": "the server is restarting; try again in a moment"}
    assert len(server.hub().store.sync.moves(code)) >= 4
