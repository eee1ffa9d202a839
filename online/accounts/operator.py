"""What ``cartas users`` does, outside any server: open the database, run one account operation, close it.

Here rather than in cartas.cli so the logic stays with the accounts (the CLI only parses and prints).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from ..store.db import runner_for
from ..store.opening import open_store
from .service import Accounts

T = TypeVar("T")


async def with_accounts(db: Path | str, work: Callable[[Accounts], Awaitable[T]]) -> T:
    """Run ``work`` on the accounts of the database ``db`` (a SQLite file or a postgresql:// URL)."""
    store = await open_store(db)
    try:
        return await work(Accounts(runner_for(store)))
    finally:
        await store.close()
