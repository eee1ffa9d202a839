"""The real registry (the installed games), if any game is there: listed, and a watched match with random bots."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cartas.cli.main import make_cli
from cartas.core.plugins.manager import get_registry


def _games() -> list[str]:
    return sorted(get_registry().games)


@pytest.mark.parametrize("name", _games() or [pytest.param("none", marks=pytest.mark.skip("no game is installed"))])
def test_each_installed_game_is_listed_and_plays_to_the_end(name: str, home: Path) -> None:
    cli = make_cli()
    runner = CliRunner()
    listed = runner.invoke(cli, ["list", "--ascii"])
    assert listed.exit_code == 0 and f"{name} · " in listed.output
    watched = runner.invoke(cli, ["play", name, "--watch", "--seed", "1", "--bot", "random", "--ascii", "--lang", "en"])
    assert watched.exit_code == 0, watched.output[-2000:]
    assert "The match is over." in watched.output
    assert runner.invoke(cli, ["rules", name, "--ascii"]).exit_code == 0
