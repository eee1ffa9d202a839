"""The Postgres store: the same tables and the same SQL as the SQLite store, for several server processes on one
database.

It is asynchronous (psycopg 3's :class:`AsyncConnectionPool`), so a commit, which takes milliseconds over a
socket rather than the microseconds of SQLite, lets other tables run on the event loop while the table that
wrote waits; a table still sends nothing about a move before its commit returns. Each write is one
transaction on a connection borrowed from the pool (in autocommit mode), its statements sent in one batch
(:class:`~cartas.online.store.db.PgRunner`), so a move costs one round trip to the server, not four.

The schema is created and upgraded by :meth:`PostgresStore.open` (:func:`cartas.online.store.schema.upgrade`)
under a transaction-scoped advisory lock, so processes started together upgrade the database once. Lease
times come from the database's clock, so the processes' clocks need not agree. Every change to a table in the
lobby is notified (LISTEN/NOTIFY) so each process reads the open-tables list again.

Needs the ``online-pg`` extra: ``pip install 'cartas[online-pg]'``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from .db import PgRunner
from .presence import LOBBY_CHANNEL
from .rows import StoreError
from .schema import SCHEMA_VERSION, schema_version, upgrade
from .tables import TableStore

log = logging.getLogger("cartas.online")

MISSING_EXTRA = "a postgresql:// database needs the online-pg extra: pip install 'cartas[online-pg]'"


def one_line(error: BaseException) -> str:
    """libpq's messages span lines (a hint on the second): one line for the command's error."""
    return " ".join(str(error).split())


def is_postgres_url(db: object) -> bool:
    """Whether ``--db`` names a Postgres database rather than a SQLite file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


class PostgresStore(TableStore):
    """The table store over a pool of connections to one Postgres database."""

    def __init__(self, url: str, *, min_size: int = 2, max_size: int = 8) -> None:
        try:
            from psycopg_pool import AsyncConnectionPool
        except ImportError:
            raise StoreError(MISSING_EXTRA) from None
        self.url = url
        self.pool = AsyncConnectionPool(
            url, min_size=min_size, max_size=max_size, open=False, timeout=10.0, kwargs={"autocommit": True}
        )
        super().__init__(PgRunner(self.pool))

    async def open(self, target: int = SCHEMA_VERSION) -> PostgresStore:
        """Connect, then create or upgrade the schema to ``target``; a newer or foreign database is refused."""
        import psycopg

        try:
            # One plain connection first: a refused or misnamed server fails at once, where the pool would retry.
            probe = await psycopg.AsyncConnection.connect(self.url, connect_timeout=10)
            await probe.close()
            await self.pool.open(wait=True, timeout=10.0)
        except Exception as error:
            await self.pool.close()
            raise StoreError(f"cannot connect to the Postgres database: {one_line(error)}") from None
        try:
            await upgrade(self.runner, target)
        except psycopg.Error as error:
            await self.pool.close()
            raise StoreError(f"the Postgres database could not be prepared: {one_line(error)}") from None
        except StoreError:
            await self.pool.close()
            raise
        return self

    async def schema_version(self) -> int:
        """The database's schema version; 0 when it has no cartas tables at all."""
        return await schema_version(self.runner)

    async def listen_lobby(self, changed: Callable[[bool], None]) -> None:
        """Call ``changed(True)`` whenever any process changes a table in the lobby, for as long as it runs.

        ``changed(False)`` says the listening connection is down (notifications may be missed meanwhile):
        the caller stops trusting what it cached until the next ``changed(True)``.
        """
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {LOBBY_CHANNEL}")
                    changed(True)
                    async for _ in conn.notifies():
                        changed(True)
            except psycopg.Error as error:
                log.warning("listening for lobby changes failed (%s); trying again", one_line(error))
            changed(False)
            await asyncio.sleep(1.0)

    async def close(self) -> None:
        await self.pool.close()
