"""Personalities as the front ends show them: a title and a measured strength read from a benchmark's file."""

from __future__ import annotations

import json
from pathlib import Path

from cartas.core.bots.personality import Strength, level_label, level_title, read_strengths
from cartas.core.i18n import speaking


class Shown:
    @classmethod
    def title(cls) -> str:
        return "El Mentiroso"

    @classmethod
    def strength(cls) -> Strength | None:
        return Strength(46, 100, "medium")


class Plain:
    pass


def test_a_personality_is_labelled_with_its_strength_against_its_rival() -> None:
    with speaking("es-AR"):
        assert level_label(Shown, "mentiroso") == "El Mentiroso · 46% contra medio"
        assert level_label(Plain, "medium") == level_title(Plain, "medium") == "medio"
    with speaking("pt-BR"):
        assert level_label(Shown, "mentiroso") == "El Mentiroso · 46% contra médio"
    with speaking("en"):
        assert level_label(Shown, "mentiroso") == "El Mentiroso · 46% vs medium"


def test_strengths_are_read_and_bad_rows_left_out(tmp_path: Path) -> None:
    path = tmp_path / "personalities.json"
    path.write_text(json.dumps({"rival": "medium", "levels": {
        "mentiroso": {"won": 46.5, "matches": 100}, "jugador": {"won": 5, "matches": 0},
        "prudente": {"won": 120, "matches": 100}, "raro": {"won": "x"},
    }}))
    assert read_strengths(path) == {"mentiroso": Strength(46.5, 100, "medium")}
    assert read_strengths(path).get("mentiroso", Strength(0, 1, "")).rate == 0.465
    assert read_strengths(tmp_path / "missing.json") == {}
    path.write_text("{not json")
    assert read_strengths(path) == {}
