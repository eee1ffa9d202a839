"""Quick play within a budget: each ticket takes a table from the address's table budget, an address has a few
tickets waiting at most, and a quick-play match nobody ever connects to leaves nothing behind after its grace
(no record file, no row)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cartas.online.game.expiry import sweep
from cartas.online.server.limits import Limits, Rate

SETUP = {"game": "truco", "players": 2, "options": {"points": 15}, "name": "q"}


def test_a_quick_play_flood_from_one_address_is_refused_after_the_table_budget(make_server: Any) -> None:
    server = make_server(limits=Limits(tables=Rate(burst=6, per_minute=6), quickplay_tickets=50))
    answers = [server.client.post("/api/quickplay", json=SETUP) for _ in range(20)]
    assert [a.status_code for a in answers[:6]] == [201] * 6
    assert {a.status_code for a in answers[6:]} == {429}
    assert "too many new tables" in answers[-1].json()["error"]
    spanish = server.client.post("/api/quickplay", json=SETUP, headers={"Accept-Language": "es"})
    assert spanish.status_code == 429 and "demasiadas" in spanish.json()["error"]


def test_an_address_has_only_a_few_tickets_waiting(make_server: Any) -> None:
    server = make_server(limits=Limits(quickplay_tickets=2))
    for points in (15, 30):
        assert server.client.post("/api/quickplay", json={**SETUP, "options": {"points": points}}).status_code == 201
    third = server.client.post("/api/quickplay", json={**SETUP, "game": "chinchon", "options": {}})
    assert third.status_code == 429 and "2 quick-play tickets" in third.json()["error"]


def test_a_quick_play_table_nobody_connects_to_leaves_nothing_behind(make_server: Any, tmp_path: Path) -> None:
    server = make_server(grace=0.2, abandon_floor=0)
    for _ in range(2):
        assert server.client.post("/api/quickplay", json=SETUP).status_code == 201
    store = server.hub().store.sync
    codes = [row[0] for row in store.db.execute("SELECT code FROM tables").fetchall()]
    assert len(codes) == 1  # the two tickets were paired together
    deadline = time.monotonic() + 30  # a bound for a loaded machine; met at once on an idle one
    while store.load_table(codes[0]) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert store.load_table(codes[0]) is None
    for table in ("seats", "moves", "seat_accounts", "rated_tables"):
        assert store.db.execute(f"SELECT count(*) FROM {table}").fetchone() == (0,)
    assert not (tmp_path / "data" / "online-records" / f"{codes[0]}.json").exists()

    async def swept() -> int:
        return await sweep(server.hub())

    server.client.portal.call(swept)  # the sweep drops it from memory too
    assert codes[0] not in server.hub().tables
    assert server.client.get(f"/api/tables/{codes[0]}").status_code == 404


def test_an_account_is_never_paired_with_itself(server: Any) -> None:
    signed = server.client.post("/api/account/signup", json={"username": "solo", "password": "correct horse"})
    assert signed.status_code == 201, signed.text
    chinchon = {"game": "chinchon", "players": 2, "options": {}, "name": "solo"}
    first = server.client.post("/api/quickplay", json=chinchon).json()["ticket"]
    second = server.client.post("/api/quickplay", json=chinchon).json()["ticket"]
    # The second ticket replaced the first: nothing to pair, and the first is gone.
    assert server.client.get("/api/quickplay", headers={"Authorization": f"Bearer {first}"}).status_code == 404
    waiting = server.client.get("/api/quickplay", headers={"Authorization": f"Bearer {second}"}).json()
    assert waiting["status"] == "waiting"
    assert server.hub().store.sync.db.execute("SELECT count(*) FROM tables").fetchone() == (0,)
