"""The match runner: asks each seat's agent in turn until the match is over, and calls the lifecycle hooks.

It is :meth:`cartas.core.session.TableSession.play` under its older name, kept for the tests, examples and
plugins that call it; the front ends drive a :class:`~cartas.core.session.TableSession` themselves. Random
playouts do not: they call ``legal_actions`` and ``apply`` directly, with no hooks and no views.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any

from .bots.base import Agent
from .session import (
    LifecycleHooks, MoveCallback, StepCallback, TableSession, Warn, seat_to_ask, warn_on_stderr,
)
from .state import Result, State

__all__ = ["LifecycleHooks", "MoveCallback", "StepCallback", "Warn", "run_match", "seat_to_ask", "warn_on_stderr"]


def run_match(
    state: State,
    agents: Mapping[int, Agent],
    *,
    hooks: Any = None,
    on_step: StepCallback | None = None,
    prefer: Container[int] = (),
    warn: Warn = warn_on_stderr,
    on_move: MoveCallback | None = None,
) -> Result:
    """Play ``state`` to the end with ``agents`` (one per seat). ``hooks`` is a pluggy ``pm.hook`` or ``None``.

    ``match_started`` fires only for a match with no moves yet: a resumed one started in an earlier run.
    """
    return TableSession(state, hooks=hooks, warn=warn).play(agents, on_step=on_step, prefer=prefer, on_move=on_move)
