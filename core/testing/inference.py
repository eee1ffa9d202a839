"""A measure averaged over the worlds a seat could be in, for testing a game's bidding model.

A bidding model is right when the worlds drawn through it hold what the rivals' words speak for: after a real
envido the rival's mean tanto in the samples is higher than in the plain prior. Every game that gives its bots
a model tests it the same way, so the drawing and averaging live here, once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from statistics import mean
from typing import Any

from cartas.core.bots.base import SeatView
from cartas.core.bots.inference import Posterior
from cartas.core.state import State


def sampled_mean(
    view: SeatView, measure: Callable[[Any], float], posterior: Posterior | None = None, *, n: int = 300,
    seed: int = 0, kind: type[State] = State,
) -> float:
    """The mean of ``measure`` over ``n`` worlds drawn for ``view``'s seat from a generator seeded with ``seed``:
    through ``posterior`` (what the rivals' decisions say), or from the plain prior when it is ``None``. Each
    world must be a ``kind`` (the game's own state class)."""
    rng = random.Random(seed)
    values = []
    for _ in range(n):
        world = view.sample(rng) if posterior is None else posterior.sample(view, rng)
        assert isinstance(world, kind), f"a sampled world is a {type(world).__name__}, not a {kind.__name__}"
        values.append(measure(world))
    return mean(values)
