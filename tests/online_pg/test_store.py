"""The store interface, the same tests on SQLite and on Postgres: tables, seats, moves, chat, leases, and the
schema's creation and upgrade from the previous version."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from pg_helpers import StoreUser, run

from cartas.online.store.opening import open_store
from cartas.online.store.postgres import PostgresStore, is_postgres_url
from cartas.online.store.schema import SCHEMA_VERSION, STEPS
from cartas.online.store.tables import AsyncStore, ChatRow, SeatRow, StoreError, TableRow


def table(code: str = "ABCDEF", status: str = "lobby") -> TableRow:
    return TableRow(
        code=code, game="truco", options={"players": 2, "points": 15}, seed=2**40 + 7, status=status, grace=2.5,
        bot_level="medium", host_hash="h" * 64, created="2026-11-22T21:00:00Z",
        seats=[SeatRow(0, "human", name="Ana", token_hash="t" * 64, host=True), SeatRow(1)],
    )


def test_a_table_round_trips_with_its_seats_moves_and_chat(with_store: StoreUser) -> None:
    async def check(store: AsyncStore) -> None:
        assert await store.create_table(table())
        assert not await store.create_table(table())  # the code is taken
        await store.save_lobby("ABCDEF", [SeatRow(0, "human", "Ana", None, "t" * 64, True), SeatRow(1, "bot", level="easy")], 3)
        await store.start("ABCDEF", [SeatRow(0, "human", "Ana", None, "t" * 64, True), SeatRow(1, "bot", level="easy")], 5)
        await store.add_move("ABCDEF", 0, 0, "truco", 7, None)
        await store.add_move("ABCDEF", 1, 1, "quiero", 9, None)
        await store.add_chat("ABCDEF", ChatRow(10, 0, "Ana", "hola", "2026-11-22T21:01:00Z"))
        await store.set_version("ABCDEF", 11)
        row = await store.load_table("abcdef".upper())
        assert row is not None
        assert (row.status, row.version, row.seed, row.grace, row.options) == (
            "playing", 11, 2**40 + 7, 2.5, {"players": 2, "points": 15}
        )
        assert row.seats == [SeatRow(0, "human", "Ana", None, "t" * 64, True), SeatRow(1, "bot", level="easy")]
        assert await store.moves("ABCDEF") == [(0, "truco"), (1, "quiero")]
        assert await store.chat("ABCDEF", 5) == [ChatRow(10, 0, "Ana", "hola", "2026-11-22T21:01:00Z")]
        assert [r.code for r in await store.tables_with_status("playing")] == ["ABCDEF"]
        assert await store.tables_with_status("lobby") == []
        await store.add_move("ABCDEF", 2, 0, "mazo", 12, "2026-11-22T21:02:00Z")
        finished = await store.load_table("ABCDEF")
        assert finished is not None and (finished.status, finished.finished) == ("finished", "2026-11-22T21:02:00Z")
        assert await store.load_table("NOPE") is None

    with_store(check)


def test_a_tables_clock_round_trips_with_its_moves(with_store: StoreUser) -> None:
    """The clock (cartas.online.game.clock) is stored at creation, replaced with the move that changed it, kept when a
    move brings none, and replaced with the finished status when a match is lost on time."""
    clock = {"turn": 30.0, "reserve": 60.0, "reserves": [60.0, 60.0], "timeouts": [0, 0], "lost": None}

    async def check(store: AsyncStore) -> None:
        row = table(status="playing")
        row.clock = clock
        assert await store.create_table(row)
        loaded = await store.load_table("ABCDEF")
        assert loaded is not None and loaded.clock == clock
        spent = '{"turn": 30.0, "reserve": 60.0, "reserves": [41.5, 60.0], "timeouts": [0, 0], "lost": null}'
        await store.add_move("ABCDEF", 0, 0, "truco", 4, None, spent)
        await store.add_move("ABCDEF", 1, 1, "quiero", 5, None)
        loaded = await store.load_table("ABCDEF")
        assert loaded is not None and loaded.clock is not None and loaded.clock["reserves"] == [41.5, 60.0]
        lost = '{"turn": 30.0, "reserve": 60.0, "reserves": [0, 60.0], "timeouts": [3, 0], "lost": 0}'
        await store.save_clock("ABCDEF", lost, 8, "2026-11-26T02:00:00Z")
        loaded = await store.load_table("ABCDEF")
        assert loaded is not None and loaded.clock is not None
        assert (loaded.clock["lost"], loaded.status, loaded.version, loaded.finished) == (
            0, "finished", 8, "2026-11-26T02:00:00Z"
        )
        await store.save_clock("ABCDEF", lost, 9)  # no finish given: the status stays
        loaded = await store.load_table("ABCDEF")
        assert loaded is not None and (loaded.status, loaded.version) == ("finished", 9)

    with_store(check)


def test_a_move_number_stored_twice_is_refused_and_changes_nothing(with_store: StoreUser) -> None:
    """What fences a process that lost its lease: the new owner's move n wins, the stale one's insert fails."""

    async def check(store: AsyncStore) -> None:
        await store.create_table(table(status="playing"))
        await store.add_move("ABCDEF", 0, 0, "truco", 4, None)
        with pytest.raises(Exception):
            await store.add_move("ABCDEF", 0, 1, "mazo", 5, None)
        assert await store.moves("ABCDEF") == [(0, "truco")]
        row = await store.load_table("ABCDEF")
        assert row is not None and row.version == 4

    with_store(check)


def test_a_lease_is_held_by_one_owner_until_it_expires_or_is_released(with_store: StoreUser) -> None:
    async def check(store: AsyncStore) -> None:
        await store.create_table(table("AAAAAA", "playing"))
        await store.create_table(table("BBBBBB", "playing"))
        assert sorted(await store.unowned_playing("x")) == ["AAAAAA", "BBBBBB"]
        lease = await store.acquire("AAAAAA", "one", "http://one", 0.6)
        assert (lease.owner, lease.address) == ("one", "http://one") and 0.3 < lease.seconds_left <= 0.6
        other = await store.acquire("AAAAAA", "two", "http://two", 30)
        assert (other.owner, other.address) == ("one", "http://one")  # still one's
        assert await store.unowned_playing("two") == ["BBBBBB"]
        assert await store.unowned_playing("one") == ["AAAAAA", "BBBBBB"]  # one, restarted, takes its own back
        assert await store.renew("one", 0.6) == {"AAAAAA"}
        assert await store.renew("two", 30) == set()
        await asyncio.sleep(0.8)
        assert sorted(await store.unowned_playing("two")) == ["AAAAAA", "BBBBBB"]
        assert (await store.acquire("AAAAAA", "two", "http://two", 30)).owner == "two"  # expired: taken over
        assert await store.renew("one", 30) == set()  # one learns it lost the table
        await store.acquire("BBBBBB", "two", "http://two", 30)
        await store.release("two", ["AAAAAA"])
        assert await store.unowned_playing("one") == ["AAAAAA"]
        assert (await store.acquire("AAAAAA", "one", "http://one", 30)).owner == "one"
        await store.release("two")
        assert await store.renew("two", 30) == set()

    with_store(check)


def v1_database(database: str, version: int = 1) -> None:
    """A database as the first ``cartas serve`` left it (schema version 1, or ``version``), with a table in play
    and two moves."""
    insert_table = (
        "INSERT INTO tables (code, game, options, seed, position, status, grace, bot_level, host_hash, version,"
        " created) VALUES ('OLDOLD', 'truco', '{\"players\": 2}', 7, NULL, 'playing', 60, 'easy', 'h', 4, 'then')"
    )
    moves = "INSERT INTO moves (code, n, seat, action) VALUES ('OLDOLD', 0, 0, 'truco'), ('OLDOLD', 1, 1, 'quiero')"
    if is_postgres_url(database):
        async def make() -> None:
            store = await PostgresStore(database).open(target=version)
            async with store.pool.connection() as conn:
                await conn.execute(insert_table)
                await conn.execute(moves)
            await store.close()

        run(make())
        return
    db = sqlite3.connect(database)
    for number in range(1, version + 1):
        for statement in STEPS[number]:
            db.execute(statement)
        db.execute("INSERT INTO schema_version VALUES (?)", (number,))
    db.execute(insert_table)
    db.execute(moves)
    db.commit()
    db.close()


def test_a_version_1_database_is_upgraded_and_keeps_its_tables(database: str) -> None:
    v1_database(database)

    async def check() -> None:
        store = await open_store(database)
        try:
            assert await store.moves("OLDOLD") == [(0, "truco"), (1, "quiero")]
            assert await store.unowned_playing("me") == ["OLDOLD"]  # the new leases table works
            assert (await store.acquire("OLDOLD", "me", "http://me", 5)).owner == "me"
        finally:
            await store.close()
        again = await open_store(database)  # opening an up-to-date database changes nothing
        try:
            assert await again.moves("OLDOLD") == [(0, "truco"), (1, "quiero")]
        finally:
            await again.close()

    run(check())
    assert versions(database) == list(range(1, SCHEMA_VERSION + 1))


def test_a_version_2_database_is_upgraded_with_presence_and_keeps_its_tables(database: str) -> None:
    v1_database(database, version=2)
    assert versions(database) == [1, 2]

    async def check() -> None:
        store = await open_store(database)
        try:
            assert await store.moves("OLDOLD") == [(0, "truco"), (1, "quiero")]
            assert await store.presence(["OLDOLD"]) == {"OLDOLD": {}}
            await store.set_presence("OLDOLD", 1, "online", 5)
            assert await store.presence(["OLDOLD"]) == {"OLDOLD": {1: "online"}}
        finally:
            await store.close()

    run(check())
    assert versions(database) == list(range(1, SCHEMA_VERSION + 1))


def test_presence_is_recorded_per_seat_with_the_version_and_cleared_by_a_new_owner(with_store: StoreUser) -> None:
    async def check(store: AsyncStore) -> None:
        await store.create_table(table())
        await store.create_table(table("GHIJKL"))
        assert await store.presence(["ABCDEF", "GHIJKL"]) == {"ABCDEF": {}, "GHIJKL": {}}
        await store.set_presence("ABCDEF", 0, "online", 4)
        await store.set_presence("ABCDEF", 1, "away", 5)
        await store.set_presence("ABCDEF", 0, "away", 6)
        await store.set_presence("GHIJKL", 0, "bot", 2)
        assert await store.presence(["ABCDEF", "GHIJKL"]) == {"ABCDEF": {0: "away", 1: "away"}, "GHIJKL": {0: "bot"}}
        row = await store.load_table("ABCDEF")
        assert row is not None and row.version == 6
        await store.clear_presence("ABCDEF")
        assert await store.presence(["ABCDEF", "GHIJKL", "NOPE"]) == {"ABCDEF": {}, "GHIJKL": {0: "bot"}, "NOPE": {}}
        assert await store.presence([]) == {}

    with_store(check)


def versions(database: str) -> list[int]:
    if is_postgres_url(database):
        import psycopg

        with psycopg.connect(database) as conn:
            return [row[0] for row in conn.execute("SELECT version FROM schema_version ORDER BY version")]
    db = sqlite3.connect(database)
    try:
        return [row[0] for row in db.execute("SELECT version FROM schema_version ORDER BY version")]
    finally:
        db.close()


def test_a_newer_database_is_refused_and_left_as_it_is(database: str) -> None:
    run(close_after(open_store(database)))
    if is_postgres_url(database):
        import psycopg

        with psycopg.connect(database) as conn:
            conn.execute("INSERT INTO schema_version VALUES (99)")
    else:
        db = sqlite3.connect(database)
        db.execute("INSERT INTO schema_version VALUES (99)")
        db.commit()
        db.close()
    with pytest.raises(StoreError, match=f"schema version 99; this cartas reads versions up to {SCHEMA_VERSION}"):
        run(close_after(open_store(database)))
    assert versions(database) == [*range(1, SCHEMA_VERSION + 1), 99]


async def close_after(opening: object) -> None:
    store = await opening  # type: ignore[misc]
    await store.close()


@pytest.mark.postgres
def test_an_unreachable_postgres_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot connect to the Postgres database"):
        run(PostgresStore("postgresql://nobody@127.0.0.1:1/none").open())


def test_a_coalesced_presence_write_lands_once_and_never_takes_the_version_back(with_store: StoreUser) -> None:
    from cartas.online.game.presence import CoalescedPresence

    async def check(store: AsyncStore) -> None:
        await store.create_table(table(status="playing"))
        coalesced = CoalescedPresence(store, delay=60)
        await coalesced.set_presence("ABCDEF", 0, "online", 5)
        await coalesced.set_presence("ABCDEF", 0, "away", 6)
        assert await coalesced.presence(["ABCDEF"]) == {"ABCDEF": {0: "away"}}  # this process sees it at once
        assert await store.presence(["ABCDEF"]) == {"ABCDEF": {}}  # not written yet
        await store.add_move("ABCDEF", 0, 0, "play 1E", 7, None)  # a move committed before the presence lands
        await coalesced.flush()
        assert coalesced.writes == 1
        assert await store.presence(["ABCDEF"]) == {"ABCDEF": {0: "away"}}
        row = await store.load_table("ABCDEF")
        assert row is not None and row.version == 7


def test_a_version_3_database_is_upgraded_and_its_tables_go_on_living(database: str) -> None:
    v1_database(database, version=3)

    async def check() -> None:
        store = await open_store(database)
        try:
            row = await store.load_table("OLDOLD")
            assert row is not None and row.status == "playing" and row.spectator_chat is False
            assert await store.unowned_playing("me") == ["OLDOLD"]
        finally:
            await store.close()

    run(check())
    assert versions(database) == list(range(1, SCHEMA_VERSION + 1))


def test_the_open_tables_come_a_page_at_a_time_and_ended_tables_leave_every_list(with_store: StoreUser) -> None:
    async def check(store: AsyncStore) -> None:
        for n, code in enumerate(("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD")):
            row = table(code, status="lobby")
            row.created = f"2026-11-25T10:00:0{n}Z"
            await store.create_table(row)
        first = await store.open_tables_page(2)
        assert [row.code for row in first] == ["AAAAAA", "BBBBBB"]
        after = (first[-1].created, first[-1].code)
        assert [row.code for row in await store.open_tables_page(2, after)] == ["CCCCCC", "DDDDDD"]
        assert await store.lobby_older_than("2026-11-25T10:00:02Z", 10) == ["AAAAAA", "BBBBBB"]
        await store.end_table("AAAAAA", "expired")
        loaded = await store.load_table("AAAAAA")
        assert loaded is not None and loaded.status == "expired"
        assert [row.code for row in await store.open_tables_page(10)] == ["BBBBBB", "CCCCCC", "DDDDDD"]
        assert [row.code for row in await store.tables_with_status("lobby")] == ["BBBBBB", "CCCCCC", "DDDDDD"]
        assert await store.lobby_older_than("2026-11-25T10:00:02Z", 10) == ["BBBBBB"]
        assert await store.purge_expired("2026-11-25T10:00:00Z", 10) == 0  # created at that second, not before
        assert await store.purge_expired("2026-11-25T10:00:09Z", 10) == 1
        assert await store.load_table("AAAAAA") is None
        await store.create_table(table("PLAYED", status="playing"))
        await store.end_table("PLAYED", "abandoned")
        assert await store.unowned_playing("me") == []
        assert (await store.load_table("PLAYED")).status == "abandoned"  # type: ignore[union-attr]

    with_store(check)
