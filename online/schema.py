"""The online database's schema as numbered steps, shared by the SQLite and the Postgres store.

Step 1 is the schema the first ``cartas serve`` created; each later step turns version n-1 into version n.
A store applies the steps a database lacks when it opens it, each in its own transaction together with the
row that records the new version in ``schema_version``, so a server killed mid-upgrade leaves the database
at the last whole version. The DDL is written in the subset both databases read the same way (BIGINT and
DOUBLE PRECISION are INTEGER and REAL to SQLite).
"""

from __future__ import annotations

STEPS: dict[int, list[str]] = {
    1: [
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        """CREATE TABLE tables (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            position TEXT,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished')),
            grace DOUBLE PRECISION NOT NULL,
            bot_level TEXT NOT NULL,
            host_hash TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            created TEXT NOT NULL,
            finished TEXT
        )""",
        """CREATE TABLE seats (
            code TEXT NOT NULL REFERENCES tables (code),
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('empty', 'human', 'bot')),
            name TEXT,
            level TEXT,
            token_hash TEXT,
            host INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (code, seat)
        )""",
        """CREATE TABLE moves (
            code TEXT NOT NULL REFERENCES tables (code),
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (code, n)
        )""",
        """CREATE TABLE chat (
            code TEXT NOT NULL REFERENCES tables (code),
            v INTEGER NOT NULL,
            seat INTEGER,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (code, v)
        )""",
        "CREATE INDEX tables_status ON tables (status)",
    ],
    # Version 2: which server process runs each table, until when (seconds since the epoch, by the database's
    # clock where it has one), and where it can be reached (for the redirect hint).
    2: [
        """CREATE TABLE leases (
            code TEXT PRIMARY KEY REFERENCES tables (code),
            owner TEXT NOT NULL,
            address TEXT NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX leases_owner ON leases (owner)",
    ],
    # Version 3: who is at each seat of a person (online, away, or a bot playing for them), written by the
    # table's owner at each change, so the open-tables list of every process shows it.
    3: [
        """CREATE TABLE presence (
            code TEXT NOT NULL REFERENCES tables (code),
            seat INTEGER NOT NULL,
            presence TEXT NOT NULL CHECK (presence IN ('online', 'away', 'bot')),
            PRIMARY KEY (code, seat)
        )""",
    ],
    # Version 4: why a table stopped before its end ('expired': nobody joined it in time; 'abandoned': nobody
    # was connected for longer than its grace), whether spectators may chat, and the open-tables list's index
    # (read a page at a time in creation order).
    4: [
        "ALTER TABLE tables ADD COLUMN ended TEXT CHECK (ended IN ('expired', 'abandoned'))",
        "ALTER TABLE tables ADD COLUMN spectator_chat INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX tables_open ON tables (status, created, code)",
    ],
}

SCHEMA_VERSION = max(STEPS)
"""The version this code reads and writes; an older database is upgraded, a newer one refused."""


def steps_after(version: int, target: int = SCHEMA_VERSION) -> list[tuple[int, list[str]]]:
    """The steps that bring a database at ``version`` (0 when empty) to ``target``, in order."""
    return [(n, STEPS[n]) for n in range(version + 1, target + 1)]
