"""Truco paulista in the players' words: the names a screen gives, moves as said in each language, words understood."""

from __future__ import annotations

import pytest

from cartas.core.events import Event
from cartas.core.i18n import speaking
from cartas.core.naming import TableNames
from cartas.games.truco_paulista.actions import parse_action
from cartas.games.truco_paulista.game import PaulistaGame

GAME = PaulistaGame()
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
