"""Chinchón and remigio in words: events, table, moves as players say them, and players' words understood."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core.cards import Card
from cartas.core.events import Event
from cartas.core.i18n import speaking
from cartas.core.naming import TableNames
from cartas.games.chinchon.actions import CLOSE, DISCARD, DRAW_DISCARD, DRAW_STOCK, REENGANCHE, RETIRE
from cartas.games.chinchon.game import ChinchonGame, RemigioGame

CHINCHON = ChinchonGame()
REMIGIO = RemigioGame()
NAMES = TableNames(("Tú", "Bot 1 (medium)", "Bot 2 (easy)"), ("Tú", "Bot 1 (medium)", "Bot 2 (easy)"))

EVENTS = [
    (Event("deal", 2, "upcard 5O"), "Bot 2 (easy): mezclo y reparto · corta: Bot 1 (medium); boca arriba, el 5 de oros",
     "Bot 2 (easy): shuffles and deals · cut: Bot 1 (medium); face up, the 5 of coins"),
    (Event("draw", 0, "stock"), "Tú: robo del mazo", "Tú: draws from the stock"),
    (Event("draw", 1, "discard 7C"), "Bot 1 (medium): cojo el 7 de copas del descarte",
     "Bot 1 (medium): takes the 7 of cups from the discard pile"),
    (Event("discard", 0, "10B"), "Tú: tiro la sota de bastos", "Tú: discards the jack of clubs"),
    (Event("close", 1), "Bot 1 (medium): cierro y dejo una carta boca abajo",
     "Bot 1 (medium): closes, laying a card face down"),
    (Event("reveal", 1, "JK"), "Bot 1 (medium): la carta boca abajo era el comodín",
     "Bot 1 (medium): the face-down card was the joker"),
    (Event("arrange", 0, "1O 2O 3O | +1: 4O | loose 5E 7C = 12"),
     "Tú: 1O 2O 3O | a la combinación 1: 4O | sueltas 5E 7C; 12 puntos",
     "Tú: 1O 2O 3O | on meld 1: 4O | loose 5E 7C; 12 points"),
    (Event("score", 0, "-10 = 35"), "Tú: -10 puntos, 35 en total", "Tú: -10 points, 35 in all"),
    (Event("winner", 1, "1"), "Gana la partida: Bot 1 (medium)", "The match goes to Bot 1 (medium)"),
    (Event("winner", -1, "0 1 2"), "Tú, Bot 1 (medium) y Bot 2 (easy) comparten la victoria",
     "Tú, Bot 1 (medium) and Bot 2 (easy) share the win"),
    (Event("eliminated", 2, "104"), "Bot 2 (easy): eliminado, con 104 puntos", "Bot 2 (easy): out, with 104 points"),
    (Event("may_reenganche", 0, "87"), "Tú: ¿te reenganchas con 87 puntos o te retiras?",
     "Tú: come back in (reenganche) with 87 points, or retire?"),
    (Event("closed", 0, "color without comodines x4: 1O 2O 4O 5O 6O 7O 10O 11O 12O 3O"),
     "Tú: cierro con color, sin comodín (×4): 1O 2O 4O 5O 6O 7O 10O 11O 12O 3O",
     "Tú: closes with color, no comodín (×4): 1O 2O 4O 5O 6O 7O 10O 11O 12O 3O"),
]


@pytest.mark.parametrize(("event", "spanish", "english"), EVENTS)
def test_events_read_in_spanish_and_english_with_the_viewers_names(event: Event, spanish: str, english: str) -> None:
    with speaking("es-ES"):
        assert CHINCHON.describe(event, NAMES) == spanish
    with speaking("en"):
        assert CHINCHON.describe(event, NAMES) == english


def test_without_names_the_events_use_generic_ones() -> None:
    assert CHINCHON.describe(Event("draw", 1, "stock")) == "Player 2: draws from the stock"


def test_the_table_speaks_the_language_being_spoken() -> None:
    state = CHINCHON.start({"players": 2}, seed=3)
    with speaking("es"):
        lines = CHINCHON.table_lines(state.observation(0))
    assert lines[0] == "Descarte: el comodín arriba · cartas en el mazo: 35 · turno 0"
    assert lines[-1] == "Nadie puede cerrar hasta que todos hayan jugado un turno."
    assert not any("Upcard" in line or "Scores" in line for line in lines)


ACTIONS = [
    (DRAW_STOCK, "robo del mazo", "draw from the stock"),
    (DRAW_DISCARD, "cojo la de arriba del descarte", "take the top of the discard pile"),
    (DISCARD[Card(3, "O")], "tiro el 3 de oros", "discard the 3 of coins"),
    (CLOSE[Card(1, "C")], "cierro con el as de copas", "close with the ace of cups"),
    (DISCARD[Card(12, "E")], "tiro el rey de espadas", "discard the king of swords"),
    (REENGANCHE, "me reengancho", "come back in (reenganche)"),
    (RETIRE, "me retiro", "retire"),
]


@pytest.mark.parametrize(("action", "spanish", "english"), ACTIONS)
def test_moves_as_players_say_them(action: object, spanish: str, english: str) -> None:
    with speaking("es"):
        assert REMIGIO.action_text(action) == spanish
    assert REMIGIO.action_text(action) == english
    assert str(action) == CHINCHON.parse_action(str(action)).__str__()  # the canonical text is unchanged


DRAWS = [DRAW_STOCK, DRAW_DISCARD]
DISCARDS = [DISCARD[Card(3, "O")], DISCARD[Card(1, "C")], DISCARD[Card(7, "C")], DISCARD[Card(10, "B")],
            CLOSE[Card(1, "C")]]
TWO_CLOSES = DISCARDS + [CLOSE[Card(3, "O")]]
ANSWERS = [REENGANCHE, RETIRE]

PHRASES = [
    ("robo del mazo", DRAWS, DRAW_STOCK),
    ("Robo", DRAWS, DRAW_STOCK),
    ("draw from the stock", DRAWS, DRAW_STOCK),
    ("cojo la de arriba", DRAWS, DRAW_DISCARD),
    ("robo del descarte", DRAWS, DRAW_DISCARD),
    ("cojo el 7 de copas del descarte", DRAWS, DRAW_DISCARD),
    ("take the discard", DRAWS, DRAW_DISCARD),
    ("tiro el 3 de oros", DISCARDS, DISCARD[Card(3, "O")]),
    ("3 de oro", DISCARDS, DISCARD[Card(3, "O")]),
    ("TIRO EL AS DE COPAS", DISCARDS, DISCARD[Card(1, "C")]),
    ("la sota de bastos", DISCARDS, DISCARD[Card(10, "B")]),
    ("discard the 7 of cups", DISCARDS, DISCARD[Card(7, "C")]),
    ("3o", DISCARDS, DISCARD[Card(3, "O")]),
    ("cierro", DISCARDS, CLOSE[Card(1, "C")]),
    ("¡Cierro con el as de copas!", TWO_CLOSES, CLOSE[Card(1, "C")]),
    ("corto con el 3 de oros", TWO_CLOSES, CLOSE[Card(3, "O")]),
    ("close with the ace of cups", TWO_CLOSES, CLOSE[Card(1, "C")]),
    ("me reengancho", ANSWERS, REENGANCHE),
    ("me retiro", ANSWERS, RETIRE),
    # never a move that is not legal, never a guess
    ("cierro", TWO_CLOSES, None),
    ("cierro con el 7 de copas", DISCARDS, None),
    ("tiro el 5 de espadas", DISCARDS, None),
    ("robo del mazo", DISCARDS, None),
    ("tiro el 3 de oros", DRAWS, None),
    ("hola", DRAWS, None),
    ("", DISCARDS, None),
    ("tiro el 3 de oros y el as de copas", DISCARDS, None),
]


@pytest.mark.parametrize(("text", "legal", "expected"), PHRASES)
def test_understand_reads_what_players_say(text: str, legal: list[object], expected: object) -> None:
    assert CHINCHON.understand(text, legal) == expected


WORDS = ["robo", "cojo", "del", "mazo", "descarte", "tiro", "cierro", "corto", "el", "3", "as", "de", "oros", "copas",
         "7", "sota", "bastos", "1c", "3o", "draw", "discard", "close", "with", "the", "me", "reengancho", "retiro",
         "comodin", "12e", "la", "arriba"]
EVERY_ACTION = DRAWS + DISCARDS + [CLOSE[Card(3, "O")], DISCARD[Card(12, "E")], CLOSE[Card(12, "E")]] + ANSWERS


@given(st.lists(st.sampled_from(WORDS), max_size=7), st.lists(st.sampled_from(EVERY_ACTION), min_size=1, unique=True))
def test_understand_never_answers_a_move_that_is_not_legal(words: list[str], legal: list[object]) -> None:
    chosen = CHINCHON.understand(" ".join(words), legal)
    assert chosen is None or chosen in legal
