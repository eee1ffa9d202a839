"""Shared fixtures of the core tests: the example third-party game, used wherever a real game is needed."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cartas.core import Game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "siete_y_medio"
sys.path.insert(0, str(Path(__file__).parent))  # so the tests import fake_plugins


def load_example() -> type[Game]:
    """The example game's class, installed or not (its package name cannot shadow anything of cartas)."""
    try:
        module = importlib.import_module("cartas_siete_y_medio.game")
    except ImportError:
        sys.path.insert(0, str(EXAMPLE))
        module = importlib.import_module("cartas_siete_y_medio.game")
    game_class: type[Game] = module.SieteYMedio
    return game_class


@pytest.fixture(scope="session")
def example_game() -> Game:
    return load_example()()


MakeGame = Callable[..., Game]


@pytest.fixture(scope="session")
def make_game() -> MakeGame:
    """Games like the example under other names, so that plugins can clash or coexist."""
    base = load_example()

    def make(name: str, aliases: tuple[str, ...] = ()) -> Game:
        game: Game = type(f"Game_{name}", (base,), {"name": name, "aliases": aliases})()
        return game

    return make
