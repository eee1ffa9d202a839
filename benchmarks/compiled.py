"""The optional compiled build: the hot modules compiled with mypyc, installed in a venv of its own.

    python benchmarks/compiled.py build            # compile and install into ~/.cache/cartas/compiled
    python benchmarks/compiled.py test             # the same-matches guard, the compiled games' tests, the plugin
    python benchmarks/compiled.py bench [--rounds 3]

Why a script and not a flag of the normal install: the project maps ``cartas.core`` to ``core/`` and so on
(``package-dir``), and mypyc names a module after its folders. So the build copies the sources into a staging
tree laid out as the packages are (``cartas/core/...``), adds a ``setup.py`` that hands :data:`GROUPS` to
``mypycify``, and installs that tree. Everything not listed stays plain Python (the CLI, the bots, julepe's
words, every plugin); the compiled :class:`~cartas.core.state.State` allows interpreted subclasses.

The staging tree lives in the venv's folder and is kept between builds: files are copied only when they
changed, mypyc rewrites a C file only when its content changes, and setuptools recompiles only the groups
whose C changed. A build with nothing changed takes well under a minute.

``bench`` runs the same random playouts in this interpreter (the pure build) and in the compiled venv,
alternating, and prints the ratios; docs/compiled.md records what it measured.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("CARTAS_COMPILED_VENV", Path.home() / ".cache" / "cartas" / "compiled"))

GROUPS: dict[str, list[str]] = {
    "cartas_core": [
        "cartas/core/cards.py",
        "cartas/core/deck.py",
        "cartas/core/events.py",
        "cartas/core/ladder.py",
        "cartas/core/state.py",
        "cartas/core/table.py",
        "cartas/core/tricks.py",
    ],
    "cartas_truco": [
        "cartas/games/truco/actions.py",
        "cartas/games/truco/envido.py",
        "cartas/games/truco/senas.py",
        "cartas/games/truco/state.py",
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
    "cartas_rummy": [
        "cartas/games/chinchon/actions.py",
        "cartas/games/chinchon/melds.py",
        "cartas/games/chinchon/state.py",
        "cartas/games/chinchon/chinchon.py",
        "cartas/games/chinchon/remigio.py",
    ],
}
"""The modules compiled, one extension per group: where each game's random playouts spend their time
(profiled with ``cartas.core.bench``), and the core classes and helpers they inherit from or call. A compiled
class may only inherit from compiled ones. Calls inside a group are native and may be inlined; calls between
groups go through the group's exported table, a little slower, but each group is compiled on its own: in
parallel, and again only when its C changed. One group of everything was one huge C file for a single
compiler process at -O3 (it did not finish in 20 minutes on the loaded machine)."""

COMPILED = [module for modules in GROUPS.values() for module in modules]

OPT_LEVEL = "3"
"""The C compiler's optimisation level; see docs/compiled.md for what -O3 cost in build time and gave."""

STAGED = {"core": "cartas/core", "core/testing": "cartas/testing", "cli": "cartas/cli", "games": "cartas/games",
          "interop": "cartas/interop", "online": "cartas/online"}
"""Where each source folder goes in the staging tree: the ``package-dir`` table of pyproject.toml, inverted."""

SETUP = """\
import sys

from mypyc.build import mypycify
from setuptools import setup

groups = {groups!r}
# pip asks for the metadata first (dist_info), which needs no extension: mypyc would type-check twice.
metadata_only = bool({{"dist_info", "egg_info"}} & set(sys.argv))
setup(ext_modules=[] if metadata_only else mypycify(
    [m for ms in groups.values() for m in ms], opt_level={opt!r}, separate=[(ms, n) for n, ms in groups.items()]))
"""

SETUP_CFG = """\
[build_ext]
parallel = {jobs}
"""
"""setuptools' ``build_ext -j``: the groups are separate extensions, compiled side by side."""

PLAYOUTS = [("truco", {"players": 2}), ("truco", {"players": 4}), ("truco_paulista", {"players": 4}),
            ("tresillo", {"players": 4}), ("chinchon", {"players": 2}), ("remigio", {"players": 2})]


def python_in(venv: Path) -> Path:
    return venv / "bin" / "python"


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` unless the file already holds it, so an unchanged file keeps its mtime."""
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _sources(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts
            and path.suffix not in (".so", ".pyc")]


def stage(into: Path, opt_level: str = OPT_LEVEL) -> None:
    """Bring the staging tree ``into`` up to date with the sources, laid out as packages, with the pyproject
    and setup files that install it; files are written only when they differ, stale ones removed."""
    wanted: dict[Path, bytes] = {}
    for source, target in STAGED.items():
        for path in _sources(ROOT / source):
            relative = path.relative_to(ROOT / source)
            if source == "core" and relative.parts[0] == "testing":
                continue  # cartas.testing has its own entry
            wanted[into / target / relative] = path.read_bytes()
    # Only for mypyc's naming of modules: the installed packages are those pyproject.toml lists, not this one.
    wanted[into / "cartas" / "__init__.py"] = b""
    for path in _sources(into / "cartas") if (into / "cartas").exists() else []:
        if path not in wanted:
            path.unlink()
    for path, data in wanted.items():
        _write_if_changed(path, data)
    pyproject = (ROOT / "pyproject.toml").read_text()
    for table in ("[tool.setuptools.package-dir]", "[tool.mypy]"):
        # The folders are already where their packages go; mypyc checks as mypy does by default, not --strict
        # (the core is strict; the games are checked, not strict).
        head, _, rest = pyproject.partition(table)
        _, _, tail = rest.partition("\n\n")
        pyproject = head + tail
    # Only the compiled modules must type-check for mypyc; what they import (a package's __init__ pulls in its
    # bots) is read for its types but stays interpreted, so its complaints are not the build's business.
    pyproject += '\n[tool.mypy]\nfollow_imports = "silent"\n'
    _write_if_changed(into / "pyproject.toml", pyproject.encode())
    _write_if_changed(into / "README.md", (ROOT / "README.md").read_bytes())
    _write_if_changed(into / "setup.py", SETUP.format(groups=GROUPS, opt=opt_level).encode())
    _write_if_changed(into / "setup.cfg", SETUP_CFG.format(jobs=os.cpu_count() or 1).encode())


def _dependencies() -> list[str]:
    """What the venv needs before the compiled tree: the build tools, mypy (mypyc type-checks what the
    compiled modules import, so the dependencies come first) and cartas' dependencies with the test extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return ["pip", "setuptools", "wheel", "mypy", *project["dependencies"],
            *project["optional-dependencies"]["test"]]


def build(venv: Path, opt_level: str = OPT_LEVEL) -> None:
    """Create ``venv`` (once), install the dependencies (when they changed), then compile and install the
    staging tree, which is kept in the venv's folder for the next build."""
    started = time.monotonic()
    if not python_in(venv).exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(python_in(venv)), "-m", "pip", "install", "-q"]
    dependencies = _dependencies()
    stamp = venv / "cartas-dependencies.txt"
    listed = "\n".join(dependencies)
    if not stamp.exists() or stamp.read_text() != listed:
        subprocess.run([*pip, "--upgrade", *dependencies], check=True)
        stamp.write_text(listed)
    print(f"dependencies ready: {time.monotonic() - started:.0f} s", flush=True)
    tree = venv / "build-tree"
    stage(tree, opt_level)
    # mypy's incremental cache would let mypyc regenerate only the changed groups, but a group regenerated alone
    # can name exports another group's stale C lacks (a non-native class's constructor: seen with Word). So the
    # C is regenerated whole, and only the groups whose C changed are compiled again.
    shutil.rmtree(tree / ".mypy_cache", ignore_errors=True)
    # pip builds a local folder in place, so the tree's build/ (mypyc's C, the objects) persists between builds.
    subprocess.run([*pip, "--no-build-isolation", "--no-deps", "--force-reinstall", str(tree)], check=True,
                   cwd=tree)
    print(f"compiled and installed: {time.monotonic() - started:.0f} s", flush=True)
    subprocess.run([*pip, "--no-deps", "-e", str(ROOT / "examples" / "siete_y_medio")], check=True)
    modules = [module.removesuffix(".py").replace("/", ".") for module in COMPILED]
    check = f"import importlib\nfor m in {modules!r}:\n    print(importlib.import_module(m).__file__)"
    out = subprocess.run([str(python_in(venv)), "-c", check], check=True, capture_output=True, text=True,
                         cwd=tempfile.gettempdir()).stdout
    pure = [line for line in out.splitlines() if not line.endswith(".so")]
    if pure:
        sys.exit("the compiled build installed these modules uncompiled:\n" + "\n".join(pure))
    print(f"{len(modules)} modules compiled, {time.monotonic() - started:.0f} s in all")


GAME_TESTS = ["truco", "truco_paulista", "tresillo", "chinchon"]


def test(venv: Path) -> None:
    """Run the same-matches guard, every compiled game's tests and the example plugin's conformance suite
    with the compiled build, from outside the source tree so the compiled modules are the ones imported."""
    tests = [ROOT / "tests" / "core" / "test_same_matches.py", *(ROOT / "tests" / game for game in GAME_TESTS),
             ROOT / "examples" / "siete_y_medio" / "tests"]
    # The rootdir stays the project's (each game's conftest then keeps a name of its own); the working folder
    # is empty, so nothing there shadows the installed, compiled package.
    with tempfile.TemporaryDirectory() as folder:
        command = [str(python_in(venv)), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--import-mode=importlib",
                   "-m", "not slow", "--rootdir", str(ROOT), "-c", os.devnull, *map(str, tests)]
        sys.exit(subprocess.run(command, cwd=folder).returncode)


BENCH = """\
import json, sys
from cartas.core.bench import bench
from cartas.core.plugins.manager import get_registry
name, options, games = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
result = bench(get_registry().games[name], options, games=games)
print(result.decisions_per_s)
"""


def decisions_per_s(python: Path | str, name: str, options: dict[str, object], games: int) -> float:
    import json

    out = subprocess.run([str(python), "-c", BENCH, name, json.dumps(options), str(games)], check=True,
                         capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout
    return float(out.split()[-1])


def bench(venv: Path, rounds: int, games: int) -> None:
    """Pure against compiled, alternating, each row's median ratio of the rounds."""
    from statistics import median

    print(f"{'game':16} {'options':16} {'pure dec/s':>11} {'compiled':>11} {'ratio':>6}")
    for name, options in PLAYOUTS:
        pure, compiled = [], []
        for _ in range(rounds):
            pure.append(decisions_per_s(sys.executable, name, options, games))
            compiled.append(decisions_per_s(python_in(venv), name, options, games))
        ratio = median(c / p for c, p in zip(compiled, pure, strict=True))
        print(f"{name:16} {str(options):16} {median(pure):11,.0f} {median(compiled):11,.0f} {ratio:6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=["build", "test", "bench"])
    parser.add_argument("--venv", type=Path, default=VENV, help="the compiled build's venv")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--opt-level", default=OPT_LEVEL, help="the C compiler's -O level for build")
    parser.add_argument("--games", type=int, default=300, help="matches per measurement")
    args = parser.parse_args()
    if args.step == "build":
        build(args.venv, args.opt_level)
    elif args.step == "test":
        test(args.venv)
    else:
        bench(args.venv, args.rounds, args.games)


if __name__ == "__main__":
    main()
