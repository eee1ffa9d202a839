"""The store ``--db`` names, opened: the server, ``cartas serve --check`` and ``cartas users`` all open it here,
so an operator command needs nothing of the web app."""

from __future__ import annotations

from pathlib import Path

from .postgres import PostgresStore, is_postgres_url
from .sqlite import OnLoop, SQLiteStore
from .tables import AsyncStore


async def open_store(db: Path | str) -> AsyncStore:
    """The store ``--db`` names: a Postgres database for a postgresql:// URL, else a SQLite file."""
    if is_postgres_url(db):
        return await PostgresStore(str(db)).open()
    return OnLoop(SQLiteStore(Path(db)))
