"""A stacked position given on the command line is refused in the language spoken, pydantic's reasons included."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cartas.cli.main import make_cli


@pytest.mark.parametrize(("flags", "line"), [
    (["--up", "13E"], "Error: posición no válida (up): no se entiende '13E' como carta: se espera un número del 1 al 12"),
    (["--dealer", "-1"], "Error: posición no válida (dealer): un número entero de 0 o más"),
])
def test_a_bad_position_is_refused_in_spanish(flags: list[str], line: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARTAS_HOME", str(tmp_path))
    result = CliRunner().invoke(make_cli(), ["play", "truco", "--no-lobby", "--lang", "es", *flags])
    assert result.exit_code == 2
    last = result.output.strip().splitlines()[-1]
    assert last.startswith(line), result.output
    assert "Input should" not in result.output and "cannot read" not in result.output
