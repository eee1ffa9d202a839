"""Fixtures for the julepe tests: a game instance and stacked deals written as text.

Tests run with --import-mode=importlib, so shared helpers are fixtures rather than imports."""

from __future__ import annotations

from typing import Any

import pytest

from cartas.games.tresillo.game import TresilloGame
from cartas.games.tresillo.state import TresilloState
from cartas.testing import stacked_start


@pytest.fixture
def game() -> TresilloGame:
    return TresilloGame()


def _stacked(
    hands: str,
    up: str,
    *,
    dealer: int = 2,
    stock: str = "",
    chips: list[int] | None = None,
    seed: int = 1,
    **options: Any,
) -> TresilloState:
    """A match whose first deal is ``hands`` (seats split by ``/``), trump card ``up``, then ``stock``."""
    options.setdefault("ciega", "never")
    state = stacked_start(TresilloGame(), hands, dealer=dealer, options=options, seed=seed, scores=chips, up=up,
                          stock=stock.split())
    assert isinstance(state, TresilloState)
    return state


@pytest.fixture
def stacked() -> Any:
    """``stacked("1O 3C 4E / 3O 12C 2B / 7O 1C 6E", "5O", dealer=2, stock="...", **options)``."""
    return _stacked
