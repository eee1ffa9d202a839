"""perft-style counts: the number of distinct action sequences from seeded deals, kept in perft.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cartas.games.escoba.game import EscobaGame
from cartas.testing import perft

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "perft.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['options']}-seed{c['seed']}-depth{c['depth']}")
def test_perft(case: dict[str, Any]) -> None:
    state = EscobaGame().start(case["options"], seed=case["seed"])
    assert perft(state, case["depth"]) == case["count"]
