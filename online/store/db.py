"""The one way the store runs SQL, on SQLite and on Postgres alike: a runner.

Every statement of the store (tables, seats, moves, chat, presence, leases, accounts, ratings, parties) is
written once with ``?`` placeholders in the SQL both databases read the same way (``INSERT ... ON CONFLICT ...
DO UPDATE``, row values, ``CASE``); :class:`PgRunner` turns the placeholders into psycopg's ``%s``. What still
differs is held here, as a few attributes of the runner, so no statement is written twice:

- ``now``: the SQL for seconds since the epoch (the database's clock on Postgres, so several processes need not
  agree on the time; on SQLite the server's own, through a function registered on the connection);
- ``conflict`` and ``damage``: the errors a duplicate key and an unreadable row raise;
- ``table_names``: the query that lists the tables the schema check looks at;
- ``listens``: whether the database notifies other processes (Postgres's LISTEN/NOTIFY, for the lobby);
- :meth:`Runner.lock`: a lock held until the transaction ends (Postgres's advisory lock; a SQLite transaction
  already holds the file's write lock from its BEGIN IMMEDIATE).

A SQLite runner runs each statement at once on the calling thread (a few microseconds, so on the event loop):
its coroutines never wait, and a write has committed when its ``await`` returns, before anything about it is
sent. A Postgres runner borrows a connection of the pool for each statement or transaction, and sends a
transaction's writes in one batch (psycopg's pipeline mode), so a move costs one round trip to the server.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Coroutine, Sequence
from typing import Any, Protocol, TypeVar

Row = tuple[Any, ...]
T = TypeVar("T")

NOW_FUNCTION = "cartas_now"
"""The SQL function a SQLite connection answers with the server's clock (``time.time``)."""
IN_CHUNK = 500
"""How many values one ``IN (...)`` list holds at most (SQLite limits a statement's parameters)."""


class Tx(Protocol):
    """Statements inside one transaction (see :meth:`Runner.transaction`)."""

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def run(self, sql: str, args: Sequence[Any] = ()) -> None:
        """Execute one statement (on Postgres it goes out with the rest of the transaction, so no count comes back)."""
        ...

    async def run_many(self, sql: str, many: Sequence[Sequence[Any]]) -> None:
        """Execute one statement once for each set of arguments."""
        ...


class Runner(Protocol):
    """A database the store's SQL runs on. Outside :meth:`transaction`, each statement is its own transaction."""

    now: str
    conflict: type[Exception]
    damage: tuple[type[Exception], ...]
    table_names: str
    listens: bool
    name: str
    """How messages name the database: its file, or "the Postgres database"."""

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Execute one statement in its own transaction; the number of rows it changed."""
        ...

    async def run_many(self, sql: str, many: Sequence[Sequence[Any]]) -> None:
        """Execute one statement once for each set of arguments, in one transaction."""
        ...

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Tx]:
        """Several statements, reads among them, committed together when the block ends (rolled back if it raises)."""
        ...

    async def lock(self, tx: Tx, key: int) -> None:
        """Hold the lock ``key`` until ``tx`` ends, so one process at a time runs what follows in it."""
        ...

    async def run_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        """Execute several statements in one transaction."""
        ...


def marks(values: Sequence[Any]) -> str:
    """The placeholders of an ``IN (...)`` list of ``values``."""
    return ", ".join("?" * len(values))


def chunks(values: Sequence[T], size: int = IN_CHUNK) -> list[Sequence[T]]:
    """``values`` in slices of at most ``size``, for ``IN`` lists within SQLite's limit on parameters."""
    return [values[start:start + size] for start in range(0, len(values), size)]


def done(pending: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that never waits (the store's methods over a SQLite runner), run here and now.

    This is how the SQLite store is used without an event loop (tests, tools): the same statements, called
    synchronously. A coroutine that does wait is a mistake here, and says so.
    """
    try:
        pending.send(None)
    except StopIteration as finished:
        return finished.value  # type: ignore[no-any-return]
    pending.close()
    raise RuntimeError("a SQLite statement waited: it cannot be run synchronously")


class Connected(Protocol):
    """What a SQLite runner runs on: the connection of the moment and a transaction that recovers from failure."""

    db: sqlite3.Connection

    def transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...


class Plain:
    """A bare SQLite connection (autocommit mode) as a :class:`Connected`: a failed transaction is rolled back."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        db.create_function(NOW_FUNCTION, 0, time.time)

    @contextlib.contextmanager
    def transaction(self) -> Any:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")


class SQLiteTx:
    """Statements on one SQLite connection, inside a transaction or each in its own (autocommit mode)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in self.db.execute(sql, tuple(args)).fetchall()]

    async def run(self, sql: str, args: Sequence[Any] = ()) -> None:
        self.db.execute(sql, tuple(args))

    async def run_many(self, sql: str, many: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, [tuple(args) for args in many])


class SQLiteRunner:
    """Over a SQLite connection, or over the SQLite store (whose connection may be opened again after a failure)."""

    now: str = f"{NOW_FUNCTION}()"
    conflict: type[Exception] = sqlite3.IntegrityError
    damage: tuple[type[Exception], ...] = (sqlite3.DatabaseError, ValueError)
    table_names: str = "SELECT name FROM sqlite_master WHERE type = 'table'"
    listens: bool = False

    def __init__(self, source: sqlite3.Connection | Connected, name: str = "the SQLite database") -> None:
        self.source: Connected = Plain(source) if isinstance(source, sqlite3.Connection) else source
        self.name = name

    @property
    def db(self) -> sqlite3.Connection:
        """The connection of the moment."""
        return self.source.db

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return await SQLiteTx(self.db).rows(sql, args)

    async def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        with self.source.transaction() as db:  # a write: the store recovers the connection if it fails
            return int(db.execute(sql, tuple(args)).rowcount)

    async def run_many(self, sql: str, many: Sequence[Sequence[Any]]) -> None:
        async with self.transaction() as tx:
            await tx.run_many(sql, many)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        with self.source.transaction() as db:
            yield SQLiteTx(db)

    async def lock(self, tx: Tx, key: int) -> None:
        """Nothing more to hold: BEGIN IMMEDIATE took the file's write lock."""

    async def run_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        with self.source.transaction() as db:
            for sql, args in statements:
                db.execute(sql, tuple(args))


def pg(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


class PgTx:
    """Statements on one borrowed Postgres connection, inside its transaction."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in await (await self.conn.execute(pg(sql), tuple(args))).fetchall()]

    async def run(self, sql: str, args: Sequence[Any] = ()) -> None:
        await self.conn.execute(pg(sql), tuple(args))

    async def run_many(self, sql: str, many: Sequence[Sequence[Any]]) -> None:
        if many:
            async with self.conn.cursor() as cursor:
                await cursor.executemany(pg(sql), [tuple(args) for args in many])


class PgRunner:
    """Over the Postgres store's pool (connections in autocommit mode)."""

    now: str = "extract(epoch from clock_timestamp())"
    damage: tuple[type[Exception], ...] = ()
    table_names: str = (
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        " AND tablename IN ('schema_version', 'tables', 'seats', 'moves')"  # the schema may hold others' tables
    )
    listens: bool = True
    name: str = "the Postgres database"

    def __init__(self, pool: Any) -> None:
        import psycopg

        self.pool = pool
        self.conflict: type[Exception] = psycopg.errors.UniqueViolation
        self.pipelines = psycopg.Pipeline.is_supported()
        self.idle = psycopg.pq.TransactionStatus.IDLE

    async def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        async with self.pool.connection() as conn:
            return await PgTx(conn).rows(sql, args)

    async def run(self, sql: str, args: Sequence[Any] = ()) -> int:
        async with self.pool.connection() as conn:
            return int((await conn.execute(pg(sql), tuple(args))).rowcount)

    async def run_many(self, sql: str, many: Sequence[Sequence[Any]]) -> None:
        async with self.transaction() as tx:
            await tx.run_many(sql, many)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.pool.connection() as conn:
            if not self.pipelines:
                async with conn.transaction():
                    yield PgTx(conn)
                return
            # BEGIN, the statements and COMMIT go out in one batch and their answers come back in one: a single
            # round trip unless a read inside needs its rows first. (psycopg's own transaction block waits for the
            # server at its BEGIN, measured a round trip slower.) After a failed statement the server skips the
            # rest up to the batch's end, COMMIT included, and the transaction is rolled back here.
            try:
                async with conn.pipeline():
                    await conn.execute("BEGIN")
                    yield PgTx(conn)
                    await conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(Exception):
                    if conn.info.transaction_status != self.idle:
                        await conn.execute("ROLLBACK")
                raise

    async def lock(self, tx: Tx, key: int) -> None:
        await tx.run("SELECT pg_advisory_xact_lock(?)", (key,))

    async def run_all(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        async with self.transaction() as tx:
            for sql, args in statements:
                await tx.run(sql, args)


def runner_for(store: Any) -> Runner:
    """The runner under an opened table store (:class:`cartas.online.store.tables.TableStore`), possibly inside
    wrappers that keep it as ``.store``."""
    while not hasattr(store, "runner") and hasattr(store, "store"):
        store = store.store  # the server's wrappers (measured writes, coalesced presence) around the store
    runner = getattr(store, "runner", None)
    if runner is None:
        raise TypeError(f"accounts cannot use a {type(store).__name__}")
    return runner  # type: ignore[no-any-return]
