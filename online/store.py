"""Where tables live between moves and across restarts: the store interface and its SQLite implementation.

A table is its match record (game, options, seed, moves) plus its seats, its chat and its frame version.
The table's task writes each move in one transaction and commits it BEFORE any frame about it is sent, so a
restart loses no move a player has seen. The interface is a Protocol, so another store (Postgres, for
several server processes) can be added without touching the tables.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit costs about 0.02 ms here against 4 ms with
``FULL``. In WAL mode NORMAL can lose the last commits on a power cut (never on a process crash, which is
what a restart recovers from), and never corrupts the file; a deployment that must survive power cuts sets
``synchronous`` to FULL with :data:`SQLITE_SYNCHRONOUS`.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 1
SQLITE_SYNCHRONOUS = "NORMAL"
SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    position TEXT,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished')),
    grace REAL NOT NULL,
    bot_level TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE seats (
    code TEXT NOT NULL REFERENCES tables (code),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('empty', 'human', 'bot')),
    name TEXT,
    level TEXT,
    token_hash TEXT,
    host INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, seat)
);
CREATE TABLE moves (
    code TEXT NOT NULL REFERENCES tables (code),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE chat (
    code TEXT NOT NULL REFERENCES tables (code),
    v INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (code, v)
);
CREATE INDEX tables_status ON tables (status);
"""


class StoreError(Exception):
    """The database cannot be used: not a cartas online database, or a newer schema than this code knows."""


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

    def add_move(self, code: str, n: int, seat: int, action: str, version: int, finished: str | None) -> None:
        """Append move ``n`` (0-based) and the table's new version; mark the table finished when ``finished``."""
        ...

    def moves(self, code: str) -> list[tuple[int, str]]: ...

    def set_version(self, code: str, version: int) -> None: ...

    def add_chat(self, code: str, row: ChatRow) -> None:
        """Store a chat line; its ``v`` is the table's new version."""
        ...

    def chat(self, code: str, limit: int) -> list[ChatRow]: ...

    def close(self) -> None: ...


class SQLiteStore:
    """The default store: one SQLite file in WAL mode, used from the event loop's thread only.

    A write is a few microseconds of work plus the commit (tens of microseconds with NORMAL), so the table
    tasks call it directly rather than through a thread: that keeps "commit, then broadcast" a plain sequence.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
            self.db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is not a cartas online database ({error}); it was left as it is") from None

    def _migrate(self) -> None:
        names = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not names:
            self.db.executescript(
                "BEGIN;" + SCHEMA + f"INSERT INTO schema_version VALUES ({SCHEMA_VERSION}); COMMIT;"
            )
            return
        if "schema_version" not in names:
            raise StoreError(f"{self.path} is not a cartas online database; it was left as it is")
        version = self.db.execute("SELECT max(version) FROM schema_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} has schema version {version}; this cartas reads version {SCHEMA_VERSION}"
            )

    class _Tx:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __enter__(self) -> sqlite3.Connection:
            if not self.db.in_transaction:
                self.db.execute("BEGIN")
            return self.db

        def __exit__(self, kind: Any, value: Any, trace: Any) -> None:
            if not self.db.in_transaction:
                return
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")

    def _transaction(self) -> SQLiteStore._Tx:
        return SQLiteStore._Tx(self.db)

    # --- tables ----------------------------------------------------------------------------------------------

    def create_table(self, table: TableRow) -> bool:
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO tables (code, game, options, seed, position, status, grace, bot_level, host_hash,"
                    " version, created, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.code, table.game, json.dumps(table.options), table.seed,
                        None if table.position is None else json.dumps(table.position), table.status, table.grace,
                        table.bot_level, table.host_hash, table.version, table.created, table.finished,
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
        code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished = row
        seats = [
            SeatRow(seat, kind, name, level, token_hash, bool(host))
            for seat, kind, name, level, token_hash, host in self.db.execute(
                "SELECT seat, kind, name, level, token_hash, host FROM seats WHERE code = ? ORDER BY seat", (code,)
            )
        ]
        return TableRow(
            code=code, game=game, options=json.loads(options), seed=seed, status=status, grace=grace,
            bot_level=bot_level, host_hash=host_hash, created=created,
            position=None if position is None else json.loads(position), version=version, finished=finished,
            seats=seats,
        )

    _COLUMNS = "code, game, options, seed, position, status, grace, bot_level, host_hash, version, created, finished"

    def load_table(self, code: str) -> TableRow | None:
        row = self.db.execute(f"SELECT {self._COLUMNS} FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else self._row(row)

    def tables_with_status(self, status: str) -> list[TableRow]:
        rows = self.db.execute(
            f"SELECT {self._COLUMNS} FROM tables WHERE status = ? ORDER BY created", (status,)
        ).fetchall()
        return [self._row(row) for row in rows]

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

    def add_move(self, code: str, n: int, seat: int, action: str, version: int, finished: str | None) -> None:
        with self._transaction() as db:
            db.execute("INSERT INTO moves (code, n, seat, action) VALUES (?, ?, ?, ?)", (code, n, seat, action))
            if finished is None:
                db.execute("UPDATE tables SET version = ? WHERE code = ?", (version, code))
            else:
                db.execute(
                    "UPDATE tables SET version = ?, status = 'finished', finished = ? WHERE code = ?",
                    (version, finished, code),
                )

    def moves(self, code: str) -> list[tuple[int, str]]:
        return [
            (seat, action)
            for seat, action in self.db.execute("SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (code,))
        ]

    def set_version(self, code: str, version: int) -> None:
        with self._transaction() as db:
            db.execute("UPDATE tables SET version = ? WHERE code = ?", (version, code))

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

    def close(self) -> None:
        self.db.close()
