"""Rules documents in the language being spoken, without the passages of options a match leaves off."""

from __future__ import annotations

from typing import Literal

import pytest

from cartas.core.i18n import speaking
from cartas.core.options import GameOptions
from cartas.core.rules_text import for_options, holds
from cartas.core.plugins.manager import get_registry


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
    ("truco", "es-AR", "# Truco argentino\n\nEl truco se juega de a dos"),
    ("truco", "en", "# Truco argentino\n\nTwo, four or six players"),
    ("truco_paulista", "pt-BR", "# Truco paulista\n\nO truco de São Paulo"),
    ("truco_paulista", "pt", "# Truco paulista\n\nO truco de São Paulo"),
    ("truco_paulista", "en", "# Truco paulista\n\nThe truco of São Paulo"),
    ("chinchon", "es", "# Chinchón\n\nEl chinchón es"),
    ("chinchon", "es-ES", "# Chinchón\n\nEl chinchón es"),
    ("chinchon", "en", "# Chinchón\n\nA rummy game"),
    ("remigio", "es", "# Remigio\n\nEl remigio es"),
    ("remigio", "en-GB", "# Remigio\n\nA rummy game"),
    ("tresillo", "es", "# Julepe de 3 cartas (`tresillo`, alias `julepe`)\n\nUn juego de bazas"),
    ("tresillo", "fr", "# Julepe de 3 cartas (`tresillo`, alias `julepe`)\n\nA gambling trick game"),
]


@pytest.mark.parametrize(("game", "language", "start"), DOCUMENTS)
def test_each_game_shows_its_rules_in_the_language_spoken(game: str, language: str, start: str) -> None:
    with speaking(language):
        text = get_registry().game(game).rules_text()
    assert text.startswith(start)


@pytest.mark.parametrize("language", ["en", "es-AR"])
def test_truco_without_flor_or_partners_never_mentions_them(language: str) -> None:
    game = get_registry().game("truco")
    with speaking(language):
        two = game.rules_text(game.options())
        six = game.rules_text(game.options({"players": 6, "flor": True}))
        everything = game.rules_text()
    said = [line for line in two.splitlines() if "flor" in line.lower() or "seña" in line.lower()]
    assert said == ["| `flor` | false | true, false |"]  # the option itself, in the table of options
    assert "pica-pica" not in two and "*pies*" not in two
    assert six == everything and "<!--" not in everything
    assert six.count("contraflor al resto") >= 3


def test_julepe_without_blind_deals_never_mentions_destapo() -> None:
    game = get_registry().game("tresillo")
    with speaking("es"):
        never = game.rules_text(game.options({"ciega": "never"}))
        choice = game.rules_text(game.options())
    assert "destapo" not in never and "a ciegas (apuesta ciega)" not in never
    assert "## Una mano a ciegas (apuesta ciega)" in choice and "fiado y sus fichas" not in choice
