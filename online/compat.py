"""Stand-ins for core pieces that other branches are adding: each is used when present, else a small fallback.

``State.public_observation`` and ``Game.table_view`` (branch core-views) and the bounded JSON reader
``cartas.core.wire.read_json`` (branch integrity-input). The fallbacks are deliberately minimal and safe: the
public observation shows no table fields at all, the table view only the game's text lines.
"""

from __future__ import annotations

import json
from typing import Any

from cartas.core.errors import CartasError
from cartas.core.game import Game
from cartas.core.observation import Observation
from cartas.core.state import State

try:
    from cartas.core.wire import WireError, read_json
except ImportError:  # until integrity-input lands

    class WireError(CartasError):  # type: ignore[no-redef]
        """Text from outside that cannot be accepted as JSON."""

    def read_json(data: bytes | str, *, max_bytes: int = 64 * 1024) -> Any:  # type: ignore[misc]
        if len(data) > max_bytes:
            raise WireError(f"the message is longer than the limit of {max_bytes} bytes")
        try:
            return json.loads(data)
        except (ValueError, RecursionError) as error:
            raise WireError(f"the message is not JSON ({type(error).__name__})") from None


def public_observation(state: State) -> Observation:
    """What a spectator may see of ``state``."""
    method = getattr(state, "public_observation", None)
    if method is not None:
        result: Observation = method()
        return result
    return Observation(
        game=state.game.name, seat=-1, players=state.table.n_seats, teams=list(state.table.teams),
        dealer=state.dealer, mano=None, hand_number=state.hands_played, to_act=list(state.to_act), hand=[],
        scores=list(state.scores()), over=state.is_over, legal=[], table={}, events=state.visible_events(-1),
    )


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


def language(game: Game) -> str:
    """The BCP-47 tag of the game's own words."""
    return str(getattr(game, "language", "en"))
