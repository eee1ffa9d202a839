"""The server's shape, read from its source: no import loop in ``cartas.online``, no module reaching into another's
underscore names, no module over 600 lines, and the operator commands open the store without the web app.

A loop held together by imports deferred into functions means no module of it can be read, tested or moved
alone; an underscore name is its module's own business, and one reached from outside cannot change without
breaking a stranger. The graph is read with :mod:`ast` from the files, relative imports resolved, so a module
that is never imported by the tests is checked too. Imports under ``if TYPE_CHECKING:`` are left out of the
loop check: they never run, so they cannot hold a loop together at import time (a clock annotated with the table
it is handed is not a clock that imports the table).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"cartas.online": ROOT / "online", "cartas.cli": ROOT / "cli", "cartas.core": ROOT / "core"}
MAX_LINES = 600

LONG_FOR_NOW: dict[str, str] = {
    # module: why it is still over the limit
    "cartas.online.store.tables": "the store's SQL is being rewritten once over one runner (issue 45's store room)",
}


def modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its own name, from its ``__init__.py``)."""
    folder = PACKAGES[package]
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(folder).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((package, *parts))] = path
    return found


def resolved(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` names."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if node.level > 1:
        base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``if typing.TYPE_CHECKING:``)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` except those under ``if TYPE_CHECKING:`` (their ``else`` branch is kept)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if type_checking(node):
            assert isinstance(node, ast.If)
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, ast.AST]]:
    """The modules among ``known`` that ``module`` imports when it runs, wherever the import stands (functions
    too, so an import deferred into a function still counts)."""
    tree = ast.parse(path.read_text(), str(path))
    is_package = path.name == "__init__.py"
    for node in run_time_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node
        elif isinstance(node, ast.ImportFrom):
            target = resolved(module, is_package, node)
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    yield sub, node
                elif target in known:
                    yield target, node


def import_graph(package: str) -> dict[str, set[str]]:
    known = modules(package)
    return {
        module: {target for target, _ in imported(module, path, known) if target != module}
        for module, path in known.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_loop_in_online() -> None:
    loops = cycles(import_graph("cartas.online"))
    assert not loops, "import loops in cartas.online:\n" + "\n".join(" <-> ".join(loop) for loop in loops)


def test_no_module_of_online_defers_an_import_of_another() -> None:
    """Every import of a ``cartas.online`` module stands at the top of its module (or under ``TYPE_CHECKING``):
    an import deferred into a function is how a loop hides. Optional third-party packages may still load late."""
    known = modules("cartas.online")
    deferred = []
    for module, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom) and any(
                    target in known for target, _ in imported_by(module, path, node, known)
                ):
                    deferred.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not deferred, "imports deferred into functions:\n" + "\n".join(deferred)


def imported_by(module: str, path: Path, node: ast.AST, known: dict[str, Path]) -> Iterator[tuple[str, ast.AST]]:
    """The modules among ``known`` that one import statement names."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                yield alias.name, node
    elif isinstance(node, ast.ImportFrom):
        target = resolved(module, path.name == "__init__.py", node)
        for alias in node.names:
            if f"{target}.{alias.name}" in known:
                yield f"{target}.{alias.name}", node
            elif target in known:
                yield target, node


def private_reaches(package: str) -> list[str]:
    """Every ``from X import _name`` of a module of ``package`` from another module of it, and every
    ``X._name`` read through a module imported by name (``from . import x`` then ``x._name``)."""
    known = modules(package)
    found = []
    for module, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"
        module_names: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = resolved(module, is_package, node)
                for alias in node.names:
                    if f"{target}.{alias.name}" in known:
                        module_names[alias.asname or alias.name] = f"{target}.{alias.name}"
                    elif target in known and target != module and alias.name.startswith("_"):
                        if not alias.name.startswith("__"):
                            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: from {target} import {alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in known and alias.asname:
                        module_names[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in module_names and module_names[node.value.id] != module
                and node.attr.startswith("_") and not node.attr.startswith("__")
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_reaches_into_another_modules_underscore_names() -> None:
    found = private_reaches("cartas.online")
    assert not found, "underscore names reached from another module:\n" + "\n".join(found)


def test_the_clock_calls_only_public_names_of_the_table() -> None:
    """The clock is handed the table it runs for; it calls what the table offers, not its insides."""
    tree = ast.parse((PACKAGES["cartas.online"] / "game" / "clock.py").read_text())
    reached = sorted({
        node.attr for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "table"
        and node.attr.startswith("_")
    })
    assert not reached, f"the clock calls the table's {reached}"


def test_no_module_in_online_is_over_600_lines() -> None:
    long = {
        module: len(path.read_text().splitlines()) for module, path in modules("cartas.online").items()
    }
    over = {module: n for module, n in long.items() if n > MAX_LINES and module not in LONG_FOR_NOW}
    assert not over, f"modules over {MAX_LINES} lines: {over}"


OPERATOR_COMMANDS = {
    "users list": "from cartas.cli.users import users_command as command\nargs = ['list', '--db', db]",
    "users reports": "from cartas.cli.users import users_command as command\nargs = ['reports', '--db', db]",
    "serve --check": "from cartas.cli.serve import serve_command as command\nargs = ['--check', '--db', db]",
    "serve --backup": "from cartas.cli.serve import serve_command as command\nargs = ['--backup', backup, '--db', db]",
}


@pytest.mark.parametrize("name", sorted(OPERATOR_COMMANDS))
def test_the_operator_commands_open_the_store_without_the_web_app(name: str, tmp_path: Path) -> None:
    """``cartas users`` and ``cartas serve --check/--backup`` run on a real database, in a fresh interpreter that
    never loads :mod:`cartas.online.app` (nor Starlette's routing)."""
    code = (
        "import sys, asyncio\n"
        "from click.testing import CliRunner\n"
        f"db = {str(tmp_path / 'online.sqlite3')!r}\n"
        f"backup = {str(tmp_path / 'backup.sqlite3')!r}\n"
        "from cartas.online.store.opening import open_store\n"
        "async def make():\n"
        "    await (await open_store(db)).close()\n"
        "asyncio.run(make())\n"
        f"{OPERATOR_COMMANDS[name]}\n"
        "result = CliRunner().invoke(command, args)\n"
        "assert result.exit_code == 0, (result.output, result.exception)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('cartas.online', 'starlette.routing')))\n"
        "assert 'cartas.online.app' not in sys.modules, loaded\n"
        "assert 'starlette.routing' not in sys.modules, loaded\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]


def test_every_door_is_in_the_route_table_once_by_name(server: Any) -> None:
    """The application's routes are the route table's doors (and the static files), each with its own name and a
    handler its room exposes (no closure made inside the application's factory)."""
    from starlette.routing import Mount

    from cartas.online.routes import doors

    listed = doors(server.app.state.services)
    names = [door.name for door in listed]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    closures = [door.name for door in listed if "<locals>" in door.handler.__qualname__]
    assert not closures, f"doors whose handler is a closure: {closures}"
    served = [route for route in server.app.routes if not isinstance(route, Mount)]
    assert [(route.path, route.name) for route in served] == [(door.path, door.name) for door in listed]
