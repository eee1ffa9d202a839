"""Games that wait for you (cartas.online.game.turns) on a fake wall clock: a turn-based table is played over a
server restart and a simulated day, holds nothing in memory while nobody is connected, times out with the clock's
rules (a bot plays one decision at a casual table, the third time-out loses a rated one), is listed in "your
games" with the tables waiting for you first, is bounded per account, and is rated apart."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from online_helpers import Player, Server

sys.path.insert(0, str(Path(__file__).parent))
from clock_helpers import settle  # noqa: E402
from test_ratings import account, as_, matches, started_by_two  # noqa: E402

from cartas.online.game.turns import sweep_turns  # noqa: E402
from cartas.online.server.limits import Limits  # noqa: E402

DAY = 86400.0


class Wall:
    """Seconds since the epoch that move only when a test says so."""

    def __init__(self) -> None:
        self.at = 1_800_000_000.0

    def __call__(self) -> float:
        return self.at


def with_wall(server: Server, wall: Wall) -> None:
    server.hub().settings.wall = wall


def turn_table(server: Server, ana: str, beto: str, rated: bool = False) -> tuple[str, dict[int, str]]:
    """A started two-player truco, one day per decision: Ana (seat 0) and Beto (seat 1); their seat tokens."""
    code, created, token = started_by_two(server, ana, beto, turns=DAY, rated=rated)
    return code, {0: created["token"], 1: token}


def to_act(server: Server, code: str) -> int:
    state = server.table(code).state
    assert state is not None and len(state.to_act) == 1
    return int(state.to_act[0])


def play_one(server: Server, code: str, token: str) -> None:
    """The person holding ``token`` connects, makes their first legal move, and goes away."""
    player = server.connect(code, token)
    view = player.my_turn()
    player.send({"type": "move", "action": 0, "v": view["v"]})
    assert player.until("ack")["type"] == "ack"
    settle(server, code)
    server.close_all()
    gone(server, code)


def gone(server: Server, code: str) -> None:
    """Until the table has seen every connection go (the socket's end reaches it through its task)."""
    import time

    for _ in range(500):
        settle(server, code)
        if not server.table(code).connections:
            return
        time.sleep(0.01)
    raise AssertionError("a connection never went")


def run_job(server: Server) -> int:
    acted: int = server.client.portal.call(sweep_turns, server.hub())
    return acted


def turns_of(server: Server, cookie: str) -> list[dict[str, Any]]:
    as_(server, cookie)
    response = server.client.get("/api/account/turns")
    assert response.status_code == 200, response.text
    games: list[dict[str, Any]] = response.json()["games"]
    return games


def test_a_turn_based_table_is_played_over_a_restart_and_a_simulated_day(make_server: Any, tmp_path: Path) -> None:
    db = tmp_path / "turns.sqlite3"
    wall = Wall()
    first = make_server(db=db)
    with_wall(first, wall)
    ana, beto = account(first, "ana"), account(first, "beto")
    code, tokens = turn_table(first, ana, beto)
    cookies = {0: ana, 1: beto}
    seat = to_act(first, code)
    history = len(first.table(code).state.history)
    # "Your games": the one whose turn it is sees it first and marked; the other sees it waiting.
    mine = turns_of(first, cookies[seat])
    assert [(g["code"], g["your_turn"], g["deadline"]) for g in mine] == [(code, True, wall.at + DAY)]
    assert turns_of(first, cookies[1 - seat])[0]["your_turn"] is False
    play_one(first, code, tokens[seat])
    other = to_act(first, code)
    assert other == 1 - seat and turns_of(first, cookies[other])[0]["your_turn"] is True
    # Nobody is connected: no grace, no abandonment, and the deadline job drops the table from memory.
    wall.at += 3600
    assert run_job(first) == 0
    assert code not in first.hub().tables
    first.close_all()
    first.client.__exit__(None, None, None)

    second = make_server(db=db)
    with_wall(second, wall)
    assert code not in second.hub().tables  # a restart loads no turn-based table
    wall.at += DAY - 3600 - 1
    assert run_job(second) == 0 and code not in second.hub().tables  # not due yet: nothing loaded
    wall.at += 2  # the day is over: a bot plays that one decision for them, with nobody connected
    assert run_job(second) == 1
    settle(second, code)
    table = second.table(code)
    assert len(table.state.history) == history + 2 and table.state.history[-1][0] == other
    assert table.clocks.state.timeouts == [0, 0][:other] + [1] + [0, 0][other + 1:]
    assert table.row.status == "playing" and table.presence(other) != "bot"
    assert run_job(second) == 0 and code not in second.hub().tables  # idle again: forgotten
    # The person comes back: the table, its history and its clock are there.
    back = second.connect(code, tokens[seat])
    snapshot = back.until("snapshot") if back.last("snapshot") is None else back.last("snapshot")
    assert snapshot["clock"]["turns"] is True and snapshot["clock"]["seats"][other]["timeouts"] == 1
    assert snapshot["view"] is not None and len(second.table(code).state.history) == history + 2


def test_the_third_time_out_at_a_rated_turn_based_table_loses_and_is_rated_apart(server: Server) -> None:
    wall = Wall()
    with_wall(server, wall)
    ana, beto = account(server, "ana"), account(server, "beto")
    code, tokens = turn_table(server, ana, beto, rated=True)
    table = server.table(code)
    loser = to_act(server, code)
    winner = 1 - loser
    timeouts = 0
    for _ in range(200):
        if table.row.status != "playing":
            break
        table = server.client.portal.call(server.hub().get, code)  # loaded again when it was forgotten
        if to_act(server, code) == winner:
            play_one(server, code, tokens[winner])
            continue
        wall.at += DAY + 1
        assert run_job(server) == 1
        table = server.client.portal.call(server.hub().get, code)
        settle(server, code)
        timeouts += 1
    assert timeouts == 3 and table.row.status == "finished" and table.clocks.state.lost == loser
    cookies = {0: ana, 1: beto}
    mine = matches(server, cookies[winner])
    assert mine["matches"][0]["game"] == "truco/turns" and mine["matches"][0]["won"] is True
    assert turns_of(server, cookies[winner]) == []  # over: no longer among your games
    board = server.client.get("/api/leaderboard", params={"game": "truco/turns", "format": "1v1"}).json()
    assert len(board["players"]) == 2
    assert server.client.get("/api/leaderboard", params={"game": "truco", "format": "1v1"}).json()["players"] == []


@pytest.mark.parametrize("body", [{"turns": 60}, {"turns": 4 * DAY}, {"turns": "1d"}, {"turns": DAY, "clock": 15}])
def test_turns_outside_their_bounds_are_refused(server: Server, body: dict[str, Any]) -> None:
    as_(server, account(server, "ana"))
    response = server.client.post(
        "/api/tables", json={"game": "truco", "name": "Ana", "options": {"players": 2}, **body}
    )
    assert response.status_code == 400 and "\n" not in response.json()["error"]


def test_a_turn_based_table_needs_an_account_and_each_account_has_a_budget(make_server: Any) -> None:
    server = make_server(limits=Limits(turn_tables=2))
    body = {"game": "truco", "name": "Ana", "options": {"players": 2}, "turns": 3600}
    assert server.client.post("/api/tables", json=body).status_code == 401
    as_(server, account(server, "ana"))
    assert [server.client.post("/api/tables", json=body).status_code for _ in range(3)] == [201, 201, 429]
