"""The server is a front end beside the terminal, on the same core: nothing under ``online/`` imports ``cartas.cli``.

Read from the source (an AST scan), so an import hidden in a function, one that only a worker process runs,
or a module name handed to ``importlib`` as text is found as surely as one at the top of a module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cartas.online

ONLINE = Path(cartas.online.__file__).parent


def cli_imports(path: Path) -> list[str]:
    """Where ``path`` imports (or names for importing) ``cartas.cli``: ``line: module`` for each."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            if isinstance(node.args[0].value, str) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__",
            ):
                names = [node.args[0].value]
        found += [f"{node.lineno}: {name}" for name in names if name == "cartas.cli" or name.startswith("cartas.cli.")]
    return found


def test_no_module_of_the_server_imports_the_terminal_front_end() -> None:
    modules = sorted(ONLINE.rglob("*.py"))
    assert len(modules) >= 10  # the scan reads the server's real modules
    offenders = {str(path.relative_to(ONLINE)): lines for path in modules if (lines := cli_imports(path))}
    assert offenders == {}


def test_the_scan_finds_each_way_of_importing(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text(
        "import cartas.cli.app\n"
        "from cartas.cli import history\n"
        "def later():\n"
        "    from cartas.cli.app import extra_plugins\n"
        "    importlib.import_module('cartas.cli.saves')\n"
        "from cartas.core import cli_like\n"
        "import cartas.client\n"
    )
    assert cli_imports(source) == [
        "1: cartas.cli.app", "2: cartas.cli", "2: cartas.cli.history", "4: cartas.cli.app",
        "4: cartas.cli.app.extra_plugins", "5: cartas.cli.saves",
    ]
