"""Where tables live between moves and across restarts: the store interface and its SQLite implementation.

A table is its match record (game, options, seed, moves) plus its seats, its chat and its frame version.
The table's task writes each move in one transaction and commits it BEFORE any frame about it is sent, so a
restart loses no move a player has seen. The interface is a Protocol, so another store (Postgres, for
several server processes) can be added without touching the tables.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit costs about 0.02 ms here against 4 ms with
``FULL``. In WAL mode NORMAL can lose the last commits on a power cut (never on a process crash, which is
what a restart recovers from), and never corrupts the file; a deployment that must survive power cuts sets
``synchronous`` to FULL with :data:`SQLITE_SYNCHRONOUS`.

The schema is versioned (:mod:`cartas.online.store.schema`): an older database is upgraded when the server opens
it, a newer one is refused. The Postgres store (:mod:`cartas.online.store.postgres`) is asynchronous; the tables use
both through :class:`AsyncStore`, the SQLite store wrapped in :class:`OnLoop`.

The table tasks' connection never checkpoints (``wal_autocheckpoint = 0``): a checkpoint writes the WAL back
into the database file and syncs it, which took up to 55 ms here, and it would stall the event loop. The
server calls :meth:`SQLiteStore.checkpoint` from a worker thread every few seconds instead (measured: the
slowest of 20,000 commits fell from 55 ms to 10 ms, the 99th percentile from 4.3 ms to 0.9 ms).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from .schema import SCHEMA_VERSION, steps_after

log = logging.getLogger("cartas.online")

SQLITE_SYNCHRONOUS = "NORMAL"
WAL_LIMIT = 8 * 2**20
"""Bytes the WAL may hold before the checkpoint empties it (TRUNCATE), and the size SQLite cuts it back to
after it restarts (``journal_size_limit``): with the checkpoint's size check every half second, the WAL stays
within a few times this under any write storm (benchmarks/wal_storm.py)."""
WAL_HARD_LIMIT = 4 * WAL_LIMIT
"""Bytes past which the WAL is emptied by the writing connection itself (see :meth:`SQLiteStore.committed`)."""
WAL_LOOK_COMMITS = 100
BUSY_SECONDS = 5.0
"""How long a write waits for the checkpoint (or another process) to let go of the database before failing."""


class StoreError(Exception):
    """The database cannot be used: not a cartas online database, or a newer schema than this code knows."""


class DamagedTable(StoreError):
    """One table's rows cannot be read (a damaged page of the file): the table is skipped, the others served."""

    def __init__(self, code: str, error: BaseException) -> None:
        super().__init__(f"table {code} cannot be read from the database ({error}); it is skipped")
        self.code = code


@dataclass(frozen=True)
class SeatRow:
    """One seat: empty, a person (by name, with the hash of their token) or a bot at a level."""

    seat: int
    kind: str = "empty"
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    host: bool = False

    def emptied(self) -> SeatRow:
        return SeatRow(self.seat)

    def at(self, seat: int) -> SeatRow:
        """The same occupant at another seat (for moves and rotations)."""
        return replace(self, seat=seat)


@dataclass
class TableRow:
    """A table as stored: its match (game, options, seed, position), its lobby settings and its status."""

    code: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    grace: float
    bot_level: str
    host_hash: str
    created: str
    position: dict[str, Any] | None = None
    version: int = 0
    finished: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    spectator_chat: bool = False
    """Whether spectators may chat (the host's choice at creation; no by default)."""
    clock: dict[str, Any] | None = None
    """The table's clock (cartas.online.game.clock.ClockState as JSON), None when it has none."""
    previous: str | None = None
    """The code of the finished table this one is a rematch of (its people in the same seats), else None."""


PURGED = ("chat", "presence", "leases", "moves", "seats", "tables")
"""What an expired table is deleted from, in an order the foreign keys allow."""
ENDED = ("expired", "abandoned")
"""The statuses of a table stopped before its end, kept in the ``ended`` column (``status`` stays as it was):
expired in the lobby, or abandoned in play with nobody connected. Neither is ever rebuilt at a restart."""


@dataclass(frozen=True)
class ChatRow:
    v: int
    seat: int | None
    name: str
    text: str
    at: str


class Store(Protocol):
    """What a table needs from its storage. Every write method commits before it returns."""

    def create_table(self, table: TableRow) -> bool:
        """Store a new table and its seats; False when the code is taken (the caller draws another)."""
        ...

    def load_table(self, code: str) -> TableRow | None: ...

    def tables_with_status(self, status: str) -> list[TableRow]: ...

    def save_lobby(self, code: str, seats: list[SeatRow], version: int, options: dict[str, Any] | None = None) -> None:
        """Replace the seats (and the options, when the seat order changed them) at a new frame version."""
        ...

    def start(self, code: str, seats: list[SeatRow], version: int) -> None: ...

    def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None:
        """Append move ``n`` (0-based) and the table's new version; mark the table finished when ``finished``;
        replace the table's clock (JSON) when ``clock`` is given, in the same transaction."""
        ...

    def save_clock(self, code: str, clock: str, version: int, finished: str | None = None) -> None:
        """Replace the table's clock (JSON) at a new version, and mark it finished when ``finished`` (lost on time)."""
        ...

    def moves(self, code: str) -> list[tuple[int, str]]: ...

    def set_version(self, code: str, version: int) -> None: ...

    def set_presence(self, code: str, seat: int, presence: str, version: int) -> None:
        """Record who is at a person's seat now (``online``, ``away``, ``bot``) at the table's new version."""
        ...

    def clear_presence(self, code: str) -> None:
        """Forget who was at the table's seats: a process that loads it has nobody connected yet."""
        ...

    def presence(self, codes: list[str]) -> dict[str, dict[int, str]]:
        """The recorded presence at these tables, by code and seat (a seat not recorded is away)."""
        ...

    def add_chat(self, code: str, row: ChatRow) -> None:
        """Store a chat line; its ``v`` is the table's new version."""
        ...

    def chat(self, code: str, limit: int) -> list[ChatRow]: ...

    def open_tables_page(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]:
        """Up to ``limit`` tables in the lobby with a free seat, in (created, code) order after ``after``: one
        indexed range read, whatever the number of tables."""
        ...

    def lobby_older_than(self, created: str, limit: int) -> list[str]:
        """The codes of up to ``limit`` live tables in the lobby created before ``created``, oldest first."""
        ...

    def end_table(self, code: str, reason: str) -> None:
        """Mark a table stopped before its end (``reason`` in :data:`ENDED`) and forget its presence rows."""
        ...

    def purge_expired(self, created: str, limit: int) -> int:
        """Delete up to ``limit`` expired tables created before ``created`` (no match was played at them) with
        their seats and chat; how many."""
        ...

    def acquire(self, code: str, owner: str, address: str, ttl: float) -> Lease:
        """Take or renew the lease of a table unless another owner holds an unexpired one; the lease it has now."""
        ...

    def renew(self, owner: str, ttl: float) -> set[str]:
        """Extend every lease ``owner`` holds by ``ttl`` seconds from now; the codes it still holds."""
        ...

    def release(self, owner: str, codes: list[str] | None = None) -> None:
        """Give up the leases of ``codes`` (all of ``owner``'s when None), so another process may take them at once."""
        ...

    def unowned_playing(self, owner: str) -> list[str]:
        """Tables in play that no live lease of another owner covers: their process died, or stopped without
        releasing them, or was this very owner before a restart (an owner id may be stable across restarts)."""
        ...

    def checkpoint(self) -> None:
        """Housekeeping the server runs off the event loop, in a worker thread, every few seconds."""
        ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Lease:
    """Who runs a table (a process's owner id and the address it can be reached at) and for how many more seconds."""

    code: str
    owner: str
    address: str
    seconds_left: float


class AsyncStore(Protocol):
    """The store as the tables use it: every method a coroutine, so a store over the network never blocks the loop.

    The methods and their meaning are those of :class:`Store`.
    """

    async def create_table(self, table: TableRow) -> bool: ...
    async def load_table(self, code: str) -> TableRow | None: ...
    async def tables_with_status(self, status: str) -> list[TableRow]: ...
    async def open_tables_page(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]: ...
    async def lobby_older_than(self, created: str, limit: int) -> list[str]: ...
    async def end_table(self, code: str, reason: str) -> None: ...
    async def purge_expired(self, created: str, limit: int) -> int: ...
    async def save_lobby(
        self, code: str, seats: list[SeatRow], version: int, options: dict[str, Any] | None = None
    ) -> None: ...
    async def start(self, code: str, seats: list[SeatRow], version: int) -> None: ...
    async def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None: ...
    async def save_clock(self, code: str, clock: str, version: int, finished: str | None = None) -> None: ...
    async def moves(self, code: str) -> list[tuple[int, str]]: ...
    async def set_version(self, code: str, version: int) -> None: ...
    async def set_presence(self, code: str, seat: int, presence: str, version: int) -> None: ...
    async def clear_presence(self, code: str) -> None: ...
    async def presence(self, codes: list[str]) -> dict[str, dict[int, str]]: ...
    async def add_chat(self, code: str, row: ChatRow) -> None: ...
    async def chat(self, code: str, limit: int) -> list[ChatRow]: ...
    async def acquire(self, code: str, owner: str, address: str, ttl: float) -> Lease: ...
    async def renew(self, owner: str, ttl: float) -> set[str]: ...
    async def release(self, owner: str, codes: list[str] | None = None) -> None: ...
    async def unowned_playing(self, owner: str) -> list[str]: ...
    async def checkpoint(self) -> None: ...
    async def close(self) -> None: ...


class OnLoop:
    """A synchronous :class:`Store` used as an :class:`AsyncStore`: each call runs at once on the event loop.

    Right for SQLite, whose commits take tens of microseconds: a hop to a thread would cost more than the work.
    Only the checkpoint, which syncs the file, goes to a worker thread. ``sync`` is the wrapped store.
    """

    def __init__(self, sync: Store) -> None:
        self.sync = sync

    async def create_table(self, table: TableRow) -> bool:
        return self.sync.create_table(table)

    async def load_table(self, code: str) -> TableRow | None:
        return self.sync.load_table(code)

    async def tables_with_status(self, status: str) -> list[TableRow]:
        return self.sync.tables_with_status(status)

    async def open_tables_page(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]:
        return self.sync.open_tables_page(limit, after)

    async def lobby_older_than(self, created: str, limit: int) -> list[str]:
        return self.sync.lobby_older_than(created, limit)

    async def end_table(self, code: str, reason: str) -> None:
        self.sync.end_table(code, reason)

    async def purge_expired(self, created: str, limit: int) -> int:
        return self.sync.purge_expired(created, limit)

    async def save_lobby(
        self, code: str, seats: list[SeatRow], version: int, options: dict[str, Any] | None = None
    ) -> None:
        self.sync.save_lobby(code, seats, version, options)

    async def start(self, code: str, seats: list[SeatRow], version: int) -> None:
        self.sync.start(code, seats, version)

    async def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None:
        self.sync.add_move(code, n, seat, action, version, finished, clock)

    async def save_clock(self, code: str, clock: str, version: int, finished: str | None = None) -> None:
        self.sync.save_clock(code, clock, version, finished)

    async def moves(self, code: str) -> list[tuple[int, str]]:
        return self.sync.moves(code)

    async def set_version(self, code: str, version: int) -> None:
        self.sync.set_version(code, version)

    async def set_presence(self, code: str, seat: int, presence: str, version: int) -> None:
        self.sync.set_presence(code, seat, presence, version)

    async def clear_presence(self, code: str) -> None:
        self.sync.clear_presence(code)

    async def presence(self, codes: list[str]) -> dict[str, dict[int, str]]:
        return self.sync.presence(codes)

    async def add_chat(self, code: str, row: ChatRow) -> None:
        self.sync.add_chat(code, row)

    async def chat(self, code: str, limit: int) -> list[ChatRow]:
        return self.sync.chat(code, limit)

    async def acquire(self, code: str, owner: str, address: str, ttl: float) -> Lease:
        return self.sync.acquire(code, owner, address, ttl)

    async def renew(self, owner: str, ttl: float) -> set[str]:
        return self.sync.renew(owner, ttl)

    async def release(self, owner: str, codes: list[str] | None = None) -> None:
        self.sync.release(owner, codes)

    async def unowned_playing(self, owner: str) -> list[str]:
        return self.sync.unowned_playing(owner)

    async def checkpoint(self) -> None:
        await asyncio.to_thread(self.sync.checkpoint)

    async def close(self) -> None:
        self.sync.close()


class SQLiteStore:
    """The default store: one SQLite file in WAL mode, used from the event loop's thread only.

    A write is a few microseconds of work plus the commit (tens of microseconds with NORMAL), so the table
    tasks call it directly rather than through a thread: that keeps "commit, then broadcast" a plain sequence.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.commits = 0
        try:
            self.db = self._connect()
            version = self._check()  # before any write, so a foreign file is left exactly as it was
            self._configure()
            self._upgrade(version)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is not a cartas online database ({error}); it was left as it is") from None

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_SECONDS)

    def _configure(self) -> None:
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.execute("PRAGMA wal_autocheckpoint = 0")
        self.db.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT}")

    def committed(self) -> None:
        """After a commit: every :data:`WAL_LOOK_COMMITS` commits, the WAL's size is looked at, and one past
        :data:`WAL_HARD_LIMIT` (writes faster than the worker thread's checkpoints keep up with) is emptied here
        and now. That stalls this thread for the checkpoint, so it is the backstop, never the usual way."""
        self.commits += 1
        if self.commits % WAL_LOOK_COMMITS or self.wal_bytes() <= WAL_HARD_LIMIT:
            return
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as error:
            log.warning("the database checkpoint failed: %s", error)

    def recover(self) -> None:
        """Put the connection back in a usable state after a failed write (a full disk, an I/O error).

        The transaction is rolled back; when even that fails, the connection is closed and opened again. SQLite
        may have rolled back by itself (it does on SQLITE_FULL and SQLITE_IOERR) or may have left the
        transaction open: either way the next write starts afresh, and succeeds as soon as the disk allows it.
        """
        try:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            return
        except sqlite3.Error as error:
            log.warning("the database connection is reset after a failed rollback: %s", error)
        with contextlib.suppress(sqlite3.Error):
            self.db.close()
        try:
            self.db = self._connect()
            self._configure()
        except sqlite3.Error as error:  # the next write tries again
            log.error("the database could not be opened again: %s", error)

    def _check(self) -> int:
        """The database's schema version, 0 when it is empty; refuse one that is not ours or is newer than this code."""
        names = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not names:
            return 0
        if "schema_version" not in names:
            raise StoreError(f"{self.path} is not a cartas online database; it was left as it is")
        version = self.db.execute("SELECT max(version) FROM schema_version").fetchone()[0]
        if not isinstance(version, int) or version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} has schema version {version}; this cartas reads versions up to {SCHEMA_VERSION}"
            )
        return version

    def _upgrade(self, version: int, target: int = SCHEMA_VERSION) -> None:
        """Apply the schema steps the database lacks, each in one transaction with its version row."""
        for number, statements in steps_after(version, target):
            with self._transaction() as db:
                for statement in statements:
                    db.execute(statement)
                db.execute("INSERT INTO schema_version VALUES (?)", (number,))

    class _Tx:
        """One transaction: committed when its block ends normally; rolled back (and the connection reset if
        need be) when the block or the commit fails, so a failed write never leaves the connection stuck."""

        def __init__(self, store: SQLiteStore) -> None:
            self.store = store
            self.db = store.db

        def __enter__(self) -> sqlite3.Connection:
            try:
                if not self.db.in_transaction:
                    self.db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error:
                self.store.recover()
                raise
            return self.db

        def __exit__(self, kind: Any, value: Any, trace: Any) -> None:
            if kind is not None:
                self.store.recover()
                return
            try:
                if self.db.in_transaction:
                    self.db.execute("COMMIT")
            except sqlite3.Error:
                self.store.recover()
                raise
            self.store.committed()

    def _transaction(self) -> SQLiteStore._Tx:
        return SQLiteStore._Tx(self)

    # --- tables ----------------------------------------------------------------------------------------------

    def create_table(self, table: TableRow) -> bool:
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO tables (code, game, options, seed, position, status, grace, bot_level, host_hash,"
                    " version, created, finished, spectator_chat, clock, previous)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.code, table.game, json.dumps(table.options), table.seed,
                        None if table.position is None else json.dumps(table.position), table.status, table.grace,
                        table.bot_level, table.host_hash, table.version, table.created, table.finished,
                        int(table.spectator_chat), None if table.clock is None else json.dumps(table.clock),
                        table.previous,
                    ),
                )
                self._write_seats(db, table.code, table.seats)
        except sqlite3.IntegrityError:
            return False
        return True

    def _write_seats(self, db: sqlite3.Connection, code: str, seats: list[SeatRow]) -> None:
        db.execute("DELETE FROM seats WHERE code = ?", (code,))
        db.executemany(
            "INSERT INTO seats (code, seat, kind, name, level, token_hash, host) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(code, s.seat, s.kind, s.name, s.level, s.token_hash, int(s.host)) for s in seats],
        )

    def _row(self, row: tuple[Any, ...]) -> TableRow:
        (code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished,
         ended, spectator_chat, clock, previous) = row
        seats = [
            SeatRow(seat, kind, name, level, token_hash, bool(host))
            for seat, kind, name, level, token_hash, host in self.db.execute(
                "SELECT seat, kind, name, level, token_hash, host FROM seats WHERE code = ? ORDER BY seat", (code,)
            )
        ]
        return TableRow(
            code=code, game=game, options=json.loads(options), seed=seed, status=ended or status, grace=grace,
            bot_level=bot_level, host_hash=host_hash, created=created,
            position=None if position is None else json.loads(position), version=version, finished=finished,
            seats=seats, spectator_chat=bool(spectator_chat), clock=None if clock is None else json.loads(clock),
            previous=previous,
        )

    _COLUMNS = (
        "code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished,"
        " ended, spectator_chat, clock, previous"
    )

    def load_table(self, code: str) -> TableRow | None:
        try:
            row = self.db.execute(f"SELECT {self._COLUMNS} FROM tables WHERE code = ?", (code,)).fetchone()
            return None if row is None else self._row(row)
        except (sqlite3.DatabaseError, ValueError) as error:
            raise DamagedTable(code, error) from None

    def tables_with_status(self, status: str) -> list[TableRow]:
        """The tables with ``status``; one whose rows cannot be read is left out with one line in the log."""
        found = []
        codes = self.db.execute(
            "SELECT code FROM tables WHERE status = ? AND ended IS NULL ORDER BY created", (status,)
        ).fetchall()
        for (code,) in codes:
            try:
                row = self.load_table(code)
            except DamagedTable as error:
                log.error("%s", error)
                continue
            if row is not None:
                found.append(row)
        return found

    def open_tables_page(self, limit: int, after: tuple[str, str] | None = None) -> list[TableRow]:
        created, code = after or ("", "")
        rows = self.db.execute(
            f"SELECT {self._COLUMNS} FROM tables t WHERE status = 'lobby' AND ended IS NULL"
            " AND (created, code) > (?, ?)"
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.kind = 'empty')"
            " ORDER BY created, code LIMIT ?",
            (created, code, limit),
        ).fetchall()
        return [self._row(row) for row in rows]

    def lobby_older_than(self, created: str, limit: int) -> list[str]:
        rows = self.db.execute(
            "SELECT code FROM tables WHERE status = 'lobby' AND ended IS NULL AND created < ? ORDER BY created, code"
            " LIMIT ?",
            (created, limit),
        )
        return [row[0] for row in rows]

    def end_table(self, code: str, reason: str) -> None:
        if reason not in ENDED:
            raise ValueError(f"a table ends early as one of {', '.join(ENDED)}, not {reason!r}")
        with self._transaction() as db:
            db.execute("UPDATE tables SET ended = ? WHERE code = ?", (reason, code))
            db.execute("DELETE FROM presence WHERE code = ?", (code,))

    def purge_expired(self, created: str, limit: int) -> int:
        with self._transaction() as db:
            codes = [(row[0],) for row in db.execute(
                "SELECT code FROM tables WHERE status = 'lobby' AND ended = 'expired' AND created < ? ORDER BY created"
                " LIMIT ?",
                (created, limit),
            )]
            for table in PURGED:
                db.executemany(f"DELETE FROM {table} WHERE code = ?", codes)
        return len(codes)

    def save_lobby(self, code: str, seats: list[SeatRow], version: int, options: dict[str, Any] | None = None) -> None:
        with self._transaction() as db:
            self._write_seats(db, code, seats)
            db.execute("UPDATE tables SET version = ? WHERE code = ?", (version, code))
            if options is not None:
                db.execute("UPDATE tables SET options = ? WHERE code = ?", (json.dumps(options), code))

    def start(self, code: str, seats: list[SeatRow], version: int) -> None:
        with self._transaction() as db:
            self._write_seats(db, code, seats)
            db.execute("UPDATE tables SET status = 'playing', version = ? WHERE code = ?", (version, code))

    # --- moves, versions and chat ------------------------------------------------------------------------------

    def add_move(
        self, code: str, n: int, seat: int, action: str, version: int, finished: str | None, clock: str | None = None
    ) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO moves (code, n, seat, action) VALUES (?, ?, ?, ?)", (code, n, seat, action))
            if clock is not None:
                db.execute("UPDATE tables SET clock = ? WHERE code = ?", (clock, code))
            if finished is None:
                db.execute("UPDATE tables SET version = ? WHERE code = ?", (version, code))
            else:
                db.execute(
                    "UPDATE tables SET version = ?, status = 'finished', finished = ? WHERE code = ?",
                    (version, finished, code),
                )

    def save_clock(self, code: str, clock: str, version: int, finished: str | None = None) -> None:
        with self._transaction() as db:
            db.execute("UPDATE tables SET clock = ?, version = ? WHERE code = ?", (clock, version, code))
            if finished is not None:
                db.execute("UPDATE tables SET status = 'finished', finished = ? WHERE code = ?", (finished, code))

    def moves(self, code: str) -> list[tuple[int, str]]:
        try:
            return [
                (seat, action)
                for seat, action in self.db.execute("SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (code,))
            ]
        except sqlite3.DatabaseError as error:
            raise DamagedTable(code, error) from None

    def set_version(self, code: str, version: int) -> None:
        with self._transaction() as db:
            db.execute("UPDATE tables SET version = ? WHERE code = ?", (version, code))

    def set_presence(self, code: str, seat: int, presence: str, version: int) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO presence (code, seat, presence) VALUES (?, ?, ?)"
                " ON CONFLICT (code, seat) DO UPDATE SET presence = excluded.presence",
                (code, seat, presence),
            )
            # max: a coalesced presence write (cartas.online.game.presence) may come after a later move's commit.
            db.execute("UPDATE tables SET version = max(version, ?) WHERE code = ?", (version, code))

    def clear_presence(self, code: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM presence WHERE code = ?", (code,))

    def presence(self, codes: list[str]) -> dict[str, dict[int, str]]:
        found: dict[str, dict[int, str]] = {code: {} for code in codes}
        for start in range(0, len(codes), 500):  # SQLite's limit on parameters
            chunk = codes[start:start + 500]
            rows = self.db.execute(
                f"SELECT code, seat, presence FROM presence WHERE code IN ({', '.join('?' * len(chunk))})", chunk
            )
            for code, seat, presence in rows:
                found[code][seat] = presence
        return found

    def add_chat(self, code: str, row: ChatRow) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO chat (code, v, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)",
                (code, row.v, row.seat, row.name, row.text, row.at),
            )
            db.execute("UPDATE tables SET version = ? WHERE code = ?", (row.v, code))

    def chat(self, code: str, limit: int) -> list[ChatRow]:
        rows = self.db.execute(
            "SELECT v, seat, name, text, at FROM chat WHERE code = ? ORDER BY v DESC LIMIT ?", (code, limit)
        ).fetchall()
        return [ChatRow(*row) for row in reversed(rows)]

    # --- leases (several processes on one file: they must share a machine, as SQLite locks by file) -----------

    def acquire(self, code: str, owner: str, address: str, ttl: float) -> Lease:
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO leases (code, owner, address, expires) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO UPDATE"
                " SET owner = excluded.owner, address = excluded.address, expires = excluded.expires"
                " WHERE leases.owner = excluded.owner OR leases.expires < ?",
                (code, owner, address, now + ttl, now),
            )
            holder, where, expires = db.execute(
                "SELECT owner, address, expires FROM leases WHERE code = ?", (code,)
            ).fetchone()
        return Lease(code, holder, where, expires - now)

    def renew(self, owner: str, ttl: float) -> set[str]:
        with self._transaction() as db:
            db.execute("UPDATE leases SET expires = ? WHERE owner = ?", (time.time() + ttl, owner))
            return {row[0] for row in db.execute("SELECT code FROM leases WHERE owner = ?", (owner,))}

    def release(self, owner: str, codes: list[str] | None = None) -> None:
        with self._transaction() as db:
            if codes is None:
                db.execute("DELETE FROM leases WHERE owner = ?", (owner,))
            else:
                db.executemany("DELETE FROM leases WHERE owner = ? AND code = ?", [(owner, code) for code in codes])

    def unowned_playing(self, owner: str) -> list[str]:
        rows = self.db.execute(
            "SELECT t.code FROM tables t LEFT JOIN leases l ON l.code = t.code AND l.expires >= ? AND l.owner <> ?"
            " WHERE t.status = 'playing' AND t.ended IS NULL AND l.code IS NULL ORDER BY t.created",
            (time.time(), owner),
        )
        return [row[0] for row in rows]

    def wal_bytes(self) -> int:
        """The WAL file's size now (0 when there is none)."""
        try:
            return Path(f"{self.path}-wal").stat().st_size
        except OSError:
            return 0

    def checkpoint(self) -> None:
        """Copy the WAL back into the database file, from a connection of the calling thread's own.

        PASSIVE first: it never waits for the table tasks' writes, and they never wait for it. Under steady
        writes a PASSIVE checkpoint never catches up with the writers, so the WAL is never started again from
        its beginning and grows without end (1.5 GiB in 20 s of a write storm here). So when the WAL is over
        :data:`WAL_LIMIT` after it, a TRUNCATE checkpoint follows: it waits for the writer of the moment,
        copies what the PASSIVE one left (little) while holding writers back, and empties the file.
        """
        with contextlib.closing(sqlite3.connect(self.path, timeout=BUSY_SECONDS)) as own:
            own.execute("PRAGMA wal_checkpoint(PASSIVE)")
            if self.wal_bytes() > WAL_LIMIT:
                own.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.DatabaseError:
            pass
        self.db.close()
