"""A card in the middle of the table (paulista's vira, julepe's trump) is named in words after its notation, in
the reader's language and the deck drawn: "Vira: JO (o valete de ouros)", where the screen said "Vira: JO"."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cartas.cli.main import make_cli
from cartas.cli.screen import said_in_words
from cartas.core.decks import drawing
from cartas.core.i18n import speaking


def test_a_card_is_said_in_the_deck_drawn() -> None:
    with speaking("pt-BR"), drawing("french"):
        assert said_in_words("11O") == " (o valete de ouros)"
    with speaking("es-AR"), drawing("spanish"):
        assert said_in_words("1E") == " (el as de espadas)"
    assert said_in_words("back") == ""


def test_the_paulista_table_names_its_vira(home: Path) -> None:
    played = CliRunner().invoke(make_cli(), ["play", "truco_paulista", "--no-lobby", "--seed", "7", "--scores",
                                             "11,4", "--ascii", "--no-save"], input="quit\n")
    assert "\nVira: JO (o valete de ouros)\n" in played.output
