"""Helpers shared by the truco rules tests: stacked matches, moves written as text, legal actions as text.

Tests run with --import-mode=importlib, where a conftest cannot be imported by name, so each helper comes as a
fixture that returns the function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cartas.core.bots import Agent, SeatView
from cartas.games.truco.bots import MediumBot
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState
from cartas.testing import apply_moves, legal_texts

GAME = TrucoGame()


def _start(hands: list[str], dealer: int | None = None, scores: list[int] | None = None, **options: Any) -> TrucoState:
    """A stacked match: ``hands`` as one text per seat, seat 0 first; the last seat deals, so seat 0 is mano."""
    position: dict[str, Any] = {"dealer": len(hands) - 1 if dealer is None else dealer, "hands": [h.split() for h in hands]}
    if scores is not None:
        position["scores"] = scores
    state = GAME.start({"players": len(hands), **options}, seed=5, position=position)
    assert isinstance(state, TrucoState)
    return state


@pytest.fixture
def start() -> Callable[..., TrucoState]:
    """``start(["7E 6E 1B", "5C 4C 12O"], dealer=None, scores=None, **options)``."""
    return _start


@pytest.fixture
def run() -> Callable[..., None]:
    """``run(state, "0 envido", "1 quiero")``."""
    return apply_moves


@pytest.fixture
def legal() -> Callable[[TrucoState, int], list[str]]:
    """``legal(state, seat)``."""
    return legal_texts


def _play_hands(rival: Agent, hands: int, seed: int) -> MediumBot:
    """``medium`` at seat 0 against ``rival`` at seat 1 for ``hands`` finished hands of a match to 30, its book
    read up to the last of them."""
    state = GAME.start({"players": 2, "points": 30}, seed=seed)
    bot = MediumBot(seed + 1)
    agents: dict[int, Agent] = {0: bot, 1: rival}
    while not state.is_over and state.hands_played < hands:
        seat = state.to_act[0]
        state.apply(agents[seat].choose(SeatView(state, seat)), seat)
    assert not state.is_over, "the match ended before the hands the test reads"
    assert bot._reader is not None
    bot._reader.observe(SeatView(state, 0))
    return bot


@pytest.fixture
def play_hands() -> Callable[[Agent, int, int], MediumBot]:
    """``play_hands(rival, hands, seed)``: the ``medium`` that played them, for the rival-reading tests."""
    return _play_hands
