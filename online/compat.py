"""A stand-in for ``Game.table_view`` (branch core-views), used until it lands: the game's text lines only."""

from __future__ import annotations

from typing import Any

from cartas.core.game import Game
from cartas.core.observation import Observation


def table_view(game: Game, observation: Observation) -> dict[str, Any]:
    """The game's layout of the table for ``observation``, as JSON-ready data."""
    method = getattr(game, "table_view", None)
    if method is not None:
        view = method(observation)
        data: dict[str, Any] = view.model_dump() if hasattr(view, "model_dump") else dict(view)
        return data
    if observation.seat < 0:
        return {"lines": []}
    return {"lines": game.table_lines(observation)}
