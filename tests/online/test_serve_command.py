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


def test_an_operator_raises_or_lowers_any_limit_with_a_file_or_flags(uvicorn_runs: list, tmp_path: Path) -> None:
    from cartas.online.server.limits import Limits, Rate

    club = tmp_path / "limits.toml"
    club.write_text('address_frames = "1600/6000"\nsockets = 100\nlogins = {burst = 60, per_minute = 60}\n')
    args = ["serve", "--limits", str(club), "--limit", "sockets=120", "--limit", "reads = 200/1200"]
    result = CliRunner().invoke(make_cli(), args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    limits = uvicorn_runs[0]["app"].state.limiter.limits
    assert limits.address_frames == Rate(1600, 6000) and limits.sockets == 120 and limits.reads == Rate(200, 1200)
    assert limits.logins == Rate(60, 60) and limits.tables == Limits().tables


@pytest.mark.parametrize(("args", "error"), [
    (["--limit", "frame=1/1"], "Error: no limit 'frame'; the limits are tables, joins, "),
    (["--limit", "sockets=0"], "Error: limit sockets: '0' is not a whole number of at least 1"),
    (["--limit", "tables=20"], "Error: limit tables: '20' is not a rate such as \"120/900\" (burst/per minute)"),
    (["--limit", "tables=5/0"], "Error: limit tables: a rate's burst is at least 1 and its per-minute rate above 0"),
    (["--limit", "tables"], "Error: --limit 'tables' is not name=value, such as address_frames=600/5400"),
    (["--limits", "FILE"], "Error: FILE: no limit 'tabels'; the limits are "),
])
def test_an_unknown_limit_or_a_bad_value_is_one_line_and_nothing_starts(
    uvicorn_runs: list, tmp_path: Path, args: list[str], error: str
) -> None:
    bad = tmp_path / "limits.toml"
    bad.write_text('tabels = "1/1"\n')
    args = [str(bad) if arg == "FILE" else arg for arg in args]
    result = CliRunner().invoke(make_cli(), ["--lang", "en", "serve", *args])
    assert result.exit_code == 1 and uvicorn_runs == []
    assert result.output.count("\n") == 1 and result.output.startswith(error.replace("FILE", str(bad))), result.output
    assert not (tmp_path / "home" / "online.sqlite3").exists()


def test_print_limits_prints_a_limits_file_of_the_limits_in_force(uvicorn_runs: list, tmp_path: Path) -> None:
    import tomllib

    from cartas.online.server.limit_settings import from_file, with_changes
    from cartas.online.server.limits import Limits, Rate

    result = CliRunner().invoke(make_cli(), ["serve", "--limit", "chat=100/300", "--print-limits"])
    assert result.exit_code == 0 and uvicorn_runs == []
    printed = tomllib.loads(result.output)
    assert set(printed) == {field for field in Limits.__dataclass_fields__}
    assert printed["chat"] == "100/300" and printed["address_frames"] == "120/900"
    assert "# The frames of every websocket of one address together" in result.output
    (tmp_path / "again.toml").write_text(result.output)
    assert with_changes(from_file(tmp_path / "again.toml")) == Limits(chat=Rate(100, 300))


def test_the_club_example_of_the_deploy_guide_is_a_limits_file_that_raises_the_address_frames(tmp_path: Path) -> None:
    import re

    from cartas.online.server.limit_settings import from_file, with_changes
    from cartas.online.server.limits import Limits

    guide = (Path(__file__).parents[2] / "docs" / "deploy.md").read_text()
    example = re.search(r"```toml\n(# club\.toml.*?)```", guide, re.S)
    assert example is not None
    (tmp_path / "club.toml").write_text(example[1])
    club = with_changes(from_file(tmp_path / "club.toml"))
    assert club.address_frames.per_second >= 40 * 2 and club.sockets >= 80 and club.frames == Limits().frames
