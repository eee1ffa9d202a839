"""Siete y medio against the shared conformance suite, and its perft counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartas.testing import check_conformance, check_hidden_information, perft
from cartas_siete_y_medio.game import SieteYMedio

GAME = SieteYMedio()
PERFT = json.loads((Path(__file__).parent / "perft.json").read_text(encoding="utf-8"))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4, 5, 6]),
    hands=st.integers(1, 4),
    natural_pays_double=st.booleans(),
)
def test_random_matches_keep_the_contract(seed: int, players: int, hands: int, natural_pays_double: bool) -> None:
    options = {"players": players, "hands": hands, "natural_pays_double": natural_pays_double}
    final = check_conformance(GAME, options, seed)
    assert final.hands_played == hands
    assert sum(final.scores()) == 0


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(10**5, 2**40), players=st.sampled_from([2, 3, 4, 5, 6]))
def test_no_seat_and_no_replay_sees_a_face_down_card(seed: int, players: int) -> None:
    check_hidden_information(GAME, {"players": players, "hands": 2}, seed)


@pytest.mark.parametrize("row", PERFT, ids=lambda row: f"{row['options']}-seed{row['seed']}")
def test_perft(row: dict[str, Any]) -> None:
    assert perft(GAME.start(row["options"], seed=row["seed"]), row["depth"]) == row["count"]
