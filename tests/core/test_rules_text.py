"""Rules documents in the language being spoken, without the passages of options a match leaves off."""

from __future__ import annotations

from typing import Literal

import pytest

from cartas.core.i18n import speaking
from cartas.core.options import GameOptions
from cartas.core.rules_text import for_options, holds
from cartas.core.plugins import get_registry


class Table(GameOptions):
    players: Literal[2, 4, 6] = 2
    flor: bool = False
    pica_pica: bool = True


DOCUMENT = """# Game

Envido is called before truco<!-- option: flor --> or flor<!-- end option -->.

<!-- option: flor -->
## Flor

Three of a suit.
<!-- end option -->

<!-- option: players=4|6 -->
## Señas

Signs to a partner<!-- option: flor -->, and flor<!-- end option -->.
<!-- end option -->

<!-- option: pica_pica, players=6 -->
## Pica-pica
<!-- end option -->

## Scoring

| call | points |
|---|---|
<!-- option: flor -->| flor | 3 |<!-- end option -->
| truco | 2 |
"""

TABLE_WITH_FLOR = "| call | points |\n|---|---|\n| flor | 3 |\n| truco | 2 |\n"
TABLE_WITHOUT = "| call | points |\n|---|---|\n| truco | 2 |\n"


def test_the_passages_of_an_option_left_off_are_dropped() -> None:
    assert for_options(DOCUMENT, Table()) == "# Game\n\nEnvido is called before truco.\n\n## Scoring\n\n" + TABLE_WITHOUT


def test_the_passages_of_options_on_stay_without_their_markers() -> None:
    assert for_options(DOCUMENT, Table(players=6, flor=True)) == (
        "# Game\n\nEnvido is called before truco or flor.\n\n## Flor\n\nThree of a suit.\n\n## Señas\n\n"
        "Signs to a partner, and flor.\n\n## Pica-pica\n\n## Scoring\n\n" + TABLE_WITH_FLOR
    )
    four = for_options(DOCUMENT, Table(players=4, pica_pica=True))
    assert four.count("## ") == 2 and "Signs to a partner.\n" in four  # Señas without its flor, Scoring


def test_without_options_every_passage_shows() -> None:
    text = for_options(DOCUMENT, None)
    assert "<!--" not in text and "## Flor" in text and "## Pica-pica" in text and "truco or flor." in text
    assert text.endswith(TABLE_WITH_FLOR)


@pytest.mark.parametrize(("condition", "expected"), [
    ("flor", False), ("not flor", True), ("players=2", True), ("players=4|6", False), ("pica_pica", True),
    ("pica_pica, not flor", True), ("pica_pica, flor", False), ("no_such_option", False), ("flor=false", True),
])
def test_conditions(condition: str, expected: bool) -> None:
    assert holds(condition, Table()) is expected


DOCUMENTS = [
    ("truco", "es-AR", "# Truco argentino\n\nEl truco"),
    ("truco", "en", "# Truco argentino\n\nTruco"),
    ("truco_paulista", "pt-BR", "# Truco paulista\n\nO truco"),
    ("truco_paulista", "en", "# Truco paulista\n\nTruco"),
    ("chinchon", "es", "# Chinchón\n\nEl chinchón"),
    ("chinchon", "es-ES", "# Chinchón\n\nEl chinchón"),
    ("remigio", "es", "# Remigio\n\nEl remigio"),
    ("tresillo", "es", "# Julepe"),
    ("tresillo", "fr", "# Julepe de tres cartas (tresillo)\n\nJulepe"),
]


@pytest.mark.parametrize(("game", "language", "start"), DOCUMENTS)
def test_each_game_shows_its_rules_in_the_language_spoken(game: str, language: str, start: str) -> None:
    with speaking(language):
        text = get_registry().game(game).rules_text()
    assert text.startswith(start)
