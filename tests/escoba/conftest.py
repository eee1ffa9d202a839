"""Fixtures for the escoba tests: a game instance and stacked deals written as text.

Tests run with --import-mode=importlib, so shared helpers are fixtures rather than imports."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.games.escoba.game import EscobaGame
from cartas.games.escoba.state import EscobaState
from cartas.testing import stacked_start


@pytest.fixture
def game() -> EscobaGame:
    return EscobaGame()


def _stacked(hands: str, board: str, *, dealer: int = 1, stock: str = "", scores: list[int] | None = None,
             seed: int = 1, **options: Any) -> EscobaState:
    """A match whose first deal is ``hands`` (seats split by ``/``), the four table cards ``board``, then the
    draws ``stock``."""
    state = stacked_start(EscobaGame(), hands, dealer=dealer, options=options, seed=seed, scores=scores,
                          stock=board.split() + stock.split())
    assert isinstance(state, EscobaState)
    return state


@pytest.fixture
def stacked() -> Any:
    """``stacked("7O 1C 4E / 3O 12C 2B", "5E 3C 12O 6B", dealer=1, stock="...", **options)``."""
    return _stacked
