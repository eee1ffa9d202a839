"""Random-playout throughput of every registered game, against the targets the project set itself.

Run: ``python benchmarks/engine/playouts.py [--games N]``. Speed is measured here and by ``cartas bench``, never asserted
in unit tests, because a loaded CI machine must not turn a test red.
"""

from __future__ import annotations

import argparse

from cartas.core.bench import bench
from cartas.core.plugins.manager import get_registry

# (game, options, decisions/s target, hands/s target); a target of 0 means none was set.
TARGETS: list[tuple[str, dict[str, object], int, int]] = [
    ("truco", {"players": 2}, 150_000, 20_000),
    ("truco", {"players": 4}, 0, 8_000),
    ("truco_paulista", {"players": 2}, 150_000, 0),
    ("chinchon", {"players": 2}, 60_000, 0),
    ("remigio", {"players": 2}, 40_000, 0),
    ("tresillo", {"players": 4}, 100_000, 0),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="matches per row")
    args = parser.parse_args()
    registry = get_registry()
    print(f"{'game':16} {'options':16} {'decisions/s':>12} {'target':>8} {'hands/s':>10} {'target':>8}")
    for name, options, decisions_target, hands_target in TARGETS:
        if name not in registry.games:
            print(f"{name:16} not installed")
            continue
        result = bench(registry.games[name], options, games=args.games)
        print(
            f"{name:16} {str(options):16} {result.decisions_per_s:12,.0f} {decisions_target or '-':>8} "
            f"{result.hands_per_s:10,.0f} {hands_target or '-':>8}"
        )


if __name__ == "__main__":
    main()
