"""Issue 32, item 6: no card a player would name as a blunder when a sure winner is in hand.

The position of seed 3, hand 5: after a tied first trick, the rival leads a 3; the bot holds 3C and 7E. The 7E
wins the hand on the spot; ``hard`` once tied again with 3C (1 bot seed in 12), its eight play-outs' noise
beating a sure hand.
"""

from __future__ import annotations

import pytest

from cartas.core.bots.base import SeatView
from cartas.core.bots.search_bot import HardBot
from cartas.games.truco.bots.levels import MediumBot, wins_the_hand_now
from cartas.games.truco.game import TrucoGame
from cartas.games.truco.state import TrucoState

GAME = TrucoGame()


def after_a_tied_first_trick(scores: list[int]) -> TrucoState:
    state = GAME.start({"players": 2, "points": 15}, seed=3, position={
        "dealer": 1, "scores": scores, "hands": [["3E", "4C", "5O"], ["3C", "7E", "4B"]],
    })
    assert isinstance(state, TrucoState)
    for action, seat in (("play 4C", 0), ("play 4B", 1), ("play 3E", 0)):
        state.apply(action, seat)
    return state


@pytest.mark.parametrize("scores", [[0, 0], [5, 7], [12, 13]])
def test_hard_never_ties_again_when_a_card_in_hand_wins_the_hand(scores: list[int]) -> None:
    view = SeatView(after_a_tied_first_trick(scores), 1)
    assert wins_the_hand_now(view)
    choices = {str(HardBot(seed).choose(view)) for seed in range(12)}
    assert "play 3C" not in choices and choices <= {"play 7E", "truco"}


def test_with_no_call_left_the_winning_card_is_played() -> None:
    state = after_a_tied_first_trick([0, 0])
    state.apply("truco", 1)
    state.apply("retruco", 0)
    state.apply("vale cuatro", 1)
    state.apply("quiero", 0)
    view = SeatView(state, 1)
    assert {str(a) for a in view.legal_actions()} == {"play 3C", "play 7E", "mazo"}
    assert {str(HardBot(seed).choose(view)) for seed in range(6)} == {"play 7E"}
    assert {str(MediumBot(seed).choose(view)) for seed in range(6)} == {"play 7E"}


def test_a_trick_that_does_not_decide_the_hand_is_left_to_the_play_outs() -> None:
    state = GAME.start({"players": 2, "points": 15}, seed=3, position={
        "dealer": 1, "hands": [["3E", "4C", "5O"], ["3C", "7E", "4B"]],
    })
    state.apply("play 3E", 0)
    assert not wins_the_hand_now(SeatView(state, 1))  # winning the first trick wins no hand yet
