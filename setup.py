"""The build hook: a pure wheel by default, the mypyc-compiled one with ``CARTAS_COMPILE=1``.

    pip install .                          # pure: any platform, no compiler, seconds
    CARTAS_COMPILE=1 pip install .         # compiled: a C compiler, the Python headers, a few minutes
    CARTAS_COMPILE=1 pip wheel --no-deps -w dist .    # the compiled platform wheel, to install elsewhere

Everything else (the packages, their folders, the data files) is in pyproject.toml. What is here is the one
difficulty of compiling this project: pyproject.toml maps ``cartas.core`` to ``core/`` (``package-dir``), and mypyc
names a module after its folders, so ``core/state.py`` would become a module ``core.state``. So the hook copies the
sources into ``build/compiled/src`` laid out as the packages are (``cartas/core/state.py``) and hands those paths to
``mypycify``: mypy finds the package root by walking up the ``__init__.py`` files and names each module
``cartas.core.state``. The extensions built from them land in the wheel next to the same modules' ``.py`` files
(which setuptools copies from the real folders as for the pure wheel); Python loads an extension before a source.

The pure and the compiled build use separate build folders (``build/pure``, ``build/compiled``), so a pure wheel
never picks up an extension a compiled build left behind. The compiled build keeps its folder: mypyc rewrites a C
file only when its content changes and setuptools compiles only the extensions whose C is newer, so a rebuild with
one game changed recompiles that game's group. docs/compiled.md says what is compiled and why.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

GROUPS: dict[str, list[str]] = {
    "cartas_core": [
        "cartas/core/cards.py",
        "cartas/core/deck.py",
        "cartas/core/events.py",
        "cartas/core/i18n/catalog.py",
        "cartas/core/i18n/language.py",
        "cartas/core/ladder.py",
        "cartas/core/state.py",
        "cartas/core/table.py",
        "cartas/core/tricks.py",
    ],
    "cartas_truco": [
        "cartas/games/truco/actions.py",
        "cartas/games/truco/envido.py",
        "cartas/games/truco/presentation/lines.py",
        "cartas/games/truco/senas.py",
        "cartas/games/truco/state.py",
        "cartas/games/truco/presentation/view.py",
    ],
    "cartas_paulista": [
        "cartas/games/truco_paulista/actions.py",
        "cartas/games/truco_paulista/cards.py",
        "cartas/games/truco_paulista/state.py",
    ],
    "cartas_tresillo": [
        "cartas/games/tresillo/actions.py",
        "cartas/games/tresillo/state.py",
    ],
    "cartas_search": [
        "cartas/core/bots/search.py",
    ],
    "cartas_rummy": [
        "cartas/games/chinchon/actions.py",
        "cartas/games/chinchon/melds.py",
        "cartas/games/chinchon/state.py",
        "cartas/games/chinchon/chinchon.py",
        "cartas/games/chinchon/remigio.py",
    ],
}
"""The modules compiled, one extension group each: where each game's random play-outs spend their time (profiled
with ``cartas.core.bench``) and the core classes they inherit from or call. A compiled class may only inherit from
compiled ones. Each group is its own C file, compiled in parallel and again only when its C changed; one group of
everything was one huge C file for a single compiler process at -O3 (over 20 minutes on a loaded machine)."""

STAGED = {"core": "cartas/core", "core/testing": "cartas/testing", "cli": "cartas/cli", "games": "cartas/games",
          "interop": "cartas/interop", "online": "cartas/online"}
"""Each source folder's place in the staging tree: pyproject.toml's ``package-dir``, inverted. The whole tree is
staged, not only the compiled modules: mypy reads what they import for its types."""

MYPY_CONFIG = """\
[mypy]
python_version = 3.11
follow_imports = silent
"""
"""mypyc checks as mypy does by default, not ``--strict`` (CI runs that separately); what the compiled modules
only import (a package's ``__init__`` pulls in its bots) stays interpreted, so its complaints are silenced."""

MARKER = "compiled-modules.txt"
"""Written into ``cartas/core`` of a compiled build, one compiled module a line: ``cartas.core.buildinfo`` reads it
to tell a compiled build from a pure one, and a compiled one whose extensions did not load."""

COMPILED_BASE = Path("build") / "compiled"


def compile_requested() -> bool:
    return os.environ.get("CARTAS_COMPILE", "").strip().lower() in ("1", "true", "yes", "on")


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` unless the file already holds it, so an unchanged file keeps its time stamp."""
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def stage(into: Path) -> None:
    """Bring the staging tree ``into`` up to date with the sources laid out as packages; stale files go."""
    wanted: dict[Path, bytes] = {}
    for source, target in STAGED.items():
        for path in (ROOT / source).rglob("*.py"):
            relative = path.relative_to(ROOT / source)
            if "__pycache__" in relative.parts or (source == "core" and relative.parts[0] == "testing"):
                continue  # cartas.testing has its own entry
            wanted[into / target / relative] = path.read_bytes()
    wanted[into / "cartas" / "__init__.py"] = b""  # for mypy's naming only; the wheel has no cartas/__init__.py
    if (into / "cartas").exists():
        for path in (into / "cartas").rglob("*.py"):
            if path not in wanted:
                path.unlink()
    for path, data in wanted.items():
        _write_if_changed(path, data)
    _write_if_changed(into / "mypy.ini", MYPY_CONFIG.encode())


def compiled_extensions() -> list[object]:
    """Stage the tree and run mypyc on it: the extensions setuptools then compiles."""
    from mypyc.build import mypycify

    source = COMPILED_BASE / "src"
    stage(source)
    # mypy's incremental cache would regenerate only the changed groups, and a group regenerated alone can name
    # an export another group's older C lacks (seen with the non-native Word's constructor): the C is regenerated
    # whole (about a minute) and only the groups whose C changed are compiled again.
    cache = COMPILED_BASE / "mypy-cache"
    shutil.rmtree(cache, ignore_errors=True)
    groups = {name: [str(source / module) for module in modules] for name, modules in GROUPS.items()}
    return list(mypycify(
        ["--config-file", str(source / "mypy.ini"), "--cache-dir", str(cache),
         *(path for paths in groups.values() for path in paths)],
        opt_level=os.environ.get("CARTAS_COMPILE_OPT", "3"),
        separate=[(paths, name) for name, paths in groups.items()],
        target_dir=str(COMPILED_BASE / "c"),
    ))


class BuildPyWithMarker(build_py):  # type: ignore[misc]  # setuptools: no type information
    """``build_py`` that also writes the list of compiled modules into the compiled build's ``cartas.core``."""

    def run(self) -> None:
        super().run()
        modules = "".join(module.removesuffix(".py").replace("/", ".") + "\n"
                          for modules in GROUPS.values() for module in modules)
        marker = Path(self.build_lib) / "cartas" / "core" / MARKER
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(modules)


# pip asks for the metadata first (dist_info), which needs no extension: mypyc would otherwise run twice. An
# editable install would compile into the source folders themselves, so it stays pure.
metadata_only = bool({"dist_info", "egg_info", "editable_wheel"} & set(sys.argv))
if compile_requested() and not metadata_only:
    setup(
        ext_modules=compiled_extensions(),
        cmdclass={"build_py": BuildPyWithMarker},
        options={"build": {"build_base": str(COMPILED_BASE)},
                 "build_ext": {"parallel": os.cpu_count() or 1}},
    )
else:
    if compile_requested() and "editable_wheel" in sys.argv:
        print("CARTAS_COMPILE is ignored for an editable install: it stays pure", file=sys.stderr)
    setup(options={"build": {"build_base": str(Path("build") / "pure")}})
