"""Truco's ``medium`` calls envido when the hand already decides the match: the tanto is scored apart.

Regression: its guard against pointless raises blocked envido too, so at 29-27 it played a card holding a tanto
of 32 (a refused envido wins the match) and at 10-29 it did not call envido with 33.
"""

from __future__ import annotations

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.plugins.manager import get_registry
from cartas.core.state import State


def _opening(scores: list[int], hand: list[str]) -> SeatView:
    truco = get_registry().game("truco")
    state: State = truco.start(
        {"points": 30}, seed=0, position={"dealer": 1, "scores": scores, "hands": [hand, ["4B", "5C", "6O"]]}
    )
    return SeatView(state, 0)


@pytest.mark.parametrize(
    ("scores", "hand", "tanto"),
    [([29, 27], ["7E", "5E", "1O"], 32), ([10, 29], ["7E", "6E", "1O"], 33)],
)
def test_medium_calls_envido_with_a_high_tanto_when_the_hand_decides_the_match(
    scores: list[int], hand: list[str], tanto: int
) -> None:
    view = _opening(scores, hand)
    assert view.observation().table["tanto"] == tanto
    medium = get_registry().bot("truco", "medium")
    assert {str(medium(seed).choose(view)) for seed in range(5)} == {"real envido"}


def test_medium_still_raises_no_truco_when_taking_the_hand_wins_the_match() -> None:
    """The truco guard stays: at 29 any hand won wins the match, so a truco call could only lose points."""
    view = _opening([29, 27], ["1E", "1B", "4O"])
    medium = get_registry().bot("truco", "medium")
    assert all(str(medium(seed).choose(view)) not in ("truco", "envido", "real envido") for seed in range(5))


def _answering(call: str, scores: list[int], hand: list[str]) -> SeatView:
    truco = get_registry().game("truco")
    state: State = truco.start(
        {"points": 30}, seed=0, position={"dealer": 0, "scores": scores, "hands": [hand, ["4B", "5C", "6O"]]}
    )
    mano = state.to_act[0]
    state.apply(call, mano)
    return SeatView(state, 1 - mano)


def test_medium_answers_an_envido_against_what_the_call_speaks_for_and_the_score() -> None:
    """28 accepts a plain envido, but not a real envido at 10-27, where a lost one hands over the match
    (before, a fixed bar of 25 near the end accepted both)."""
    medium = get_registry().bot("truco", "medium")
    plain = _answering("envido", [10, 27], ["7E", "1E", "4O"])
    assert plain.observation().table["tanto"] == 28
    assert {str(medium(seed).choose(plain)) for seed in range(4)} == {"quiero"}
    real = _answering("real envido", [10, 27], ["7E", "1E", "4O"])
    assert {str(medium(seed).choose(real)) for seed in range(4)} == {"no quiero"}


def test_medium_still_calls_truco_when_the_rivals_need_one_point() -> None:
    """Any hand they take ends the match whatever it is worth, so a truco costs nothing more (before, the
    guard blocked every raise whenever the rivals needed a point)."""
    view = _opening([20, 29], ["1E", "1B", "7E"])
    medium = get_registry().bot("truco", "medium")
    assert {str(medium(seed).choose(view)) for seed in range(4)} == {"truco"}
