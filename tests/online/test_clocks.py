"""Clocks at the online table (cartas.online.game.clock) on a fake clock: the reserve is spent before a timeout, a
casual timeout lets a bot make exactly one decision, the third timeout at a rated table loses the match on time
and moves the ratings, the clock survives a restart, the option is bounded, and the frames carry the time left."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from online_helpers import Player, Server

sys.path.insert(0, str(Path(__file__).parent))
from clock_helpers import FakeTimers, advance, settle, with_fake_clock  # noqa: E402
from test_ratings import account, as_, matches  # noqa: E402

from cartas.online.accounts.ratings import MODEL, Finished, new_ratings  # noqa: E402
from cartas.online.store.sqlite import SQLiteStore  # noqa: E402
from cartas.online.store.tables import SeatRow, TableRow  # noqa: E402


def clocked_table(server: Server, clock: Any = 15, reserve: Any = 30) -> tuple[str, dict[int, Player]]:
    """A started two-player truco with a clock, Ana at seat 0 and Beto at seat 1, both connected."""
    created = server.create("truco", "Ana", players=2, points=15, _body={"clock": clock, "reserve": reserve})
    code = created["code"]
    beto = server.join(code, "Beto")
    assert server.host(code, created["host_token"], "start").status_code == 200
    people = {0: server.connect(code, created["token"]), 1: server.connect(code, beto["token"])}
    settle(server, code)
    return code, people


def last_clock(player: Player) -> dict[str, Any]:
    player.drain(0.02)
    found = player.last("clock")
    assert found is not None, [f["type"] for f in player.frames]
    return found


def to_act(server: Server, code: str) -> int:
    state = server.table(code).state
    assert state is not None and len(state.to_act) == 1
    return int(state.to_act[0])


def move(server: Server, code: str, player: Player) -> None:
    """``player`` makes its first legal move and it is acknowledged."""
    view = player.my_turn()
    player.send({"type": "move", "action": 0, "v": view["v"]})
    assert player.until("ack")["type"] == "ack"
    settle(server, code)


def test_the_reserve_is_spent_before_the_timeout_and_the_frames_carry_the_time_left(server: Server) -> None:
    timers = with_fake_clock(server)
    code, people = clocked_table(server, clock=15, reserve=30)
    seat = to_act(server, code)
    frame = last_clock(people[0])
    assert frame["running"] == [seat] and frame["turn"] == 15 and frame["reserve"] == 30
    assert frame["seats"][seat] == {"left": 15, "reserve": 30, "timeouts": 0, "running": True, "bot": False}
    assert timers.live() == 1  # one timer for the one running decision, nothing else
    advance(server, timers, 20)  # 5 s into the reserve: no timeout yet
    settle(server, code)
    watcher = server.connect(code)  # a spectator arriving now is told the time left
    assert last_clock(watcher)["seats"][seat] == {"left": 0, "reserve": 25, "timeouts": 0, "running": True, "bot": False}
    history = len(server.table(code).state.history)
    move(server, code, people[seat])
    table = server.table(code)
    assert len(table.state.history) == history + 1 and table.decisions[seat] == [1, 0]
    frame = last_clock(people[1 - seat])
    assert frame["seats"][seat]["reserve"] == 25 and frame["seats"][seat]["timeouts"] == 0
    assert frame["running"] == [to_act(server, code)]
    assert timers.live() == 1  # the mover's timer was cancelled, the next decision's set
    stored = server.client.portal.call(table.store.load_table, code)
    assert stored.clock["reserves"][seat] == 25  # committed with the move


def waiting_on_a_clock(server: Server, reserve: float) -> tuple[FakeTimers, str, dict[int, Player], Any, int, int]:
    """A clocked table (15 s a decision, ``reserve`` over the match) on a fake clock, the seat to act and the
    length of the history before anyone plays: ``(timers, code, people, table, seat, history)``."""
    timers = with_fake_clock(server)
    code, people = clocked_table(server, clock=15, reserve=reserve)
    table = server.table(code)
    return timers, code, people, table, to_act(server, code), len(table.state.history)


def test_a_casual_timeout_makes_the_bot_play_exactly_one_decision(server: Server) -> None:
    timers, code, people, table, seat, history = waiting_on_a_clock(server, reserve=30)
    advance(server, timers, 44.9)
    settle(server, code)
    assert len(table.state.history) == history  # 15 + 30 seconds are not over yet
    advance(server, timers, 0.2)
    settle(server, code)
    timeout = people[1 - seat].last("timeout") or people[1 - seat].until("timeout")
    assert timeout["seat"] == seat and timeout["count"] == 1 and timeout["limit"] is None and not timeout["lost"]
    assert len(table.state.history) == history + 1 and table.state.history[-1][0] == seat
    assert table.decisions[seat] == [1, 0]  # the bot's move counts as the person's timed-out decision
    assert table.bot_turn == set() and seat not in table.takeover and table.presence(seat) == "online"
    # The seat is the person's again: when it is its turn next, no bot plays, and its clock runs without reserve.
    while to_act(server, code) != seat:
        move(server, code, people[to_act(server, code)])
    frame = last_clock(people[seat])
    assert frame["running"] == [seat]
    assert frame["seats"][seat] == {"left": 15, "reserve": 0, "timeouts": 1, "running": True, "bot": False}
    made = len(table.state.history)
    advance(server, timers, 14)
    settle(server, code)
    assert len(table.state.history) == made  # nobody played for them
    move(server, code, people[seat])
    assert table.decisions[seat][0] >= 2


def rated_clock_table(server: Server, **extra: Any) -> tuple[str, str, str, dict[int, Player]]:
    """A started rated two-player truco on a 15 s clock with 10 s of reserve (and ``extra`` in the creation's
    body): Ana's and Beto's cookies, the code, and each seat's connection, settled."""
    ana, beto = account(server, "ana"), account(server, "beto")
    as_(server, ana)
    body = {"game": "truco", "name": "Ana", "options": {"players": 2, "points": 15}, "rated": True,
            "clock": 15, "reserve": 10, **extra}
    created = server.client.post("/api/tables", json=body).json()
    code = created["code"]
    as_(server, beto)
    joined = server.client.post(f"/api/tables/{code}/join", json={}).json()
    assert server.host(code, created["host_token"], "start").status_code == 200
    people = {0: server.connect(code, created["token"]), 1: server.connect(code, joined["token"])}
    settle(server, code)
    return ana, beto, code, people


def test_the_third_timeout_at_a_rated_table_loses_the_match_and_moves_the_ratings(server: Server) -> None:
    timers = with_fake_clock(server)
    ana, beto, code, people = rated_clock_table(server)
    table = server.table(code)
    loser = to_act(server, code)
    winner = 1 - loser
    timeouts = 0
    for _ in range(200):
        if table.row.status != "playing":
            break
        if to_act(server, code) == winner:
            move(server, code, people[winner])
            continue
        advance(server, timers, 25 if timeouts == 0 else 15)  # the reserve goes with the first timeout
        settle(server, code)
        timeouts += 1
    assert timeouts == 3 and table.row.status == "finished" and not table.state.is_over
    result = people[winner].last("result") or people[winner].until("result")
    assert result["winners"] == [winner] and result["lost_on_time"] == loser
    said = [f for f in people[winner].frames if f["type"] == "timeout"]
    assert [(f["count"], f["limit"], f["lost"]) for f in said] == [(1, 3, False), (2, 3, False), (3, 3, True)]
    assert table.decisions[loser][1] == 0  # a timed-out decision is not a bot's: the match stays rated
    # The ratings move as openskill computes a loss for the loser's account.
    cookies = {0: ana, 1: beto}
    mine = matches(server, cookies[winner])
    assert mine["matches"][0]["rated"] is True and mine["matches"][0]["won"] is True
    accounts = {0: "a", 1: "b"}
    expected = new_ratings(
        Finished(code, "truco", 2, None, (winner,), (0, 0), accounts, dict.fromkeys(range(2), "human"), {}, True), {}
    )
    change = round(expected[accounts[winner]][0] - MODEL.mu, 2)
    assert mine["matches"][0]["change"] == change and change > 0
    theirs = matches(server, cookies[loser])
    assert theirs["matches"][0]["won"] is False and theirs["matches"][0]["change"] == -change
    # A move after the loss is refused, and no timer is left.
    assert timers.live() == 0
    record = server.client.get(f"/api/tables/{code}/record").json()
    assert record["winners"] == [winner] and record["finished"] is False


def test_a_clock_survives_a_restart(make_server: Any, tmp_path: Path) -> None:
    db = tmp_path / "clocks.sqlite3"
    first = make_server(db=db)
    timers = with_fake_clock(first)
    code, people = clocked_table(first, clock=15, reserve=30)
    seat = to_act(first, code)
    advance(first, timers, 27)  # 12 s of the reserve spent, committed with the move
    settle(first, code)
    move(first, code, people[seat])
    other = to_act(first, code)
    advance(first, timers, 10)  # the next decision had run 10 s when the server stopped: not committed
    first.close_all()
    first.client.__exit__(None, None, None)
    second = make_server(db=db)
    table = second.client.portal.call(second.hub().get, code)
    assert table.clocks is not None and table.clocks.state.reserves == [30, 30][:seat] + [18] + [30, 30][seat + 1:]
    watcher = second.connect(code)
    frame = last_clock(watcher)
    assert frame["running"] == [other] and frame["seats"][seat]["reserve"] == 18
    assert frame["seats"][other]["reserve"] == 30 and frame["seats"][other]["left"] > 14  # its time starts again


def test_the_clock_round_trips_through_the_store(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "store.sqlite3")
    clock = {"turn": 30.0, "reserve": 60.0, "reserves": [60.0, 60.0], "timeouts": [0, 0], "lost": None}
    store.create_table(TableRow("ABCD", "truco", {}, 1, "playing", 60, "easy", "h", "now", seats=[SeatRow(0)],
                                clock=clock))
    assert store.load_table("ABCD").clock == clock
    store.add_move("ABCD", 0, 0, "play 1E", 1, None, '{"turn": 30.0, "reserve": 60.0, "reserves": [41.5, 60.0],'
                   ' "timeouts": [0, 0], "lost": null}')
    assert store.load_table("ABCD").clock["reserves"] == [41.5, 60.0]
    store.add_move("ABCD", 1, 1, "play 2E", 2, None)  # no clock given: the stored one stays
    assert store.load_table("ABCD").clock["reserves"] == [41.5, 60.0]
    store.save_clock("ABCD", '{"turn": 30.0, "reserve": 60.0, "reserves": [0, 60.0], "timeouts": [3, 0], "lost": 0}',
                     5, "2026-11-26T02:00:00Z")
    row = store.load_table("ABCD")
    assert row.clock["lost"] == 0 and row.status == "finished" and row.version == 5
    assert store.load_table("ABCD").finished == "2026-11-26T02:00:00Z"
    store.close()


@pytest.mark.parametrize(("clock", "reserve", "message"), [
    (3, None, "clock must be 0 (none) or from 5 to 300 seconds per decision"),
    (301, None, "clock must be 0 (none) or from 5 to 300 seconds per decision"),
    ("30", None, "clock must be a number of seconds"),
    (True, None, "clock must be a number of seconds"),
    (30, 601, "reserve must be from 0 to 600 seconds"),
    (30, -1, "reserve must be from 0 to 600 seconds"),
    (None, 30, "a reserve needs a clock: give clock, the seconds per decision"),
    (0, 30, "a reserve needs a clock: give clock, the seconds per decision"),
])
def test_a_clock_outside_its_bounds_is_refused_with_one_line(server: Server, clock: Any, reserve: Any,
                                                              message: str) -> None:
    body: dict[str, Any] = {"game": "truco", "name": "Ana", "options": {"players": 2}}
    if clock is not None:
        body["clock"] = clock
    if reserve is not None:
        body["reserve"] = reserve
    before = server.client.get("/api/tables").json()
    response = server.client.post("/api/tables", json=body)
    assert response.status_code == 400 and response.json()["error"] == message
    assert server.client.get("/api/tables").json() == before  # nothing was created


def test_a_table_without_a_clock_sends_no_clock_and_sets_no_timer(server: Server) -> None:
    timers = with_fake_clock(server)
    created = server.create("truco", "Ana", players=2)
    info = server.client.get(f"/api/tables/{created['code']}").json()
    assert info["clock"] is None
    code, people = clocked_table(server, clock=0, reserve=None)
    assert people[0].last("clock") is None and timers.live() == 0
    assert server.client.get(f"/api/tables/{code}").json()["clock"] is None


def test_bots_have_no_clock(server: Server) -> None:
    timers: FakeTimers = with_fake_clock(server)
    created = server.create("truco", "Ana", players=2, _body={"clock": 30})
    code = created["code"]
    server.bots(code, created["host_token"], [1])
    assert server.host(code, created["host_token"], "start").status_code == 200
    ana = server.connect(code, created["token"])
    settle(server, code)
    frame = last_clock(ana)
    assert frame["seats"][1] is None and frame["seats"][0]["reserve"] == 60  # the default reserve
    assert frame["running"] in ([0], [])
    assert timers.live() == len(frame["running"])


def test_at_a_rated_table_the_clock_not_the_grace_acts_for_an_absent_person(server: Server) -> None:
    timers = with_fake_clock(server)
    ana, beto, code, people = rated_clock_table(server, grace=0)
    table = server.table(code)
    away = to_act(server, code)
    people[away].session.__exit__(None, None, None)  # gone, with a grace of 0 seconds
    for _ in range(3):
        settle(server, code)
    assert table.presence(away) == "away" and away not in table.takeover  # no bot took the seat
    history = len(table.state.history)
    frame = last_clock(people[1 - away])
    assert frame["running"] == [away] and frame["seats"][away]["running"]  # the absent person's clock runs
    advance(server, timers, 25)
    settle(server, code)
    timeout = people[1 - away].last("timeout") or people[1 - away].until("timeout")
    assert timeout["seat"] == away and timeout["count"] == 1 and timeout["limit"] == 3
    assert len(table.state.history) == history + 1 and away not in table.takeover


def test_at_a_casual_table_the_grace_still_hands_an_absent_seat_to_a_bot_and_stops_its_clock(server: Server) -> None:
    timers = with_fake_clock(server)
    created = server.create("truco", "Ana", players=2, points=15, _body={"clock": 15, "reserve": 10, "grace": 0})
    code = created["code"]
    beto = server.join(code, "Beto")
    assert server.host(code, created["host_token"], "start").status_code == 200
    people = {0: server.connect(code, created["token"]), 1: server.connect(code, beto["token"])}
    settle(server, code)
    table = server.table(code)
    away = to_act(server, code)
    people[away].session.__exit__(None, None, None)
    for _ in range(3):
        settle(server, code)
    assert away in table.takeover and table.presence(away) == "bot"
    assert away not in table.clocks.running  # bots have no clock
    assert timers.live() <= 1 and not [f for f in people[1 - away].frames if f["type"] == "timeout"]


def test_a_timeout_the_store_refuses_is_undone_and_comes_back(server: Server) -> None:
    timers, code, people, table, seat, history = waiting_on_a_clock(server, reserve=0)
    version = table.version

    async def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    table.store.save_clock = full_disk
    advance(server, timers, 15)
    settle(server, code)
    assert table.clocks.state.timeouts[seat] == 0 and table.version == version and table.bot_turn == set()
    assert len(table.state.history) == history and seat in table.clocks.running  # its clock runs again
    assert not [f for f in people[1 - seat].frames if f["type"] == "timeout"]  # nothing was said
    del table.store.save_clock  # the disk has room again
    advance(server, timers, 15)
    settle(server, code)
    assert table.clocks.state.timeouts[seat] == 1 and len(table.state.history) == history + 1
