"""The match runner: asks each seat's agent in turn until the match is over, and calls the lifecycle hooks.

The terminal, the JSON protocol and the arena all run matches through here. Random playouts do not: they
call ``legal_actions`` and ``apply`` directly, with no hooks and no views.

The lifecycle hooks only observe, so a plugin whose hook raises cannot be allowed to stop a match: each
implementation is called on its own, and one that raises is reported in one line naming its plugin (once per
match and hook) while the match and the other plugins go on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Container, Mapping
from typing import Any

from cartas.core.bots.base import Agent, SeatView
from cartas.core.state import Action, Result, State

StepCallback = Callable[[State, int, Action], None]
Warn = Callable[[str], None]
"""Where one-line warnings go (a raising hook); standard error by default, never the protocol's output."""


def warn_on_stderr(message: str) -> None:
    sys.stderr.write(f"warning: {message}\n")
    sys.stderr.flush()


class LifecycleHooks:
    """Calls the observe-only hooks one implementation at a time, reporting and skipping one that raises."""

    def __init__(self, hooks: Any, warn: Warn) -> None:
        self.hooks = hooks
        self.warn = warn
        self.reported: set[tuple[str, str]] = set()

    def __call__(self, name: str, **kwargs: Any) -> None:
        for impl in getattr(self.hooks, name).get_hookimpls():
            if getattr(impl, "hookwrapper", False) or getattr(impl, "wrapper", False):
                continue  # observe-only hooks have no use for wrappers; calling one by hand is not possible
            try:
                impl.function(*(kwargs[arg] for arg in impl.argnames))
            except Exception as error:
                if (impl.plugin_name, name) not in self.reported:
                    self.reported.add((impl.plugin_name, name))
                    reason = " ".join(str(error).split())[:200]
                    self.warn(
                        f"plugin {impl.plugin_name}'s {name} hook raised {type(error).__name__}: {reason}; "
                        "the match goes on without it"
                    )


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
    warn: Warn = warn_on_stderr,
) -> Result:
    """Play ``state`` to the end with ``agents`` (one per seat). ``hooks`` is a pluggy ``pm.hook`` or ``None``."""
    notify = None if hooks is None else LifecycleHooks(hooks, warn)
    if notify is not None and not state.history:
        notify("match_started", state=state)
    while not state.is_over:
        seat = seat_to_ask(state, prefer)
        action = agents[seat].choose(SeatView(state, seat))
        hands = state.hands_played
        state.apply(action, seat)
        if on_step is not None:
            on_step(state, seat, action)
        if notify is not None and state.hands_played != hands:
            notify("hand_finished", state=state)
    result = state.result()
    if notify is not None:
        notify("match_finished", state=state, result=result)
    return result
