"""The terminal lobby's bot question lists truco's personalities by title (and strength, once measured), and
``--bot`` takes one like any level."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cartas.cli.main import make_cli


def test_the_lobby_lists_the_personalities_and_seats_one(home: Path) -> None:
    result = CliRunner().invoke(make_cli(), ["play", "truco", "--lobby", "--ascii", "--lang", "es-AR"],
                                input="2\n\nmentiroso\n1\nquit\n", catch_exceptions=False)
    out = result.output
    assert "  mentiroso: El Mentiroso" in out and "  prudente: El Prudente" in out and "  jugador: El Jugador" in out
    assert "Nivel de los bots (fácil, medio, difícil, búsqueda, prudente, mentiroso, jugador," in out
    assert "En la mesa: Vos · Bot 2 (mentiroso)" in out


def test_bot_takes_a_personality(home: Path) -> None:
    result = CliRunner().invoke(make_cli(), ["play", "paulista", "--bot", "blefador", "--ascii", "--lang", "en"],
                                input="quit\n", catch_exceptions=False)
    assert "Bot 2 (blefador)" in result.output, result.output
