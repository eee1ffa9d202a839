"""The Postgres store: the same tables as the SQLite store, for several server processes on one database.

It is asynchronous (psycopg 3's :class:`AsyncConnectionPool`), so a commit, which takes milliseconds over a
socket rather than the microseconds of SQLite, lets other tables run on the event loop while the table that
wrote waits; a table still sends nothing about a move before its commit returns. Each write is one
transaction on a connection borrowed from the pool (in autocommit mode). A move and a chat line are each one
statement (a data-modifying WITH), so they cost one round trip to the server, not four (BEGIN, INSERT,
UPDATE, COMMIT): on this loaded 2-core machine that halved the commit's median.

The schema is created and upgraded by :meth:`PostgresStore.open` (the steps of :mod:`cartas.online.store.schema`)
under a transaction-scoped advisory lock, so processes started together upgrade the database once. Lease
times come from the database's clock, so the processes' clocks need not agree.

Needs the ``online-pg`` extra: ``pip install 'cartas[online-pg]'``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from .schema import SCHEMA_VERSION, steps_after
from .tables import ENDED, PURGED, ChatRow, Lease, SeatRow, StoreError, TableRow

log = logging.getLogger("cartas.online")

LOBBY_CHANNEL = "cartas_lobby"
"""The channel every change to a table in the lobby is notified on (its code as the payload), at commit."""
MISSING_EXTRA = "a postgresql:// database needs the online-pg extra: pip install 'cartas[online-pg]'"
MIGRATION_LOCK = 0x63617274  # "cart": the advisory lock taken while the schema is created or upgraded
NOW = "extract(epoch from clock_timestamp())"
ADD_MOVE = (
    "WITH move AS (INSERT INTO moves (code, n, seat, action) VALUES ($1, $2, $3, $4) RETURNING code)"
    " UPDATE tables SET version = $5, status = CASE WHEN $6::text IS NULL THEN status ELSE 'finished' END,"
    " finished = COALESCE($6::text, finished), clock = COALESCE($7::text, clock) WHERE code = (SELECT code FROM move)"
)
"""A move and its table's new version (and, at the end, the finished status) in one statement: one round trip."""
COLUMNS = "code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished"
READ_COLUMNS = f"{COLUMNS}, ended, spectator_chat, clock, previous"
"""What a table's row is read as: the columns written at its creation, then why it ended early and its chat setting."""


def one_line(error: BaseException) -> str:
    """libpq's messages span lines (a hint on the second): one line for the command's error."""
    return " ".join(str(error).split())


def is_postgres_url(db: object) -> bool:
    """Whether ``--db`` names a Postgres database rather than a SQLite file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


class PostgresStore:
    """An :class:`cartas.online.store.tables.AsyncStore` over a pool of connections to one Postgres database."""

    def __init__(self, url: str, *, min_size: int = 2, max_size: int = 8) -> None:
        try:
            from psycopg_pool import AsyncConnectionPool
        except ImportError:
            raise StoreError(MISSING_EXTRA) from None
        self.url = url
        self.pool = AsyncConnectionPool(
            url, min_size=min_size, max_size=max_size, open=False, timeout=10.0, kwargs={"autocommit": True}
        )

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
            await self._upgrade(target)
        except psycopg.Error as error:
            await self.pool.close()
            raise StoreError(f"the Postgres database could not be prepared: {one_line(error)}") from None
        except StoreError:
            await self.pool.close()
            raise
        return self

    async def schema_version(self) -> int:
        """The database's schema version; 0 when it has no cartas tables at all."""
        async with self.pool.connection() as conn:
            return await self._version(conn)

    async def _version(self, conn: Any) -> int:
        names = {
            row[0]
            for row in await (
                await conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            ).fetchall()
        }
        if "schema_version" not in names:
            if names & {"tables", "seats", "moves"}:
                raise StoreError("the Postgres database has tables but no schema_version: not a cartas database")
            return 0
        row = await (await conn.execute("SELECT max(version) FROM schema_version")).fetchone()
        return int(row[0] or 0)

    async def _upgrade(self, target: int) -> None:
        async with self.pool.connection() as conn:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                version = await self._version(conn)
                if version > SCHEMA_VERSION:
                    raise StoreError(
                        f"the Postgres database has schema version {version}; this cartas reads versions up to"
                        f" {SCHEMA_VERSION}"
                    )
                for number, statements in steps_after(version, target):
                    for statement in statements:
                        await conn.execute(statement)
                    await conn.execute("INSERT INTO schema_version VALUES (%s)", (number,))

    # --- tables ----------------------------------------------------------------------------------------------

    async def create_table(self, table: TableRow) -> bool:
        import psycopg

        try:
            async with self.pool.connection() as conn, conn.transaction():
                await conn.execute(
                    f"INSERT INTO tables ({COLUMNS}, spectator_chat, clock, previous)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                    (
                        table.code, table.game, json.dumps(table.options), table.seed,
                        None if table.position is None else json.dumps(table.position), table.status, table.grace,
                        table.bot_level, table.host_hash, table.version, table.created, table.finished,
                        int(table.spectator_chat), None if table.clock is None else json.dumps(table.clock),
                        table.previous,
                    ),
                )
                await self._write_seats(conn, table.code, table.seats)
                await self._notify_lobby(conn, table.code)
        except psycopg.errors.UniqueViolation:
            return False
        return True

    async def _write_seats(self, conn: Any, code: str, seats: list[SeatRow]) -> None:
        await conn.execute("DELETE FROM seats WHERE code = %s", (code,))
        async with conn.cursor() as cursor:
            await cursor.executemany(
                "INSERT INTO seats (code, seat, kind, name, level, token_hash, host) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [(code, s.seat, s.kind, s.name, s.level, s.token_hash, int(s.host)) for s in seats],
            )

    async def _rows(self, conn: Any, rows: list[tuple[Any, ...]]) -> list[TableRow]:
        codes = [row[0] for row in rows]
        seats: dict[str, list[SeatRow]] = {code: [] for code in codes}
        if codes:
            cursor = await conn.execute(
                "SELECT code, seat, kind, name, level, token_hash, host FROM seats WHERE code = ANY(%s)"
                " ORDER BY code, seat",
                (codes,),
            )
            for code, seat, kind, name, level, token_hash, host in await cursor.fetchall():
                seats[code].append(SeatRow(seat, kind, name, level, token_hash, bool(host)))
        return [
            TableRow(
                code=code, game=game, options=json.loads(options), seed=seed, status=ended or status, grace=grace,
                bot_level=bot_level, host_hash=host_hash, created=created,
                position=None if position is None else json.loads(position), version=version, finished=finished,
                seats=seats[code], spectator_chat=bool(spectator_chat),
                clock=None if clock is None else json.loads(clock), previous=previous,
            )
            for (code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished,
                 ended, spectator_chat, clock, previous) in rows
        ]

    async def load_table(self, code: str) -> TableRow | None:
        async with self.pool.connection() as conn:
            rows = await (await conn.execute(f"SELECT {READ_COLUMNS} FROM tables WHERE code = %s", (code,))).fetchall()
            found = await self._rows(conn, rows)
        return found[0] if found else None

    async def tables_with_status(self, status: str) -> list[TableRow]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                f"SELECT {READ_COLUMNS} FROM tables WHERE status = %s AND ended IS NULL ORDER BY created, code",
                (status,),
            )
            return await self._rows(conn, await cursor.fetchall())

    async def open_tables_page(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]:
        created, code = after or ("", "")
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                f"SELECT {READ_COLUMNS} FROM tables t WHERE status = 'lobby' AND ended IS NULL"
                " AND (created, code) > (%s, %s)"
                " AND EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.kind = 'empty')"
                " ORDER BY created, code LIMIT %s",
                (created, code, limit),
            )
            return await self._rows(conn, await cursor.fetchall())

    async def lobby_older_than(self, created: str, limit: int) -> list[str]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                "SELECT code FROM tables WHERE status = 'lobby' AND ended IS NULL AND created < %s"
                " ORDER BY created, code LIMIT %s",
                (created, limit),
            )
            return [row[0] for row in await cursor.fetchall()]

    async def end_table(self, code: str, reason: str) -> None:
        if reason not in ENDED:
            raise ValueError(f"a table ends early as one of {', '.join(ENDED)}, not {reason!r}")
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("UPDATE tables SET ended = %s WHERE code = %s", (reason, code))
            await conn.execute("DELETE FROM presence WHERE code = %s", (code,))
            await self._notify_lobby(conn, code)

    async def purge_expired(self, created: str, limit: int) -> int:
        async with self.pool.connection() as conn, conn.transaction():
            cursor = await conn.execute(
                "SELECT code FROM tables WHERE status = 'lobby' AND ended = 'expired' AND created < %s"
                " ORDER BY created LIMIT %s",
                (created, limit),
            )
            codes = [row[0] for row in await cursor.fetchall()]
            for table in PURGED:
                await conn.execute(f"DELETE FROM {table} WHERE code = ANY(%s)", (codes,))
        return len(codes)

    async def save_lobby(
        self, code: str, seats: list[SeatRow], version: int, options: dict[str, Any] | None = None
    ) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            await self._write_seats(conn, code, seats)
            await conn.execute("UPDATE tables SET version = %s WHERE code = %s", (version, code))
            if options is not None:
                await conn.execute("UPDATE tables SET options = %s WHERE code = %s", (json.dumps(options), code))
            await self._notify_lobby(conn, code)

    async def start(self, code: str, seats: list[SeatRow], version: int) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            await self._write_seats(conn, code, seats)
            await conn.execute("UPDATE tables SET status = 'playing', version = %s WHERE code = %s", (version, code))
            await self._notify_lobby(conn, code)

    async def _notify_lobby(self, conn: Any, code: str) -> None:
        """Tell every process listening that the open-tables list changed; Postgres delivers it at commit."""
        await conn.execute("SELECT pg_notify(%s, %s)", (LOBBY_CHANNEL, code))

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

    # --- moves, versions and chat ------------------------------------------------------------------------------

    async def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None:
        from psycopg import AsyncRawCursor

        async with self.pool.connection() as conn:
            # Prepared on each connection at its first move, with positional parameters: the commit's one round
            # trip then carries only the values, and psycopg need not rewrite named placeholders each time.
            await AsyncRawCursor(conn).execute(
                ADD_MOVE, (code, n, seat, action, version, finished, clock), prepare=True
            )

    async def save_clock(self, code: str, clock: str, version: int, finished: str | None = None) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "UPDATE tables SET clock = %s, version = %s, status = CASE WHEN %s::text IS NULL THEN status"
                " ELSE 'finished' END, finished = COALESCE(%s::text, finished) WHERE code = %s",
                (clock, version, finished, finished, code),
            )

    async def moves(self, code: str) -> list[tuple[int, str]]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute("SELECT seat, action FROM moves WHERE code = %s ORDER BY n", (code,))
            return [(seat, action) for seat, action in await cursor.fetchall()]

    async def set_version(self, code: str, version: int) -> None:
        async with self.pool.connection() as conn:
            await conn.execute("UPDATE tables SET version = %s WHERE code = %s", (version, code))

    async def set_presence(self, code: str, seat: int, presence: str, version: int) -> None:
        async with self.pool.connection() as conn:
            # One statement, one round trip: the seat's presence, the table's version, and, for a table in the
            # lobby, the notification that makes every process read the open-tables list again after the commit.
            # GREATEST: a coalesced presence write (cartas.online.game.presence) may come after a later move's commit.
            await conn.execute(
                "WITH seat AS (INSERT INTO presence (code, seat, presence) VALUES (%(code)s, %(seat)s, %(presence)s)"
                " ON CONFLICT (code, seat) DO UPDATE SET presence = excluded.presence RETURNING code),"
                " stamped AS (UPDATE tables SET version = GREATEST(version, %(version)s)"
                " WHERE code = (SELECT code FROM seat)"
                " RETURNING status)"
                " SELECT pg_notify(%(channel)s, %(code)s) FROM stamped WHERE status = 'lobby'",
                {"code": code, "seat": seat, "presence": presence, "version": version, "channel": LOBBY_CHANNEL},
            )

    async def clear_presence(self, code: str) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("DELETE FROM presence WHERE code = %s", (code,))
            await self._notify_lobby(conn, code)

    async def presence(self, codes: list[str]) -> dict[str, dict[int, str]]:
        found: dict[str, dict[int, str]] = {code: {} for code in codes}
        async with self.pool.connection() as conn:
            cursor = await conn.execute("SELECT code, seat, presence FROM presence WHERE code = ANY(%s)", (codes,))
            for code, seat, presence in await cursor.fetchall():
                found[code][seat] = presence
        return found

    async def add_chat(self, code: str, row: ChatRow) -> None:
        async with self.pool.connection() as conn:
            await conn.execute(
                "WITH line AS (INSERT INTO chat (code, v, seat, name, text, at) VALUES (%s, %s, %s, %s, %s, %s)"
                " RETURNING code, v) UPDATE tables SET version = line.v FROM line WHERE tables.code = line.code",
                (code, row.v, row.seat, row.name, row.text, row.at),
            )

    async def chat(self, code: str, limit: int) -> list[ChatRow]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                "SELECT v, seat, name, text, at FROM chat WHERE code = %s ORDER BY v DESC LIMIT %s", (code, limit)
            )
            rows = await cursor.fetchall()
        return [ChatRow(*row) for row in reversed(rows)]

    # --- leases ---------------------------------------------------------------------------------------------

    async def acquire(self, code: str, owner: str, address: str, ttl: float) -> Lease:
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                f"INSERT INTO leases (code, owner, address, expires) VALUES (%s, %s, %s, {NOW} + %s)"
                " ON CONFLICT (code) DO UPDATE SET owner = excluded.owner, address = excluded.address,"
                f" expires = excluded.expires WHERE leases.owner = excluded.owner OR leases.expires < {NOW}",
                (code, owner, address, ttl),
            )
            cursor = await conn.execute(
                f"SELECT owner, address, expires - {NOW} FROM leases WHERE code = %s", (code,)
            )
            found = await cursor.fetchone()
            assert found is not None  # the row was inserted or kept just above, in this transaction
            holder, where, left = found
        return Lease(code, holder, where, float(left))

    async def renew(self, owner: str, ttl: float) -> set[str]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                f"UPDATE leases SET expires = {NOW} + %s WHERE owner = %s RETURNING code", (ttl, owner)
            )
            return {row[0] for row in await cursor.fetchall()}

    async def release(self, owner: str, codes: list[str] | None = None) -> None:
        async with self.pool.connection() as conn:
            if codes is None:
                await conn.execute("DELETE FROM leases WHERE owner = %s", (owner,))
            else:
                await conn.execute("DELETE FROM leases WHERE owner = %s AND code = ANY(%s)", (owner, codes))

    async def unowned_playing(self, owner: str) -> list[str]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                f"SELECT t.code FROM tables t LEFT JOIN leases l ON l.code = t.code AND l.expires >= {NOW}"
                " AND l.owner <> %s WHERE t.status = 'playing' AND t.ended IS NULL AND l.code IS NULL"
                " ORDER BY t.created, t.code",
                (owner,),
            )
            return [row[0] for row in await cursor.fetchall()]

    async def checkpoint(self) -> None:
        """Postgres checkpoints by itself."""

    async def close(self) -> None:
        await self.pool.close()
