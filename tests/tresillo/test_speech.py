"""Julepe in words: events, table, moves as players say them, and players' words understood."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cartas.core.cards import Card
from cartas.core.events import Event
from cartas.core.i18n import speaking
from cartas.core.naming import TableNames, generic_names
from cartas.games.tresillo.actions import (
    CIEGA, DEJO, DESTAPO, DISCARDS, JUEGO, NO_OBLIGO, NORMAL, OBLIGO, PASO, PLAYS, TOMO,
)
from cartas.games.tresillo.game import TresilloGame

GAME = TresilloGame()
SEATS = ("Tú", "Bot 1 (medium)", "Bot 2 (easy)")
NAMES = TableNames(SEATS, SEATS)

EVENTS = [
    (Event("deal", 2, "ciega"), "Bot 2 (easy): mezclo y reparto (apuesta ciega) · corta: Bot 1 (medium)",
     "Bot 2 (easy): shuffles and deals (blind) · cut: Bot 1 (medium)"),
    (Event("trump", 2, "1E"), "Muestra el as de espadas: pintan espadas",
     "Trump card the ace of swords: swords are trumps"),
    (Event("juego", 0), "Tú: ¡juego!", "Tú: juego! (plays)"),
    (Event("paso", 1), "Bot 1 (medium): paso", "Bot 1 (medium): paso (sits out)"),
    (Event("tomo_viuda", 1), "Bot 1 (medium): tomo la viuda", "Bot 1 (medium): takes the viuda"),
    (Event("obligo", 2, "12B"), "Bot 2 (easy): ¡obligo! Me quedo con el rey de bastos",
     "Bot 2 (easy): obligo! takes the king of clubs"),
    (Event("discard", 2, "face down"), "Bot 2 (easy): descarto una carta boca abajo",
     "Bot 2 (easy): discards a card face down"),
    (Event("play", 0, "10O"), "Tú: tiro la sota de oros", "Tú: plays the jack of coins"),
    (Event("trick", 0, "3"), "Tú: me llevo la baza y 3 fichas", "Tú: wins the trick and takes 3"),
    (Event("cae", 1, "9"), "Bot 1 (medium): caigo y pongo 9 en el pozo", "Bot 1 (medium): falls (cae) and puts 9 in the pot"),
    (Event("redeal", 2, "9"), "Pasan todos: el pozo de 9 se queda y vuelve a repartir: Bot 2 (easy)",
     "Everybody passes: Bot 2 (easy) to deal again, the pot of 9 stays"),
    (Event("over", -1, "120 90 90"), "Fin de la partida; fichas: Tú: 120 · Bot 1 (medium): 90 · Bot 2 (easy): 90",
     "Match over; chips: Tú: 120 · Bot 1 (medium): 90 · Bot 2 (easy): 90"),
]


@pytest.mark.parametrize(("event", "spanish", "english"), EVENTS)
def test_events_read_in_spanish_and_english_with_the_viewers_names(event: Event, spanish: str, english: str) -> None:
    with speaking("es-ES"):
        assert GAME.describe(event, NAMES) == spanish
    with speaking("en"):
        assert GAME.describe(event, NAMES) == english


def test_the_table_says_triunfo_in_spanish() -> None:
    state = GAME.start({"players": 3, "ciega": "never"}, seed=2, position={"dealer": 2})
    with speaking("es"):
        lines = GAME.table_lines(state.observation(0))
        dealer, *_rest = generic_names(3).seats[2:]  # the framework's generic names, in its own catalog
    assert lines == [
        f"Mano 1 de 20 (apuesta normal) · reparte: {dealer} · pozo: 9 · puesta: 3",
        lines[1],
        "Triunfo: el rey de bastos (pintan bastos)",
    ]
    assert lines[1].startswith("Fichas: ") and lines[1].endswith(": 97 · " + dealer + ": 97")
    assert not any("Trump" in line for line in lines)


ACTIONS = [
    (JUEGO, "juego", "juego (I play)"),
    (PASO, "paso", "paso (I sit out)"),
    (TOMO, "tomo la viuda", "I take the viuda"),
    (CIEGA, "apuesta ciega", "apuesta ciega (blind: everyone plays)"),
    (PLAYS[Card(1, "E")], "tiro el as de espadas", "play the ace of swords"),
    (DISCARDS[Card(4, "E")], "descarto el 4 de espadas", "discard the 4 of swords"),
]


@pytest.mark.parametrize(("action", "spanish", "english"), ACTIONS)
def test_moves_as_players_say_them(action: object, spanish: str, english: str) -> None:
    with speaking("es"):
        assert GAME.action_text(action) == spanish
    assert GAME.action_text(action) == english
    assert GAME.parse_action(str(action)) == action  # the canonical text is unchanged


DECLARE = [JUEGO, PASO]
VIUDA = [TOMO, DEJO]
MODE = [NORMAL, CIEGA]
OBLIGE = [OBLIGO, NO_OBLIGO]
TRICK = [PLAYS[Card(1, "E")], PLAYS[Card(7, "O")], PLAYS[Card(12, "C")]]
DISCARD_PHASE = [DISCARDS[Card(4, "E")], DISCARDS[Card(7, "O")]]

PHRASES = [
    ("juego", DECLARE, JUEGO),
    ("Yo juego", DECLARE, JUEGO),
    ("voy", DECLARE, JUEGO),
    ("paso", DECLARE, PASO),
    ("me voy", DECLARE, PASO),
    ("no voy", DECLARE, PASO),
    ("I pass", DECLARE, PASO),
    ("tomo la viuda", VIUDA, TOMO),
    ("dejo la viuda", VIUDA, DEJO),
    ("take the widow", VIUDA, TOMO),
    ("a ciegas", MODE, CIEGA),
    ("no obligo", OBLIGE, NO_OBLIGO),
    ("¡Obligo!", OBLIGE, OBLIGO),
    ("tiro el as de espadas", TRICK, PLAYS[Card(1, "E")]),
    ("as de espada", TRICK, PLAYS[Card(1, "E")]),
    ("el rey de copas", TRICK, PLAYS[Card(12, "C")]),
    ("play the 7 of coins", TRICK, PLAYS[Card(7, "O")]),
    ("1e", TRICK, PLAYS[Card(1, "E")]),
    ("descarto el 4 de espadas", DISCARD_PHASE, DISCARDS[Card(4, "E")]),
    ("el 7 de oros", DISCARD_PHASE, DISCARDS[Card(7, "O")]),
    ("destapo", [DESTAPO], DESTAPO),
    # never a move that is not legal, never a guess
    ("juego", VIUDA, None),
    ("tiro el 5 de bastos", TRICK, None),
    ("tiro el 8 de oros", TRICK, None),
    ("descarto el as de espadas", TRICK, None),
    ("tiro el as de espadas y el rey de copas", TRICK, None),
    ("hola", DECLARE, None),
    ("", DECLARE, None),
]


@pytest.mark.parametrize(("text", "legal", "expected"), PHRASES)
def test_understand_reads_what_players_say(text: str, legal: list[object], expected: object) -> None:
    assert GAME.understand(text, legal) == expected


WORDS = ["juego", "paso", "me", "voy", "no", "tomo", "dejo", "la", "viuda", "obligo", "tiro", "descarto", "el", "as",
         "de", "espadas", "7", "oros", "rey", "copas", "1e", "destapo", "ciega", "normal", "play", "the", "take"]
EVERY_ACTION = DECLARE + VIUDA + MODE + OBLIGE + TRICK + DISCARD_PHASE + [DESTAPO, DISCARDS[Card(1, "E")]]


@given(st.lists(st.sampled_from(WORDS), max_size=6), st.lists(st.sampled_from(EVERY_ACTION), min_size=1, unique=True))
def test_understand_never_answers_a_move_that_is_not_legal(words: list[str], legal: list[object]) -> None:
    chosen = GAME.understand(" ".join(words), legal)
    assert chosen is None or chosen in legal
