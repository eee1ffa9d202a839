"""Helpers shared by the truco paulista rules tests: stacked matches and moves written as text.

Tests run with --import-mode=importlib, where a conftest cannot be imported by name, so each helper comes as a
fixture that returns the function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.state import PaulistaState
from cartas.testing import apply_moves, legal_texts

GAME = PaulistaGame()


def _start(hands: list[str], up: str | None = None, *, dealer: int = 1, scores: list[int] | None = None,
           **options: Any) -> PaulistaState:
    """A stacked match: ``hands`` as one text per seat, seat 0 first; seat 1 deals by default, so seat 0 is mão."""
    position: dict[str, Any] = {"hands": [h.split() for h in hands], "dealer": dealer}
    if up is not None:
        position["up"] = up
    if scores is not None:
        position["scores"] = scores
    state = GAME.start({"players": len(hands), **options}, seed=7, position=position)
    assert isinstance(state, PaulistaState)
    return state


@pytest.fixture
def start() -> Callable[..., PaulistaState]:
    """``start(["3E 2B 7O", "1O 3C 4B"], up="5O", dealer=1, scores=None, **options)``."""
    return _start


@pytest.fixture
def play() -> Callable[..., None]:
    """``play(state, "0 truco", "1 aceito")``."""
    return apply_moves


@pytest.fixture
def legal() -> Callable[[PaulistaState, int], list[str]]:
    """``legal(state, seat)``: the seat's legal actions as text."""
    return legal_texts
