"""Truco paulista is drawn and named with the French-suited deck by default (``-o deck=spanish`` keeps the
Spanish one): moves, events and the table say "a dama de ouros", ``QO``; the canonical text stays ``10O``."""

from __future__ import annotations

import pytest

from cartas.core.cards import Card
from cartas.core.decks import drawing
from cartas.core.events import Event
from cartas.core.i18n import speaking
from cartas.games.truco_paulista.actions import Play
from cartas.games.truco_paulista.game import PaulistaGame

GAME = PaulistaGame()
HANDS = [["10O", "11C", "1E"], ["4B", "12O", "5C"]]


def start(**options: object):  # type: ignore[no-untyped-def]
    return GAME.start({"players": 2, **options}, seed=1, position={"dealer": 1, "hands": HANDS, "up": "3C"})


def test_the_french_deck_is_the_default_and_the_spanish_one_an_option() -> None:
    assert GAME.deck_art(GAME.options({})) == "french"
    assert GAME.deck_art(GAME.options({"deck": "spanish"})) == "spanish"


@pytest.mark.parametrize(("language", "labels"), [
    ("pt-BR", ["jogo a dama de ouros", "jogo o valete de copas", "jogo o ás de espadas", "truco"]),
    ("es-AR", ["juego la Q de diamantes", "juego la J de corazones", "juego el as de picas", "truco"]),
    ("en", ["play the queen of diamonds", "play the jack of hearts", "play the ace of spades", "truco"]),
])
def test_moves_name_the_french_cards(language: str, labels: list[str]) -> None:
    state = start()
    with speaking(language), drawing("french"):
        assert [GAME.action_text(action) for action in state.legal_actions(0)] == labels
    assert [str(action) for action in state.legal_actions(0)][:3] == ["play 10O", "play 11C", "play 1E"]


def test_the_spanish_deck_keeps_its_words() -> None:
    state = start(deck="spanish")
    with speaking("pt-BR"), drawing(GAME.deck_art(state.options)):
        assert GAME.action_text(state.legal_actions(0)[0]) == "jogo o 10 de ouros"


@pytest.mark.parametrize(("said", "card"), [
    ("jogo a dama de ouros", "10O"), ("Q de ouros", "10O"), ("QO", "10O"), ("10 de oros", "10O"),
    ("o valete", "11C"), ("jogo o J de copas", "11C"), ("A de espadas", "1E"), ("play the ace of spades", "1E"),
])
def test_a_player_is_understood_in_either_deck(said: str, card: str) -> None:
    state = start()
    with speaking("pt-BR"), drawing("french"):
        assert GAME.understand(said, state.legal_actions(0)) == Play(Card.parse(card), face_down=False)


def test_hiding_a_card_names_it_too() -> None:
    state = start()
    state.apply(GAME.parse_action("play 1E"), 0)  # o ás de espadas beats the 5 de copas: seat 0 leads again
    state.apply(GAME.parse_action("play 5C"), 1)
    hidden = [action for action in state.legal_actions(0) if isinstance(action, Play) and action.face_down]
    with speaking("pt-BR"), drawing("french"):
        assert [GAME.action_text(action) for action in hidden] == [
            "escondo a dama de ouros", "escondo o valete de copas",
        ]
        assert GAME.understand("escondo a dama de ouros", state.legal_actions(0)) == hidden[0]


def test_events_and_table_lines_name_the_french_cards() -> None:
    state = start()
    with speaking("pt-BR"), drawing("french"):
        assert GAME.describe(Event("play", 0, "10O")) == "Jogador 1 joga a dama de ouros"
        assert GAME.describe(Event("vira", -1, "12E")) == "Vira: o rei de espadas"
        lines = GAME.table_lines(state.observation(0))
    assert lines[0] == "Vira: o 3 de copas   manilhas: os 4 (paus (zap) > copas > espadas > ouros)"
