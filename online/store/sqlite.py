"""The default store: one SQLite file in WAL mode, its statements run at once on the event loop's thread.

A write is a few microseconds of work plus the commit (tens of microseconds with ``synchronous=NORMAL``), so the
table tasks run it directly rather than through a thread: "commit, then broadcast" stays a plain sequence. The
table store's SQL is :class:`~cartas.online.store.tables.TableStore`'s, over a
:class:`~cartas.online.store.db.SQLiteRunner` on this file; :class:`SQLiteStore` also offers every one of its
methods synchronously (tools and tests), since over SQLite they never wait.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit costs about 0.02 ms here against 4 ms with
``FULL``. In WAL mode NORMAL can lose the last commits on a power cut (never on a process crash, which is
what a restart recovers from), and never corrupts the file; a deployment that must survive power cuts sets
``synchronous`` to FULL with :data:`SQLITE_SYNCHRONOUS`.

The table tasks' connection never checkpoints (``wal_autocheckpoint = 0``): a checkpoint writes the WAL back
into the database file and syncs it, which took up to 55 ms here, and it would stall the event loop. The
server calls :meth:`SQLiteStore.checkpoint` from a worker thread every few seconds instead (measured: the
slowest of 20,000 commits fell from 55 ms to 10 ms, the 99th percentile from 4.3 ms to 0.9 ms).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .db import NOW_FUNCTION, SQLiteRunner, done
from .rows import StoreError
from .schema import SCHEMA_VERSION, schema_version, upgrade
from .tables import TableStore

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


class SQLiteStore:
    """One SQLite file, used from the event loop's thread only: its connection, its transactions and its WAL.

    Every method of :class:`~cartas.online.store.tables.TableStore` is also one of this object's, run to its end
    at once (``store.moves(code)``); the server uses them as coroutines through :class:`OnLoop`.
    """

    def __init__(self, path: Path | str, target: int = SCHEMA_VERSION) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.commits = 0
        self.tables = TableStore(SQLiteRunner(self, str(self.path)))
        try:
            self.db = self._connect()
            done(schema_version(self.tables.runner))  # before any write, so a foreign file is left exactly as it was
            self._configure()
            done(upgrade(self.tables.runner, target))
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is not a cartas online database ({error}); it was left as it is") from None

    def __getattr__(self, name: str) -> Any:
        """A table store's method, run synchronously (:func:`~cartas.online.store.db.done`)."""
        if name.startswith("_") or name in ("tables", "db"):
            raise AttributeError(name)
        method = getattr(self.tables, name)
        return lambda *args, **kwargs: done(method(*args, **kwargs))

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_SECONDS)
        db.create_function(NOW_FUNCTION, 0, time.time)
        return db

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

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed when its block ends normally; rolled back (and the connection reset if
        need be) when the block or the commit fails, so a failed write never leaves the connection stuck."""
        db = self.db
        try:
            if not db.in_transaction:
                db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error:
            self.recover()
            raise
        try:
            yield db
        except BaseException:
            self.recover()
            raise
        try:
            if db.in_transaction:
                db.execute("COMMIT")
        except sqlite3.Error:
            self.recover()
            raise
        self.committed()

    _transaction = transaction

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


class OnLoop(TableStore):
    """The SQLite file's table store as the server uses it: each statement runs at once on the event loop, the
    checkpoint in a worker thread. ``sync`` is the file (:class:`SQLiteStore`)."""

    def __init__(self, sync: SQLiteStore) -> None:
        super().__init__(sync.tables.runner)
        self.sync = sync

    async def checkpoint(self) -> None:
        await asyncio.to_thread(self.sync.checkpoint)

    async def close(self) -> None:
        self.sync.close()
