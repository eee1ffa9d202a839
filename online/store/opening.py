"""Opening the store a ``--db`` names, for the server and for the operator's commands alike.

``cartas users`` and ``cartas serve --check`` open the database with this, not through the web application, so
an operator's command loads the store and nothing of the site.
"""

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
