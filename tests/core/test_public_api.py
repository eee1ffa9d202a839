"""The public API (docs/api.md): each public module names what it offers in ``__all__``, every such name
imports without a warning, docs/api.md lists them all, and the built-in games and the example plugin import
only from them, so the core's submodules stay free to change."""

from __future__ import annotations

import ast
import importlib
import re
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PUBLIC_MODULES = ("cartas.core", "cartas.core.bots", "cartas.core.i18n", "cartas.core.plugins", "cartas.testing",
                  "cartas.testing.rivals")
API_DOC = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")

PLUGINS = {
    **{f"games/{path.name}": f"cartas.games.{path.name}" for path in (ROOT / "games").iterdir() if path.is_dir()
       and (path / "__init__.py").exists()},
    "examples/siete_y_medio": "cartas_siete_y_medio",
}


def public_names() -> list[tuple[str, str]]:
    return [(module, name) for module in PUBLIC_MODULES for name in importlib.import_module(module).__all__]


def foreign_imports(source: str, own_package: str) -> list[str]:
    """The modules a plugin's source imports from cartas that are neither public nor its own package."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            continue
        for module in modules:
            if module.split(".")[0] != "cartas" or module in PUBLIC_MODULES:
                continue
            if module == own_package or module.startswith(own_package + "."):
                continue
            found.append(f"line {node.lineno}: {module}")
    return found


def test_the_scan_catches_a_private_import() -> None:
    source = "import os\nfrom cartas.core.cards import Card\nfrom cartas.core import Game\nimport cartas.cli.app\n"
    assert foreign_imports(source, "cartas.games.truco") == ["line 2: cartas.core.cards", "line 4: cartas.cli.app"]
    assert foreign_imports("from cartas.games.chinchon.melds import Meld\n", "cartas.games.truco") == [
        "line 1: cartas.games.chinchon.melds"
    ]
    assert foreign_imports("from cartas.games.truco.words import fold\n", "cartas.games.truco") == []


@pytest.mark.parametrize("plugin", sorted(PLUGINS))
def test_plugins_import_only_the_public_api(plugin: str) -> None:
    files = sorted((ROOT / plugin).rglob("*.py"))
    assert files
    wrong = {
        str(path.relative_to(ROOT)): found
        for path in files
        if (found := foreign_imports(path.read_text(encoding="utf-8"), PLUGINS[plugin]))
    }
    assert not wrong, f"import these names from the public modules of docs/api.md instead: {wrong}"


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_each_public_module_lists_its_names_once(module: str) -> None:
    names = importlib.import_module(module).__all__
    assert names and len(set(names)) == len(names)


@pytest.mark.parametrize(("module", "name"), public_names())
def test_every_public_name_imports_without_a_warning(module: str, name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = getattr(importlib.import_module(module), name)
    assert value is not None
    assert name in dir(importlib.import_module(module))


@pytest.mark.parametrize(("module", "name"), public_names())
def test_docs_api_lists_every_public_name_under_its_module(module: str, name: str) -> None:
    section = re.search(rf"^## `{re.escape(module)}`\n(.*?)(?=^## |\Z)", API_DOC, re.MULTILINE | re.DOTALL)
    assert section, f"docs/api.md has no section for {module}"
    assert f"`{name}`" in section.group(1), f"docs/api.md does not list {name} under {module}"


def test_docs_api_lists_no_name_that_is_not_public() -> None:
    public = dict.fromkeys(PUBLIC_MODULES, set[str]())
    for module, name in public_names():
        public[module] = public[module] | {name}
    for module in PUBLIC_MODULES:
        section = re.search(rf"^## `{re.escape(module)}`\n(.*?)(?=^## |\Z)", API_DOC, re.MULTILINE | re.DOTALL)
        assert section
        listed = set(re.findall(r"^\| `(\w+)`", section.group(1), re.MULTILINE))
        assert listed == public[module], f"{module}: listed but not public {listed - public[module]}"


def test_an_unknown_name_is_an_attribute_error() -> None:
    core = importlib.import_module("cartas.core")
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        getattr(core, "Gmae")
    with pytest.raises(ImportError):
        exec("from cartas.core.bots import SeatVeiw")
