"""``cartas serve``: its defaults, its flags, and a one-line message without the online extra."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cartas.cli.main import make_cli


def test_serve_listens_on_localhost_with_the_database_in_the_data_folder(uvicorn_runs: list, tmp_path: Path) -> None:
    result = CliRunner().invoke(make_cli(), ["serve"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert uvicorn_runs[0]["host"] == "127.0.0.1" and uvicorn_runs[0]["port"] == 8000
    assert f"(tables in {tmp_path / 'home' / 'online.sqlite3'})" in result.output


def test_serve_takes_host_port_database_delay_and_grace(uvicorn_runs: list, tmp_path: Path) -> None:
    db = tmp_path / "elsewhere.sqlite3"
    args = ["serve", "--host", "0.0.0.0", "--port", "9001", "--db", str(db), "--bot-delay", "0", "--grace", "5"]
    result = CliRunner().invoke(make_cli(), args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert uvicorn_runs[0]["host"] == "0.0.0.0" and uvicorn_runs[0]["port"] == 9001 and str(db) in result.output
    state = uvicorn_runs[0]["app"].state
    assert state.settings.bot_delay == 0 and state.default_grace == 5
    assert state.settings.data_dir == tmp_path / "home"


def test_serve_times_slow_clients_out_and_takes_allowed_origins_and_the_lobby_expiry(
    uvicorn_runs: list, tmp_path: Path
) -> None:
    from cartas.online.server.timeouts import TimedH11Protocol

    args = ["serve", "--allow-origin", "https://friends.example", "--lobby-expiry", "60"]
    result = CliRunner().invoke(make_cli(), args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    run = uvicorn_runs[0]
    assert run["http"] is TimedH11Protocol and run["timeout_keep_alive"] == 5 and run["ws_max_size"] == 64 * 1024
    assert run["app"].state.settings.lobby_expiry == 60
    bad = CliRunner().invoke(make_cli(), ["--lang", "en", "serve", "--allow-origin", "friends.example"])
    assert bad.exit_code == 2
    assert bad.output.splitlines()[-1] == (
        "Error: Invalid value for --allow-origin: 'friends.example' is not an origin such as https://example.org"
    )


def test_serve_without_the_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = CliRunner().invoke(make_cli(), ["serve"])
    assert result.exit_code == 1
    assert result.output == "Error: cartas serve needs the online extra: pip install 'cartas[online]'\n"


def test_serve_refuses_a_file_that_is_not_its_database_in_one_line(uvicorn_runs: list, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list: " * 20)
    result = CliRunner().invoke(make_cli(), ["serve", "--db", str(notes)])
    assert result.exit_code == 1 and uvicorn_runs == []
    assert result.output.startswith(f"Error: {notes} is not a cartas online database")
    assert result.output.count("\n") == 1
    assert notes.read_text() == "shopping list: " * 20


def test_with_json_logs_every_line_on_stdout_is_json(uvicorn_runs: list, tmp_path: Path) -> None:
    import json

    result = CliRunner().invoke(make_cli(), ["serve", "--log-format", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert lines and lines[0]["message"].startswith("cartas serve: http://127.0.0.1:8000/ (tables in ")
    assert lines[0]["level"] == "info" and lines[0]["logger"] == "cartas.serve"
    plain = CliRunner().invoke(make_cli(), ["serve"], catch_exceptions=False)
    assert plain.output.startswith("cartas serve: http://127.0.0.1:8000/")
