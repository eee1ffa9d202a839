"""Mus as the table says it: the moves, the words players type, the events and the table from a seat."""

from __future__ import annotations

from cartas.core import PUBLIC_SEAT
from cartas.core.i18n import speaking
from cartas.games.mus.game import MusGame
from cartas.games.mus.state import MusState

GAME = MusGame()
HANDS = [["1O", "4O", "5O", "6O"], ["12O", "12C", "11O", "11C"], ["7E", "7B", "7C", "10E"], ["4E", "5E", "6E", "1E"]]


def start() -> MusState:
    state = GAME.start({"senas_caught": 0.0}, seed=1, position={"dealer": 3, "hands": HANDS})
    assert isinstance(state, MusState)
    return state


def test_words_players_type_are_understood() -> None:
    state = start()
    assert str(GAME.understand("No hay mus", state.legal_actions(0))) == "no hay mus"
    state.apply("no hay mus", 0)
    assert str(GAME.understand("¡Órdago!", state.legal_actions(0))) == "órdago"
    state.apply("envido", 0)
    legal = state.legal_actions(1)
    assert str(GAME.understand("paso", legal)) == "no quiero"  # facing a bet, paso refuses it
    assert str(GAME.understand("quiero", legal)) == "quiero"
    assert str(GAME.understand("seña duples", legal)) == "seña duples"


def test_events_and_the_table_read_in_spanish() -> None:
    state = start()
    state.apply("no hay mus", 0)
    state.apply("envido", 0)
    names = None  # no one in particular: Jugador 1-4, Equipo 1-2
    with speaking("es"):
        lines = [GAME.describe(event, names) for event in state.events]
        assert lines[-3:] == ["Jugador 1: ¡No hay mus!", "A grande", "Jugador 1: ¡Envido 2!"]
        view = GAME.table_view(state.observation(1), names)
        assert any("grande" in note for note in view.notes)
        assert view.hand == ["12O", "12C", "11O", "11C"]
        public = GAME.table_view(state.public_observation(), names)
        assert public.hand == [] and public.notes


def test_senas_seen_are_only_the_partners_at_the_table() -> None:
    state = start()
    state.apply("no hay mus", 0)
    state.apply("seña ciego", 0)
    with speaking("en"):
        partner = GAME.table_lines(state.observation(2))
        rival = GAME.table_lines(state.observation(1))
        public = GAME.table_lines(state.public_observation())
    assert any("Señas seen" in line for line in partner)
    assert not any("Señas seen" in line for line in rival + public)
    assert state.public_observation().seat == PUBLIC_SEAT
