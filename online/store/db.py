"""SQL access to the account tables (schema step 5), for the SQLite and the Postgres store alike.

The statements are written once with ``?`` placeholders; :class:`PgRunner` turns them into psycopg's ``%s``.
A runner wraps the connection the table store already opened, so accounts need no second pool: the SQLite
store's connection (used from the event loop, each statement a few microseconds) or the Postgres pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

Row = tuple[Any, ...]


class Runner(Protocol):
    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Execute one statement in its own transaction; the number of rows it changed."""
        ...

    async def run_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Execute several statements in one transaction."""
        ...


class SQLiteRunner:
    """Over the SQLite store's connection (autocommit mode; explicit BEGIN for several statements)."""

    def __init__(self, db: Any) -> None:
        self.db = db

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in self.db.execute(sql, tuple(args)).fetchall()]

    async def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        return int(self.db.execute(sql, tuple(args)).rowcount)

    async def run_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                self.db.execute(sql, tuple(args))
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")


def pg(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


class PgRunner:
    """Over the Postgres store's pool (connections in autocommit mode)."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        async with self.pool.connection() as conn:
            return [tuple(row) for row in await (await conn.execute(pg(sql), tuple(args))).fetchall()]

    async def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(pg(sql), tuple(args))
            return int(cursor.rowcount)

    async def run_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        async with self.pool.connection() as conn:
            async with conn.transaction():
                for sql, args in statements:
                    await conn.execute(pg(sql), tuple(args))


def runner_for(store: Any) -> Runner:
    """The runner over an opened table store: an ``OnLoop(SQLiteStore)`` or a ``PostgresStore``, possibly
    inside wrappers that keep it as ``.store``."""
    while not hasattr(store, "sync") and not hasattr(store, "pool") and hasattr(store, "store"):
        store = store.store  # the server's wrappers (measured writes, coalesced presence) around the store
    sync = getattr(store, "sync", None)
    if sync is not None and hasattr(sync, "db"):
        return SQLiteRunner(sync.db)
    if hasattr(store, "pool"):
        return PgRunner(store.pool)
    raise TypeError(f"accounts cannot use a {type(store).__name__}")
