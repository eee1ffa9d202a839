"""Scripts under ``benchmarks/`` loaded for tests: ``benchmarks`` is not a package, so a test loads a script from
its file, with the script's folder on ``sys.path`` while it runs (the scripts import their neighbours, as
``bots/habits_arena.py`` imports ``duplicate_deals``). Importable from every test folder: the root ``conftest.py`` puts ``tests/`` on
the path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_script(path: str, name: str | None = None) -> ModuleType:
    """``benchmarks/<path>`` as a module called ``name`` (the file's stem unless given)."""
    file = BENCHMARKS / path
    folder = str(file.parent)
    spec = importlib.util.spec_from_file_location(name or file.stem, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module
