"""A call button says the call as it is sung at the table (Game.action_said), not the move as a menu lists it."""

from __future__ import annotations

from cartas.core.i18n import speaking
from cartas.games.truco.actions import parse_action
from cartas.games.truco.game import TrucoGame
from cartas.games.truco_paulista.actions import parse_action as parse_paulista
from cartas.games.truco_paulista.game import PaulistaGame


def test_truco_calls_are_said_as_sung_in_spanish_and_portuguese() -> None:
    game = TrucoGame()
    said = {text: game.action_said(parse_action(text)) for text in ("truco", "retruco", "envido", "falta envido", "quiero", "no quiero", "mazo")}
    with speaking("es-AR"):
        spanish = {text: game.action_said(parse_action(text)) for text in said}
    assert spanish == {
        "truco": "¡Truco!", "retruco": "¡Quiero retruco!", "envido": "¡Envido!", "falta envido": "¡Falta envido!",
        "quiero": "¡Quiero!", "no quiero": "¡No quiero!", "mazo": "Me voy al mazo",
    }
    assert said["truco"] == "Truco!" and said["mazo"] == "Fold (go to the mazo)"


def test_paulista_words_are_shouted_in_portuguese() -> None:
    game = PaulistaGame()
    with speaking("pt-BR"):
        said = {text: game.action_said(parse_paulista(text)) for text in ("truco", "seis", "aceito", "corro")}
    assert said == {"truco": "Truco!", "seis": "Seis!", "aceito": "Aceito!", "corro": "Corro!"}
