"""Random-playout benchmark through the public API, for ``cartas bench`` and benchmarks/."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from .game import Game
from .state import State


def random_playout(
    state: State, rng: random.Random, max_decisions: int = 1_000_000, *, record_events: bool = True
) -> int:
    """Play ``state`` to the end with uniformly random legal actions; returns the number of decisions.

    With ``record_events=False`` the state stops recording its events from here on (:attr:`State.record_events`):
    for throughput, where nobody reads them. The actions and the result are the same either way.
    """
    if not record_events:
        state.record_events = False
    decisions = 0
    choice = rng.choice
    while not state.is_over:
        if decisions >= max_decisions:
            raise RuntimeError(f"{state.game.name}: the match did not end within {max_decisions} decisions")
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else choice(to_act)
        state.apply(choice(state.legal_actions(seat)), seat)
        decisions += 1
    return decisions


class BenchResult(BaseModel):
    """Throughput of uniformly random legal play."""

    game: str
    options: dict[str, Any]
    games: int
    hands: int
    decisions: int
    seconds: float
    games_per_s: float
    hands_per_s: float
    decisions_per_s: float


def bench(game: Game, options: Mapping[str, Any] | None = None, games: int = 200, seed: int = 0) -> BenchResult:
    """Play ``games`` random matches and measure games, hands and decisions per second.

    The matches record no events: nobody reads them here, and a simulation that does not watch its matches
    should not pay for them (see :func:`random_playout`)."""
    opts = game.options(options)
    rng = random.Random(seed)
    hands = decisions = 0
    started = time.perf_counter()
    for number in range(games):
        state = game.start(opts, seed=seed + number)
        decisions += random_playout(state, rng, record_events=False)
        hands += state.hands_played
    seconds = max(time.perf_counter() - started, 1e-9)
    return BenchResult(
        game=game.name, options=opts.model_dump(), games=games, hands=hands, decisions=decisions,
        seconds=round(seconds, 4), games_per_s=round(games / seconds, 1), hands_per_s=round(hands / seconds, 1),
        decisions_per_s=round(decisions / seconds, 1),
    )
