"""The match runner: asks each seat's agent in turn until the match is over, and calls the lifecycle hooks.

The terminal, the JSON protocol and the arena all run matches through here. Random playouts do not: they
call ``legal_actions`` and ``apply`` directly, with no hooks and no views.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any

from cartas.core.bots import Agent, SeatView
from cartas.core.state import Action, Result, State

StepCallback = Callable[[State, int, Action], None]


def seat_to_ask(state: State, prefer: Container[int] = ()) -> int:
    """Which of the seats that may act is asked: the first preferred one (a person), else the first in order.

    Several seats may act at once (any player of a team may answer a truco); a person is asked before a bot
    so that a human partner is never passed over.
    """
    for seat in state.to_act:
        if seat in prefer:
            return seat
    return state.to_act[0]


def run_match(
    state: State,
    agents: Mapping[int, Agent],
    *,
    hooks: Any = None,
    on_step: StepCallback | None = None,
    prefer: Container[int] = (),
) -> Result:
    """Play ``state`` to the end with ``agents`` (one per seat). ``hooks`` is a pluggy ``pm.hook`` or ``None``."""
    if hooks is not None and not state.history:
        hooks.match_started(state=state)
    while not state.is_over:
        seat = seat_to_ask(state, prefer)
        action = agents[seat].choose(SeatView(state, seat))
        hands = state.hands_played
        state.apply(action, seat)
        if on_step is not None:
            on_step(state, seat, action)
        if hooks is not None and state.hands_played != hands:
            hooks.hand_finished(state=state)
    result = state.result()
    if hooks is not None:
        hooks.match_finished(state=state, result=result)
    return result
