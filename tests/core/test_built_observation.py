"""The engine's observations skip pydantic's validation (cartas.core.observation.built_observation): each must be
the model validation would have made, field for field, equal and written to the same JSON, for every game."""

from __future__ import annotations

import random

import pytest
from pydantic_core import to_json

from cartas.core.observation import Observation
from cartas.core.plugins.manager import get_registry

GAMES = [("truco", {"players": 4}), ("truco", {"players": 2}), ("truco_paulista", {"players": 4}),
         ("tresillo", {"players": 4}), ("chinchon", {"players": 2}), ("remigio", {"players": 3}),
         ("escoba", {"players": 2}), ("escoba", {"players": 4})]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_observation_is_the_validated_model(name: str, options: dict[str, int]) -> None:
    game = get_registry().games[name]
    state = game.start(game.options(options), seed=7)
    rng = random.Random(7)
    checked = 0
    while not state.is_over and checked < 400:
        for seat in [*range(state.table.n_seats), None]:
            built = state.observation(seat) if seat is not None else state.public_observation()
            validated = Observation(**dict(built))
            assert built == validated
            assert to_json(built) == to_json(validated)
            assert built.model_dump() == validated.model_dump()
            assert built.model_fields_set == validated.model_fields_set
            checked += 1
        seat = rng.choice(state.to_act)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert checked > 40


def test_a_built_observation_is_frozen() -> None:
    game = get_registry().games["truco"]
    observation = game.start(game.options({"players": 2}), seed=1).observation(0)
    with pytest.raises(ValueError, match="frozen"):
        observation.seat = 1  # type: ignore[misc]
    assert len(observation.hand) == 3
