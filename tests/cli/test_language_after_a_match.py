"""The commands that know no game speak the language of the last match played here: after a truco in Spanish
(truco's own language), ``saves``, ``list`` and a ``replay`` refused for want of its argument speak Spanish too,
where the locale says nothing (the fixture clears it) and used to leave them in English. A ``--lang`` or
``CARTAS_LANG`` still wins. The saves name a bot as the table did ("Bot 2 (medio)"), and ``analyze`` counts
seats from 1 as every other screen does."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cartas.cli.main import make_cli


def cartas(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(make_cli(), list(args), input=input)


@pytest.fixture
def after_a_spanish_truco(home: Path) -> Path:
    played = cartas("play", "truco", "--no-lobby", "--seed", "3", "--ascii", input="1\nquit\n")
    assert "Partida guardada" in played.output, played.output
    assert (home / "language").read_text(encoding="utf-8") == "es-AR\n"
    return home


def test_before_any_match_the_locale_decides(home: Path) -> None:
    assert "Missing argument 'SAVE'" in cartas("replay").output


def test_a_match_not_saved_leaves_no_language_behind(home: Path) -> None:
    cartas("play", "truco", "--no-lobby", "--no-save", "--seed", "3", "--ascii", input="1\nquit\n")
    assert not home.exists()


def test_saves_list_and_replay_speak_the_last_matchs_language(after_a_spanish_truco: Path) -> None:
    saves = cartas("saves").output
    assert "\ttruco\t" in saves and "\tvos, Bot 2 (medio)\t0-0\tsin terminar\t" in saves
    assert "jugadores: 2, 4, 6" in cartas("list").output
    refused = cartas("replay")
    assert refused.exit_code == 2 and "Error: Falta el argumento 'PARTIDA'." in refused.output
    missing = cartas("replay", "7")
    assert missing.output == "Error: no hay partida guardada número 7: cartas saves las numera de 1 a 1\n"


def test_an_explicit_language_still_wins(after_a_spanish_truco: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\tyou, Bot 2 (medium)\t" in cartas("--lang", "en", "saves").output
    monkeypatch.setenv("CARTAS_LANG", "pt-BR")
    assert "Erro: Falta o argumento 'PARTIDA'." in cartas("replay").output


def test_a_paulista_match_then_speaks_portuguese(after_a_spanish_truco: Path) -> None:
    cartas("play", "truco_paulista", "--no-lobby", "--seed", "3", "--ascii", input="1\nquit\n")
    assert (after_a_spanish_truco / "language").read_text(encoding="utf-8") == "pt-BR\n"


def test_analyze_counts_the_seat_from_1(after_a_spanish_truco: Path) -> None:
    analysed = cartas("analyze", "last", "--samples", "2")
    assert analysed.exit_code == 0, analysed.output
    assert analysed.output.startswith("Truco argentino: asiento 1, 2 jugadas\n")
