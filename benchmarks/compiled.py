"""The optional compiled build: the hot modules compiled with mypyc, installed in a venv of its own.

    python benchmarks/compiled.py build            # compile and install into ~/.cache/cartas/compiled
    python benchmarks/compiled.py test             # the same-matches guard, truco's tests, the example plugin
    python benchmarks/compiled.py bench [--rounds 3]

Why a script and not a flag of the normal install: the project maps ``cartas.core`` to ``core/`` and so on
(``package-dir``), and mypyc names a module after its folders. So the build copies the sources into a staging
tree laid out as the packages are (``cartas/core/...``), adds a ``setup.py`` that hands :data:`COMPILED` to
``mypycify``, and installs that tree. Everything not listed stays plain Python, including every game and plugin
that subclasses the compiled :class:`~cartas.core.state.State` (it allows interpreted subclasses).

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
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("CARTAS_COMPILED_VENV", Path.home() / ".cache" / "cartas" / "compiled"))

COMPILED = [
    "cartas/core/cards.py",
    "cartas/core/deck.py",
    "cartas/core/events.py",
    "cartas/core/state.py",
    "cartas/games/truco/actions.py",
    "cartas/games/truco/envido.py",
    "cartas/games/truco/senas.py",
    "cartas/games/truco/state.py",
]
"""The modules compiled: where random playouts and search spend their time in truco (profiled), and the core
classes those inherit from. A compiled class may only inherit from compiled ones."""

STAGED = {"core": "cartas/core", "core/testing": "cartas/testing", "cli": "cartas/cli", "games": "cartas/games",
          "interop": "cartas/interop", "online": "cartas/online"}
"""Where each source folder goes in the staging tree: the ``package-dir`` table of pyproject.toml, inverted."""

SETUP = """\
from mypyc.build import mypycify
from setuptools import setup

setup(ext_modules=mypycify({modules!r}, opt_level="3"))
"""

PLAYOUTS = [("truco", {"players": 2}), ("truco", {"players": 4}), ("truco_paulista", {"players": 4})]


def python_in(venv: Path) -> Path:
    return venv / "bin" / "python"


def stage(into: Path) -> None:
    """Copy the sources into ``into`` laid out as packages, with the pyproject that installs them from there."""
    for source, target in STAGED.items():
        shutil.copytree(ROOT / source, into / target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    # Only for mypyc's naming of modules: the installed packages are those pyproject.toml lists, not this one.
    (into / "cartas" / "__init__.py").write_text("")
    pyproject = (ROOT / "pyproject.toml").read_text()
    for table in ("[tool.setuptools.package-dir]", "[tool.mypy]"):
        # The folders are already where their packages go; mypyc checks as mypy does by default, not --strict
        # (the core is strict; the games are checked, not strict).
        head, _, rest = pyproject.partition(table)
        _, _, tail = rest.partition("\n\n")
        pyproject = head + tail
    (into / "pyproject.toml").write_text(pyproject)
    shutil.copy(ROOT / "README.md", into / "README.md")
    (into / "setup.py").write_text(SETUP.format(modules=COMPILED))


def build(venv: Path) -> None:
    """Create ``venv``, install mypy and the build tools into it, then the compiled tree and the test extra."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(python_in(venv)), "-m", "pip", "install", "-q"]
    # mypyc type-checks what the compiled modules import, so the dependencies come first.
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    subprocess.run([*pip, "--upgrade", "pip", "setuptools", "wheel", "mypy", *dependencies], check=True)
    with tempfile.TemporaryDirectory(prefix="cartas-compiled-") as folder:
        stage(Path(folder))
        subprocess.run([*pip, "--no-build-isolation", f"{folder}[test]"], check=True)
    subprocess.run([*pip, "-e", str(ROOT / "examples" / "siete_y_medio")], check=True)
    check = "import cartas.core.state as s, cartas.games.truco.state as t; print(s.__file__); print(t.__file__)"
    out = subprocess.run([str(python_in(venv)), "-c", check], check=True, capture_output=True, text=True).stdout
    if ".so" not in out:
        sys.exit(f"the compiled build did not install compiled modules:\n{out}")
    print(out, end="")


def test(venv: Path) -> None:
    """Run the same-matches guard, truco's and the core's state tests and the example plugin's conformance
    suite with the compiled build, from outside the source tree so the compiled modules are the ones imported."""
    tests = [ROOT / "tests" / "core" / "test_same_matches.py", ROOT / "tests" / "truco",
             ROOT / "examples" / "siete_y_medio" / "tests"]
    with tempfile.TemporaryDirectory() as folder:
        command = [str(python_in(venv)), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--import-mode=importlib",
                   "--rootdir", folder, "-c", os.devnull, *map(str, tests)]
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
    parser.add_argument("--games", type=int, default=300, help="matches per measurement")
    args = parser.parse_args()
    if args.step == "build":
        build(args.venv)
    elif args.step == "test":
        test(args.venv)
    else:
        bench(args.venv, args.rounds, args.games)


if __name__ == "__main__":
    main()
