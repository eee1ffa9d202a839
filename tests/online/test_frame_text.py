"""The frames' text is exactly what ``json.dumps`` (compact, non-ASCII as is) wrote before the fast encoder.

Clients and docs/online.md rely on the bytes, so the fast path in :func:`cartas.online.game.views.dumps` must give
the same text for every value a frame may hold, and every game's view frame must be the one built the slow way.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.online.app import installed_registry
from cartas.online.game.views import build_view, dumps, view_text


def reference(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@given(values)
def test_dumps_writes_what_json_dumps_writes(value: Any) -> None:
    assert dumps({"type": "x", "value": value}) == reference({"type": "x", "value": value})


@pytest.mark.parametrize("value", [2.5e-05, 1e-07, 1e16, 1e22, 5e-324, float("inf"), "\ud800", "a\u2028b", 2**80])
def test_dumps_on_the_values_the_fast_encoder_writes_differently(value: Any) -> None:
    assert dumps({"v": value}) == reference({"v": value})


@pytest.mark.parametrize("game_name", ["chinchon", "escoba", "remigio", "tresillo", "truco", "truco_paulista"])
def test_every_view_frame_is_the_text_of_the_plain_view(game_name: str) -> None:
    game = installed_registry().game(game_name)
    players = game.player_counts()[1] if len(game.player_counts()) > 1 else game.player_counts()[0]
    state = game.start(game.options({"players": players}), seed=11)
    names = {str(seat): f"Jugador {seat} ñ" for seat in range(players)}
    rng = random.Random(game_name)
    checked = 0
    for version in range(60):
        for seat in [None, *range(players)]:
            expected = reference({"type": "view", "v": version, "view": build_view(state, seat, names, version % 2 == 0)})
            assert view_text(state, seat, names, version % 2 == 0, version) == expected
            checked += 1
        if state.is_over:
            break
        mover = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(mover)), mover)
    assert checked >= 3 * (players + 1)
