"""``cartas serve --db postgresql://...``: the Postgres store is chosen by the URL, checked before the server starts,
and a database it cannot use is refused in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cartas.cli.main import make_cli
from cartas.online.store.schema import SCHEMA_VERSION

pytestmark = pytest.mark.postgres


def test_serve_on_postgres_creates_the_schema_and_owns_tables_as_its_address(
    uvicorn_runs: list[dict[str, Any]], postgres_url: str
) -> None:
    import psycopg

    args = ["serve", "--db", postgres_url, "--port", "8123", "--lease", "4"]
    result = CliRunner().invoke(make_cli(), args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.output == "cartas serve: http://127.0.0.1:8123/ (tables in a Postgres database)\n"
    ownership = uvicorn_runs[0]["app"].state.ownership
    assert (ownership.owner, ownership.address, ownership.ttl, ownership.renew_every, ownership.sweep_every) == (
        "http://127.0.0.1:8123", "http://127.0.0.1:8123", 4.0, pytest.approx(1.2), 1.0
    )
    with psycopg.connect(postgres_url) as conn:
        listed = [row[0] for row in conn.execute("SELECT version FROM schema_version ORDER BY version")]
        assert listed == list(range(1, SCHEMA_VERSION + 1))


def test_serve_refuses_an_unreachable_postgres_in_one_line(uvicorn_runs: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(make_cli(), ["serve", "--db", "postgres://nobody@127.0.0.1:1/none"])
    assert result.exit_code == 1 and uvicorn_runs == []
    assert result.output.startswith("Error: cannot connect to the Postgres database")
    assert result.output.count("\n") == 1
