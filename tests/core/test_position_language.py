"""A stacked position a game refuses is refused in the language spoken, like every other refusal."""

from __future__ import annotations

import pytest

from cartas.core.errors import PositionError
from cartas.core.i18n import speaking
from cartas.core.plugins.manager import get_registry

CASES = [
    ("truco", "es", {"scores": [40, 0]}, "en el truco van dos tantos, uno por equipo, de 0 a 29; vinieron [40, 0]"),
    ("truco_paulista", "pt", {"scores": [0, 0, 0]}, "o truco paulista tem dois lados, então dois placares, não 3"),
    ("chinchon", "es", {"scores": [0, 0, 0]}, "la posición da 3 puntuaciones para 2 jugadores"),
    ("tresillo", "es", {"scores": [10, 10]}, "el julepe necesita las fichas de los 4 jugadores; vinieron 2"),
    ("truco", "en", {"scores": [40, 0]}, "truco scores are two team scores from 0 to 29, got [40, 0]"),
]


@pytest.mark.parametrize(("name", "language", "position", "message"), CASES)
def test_a_refused_position_speaks_the_language(name: str, language: str, position: dict, message: str) -> None:
    game = get_registry().games[name]
    with speaking(language), pytest.raises(PositionError) as refused:
        game.start(position=position, seed=1)
    assert str(refused.value) == message
