"""The describing commands: list, plugins, rules, bench, and errors that never show a traceback."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import metadata
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from cartas.cli.main import make_cli
from cartas.core import hookimpl


def test_list_shows_players_aliases_bots_and_options(run: Callable[..., Result]) -> None:
    result = run("list", "--ascii")
    assert result.exit_code == 0
    out = result.output
    assert "alta · Alta (test game)" in out
    assert "players: 2, 3, 4" in out
    assert "aliases: high" in out
    assert "bots: easy, hard, search, random" in out
    assert "points = 3   (allowed: 3, 5)" in out


def test_list_json(run: Callable[..., Result]) -> None:
    games = json.loads(run("list", "--json").output)
    # alta's own levels come first; the core's default plugins may add levels that play every game after them.
    assert games[0].pop("bots") == ["easy", "hard", "search", "random"]
    assert games == [{
        "name": "alta", "title": "Alta (test game)", "players": [2, 3, 4], "aliases": ["high"],
        "options": [
            {"name": "players", "default": "2", "allowed": "2, 3, 4"},
            {"name": "points", "default": "3", "allowed": "3, 5"},
        ],
    }]


class BrokenPlugin:
    @hookimpl
    def register_games(self, register: Callable[[Any], None]) -> None:
        raise RuntimeError("cannot build my game")


class CommandPlugin:
    @hookimpl
    def register_commands(self, cli: click.Group) -> None:
        @cli.command("hello")
        def hello() -> None:
            click.echo("hello from a plugin")


def test_plugins_lists_loaded_plugins_and_failures_by_name(cli_with: Callable[..., click.Group]) -> None:
    cli = cli_with(("broken", BrokenPlugin()))
    result = CliRunner().invoke(cli, ["plugins"])
    assert result.exit_code == 0
    assert "cartas_tiny: register_bots, register_games" in result.output
    assert f"cartas.core.bots.random_bot {metadata.version('cartas')}: describe_bots, register_bots" in result.output
    assert "FAILED broken: RuntimeError: cannot build my game" in result.output
    data = json.loads(CliRunner().invoke(cli, ["plugins", "--json"]).output)
    assert {"name": "broken", "error": "RuntimeError: cannot build my game"} in data["failures"]


def test_a_plugin_adds_a_command_through_register_commands(cli_with: Callable[..., click.Group]) -> None:
    cli = cli_with(("commands", CommandPlugin()))
    result = CliRunner().invoke(cli, ["hello"])
    assert result.output == "hello from a plugin\n"


def test_rules_rich_and_plain(run: Callable[..., Result]) -> None:
    plain = run("rules", "alta", "--ascii").output
    assert "# Alta" in plain and "**one card**" in plain
    rich = run("rules", "high").output  # by alias
    assert "Alta" in rich and "**" not in rich


def test_bench_json_fields(run: Callable[..., Result]) -> None:
    result = run("bench", "alta", "-o", "players=3", "--games", "20", "--json")
    data = json.loads(result.output)
    assert data["game"] == "alta" and data["games"] == 20 and data["options"] == {"players": 3, "points": 3}
    for field in ("games_per_s", "hands_per_s", "decisions_per_s"):
        assert data[field] > 0


def test_bench_table(run: Callable[..., Result]) -> None:
    result = run("bench", "alta", "--games", "5", "--ascii")
    assert "games/s" in result.output and "decisions/s" in result.output


def test_bench_refuses_unknown_option_naming_the_options(run: Callable[..., Result]) -> None:
    result = run("bench", "alta", "-o", "flor=true")
    assert result.exit_code == 2
    assert "unknown option flor; this game's options are: players, points" in result.output
    assert "Traceback" not in result.output


def test_unknown_game_names_the_games(run: Callable[..., Result]) -> None:
    for command in (["play", "mus"], ["rules", "mus"], ["bench", "mus"]):
        result = run(*command)
        assert result.exit_code == 2
        assert "no game called 'mus'; games: alta" in result.output


def test_version_and_help(run: Callable[..., Result]) -> None:
    assert run("--version").output.startswith("cartas, version")
    out = run("--help").output
    for command in ("play", "resume", "replay", "stats", "list", "rules", "plugins", "bench"):
        assert command in out


def test_cartas_plugins_loads_extra_modules_and_reports_failures(
    home: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARTAS_PLUGINS", "cartas_tiny, no_such_module")
    result = CliRunner().invoke(make_cli(), ["plugins"])
    assert "cartas_tiny: register_bots, register_games" in result.output
    assert "FAILED no_such_module: failed to load: ModuleNotFoundError" in result.output
