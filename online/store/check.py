"""``cartas serve --check``: is a database whole, and does every table in it replay?

SQLite's own check comes first (``PRAGMA integrity_check``: every page, every index against its table), then each
table is read and, when its match has begun, its stored moves are replayed through the game's rules, as a server
does when it takes the table over. Each problem is one line naming the table where there is one; an empty list
means the database is sound. Works on a database a server is using (it only reads).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cartas.core.errors import CartasError
from cartas.core.plugins.registry import Registry
from cartas.core.position import Position
from cartas.core.record import MatchRecord, replay
from .db import runner_for
from .opening import open_store
from .tables import AsyncStore, StoreError

INTEGRITY_LINES = 100
"""The most lines of SQLite's integrity report kept (one damaged page can produce hundreds)."""


def sqlite_integrity(path: Path) -> list[str]:
    """SQLite's integrity report for the file, one problem a line (nothing when it says ok)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            lines = [row[0] for row in db.execute(f"PRAGMA integrity_check({INTEGRITY_LINES})")]
    except sqlite3.DatabaseError as error:
        return [f"{path}: {error}"]
    return [] if lines == ["ok"] else [f"{path}: {line}" for line in lines]


async def table_problems(store: AsyncStore, registry: Registry) -> tuple[int, list[str]]:
    """How many tables were looked at, and a line for each that cannot be read or does not replay."""
    problems = []
    seen = 0
    for status in ("lobby", "playing", "finished"):
        for code in await codes_with_status(store, status):
            seen += 1
            try:
                row = await store.load_table(code)
                if row is None or status == "lobby":
                    continue
                record = MatchRecord(
                    game=row.game, options=row.options, seed=row.seed,
                    position=None if row.position is None else Position.model_validate(row.position),
                    actions=await store.moves(code),
                )
                replay(record, registry.game(row.game))
            except (CartasError, StoreError, ValueError) as error:
                problems.append(f"table {code}: {error}")
    return seen, problems


async def codes_with_status(store: AsyncStore, status: str) -> list[str]:
    """Every table code with ``status``, read without the rows themselves (a damaged row must not stop the list)."""
    rows = await runner_for(store).rows("SELECT code FROM tables WHERE status = ? ORDER BY created, code", (status,))
    return [row[0] for row in rows]


async def check_database(db: Path | str, registry: Registry) -> tuple[int, list[str]]:
    """Tables looked at and every problem found in the database ``db`` (a SQLite path or a Postgres URL)."""
    problems = [] if isinstance(db, str) else sqlite_integrity(db)
    try:
        store = await open_store(db)
    except StoreError as error:
        return 0, problems + [str(error)]
    try:
        seen, found = await table_problems(store, registry)
    except Exception as error:  # the list of tables itself cannot be read
        seen, found = 0, [f"the list of tables cannot be read: {error}"]
    finally:
        await store.close()
    return seen, problems + found
