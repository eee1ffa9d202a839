"""The two packaging traps of the folder-to-namespace layout (STYLE.md), each a test.

1. A game folder missing from pyproject's ``packages`` still imports in an editable install but is left out
   of the wheel: check the list, and build a real wheel.
2. Running Python from the repository root makes a bare ``import core`` work as a second, different module:
   no project file may import ``core``, ``games`` or ``cli`` by their folder names.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
PACKAGES: list[str] = SETUPTOOLS["packages"]
PACKAGE_DIR: dict[str, str] = SETUPTOOLS["package-dir"]
SKIP_DIRS = {".git", "build", "dist", "__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache", ".venv", "venv"}
FOLDER_NAMES = ("core", "games", "cli")


def package_folder(package: str, root: Path = ROOT) -> Path:
    """The folder a package is built from, following the longest ``package-dir`` mapping."""
    for prefix in sorted(PACKAGE_DIR, key=len, reverse=True):
        if package == prefix or package.startswith(prefix + "."):
            rest = package[len(prefix):].lstrip(".").replace(".", "/")
            return root / PACKAGE_DIR[prefix] / rest
    raise AssertionError(f"{package} has no package-dir mapping")


def project_files(suffix: str) -> list[Path]:
    found = []
    for path in ROOT.rglob(f"*{suffix}"):
        parts = set(path.relative_to(ROOT).parts)
        if not parts & SKIP_DIRS and not any(part.endswith(".egg-info") for part in parts):
            found.append(path)
    return found


def test_every_game_folder_is_a_listed_package() -> None:
    games = sorted(p.parent.name for p in (ROOT / "games").glob("*/__init__.py"))
    assert games, "no game folders found"
    missing = [g for g in games if f"cartas.games.{g}" not in PACKAGES]
    assert missing == [], f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_listed_package_exists_and_core_folders_are_listed() -> None:
    for package in PACKAGES:
        assert (package_folder(package) / "__init__.py").is_file(), package
    for package in ("cartas.core", "cartas.cli", "cartas.games", "cartas.testing"):
        assert package in PACKAGES


def test_every_python_folder_is_a_listed_package() -> None:
    """A subpackage left out of the list imports in an editable install and is missing from the wheel (it was:
    ``cartas.core.analysis``, found only by the compiled wheel's run of the suite)."""
    listed = {package_folder(package).resolve() for package in PACKAGES}
    folders = [
        init.parent for top in ("core", "cli", "games", "online", "interop") for init in (ROOT / top).rglob("__init__.py")
    ]
    missing = [str(folder.relative_to(ROOT)) for folder in folders if folder.resolve() not in listed]
    assert missing == [], f"add these folders to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_game_entry_point_is_a_listed_package() -> None:
    for name, target in PYPROJECT["project"]["entry-points"]["cartas"].items():
        assert target in PACKAGES, f"entry point {name} = {target} is not in packages"


def test_game_rules_files_are_package_data() -> None:
    data = SETUPTOOLS.get("package-data", {})
    documents = [*(ROOT / "games").glob("*/RULES*.md"), *(ROOT / "games").glob("*/REMIGIO*.md")]
    assert len(documents) >= 10  # every game's rules in English and in its own language
    for rules in documents:
        package = f"cartas.games.{rules.parent.name}"
        patterns = data.get(package, [])
        assert any(Path(rules.name).match(p) for p in patterns), f"{package} does not ship {rules.name}"


def bare_imports(path: Path, root: Path = ROOT) -> list[str]:
    """Imports of the folders by their own names; read with ``ast`` so text inside strings does not count."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [f"{path.relative_to(root)}:{node.lineno}: {name}" for name in names
                  if name.split(".")[0] in FOLDER_NAMES]
    return found


def test_no_file_imports_core_games_or_cli_by_folder_name() -> None:
    files = project_files(".py")
    assert len(files) > 20
    offenders = [hit for path in files for hit in bare_imports(path)]
    assert offenders == [], "import cartas.core / cartas.games / cartas.cli instead"


def test_the_bare_import_check_catches_one(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'import core\nfrom games.truco import state\ns = "import cli"\nfrom cartas.core import Card\nfrom . import x\n',
        encoding="utf-8",
    )
    assert bare_imports(sample, tmp_path) == ["sample.py:1: core", "sample.py:2: games.truco"]


def can_build_without_isolation() -> bool:
    """setuptools builds wheels by itself from 70.1; older ones need the ``wheel`` package."""
    major, minor = (int(part) for part in importlib.metadata.version("setuptools").split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


@pytest.mark.install
def test_the_wheel_holds_every_module_of_every_package(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        *SKIP_DIRS, "*.egg-info", "tests", "examples", "benchmarks"))
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(source)]
    if can_build_without_isolation():
        command.insert(5, "--no-build-isolation")
    pure = {name: value for name, value in os.environ.items() if name != "CARTAS_COMPILE"}
    subprocess.run(command, check=True, timeout=120, env=pure)
    (wheel,) = (tmp_path / "dist").glob("cartas-*.whl")
    # The default build is the pure one (setup.py compiles only with CARTAS_COMPILE): any platform, no extension.
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "cartas/core/compiled-modules.txt" not in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
    expected = {
        f"{package.replace('.', '/')}/{module.name}"
        for package in PACKAGES
        for module in package_folder(package, source).glob("*.py")
    }
    missing = sorted(expected - names)
    assert missing == [], f"modules missing from the wheel: {missing}"
    games = {p.parent.name for p in (source / "games").glob("*/__init__.py")}
    assert {f"cartas/games/{g}/__init__.py" for g in games} <= names
    assert "cartas/core/py.typed" in names
