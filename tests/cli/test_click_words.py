"""A person who reads Spanish or Portuguese meets no English at the command line: click's own words (``Usage:``,
``Error:``, ``No such option``), the commands' help, the core's refusals and the bots' levels all come from the
framework's catalog, in the language of ``--lang``, ``CARTAS_LANG``, the game or the locale."""

from __future__ import annotations

import gettext
import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from cartas.cli.click_words import asked_language
from cartas.cli.main import make_cli
from cartas.core.errors import OptionsError, SeatingError
from cartas.core.i18n import speaking
from cartas.core.naming import viewer_names
from cartas.core.options import build_options
from cartas.core.seating import check_level, check_players
from cartas.games.truco.game import TrucoGame, TrucoOptions


ENGLISH = re.compile(
    r"\b(Usage|Error|Try|Options|Commands|Show|such|option|Missing|Invalid|cannot|allows|players|called|"
    r"games|GAME|OPTIONS|seat|level|levels|medium|hard|easy|not|valid|allowed)\b"
)
"""English words that click or cartas used to print in a refusal or a help page (``--help`` is an option's name)."""


def cartas(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(make_cli(), list(args), env=env, prog_name="cartas")


def test_a_refusal_of_the_core_and_clicks_frame_speak_spanish(home: Path) -> None:
    result = cartas("play", "truco", "--players", "7", env={"CARTAS_LANG": "es"})
    assert result.exit_code == 2
    assert result.output == (
        "Uso: cartas play [OPCIONES] JUEGO\n"
        "Prueba 'cartas play --help' para ver la ayuda.\n"
        "\n"
        "Error: truco no se puede jugar entre 7; admite 2, 4, 6 jugadores\n"
    )
    message = result.output.splitlines()[-1]
    assert not ENGLISH.search(message.removeprefix("Error: "))


def test_an_unknown_game_is_refused_in_spanish(home: Path) -> None:
    """The message lists every game installed: the built-in five, and whatever plugin this venv holds (CI's
    compiled venv has the example's siete_y_medio), in order."""
    from cartas.core.plugins.manager import installed_registry

    built_in = ["chinchon", "remigio", "tresillo", "truco", "truco_paulista"]
    installed = sorted(installed_registry().games)  # what the command line loads, as it loads it
    assert set(built_in) <= set(installed)
    result = cartas("play", "nope", env={"CARTAS_LANG": "es"})
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: no hay ningún juego llamado 'nope'; juegos: {', '.join(installed)}"
    )
    assert not ENGLISH.search(result.output.replace("Error:", ""))
    assert not ENGLISH.search(cartas("play", "truco", "--players", "7", env={"CARTAS_LANG": "es"}).output.replace(
        "Error:", ""))


def test_clicks_parse_errors_speak_the_language_of_lang_wherever_it_is(home: Path) -> None:
    unknown = cartas("play", "truco", "--bogus", "--lang", "pt")
    assert unknown.output.splitlines()[-1] == (
        "Erro: Não existe a opção '--bogus'. (Você quis dizer uma destas: '--bot', '--bots'?)"
    )
    missing = cartas("play", env={"CARTAS_LANG": "es"})
    assert missing.output.splitlines()[-1] == "Error: Falta el argumento 'JUEGO'."
    bad = cartas("--lang=es", "play", "truco", "--players", "x")
    assert bad.output.splitlines()[-1] == "Error: Valor no válido para '--players': 'x' no es un entero válido."
    # click's number type is named in the language spoken, then back in English for the next command
    assert "--games INTEIRO" in cartas("--lang", "pt", "arena", "--help").output
    assert cartas("arena", "truco", "easy", "easy", "--games", "x").output.splitlines()[-1].endswith(
        "'x' is not a valid integer range."
    )


def test_a_game_that_speaks_argentine_spanish_says_its_refusal_with_voseo(home: Path) -> None:
    """No language asked for: truco's own (es-AR) speaks, click's frame included, once the game is known."""
    result = cartas("play", "truco", "--seat", "9", "--no-lobby")
    assert result.output.splitlines()[1] == "Probá 'cartas play --help' para ver la ayuda."
    assert result.output.splitlines()[-1] == "Error: --seat 9 no es un asiento; los asientos van de 0 a 1"


def test_english_stays_english(home: Path) -> None:
    result = cartas("play", "truco", "--players", "7", "--lang", "en")
    assert result.output.splitlines()[-1] == "Error: truco cannot be played by 7; it allows 2, 4, 6 players"
    assert result.output.splitlines()[0] == "Usage: cartas play [OPTIONS] GAME"


def test_the_process_gettext_settings_are_restored_after_a_command(home: Path) -> None:
    before = (gettext.textdomain(), os.environ.get("LANGUAGE"))
    cartas("play", "nope", env={"CARTAS_LANG": "pt"})
    assert (gettext.textdomain(), os.environ.get("LANGUAGE")) == before
    assert gettext.gettext("Usage:") == "Usage:"


def test_the_group_help_is_in_the_language_of_lang(home: Path) -> None:
    result = cartas("--lang", "pt", "--help")
    assert result.exit_code == 0
    out = result.output
    assert out.startswith("Uso: cartas [OPÇÕES] COMANDO [ARGS]...\n")
    assert "Opções:" in out and "Comandos:" in out and "Exemplos:" in out
    assert "  play     Jogar JOGO contra bots no terminal" in out
    assert "Mostra esta mensagem e sai." in out and "Mostra a versão e sai." in out
    assert "Show this message" not in out and "Play GAME" not in out


def test_a_commands_help_is_in_the_language_of_the_variable(home: Path) -> None:
    out = cartas("play", "--help", env={"CARTAS_LANG": "es-AR"}).output
    assert "Jugar a JUEGO contra bots en la terminal" in out
    assert "--players ENTERO" in out and "Número de jugadores (los que admita el juego)." in out
    assert "vos,medio/fácil,difícil" in out
    english = cartas("play", "--help", env={"CARTAS_LANG": "en"}).output
    assert "Play GAME against bots in the terminal" in english and "--players INTEGER" in english


def test_lang_is_found_in_the_command_line_before_click_reads_it() -> None:
    assert asked_language(["play", "truco", "--lang", "es"]) == "es"
    assert asked_language(["--lang=pt", "--help"]) == "pt"
    assert asked_language(["play", "--", "--lang", "es"]) is None
    assert asked_language(["play", "--lang"]) is None


# --- the core's refusals -------------------------------------------------------------------------


def test_option_refusals_speak_the_language_spoken() -> None:
    with speaking("es"), pytest.raises(OptionsError) as refused:
        build_options(TrucoOptions, {"points": "7"})
    assert str(refused.value) == "la opción points='7' no es válida (se admite: 15, 30)"
    with speaking("pt"), pytest.raises(OptionsError) as unknown:
        build_options(TrucoOptions, {"zzz": "1"})
    assert str(unknown.value).startswith("opção desconhecida zzz; as opções deste jogo são: ")


def test_seating_refusals_speak_the_language_spoken() -> None:
    with speaking("pt"), pytest.raises(SeatingError) as refused:
        check_players(TrucoGame(), 5)
    assert str(refused.value) == "truco não pode ser jogado por 5; aceita 2, 4, 6 jogadores"


# --- bot levels ----------------------------------------------------------------------------------


def test_a_bot_is_named_by_its_level_in_the_language_spoken() -> None:
    for language, name in (("en", "Bot 2 (medium)"), ("es", "Bot 2 (medio)"), ("es-AR", "Bot 2 (medio)"),
                           ("pt", "Bot 2 (médio)")):
        with speaking(language):
            assert viewer_names(2, 0, bots={1: "medium"}).seat(1) == name
    with speaking("es"):
        assert viewer_names(2, 0, bots={1: "hard"}).seat(1) == "Bot 2 (difícil)"


def test_a_level_is_read_in_any_language_and_kept_in_english() -> None:
    levels = ["easy", "medium", "hard"]
    for word, level in (("difícil", "hard"), ("dificil", "hard"), ("DIFÍCIL", "hard"), ("hard", "hard"),
                        ("médio", "medium"), ("medio", "medium"), ("facil", "easy")):
        assert check_level(word, levels) == level
    with speaking("es"), pytest.raises(SeatingError) as refused:
        check_level("genio", levels)
    assert str(refused.value) == "no hay nivel de bot 'genio'; niveles: fácil, medio, difícil"


def test_the_table_names_the_bot_in_spanish_and_the_save_keeps_the_level_in_english(
    home: Path, cli_with: Callable[..., click.Group]
) -> None:
    cli = cli_with()
    result = CliRunner().invoke(
        cli, ["play", "alta", "--bot", "difícil", "--seed", "3", "--no-lobby", "--lang", "es"], input="1\n" * 10,
        prog_name="cartas",
    )
    assert result.exit_code == 0, result.output
    assert "Bot 2 (difícil)" in result.output
    (save,) = sorted((home / "saves").glob("*.json"))
    assert json.loads(save.read_text(encoding="utf-8"))["players"] == {"0": "human", "1": "hard"}
    listed = CliRunner().invoke(cli, ["saves"], env={"CARTAS_LANG": "pt"}, prog_name="cartas")
    assert "você, Bot 2 (difícil)" in listed.output and "hard" not in listed.output
