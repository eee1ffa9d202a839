"""The games every bridge must handle, the example plugin included, for the interop tests."""

from __future__ import annotations

import pytest

from cartas.core.game import Game
from cartas.core.plugins.manager import get_registry

BUILT_IN = ("truco", "truco_paulista", "chinchon", "remigio", "tresillo", "escoba")
PLUGIN = "siete_y_medio"
GAMES = (*BUILT_IN, PLUGIN)


def game_or_skip(name: str) -> Game:
    """The game called ``name``; the example plugin is skipped, with the command that installs it, if absent."""
    registry = get_registry()
    if name == PLUGIN and PLUGIN not in registry.games:
        pytest.skip("the example plugin is not installed: pip install --no-deps -e examples/siete_y_medio")
    return registry.game(name)
