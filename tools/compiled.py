"""The compiled build in a venv of its own: the wheel ``CARTAS_COMPILE=1`` builds (setup.py), installed, tested, timed.

    python tools/compiled.py build            # build the compiled wheel, install it into ~/.cache/cartas/compiled
    python tools/compiled.py test             # the same-matches guard, the compiled games' tests, the plugin
    python tools/compiled.py test --all       # the same-matches guard, the whole main suite, the plugin
    python tools/compiled.py bench [--rounds 3]

The build itself is the project's (``CARTAS_COMPILE=1 pip wheel .``; docs/compiled.md): this script only makes the
venv the compiled wheel is installed in, runs the checkout's tests against it from outside the source tree (so the
installed, compiled ``cartas`` is the one imported), and compares its speed with this interpreter's pure build.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(os.environ.get("CARTAS_COMPILED_VENV", Path.home() / ".cache" / "cartas" / "compiled"))

PLAYOUTS: list[tuple[str, dict[str, object]]] = [
    ("truco", {"players": 2}), ("truco", {"players": 4}), ("truco_paulista", {"players": 4}),
    ("tresillo", {"players": 4}), ("chinchon", {"players": 2}), ("remigio", {"players": 2}),
]


def python_in(venv: Path) -> Path:
    return venv / "bin" / "python"


def build_wheel(wheels: Path) -> Path:
    """``CARTAS_COMPILE=1 pip wheel`` of the checkout into ``wheels`` (emptied of older cartas wheels first); the
    checkout's build/compiled keeps mypyc's C and the objects, so a rebuild compiles only what changed."""
    wheels.mkdir(parents=True, exist_ok=True)
    for old in wheels.glob("cartas-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True, env={**os.environ, "CARTAS_COMPILE": "1"})
    [wheel] = wheels.glob("cartas-*.whl")
    return wheel


def build(venv: Path, wheels: Path | None) -> None:
    """Build the compiled wheel, then install it with the test and online extras into ``venv`` (made once), and
    check that ``cartas --version`` says compiled (``test`` installs the example plugin for its own suite)."""
    started = time.monotonic()
    wheel = build_wheel(wheels or venv / "wheels")
    print(f"built {wheel.name}: {time.monotonic() - started:.0f} s", flush=True)
    if not python_in(venv).exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(python_in(venv)), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "--force-reinstall", "--no-deps", str(wheel)], check=True)
    # with the fast extra, as the documented compiled install: uvloop, the server's event loop in C (docs/compiled.md)
    subprocess.run([*pip, f"cartas[test,online,fast] @ {wheel.as_uri()}"], check=True)
    version = subprocess.run([str(venv / "bin" / "cartas"), "--version"], check=True, capture_output=True,
                             text=True, cwd=tempfile.gettempdir()).stdout.strip()
    print(version)
    if "(compiled: " not in version:
        sys.exit("the installed wheel does not run compiled: " + version)
    print(f"installed: {time.monotonic() - started:.0f} s in all")


GAME_TESTS = ["truco", "truco_paulista", "tresillo", "chinchon"]


def test(venv: Path, whole: bool) -> None:
    """The same-matches guard, every compiled game's tests (or, with ``whole``, the whole main suite) and the
    example plugin's conformance suite, run by the compiled venv from an empty folder: nothing there shadows the
    installed package, and ``--import-mode=importlib`` (pyproject.toml) puts no source folder on the path."""
    guard = ROOT / "tests" / "core" / "test_same_matches.py"
    suites = [ROOT / "tests"] if whole else [guard, *(ROOT / "tests" / game for game in GAME_TESTS)]
    if whole:
        suites.insert(0, guard)  # first, so a difference in play is the first thing said
    plugin = ROOT / "examples" / "siete_y_medio"
    pip = [str(python_in(venv)), "-m", "pip", "-q"]
    # The main suite runs without the example plugin installed, as the pure one does in CI (the README's command
    # comes first): an installed plugin's entry point is loaded at start-up, and the example imports its game, and
    # with it pydantic, at once, which the start-up tests rightly count against cartas's own start. The plugin is
    # installed after it, for its own suite.
    subprocess.run([*pip, "uninstall", "-y", PLUGIN_DIST], check=True, capture_output=True)
    with tempfile.TemporaryDirectory() as folder:
        # pyproject.toml's pytest settings (the markers, the main suite's -m) with the project as the rootdir
        base = [str(python_in(venv)), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(ROOT),
                "-c", str(ROOT / "pyproject.toml")]
        code = subprocess.run([*base, *map(str, dict.fromkeys(suites))], cwd=folder).returncode
        subprocess.run([*pip, "install", "--no-deps", "-e", str(plugin)], check=True)
        code = code or subprocess.run([*base, str(plugin / "tests")], cwd=folder).returncode
    sys.exit(code)


PLUGIN_DIST = "cartas-siete-y-medio"
"""The example plugin's distribution: ``test`` installs it (editable) only for its own suite."""


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
    parser.add_argument("--wheels", type=Path, default=None, help="where build puts the wheel (default: VENV/wheels)")
    parser.add_argument("--all", action="store_true", help="test: the whole main suite, not only the games'")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=300, help="matches per measurement")
    args = parser.parse_args()
    if args.step == "build":
        build(args.venv, args.wheels)
    elif args.step == "test":
        test(args.venv, args.all)
    else:
        bench(args.venv, args.rounds, args.games)


if __name__ == "__main__":
    main()
