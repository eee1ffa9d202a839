"""Two people queueing together as partners for 4-player truco (issue 30, quick play): the party is one entry of
the queue, never split, seated on one side, with the other side filled by rating; the queue's lock holds when
several processes join and pair at once."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from online_helpers import Server

from cartas.online.store.db import SQLiteRunner
from cartas.online.quickplay.parties import Parties
from cartas.online.quickplay.queue import QuickPlay, Waiting, groups_of, seat_plan
from cartas.online.store.sqlite import SQLiteStore

FOUR = {"game": "truco", "players": 4, "options": {"points": 15}}
TRUCO_TEAMS = (0, 1, 0, 1)


def post(server: Server, body: dict[str, Any], status: int = 201) -> dict[str, Any]:
    response = server.client.post("/api/quickplay", json=body)
    assert response.status_code == status, response.text
    found: dict[str, Any] = response.json()
    return found


def poll(server: Server, ticket: str) -> dict[str, Any]:
    response = server.client.get("/api/quickplay", headers={"Authorization": f"Bearer {ticket}"})
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def sign_up(server: Server, name: str) -> None:
    server.client.cookies.clear()
    assert server.client.post("/api/account/signup", json={"username": name, "password": "correct horse"}).status_code == 201


def test_a_pair_and_two_people_alone_make_one_table_with_the_pair_on_one_side(server: Server) -> None:
    server.client.cookies.clear()
    made = post(server, {**FOUR, "name": "Ana", "partner": True})
    assert made["invite"] == f"/play?party={made['party']}"
    waiting = poll(server, made["ticket"])
    assert waiting["status"] == "party" and waiting["from"] == "Ana" and waiting["players"] == 4
    shown = server.client.get(f"/api/quickplay/party/{made['party']}").json()
    assert shown["from"] == "Ana" and shown["options"] == {"points": 15} and "ticket" not in shown
    carla = post(server, {**FOUR, "name": "Carla"})["ticket"]
    beto = post(server, {"party": made["party"], "name": "Beto"})["ticket"]
    assert poll(server, carla)["status"] == "waiting"  # three people: one seat short
    dora = post(server, {**FOUR, "name": "Dora"})["ticket"]
    seated = {name: poll(server, ticket) for name, ticket in
              (("Ana", made["ticket"]), ("Beto", beto), ("Carla", carla), ("Dora", dora))}
    assert {s["status"] for s in seated.values()} == {"seated"}
    assert len({s["code"] for s in seated.values()}) == 1
    assert {seated["Ana"]["seat"], seated["Beto"]["seat"]} == {0, 2}  # truco's partners sit across: one side
    assert {seated["Carla"]["seat"], seated["Dora"]["seat"]} == {1, 3}
    info = server.client.get(f"/api/tables/{seated['Ana']['code']}").json()
    at = [s["name"] for s in info["seats"]]
    assert info["status"] == "playing" and at[0] == "Ana" and at[2] == "Beto" and {at[1], at[3]} == {"Carla", "Dora"}


def test_an_invitation_by_username_is_listed_for_that_account_and_only_it_accepts(server: Server) -> None:
    sign_up(server, "beto")
    sign_up(server, "carla")
    sign_up(server, "ana")
    made = post(server, {**FOUR, "partner": "Beto"})
    assert server.client.get("/api/quickplay/invitations").json() == []
    server.client.post("/api/account/logout")
    assert server.client.post("/api/account/login", json={"username": "carla", "password": "correct horse"}).status_code == 200
    refused = server.client.post("/api/quickplay", json={"party": made["party"]})
    assert refused.status_code == 403 and "another player" in refused.json()["error"]
    server.client.post("/api/account/logout")
    assert server.client.post("/api/account/login", json={"username": "beto", "password": "correct horse"}).status_code == 200
    listed = server.client.get("/api/quickplay/invitations").json()
    assert [(i["party"], i["from"]) for i in listed] == [(made["party"], "ana")]
    accepted = post(server, {"party": made["party"]})
    assert poll(server, accepted["ticket"])["status"] == "waiting"
    assert poll(server, made["ticket"])["status"] == "waiting"
    again = server.client.post("/api/quickplay", json={"party": made["party"]})
    assert again.status_code == 409
    assert post(server, {**FOUR, "partner": "nobody-here"}, status=404)["error"].startswith("no player")
    assert "two teams of two" in post(server, {"game": "truco", "players": 2, "partner": True}, status=400)["error"]


def test_when_one_partner_leaves_the_queue_the_other_is_told_the_party_closed(server: Server) -> None:
    server.client.cookies.clear()
    made = post(server, {**FOUR, "name": "Ana", "partner": True})
    beto = post(server, {"party": made["party"], "name": "Beto"})["ticket"]
    assert server.client.delete("/api/quickplay", headers={"Authorization": f"Bearer {beto}"}).status_code == 200
    assert poll(server, made["ticket"]) == {"status": "closed", "party": made["party"]}
    assert server.client.get("/api/quickplay", headers={"Authorization": f"Bearer {beto}"}).status_code == 404
    lone = post(server, {**FOUR, "name": "Eva", "partner": True})
    assert server.client.delete("/api/quickplay", headers={"Authorization": f"Bearer {lone['ticket']}"}).status_code == 200
    assert post(server, {"party": lone["party"], "name": "Fede"}, status=404)["error"].startswith("no such party")


def person(name: str, rating: float, joined: float = 0.0, party: str | None = None,
           bots_after: float | None = None) -> Waiting:
    return Waiting(name, "s", "truco", {}, 4, name, None, rating, bots_after, joined, party)


def names(groups: list[list[Waiting]]) -> list[list[str]]:
    return [[p.name for p in group] for group in groups]


def test_the_pair_is_rated_as_a_team_and_seated_on_one_side() -> None:
    # The pair's per-player rating is the mean of its two (openskill's team mu, 40 + 20, per player): 30.
    pair = [person("a", 40.0, party="P"), person("b", 20.0, party="P")]
    near, far = [person("c", 29.0), person("d", 31.0)], [person("e", 45.0), person("f", 46.0)]
    groups = groups_of(pair + far + near, 10.0)
    assert names(groups) == [["c", "a", "b", "d"]]  # e and f (45, 46) are 15 from the pair: out of the window
    group = groups[0]
    plan = seat_plan(group, 4, TRUCO_TEAMS)
    side = {p.name: TRUCO_TEAMS[seat] for p, seat in zip(group, plan, strict=True)}
    assert side["a"] == side["b"] != side["c"] == side["d"] and sorted(plan) == [0, 1, 2, 3]
    # Two pairs face each other; a pair alone who accepts bots gets both rival seats as bots.
    two = groups_of([*pair, person("x", 30.0, party="Q"), person("y", 30.0, party="Q")], 0.0)
    assert len(two) == 1 and sorted(seat_plan(two[0], 4, TRUCO_TEAMS)) == [0, 1, 2, 3]
    alone = groups_of([person("a", 25.0, party="P", bots_after=0), person("b", 25.0, party="P", bots_after=0)], 1.0)
    assert names(alone) == [["a", "b"]] and seat_plan(alone[0], 4, TRUCO_TEAMS) == [0, 2]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 50), st.booleans(), st.floats(0, 30)), min_size=1, max_size=14))
def test_a_pair_is_never_split_and_nobody_is_seated_twice(spec: list[tuple[float, bool, float]]) -> None:
    waiting: list[Waiting] = []
    for n, (rating, paired, joined) in enumerate(spec):
        if paired:
            waiting += [person(f"p{n}a", rating, joined, f"P{n}"), person(f"p{n}b", 50 - rating, joined, f"P{n}")]
        else:
            waiting.append(person(f"s{n}", rating, joined))
    groups = groups_of(waiting, 30.0)
    seated = [p.ticket_hash for group in groups for p in group]
    assert len(seated) == len(set(seated))
    for group in groups:
        assert len(group) == 4
        parties = [p.party for p in group if p.party is not None]
        assert all(parties.count(code) == 2 for code in parties)  # both partners, or neither
        plan = seat_plan(group, 4, TRUCO_TEAMS)
        assert sorted(plan) == [0, 1, 2, 3]
        for code in set(parties):
            assert len({TRUCO_TEAMS[s] for p, s in zip(group, plan, strict=True) if p.party == code}) == 1


def test_the_queue_lock_holds_when_two_processes_join_and_pair_at_once(tmp_path: Path) -> None:
    """Two queues over two connections to one SQLite file (two server processes), each in its own thread,
    queue parties and people alone and run pairing passes at the same time: nobody is seated twice, every
    table has four people, and each party's two are at one table."""
    path = tmp_path / "queue.sqlite3"
    SQLiteStore(path).db.close()
    seated: list[tuple[str, list[Waiting]]] = []
    lock = threading.Lock()
    errors: list[BaseException] = []

    def process(name: str) -> None:
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        db.execute("PRAGMA journal_mode = WAL")

        async def seat_group(group: list[Waiting]) -> list[tuple[str, int, str]]:
            with lock:
                seated.append((name, group))
            return [(f"{name}{len(seated)}", seat, "t") for seat in range(len(group))]

        async def work() -> None:
            queue = QuickPlay(SQLiteRunner(db), seat_group)
            parties = Parties(queue)
            for n in range(12):
                if n % 3 == 0:
                    made = await parties.create("truco", {}, 4, f"{name}L{n}", None, None, None)
                    party = await parties.by_code(made["party"])
                    await parties.accept(party, f"{name}M{n}", None, (25.0, 25.0))
                else:
                    await queue.join("truco", {}, 4, f"{name}S{n}", None, 25.0, None)
                await queue.pair()
            for _ in range(5):
                await queue.pair()

        try:
            asyncio.run(work())
        except BaseException as problem:  # noqa: BLE001 - reported by the test below
            errors.append(problem)
        finally:
            db.close()

    threads = [threading.Thread(target=process, args=(name,)) for name in ("A", "B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    everyone = [p.ticket_hash for _, group in seated for p in group]
    assert len(everyone) == len(set(everyone))
    assert all(len(group) == 4 for _, group in seated)
    # 2 processes x (4 parties of 2 + 8 alone) = 32 people: eight tables, nobody left waiting.
    assert len(everyone) == 32
    for _, group in seated:
        parties = [p.party for p in group if p.party is not None]
        assert all(parties.count(code) == 2 for code in parties)


def test_invitations_from_one_address_are_limited(server: Server) -> None:
    server.client.cookies.clear()
    for n in range(5):
        post(server, {**FOUR, "name": f"Ana{n}", "partner": True})
    refused = post(server, {**FOUR, "name": "Ana5", "partner": True}, status=429)
    assert "too many invitations" in refused["error"]
    assert post(server, {**FOUR, "name": "Alone"})["ticket"]  # looking for a game alone is not an invitation
