"""``cartas serve --backup FILE`` and ``--restore FILE``: a copy of a SQLite database, taken while the server runs.

The copy goes through SQLite's online backup API (:meth:`sqlite3.Connection.backup`), which reads a consistent
snapshot page by page while writers carry on (a page written meanwhile makes it start again, so under heavy
writes it copies in steps of :data:`PAGES_PER_STEP` pages with the lock let go between them). The copy is
written next to its destination and renamed into place, so a backup interrupted halfway leaves no half file.

A restore copies a backup over the database, through the same API, so the WAL and the file stay consistent.
It refuses while a server holds a live lease on the database (stop the server first), and refuses a file that
is not a cartas online database. Postgres has its own tools: ``pg_dump`` / ``pg_restore`` (docs/online.md).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from pathlib import Path

from .schema import SCHEMA_VERSION
from .tables import StoreError

PAGES_PER_STEP = 1024


def ours(path: Path) -> None:
    """Refuse, in one line, a file that is not a cartas online database this code reads; it is only read."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            version = None
            if "schema_version" in names:
                version = db.execute("SELECT max(version) FROM schema_version").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path} is not a cartas online database ({error})") from None
    if not isinstance(version, int):
        raise StoreError(f"{path} is not a cartas online database")
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path} has schema version {version}; this cartas reads versions up to {SCHEMA_VERSION}")


def _copy(source: sqlite3.Connection, target: Path) -> None:
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(partial)) as copy:
            source.backup(copy, pages=PAGES_PER_STEP)
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no WAL beside it
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def backup(db: Path, target: Path) -> int:
    """Copy the database ``db`` to the file ``target`` (replaced if it exists); the number of tables copied."""
    if not db.is_file():
        raise StoreError(f"{db}: no such database")
    ours(db)
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as source:
        _copy(source, target)
    with contextlib.closing(sqlite3.connect(target)) as copy:
        return int(copy.execute("SELECT count(*) FROM tables").fetchone()[0])


def live_leases(db: Path) -> int:
    """How many unexpired table leases the database holds: a server is running on it when any."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as source:
        row = source.execute("SELECT count(*) FROM leases WHERE expires >= ?", (time.time(),)).fetchone()
    return int(row[0])


def restore(source: Path, db: Path) -> int:
    """Put the backup ``source`` in place of the database ``db``; the number of tables restored."""
    if not source.is_file():
        raise StoreError(f"{source}: no such backup")
    ours(source)  # a foreign or newer file is refused before anything is touched
    if db.exists():
        ours(db)
        if live_leases(db):
            raise StoreError(f"a server is running on {db} (it holds table leases); stop it before restoring")
    db.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as backup_file:
        with contextlib.closing(sqlite3.connect(db)) as target:
            backup_file.backup(target)
            target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return int(target.execute("SELECT count(*) FROM tables").fetchone()[0])
