"""Fixtures of the store tests: each store (SQLite, and Postgres when CARTAS_TEST_POSTGRES names a server) behind
the one async interface, on a fresh database per test.

The Postgres cases are marked ``postgres`` and skipped, with the reason, when the variable is unset or the
server does not answer; ``.ci/run`` starts a throwaway server with ``.ci/postgres`` and runs them.
"""

from __future__ import annotations

import asyncio
import os
import sys
import uuid
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from pg_helpers import ENV, StoreUser  # noqa: E402

from cartas.online.store.opening import open_store  # noqa: E402
from cartas.online.store.tables import AsyncStore  # noqa: E402


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The URL of a Postgres server the tests may create databases on; skips when there is none."""
    url = os.environ.get(ENV)
    if not url:
        pytest.skip(f"{ENV} is not set (e.g. postgresql://cartas@127.0.0.1:5432/postgres); .ci/run starts a server")
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[online-pg]')")
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as error:
        pytest.skip(f"the Postgres server at {ENV} does not answer: {str(error).strip()}")
    return url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A new, empty database on the test server, dropped after the test."""
    import psycopg
    from psycopg import sql

    name = f"cartas_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    base, _, _ = postgres_server.rpartition("/")
    yield f"{base}/{name}"
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind: a SQLite file's path, or a Postgres URL."""
    if request.param == "sqlite":
        return str(tmp_path / "online.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def with_store(database: str) -> StoreUser:
    """``with_store(check)``: open the database's store, run ``await check(store)``, close it; returns the result."""

    def use(check: Callable[[AsyncStore], Awaitable[Any]]) -> Any:
        async def main() -> Any:
            store = await open_store(database)
            try:
                return await check(store)
            finally:
                await store.close()

        return asyncio.run(main())

    return use
