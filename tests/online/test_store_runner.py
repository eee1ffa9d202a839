"""The table store's SQL, written once over the runner, on SQLite: leases timed by the runner's clock, a
transaction rolled back as a whole, and the synchronous use of a store whose statements never wait."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from cartas.online.store.db import SQLiteRunner, done  # noqa: E402
from cartas.online.store.sqlite import OnLoop, SQLiteStore  # noqa: E402
from cartas.online.store.tables import SeatRow, TableRow  # noqa: E402


def table(code: str = "ABCDEF", status: str = "playing") -> TableRow:
    return TableRow(code, "truco", {}, 1, status, 60, "easy", "h", "2026-01-01", seats=[SeatRow(0), SeatRow(1)])


def test_a_lease_is_kept_from_other_owners_until_it_runs_out(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "l.sqlite3")
    store.create_table(table())
    assert store.acquire("ABCDEF", "one", "http://one", 60).owner == "one"
    held = store.acquire("ABCDEF", "two", "http://two", 60)
    assert (held.owner, held.address) == ("one", "http://one") and 59 < held.seconds_left <= 60
    assert store.unowned_playing("two") == [] and store.unowned_playing("one") == ["ABCDEF"]
    assert store.renew("one", -1) == {"ABCDEF"}  # run out
    assert store.acquire("ABCDEF", "two", "http://two", 60).owner == "two"
    store.release("two", ["ABCDEF"])
    assert store.unowned_playing("one") == ["ABCDEF"]
    store.close()


def test_the_sync_store_and_the_one_on_the_loop_run_the_same_statements(tmp_path: Path) -> None:
    sync = SQLiteStore(tmp_path / "s.sqlite3")
    assert sync.create_table(table("AAAAAA", "lobby")) and not sync.create_table(table("AAAAAA", "lobby"))
    on_loop = OnLoop(sync)

    async def moves() -> list[TableRow]:
        await on_loop.start("AAAAAA", [SeatRow(0, "bot", level="easy"), SeatRow(1)], 3)
        await on_loop.add_move("AAAAAA", 0, 0, "play 1E", 4, None, clock='{"x": 1}')
        return await on_loop.tables_with_status("playing")

    (row,) = asyncio.run(moves())
    assert row == sync.load_table("AAAAAA") and row.version == 4 and row.clock == {"x": 1}
    assert row.seats[0].kind == "bot" and sync.moves("AAAAAA") == [(0, "play 1E")]
    asyncio.run(on_loop.close())


def test_a_transaction_that_fails_is_rolled_back_whole(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "t.sqlite3", isolation_level=None)
    db.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)")
    runner = SQLiteRunner(db)

    async def twice() -> None:
        async with runner.transaction() as tx:
            await tx.run("INSERT INTO t VALUES (1)")
            await tx.run("INSERT INTO t VALUES (1)")

    with pytest.raises(sqlite3.IntegrityError):
        done(twice())
    assert done(runner.rows("SELECT count(*) FROM t")) == [(0,)] and not db.in_transaction


class Waiting:
    def __await__(self):  # type: ignore[no-untyped-def]
        yield  # what an awaited network read does: hand control back to the event loop


def test_a_coroutine_that_waits_cannot_be_run_synchronously() -> None:
    async def waits() -> None:
        await Waiting()

    with pytest.raises(RuntimeError, match="waited"):
        done(waits())
