"""Truco in the players' words: the names a screen gives, moves as said in each language, words understood."""

from __future__ import annotations

import pytest

from cartas.core.events import Event
from cartas.core.i18n import speaking
from cartas.core.naming import TableNames
from cartas.games.truco.actions import parse_action
from cartas.games.truco.game import TrucoGame

GAME = TrucoGame()
NAMES = TableNames(("Vos", "Bot 1 (medium)", "Compañero", "Bot 2 (hard)"), ("Nosotros", "Ellos"))
EVENTS = [
    Event("deal", 1), Event("play", 0, "3O"), Event("truco", 3, "retruco"), Event("no_quiero", 2),
    Event("points", 1, "2 envido"), Event("points", 0, "1 hand"), Event("match", 1, "12-30"), Event("parda", -1, "1"),
    Event("seña", 2, "ancho_espada"), Event("mazo", 0),
]


@pytest.mark.parametrize(("language", "lines"), [
    ("es-AR", [
        "Bot 1 (medium): mezclo y reparto · corta: Vos", "Vos: tiro 3O", "Bot 2 (hard): ¡Quiero retruco!", "Compañero: ¡No quiero!",
        "Ellos: +2 puntos (envido)", "Gana la mano: Nosotros, 1 punto", "Gana el partido: Ellos, 30 a 12",
        "Parda la primera", "Seña (Compañero): el ancho de espada", "Vos: me voy al mazo",
    ]),
    ("en", [
        "Bot 1 (medium): shuffles and deals · cut: Vos", "Vos: plays 3O", "Bot 2 (hard): Retruco!", "Compañero: No quiero!",
        "2 points for Ellos (envido)", "The hand goes to Nosotros: 1 point", "Match to Ellos, 30 to 12",
        "The first trick is tied (parda)", "Compañero: signals the ace of swords to the partner",
        "Vos: goes to the mazo",
    ]),
])
def test_events_use_the_names_given_on_every_line(language: str, lines: list[str]) -> None:
    with speaking(language):
        assert [GAME.describe(event, NAMES) for event in EVENTS] == lines


@pytest.mark.parametrize(("language", "said"), [
    ("es-AR", ["tiro el 3 de oros", "tiro el 12 de copas", "envido", "quiero", "no quiero", "me voy al mazo",
               "quiero retruco", "seña: el siete de oro"]),
    ("es", ["tiro el 3 de oros", "tiro el 12 de copas", "envido", "quiero", "no quiero", "me voy al mazo",
            "quiero retruco", "seña: el siete de oro"]),
    ("en", ["play the 3 of coins", "play the 12 of cups", "envido", "accept (quiero)", "decline (no quiero)",
            "fold (go to the mazo)", "retruco", "signal: the seven of coins"]),
])
def test_moves_as_players_say_them(language: str, said: list[str]) -> None:
    actions = [parse_action(text) for text in
               ("play 3O", "play 12C", "envido", "quiero", "no quiero", "mazo", "retruco", "seña siete_oro")]
    with speaking(language):
        assert [GAME.action_text(action) for action in actions] == said
    assert [str(action) for action in actions][:2] == ["play 3O", "play 12C"]  # what programs read is unchanged


LEGAL = [parse_action(text) for text in ("play 3O", "play 1E", "play 7B", "quiero", "no quiero", "mazo", "retruco")]


@pytest.mark.parametrize(("typed", "move"), [
    ("tiro el 3 de oros", "play 3O"), ("3 de oro", "play 3O"), ("el tres de oros", "play 3O"),
    ("Tiro el Tres de Oro", "play 3O"), ("the 3 of coins", "play 3O"), ("jogo o 3 de ouros", "play 3O"),
    ("el 3", "play 3O"), ("tiro el ancho de espadas", "play 1E"), ("as de espadas", "play 1E"),
    ("7 de basto", "play 7B"), ("play the 7 of clubs", "play 7B"), ("¡Quiero!", "quiero"), ("acepto", "quiero"),
    ("accept", "quiero"), ("aceito", "quiero"), ("No quiero", "no quiero"), ("decline", "no quiero"),
    ("me voy al mazo", "mazo"), ("mazo", "mazo"), ("al mazo", "mazo"), ("fold (go to the mazo)", "mazo"),
    ("quiero retruco", "retruco"), ("¡Retruco!", "retruco"), ("play 3O", "play 3O"),
])
def test_words_are_understood_in_every_language(typed: str, move: str) -> None:
    with speaking("es-AR"):
        assert str(GAME.understand(typed, LEGAL)) == move


@pytest.mark.parametrize("typed", [
    "tiro el 4 de copas", "4 de copas", "envido", "truco", "vale cuatro", "el 5", "hola", "", "de oros",
])
def test_words_naming_no_legal_move_are_not_understood(typed: str) -> None:
    assert GAME.understand(typed, LEGAL) is None


def test_flor_and_senas_are_words_only_when_the_table_has_them() -> None:
    def words_seen(options: dict[str, object], seed: int) -> str:
        state = GAME.start(options, seed=seed)
        seat = state.to_act[0]
        with speaking("es-AR"):
            moves = [GAME.action_text(action) for action in state.legal_actions(seat)]
            lines = GAME.table_lines(state.observation(seat))
        return " ".join(moves + lines).lower()

    plain = " ".join(words_seen({"players": 2}, seed) for seed in range(30))
    assert "flor" not in plain and "seña" not in plain
    flowered = " ".join(words_seen({"players": 4, "flor": True}, seed) for seed in range(30))
    assert "flor" in flowered and "seña" in flowered
