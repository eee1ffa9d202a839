"""Fixtures for the command-line tests: the tiny game ``alta`` as the only game, and a private data folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))  # so cartas_tiny imports here and, via PYTHONPATH, in subprocesses

import cartas_tiny  # noqa: E402

from cartas.cli.main import make_cli  # noqa: E402
from cartas.core.plugins.manager import build_registry, make_plugin_manager  # noqa: E402
from cartas.core.plugins.registry import Registry  # noqa: E402


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data folder for saves and history."""
    folder = tmp_path / "home"
    monkeypatch.setenv("CARTAS_HOME", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    for variable in ("CARTAS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):  # the screens' language: the game's or English
        monkeypatch.delenv(variable, raising=False)
    return folder


def tiny_cli(*extra: tuple[str, Any]) -> tuple[click.Group, Registry]:
    """The command line over the tiny game plus ``extra`` plugins, with no installed plugin."""
    pm, failures = make_plugin_manager(entry_points=[], extra=[("cartas_tiny", cartas_tiny), *extra])
    registry = build_registry(pm, failures)
    return make_cli(registry=registry, plugin_manager=pm), registry


@pytest.fixture
def cli_with(home: Path) -> Callable[..., click.Group]:
    """Build the command line over the tiny game and more plugins: ``cli_with(("name", plugin))``."""
    return lambda *extra: tiny_cli(*extra)[0]


@pytest.fixture
def run(home: Path) -> Callable[..., Result]:
    """Run ``cartas`` over the tiny game: ``run("play", "alta", input="1\\n")``."""
    cli, _ = tiny_cli()

    def invoke(*args: str, input: str | None = None) -> Result:
        return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def subprocess_env(home: Path) -> dict[str, str]:
    """The environment for a real ``cartas`` process that loads the tiny game as an extra plugin."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("PYTHONPATH", "")]))
    env["CARTAS_PLUGINS"] = "cartas_tiny"
    env["CARTAS_HOME"] = str(home)
    env.pop("NO_COLOR", None)
    return env


@pytest.fixture
def saves(home: Path) -> Callable[[], list[Path]]:
    """The save files in the data folder, oldest name first."""
    return lambda: sorted((home / "saves").glob("*.json"))
