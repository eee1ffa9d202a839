"""The scenarios AR-xx of the resolved rules, each with exact hands, actions and points."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cartas.core import IllegalActionError
from cartas.games.truco.state import TrucoState

Start = Callable[..., TrucoState]
Run = Callable[..., None]


def test_ar_01_envido_then_mazo_without_bonus(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"])
    run(state, "0 envido", "1 quiero")
    assert state.scores() == (2, 0)
    run(state, "0 play 1B", "1 mazo")
    assert state.scores() == (3, 0)
    assert state.hands_played == 1
    said = [(e.kind, e.seat, e.detail) for e in state.events if e.kind in ("tanto", "son_buenas")]
    assert said == [("tanto", 0, "33"), ("son_buenas", 1, "envido")]  # sung in turn: B's 29 is not said


def test_ar_02_envido_envido_real_envido_refused(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"], scores=[10, 12])
    run(state, "0 envido", "1 envido", "0 real envido", "1 no quiero")
    assert state.scores() == (14, 12)


def test_ar_04_falta_envido_in_the_malas(start: Start, run: Run) -> None:
    state = start(["6B 5B 4O", "7O 12O 3C"], scores=[8, 12])
    run(state, "0 falta envido", "1 quiero")
    assert state.scores() == (11, 12)


def test_ar_07_falta_envido_to_fifteen(start: Start, run: Run) -> None:
    state = start(["7E 6E 1B", "5C 4C 12O"], scores=[3, 7], points=15)
    run(state, "0 falta envido", "1 quiero")
    assert state.scores() == (11, 7)


def test_ar_08_only_the_holder_of_el_quiero_raises(start: Start, run: Run) -> None:
    state = start(["4B 5O 6C", "4C 5C 6O"])
    run(state, "0 truco", "1 quiero")
    assert "retruco" not in [str(a) for a in state.legal_actions(0)]
    with pytest.raises(IllegalActionError):
        state.apply("retruco", 0)
    run(state, "0 play 4B", "1 retruco", "0 vale cuatro", "1 no quiero")
    assert state.scores() == (3, 0)


@pytest.mark.parametrize(("third_tie", "scores"), [("mano", (1, 0)), ("first", (0, 1))])
def test_ar_11_third_trick_parda_after_one_each(third_tie: str, scores: tuple[int, int], start: Start, run: Run) -> None:
    state = start(["4B 3O 7C", "5C 2E 7B"], third_tie=third_tie)
    run(state, "0 play 4B", "1 play 5C", "1 play 2E", "0 play 3O", "0 play 7C", "1 play 7B")
    assert state.scores() == scores


def test_ar_14a_mazo_before_any_action_costs_two(start: Start, run: Run) -> None:
    state = start(["4C 5C 6C", "5O 6O 4E"])
    run(state, "0 mazo")
    assert state.scores() == (0, 2)


def test_ar_14b_mazo_after_the_rival_played_costs_one(start: Start, run: Run) -> None:
    state = start(["4C 6B 7C", "5O 6O 4E"])
    run(state, "0 play 4C", "1 play 5O", "1 play 4E", "0 mazo")
    assert state.scores() == (0, 1)


def test_ar_14c_mazo_after_an_accepted_truco(start: Start, run: Run) -> None:
    state = start(["4C 6B 7C", "5O 6O 4E"])
    run(state, "0 truco", "1 quiero", "0 play 4C", "1 play 5O", "1 mazo")
    assert state.scores() == (2, 0)


def test_ar_16_only_the_pies_call_envido_with_four(start: Start, run: Run) -> None:
    state = start(["12E 11E 4O", "5O 3O 12C", "7C 4C 11O", "6B 5B 10O"], dealer=0)
    assert state.to_act == (1,)
    with pytest.raises(IllegalActionError):
        state.apply("envido", 1)
    run(state, "1 play 5O")
    with pytest.raises(IllegalActionError):
        state.apply("envido", 2)
    run(state, "2 play 4C", "3 envido")
    assert state.to_act == (2, 0)
    run(state, "2 quiero")
    assert state.scores() == (2, 0)
    said = [(e.kind, e.seat, e.detail) for e in state.events if e.kind in ("tanto", "son_buenas")]
    # Sung in turn from the mano: s1 says 28, s2 31, s3's 31 ties and loses to s2 (nearer the mano): son buenas;
    # s0, whose partner s2 holds the best, stays silent.
    assert said == [("tanto", 1, "28"), ("tanto", 2, "31"), ("son_buenas", 3, "envido")]
