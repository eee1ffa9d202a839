"""Truco's ``medium`` calls envido when the hand already decides the match: the tanto is scored apart.

Regression: its guard against pointless raises blocked envido too, so at 29-27 it played a card holding a tanto
of 32 (a refused envido wins the match) and at 10-29 it did not call envido with 33.
"""

from __future__ import annotations

import pytest

from cartas.core.bots import SeatView
from cartas.core.plugins import get_registry
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
