"""Truco's table view: the cards each seat played, the trick on the table, the hand by suit then rank, and the
same table for a spectator without the seat's own envido."""

from __future__ import annotations

from cartas.core import TableView
from cartas.core.i18n import speaking
from cartas.games.truco.game import TrucoGame
from cartas.testing import apply_moves

GAME = TrucoGame()


def stacked() -> object:
    return GAME.start({"players": 2}, seed=1, position={"dealer": 1, "hands": [["1E", "7O", "4C"], ["3B", "12O", "5E"]]})


def test_after_one_play_the_card_is_on_the_table() -> None:
    state = stacked()
    apply_moves(state, "0 play 4C")
    view = GAME.table_view(state.observation(1))
    assert view.played == [["4C"], []]
    assert view.trick == [(0, "4C")]
    assert view.hand == ["12O", "5E", "3B"]
    assert view.counts == [2, 3]


def test_after_two_plays_the_trick_is_gathered_and_each_seat_keeps_what_it_played() -> None:
    state = stacked()
    apply_moves(state, "0 play 4C", "1 play 3B")
    with speaking("es-AR"):
        view = GAME.table_view(state.observation(0))
    assert view == TableView(
        played=[["4C"], ["3B"]],
        trick=[],
        hand=["7O", "1E"],
        counts=[2, 2],
        lines=[
            "Nosotros 0 (malas) – Ellos 0 (malas), a 30",
            "Reparte: Jugador 2 · mano: Jugador 1",
            "Primera: 4C (Jugador 1), 3B (Jugador 2) → Ellos",
            "La mano vale 1",
            "Tenés 7 de envido",
        ],
        dealer=1,
        cutter=0,  # the rival cuts in a game for two
        mano=0,
        to_act=[1],
        teams=[0, 1],
        scores=[0, 0],
        target=30,
        notes=["La mano vale 1", "Tu envido: 7"],
    )


def test_a_spectator_sees_the_same_cards_played_and_neither_hand_nor_envido() -> None:
    state = stacked()
    apply_moves(state, "0 play 4C", "1 play 3B", "1 play 12O")
    with speaking("es-AR"):
        view = GAME.table_view(state.public_observation())
    assert view.played == [["4C"], ["3B", "12O"]]
    assert view.trick == [(1, "12O")]
    assert view.hand == [] and view.counts == [2, 1]
    assert view.lines[0] == "Jugador 1 0 (malas) – Jugador 2 0 (malas), a 30"
    assert not any("envido" in line for line in view.lines)
    assert view.notes == ["La mano vale 1"]
