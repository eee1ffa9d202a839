"""The server's parts on their own: a connection's writer, the bot runners, tokens and the store's refusals."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from cartas.core.plugins.registry import Registry
from cartas.online.game import connection as connection_module
from cartas.online.game.bots import BotRequest, InlineBots, PoolBots
from cartas.online.game.connection import Connection
from cartas.online.store.schema import SCHEMA_VERSION
from cartas.online.store.sqlite import SQLiteStore
from cartas.online.store.tables import StoreError
from cartas.online.game.tokens import hash_token, token_matches


def test_a_dead_socket_never_blocks_the_sender() -> None:
    async def scenario() -> tuple[bool, int]:
        async def broken(text: str) -> None:
            raise RuntimeError("Cannot call send once a close message has been sent")

        async def close(code: int) -> None:
            raise RuntimeError("already closed")

        dead = Connection(broken, close)
        dead.send("one")
        await asyncio.sleep(0.01)
        for n in range(5000):  # never waits, never raises, never grows once dead
            dead.send(f"frame {n}")
        return dead.alive, len(dead.queue)

    assert asyncio.run(scenario()) == (False, 0)


def test_a_client_that_stops_reading_is_closed_at_the_queue_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection_module, "MAX_QUEUE", 10)

    async def scenario() -> list[int]:
        closed: list[int] = []
        gate = asyncio.Event()

        async def stuck(text: str) -> None:
            await gate.wait()

        async def close(code: int) -> None:
            closed.append(code)

        slow = Connection(stuck, close)
        for n in range(50):
            slow.send(f"frame {n}")
        gate.set()
        await asyncio.wait_for(slow.writer, 1)
        return closed

    assert asyncio.run(scenario()) == [1008]


REQUEST = BotRequest(
    game="truco", options={"players": 2}, seed=11, position=None, actions=((0, "truco"),), seat=1, level="easy",
)


def test_a_bot_decides_from_the_record_alone_in_thread_and_in_a_worker_process(registry: Registry) -> None:
    inline = asyncio.run(InlineBots(registry).decide(REQUEST))
    assert inline in ("quiero", "no quiero", "retruco", "envido", "real envido", "falta envido", "mazo")
    assert asyncio.run(InlineBots(registry).decide(REQUEST)) == inline  # seeded: the same answer again

    async def in_pool() -> str:
        pool = PoolBots(workers=1)
        try:
            return await pool.decide(REQUEST)
        finally:
            pool.close()

    assert asyncio.run(in_pool()) == inline


def test_tokens_compare_by_hash() -> None:
    assert token_matches("abc", hash_token("abc"))
    assert not token_matches("abd", hash_token("abc"))
    assert not token_matches(None, hash_token("abc")) and not token_matches("abc", None)
    assert hash_token("abc") != "abc" and len(hash_token("abc")) == 64


def test_the_store_refuses_a_foreign_database_and_leaves_it_alone(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE mine (x)")
    before = foreign.read_bytes()
    with pytest.raises(StoreError, match="is not a cartas online database"):
        SQLiteStore(foreign)
    assert foreign.read_bytes() == before
    text = tmp_path / "notes.sqlite3"
    text.write_text("not a database at all, just some words that are long enough to be a header" * 3)
    with pytest.raises(StoreError, match="is not a cartas online database"):
        SQLiteStore(text)


def test_the_store_reopens_with_its_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    SQLiteStore(path).close()
    store = SQLiteStore(path)
    versions = store.db.execute("SELECT version FROM schema_version").fetchall()
    assert versions == [(version,) for version in range(1, SCHEMA_VERSION + 1)]
    assert store.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    store.close()


def test_the_tables_connection_never_checkpoints_and_a_checkpoint_empties_the_wal(tmp_path: Path) -> None:
    from cartas.online.store.tables import TableRow

    store = SQLiteStore(tmp_path / "c.sqlite3")
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    row = TableRow(code="ABCDEF", game="truco", options={}, seed=1, status="playing", grace=1.0, bot_level="easy",
                   host_hash="h", created="now")
    assert store.create_table(row) and not store.create_table(row)
    for n in range(2000):
        store.add_move("ABCDEF", n, 0, "play 1E", n + 1, None)
    wal = tmp_path / "c.sqlite3-wal"
    assert wal.stat().st_size > 1_000_000
    store.checkpoint()
    store.add_move("ABCDEF", 2000, 0, "mazo", 2001, None)  # the WAL starts over from its beginning
    assert len(store.moves("ABCDEF")) == 2001
    store.close()
    assert not wal.exists() or wal.stat().st_size == 0
