"""Which build runs: the text ``cartas --version``, ``cartas bench``, the arena and the server show."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cartas.cli.main import make_cli
from cartas.core.buildinfo import BuildInfo, build_info


def test_no_list_of_compiled_modules_is_the_pure_build(tmp_path: Path) -> None:
    info = build_info(tmp_path / "compiled-modules.txt")
    assert info == BuildInfo(False, "not built with CARTAS_COMPILE")
    assert info.describe() == "pure: not built with CARTAS_COMPILE"


def test_listed_modules_loaded_from_source_are_named(tmp_path: Path) -> None:
    marker = tmp_path / "compiled-modules.txt"
    marker.write_text("cartas.core.buildinfo\ncartas.core.errors\n")
    assert build_info(marker).describe() == (
        "pure: compiled modules not loaded (built for another Python?): cartas.core.buildinfo, cartas.core.errors"
    )


def test_a_listed_module_that_fails_to_import_is_named(tmp_path: Path) -> None:
    marker = tmp_path / "compiled-modules.txt"
    marker.write_text("cartas.core.no_such_module\n")
    info = build_info(marker)
    assert not info.compiled
    assert info.reason.startswith("compiled modules failed to import: cartas.core.no_such_module: ")


def test_version_names_the_running_build() -> None:
    # The same test runs on the pure and on the compiled wheel (CI): the text is the running build's.
    result = CliRunner().invoke(make_cli(), ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("cartas, version ")
    assert result.output.rstrip().endswith(f"({build_info().describe()})")
    assert "pure: " in result.output or "compiled: " in result.output

