"""Truco paulista in the players' words: the names a screen gives, moves as said in each language, words understood."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cartas.cli.main import make_cli
from cartas.core.events import Event
from cartas.core.i18n import speaking
from cartas.core.naming import TableNames, viewer_names
from cartas.games.truco_paulista.actions import parse_action
from cartas.games.truco_paulista.game import PaulistaGame
from cartas.games.truco_paulista.state import PaulistaState

GAME = PaulistaGame()
Start = Callable[..., PaulistaState]
NAMES = TableNames(("Você", "Bot 1 (medium)", "Parceiro", "Bot 2 (hard)"), ("Nós", "Eles"))
EVENTS = [
    Event("deal", 1), Event("vira", -1, "7O"), Event("play", 0, "3O"), Event("hide", 2, ""), Event("hide", 2, "4C"),
    Event("truco", 3), Event("corro", 0), Event("trick", 1, "1"), Event("trick", 2, "parda"),
    Event("hand", -1, "0 1"), Event("hand", -1, "1 3"), Event("onze", -1, "0"), Event("forfeit", -1, "1"),
    Event("match", -1, "0"),
]


@pytest.mark.parametrize(("language", "lines"), [
    ("pt-BR", [
        "Bot 1 (medium) embaralha e dá as cartas · corte: Você", "Vira: o 7 de ouros", "Você joga o 3 de ouros",
        "Parceiro joga uma carta encoberta", "Parceiro joga o 4 de copas encoberta", "Bot 2 (hard): Truco!", "Você: Corro!", "Rodada para Eles (Bot 1 (medium))",
        "Rodada empatada; Parceiro torna", "1 ponto para Nós", "3 pontos para Eles",
        "Nós estamos na mão de onze: jogar ou correr", "Truco na mão de onze: partida para Eles", "Partida para Nós",
    ]),
    ("en", [
        "Bot 1 (medium): shuffles and deals · cut: Você", "Vira: the 7 of coins", "Você: plays the 3 of coins",
        "Parceiro: plays a card face down", "Parceiro: plays the 4 of cups face down", "Bot 2 (hard): Truco!", "Você: I run!", "Rodada to Eles (Bot 1 (medium))",
        "Tied rodada; Parceiro to lead again", "1 point for Nós", "3 points for Eles",
        "Mão de onze for Nós: play it or run", "Truco in a mão de onze: match to Eles", "Match to Nós",
    ]),
])
def test_events_use_the_names_given_on_every_line(language: str, lines: list[str]) -> None:
    with speaking(language):
        assert [GAME.describe(event, NAMES) for event in EVENTS] == lines


CANONICAL = ("play 3O", "hide 12B", "play 2nd", "truco", "aceito", "corro", "jogo")


@pytest.mark.parametrize(("language", "said"), [
    ("pt-BR", ["jogo o 3 de ouros", "escondo o 12 de paus", "jogo a segunda carta, às cegas", "truco", "aceito",
               "corro", "jogo (mão de onze)"]),
    ("en", ["play the 3 of coins", "hide the 12 of clubs (face down)", "play your second card, unseen", "truco",
            "accept (aceito)", "run (corro)", "play the mão de onze (jogo)"]),
])
def test_moves_as_players_say_them(language: str, said: list[str]) -> None:
    actions = [parse_action(text) for text in CANONICAL]
    with speaking(language):
        assert [GAME.action_text(action) for action in actions] == said
    assert tuple(str(action) for action in actions) == CANONICAL  # what programs read is unchanged


PLAYING = [parse_action(text) for text in ("play 3O", "play 1E", "hide 3O", "hide 1E", "truco")]
ANSWERING = [parse_action(text) for text in ("aceito", "corro", "seis")]
DECIDING = [parse_action(text) for text in ("jogo", "corro")]
BLIND = [parse_action(text) for text in ("play 1st", "play 2nd", "play 3rd")]


@pytest.mark.parametrize(("legal", "typed", "move"), [
    (PLAYING, "jogo o 3 de ouros", "play 3O"), (PLAYING, "3 de ouro", "play 3O"), (PLAYING, "o tres de ouros", "play 3O"),
    (PLAYING, "the 3 of coins", "play 3O"), (PLAYING, "tiro el 3 de oros", "play 3O"), (PLAYING, "ás de espadas", "play 1E"),
    (PLAYING, "escondo o 3 de ouros", "hide 3O"), (PLAYING, "3 de ouros encoberta", "hide 3O"),
    (PLAYING, "hide the 1 of swords", "hide 1E"), (PLAYING, "Truco!", "truco"), (PLAYING, "o 1", "play 1E"),
    (ANSWERING, "aceito", "aceito"), (ANSWERING, "Desce!", "aceito"), (ANSWERING, "quiero", "aceito"),
    (ANSWERING, "corro", "corro"), (ANSWERING, "no quiero", "corro"), (ANSWERING, "seis", "seis"),
    (ANSWERING, "accept", "aceito"), (DECIDING, "desce", "jogo"), (DECIDING, "jogo", "jogo"),
    (DECIDING, "play the mão de onze (jogo)", "jogo"), (BLIND, "a segunda", "play 2nd"),
    (BLIND, "jogo a terceira carta", "play 3rd"),
])
def test_words_are_understood_in_every_language(legal: list[object], typed: str, move: str) -> None:
    with speaking("pt-BR"):
        assert str(GAME.understand(typed, legal)) == move  # type: ignore[arg-type]


@pytest.mark.parametrize(("legal", "typed"), [
    (PLAYING, "jogo o 4 de copas"), (PLAYING, "aceito"), (PLAYING, "desce"), (ANSWERING, "jogo o 3 de ouros"),
    (DECIDING, "aceito"), (PLAYING, "face down"), (PLAYING, "oi"), (BLIND, "a quarta"),
])
def test_words_naming_no_legal_move_are_not_understood(legal: list[object], typed: str) -> None:
    assert GAME.understand(typed, legal) is None  # type: ignore[arg-type]


def test_two_players_name_the_winner_of_a_rodada_once() -> None:
    names = TableNames(("Você", "Bot 1 (médio)"), ("Você", "Bot 1 (médio)"))
    with speaking("pt-BR"):
        assert GAME.describe(Event("trick", 0, "0"), names) == "Rodada para Você"
        assert GAME.describe(Event("trick", 1, "1"), names) == "Rodada para Bot 1 (médio)"


# --- said from the reader's side, in words ----------------------------------------------------------------


def test_the_readers_own_mao_de_onze_is_said_from_their_side(start: Start) -> None:
    """Seat 0 on 11: its own screen says "Você está na mão de onze" where it said "Mão de onze de Você"; the
    rival's screen names the side that holds it."""
    state = start(["3E 2E 5E", "4C 2C 6C"], "7O", scores=[11, 4])
    with speaking("pt-BR"):
        mine = GAME.table_lines(state.observation(0), viewer_names(2, 0, bots={1: "medium"}))
        theirs = GAME.table_lines(state.observation(1), viewer_names(2, 1, bots={0: "medium"}))
        onze = Event("onze", -1, "0")
        assert GAME.describe(onze, viewer_names(2, 0, bots={1: "medium"})) == "Você está na mão de onze: jogar ou correr"
        assert GAME.describe(onze, viewer_names(2, 1, bots={0: "medium"})) == (
            "Mão de onze para Bot 1 (médio): jogar ou correr")
    assert "Você está na mão de onze" in mine and not [line for line in mine if "de Você" in line]
    assert "Mão de onze para Bot 1 (médio)" in theirs


def test_partners_in_the_mao_de_onze_read_we(start: Start) -> None:
    state = start(["1O 4B 5B", "3E 4E 5E", "2B 4C 5C", "3C 4O 6B"], "5O", dealer=0, scores=[2, 11])
    teams = (0, 1, 0, 1)
    with speaking("pt-BR"):
        assert "Nós estamos na mão de onze" in GAME.table_lines(state.observation(1), viewer_names(4, 1, teams=teams))
        assert "Mão de onze para Eles" in GAME.table_lines(state.observation(0), viewer_names(4, 0, teams=teams))


CARD_CODE = re.compile(r"(?<![\w])(?:1[0-2]|[1-7]|[AJQK])[OCEBP](?![\w])")


@pytest.mark.parametrize("language", ["pt-BR", "es-AR", "en"])
@pytest.mark.parametrize("option", ["manilhas", "deck"])
def test_the_create_forms_help_is_in_words(language: str, option: str) -> None:
    """The form shows an option's help beside its choices' labels ("pela vira", "baralho francês"): the help
    names the cards in words and never starts with the raw choice values ("french:", "vira:")."""
    with speaking(language):
        help_text = GAME.option_text(option)[1]
    assert help_text and not CARD_CODE.search(help_text), help_text
    assert not re.match(r"(vira|fixas|french|spanish):", help_text)


def test_the_vira_in_the_french_deck_is_named_for_a_program_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The --json protocol's event texts are written in the game's deck, as the terminal's: "Vira: o rei de
    paus", not the notation of the Spanish deck the events carry ("12B")."""
    monkeypatch.setenv("CARTAS_HOME", str(tmp_path))
    result = CliRunner().invoke(make_cli(), ["play", "truco_paulista", "--json", "--no-save", "--lang", "pt-BR",
                                             "--deal", "3E 2E 5E / 4C 2C 6C", "--up", "12B"], input="")
    vira = [m for m in map(json.loads, result.stdout.splitlines()) if m.get("kind") == "vira"]
    assert vira and vira[0]["detail"] == "12B" and vira[0]["text"] == "Vira: o rei de paus"
